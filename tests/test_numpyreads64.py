"""float(x) and x.item() of a differentiated value in a plain NumPy module: read for a print, a log line or a
decision, and computed on again, each followed as the value itself and judged against mpmath's derivative of the
function NumPy computes."""

import logging

import mpmath
import numpy
import pytest

import gradcli
from gradcli.capture.numpy_module import load_module
from log_records import logged, text
from tests.numpys_run import numpys_module

SOURCE = """import logging

import numpy as np

log = logging.getLogger("numpyreads64")


def printed(x):
    s = np.sum(np.log1p(x ** 2))
    print(f"loss {float(s):.6e}")
    print("first entry", x.item(0))
    return s


def logged(x):
    s = np.sum(np.exp(-x) * x)
    log.warning(f"value {float(s):.8f}")
    log.warning("item %s", s.item())
    return s


def decided(x):
    v = x ** 2
    if float(v) > 1.0:
        return 2.0 * np.sqrt(v)
    return v


def reentering(x):
    s = np.sin(x)
    return s * float(s)


def item_reentering(x):
    v = np.sum(x ** 2)
    return v * v.item()


def picked(x):
    return x.item(1) * np.sum(x)


def picked_2d(m):
    return m.item(1, 0) * np.sum(m)


def whole_array(x):
    return float(x ** 2)


def complex_read(x):
    return x * float(np.exp(1j * x))
"""

KEEPS_FLOAT = """from builtins import float

import numpy as np


def reentering(x):
    s = np.sin(x)
    return s * float(s)
"""


@pytest.fixture(scope="module")
def module_path(tmp_path_factory):
    path = tmp_path_factory.mktemp("numpyreads") / "reads.py"
    path.write_text(SOURCE)
    return path


def _point(path, name, point, dtype="float64"):
    (result,) = gradcli.check(f"{path}:{name}", [point], dtypes=[dtype], fixes=False).results
    return result


def _truth(f, values):
    """The gradient of ``f`` (of mpmath numbers) at ``values``, by mpmath's derivative at 40 digits, entry by entry."""
    with mpmath.workdps(40):
        xs = [mpmath.mpf(v) for v in values]
        return [float(mpmath.diff(lambda t, k=k: f(xs[:k] + [t] + xs[k + 1:]), xs[k])) for k in range(len(xs))]


def _assert_ok(result, truth):
    assert result.status == "ok", result.findings
    assert numpy.allclose(numpy.ravel(result.exact_gradient[next(iter(result.exact_gradient))]), truth, rtol=1e-13)
    assert numpy.allclose(numpy.ravel(result.gradient[next(iter(result.gradient))]), truth, rtol=1e-12)


def test_a_read_for_a_print_is_printed_and_leaves_the_gradient_as_it_is(module_path, capsys):
    x = [0.5, -1.5, 3.0]
    _assert_ok(_point(module_path, "printed", {"x": x}), _truth(lambda v: sum(mpmath.log1p(t ** 2) for t in v), x))
    out = capsys.readouterr().out
    assert f"loss {float(numpy.sum(numpy.log1p(numpy.square(x)))):.6e}" in out
    assert "first entry" in out


def test_a_read_for_a_log_line_is_logged(module_path):
    x = [0.25, 2.0]
    with logged("numpyreads64", logging.WARNING) as records:
        _assert_ok(_point(module_path, "logged", {"x": x}), _truth(lambda v: sum(mpmath.exp(-t) * t for t in v), x))
    expected = sum(mpmath.exp(-mpmath.mpf(t)) * t for t in x)
    assert f"value {float(expected):.8f}" in text(records)


@pytest.mark.parametrize("x, slope", [(0.5, 2 * 0.5), (2.0, 2.0), (-3.0, -2.0)])
def test_a_read_for_a_decision_takes_the_branch_numpy_takes(module_path, x, slope):
    """x^2 below the cap of 1, 2|x| above it: the slope of the branch taken."""
    (truth,) = _truth(lambda v: v[0] ** 2 if v[0] ** 2 <= 1 else 2 * abs(v[0]), [x])
    assert truth == pytest.approx(slope)
    _assert_ok(_point(module_path, "decided", {"x": x}), [truth])


