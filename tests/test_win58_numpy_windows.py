"""NumPy's windows in gradcli.numpy (and so in a plain NumPy module): NumPy's own floats in a dtype, the window's
mathematics in the exact run: np.blackman(5)'s ends are 0 there (NumPy's float64 gives -1.4e-17), Hamming's 0.54 the
decimal, Bartlett's 2/3 the quotient."""

import mpmath
import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp

D = mpmath.mpf
WINDOWS = {  # name -> its mathematics at k of m = M - 1 (mpmath)
    "hanning": lambda k, m: D(1) / 2 - mpmath.cospi(D(2 * k) / m) / 2,
    "hamming": lambda k, m: D(54) / 100 - D(46) / 100 * mpmath.cospi(D(2 * k) / m),
    "blackman": lambda k, m: D(42) / 100 - mpmath.cospi(D(2 * k) / m) / 2 + D(8) / 100 * mpmath.cospi(D(4 * k) / m),
    "bartlett": lambda k, m: 1 - abs(D(2 * k) / m - 1),
}


@pytest.mark.parametrize("name", list(WINDOWS))
def test_a_window_in_a_dtype_is_numpys_own(name):
    for size in (0, 1, 2, 5, 8):
        assert np.array_equal(getattr(gnp, name)(size), getattr(np, name)(size))


def _checked(fun, size):
    (result,) = gradcli.check(fun, [{"x": [float(k) for k in range(1, size + 1)]}], dtypes=("float64",),
                              fixes=False).results
    return result


@pytest.mark.parametrize("name", list(WINDOWS))
def test_a_windows_exact_entries_are_its_mathematics(name):
    def windowed(x):
        return gnp.sum(getattr(gnp, name)(7) * x)

    exact = [float(v) for v in _checked(windowed, 7).exact_gradient["x"]]
    with mpmath.workdps(50):
        truth = [float(WINDOWS[name](k, 6)) for k in range(7)]  # each the float nearest the window's entry
    assert exact == truth


def blackman_weighted(x):
    return gnp.sum(x * gnp.blackman(5))


def test_blackmans_ends_are_exactly_0():
    result = _checked(blackman_weighted, 5)
    assert [float(result.exact_gradient["x"][k]) for k in (0, 4)] == [0.0, 0.0]  # NumPy's: -1.4e-17
    assert result.status == "ok"
