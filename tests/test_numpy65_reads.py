"""Numbers a plain NumPy module reads out of its arrays (``x.tolist()``, ``map(float, x)``, ``int(x)``, ``"%f" %``,
``math`` in a helper module of the user's) followed as the values they are, and what the module prints or logs shown
once per point and dtype with the numbers its program computes; each gradient against mpmath's derivative of an
independent expression of the function."""

import json
import logging
import re

import mpmath
import numpy
import pytest
from click.testing import CliRunner

import gradcli
from gradcli.cli import cli
from log_records import logged
from tests.numpys_run import numpys_module

SOURCE = """import logging
import math

import numpy as np

import scalar_helpers

log = logging.getLogger("numpy65")


def percent_printed(x):
    s = np.sum(np.log1p(x ** 2))
    print("loss %.6f" % float(s))
    return s


def printed_every_way(x):
    s = np.sum(np.exp(-x) * x)
    v = float(s)
    print(s)
    print("as text " + str(v))
    print("formatted {:.5f}".format(v), f"and {v:.4e}")
    print("pair %.3f %s" % (v, s))
    print("named %(v).2f" % {"v": v})
    return s


def vector_printed(x):
    print("norm %.4f" % float(np.sqrt(np.sum(x ** 2))))
    return np.log1p(x ** 2)


def printed_to_stderr(x):
    import sys

    s = np.sum(x ** 2)
    print("to stderr %.3f" % float(s), file=sys.stderr)
    return s


def logged(x):
    s = np.sum(np.sin(x) ** 2)
    log.warning("loss %.8f from %s", float(s), s.item())
    return s


def mapped(x):
    return sum(v * v * v for v in map(float, x))


def comprehended(x):
    values = [float(v) for v in x]
    return values[0] * values[1] + sum(v for v in list(x))


def listed_rows(m):
    return sum(row[0] * row[1] ** 2 for row in m.tolist())


def listed_back(x):
    return np.sum(np.asarray(x.tolist()) ** 2 * np.array([1.0, 2.0, 3.0]))


def summed_list(x):
    return np.exp(sum(x.tolist()))


def counted(x):
    n = int(np.sum(x ** 2))
    return np.sum(np.sin(x)) * n


def loop_counted(x):
    total = 0.0
    for k in range(int(np.sum(x ** 2))):
        total = total + np.cos(x[0]) * (k + 1)
    return total


def through_math(x):
    return math.exp(float(np.sum(x))) + math.log1p(x.item(0) ** 2)


def through_helper(x):
    return scalar_helpers.softplus(float(np.sum(x * x)))


def complex_listed(x):
    return sum(np.exp(1j * x).tolist()).real
"""

HELPERS = """import math


def softplus(v):
    return math.log1p(math.exp(v))
"""


@pytest.fixture(scope="module")
def module_path(tmp_path_factory):
    folder = tmp_path_factory.mktemp("numpy65")
    (folder / "scalar_helpers.py").write_text(HELPERS)
    path = folder / "legacy_reads.py"
    path.write_text(SOURCE)
    return path


def _point(path, name, point, dtypes=("float64",)):
    return gradcli.check(f"{path}:{name}", [point], dtypes=list(dtypes), fixes=False).results


def _truth(f, values):
    """mpmath's gradient of ``f`` (of a list of mpmath numbers) at ``values`` (flat), at 40 digits."""
    with mpmath.workdps(40):
        xs = [mpmath.mpf(v) for v in values]
        return [float(mpmath.diff(lambda t, k=k: f(xs[:k] + [t] + xs[k + 1:]), xs[k])) for k in range(len(xs))]


def _assert_ok(result, truth):
    assert result.status == "ok", (result.error, result.findings)
    (name,) = result.exact_gradient
    assert numpy.allclose(numpy.ravel(numpy.asarray(result.exact_gradient[name], dtype=float)), truth, rtol=1e-12)
    assert numpy.allclose(numpy.ravel(result.gradient[name]), truth, rtol=1e-10)


_NUMBER = re.compile(r"-?\d+\.\d+(?:e[-+]\d+)?")


