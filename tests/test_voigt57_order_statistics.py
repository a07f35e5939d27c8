"""gradcli.numpy's nanmedian and the picking methods of quantile and percentile (lower, higher, nearest, midpoint):
NumPy's values and dtypes, and a slope on each entry the statistic reads."""

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp

ROWS = np.array([[4.0, 1.0, 3.0, 7.0, 2.0, 6.5], [0.5, 9.0, -1.0, 2.5, 3.0, 8.0]])
METHODS = ["linear", "midpoint", "lower", "higher", "nearest"]
QS = [0.0, 0.1, 0.3, 0.5, 0.7, 1.0, [0.2, 0.5, 0.9]]


@pytest.mark.parametrize("method", METHODS)
def test_quantiles_by_each_method_are_numpys(method):
    for dtype in (np.float64, np.float32):
        a = ROWS.astype(dtype)
        for q in QS:
            for axis in (None, 0, 1):
                for keepdims in (False, True):
                    got = gnp.quantile(a, q, axis=axis, method=method, keepdims=keepdims)
                    want = np.quantile(a, q, axis=axis, method=method, keepdims=keepdims)
                    assert np.array_equal(got, want) and np.asarray(got).dtype == want.dtype, (q, axis, keepdims)
            got = gnp.percentile(a, 40, axis=1, method=method)
            assert np.array_equal(got, np.percentile(a, 40, axis=1, method=method))


@pytest.mark.parametrize("method, q, slopes", [
    # row 0 sorted: 1 2 3 4 6.5 7 (indices 1 4 2 0 5 3); (n - 1) q = 1.5 for q = 0.3, 2.5 at 0.5 and 3.5 at 0.7 (nearest
    # rounds half to even: to 2 and 4)
    ("lower", 0.3, [0, 0, 0, 0, 1, 0]),
    ("higher", 0.3, [0, 0, 1, 0, 0, 0]),
    ("nearest", 0.5, [0, 0, 1, 0, 0, 0]),
    ("nearest", 0.7, [0, 0, 0, 0, 0, 1]),
    ("midpoint", 0.3, [0, 0, 0.5, 0, 0.5, 0]),
    ("midpoint", 0.4, [0, 0, 1, 0, 0, 0]),
])
def test_a_picking_quantile_takes_the_slope_of_the_entry_it_reads(method, q, slopes):
    grad = gradcli.grad(lambda x: gnp.quantile(x, q, method=method))(ROWS[0])
    assert np.array_equal(grad, slopes)


def test_the_methods_named_outside_numpys_picks_are_refused():
    with pytest.raises(NotImplementedError, match="'weibull'"):
        gnp.quantile(ROWS, 0.5, method="weibull")


def test_nanmedian_is_numpys_and_its_slope_is_on_the_middle_entries():
    a = np.array([[3.0, np.nan, 1.0, 2.0], [np.nan, 5.0, np.nan, np.nan], [5.0, 4.0, np.nan, 1.0],
                  [8.0, 6.0, 7.0, 5.0]])
    for axis in (None, 0, 1, (0, 1)):
        for keepdims in (False, True):
            got, want = gnp.nanmedian(a, axis=axis, keepdims=keepdims), np.nanmedian(a, axis=axis, keepdims=keepdims)
            assert np.array_equal(got, want) and np.shape(got) == np.shape(want)
    grad = gradcli.grad(lambda x: gnp.sum(gnp.nanmedian(x, axis=1)))(a)
    assert np.array_equal(grad, [[0, 0, 0, 1], [0, 1, 0, 0], [0, 1, 0, 0], [0, 0.5, 0.5, 0]])


def test_nanmedian_of_an_all_nan_slice_is_nan_as_numpys():
    a = np.array([[np.nan, np.nan], [1.0, 2.0]])
    with np.errstate(invalid="ignore"), pytest.warns(RuntimeWarning):
        want = np.nanmedian(a, axis=1)
    assert np.array_equal(gnp.nanmedian(a, axis=1), want, equal_nan=True)
