"""x log y at x = 0 where log y is no number (xlogy(0, 0), xlog1py(0, -1)): the op's value is 0 by definition, but
its slope in x is the log there, so that x's entry has no derivative: `domain`, said so, never a 0 the exact
reference fails to prove. Along y alone the function is 0 log y, 0 for every y: y's partial derivative there is an
exact 0, whether x is an input or a constant."""

import math

import gradcli
import gradcli.numpy as gnp


def weighted_logs(x, y):
    return gnp.sum(gnp.xlogy(x, y))


def shifted_logs(x, y):
    return gnp.sum(gnp.xlog1py(x, y))


def weights_held_at_zero(y):
    return gnp.sum(gnp.xlogy(gnp.array([0.0, 2.0]), y))


def _checked(function, point):
    (result,) = gradcli.check(function, [point], dtypes=("float64",), fixes=False).results
    return result


def _edge_findings(result):
    return sorted(f.op for f in result.findings if f.kind == "singular" and "edge of its domain" in f.message)


def test_xlogy_of_zero_at_zero_is_the_edge_for_x_and_flat_along_y():
    result = _checked(weighted_logs, {"x": gnp.array([0.0, 3.0]), "y": gnp.array([0.0, 2.0])})
    assert result.status == "domain" and _edge_findings(result) == ["x[0]"]
    x, y = result.exact_gradient["x"], result.exact_gradient["y"]
    assert math.isnan(x[0]) and y[0] == 0.0
    assert math.isclose(x[1], math.log(2.0), rel_tol=1e-15) and math.isclose(y[1], 1.5, rel_tol=1e-15)


def test_xlog1py_of_zero_at_minus_one_is_the_edge():
    result = _checked(shifted_logs, {"x": gnp.array([0.0, 2.0]), "y": gnp.array([-1.0, 1e-20])})
    assert result.status == "domain" and _edge_findings(result) == ["x[0]"]
    assert result.exact_gradient["y"][0] == 0.0
    assert math.isclose(float(result.exact_value), 2e-20, rel_tol=1e-15)
    assert math.isclose(result.exact_gradient["y"][1], 2.0, rel_tol=1e-15)


def test_a_constant_zero_weight_leaves_the_slope_in_y_an_exact_zero():
    result = _checked(weights_held_at_zero, gnp.array([0.0, 2.0]))
    assert result.status == "ok" and not _edge_findings(result)
    assert result.exact_gradient["y"][0] == 0.0 and math.isclose(result.exact_gradient["y"][1], 1.0, rel_tol=1e-15)