def _assert_printed(lines, expected):
    """Each of ``lines`` is its ``(text, numbers, places)`` of ``expected``: the text with each number as ``#``, the
    numbers within a unit of the last of ``places`` decimals shown (and 1e-14 of themselves: another order of the same
    sum may round the last bit apart)."""
    assert [_NUMBER.sub("#", line) for line in lines] == [text for text, _, _ in expected], lines
    for line, (_, numbers, places) in zip(lines, expected):
        assert [float(n) for n in _NUMBER.findall(line)] == pytest.approx(numbers, rel=1e-14, abs=10.0 ** -places)


def test_a_percent_formatted_read_prints_the_number_once_per_dtype(module_path, capsys):
    x = [0.5, -1.5, 3.0]
    results = _point(module_path, "percent_printed", {"x": x}, ("float32", "float64"))
    _assert_ok(results[1], _truth(lambda v: sum(mpmath.log1p(t ** 2) for t in v), x))
    assert results[0].status == "ok"
    lines = [line for line in capsys.readouterr().out.splitlines() if line.startswith("loss")]
    total = float(sum(mpmath.log1p(mpmath.mpf(t) ** 2) for t in x))
    _assert_printed(lines, [("loss #", [total], 5), ("loss #", [total], 6)])  # float32's run, then float64's


def test_prints_of_a_read_show_its_numbers_from_the_programs_run_alone(module_path, capsys):
    x = [0.25, 2.0]
    _assert_ok(_point(module_path, "printed_every_way", {"x": x})[0],
               _truth(lambda v: sum(mpmath.exp(-t) * t for t in v), x))
    out = capsys.readouterr().out
    total = float(sum(mpmath.exp(-mpmath.mpf(t)) * t for t in x))
    _assert_printed(out.splitlines(), [("#", [total], 16), ("as text #", [total], 16),
                                       ("formatted # and #", [total, total], 4), ("pair # #", [total, total], 3),
                                       ("named #", [total], 2)])


def test_a_vector_output_prints_once_per_dtype_not_once_per_row(module_path, capsys):
    x = [0.5, -1.5, 2.0]
    (result,) = _point(module_path, "vector_printed", {"x": x})
    assert result.status == "ok", (result.error, result.findings)
    with mpmath.workdps(40):
        rows = [[float(mpmath.diff(mpmath.log1p, 0) * 0) if j != i else float(2 * t / (1 + t * t)) for j in range(3)]
                for i, t in enumerate(mpmath.mpf(v) for v in x)]
        norm = float(mpmath.sqrt(sum(mpmath.mpf(v) ** 2 for v in x)))
    jacobian = numpy.asarray([numpy.ravel(row.exact_gradient["x"]) for row in result.jacobian.rows], dtype=float)
    assert numpy.allclose(jacobian, rows, rtol=1e-12, atol=0)
    _assert_printed(capsys.readouterr().out.splitlines(), [("norm #", [norm], 4)])


def test_a_print_to_stderr_is_shown_once_per_dtype(module_path, capsys):
    (result,) = _point(module_path, "printed_to_stderr", {"x": [0.5, 1.5]})
    assert result.status == "ok"
    _assert_printed(capsys.readouterr().err.splitlines(), [("to stderr #", [2.5], 3)])


def test_a_log_line_of_reads_is_logged_once_with_its_numbers(module_path):
    x = [0.3, -1.1]
    with logged("numpy65", logging.WARNING) as records:
        _assert_ok(_point(module_path, "logged", {"x": x})[0], _truth(lambda v: sum(mpmath.sin(t) ** 2 for t in v), x))
    total = float(sum(mpmath.sin(mpmath.mpf(t)) ** 2 for t in x))
    _assert_printed([r.getMessage() for r in records if r.name == "numpy65"], [("loss # from #", [total] * 2, 8)])