@pytest.mark.parametrize("dtype", ["float64", "float32"])
def test_a_read_computed_on_again_keeps_its_path_in_the_derivative(module_path, dtype):
    """sin(x) * float(sin(x)) is sin(x)^2: the read's path is half the slope (at the point the dtype holds)."""
    result = _point(module_path, "reentering", {"x": 0.7}, dtype)
    assert result.status == "ok", result.findings
    (truth,) = _truth(lambda v: mpmath.sin(v[0]) ** 2, [float(numpy.dtype(dtype).type(0.7))])
    assert result.exact_gradient["x"] == pytest.approx(truth, rel=1e-13)
    assert result.gradient["x"] == pytest.approx(truth, rel=1e-12 if dtype == "float64" else 1e-6)


def test_item_computed_on_again_keeps_its_path_in_the_derivative(module_path):
    x = [1.0, -2.0, 0.5]
    _assert_ok(_point(module_path, "item_reentering", {"x": x}), _truth(lambda v: sum(t ** 2 for t in v) ** 2, x))


def test_item_at_a_flat_position_and_at_a_position_in_each_axis_picks_numpys_entry(module_path):
    x = [1.0, 2.0, 3.5]
    _assert_ok(_point(module_path, "picked", {"x": x}), _truth(lambda v: v[1] * sum(v), x))
    m = [[1.0, 2.0], [3.0, 4.5]]
    _assert_ok(_point(module_path, "picked_2d", {"m": m}),
               _truth(lambda v: v[2] * sum(v), [t for row in m for t in row]))


def test_a_read_keeps_numpys_dtype_rules_for_a_python_float(module_path):
    """float(s) of a float32 s is a Python float, weak beside float32: s * float(s) stays float32, as in NumPy."""
    module = load_module(str(module_path), SOURCE)
    value, slope = gradcli.value_and_grad(module.reentering)(numpy.float32(0.7))
    assert numpy.result_type(numpy.float32(0.7) * float(numpy.float32(0.7))) == numpy.float32  # NumPy's own rule
    assert numpy.asarray(value).dtype == numpy.float32 and numpy.asarray(slope).dtype == numpy.float32
    assert float(slope) == pytest.approx(float(mpmath.sin(1.4)), rel=1e-6)


def test_float_of_an_array_of_several_numbers_fails_as_numpy_does(module_path):
    with pytest.raises(TypeError, match="only 0-dimensional arrays can be converted to Python scalars"):
        float(numpy.array([1.0, 2.0]))  # NumPy's own words for the same read
    result = _point(module_path, "whole_array", {"x": [1.0, 2.0]})
    assert result.status == "error"
    assert "only 0-dimensional arrays can be converted to Python scalars" in result.error


def test_float_of_a_complex_value_fails_as_numpy_does(module_path):
    with pytest.raises(TypeError, match="not 'complex'"):
        float(numpy.array(1j))  # NumPy's own words for the same read
    result = _point(module_path, "complex_read", {"x": 0.5})
    assert result.status == "error"
    assert "float() argument must be a string or a real number, not 'complex'" in result.error


def test_a_module_that_binds_float_itself_keeps_its_own(tmp_path):
    path = tmp_path / "keeps.py"
    path.write_text(KEEPS_FLOAT)
    result = _point(path, "reentering", {"x": 0.7})
    assert result.status == "error"
    assert "`float(s)` converts a value gradcli is differentiating" in result.error


def test_a_function_object_handed_to_the_library_is_read_the_same_way(module_path):
    """The user's own imported module (real NumPy in it) handed to gradcli.check: its function is rewritten too."""
    users_own = numpys_module(module_path, "numpyreads64_users_own")
    report = gradcli.check(users_own.reentering, [{"x": 0.7}], dtypes=["float64"], fixes=False)
    (result,) = report.results
    assert report.framework == "numpy" and result.status == "ok", result.error
    assert result.exact_gradient["x"] == pytest.approx(_truth(lambda v: mpmath.sin(v[0]) ** 2, [0.7])[0], rel=1e-13)
