"""np.ma beyond sums and means in plain NumPy code: the functions with a domain (np.ma.log of non-positive entries),
division and powers masking what NumPy masks, var, std, min, max, average, indexing, and the masked_* makers.

Masks and filled values against NumPy's own masked arrays, at ordinary entries and at 0, -0.5, NaN, inf and a
divisor of 1e-320; gradients against mpmath's derivatives of the unmasked entries' mathematics.
"""

import json
import warnings

import mpmath
import numpy as np
import pytest
from click.testing import CliRunner

import gradcli
import gradcli.numpy as gnp
from gradcli.cli import cli
from gradcli.errors import InputError

V = np.array([1.5, -2.0, 0.0, np.nan, 0.25, 3.0, np.inf, -0.5])
MASK = np.array([0, 0, 0, 0, 1, 0, 0, 0], dtype=bool)
DIVISORS = np.array([2.0, 0.0, 0.0, 1.0, 1.0, 1e-320, 2.0, 4.0])
ROWS = np.array([[1.0, -1.0, 2.0], [-2.0, 4.0, 5.0]])
UNARY = "log log2 log10 sqrt arcsin arccos arccosh arctanh tan exp sin cos tanh sinh cosh arctan arcsinh abs".split()


def assert_same(theirs, ours, what):
    """Masks equal and the data equal where not masked (a masked scalar is NumPy's ``masked`` on both sides)."""
    if theirs is np.ma.masked or ours is np.ma.masked:
        assert theirs is ours, what
        return
    assert np.array_equal(np.ma.getmaskarray(theirs), gnp.ma.getmaskarray(ours)), what
    assert np.allclose(np.ma.filled(theirs, 7.0), gnp.ma.filled(ours, 7.0), rtol=1e-15, atol=0, equal_nan=True), what


READS = {
    "division": lambda m, k: m / DIVISORS,
    "division of a number": lambda m, k: 1.0 / m,
    "square root power": lambda m, k: m ** 0.5,
    "square": lambda m, k: m ** 2,
    "power of a number": lambda m, k: 2.0 ** m,
    "std": lambda m, k: m.std(),
    "var ddof=1": lambda m, k: m.var(ddof=1),
    "std of finite": lambda m, k: k.ma.masked_invalid(m.filled(np.nan)).std(),
    "max": lambda m, k: k.ma.masked_invalid(m.filled(np.nan)).max(),
    "min": lambda m, k: k.ma.min(k.ma.masked_invalid(m.filled(np.nan))),
    "slice": lambda m, k: m[1:4],
    "entry": lambda m, k: m[0],
    "masked entry": lambda m, k: m[4],
    "average": lambda m, k: k.ma.average(k.ma.masked_invalid(m.filled(np.nan)), weights=np.arange(8.0)),
    "masked_equal": lambda m, k: k.ma.masked_equal(V, 3.0),
    "masked_not_equal": lambda m, k: k.ma.masked_not_equal(V, 3.0),
    "masked_outside": lambda m, k: k.ma.masked_outside(V, 2.0, -1.0),
    "masked_inside": lambda m, k: k.ma.masked_inside(V, -1.0, 2.0),
    "masked_values": lambda m, k: k.ma.masked_values(V, 1.5000001),
    "masked_equal's fill value": lambda m, k: k.ma.masked_equal(V, 3.0).filled(),
}


