"""A lax.custom_root whose tangent_solve is off, with no operation of its own, is named at its call.

``lax.custom_root(f, guess, solve, lambda g, y: y)`` forgets the division by
f'(x): JAX's gradient is wrong. A tangent_solve that computes something is
found by its equations' frames; the identity leaves none, and the search for
the call whose rule is off fell through into the Newton solve JAX never
differentiates, naming jax.numpy.cos there. The lines a custom derivative's
primal runs alone are now judged as that call, and the call's rule is named.
"""

import textwrap

import pytest

import gradcli

pytest.importorskip("jax")

SOURCE = textwrap.dedent('''
    import jax.numpy as jnp
    from jax import lax


    def _newton(e):
        def solve(g, E0):
            def body(i, E):
                return E - g(E) / (1.0 - e * jnp.cos(E))
            return lax.fori_loop(0, 30, body, E0)
        return solve


    def kepler_forgotten(M, e):
        f = lambda E: E - e * jnp.sin(E) - M  # noqa: E731
        return lax.custom_root(f, M + e * jnp.sin(M), _newton(e), lambda g, y: y)


    def _as_is(g, y):
        return y


    def kepler_named_solve(M, e):
        f = lambda E: E - e * jnp.sin(E) - M  # noqa: E731
        return lax.custom_root(f, M, _newton(e), _as_is)


    def kepler(M, e):
        f = lambda E: E - e * jnp.sin(E) - M  # noqa: E731
        return lax.custom_root(f, M, _newton(e), lambda g, y: y / g(1.0))
''')


@pytest.fixture(scope="module")
def user_file(tmp_path_factory):
    path = tmp_path_factory.mktemp("roots") / "orbits.py"
    path.write_text(SOURCE)
    return path


def _check(path, name):
    result, = gradcli.check(f"{path}:{name}", [{"M": 0.1, "e": 0.9}], dtypes=["float64"], fixes=False).results
    return result


def _line_of(text):
    return next(k for k, line in enumerate(SOURCE.splitlines(), 1) if text in line)


@pytest.mark.parametrize("name, call", [("kepler_forgotten", "lambda g, y: y)"), ("kepler_named_solve", "_as_is)")])
def test_an_identity_tangent_solve_is_named_at_its_call(user_file, name, call):
    result = _check(user_file, name)
    assert result.status == "wrong"
    first = result.findings[0]
    assert first.op == "gradient rule of the tangent_solve of jax.lax.custom_root", first.op
    assert first.location.endswith(f"orbits.py:{_line_of(call)}"), first.location
    assert "the rule that is off is the tangent_solve of jax.lax.custom_root" in first.message
    assert "cos" not in first.op


def test_the_right_tangent_solve_is_ok(user_file):
    assert _check(user_file, "kepler").status == "ok"
