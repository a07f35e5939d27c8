"""P1's class: a cone's tip whose difference steps on balls leave the domain or resolve nothing (arccosh(1 + q) at
q = 0, q's denominator a function of the input, so no step is symmetric) goes to the one-sided test, which finds
the cone (`domain`), where the rule is not finite on balls."""

import gradcli
import gradcli.numpy as gnp

def _result(fun, point):
    return gradcli.check(fun, point, dtypes=["float64"]).results[0]


def test_a_cone_beside_an_input_dependent_denominator_is_a_kink():
    """A cone beside a denominator that moves with x is a kink at its tip, not "no difference resolves this
    derivative" (the Poincare distance at its fixed point, a case of tests/trials/cases23b.py, is this)."""
    result = _result(lambda x: gnp.arccosh(1 + x * x / (2 - x)), {"x": 0.0})
    assert result.status == "domain"
    assert any("-1 from the left and 1 from the right" in f.message for f in result.findings)


def test_a_smooth_square_of_the_cone_keeps_its_exact_zero():
    """arccosh(1 + x^2)^2 is 2 x^2 near 0: differences resolve it (a symmetric step), the rule's NaN is wrong."""
    result = _result(lambda x: gnp.arccosh(1 + x * x) ** 2, {"x": 0.0})
    assert (result.status, result.exact_gradient) == ("wrong", {"x": 0.0})