def test_masks_and_values_are_numpys():
    theirs, ours = np.ma.array(V, mask=MASK), gnp.ma.array(V, mask=MASK)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # NumPy's own warnings where it computes outside a domain
        for name in UNARY:
            assert_same(getattr(np.ma, name)(theirs), getattr(gnp.ma, name)(ours), name)
        for what, read in READS.items():
            assert_same(read(theirs, np), read(ours, gnp), what)
        rows, our_rows = np.ma.masked_less(ROWS, 0.0), gnp.ma.masked_less(ROWS, 0.0)
        for axis in (0, 1):
            for method in ("std", "var", "max", "min"):
                assert_same(getattr(rows, method)(axis=axis), getattr(our_rows, method)(axis=axis), (method, axis))
            weights = [1.0, 2.0, 3.0][: ROWS.shape[axis]]
            assert_same(np.ma.average(rows, axis=axis, weights=weights), gnp.ma.average(our_rows, axis=axis, weights=weights),
                        ("average", axis))
        assert_same(rows.var(axis=0, ddof=1), our_rows.var(axis=0, ddof=1), "a column of one entry with ddof=1")
    assert gnp.ma.is_masked(our_rows) and not gnp.ma.is_masked(gnp.ma.masked_less(ROWS, -5.0))
    assert np.array_equal(gnp.ma.getdata(our_rows), ROWS)


def test_entries_outside_a_domain_are_masked_quietly_as_numpys_are():
    """NumPy's np.ma computes its domained functions, divisions and powers without a RuntimeWarning; so does gradcli's
    (each computed on a point inside the domain where masked)."""
    v = np.array([0.0, -1.0, 2.0, 0.5])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for k in (np, gnp):
            for name in ("log", "log10", "sqrt", "arcsin", "arccosh", "arctanh"):
                getattr(k.ma, name)(v)
            k.ma.masked_array(v) / np.array([0.0, 0.0, 1.0, 2.0])
            k.ma.masked_array(v) ** -1.5


def test_a_masked_entry_outside_the_domain_takes_no_part_in_the_gradient():
    """Masked where outside their domains or not finite, log, sqrt, arcsin, a division and a power leave exact zeros,
    no NaN (log's slope at 0 is infinite, arcsin's at 2 NaN, (-0.75) ** 1.5 NaN, x / (x - 0.5) at 0.5 0 / 0)."""
    def loss(x):
        return (gnp.ma.log(x).sum() + gnp.ma.sqrt(x - 0.25).sum() + gnp.ma.arcsin(x).sum()
                + (gnp.ma.masked_array(x) ** 1.5).sum() + (gnp.ma.masked_array(x) / (x - 0.5)).sum()
                + gnp.ma.average(gnp.ma.masked_array(x, mask=[False, False, True, False]), weights=np.array([1.0, 2.0, 3.0, 4.0])))

    grad = gradcli.grad(loss)(np.array([0.5, 0.0, 2.0, -0.75]))
    # log: 1/x where x > 0; sqrt(x - 1/4): 1 / (2 sqrt(x - 1/4)) where x >= 1/4; arcsin: 1 / sqrt(1 - x^2) where
    # |x| <= 1; x ** 1.5: 1.5 sqrt(x) where x >= 0; x / (x - 1/2): -1/2 / (x - 1/2)^2 where x != 1/2; the average
    # of the unmasked 0.5, 0 and -0.75, weights 1, 2, 4 of 7
    expected = [2 + 1 + 1 / np.sqrt(0.75) + 1.5 * np.sqrt(0.5) + 1 / 7,
                1 - 2 + 2 / 7,
                0.5 + 1 / (2 * np.sqrt(1.75)) + 1.5 * np.sqrt(2.0) - 0.5 / 2.25,
                1 / np.sqrt(1 - 0.5625) - 0.5 / 1.5625 + 4 / 7]
    assert np.allclose(grad, expected, rtol=1e-14, atol=0)


MODULE = '''\
import numpy as np


def log_stats(x):
    logs = np.ma.log(np.array([x, -x, 2 * x, 3.0, x * x - 1]))
    return logs.mean() + logs.std() + np.ma.max(logs) + logs.min()


def safe_ratio(x):
    ratio = np.ma.masked_invalid(np.array([x, 1.0, 2 * x])) / np.array([x + 1, 0.0, 2.0])
    return ratio.sum() + np.ma.var(ratio, ddof=1)


def power_and_slices(x):
    powered = np.ma.array([x, -x, 3 * x]) ** 1.5
    roots = np.ma.sqrt(np.array([x - 1.0, x, 4 * x]))
    return powered.sum() + roots[1:].sum() + roots[2] + np.ma.average(roots, weights=np.array([1.0, 2.0, x]))


def masked_sorted(x):
    return np.ma.sort(np.ma.masked_invalid(np.array([x, 1.0]))).sum()


def ufunc_log(x):
    return np.ma.sum(np.log(np.ma.masked_invalid(np.array([x, 1.0]))))
'''


