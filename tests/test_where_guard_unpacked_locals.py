"""A where's risky local is guarded at its assignment when the condition reads a name bound by unpacking.

Hagan's SABR ratio z / x(z) is written as ``z, denom, corr = parts(...)``, then
``x = log(...z...)`` and ``where(abs(z) < 1e-6, series, z / x)``: at the money
x is log(1) = 0 and the branch not taken leaks NaN into the gradient. The
double where guards x's assignment only where every name the condition reads
means the same there; a name bound by unpacking a tuple was not known to, so no
fix was offered. A name bound once, by any assignment of the function's own
body before that line, is now known; one bound twice still is not.
"""

import textwrap

import jax
import jax.numpy as jnp
import mpmath
import pytest

import gradcli

SOURCE = textwrap.dedent('''
    import jax.numpy as jnp


    def _parts(a, b):
        return a - b, a + b


    def ratio(a, b):
        z, s = _parts(a, b)
        x = jnp.log1p(z)
        return jnp.where(jnp.abs(z) < 1e-6, 1.0 + 0.5 * z, z / x) * s


    def ratio_rebound(a, b):
        z, s = _parts(a, b)
        x = jnp.log1p(z)
        z, s = z * 1.0, s
        return jnp.where(jnp.abs(z) < 1e-6, 1.0 + 0.5 * z, z / x) * s
''')


def _added_lines(diff):
    return [line[1:].strip() for line in diff.splitlines() if line.startswith("+") and not line.startswith("+++")]


@pytest.fixture(scope="module")
def user_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("unpacked") / "sabr_like.py"
    path.write_text(SOURCE)
    return path


def test_the_leak_through_an_unpacked_local_gets_a_rechecked_double_where(user_file):
    report = gradcli.check(f"{user_file}:ratio", [{"a": 1.0, "b": 1.0}], dtypes=("float64",))
    assert report.results[0].status == "wrong"
    fix = next((f for f in report.fixes if f.name == "double where"), None)
    assert fix is not None, [f.name for f in report.fixes]
    assert set(fix.after.values()) == {"ok"}
    (guarded,) = _added_lines(fix.diff)
    assert guarded == "x = jnp.log1p(jnp.where(jnp.abs(z) >= 1e-6, z, 1.000001))"
    # the rewritten function run in JAX: the slope of (z / log1p z) (a + b) at z = 0 is (2, 0)
    namespace = {}
    exec(compile(SOURCE.replace("x = jnp.log1p(z)", guarded, 1), str(user_file), "exec"), namespace)  # the fix's text
    with jax.enable_x64(True):
        slopes = jax.grad(namespace["ratio"], argnums=(0, 1))(jnp.float64(1.0), jnp.float64(1.0))
    assert [float(s) for s in slopes] == [2.0, 0.0]
    want = {"a": mpmath.mpf(2), "b": mpmath.mpf(0)}
    assert all(abs(mpmath.mpf(report.results[0].exact_gradient[n]) - want[n]) <= 1e-14 for n in want)


def test_a_condition_name_bound_twice_is_not_carried_to_the_assignment(user_file):
    report = gradcli.check(f"{user_file}:ratio_rebound", [{"a": 1.0, "b": 1.0}], dtypes=("float64",))
    assert report.results[0].status == "wrong"
    fixes = [f for f in report.fixes if f.name == "double where"]
    assert all("x = jnp.log1p(jnp.where" not in line for f in fixes for line in _added_lines(f.diff))
