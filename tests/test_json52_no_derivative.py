"""An exact gradient entry that is no finite number says which: ``"inf"``/``"-inf"`` where the slope grows without
bound to it on every side the function is defined on, ``"nan"`` where no derivative exists, and why
(``exact_gradient_why``), in the result and in ``gradcli.check/1``."""

import json

import numpy as np

import gradcli
import gradcli.numpy as gnp
from gradcli.scipy.special import xlogy
from gradcli.views.json import indented


def _one(target, point):
    [result] = gradcli.check(target, [point], dtypes=("float64",), fixes=False).results
    assert result.status == "domain", (result.status, result.findings)
    return result


def test_a_slope_that_diverges_on_the_only_side_there_is_is_its_signed_infinity():
    result = _one("sqrt(x)", {"x": 0.0})
    assert result.exact_gradient["x"] == np.inf
    assert "+inf from the right (the only side" in result.exact_gradient_why["x"]
    assert _one("-cbrt(x)", {"x": 0.0}).exact_gradient["x"] == -np.inf  # from both sides
    assert _one("arccos(x)", {"x": 1.0}).exact_gradient["x"] == -np.inf  # from the left, the only side


def test_no_derivative_is_nan_with_its_reason():
    kink = _one("abs(x)", {"x": 0.0})
    assert np.isnan(kink.exact_gradient["x"]) and "-1 from the left" in kink.exact_gradient_why["x"]
    apart = _one("sqrt(abs(x))", {"x": 0.0})
    assert np.isnan(apart.exact_gradient["x"])
    assert "-inf from the left" in apart.exact_gradient_why["x"] and "+inf from the right" in apart.exact_gradient_why["x"]
    jump = _one("where(x > 0, 1, 0)", {"x": 0.0})
    assert np.isnan(jump.exact_gradient["x"]) and "jumps" in jump.exact_gradient_why["x"]


def test_the_function_infinite_on_both_sides_has_no_derivative_whatever_its_difference_quotients():
    """(a - 1) log 0 at a = 1 is 0, and -inf right of it, +inf left: both one-sided quotients are -inf, yet the
    function is not even finite beside the point, so there is no derivative (the central difference said -inf)."""
    result = _one(lambda a, b: gnp.sum(xlogy(a - 1, gnp.array([0.0, 0.5])) * b), {"a": 1.0, "b": np.array([1.0, 2.0])})
    assert np.isnan(result.exact_gradient["a"])
    assert "+inf on the left and -inf on the right" in result.exact_gradient_why["a"]
    assert result.exact_gradient_why["b"] is None and np.all(np.isfinite(result.exact_gradient["b"]))


def test_the_json_gives_each_entry_and_its_reason():
    report = gradcli.check(lambda x: gnp.sum(gnp.sqrt(x) * x[1]), [{"x": np.array([0.0, 4.0])}], dtypes=("float64",),
                           fixes=False)
    [shown] = json.loads(indented(report.to_dict()))["results"]
    assert shown["status"] == "domain"
    assert shown["exact_gradient"]["x"][0] == "inf" and abs(shown["exact_gradient"]["x"][1] - 3.0) < 1e-12
    why = shown["exact_gradient_why"]["x"]
    assert "+inf from the right" in why[0] and why[1] is None
    ok = json.loads(indented(gradcli.check("x*x", [{"x": 3.0}], dtypes=("float64",), fixes=False).to_dict()))
    assert ok["results"][0]["exact_gradient_why"] == {"x": None}  # every variable keeps its key


def test_a_vector_outputs_rows_keep_their_reasons():
    [result] = gradcli.check(lambda x: gnp.sqrt(x) * 2, [{"x": np.array([0.0, 4.0])}], dtypes=("float64",),
                             fixes=False).results
    assert result.exact_gradient["x"][0][0] == np.inf
    [first, second] = result.exact_gradient_why["x"]
    assert "+inf from the right" in first[0] and first[1] is None and second is None