def test_json_on_stdout_stays_clean_while_the_module_prints(module_path):
    result = CliRunner().invoke(cli, ["check", f"{module_path}:percent_printed", "--at", "x=[0.5,2.0]", "--dtype",
                                      "float64", "--json"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)
    truth = _truth(lambda v: sum(mpmath.log1p(t ** 2) for t in v), [0.5, 2.0])
    assert numpy.allclose(document["results"][0]["exact_gradient"]["x"], truth, rtol=1e-12)
    assert result.stderr.count("loss ") == 1


@pytest.mark.parametrize("name, point, f", [
    ("mapped", {"x": [0.5, -2.0, 1.25]}, lambda v: sum(t ** 3 for t in v)),
    ("comprehended", {"x": [0.5, -2.0]}, lambda v: v[0] * v[1] + v[0] + v[1]),
    ("listed_back", {"x": [0.5, -2.0, 1.25]}, lambda v: v[0] ** 2 + 2 * v[1] ** 2 + 3 * v[2] ** 2),
    ("summed_list", {"x": [0.5, -0.25]}, lambda v: mpmath.exp(sum(v))),
    ("through_math", {"x": [0.5, -0.25]}, lambda v: mpmath.exp(sum(v)) + mpmath.log1p(v[0] ** 2)),
    ("through_helper", {"x": [0.5, -0.75]}, lambda v: mpmath.log1p(mpmath.exp(sum(t * t for t in v)))),
])
def test_numbers_read_out_and_computed_on_keep_their_path_in_the_derivative(module_path, name, point, f):
    _assert_ok(_point(module_path, name, point)[0], _truth(f, point["x"]))


def test_nested_lists_of_a_matrix_are_read_entry_by_entry(module_path):
    m = [[1.5, 2.0], [-0.5, 3.0]]
    _assert_ok(_point(module_path, "listed_rows", {"m": m})[0],
               _truth(lambda v: v[0] * v[1] ** 2 + v[2] * v[3] ** 2, [t for row in m for t in row]))


def test_int_of_a_read_is_numpys_whole_number_with_slope_zero(module_path):
    """sum(sin x) * int(sum x^2): the int is 4 near (1.2, 1.5), a constant factor of the slope."""
    x = [1.2, 1.5]
    assert int(sum(t * t for t in x)) == 3
    _assert_ok(_point(module_path, "counted", {"x": x})[0], _truth(lambda v: 3 * sum(mpmath.sin(t) for t in v), x))


def test_int_of_a_read_counts_a_loop(module_path):
    """n = int(x0^2 + x1^2) = 3 turns of cos(x0) * k, k = 1, 2, 3: 6 cos(x0)."""
    x = [1.2, 1.3]
    assert int(sum(t * t for t in x)) == 3
    _assert_ok(_point(module_path, "loop_counted", {"x": x})[0], _truth(lambda v: 6 * mpmath.cos(v[0]) + 0 * v[1], x))


def test_int_of_a_read_at_a_whole_number_is_a_jump(module_path):
    """At x0^2 + x1^2 = 2 exactly the int steps from 1 to 2: no derivative there, judged as a branch's jump."""
    (result,) = _point(module_path, "counted", {"x": [1.0, 1.0]})
    assert result.status == "domain"
    assert any(f.kind == "jump" for f in result.findings), result.findings


def test_a_complex_list_read_is_refused_at_its_line(module_path):
    (result,) = _point(module_path, "complex_listed", {"x": [0.5, 1.0]})
    assert result.status == "error"
    assert "`.tolist()` of a complex value gradcli is differentiating" in result.error


def test_a_function_object_reaches_the_users_math_module_on_gradcli_math(module_path, monkeypatch):
    """The user's own imported module handed to gradcli.check: its helper module, imported with Python's math, is
    followed as the file's own load follows it."""
    monkeypatch.syspath_prepend(str(module_path.parent))
    users_own = numpys_module(module_path, "numpy65_users_own")
    report = gradcli.check(users_own.through_helper, [{"x": [0.5, -0.75]}], dtypes=["float64"], fixes=False)
    _assert_ok(report.results[0], _truth(lambda v: mpmath.log1p(mpmath.exp(sum(t * t for t in v))), [0.5, -0.75]))
