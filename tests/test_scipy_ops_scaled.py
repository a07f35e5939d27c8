"""gradcli.scipy.special's scaled functions (erfcx, ndtri, i0e, i1e): SciPy's values, exact derivatives, mpmath and balls.

The frameworks' erfcx and ndtri replay to these primitives, so their exact
reference is as good as these are: values against SciPy in float64, the
gradient against central differences of SciPy's function, the high-precision
path against mpmath's own formulas, and each ball enclosing that value.
"""

import mpmath
import numpy as np
import pytest
import scipy.special

import gradcli
import gradcli.numpy as gnp
from gradcli.autodiff import arb
from gradcli.autodiff import mp as gmp
from gradcli.scipy import special

POINTS = {
    "erfcx": np.array([-1.5, -0.2, 0.5, 3.0, 30.0]),
    "ndtri": np.array([1e-10, 0.02, 0.3, 0.5, 0.9]),
    "i0e": np.array([-3.0, -0.4, 0.5, 4.0]),
    "i1e": np.array([-3.0, -0.4, 0.5, 4.0]),
}


@pytest.mark.parametrize("name", POINTS)
def test_values_and_gradients_are_scipys_in_float64(name):
    x = POINTS[name]
    ours, theirs = getattr(special, name), getattr(scipy.special, name)
    np.testing.assert_allclose(ours(x), theirs(x), rtol=1e-14)
    gradient = gradcli.grad(lambda v: gnp.sum(ours(v)))(x)
    step = 1e-6 * np.maximum(np.abs(x), 1e-8)
    central = (theirs(x + step) - theirs(x - step)) / (2 * step)
    np.testing.assert_allclose(gradient, central, rtol=1e-6)


def test_erfcx_does_not_overflow_in_float32_where_exp_times_erfc_would():
    x = np.float32(30.0)
    assert np.isfinite(special.erfcx(x)) and special.erfcx(x).dtype == np.float32
    assert np.isclose(gradcli.grad(special.erfcx)(x), scipy.special.erfcx(30.0) * 60 - 2 / np.sqrt(np.pi), rtol=1e-5)


@pytest.mark.parametrize("name, x, exact", [
    ("erfcx", "30", lambda x: mpmath.exp(x * x) * mpmath.erfc(x)),
    ("erfcx", "-1.5", lambda x: mpmath.exp(x * x) * mpmath.erfc(x)),
    ("ndtri", "1e-10", lambda p: mpmath.findroot(lambda t: mpmath.ncdf(t) - p, -6.36)),
    ("ndtri", "0.9", lambda p: mpmath.findroot(lambda t: mpmath.ncdf(t) - p, 1.28)),
])
def test_the_high_precision_path_is_mpmaths_function(name, x, exact):
    gmp.enable()
    with mpmath.workdps(40):
        value = getattr(special, name)(mpmath.mpf(x))
        assert isinstance(value, mpmath.mpf)
        assert abs(value - exact(mpmath.mpf(x))) < mpmath.mpf(10) ** -35 * abs(value)


@pytest.mark.parametrize("name, x", [("erfcx", "30"), ("erfcx", "-0.2"), ("ndtri", "0.3"), ("ndtri", "1e-10")])
def test_balls_enclose_the_value(name, x):
    flint = pytest.importorskip("flint")
    arb.enable()
    gmp.enable()
    saved, flint.ctx.prec = flint.ctx.prec, 200
    try:
        ball = getattr(special, name)(flint.arb(x))
    finally:
        flint.ctx.prec = saved
    assert type(ball) is flint.arb and ball.rad() < 1e-40 * abs(float(ball.mid()))
    with mpmath.workdps(50):
        exact = getattr(special, name)(mpmath.mpf(x))
        assert ball.overlaps(flint.arb(mpmath.nstr(exact, 45)))
