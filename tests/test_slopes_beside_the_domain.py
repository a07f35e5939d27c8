"""Where one input has no derivative, the others' gradients are still judged.

1/(y log1p(-x)) at x = 1, y = 2 has no derivative in x (log1p's pole), but
its slope in y is an exact 0, and the chain rule's 0 * -inf makes it NaN at
any precision: `wrong`, as checking y alone says. The point was `domain`, its
exit 0, the NaN in y unmentioned. Where every other input is right, the
point stays `domain`.
"""

import pytest

import gradcli


def _result(formula, point, dtype="float64", wrt=None):
    result, = gradcli.check(formula, [point], dtypes=[dtype], wrt=wrt, fixes=False).results
    return result


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_a_nan_slope_beside_a_missing_derivative_is_wrong(dtype):
    result = _result("1/(y*log1p(-x))", {"x": 1.0, "y": 2.0}, dtype)
    assert result.status == "wrong"
    kinds = {f.kind: f.message for f in result.findings}
    # x's left side grows without bound (log1p's pole), its right side is outside log1p's domain
    assert "singular here in x" in kinds["singular"] and "no derivative here" in kinds["singular"], kinds
    assert "{y: nan} even at high precision, where the exact derivative is {y: 0}" in kinds["nonfinite-rule"], kinds


def test_it_says_what_checking_that_input_alone_says():
    alone = _result("1/(y*log1p(-x))", {"x": 1.0, "y": 2.0}, wrt=["y"])
    beside = _result("1/(y*log1p(-x))", {"x": 1.0, "y": 2.0})
    assert alone.status == beside.status == "wrong"


@pytest.mark.parametrize("formula, point", [
    ("abs(x)*y", {"x": 0.0, "y": 3.0}),           # a kink in x; y's slope 0 given exactly
    ("sqrt(x)*y", {"x": 0.0, "y": 3.0}),          # an edge in x; y's slope sqrt(0) = 0
    ("y/log1p(-x)", {"x": 1.0, "y": 2.0}),        # a pole in x; y's slope 1/-inf = -0, its rule's too
])
def test_a_missing_derivative_with_right_slopes_beside_it_stays_domain(formula, point):
    result = _result(formula, point)
    assert result.status == "domain", [f.message for f in result.findings]
    assert result.gradient_error is None
