"""np.ma's median, cumsum, where, concatenate and dot in a plain NumPy module: values as NumPy's masked arrays give
them, gradients of the unmasked entries against mpmath's derivative of an independent expression of the function."""

import mpmath
import numpy
import pytest

import gradcli
from gradcli.capture.numpy_module import load_module
from tests.numpys_run import numpys_module

SOURCE = """import numpy as np

MASK = np.array([[False, True, False], [False, False, True]])
ROW_MASK = np.array([False, False, True])


def median_all(m):
    return np.ma.median(np.ma.array(m, mask=MASK))


def median_rows(m):
    return np.sum(np.ma.median(np.ma.array(m, mask=MASK), axis=1) ** 2)


def cumulative(m):
    running = np.ma.cumsum(np.ma.array(m, mask=MASK), axis=1)
    return np.ma.sum(running * running)


def chosen(m):
    a = np.ma.array(m, mask=MASK)
    return np.ma.sum(np.ma.where(a > 1.0, a * a, 3.0 * a))


def joined(m):
    a = np.ma.array(m, mask=MASK)
    b = np.ma.masked_less(np.exp(m), 2.0)
    return np.ma.sum(np.ma.log(np.ma.concatenate([a, b], axis=1)))


def product(m):
    a = np.ma.array(m, mask=MASK)
    v = np.ma.array(np.array([1.0, -2.0, 0.5]), mask=ROW_MASK)
    return np.sum(np.ma.dot(a, v) ** 2) + np.ma.dot(a[0], a[1])
"""

M = [[1.5, 4.0, 0.75], [2.5, 0.5, 9.0]]  # masked: M[0][1] and M[1][2]


@pytest.fixture(scope="module")
def module_path(tmp_path_factory):
    path = tmp_path_factory.mktemp("numpy65masked") / "masked.py"
    path.write_text(SOURCE)
    return path


def _truth(f):
    """mpmath's gradient of ``f`` (of the six entries of M as mpmath numbers, row by row) at M, at 40 digits."""
    flat = [t for row in M for t in row]
    with mpmath.workdps(40):
        xs = [mpmath.mpf(v) for v in flat]
        return [float(mpmath.diff(lambda t, k=k: f(xs[:k] + [t] + xs[k + 1:]), xs[k])) for k in range(len(xs))]


def _check(path, name, f):
    (result,) = gradcli.check(f"{path}:{name}", [{"m": M}], dtypes=["float64"], fixes=False).results
    assert result.status == "ok", (result.error, result.findings)
    truth = _truth(f)
    assert numpy.allclose(numpy.ravel(numpy.asarray(result.exact_gradient["m"], dtype=float)), truth, rtol=1e-12, atol=0)
    assert numpy.allclose(numpy.ravel(result.gradient["m"]), truth, rtol=1e-12, atol=1e-300)
    with mpmath.workdps(40):
        assert float(result.value) == pytest.approx(float(f([mpmath.mpf(t) for row in M for t in row])), rel=1e-14)
    return result


def _numpys(path, name):
    """What NumPy's own masked arrays compute for ``name`` at M (the module run on NumPy itself)."""
    module = numpys_module(path, "numpy65_masked_users_own")
    return float(getattr(module, name)(numpy.array(M)))


@pytest.mark.parametrize("name, f", [
    # unmasked: 1.5, 0.75, 2.5, 0.5 -> the mean of the middle two, 0.75 and 1.5
    ("median_all", lambda v: (v[2] + v[0]) / 2),
    # row 0 keeps 1.5, 0.75 (median their mean), row 1 keeps 2.5, 0.5
    ("median_rows", lambda v: ((v[0] + v[2]) / 2) ** 2 + ((v[3] + v[4]) / 2) ** 2),
    # masked entries add 0 and are left out of the sum of squares
    ("cumulative", lambda v: v[0] ** 2 + (v[0] + v[2]) ** 2 + v[3] ** 2 + (v[3] + v[4]) ** 2),
    # a > 1 picks a * a (1.5, 2.5), else 3 a (0.75, 0.5)
    ("chosen", lambda v: v[0] ** 2 + 3 * v[2] + v[3] ** 2 + 3 * v[4]),
    # log of the unmasked a, and of exp(m) where it is 2 or more: m itself there (0.5 alone is below log 2: masked)
    ("joined", lambda v: sum(mpmath.log(t) for t in (v[0], v[2], v[3], v[4])) + v[0] + v[1] + v[2] + v[3] + v[5]),
    # rows dotted with (1, -2, -) over unmasked pairs; row 0 with row 1 over column 0 alone
    ("product", lambda v: v[0] ** 2 + (v[3] - 2 * v[4]) ** 2 + v[0] * v[3]),
])
def test_masked_functions_differentiate_the_unmasked_entries(module_path, name, f):
    _check(module_path, name, f)
    with mpmath.workdps(40):
        assert _numpys(module_path, name) == pytest.approx(float(f([mpmath.mpf(t) for row in M for t in row])), rel=1e-14)


def test_a_slice_with_every_entry_masked_has_a_masked_median(module_path):
    module = load_module(str(module_path), SOURCE)
    np = module.np
    m = np.ma.array(numpy.array([[1.0, 2.0], [3.0, 5.0]]), mask=[[True, True], [False, False]])
    median = np.ma.median(m, axis=1)
    assert median.mask.tolist() == [True, False] and float(numpy.asarray(median.data)[1]) == 4.0
    assert np.ma.median(np.ma.array(numpy.array([1.0]), mask=[True])) is numpy.ma.masked


def test_a_dot_with_no_unmasked_pair_is_masked(module_path):
    np = load_module(str(module_path), SOURCE).np
    a = np.ma.array(numpy.array([1.0, 2.0]), mask=[True, False])
    b = np.ma.array(numpy.array([3.0, 4.0]), mask=[False, True])
    assert np.ma.dot(a, b) is numpy.ma.masked
    assert bool(numpy.ma.getmaskarray(numpy.ma.dot(numpy.ma.array([1.0, 2.0], mask=[1, 0]), numpy.ma.array([3.0, 4.0], mask=[0, 1]))))
