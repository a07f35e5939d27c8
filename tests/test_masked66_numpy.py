"""np.ma.where of a condition alone (the indices where it holds) and np.ma.dot(strict=True) in a plain NumPy module:
values, indices and masks as NumPy's own masked arrays give them, gradients against mpmath's derivative of an
independent expression of the function."""

import mpmath
import numpy
import pytest

import gradcli
from gradcli.capture.numpy_module import load_module
from test_numpy65_masked import M, _numpys, _truth

SOURCE = """import numpy as np

MASK = np.array([[False, True, False], [False, False, True]])
WEIGHTS = np.array([1.0, 1.0, 0.0, 1.0, 1.0, 1.0])


def picked(m):
    a = np.ma.array(m, mask=MASK)
    rows, columns = np.ma.where(a > 1.0)
    return np.sum(m[rows, columns] ** 2)


def picked_nonzero(m):
    (flat,) = np.ma.where(np.ma.array(np.ravel(m) * WEIGHTS, mask=np.ravel(MASK)))
    return np.sum(np.exp(np.ravel(m)[flat]))


def strict_rows(m):
    a = np.ma.masked_greater(m, 5.0)
    b = np.array([[1.0, -2.0], [0.5, 3.0], [2.0, 0.25]])
    return np.ma.dot(a, b, strict=True).filled(0.0).sum()


def loose_vector(m):
    v = np.ma.masked_greater(m[0], 3.0)
    return np.sum(np.ma.dot(m, v) ** 2)
"""

# M (test_numpy65_masked's point): MASK hides 4.0 and 9.0; m > 5 is 9.0 alone; m[0] > 3 is 4.0 alone


@pytest.fixture(scope="module")
def module_path(tmp_path_factory):
    path = tmp_path_factory.mktemp("masked66") / "masked66.py"
    path.write_text(SOURCE)
    return path


def _value_and_slopes(f):
    """mpmath's value and gradient of ``f`` (of the six entries of M, row by row) at M, at 40 digits."""
    with mpmath.workdps(40):
        return float(f([mpmath.mpf(t) for row in M for t in row])), _truth(f)


@pytest.mark.parametrize("name, f", [
    # unmasked entries above 1: 1.5 and 2.5 (4.0 is masked)
    ("picked", lambda v: v[0] ** 2 + v[3] ** 2),
    # m * WEIGHTS nonzero and unmasked: every entry but the one weighted 0 (0.75) and the masked 4.0 and 9.0
    ("picked_nonzero", lambda v: mpmath.exp(v[0]) + mpmath.exp(v[3]) + mpmath.exp(v[4])),
    # 9.0 masked masks row 1 of a whole: row 0 alone, dotted with b's columns, summed
    ("strict_rows", lambda v: v[0] * (1 - 2) + v[1] * (0.5 + 3) + v[2] * (2 + 0.25)),
    # rows dotted with row 0, its masked 4.0 taken as 0
    ("loose_vector", lambda v: (v[0] * v[0] + v[2] * v[2]) ** 2 + (v[3] * v[0] + v[5] * v[2]) ** 2),
])
def test_masked_indices_and_strict_products_are_numpys_and_differentiate(module_path, name, f):
    value, slopes = _value_and_slopes(f)
    assert _numpys(module_path, name) == pytest.approx(value, rel=1e-14)
    (result,) = gradcli.check(f"{module_path}:{name}", [{"m": M}], dtypes=["float64"], fixes=False).results
    assert result.status == "ok", (result.error, result.findings)
    assert float(result.value) == pytest.approx(value, rel=1e-14)
    assert numpy.allclose(numpy.ravel(numpy.asarray(result.exact_gradient["m"], dtype=float)), slopes, rtol=1e-12, atol=0)
    assert numpy.allclose(numpy.ravel(result.gradient["m"]), slopes, rtol=1e-12, atol=1e-300)


@pytest.mark.parametrize("condition, mask", [
    ([[0.0, 2.0, -1.0], [3.0, 0.0, 4.0]], [[False, False, True], [False, False, False]]),
    ([True, False, True, True], [False, False, True, False]),
    ([1.5, 0.0, 2.0], False),
])
def test_where_of_a_condition_alone_gives_numpys_indices(module_path, condition, mask):
    np = load_module(str(module_path), SOURCE).np
    ours = np.ma.where(np.ma.array(numpy.array(condition), mask=mask))
    numpys = numpy.ma.where(numpy.ma.array(numpy.array(condition), mask=mask))
    assert len(ours) == len(numpys)
    assert all(numpy.array_equal(a, b) for a, b in zip(ours, numpys))
    assert [a.tolist() for a in np.ma.where(numpy.array(condition))] == [a.tolist() for a in numpy.ma.where(numpy.array(condition))]
    with pytest.raises(ValueError, match="Must provide both 'x' and 'y' or neither"):
        np.ma.where(numpy.array(condition), 1.0)


@pytest.mark.parametrize("a_mask, b_mask, b_shape", [
    ([[False, True, False], [False, False, False]], [[False, False], [False, False], [False, False]], (3, 2)),
    ([[False, False, False], [False, False, False]], [[False, True], [False, False], [False, False]], (3, 2)),
    ([[False, False, True], [False, False, False]], [[False, False], [True, False], [False, False]], (3, 2)),
    ([[False, False, False], [True, False, False]], [False, False, False], (3,)),
    ([[False, False, False], [False, False, False]], [False, True, False], (3,)),
])
@pytest.mark.parametrize("strict", [True, False])
def test_a_dots_mask_is_numpys(module_path, a_mask, b_mask, b_shape, strict):
    np = load_module(str(module_path), SOURCE).np
    a_data = numpy.arange(1.0, 7.0).reshape(2, 3)
    b_data = numpy.linspace(0.5, 3.0, int(numpy.prod(b_shape))).reshape(b_shape)
    ours = np.ma.dot(np.ma.array(a_data, mask=a_mask), np.ma.array(b_data, mask=b_mask), strict=strict)
    numpys = numpy.ma.dot(numpy.ma.array(a_data, mask=a_mask), numpy.ma.array(b_data, mask=b_mask), strict=strict)
    mask = numpy.ma.getmaskarray(numpys)
    assert numpy.array_equal(ours.mask if hasattr(ours, "mask") else numpy.zeros_like(mask), mask)
    data = numpy.asarray(getattr(ours, "data", ours), dtype=float)
    assert numpy.allclose(data[~mask], numpy.asarray(numpys.data)[~mask], rtol=1e-15, atol=0)
