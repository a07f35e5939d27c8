"""A number an ``autograd.Function``'s NumPy forward computes from its input and sets on ``ctx`` (``ctx.total =
values.sum()``) is the point's: the exact reference replays the forward and takes the number it computes at high
precision, in a backward PyTorch traces and in one computing in NumPy alike. Held as the eager run's float, it was
a float64 in disguise (a right rule judged `wrong` where the float64 total absorbed 1e-17) and, at a second point of
the same shape, the first point's number (a right rule 4x off). The capture runs such a forward eagerly once, for
the output's shape and its notes together, and no replay runs PyTorch's forward again (nor, where only the backward
leaves PyTorch, to count while loops the function has none of)."""

import numpy as np
import pytest

import gradcli

torch = pytest.importorskip("torch")


RUNS = []  # the type of each tensor LogShare's forward ran on


class LogShare(torch.autograd.Function):
    """log of each entry's share of the total, the total computed in NumPy and set on ctx as a number."""

    @staticmethod
    def forward(ctx, x):
        RUNS.append(type(x).__name__)
        values = x.detach().numpy()
        ctx.total = values.sum()
        ctx.save_for_backward(x)
        return torch.as_tensor(np.log(values) - np.log(ctx.total))

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return grad_output / x - grad_output.sum() / ctx.total


class LogShareInNumpy(LogShare):
    """The same rule, computed in NumPy too."""

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        g = grad_output.numpy()
        return torch.as_tensor(g / x.numpy() - g.sum() / ctx.total)


def share(x):
    return LogShare.apply(x)[0]


def share_in_numpy(x):
    return LogShareInNumpy.apply(x)[0]


@pytest.mark.parametrize("function", [share, share_in_numpy])
def test_a_number_the_numpy_forward_sets_on_ctx_is_replayed_at_each_point(function):
    absorbed, other = gradcli.check(function, [{"x": [1.0, 1e-17]}, {"x": [2.0, 3.0]}], dtypes=("float64",),
                                    fixes=False, framework="torch").results
    # 1/x0 - 1/(x0 + x1): the rule is right; float64's total absorbs x1, so its gradient loses x0's slope
    assert absorbed.status == "unstable", [f.message for f in absorbed.findings]
    assert absorbed.rule_gradient["x"][0] == pytest.approx(1e-17 / (1 + 1e-17), rel=1e-12)
    assert absorbed.exact_gradient["x"][0] == pytest.approx(1e-17 / (1 + 1e-17), rel=1e-12)
    assert other.status == "ok"
    assert other.rule_gradient["x"] == pytest.approx([1 / 2 - 1 / 5, -1 / 5], rel=1e-12)


def test_pytorchs_forward_runs_once_for_the_capture_and_once_for_the_check():
    def share_alone(x):  # a function of its own: no graph captured before
        return LogShare.apply(x)[0]

    RUNS.clear()
    (result,) = gradcli.check(share_alone, [{"x": [2.0, 3.0]}], dtypes=("float64",), fixes=False, framework="torch").results
    assert result.status == "ok"
    # PyTorch's run under test, and the capture's one eager run (the output's shape and the forward's notes); the
    # exact replays run the forward's code on gradcli's numbers alone
    assert RUNS.count("Tensor") == 2 and RUNS.count("_Numbers") >= 1, RUNS


class SquareBackwardInNumpy(torch.autograd.Function):
    """Its forward in PyTorch, its backward in NumPy."""

    @staticmethod
    def forward(ctx, x):
        RUNS.append(type(x).__name__)
        ctx.save_for_backward(x)
        return x * x

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return torch.as_tensor(2 * x.detach().numpy() * grad_output.numpy())


def test_a_backward_leaving_pytorch_runs_no_forward_at_each_replay():
    def squares(x):
        return SquareBackwardInNumpy.apply(x).sum()

    RUNS.clear()
    (result,) = gradcli.check(squares, [{"x": [2.0, 3.0]}], dtypes=("float64",), fixes=False, framework="torch").results
    assert result.status == "ok"
    assert RUNS.count("Tensor") == 2, RUNS  # PyTorch's run under test and the capture's eager run
