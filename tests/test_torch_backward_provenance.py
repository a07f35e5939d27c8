"""Where a PyTorch function's gradient lost its digits, named at the line and op inside the user's own backward.

A custom ``autograd.Function.backward`` whose subtraction cancels (the slope
of a smooth clip, sigmoid(x) - sigmoid(x - 1) at x = 18, loses 8 digits) is
`unstable`, and the finding names that subtraction on the backward's line,
not the ``.apply`` call that runs it: with and without ``once_differentiable``.
"""

import inspect

import mpmath
import torch
import torch.nn.functional as F
from torch.autograd.function import once_differentiable

import gradcli


class SoftClip(torch.autograd.Function):
    """softplus(x) - softplus(x - 1), its backward by the saved input."""

    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return F.softplus(x) - F.softplus(x - 1.0)

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return grad * (torch.sigmoid(x) - torch.sigmoid(x - 1.0))


class OnceSoftClip(torch.autograd.Function):
    """SoftClip whose backward is not differentiated again."""

    forward = SoftClip.forward

    @staticmethod
    @once_differentiable
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return grad * (torch.sigmoid(x) - torch.sigmoid(x - 1.0))


def _line_of_return(function):
    """file:line of a backward's return statement."""
    lines, first = inspect.getsourcelines(inspect.unwrap(function))
    return f"{__file__}:{first + next(i for i, line in enumerate(lines) if 'return' in line)}"


def _check(clip):
    [result] = gradcli.check(lambda x: clip.apply(x).sum(), [{"x": [18.0]}], framework="torch", dtypes=("float64",)).results
    return result


def test_a_cancelling_custom_backward_is_named_at_its_subtraction():
    for clip in (SoftClip, OnceSoftClip):
        result = _check(clip)
        assert result.status == "unstable", clip
        with mpmath.workdps(40):  # the subtraction cancels 8 of mpmath's digits too
            exact = mpmath.mpf(1) / (1 + mpmath.exp(-18)) - mpmath.mpf(1) / (1 + mpmath.exp(-17))
        assert abs(result.exact_gradient["x"][0] - float(exact)) <= 1e-12 * float(exact)
        backward = [f for f in result.findings if f.phase == "backward"]
        assert [(f.kind, f.op, f.location) for f in backward] == [
            ("cancellation", "subtract", _line_of_return(clip.backward))], clip
