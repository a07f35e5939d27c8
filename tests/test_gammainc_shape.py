"""The regularized incomplete gamma functions differentiated in their shape ``a``.

SciPy has no d/da gammainc(a, x); JAX's rule calls its own `igamma_grad_a`.
gradcli's `gammainc_da` computes it in a float dtype (mpmath, rounded once), on
mpmath numbers (the derivative of the smaller of P and Q) and on balls (the
closed form through 2F2). The truth here is mpmath's derivative of its own
incomplete gamma function, a third road to the same number.
"""

import jax
import jax.numpy as jnp
import mpmath
import numpy as np
import pytest

import gradcli
from gradcli.autodiff import arb, mp as gmp
from gradcli.autodiff.ops_scipy import gammainc_da
from gradcli.scipy import special

# (2.5, 300): P is 1 to 130 digits, so d/da P is read from Q's side
POINTS = [(0.5, 2.0), (3.0, 2.0), (2.5, 40.0), (2.5, 300.0), (50.0, 3.0), (1e-3, 1e-3), (7.5, 7.0)]


def _truth(a, x, upper=False):
    """d/da P(a, x) (or Q's) by mpmath's own derivative of its incomplete gamma function, at 60 digits."""
    with mpmath.workdps(60):
        if upper:
            return mpmath.diff(lambda s: mpmath.gammainc(s, x, mpmath.inf, regularized=True), a)
        if mpmath.gammainc(a, 0, x, regularized=True) > 0.5:  # P's d/da is Q's negated: the smaller keeps its digits
            return -mpmath.diff(lambda s: mpmath.gammainc(s, x, mpmath.inf, regularized=True), a)
        return mpmath.diff(lambda s: mpmath.gammainc(s, 0, x, regularized=True), a)


@pytest.mark.parametrize("a, x", POINTS)
def test_the_float_derivative_is_the_truth_rounded(a, x):
    assert np.isclose(gammainc_da(a, x), float(_truth(mpmath.mpf(a), mpmath.mpf(x))), rtol=1e-15, atol=0)
    assert gammainc_da(np.float32(a), np.float32(x)).dtype == np.float32


def test_the_float_derivative_reads_longdouble_arguments_exactly():
    a = np.longdouble(1) / 3  # not a float64
    answer = gammainc_da(a, np.longdouble(2))
    assert answer.dtype == np.longdouble
    numerator, denominator = a.as_integer_ratio()
    with mpmath.workdps(60):
        truth = _truth(mpmath.mpf(numerator) / denominator, mpmath.mpf(2))
    assert abs(mpmath.mpf(str(answer)) / truth - 1) < 1e-18  # float64's rounding would be ~1e-16


def test_at_the_ends_and_outside_the_domain():
    out = gammainc_da(np.array([1.0, 1.0, -1.0, 0.0]), np.array([0.0, np.inf, 1.0, 1.0]))
    assert out[0] == 0.0 and out[1] == 0.0  # P(a, 0) = 0 and P(a, inf) = 1 for every a
    assert np.isnan(out[2]) and np.isnan(out[3])


@pytest.mark.parametrize("a, x", POINTS)
def test_on_mpmath_numbers_and_on_balls(a, x):
    gmp.enable()
    arb.enable()
    truth = _truth(mpmath.mpf(a), mpmath.mpf(x))
    with mpmath.workdps(40):
        on_mpmath = gammainc_da(mpmath.mpf(a), mpmath.mpf(x))
    assert abs(on_mpmath / truth - 1) < mpmath.mpf(10) ** -35
    import flint  # the test makes its balls itself

    saved = flint.ctx.prec
    try:
        for bits in (400, 800, 1600):  # the closed form cancels where P is near 1: more bits, as the reference takes
            flint.ctx.prec = bits
            ball = gammainc_da(flint.arb(a), flint.arb(x))
            if ball.rad() < abs(ball.mid()) * 2.0 ** -200:
                break
    finally:
        flint.ctx.prec = saved
    assert ball.rad() < abs(ball.mid()) * 2.0 ** -200, ball
    assert abs(mpmath.mpf(ball.mid().str(60, radius=False)) / truth - 1) < mpmath.mpf(10) ** -50


def test_the_derivative_is_jaxs_igamma_grad_a():
    from jax._src.lax.special import igamma_grad_a  # JAX's own primitive, as its rule binds it

    a, x = np.array([p[0] for p in POINTS]), np.array([p[1] for p in POINTS])
    with jax.enable_x64(True):
        theirs = np.asarray(igamma_grad_a(jnp.asarray(a), jnp.asarray(x)))
    assert np.allclose(gammainc_da(a, x), theirs, rtol=1e-9, atol=0)


def test_gradclis_own_gammainc_and_gammaincc_differentiate_in_the_shape():
    value_and_grad = gradcli.value_and_grad(lambda a: special.gammainc(a, 2.0) + special.gammaincc(a, 40.0))
    _, slope = value_and_grad(2.5)
    truth = _truth(mpmath.mpf(2.5), mpmath.mpf(2)) + _truth(mpmath.mpf(2.5), mpmath.mpf(40), upper=True)
    assert np.isclose(slope, float(truth), rtol=1e-14)


JAX_MODEL = '''\
import jax
import jax.numpy as jnp


def shape_sum(a):
    return jnp.sum(jax.scipy.special.gammainc(a, 2.0) + 2.0 * jax.scipy.special.gammaincc(a, 40.0))
'''
NUMPY_MODEL = '''\
import numpy as np
from scipy import special


def shape_sum(a):
    return np.sum(special.gammainc(a, 2.0) + 2.0 * special.gammaincc(a, 40.0))
'''


@pytest.mark.parametrize("model", [JAX_MODEL, NUMPY_MODEL], ids=["jax", "numpy"])
def test_a_check_in_the_shape_is_ok_with_the_exact_gradient(tmp_path, model):
    path = tmp_path / "model.py"
    path.write_text(model)
    a = np.array([0.5, 3.0])
    report = gradcli.check(f"{path}:shape_sum", [{"a": a}], dtypes=("float64", "float32"), fixes=False)
    truth = [float(_truth(mpmath.mpf(v), mpmath.mpf(2)) + 2 * _truth(mpmath.mpf(v), mpmath.mpf(40), upper=True)) for v in a]
    for result in report.results:
        assert result.status.value == "ok", result.findings
        np.testing.assert_allclose(np.asarray(result.exact_gradient["a"], dtype=float), truth, rtol=1e-13)
