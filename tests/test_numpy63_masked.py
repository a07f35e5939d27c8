"""np.ma's common subset in plain NumPy code, replayed as where-masks; the rest refused with what to write instead.

Values against NumPy's own masked arrays; gradients against mpmath's derivatives of the unmasked entries' mathematics.
"""

import textwrap

import mpmath
import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.errors import InputError
from test_numpy_modules import import_as_the_user_would

MODULE = '''\
import numpy as np


def masked_logs(x):
    logs = np.log(np.array([x, -x, 2 * x, 3.0]))
    kept = np.ma.masked_invalid(logs)
    return np.sum(kept) + kept.mean() + np.mean(kept)


def masked_negatives(x):
    v = np.array([x, 2 * x, -x, x * x])
    kept = np.ma.masked_where(v < 0, v)
    doubled = kept * 2 - 1
    return np.ma.sum(doubled * kept) + np.sum(kept.filled(0.5) ** 3) + np.sum(kept.compressed()) + kept.count()


def masked_below(x):
    v = np.array([x, x - 1.0, 3 * x])
    return np.ma.mean(np.ma.masked_less(v, 0.0)) + np.ma.masked_greater(v, 2.0).sum()


def masked_sorted(x):
    return np.ma.sort(np.ma.masked_invalid(np.array([x, 1.0]))).sum()


def masked_running(x):
    return np.ma.masked_invalid(np.array([x, 1.0])).cumprod().sum()
'''


def truths():
    log = mpmath.log
    return {
        "masked_logs": lambda x: (log(x) + log(2 * x) + log(3)) * (1 + mpmath.mpf(2) / 3),
        # kept: x, 2x, x^2 (x > 0): sum(kept (2 kept - 1)) + (x^3 + 8x^3 + 0.125 + x^6) + (x + 2x + x^2) + 3
        "masked_negatives": lambda x: sum(v * (2 * v - 1) for v in (x, 2 * x, x * x))
        + x ** 3 + 8 * x ** 3 + mpmath.mpf("0.125") + x ** 6 + x + 2 * x + x * x + 3,
        # at 0.7: x - 1 < 0 is masked in the mean; 3x > 2 is masked in the sum
        "masked_below": lambda x: (x + 3 * x) / 2 + x + (x - 1),
    }


@pytest.fixture(scope="module")
def module_path(tmp_path_factory):
    path = tmp_path_factory.mktemp("masked") / "legacy_masked.py"
    path.write_text(MODULE)
    return str(path)


@pytest.mark.parametrize("name", ["masked_logs", "masked_negatives", "masked_below"])
def test_values_are_numpys_masked_arrays_and_gradients_mpmaths(module_path, name):
    theirs = import_as_the_user_would(module_path)
    with np.errstate(invalid="ignore"):
        expected = float(getattr(theirs, name)(0.7))
    (result,) = gradcli.check(f"{module_path}:{name}", [0.7], dtypes=("float64",), fixes=False).results
    assert result.status == "ok", result.error
    with mpmath.workdps(40):
        truth = truths()[name]
        assert float(truth(mpmath.mpf(0.7))) == pytest.approx(expected, rel=1e-14)  # the truth is NumPy's mathematics
        slope = float(mpmath.diff(truth, mpmath.mpf(0.7)))
    assert result.value == pytest.approx(expected, rel=1e-14)
    assert result.exact_gradient["x"] == pytest.approx(slope, rel=1e-13)
    assert result.gradient["x"] == pytest.approx(slope, rel=1e-12)


def test_masks_data_and_reads_are_numpys():
    v = np.array([1.0, -2.0, 3.0, np.nan, 0.5])
    for make in ("masked_invalid", "masked_less", "masked_greater_equal", "masked_where"):
        args = {"masked_invalid": (v,), "masked_less": (v, 0.0), "masked_greater_equal": (v, 1.0),
                "masked_where": (v > 2, v)}[make]
        theirs, ours = getattr(np.ma, make)(*args), getattr(gnp.ma, make)(*args)
        assert np.array_equal(np.ma.getmaskarray(theirs), ours.mask), make
        for read in (lambda m: m.filled(), lambda m: m.filled(-1.0), lambda m: m.compressed(), lambda m: m.count(),
                     lambda m: (m * 2 - 1).filled(7.0), lambda m: (3 - m).filled(7.0), lambda m: (-m).filled(7.0)):
            assert np.array_equal(read(theirs), read(ours), equal_nan=True), make
        for read in (lambda m: m.sum(), lambda m: m.mean()):
            a, b = read(theirs), read(ours)
            assert (a is np.ma.masked and b is np.ma.masked) or np.allclose(a, b, rtol=1e-15, equal_nan=True), make
    rows = np.ma.masked_less(np.array([[1.0, -1.0], [-2.0, -3.0]]), 0.0)
    ours = gnp.ma.masked_less(np.array([[1.0, -1.0], [-2.0, -3.0]]), 0.0)
    for axis in (0, 1):
        theirs_sum, ours_sum = rows.sum(axis=axis), ours.sum(axis=axis)
        assert np.array_equal(np.ma.getmaskarray(theirs_sum), gnp.ma.getmaskarray(ours_sum))
        assert np.array_equal(theirs_sum.filled(0.0), gnp.ma.filled(ours_sum, 0.0))


def test_a_part_of_np_ma_gradcli_lacks_is_named_at_its_line_with_what_to_write_instead(module_path):
    with pytest.raises(InputError, match=r"line 23: numpy.ma.sort is a part of NumPy's masked arrays \(np.ma\)") as raised:
        gradcli.check(f"{module_path}:masked_sorted", [0.7], dtypes=("float64",), fixes=False)
    assert "np.sum(np.where(mask, 0.0, x))" in str(raised.value)
    with pytest.raises(InputError, match=r"line 27: MaskedArray.cumprod is a part of NumPy's masked arrays"):
        gradcli.check(f"{module_path}:masked_running", [0.7], dtypes=("float64",), fixes=False)


def test_a_masked_entry_takes_no_part_in_the_gradient():
    def loss(x):
        return gnp.ma.masked_where(x > 1.0, x * x).sum()

    assert np.array_equal(gradcli.grad(loss)(np.array([0.5, 2.0, -0.25])), [1.0, 0.0, -0.5])