def truths():
    log, sqrt = mpmath.log, mpmath.sqrt

    def log_stats(x):  # at 0.7: -x, x^2 - 1 are not positive; log 3 the largest, log x the smallest
        kept = [log(x), log(2 * x), log(3)]
        mean = mpmath.fsum(kept) / 3
        return mean + sqrt(mpmath.fsum((k - mean) ** 2 for k in kept) / 3) + log(3) + log(x)

    def safe_ratio(x):  # the division by 0 masked: x / (x + 1) and x, their variance with ddof=1
        kept = [x / (x + 1), x]
        return mpmath.fsum(kept) + (kept[0] - kept[1]) ** 2 / 2

    def power_and_slices(x):  # (-x) ** 1.5 and sqrt(x - 1) masked
        return (x ** 1.5 + (3 * x) ** 1.5 + sqrt(x) + 2 * sqrt(x) + 2 * sqrt(x)
                + (2 * sqrt(x) + x * 2 * sqrt(x)) / (2 + x))

    return {"log_stats": log_stats, "safe_ratio": safe_ratio, "power_and_slices": power_and_slices}


@pytest.fixture(scope="module")
def module_path(tmp_path_factory):
    path = tmp_path_factory.mktemp("masked64") / "legacy_masked64.py"
    path.write_text(MODULE)
    return str(path)


@pytest.mark.parametrize("name", ["log_stats", "safe_ratio", "power_and_slices"])
def test_a_plain_module_is_checked_through_the_cli_against_mpmath(module_path, name):
    from test_numpy_modules import import_as_the_user_would

    with np.errstate(all="ignore"), warnings.catch_warnings():
        warnings.simplefilter("ignore")
        numpys = float(getattr(import_as_the_user_would(module_path), name)(0.7))
    run = CliRunner().invoke(cli, ["check", f"{module_path}:{name}", "--at", "x=0.7", "--dtype", "float64", "--json",
                                   "--no-fix"])
    assert run.exit_code == 0, run.output
    (result,) = json.loads(run.stdout)["results"]
    with mpmath.workdps(40):
        truth = truths()[name]
        value, slope = float(truth(mpmath.mpf(0.7))), float(mpmath.diff(truth, mpmath.mpf(0.7)))
    assert value == pytest.approx(numpys, rel=1e-14)  # the truth is NumPy's masked arrays' mathematics
    assert result["status"] == "ok"
    assert result["value"] == pytest.approx(value, rel=1e-14)
    assert result["exact_gradient"]["x"] == pytest.approx(slope, rel=1e-13)
    assert result["gradient"]["x"] == pytest.approx(slope, rel=1e-12)


def test_what_np_ma_still_lacks_is_named_at_its_line(module_path):
    with pytest.raises(InputError, match=r"line 21: numpy.ma.sort is a part of NumPy's masked arrays"):
        gradcli.check(f"{module_path}:masked_sorted", [0.7], dtypes=("float64",), fixes=False)
    with pytest.raises(InputError, match=r"line 25: numpy.log of a masked array is not replayed .*write np.ma.log"):
        gradcli.check(f"{module_path}:ufunc_log", [0.7], dtypes=("float64",), fixes=False)
    with pytest.raises(InputError, match=r"MaskedArray.cumprod is a part of NumPy's masked arrays"):
        gnp.ma.masked_invalid(np.array([1.0, np.nan])).cumprod()
