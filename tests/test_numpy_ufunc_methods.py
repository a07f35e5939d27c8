"""NumPy's ufunc methods on gradcli.numpy's binary ops (``np.subtract.outer``, ``np.add.reduce``,
``np.maximum.accumulate``): values NumPy's, gradients central differences', a plain module calling them checked as
it stands with its findings at the user's line, and ``np.add.at`` (a write in place) an error naming it and its line."""

import functools

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.capture import missing_function
from opcheck import check_grads
from test_numpy_modules import write

M = np.array([[0.3, -1.2, 2.5, 0.7], [1.1, 0.4, -0.6, 3.0], [-2.0, 0.9, 1.4, -0.3]])
A, B = np.array([0.5, -1.5, 2.0]), np.array([1.25, -0.75])
NAMES = ["add", "subtract", "multiply", "divide", "maximum", "minimum", "logaddexp", "hypot", "arctan2", "fmax"]


def _folded(numpys, x, axis):
    """``numpys.reduce(x, axis)`` as NumPy defines it, the binary ufunc applied entry by entry from the first: on
    AVX-512 machines NumPy's own reduce kernel of a non-commutative ufunc (arctan2, power) reads the first entry
    afresh at every step (np.power.reduce([2., 3., 2.]) is 4.0 there), so it cannot be the expected value."""
    return functools.reduce(numpys, np.moveaxis(x, axis, 0))


@pytest.mark.parametrize("name", NAMES)
def test_the_methods_give_numpys_values(name):
    ours, numpys = getattr(gnp, name), getattr(np, name)
    for got, want in [
        (ours.outer(A, B), numpys.outer(A, B)),
        (ours.outer(M, B), numpys.outer(M, B)),
        (ours.reduce(M), _folded(numpys, M, 0)),
        (ours.reduce(M, axis=1, keepdims=True), _folded(numpys, M, 1)[:, None]),
        (ours.reduce(A, initial=0.25), _folded(numpys, np.concatenate([[0.25], A]), 0)),
        (ours.accumulate(M), numpys.accumulate(M)),
        (ours.accumulate(M, axis=1), numpys.accumulate(M, axis=1)),
    ]:
        assert np.shape(got) == np.shape(want)
        np.testing.assert_allclose(got, want, rtol=1e-14, atol=0)


@pytest.mark.parametrize("name", NAMES)
def test_the_methods_gradients_are_central_differences(name):
    fun = getattr(gnp, name)
    check_grads(lambda a, b: fun.outer(a, b), A, B, label=f"{name}.outer")
    check_grads(lambda m: fun.reduce(m, axis=1), M, label=f"{name}.reduce")
    check_grads(lambda m: fun.accumulate(m), M, label=f"{name}.accumulate")


@pytest.mark.parametrize("name", ["multiply", "logaddexp", "add", "maximum"])
def test_accumulating_a_scalar_is_numpys_type_error(name):
    # NumPy refuses before reading an axis; the fold over a 0-d array's "axis 0" once took a modulo by its 0 length
    with pytest.raises(TypeError, match="cannot accumulate on a scalar"):
        getattr(np, name).accumulate(np.asarray(0.9))
    with pytest.raises(TypeError, match="cannot accumulate on a scalar"):
        getattr(gnp, name).accumulate(gnp.asarray(0.9))


@pytest.mark.parametrize("name", ["multiply", "logaddexp", "subtract", "maximum"])
def test_accumulating_along_an_empty_axis_is_empty(name):
    got = getattr(gnp, name).accumulate(gnp.zeros((0, 2)))
    assert np.shape(got) == getattr(np, name).accumulate(np.zeros((0, 2))).shape == (0, 2)


def test_options_gradcli_does_not_take_are_a_type_error_naming_them():
    with pytest.raises(TypeError, match="add.reduce has no out="):
        gnp.add.reduce(M, out=np.empty(4))
    with pytest.raises(TypeError, match="subtract.outer has no dtype="):
        gnp.subtract.outer(A, B, dtype=np.float32)


PLAIN = """\
import numpy as np


def pairwise(x):
    d = np.subtract.outer(x, x)
    return np.sum(d ** 2) + np.multiply.outer(x, x)[0, 1]


def running(x):
    return np.sum(np.add.accumulate(x) ** 2) + np.maximum.reduce(x) + np.logaddexp.reduce(x)


def folded(x):
    return np.subtract.reduce(x) * np.maximum.accumulate(x)[-1]


def shifted(x):
    y = x + 1e-12
    d = np.subtract.outer(y, x)
    return np.sum(np.log(d))


def scattered(x):
    out = np.zeros(3)
    np.negative.at(out, [0, 0])
    return np.sum(out + x)
"""


@pytest.fixture
def plain(tmp_path):
    return write(tmp_path, "plain.py", PLAIN)


def test_a_plain_module_calling_ufunc_methods_is_checked_with_the_exact_gradient(plain):
    x = np.array([0.5, 2.5, 1.0])
    s, e = x.sum(), np.exp(x)
    pairwise = 4 * (3 * x - s) + np.array([x[1], x[0], 0.0])
    prefix = np.cumsum(x)
    running = 2 * np.cumsum(prefix[::-1])[::-1] + np.array([0.0, 1.0, 0.0]) + e / e.sum()
    top = x.max()  # x[1]: subtract.reduce's x0 - x1 - x2 times the running maximum's last entry
    folded = np.array([1.0, -1.0, -1.0]) * top + np.array([0.0, 1.0, 0.0]) * (x[0] - x[1] - x[2])
    for name, want in [("pairwise", pairwise), ("running", running), ("folded", folded)]:
        report = gradcli.check(f"{plain}:{name}", [list(x)], dtypes=("float64",))
        (result,) = report.results
        assert result.status == "ok", (name, result.status)
        np.testing.assert_allclose(np.asarray(result.exact_gradient["x"], dtype=float), want, rtol=1e-14, atol=1e-14)


def test_a_cancellation_inside_an_outer_is_named_at_the_users_line(plain):
    (result,) = gradcli.check(f"{plain}:shifted", [[1.0]], dtypes=("float64",)).results
    assert result.status == "unstable"
    assert any(f.location == f"{plain}:19" and "cancellation" in f.message for f in result.findings), result.findings


def test_a_unary_ufuncs_at_runs_and_a_missing_method_is_named(plain):
    (result,) = gradcli.check(f"{plain}:scattered", [[1.0, 2.0, 3.0]], dtypes=("float64",)).results
    assert result.status == "ok" and result.value == 6.0  # a unary ufunc's at: np.negative.at, twice at 0
    assert missing_function("numpy.subtract.outer") is None and missing_function("numpy.hypot.accumulate") is None
    assert missing_function("numpy.add.reduceat") is None and missing_function("numpy.add.at") is None
    assert missing_function("numpy.exp.at") is None  # a unary ufunc's reduce raises NumPy's own ValueError
    assert "numpy.add.types" in missing_function("numpy.add.types")
