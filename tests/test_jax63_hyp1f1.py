"""jax.scipy.special.hyp1f1 replayed as Kummer's 1F1 itself, not JAX's series: at x = -30 JAX's series cancels and
its gradient (a / b 1F1(a + 1; b + 1; x), the same series) is 0.85% off, `unstable` against the exact gradient, each
call named at the user's line; its slope in a is mpmath's. Truths are mpmath's."""

import mpmath
import numpy as np

import gradcli

SOURCE = '''\
import jax.numpy as jnp
from jax.scipy import special


def kummer(x):
    return jnp.sum(special.hyp1f1(1.5, 2.5, x))


def kummer_in_a(a):
    return jnp.sum(special.hyp1f1(a, 2.5, 2.0))
'''


def _written(folder):
    path = folder / "kummer.py"
    path.write_text(SOURCE)
    return str(path)


def test_jax_series_at_minus_30_is_unstable_against_kummers_function(tmp_path):
    xs = [-30.0, -3.0]
    report = gradcli.check(f"{_written(tmp_path)}:kummer", [{"x": xs}], dtypes=("float64",), fixes=False)
    (result,) = report.results
    with mpmath.workdps(40):
        value = float(sum(mpmath.hyp1f1(1.5, 2.5, x) for x in xs))
        slopes = [float(mpmath.mpf(3) / 5 * mpmath.hyp1f1(2.5, 3.5, x)) for x in xs]
    assert result.status == "unstable"
    assert abs(float(result.exact_value) - value) <= 1e-14 * abs(value)
    np.testing.assert_allclose(np.asarray(result.exact_gradient["x"], dtype=float), slopes, rtol=1e-12)
    assert abs(np.asarray(result.gradient["x"], dtype=float)[0] / slopes[0] - 1) > 1e-3  # JAX's own: off
    named = [f for f in result.findings if (f.gradcli_op or f.op) == "hyp1f1"]
    assert {f.phase for f in named} == {"forward", "backward"}
    assert all(f.location.endswith("kummer.py:6") for f in named)


def test_its_slope_in_a_is_the_exact_one(tmp_path):
    report = gradcli.check(f"{_written(tmp_path)}:kummer_in_a", [{"a": [0.5, 1.5]}], dtypes=("float64",), fixes=False)
    (result,) = report.results
    with mpmath.workdps(40):
        slopes = [float(mpmath.diff(lambda a: mpmath.hyp1f1(a, 2.5, 2), mpmath.mpf(a))) for a in (0.5, 1.5)]
    assert result.status == "ok"
    np.testing.assert_allclose(np.asarray(result.exact_gradient["a"], dtype=float), slopes, rtol=1e-12)
