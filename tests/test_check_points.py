"""The points `gradcli grad` and `gradcli.check` are given: shapes, values a dtype cannot hold, non-finite values.

Points that do not broadcast, `--random` shapes, and a bare number for a one-variable target;
points beyond a dtype's range or rounding to zero or a subnormal there; nan and inf refused.
CLI runs through `fuzz.targets.run_cli` are held to the fuzz harness's promises (exit 0, 1
or 2, no traceback, no warning), the others run `gradcli.cli.main` in-process. Exact answers
come from mpmath, never from gradcli.
"""

import json
import math
import warnings

import numpy as np
import pytest
from accuracy_helpers import check, exact, run
from fuzz.targets import check_promises, run_cli

import gradcli
import gradcli.numpy as gnp
from gradcli.errors import InputError


def cli(*argv):
    outcome = run_cli(list(argv))
    check_promises(outcome, argv)
    return outcome


# -- shapes: points that do not broadcast, shapes that are no shape --------------------------------


def test_array_points_that_do_not_broadcast_name_both_shapes():
    outcome = cli("grad", "x*y", "--at", "x=[1,2],y=[1,2,3]")
    assert outcome.code == 2
    assert "x has shape (2,) and y has shape (3,)" in outcome.stderr
    with pytest.raises(ValueError, match=r"x has shape \(2,\) and y has shape \(3,\)"):
        gradcli.check("x*y", {"x": [1.0, 2.0], "y": [1.0, 2.0, 3.0]})
    assert cli("grad", "x*y", "--at", "x=[[1],[2]],y=[1,2,3]").code == 0  # (2, 1) and (3,) broadcast


def test_a_shape_that_is_no_shape_is_refused_without_backtracking():
    # `--random` must read its shape without backtracking quadratically over blanks.
    outcome = cli("grad", "x", "--random", "x=(1" + " " * 20_000 + "x")
    assert outcome.code == 2 and "is not a shape such as (1000,)" in outcome.stderr


@pytest.mark.parametrize("spec, bad", [("x=(5", "(5"), ("x=5", "5"), ("x=5)", "5)"), ("x=(5,)(3)", "(5,)(3)")])
def test_random_shape_needs_parentheses(spec, bad, capsys):
    code, out, err = run(["grad", "sin(x)", "--random", spec], capsys)
    assert code == 2 and "Traceback" not in err and "is not a shape" in err
    line, carets = err.splitlines()[-2:]
    start = carets.index("^")
    assert line[start : start + carets.count("^")] == bad


@pytest.mark.parametrize("spec, shape", [("x=(5,)", (5,)), ("x=(5)", (5,)), ("x=(3, 2)", (3, 2))])
def test_random_shapes_in_python_spelling(spec, shape, capsys):
    code, out, err = run(["grad", "sin(x)", "--random", spec, "--dtype", "float64", "--json", "--no-fix"], capsys)
    assert code == 0, err
    assert np.shape(json.loads(out)["results"][0]["point"]["x"]) == shape


def test_a_scalar_point_for_a_one_variable_target():
    report = gradcli.check("x*x", 1.5)
    assert [r.dtype for r in report.results] == ["float32", "float64"]
    assert all(r.gradient == {"x": float(exact(lambda t: 2 * t, 1.5))} for r in report.results)
    with pytest.raises(InputError, match="one variable"):
        gradcli.check("x*y", 1.5)


def _fit(params, x, y):
    """A parameter tree and two data arrays, as a user's loss takes them."""
    return gnp.sum((params["w"] * x - y) ** 2)


def test_a_tuple_point_gives_a_functions_arguments_in_order_as_args_does():
    data = (np.array([0.5, 1.0]), np.array([1.0, -1.0]))
    report = gradcli.check(_fit, [({"w": np.array([1.0, 2.0])}, *data)], wrt=["params"], dtypes=("float64",))
    assert report.variables == ["params.w", "x", "y"]
    assert report.results[0].status == "ok"
    assert report.results[0].gradient == {"params.w": [-0.5, 6.0]}  # 2 (w x - y) x, exact in binary
    with pytest.raises(InputError, match=r"gives 2 arguments; _fit takes 3 \(params, x, y\)"):
        gradcli.check(_fit, [({"w": 1.0}, 2.0)])
    with pytest.raises(InputError, match="dict, or .* a tuple of its arguments"):
        gradcli.check(_fit, [2.0])


# -- points a dtype cannot hold, and non-finite points ---------------------------------------------


@pytest.mark.parametrize("text", ["x", "x*x", "exp(x)"])
def test_no_numpy_warning_at_the_largest_double(text):
    outcome = cli("grad", text, "--at", "1.7976931348623157e308")
    assert "Warning" not in outcome.stderr and "overflow encountered" not in outcome.stderr


def test_a_point_beyond_the_dtype_is_an_error_with_its_reason_and_no_warning(capsys):
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the cast's RuntimeWarning must not leak
        float32, float64 = check("sqrt(x*x+y*y)", [{"x": 1e200, "y": 1e200}], dtypes=("float32", "float64")).results
    assert float32.status == "error"
    (finding,) = [f for f in float32.findings if f.kind == "unrepresentable"]
    assert "x = 1e+200 is not representable in float32" in finding.message
    assert f"{float(np.finfo(np.float32).max):.3g}" in finding.message
    assert float64.status == "unstable"  # x*x overflows float64 where the exact sqrt(2)*1e200 is finite
    assert float32.gradient == {"x": None, "y": None}
    code, out, err = run(["grad", "sqrt(x*x+y*y)", "--at", "x=1e200,y=1e200", "--no-fix"], capsys)
    assert code == 1 and "Warning" not in err and "not representable in float32" in out  # an error result exits 1


def test_points_that_round_to_zero_or_to_a_subnormal_are_noted():
    tiny = float(np.finfo(np.float32).smallest_subnormal)
    (zero,) = check("x", [tiny / 10], dtypes=("float32",)).results
    assert any("is 0 in float32" in n for n in zero.notes), zero.notes
    (subnormal,) = check("x", [tiny * 1000.5], dtypes=("float32",)).results
    assert any("subnormal in float32" in n for n in subnormal.notes), subnormal.notes
    (normal,) = check("x", [1.0], dtypes=("float32",)).results
    assert normal.notes == []


@pytest.mark.parametrize("at", ["nan", "inf", "-inf", "x=[1,nan]", "1e400", "x=[1," + "9" * 400 + "]", "x=[-" + "9" * 400 + "]"])
def test_non_finite_points_are_bad_input(at, capsys):
    code, out, err = run(["grad", "sin(x)", "--at", at], capsys)
    assert code == 2 and out == "" and "is not finite" in err and "Traceback" not in err


def test_non_finite_points_are_refused_by_the_library_too():
    with pytest.raises(InputError, match="not finite"):
        gradcli.check("sin(x)", [math.nan])
