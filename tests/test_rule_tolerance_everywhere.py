"""A rule is judged to the tolerance its numbers are checked to, wherever a rule is judged: the gradient, the
Jacobian's forward-mode products (above 64 outputs) and the second derivatives (``order=2``) alike.

Each rule below is off by 1e-9 relative, past float64's 1e-10 and inside the 1e-8 a fixed threshold allowed:
no precision brings the result within 1e-10 of the truth, so it is ``wrong``. A looser ``rtol`` (1e-8, where
the rule's 1e-9 is within it) makes it ok; ``atol`` does not, on any of them: it excuses rounding, never a rule
whose mathematics is off (as the README says of the gradient's).
"""

import gradcli
import gradcli.numpy as gnp

F64 = ("float64",)
OFF = 1 + 1e-9
GRID = [k / 69 for k in range(70)]


@gradcli.custom_gradient
def cube_off(b):
    def grad_fn(upstream):
        return upstream * 3.0 * b * b * OFF

    return b ** 3, grad_fn


def many_off(a, b):
    """70 outputs: checked along random cotangents (VJP) and tangents (JVP), the cube's rule in both."""
    return gnp.sin(a * gnp.asarray(GRID)) + cube_off(b)


def test_a_forward_mode_rule_off_past_the_tolerance_is_wrong():
    (result,) = gradcli.check(many_off, {"a": 0.8, "b": 1.3}, dtypes=F64, fixes=False).results
    assert result.jacobian.mode == "random"
    assert [t["status"].value for t in result.jacobian.tangents] == ["wrong"] * 3
    assert any(f.message.startswith("the forward-mode (JVP) rule is wrong") for f in result.findings)


def test_a_forward_mode_rule_is_judged_to_rtol_and_never_excused_by_atol():
    loose, = gradcli.check(many_off, {"a": 0.8, "b": 1.3}, dtypes=F64, fixes=False, rtol=1e-8).results
    assert [t["status"].value for t in loose.jacobian.tangents] == ["ok"] * 3
    slack, = gradcli.check(many_off, {"a": 0.8, "b": 1.3}, dtypes=F64, fixes=False, atol=1e-6).results
    assert [t["status"].value for t in slack.jacobian.tangents] == ["wrong"] * 3


X0 = 1.5


@gradcli.custom_gradient
def square_bent(x):
    """x^2 whose rule 2x + 2e-9 x0 (x - x0) is right at x0 while its own derivative there is 2 (1 + 1e-9 x0)."""

    def grad_fn(upstream):
        return upstream * (2.0 * x + 2e-9 * X0 * (x - X0))

    return x * x, grad_fn


def test_a_second_order_rule_off_past_the_tolerance_is_wrong():
    (result,) = gradcli.check(square_bent, {"x": X0}, dtypes=F64, order=2, fixes=False).results
    assert result.gradient_status.value == "ok"  # the first-order rule is right at x0
    assert result.hessian_status.value == "wrong"
    assert any(f.message.startswith("the second-derivative rule is wrong") for f in result.findings)


def test_a_second_order_rule_is_judged_to_rtol_and_never_excused_by_atol():
    loose, = gradcli.check(square_bent, {"x": X0}, dtypes=F64, order=2, fixes=False, rtol=1e-8).results
    slack, = gradcli.check(square_bent, {"x": X0}, dtypes=F64, order=2, fixes=False, atol=1e-6).results
    assert (loose.hessian_status.value, slack.hessian_status.value) == ("ok", "wrong")
