"""The dilogarithm (SciPy's spence) and the scaled Bessel functions of the second kind (k0e, k1e) as gradcli ops:
SciPy's numbers in a dtype, slopes against mpmath at 50 digits, and the exact reference at spence's removable 0/0
(x = 1), near k0e's and k1e's pole at 0 and at 700, where K itself underflows."""

import mpmath
import numpy as np
import pytest
import scipy.special as sp

import gradcli
from gradcli.scipy import special


def _spence(x):
    return mpmath.polylog(2, 1 - x)


def _k0e(x):
    return mpmath.besselk(0, x) * mpmath.exp(x)


def _k1e(x):
    return mpmath.besselk(1, x) * mpmath.exp(x)


# The slopes in closed form (spence's at 1 its limit), which mpmath's own differentiation confirms below.
SLOPES = {
    _spence: lambda x: mpmath.log(x) / (1 - x) if x != 1 else -mpmath.mpf(1),
    _k0e: lambda x: _k0e(x) - _k1e(x),
    _k1e: lambda x: _k1e(x) * (1 - 1 / x) - _k0e(x),
}


def _slope(function, x):
    """d/dx of ``function`` at the float ``x``, at 50 digits."""
    with mpmath.workdps(50):
        return float(SLOPES[function](mpmath.mpf(x)))


@pytest.mark.parametrize("function", SLOPES)
def test_the_closed_form_slopes_are_mpmaths_derivatives(function):
    with mpmath.workdps(50):
        for x in map(mpmath.mpf, ("0.5", "7")):
            assert mpmath.almosteq(SLOPES[function](x), mpmath.diff(function, x), rel_eps=mpmath.mpf(10) ** -40)
        assert mpmath.almosteq(SLOPES[_spence](mpmath.mpf(1)), mpmath.limit(SLOPES[_spence], 1))


OPS = {"spence": (special.spence, _spence), "k0e": (special.k0e, _k0e), "k1e": (special.k1e, _k1e)}


@pytest.mark.parametrize("name", sorted(OPS))
def test_the_ops_are_scipys_numbers_nan_and_inf_where_scipys_are(name):
    at = np.array([-1.0, 0.0, 1e-300, 0.5, 1.0, 2.0, 700.0])
    np.testing.assert_array_equal(OPS[name][0](at), getattr(sp, name)(at))


@pytest.mark.parametrize("name, x", [("spence", 0.5), ("spence", 1.0), ("spence", 2.0), ("spence", 1e-300),
                                     ("k0e", 0.5), ("k0e", 2.0), ("k0e", 1e-300), ("k0e", 700.0),
                                     ("k1e", 0.5), ("k1e", 2.0), ("k1e", 1e-150), ("k1e", 700.0)])
def test_the_float64_slopes_are_mpmaths(name, x):
    # k0e - k1e and k1e (1 - 1/x) - k0e cancel three digits at 700: the rule's own rounding, not a wrong rule
    op, function = OPS[name]
    assert gradcli.grad(op)(x) == pytest.approx(_slope(function, x), rel=1e-11)


def _all_three(x):
    return gradcli.numpy.sum(special.spence(x) + special.k0e(x) + special.k1e(x))


@pytest.mark.parametrize("point", [np.array([1.0, 0.5, 700.0]), np.array([1e-300, 2.0, 1.0 + 2.0 ** -52])])
def test_the_exact_reference_is_mpmaths_at_spences_removable_point_near_the_pole_and_at_700(point):
    [result] = gradcli.check(_all_three, [point], dtypes=["float64"], fixes=False).results
    want = [_slope(_spence, x) + _slope(_k0e, x) + _slope(_k1e, x) for x in point]
    exact = np.asarray(result.exact_gradient["x"], dtype=float)
    np.testing.assert_allclose(exact, want, rtol=1e-13)
    if point[0] != 1e-300:  # there k1e's slope, -1/x^2, is past float64 and finite differences say so
        assert result.status == "ok", (result.error, result.findings)


def test_the_replay_on_mpmath_numbers_is_mpmaths_too(monkeypatch):
    """Where balls cannot answer the reference replays the ops on mpmath numbers: their values and slopes there."""
    from gradcli.checker import exact_python, reference
    from gradcli.checker.targets import resolve

    monkeypatch.setattr(exact_python, "compute", lambda *args, **kwargs: False)
    point = np.array([1.0, 0.5, 700.0])
    exact = reference.compute(resolve(_all_three), [point])
    with mpmath.workdps(50):
        value = sum(float(f(mpmath.mpf(x))) for f in SLOPES for x in point)
    assert float(exact.value) == pytest.approx(value, rel=1e-14)
    want = [_slope(_spence, x) + _slope(_k0e, x) + _slope(_k1e, x) for x in point]
    np.testing.assert_allclose(np.asarray(exact.gradient[0], dtype=float), want, rtol=1e-13)
