"""np.nanquantile and np.nanpercentile in gradcli.numpy: NumPy's numbers, shapes and dtypes for every method, axis and
keepdims, a NaN entry without slope, an all-NaN slice NaN, and a plain NumPy module using them checked exactly."""

import warnings

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli import grad

DATA = np.array([[3.0, np.nan, 1.0, 2.0], [np.nan, np.nan, np.nan, np.nan], [5.0, -1.0, 0.5, np.nan]])


@pytest.mark.parametrize("method", ["linear", "midpoint", "lower", "higher", "nearest"])
@pytest.mark.parametrize("axis", [None, 0, 1])
@pytest.mark.parametrize("q", [0.3, [0.1, 0.5, 0.9]])
@pytest.mark.parametrize("keepdims", [False, True])
def test_numpys_numbers_and_shapes(method, axis, q, keepdims):
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore", RuntimeWarning)  # NumPy's all-NaN slice warning
        want = np.nanquantile(DATA, q, axis=axis, method=method, keepdims=keepdims)
        got = np.asarray(gnp.nanquantile(DATA, q, axis=axis, method=method, keepdims=keepdims))
        percent = np.asarray(gnp.nanpercentile(DATA, np.multiply(q, 100), axis=axis, method=method, keepdims=keepdims))
    assert got.shape == want.shape and got.dtype == want.dtype
    np.testing.assert_array_equal(got, want)  # NumPy's interpolation, bit for bit
    np.testing.assert_allclose(percent, want, rtol=1e-15)


def test_float32_data_keeps_its_dtype_for_a_python_q():
    x = np.float32([3, np.nan, 1, 2])
    assert gnp.nanquantile(x, 0.3).dtype == np.nanquantile(x, 0.3).dtype == np.float32


def test_the_slopes_go_to_the_entries_read_and_none_to_a_nan():
    x = np.array([[3.0, np.nan, 1.0, 2.0], [5.0, -1.0, 0.5, np.nan]])
    g = grad(lambda v: gnp.sum(gnp.nanquantile(v, [0.25, 0.75], axis=1)))(x)
    # row 0 sorts to [1, 2, 3]: 0.25 is halfway between 1 and 2, 0.75 halfway between 2 and 3
    np.testing.assert_array_equal(g, [[0.5, 0.0, 0.5, 1.0], [0.5, 0.5, 1.0, 0.0]])


SOURCE = '''import numpy as np


def upper_spread(x):
    x = np.where(x > 100, np.nan, x)  # readings past 100 are missing
    lo, hi = np.nanpercentile(x, [30, 90])
    return hi - lo + np.nanquantile(x * x, 0.5)
'''


def test_a_plain_numpy_module_using_them_is_checked_exactly(tmp_path):
    path = tmp_path / "spread.py"
    path.write_text(SOURCE)
    point = np.array([1.0, 1000.0, 4.0, 2.5, -3.0, 7.0])
    [result] = gradcli.check(f"{path}:upper_spread", [{"x": point}], dtypes=["float64"], fixes=False).results
    # the kept [1, 4, 2.5, -3, 7] sort to [-3, 1, 2.5, 4, 7] (entries 4, 0, 3, 2, 5): the 30th percentile lies 0.2 of
    # the way from x[0] to x[3], the 90th 0.6 of the way from x[2] to x[5]; the squares' median is x[4]^2 = 9
    want = np.array([-0.8, 0.0, 0.4, -0.2, 2 * -3.0, 0.6])
    assert result.status == "ok", result.findings
    np.testing.assert_allclose(np.asarray(result.exact_gradient["x"], dtype=float), want, rtol=1e-14, atol=0)


@pytest.mark.parametrize("shape, axis, keepdims", [((0,), None, False), ((0, 3), 0, False), ((0, 3), -1, False),
                                                   ((0, 3), -1, True), ((2, 0), None, False), ((2, 0), None, True)])
def test_no_numbers_give_numpys_nan(shape, axis, keepdims):
    for q in (0.5, [0.2, 0.7]):
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore", RuntimeWarning)
            want = np.nanquantile(np.zeros(shape), q, axis=axis, keepdims=keepdims)
        got = np.asarray(gnp.nanquantile(np.zeros(shape), q, axis=axis, keepdims=keepdims))
        assert got.shape == want.shape and np.array_equal(got, want, equal_nan=True)


def test_an_infinite_entry_is_a_number_of_its_slice():
    x = np.array([-np.inf, 1.0, np.nan, 3.0])
    assert gnp.nanquantile(x, 0.5) == np.nanquantile(x, 0.5) == 1.0
