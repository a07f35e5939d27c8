"""Plain NumPy's writes into arrays (``out[i] = v``, ``acc += v``, ``acc[i] *= v``) checked as functional updates.

A module written with ``import numpy as np`` runs on gradcli's core with each
write on a name of its function rewritten (`capture.numpy_writes`): where a
traced value meets an array the function made, the name is bound to the array
the write would have made; untraced writes stay NumPy's, in place; a traced
value written into an array other names may see is refused, saying how to
write it instead.
"""

import numpy as np
import pytest

import gradcli
from tests.numpys_run import numpys_module

MODEL = '''\
import numpy as np


def pieces(x):
    out = np.empty(2)
    out[0] = x[0] ** 2
    out[1] = np.sin(x[1]) * x[0]
    return np.sum(out)


def accumulate(x):
    acc = np.zeros_like(x)
    acc -= x * x
    acc[2] /= x[1]
    return np.sum(acc)


def leaky_square(x):
    y = x.copy()
    y[y < 0] *= 0.5
    return np.sum(y ** 2)


def rows(x):
    out = np.zeros((2, 3))
    out[0] = x
    out[1, 1:] = x[:2] * 3.0
    return np.sum(out ** 2)


def plain_views(x):
    data = np.arange(3.0)
    view = data[1:]
    view += 10.0  # NumPy's in place: data is [0, 11, 12]
    alias = data
    alias[0] = 5.0
    return np.sum(x * data)


def aliased(x):
    out = np.zeros(3)
    view = out
    out[0] = x[0]
    return np.sum(view * x)


GRID = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])
PICK = np.array([[2], [0]])


def along_views(x):
    out = GRID.astype(np.float64)  # a copy of a module's array: the function's own
    np.put_along_axis(out, PICK, x[:2, None], 1)
    np.put_along_axis(out[1:], np.array([[1]]), x[2:, None] ** 2, 1)  # a view: out[1, 1] is written
    np.put_along_axis(out[[0]], np.array([[0]]), x[:1, None], 1)  # a fancy index: a copy NumPy writes and drops
    return np.sum(out * GRID)


def along_an_alias(x):
    out = GRID.copy()
    view = out
    np.put_along_axis(view, PICK, x[:2, None], 1)
    return np.sum(out)


SCALE = np.ones(3)


def into_module_array(x):
    SCALE[0] = x[0]
    return np.sum(SCALE * x)
'''


@pytest.fixture(scope="module")
def model(tmp_path_factory):
    path = tmp_path_factory.mktemp("writes") / "model.py"
    path.write_text(MODEL)
    return path


X = np.array([1.5, -2.0, 3.0])
CASES = {
    "pieces": [2 * X[0] + np.sin(X[1]), X[0] * np.cos(X[1]), 0.0],
    "accumulate": [-2 * X[0], -2 * X[1] + X[2] ** 2 / X[1] ** 2, -2 * X[2] / X[1]],
    "leaky_square": [2 * X[0], 0.5 * X[1], 2 * X[2]],
    "rows": [2 * X[0] + 18 * X[0], 2 * X[1] + 18 * X[1], 2 * X[2]],
    "plain_views": [5.0, 11.0, 12.0],
    "along_views": [3.0, 4.0, 2 * X[2] * 5.0],
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_write_into_an_array_the_function_made_is_checked(model, name):
    report = gradcli.check(f"{model}:{name}", [{"x": X}], dtypes=("float64",), fixes=False)
    result = report.results[0]
    assert result.status.value == "ok", result.findings
    np.testing.assert_allclose(np.asarray(result.exact_gradient["x"], dtype=float), CASES[name], rtol=1e-14, atol=1e-300)
    np.testing.assert_allclose(np.asarray(result.gradient["x"], dtype=float), CASES[name], rtol=1e-14, atol=1e-300)
    # gradcli's own rules through the updates, at high precision (a mask of decisions on exact numbers included)
    np.testing.assert_allclose(np.asarray(result.rule_gradient["x"], dtype=float), CASES[name], rtol=1e-14, atol=1e-300)


@pytest.mark.parametrize("name, write", [("aliased", "out[0] = x[0]"), ("into_module_array", "SCALE[0] = x[0]")])
def test_a_traced_write_into_an_array_other_names_see_is_refused_at_its_line(model, name, write):
    line = [text.strip() for text in MODEL.splitlines()].index(write) + 1
    report = gradcli.check(f"{model}:{name}", [{"x": X}], dtypes=("float64",), fixes=False)
    result = report.results[0]
    assert result.status.value == "error"
    assert "other names may see" in result.error and f"model.py:{line}" in result.error, result.error


@pytest.mark.parametrize("name", ["accumulate", "rows"])
def test_a_function_handed_to_the_library_gets_the_same_rewrite(model, name):
    """A plain NumPy function object (its module imported by the user, not loaded by gradcli from its path): its
    code compiled again from its source, rewritten, under its own file and lines."""
    module = numpys_module(model, "numpy_writes_model_imported")
    function = getattr(module, name)
    report = gradcli.check(function, [{"x": X}], dtypes=("float64",), fixes=False)
    result = report.results[0]
    assert result.status.value == "ok", (result.findings, result.error)
    np.testing.assert_allclose(np.asarray(result.exact_gradient["x"], dtype=float), CASES[name], rtol=1e-14, atol=1e-300)
    assert function(X) == getattr(module, name)(X)  # the user's function itself is untouched: NumPy's, in place


def test_put_along_axis_into_a_view_and_a_copy_is_numpys_write(model):
    """NumPy's own run of the module (no gradcli) and gradcli's, traced and not, give one value."""
    module = numpys_module(model, "numpy_writes_model_plain")
    result = gradcli.check(f"{model}:along_views", [{"x": X}], dtypes=("float64",), fixes=False).results[0]
    assert float(result.value) == pytest.approx(module.along_views(X), rel=1e-15)
    assert module.GRID[0, 2] == 3.0  # the user's module array, copied, never written


def test_put_along_axis_into_an_alias_is_refused_at_its_line(model):
    line = [text.strip() for text in MODEL.splitlines()].index("np.put_along_axis(view, PICK, x[:2, None], 1)") + 1
    result = gradcli.check(f"{model}:along_an_alias", [{"x": X}], dtypes=("float64",), fixes=False).results[0]
    assert result.status.value == "error"
    assert "put_along_axis writes into its array in place" in result.error and f"model.py:{line}" in result.error
