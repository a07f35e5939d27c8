"""np.fmod, np.frexp, np.ldexp, np.add.at and np.add.reduceat in gradcli.numpy: NumPy's numbers to the bit, their
slopes, and their exact values and jumps."""

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.autodiff.ops_ufunc import applied_at
from gradcli.capture.numpy_writes import ufunc_at

SPECIAL = np.array([3.0, -7.5, 1e300, -1e-300, 5e-324, 0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, 0.5, 2.0 ** -1022])


def _same_bits(a, b):
    """The same numbers to the bit, signed zeros apart; NaN for NaN (its sign bit is no number: C's fmod(-inf, y)
    sets it, NumPy's mod does not)."""
    a, b = np.asarray(a), np.asarray(b)
    if a.dtype != b.dtype or not np.array_equal(np.isnan(a), np.isnan(b)):
        return False
    return np.where(np.isnan(a), 0, a).tobytes() == np.where(np.isnan(b), 0, b).tobytes()


@pytest.mark.bitlevel
@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_numpys_bits(dtype):
    """Each is composed of exact operations (a remainder of magnitudes, products with powers of two), so its float
    answer is NumPy's own, signed zeros, infinities and NaNs included."""
    with np.errstate(over="ignore"):
        x = SPECIAL.astype(dtype)
    y = np.array([2 * np.pi, 2.5, 0.7, np.inf, -3.0, 1.0, 3.0, 1.0, 2.0, 1.0, 0.0, -0.3, 7.0]).astype(dtype)
    with np.errstate(all="ignore"):
        assert _same_bits(gnp.fmod(x, y), np.fmod(x, y))
        mantissa, exponent = gnp.frexp(x)
        assert _same_bits(mantissa, np.frexp(x)[0]) and _same_bits(exponent, np.frexp(x)[1])
        for n in (0, 3, -3, 200, -200, 1100, -1100, 2100, -2100):
            assert _same_bits(gnp.ldexp(x, n), np.ldexp(x, n)), n


def _exact(fun, point):
    result = gradcli.check(fun, point, dtypes=["float64"]).results[0]
    assert result.status != "error", (result.error, [f.message for f in result.findings])
    return result.status, result.exact_value, result.exact_gradient


def test_fmod_slopes_and_its_jump():
    """fmod's slope is 1 in the dividend and -trunc(x / y) in the divisor, each side of 0; a multiple of y is a jump."""
    status, value, slopes = _exact(lambda x, y: gnp.fmod(x, y) ** 2, {"x": -7.0, "y": 2.5})
    assert status == "ok" and value == pytest.approx(4.0) and slopes == pytest.approx({"x": -4.0, "y": -8.0})
    assert _exact(lambda x: gnp.fmod(x, 2.5), {"x": -5.0})[0] == "domain"


def test_frexp_mantissa_slope_and_the_jump_at_a_power_of_two():
    """The mantissa's slope is 2^-e (exact off the powers of two, even for a subnormal); at a power of two the
    mantissa jumps from 1 to 1/2, which the exact reference finds by its comparisons."""
    status, value, slopes = _exact(lambda x: gnp.sum(gnp.frexp(x)[0]), {"x": np.array([3.0, 1e-300, -1e300])})
    assert status == "ok" and slopes["x"] == pytest.approx([0.25, 2.0 ** 996, 2.0 ** -997], rel=1e-15)
    assert _exact(lambda x: gnp.frexp(x)[0] * 3.0, {"x": 4.0})[0] == "domain"


def test_frexp_of_an_exact_number_beyond_every_float():
    """An exact run's number far below float64's range (x 2^-5000) has its own exponent, so its mantissa is x's: 0.75
    at x = 0.75, slope 1 (float64's run holds 0 there)."""
    assert _exact(lambda x: gnp.frexp(gnp.ldexp(x, -5000))[0] * 3.0, {"x": 0.75})[1:] == (
        pytest.approx(2.25, rel=1e-15), {"x": pytest.approx(3.0, rel=1e-15)})


def test_ldexp_is_exact_beyond_every_float():
    """ldexp by 2^-2000 and back is x again in an exact run, where float64 would have lost x to 0."""
    status, value, slopes = _exact(lambda x: gnp.ldexp(gnp.ldexp(x, -2000) * 3.0, 2000), {"x": 0.75})
    assert (value, slopes) == (pytest.approx(2.25), {"x": pytest.approx(3.0)})
    with pytest.raises(TypeError, match="whole-number exponents"):
        gnp.ldexp(1.0, 0.5)


@pytest.mark.bitlevel
def test_add_at_is_numpys_unbuffered_loop():
    """A repeated index accumulates, in NumPy's order, to the bit; the gradient gathers the upstream per index."""
    groups = np.array([0, 2, 0, 1, 2, 0])
    x = np.array([0.1, 0.2, 0.3, 1e16, 0.5, 1.0])
    out = np.full(3, 0.7)
    expected = out.copy()
    np.add.at(expected, groups, x)
    assert _same_bits(applied_at(gnp.add, out.copy(), groups, x), expected)
    maxima = np.zeros(3)
    np.maximum.at(maxima, groups, x)
    assert _same_bits(applied_at(gnp.maximum, np.zeros(3), groups, x), maxima)

    def scattered(v):
        return gnp.sum(applied_at(gnp.add, np.zeros(3), groups, v) ** 2)

    x = np.array([0.1, 0.2, 0.3, 1.5, 0.5, 1.0])
    status, value, slopes = _exact(scattered, {"v": x})
    sums = np.bincount(groups, weights=x)
    assert status == "ok" and slopes["v"] == pytest.approx(2 * sums[groups])


def test_add_at_untraced_stays_in_place_and_traced_elsewhere_is_refused():
    out = np.zeros(2)
    assert gnp.add.at(out, [0, 0, 1], [1.0, 2.0, 3.0]) is None and out.tolist() == [3.0, 3.0]
    assert ufunc_at(gnp.add, out, [1], [0.5]) is out and out.tolist() == [3.0, 3.5]
    with pytest.raises(TypeError, match="as a statement on a name the function made itself"):
        gradcli.grad(lambda v: gnp.add.at(np.zeros(2), [0, 1], v))(np.ones(2))


@pytest.mark.bitlevel
def test_add_reduceat_is_numpys():
    """Stretches between the indices summed (an index not above the next gives its one entry), along an axis."""
    x = np.arange(12.0).reshape(3, 4) * 0.1
    for indices, axis in (([0, 2, 3], 1), ([0, 2, 1, 3], 1), ([1, 0], 0)):
        assert np.allclose(gnp.add.reduceat(x, indices, axis=axis), np.add.reduceat(x, indices, axis=axis),
                           rtol=1e-15, atol=0)
    assert _same_bits(gnp.maximum.reduceat(x, [0, 2], axis=1), np.maximum.reduceat(x, [0, 2], axis=1))
    status, value, slopes = _exact(lambda v: gnp.sum(gnp.add.reduceat(v, [0, 2, 3]) ** 2), {"v": np.arange(1.0, 6.0)})
    assert status == "ok" and slopes["v"] == pytest.approx([6, 6, 6, 18, 18])
