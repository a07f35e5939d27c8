"""The ops PyTorch's backward pass makes itself, which no operator of the user's code writes, named as what they are,
with no caret under an operator of the code: the add of a value's gradients from its several uses, as that
accumulation with the value and its uses' lines, at the value's line (trials25a V1: the cancellation in NT-Xent's
exp(sim) was "add at line 29, subtracts nearly equal numbers", a caret under the `+` of `torch.arange(n) + n // 2`);
the sum of a rule's gradient over the axes a broadcast made (a caret under the line's own `.sum()`).
"""

import inspect

import numpy as np
import pytest

import gradcli
from gradcli.capture.torch_bridge import _Captured
from gradcli.views.formatting import finding_underline

torch = pytest.importorskip("torch")


def contrast(x):
    e = torch.exp(x)
    positive = e[0]
    total = e.sum() + 0.0
    return -torch.log(positive / total)


def overflowing_sum(x):
    c = 0.75 * torch.exp(2 * x)
    return (torch.exp(x) * torch.exp(x) - c).sum()


V = torch.tensor([[1.0, 2.0, 3.0], [-1.0, -2.0, -3.0]], dtype=torch.float64)


def broadcast_then_summed(x):
    return torch.exp(x * V).sum()


def float32_times_float64(x):
    return (x * V).sum()


def written_casts_and_expands(x):
    return (x.double().expand(2, 3) * V).sum() + x.sum().double()


def _line(function, k):
    """``file:line`` of the ``k``-th line of ``function``'s body."""
    return f"{inspect.getsourcefile(function)}:{function.__code__.co_firstlineno + k}"


class _Python:
    kind = "function"


def test_gradients_of_two_uses_cancelling_are_named_as_their_accumulation_at_the_values_line():
    (result,) = gradcli.check(contrast, [{"x": np.array([40.0, 0.0, 1.0])}], dtypes=("float64",), fixes=False).results
    assert result.status == "unstable"
    finding = next(f for f in result.findings if f.phase == "backward")
    uses = (_line(contrast, 2).rpartition(":")[2], _line(contrast, 3).rpartition(":")[2])
    assert finding.kind == "cancellation"
    assert finding.op == f"add (the gradient accumulation of torch.exp (aten.exp)'s uses at lines {uses[0]} and {uses[1]})", finding.op
    assert finding.location == _line(contrast, 1)  # e = torch.exp(x)
    assert "adds up the gradients of 2 paths from one value" in finding.message
    assert "^" not in finding_underline(_Python(), finding)  # the line shown, no operator of it underlined


def test_gradients_of_two_uses_overflowing_in_their_sum_are_named_as_that_sum():
    # each use of x gives 2.0e38, their sum overflows float32 before the third use's -3.0e38 arrives: exact 1.0e38
    (result,) = gradcli.check(overflowing_sum, [{"x": np.array([44.1, 1.0])}], dtypes=("float32",), fixes=False).results
    assert result.status == "unstable" and np.isinf(result.gradient["x"][0])
    assert float(result.exact_gradient["x"][0]) == pytest.approx(0.5 * np.exp(np.float32(44.1).astype(float) * 2))
    finding = next(f for f in result.findings if f.phase == "backward")
    line = _line(overflowing_sum, 2)
    assert finding.op == f"add (the gradient accumulation of x's 2 uses on line {line.rpartition(':')[2]})", finding.op
    assert finding.location == line
    assert "the first NaN or inf of that pass: the gradient accumulation of x's 2 uses" in finding.message


def test_a_broadcasts_sum_in_the_backward_pass_is_named_as_that_sum_not_the_lines_own_sum():
    # x's gradient is exp(x V) V summed over V's two rows, which nearly cancel at x[0] = 1e-9
    (result,) = gradcli.check(broadcast_then_summed, [{"x": np.array([1e-9, 2.0, 3.0])}], dtypes=("float64",),
                              fixes=False).results
    assert result.status == "unstable"
    finding = next(f for f in result.findings if f.phase == "backward")
    assert finding.op == "sum (the sum of mul's gradient over the axes it broadcast its input along)", finding.op
    assert finding.location == _line(broadcast_then_summed, 1)
    assert "^" not in finding_underline(_Python(), finding)  # before: under the line's `.sum()`


def _made_by_the_pass(function, point):
    """The ops of ``function``'s graph at ``point`` that PyTorch's backward pass makes itself, with their kinds."""
    graph = _Captured(function, function.__name__)._graph((point,), [point])
    return [(step.op, step.where[4][0]) for step in graph.steps if step.where[4:5] and step.where[4]]


def test_the_engines_sum_over_a_broadcast_and_cast_to_the_inputs_dtype_are_the_passs_own_ops():
    point = np.array([1.0, 2.0, 3.0], dtype=np.float32)  # float32 x times float64 V: a float64 gradient for x
    assert _made_by_the_pass(float32_times_float64, point) == [("sum", "broadcast"), ("view", "broadcast"),
                                                                ("_to_copy", "cast")]
    # the gradients of a cast and an expand the code writes are their rules' own: x's two uses are its only sum
    assert _made_by_the_pass(written_casts_and_expands, point) == [("add", "accumulation")]
