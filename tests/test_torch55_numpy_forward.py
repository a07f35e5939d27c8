"""An ``autograd.Function`` whose forward computes in NumPy (``x.detach().numpy()``, NumPy or SciPy,
``torch.as_tensor``), as PyTorch's "extending with NumPy" tutorial writes it: the forward's mathematics replayed at
high precision by gradcli's NumPy, the user's backward judged against its exact derivative (``ok`` when right,
``wrong`` at the backward's own line when not); tensors the forward made and saved for the backward or set on
``ctx``, a forward returning another dtype than its input's, SciPy's special functions inside it, and a Function
setting up its context apart from a forward returning integers beside its value; a backward computing in NumPy
too, replayed the same way as the rule under test."""

import inspect
import math
import os
import sys

import mpmath
import numpy as np
import pytest
import scipy.special
import torch

import gradcli
from gradcli.errors import InputError

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

from torch_lib19b import NumpyLogCosh, numpy_logcosh  # noqa: E402 - the tutorial's log cosh, forward in NumPy


class LogCoshOff(NumpyLogCosh):
    @staticmethod
    def backward(ctx, grad_output):  # tanh's slope where tanh belongs
        (x,) = ctx.saved_tensors
        return grad_output / torch.cosh(x) ** 2


class Tanh(torch.autograd.Function):
    """Its backward reads the forward's NumPy-made output, saved for it and set on ctx."""

    @staticmethod
    def forward(ctx, x):
        y = torch.from_numpy(np.tanh(x.detach().cpu().numpy()))
        ctx.save_for_backward(y)
        ctx.scale = torch.as_tensor(np.cosh(x.detach().numpy()) ** -2)
        return y

    @staticmethod
    def backward(ctx, grad_output):
        (y,) = ctx.saved_tensors
        return grad_output * (1 - y * y + ctx.scale) / 2  # the slope written two ways, half each


class SquareInDouble(torch.autograd.Function):
    """Whatever its input's dtype, the forward computes and returns float64."""

    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return torch.as_tensor(np.asarray(x.detach().numpy(), dtype=np.float64) ** 2)

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return 2 * x * grad_output


class LogNdtr(torch.autograd.Function):
    """log Phi(x) by SciPy; its backward the inverse Mills ratio from the saved value."""

    @staticmethod
    def forward(ctx, x):
        out = torch.as_tensor(scipy.special.log_ndtr(x.detach().numpy()))
        ctx.save_for_backward(x, out)
        return out

    @staticmethod
    def backward(ctx, grad_output):
        x, out = ctx.saved_tensors
        return grad_output * torch.exp(-x * x / 2 - 0.5 * math.log(2 * math.pi) - out)


class NumpySorted(torch.autograd.Function):
    """Sorted by NumPy, with the inverse permutation (integers, not differentiable) for the backward: its context
    set up apart (``setup_context``), as functorch-ready Functions write it."""

    @staticmethod
    def forward(x):
        order = np.argsort(x.detach().numpy())
        return torch.as_tensor(np.sort(x.detach().numpy())), torch.as_tensor(np.argsort(order))

    @staticmethod
    def setup_context(ctx, inputs, output):
        _, back = output
        ctx.mark_non_differentiable(back)
        ctx.save_for_backward(back)

    @staticmethod
    def backward(ctx, grad_sorted, _):
        (back,) = ctx.saved_tensors
        return grad_sorted.index_select(0, back)


def weighted_sorted(x):
    values, _ = NumpySorted.apply(x)
    return (torch.exp(values) * torch.tensor([1.0, 2.0, 3.0], dtype=x.dtype)).sum()


class LogCoshAllNumpy(NumpyLogCosh):
    """Both ways in NumPy: the backward reads the saved input's numbers too, and its slope is tanh(1.01 x)."""

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return grad_output * torch.as_tensor(np.tanh(1.01 * x.detach().numpy()))


def log_cosh_all_numpy(x):
    return LogCoshAllNumpy.apply(x).sum()


class ExpNumpyBackward(torch.autograd.Function):
    """A forward in torch, its backward in NumPy."""

    forward = staticmethod(lambda ctx, x: (ctx.save_for_backward(x), torch.exp(x))[1])
    backward = staticmethod(lambda ctx, g: g * torch.from_numpy(np.exp(ctx.saved_tensors[0].detach().numpy())))


def exp_numpy_backward(x):
    return ExpNumpyBackward.apply(x).sum()


def log_cosh_off(x):
    return LogCoshOff.apply(x).sum()


def tanh_weighted(x):
    return (Tanh.apply(x * 0.5) * torch.tensor([1.0, -2.0], dtype=x.dtype)).sum()


def square_in_double(x):
    return torch.sin(SquareInDouble.apply(x)).sum()


def log_ndtr_sum(x):
    return LogNdtr.apply(x).sum()


def numpy_outside_a_function(x):
    return (torch.as_tensor(np.exp(x.detach().numpy())) * x).sum()


def _check(fun, x, dtype="float64"):
    [result] = gradcli.check(fun, [{"x": x}], dtypes=(dtype,)).results
    return result


def _close(exact, truth, rtol=1e-12):
    np.testing.assert_allclose(np.asarray(exact, dtype=float), np.asarray(truth, dtype=float), rtol=rtol, atol=0)


def test_the_tutorials_numpy_forward_is_ok_with_its_exact_value():
    result = _check(numpy_logcosh, [800.0, 0.5])
    assert result.status == "ok"
    with mpmath.workdps(40):
        truth = sum(mpmath.log(mpmath.cosh(v)) for v in (800, mpmath.mpf(0.5)))
        assert abs(mpmath.mpf(result.exact_value) - truth) <= 1e-15 * truth
    _close(result.exact_gradient["x"], [1.0, math.tanh(0.5)])


def _wrong_at_its_backward(result, cls):
    """Whether ``result`` is `wrong` with log cosh's exact slope, its finding at ``cls``'s ``def backward`` line."""
    _close(result.exact_gradient["x"], [math.tanh(0.5), math.tanh(-1.25)])
    lines, first = inspect.getsourcelines(cls.backward)
    line = first + next(i for i, text in enumerate(lines) if "def backward" in text)
    [finding] = [f for f in result.findings if f.kind == "wrong-rule"]
    return result.status == "wrong" and finding.location.endswith(f"test_torch55_numpy_forward.py:{line}") \
        and cls.__name__ in finding.op


def test_a_wrong_backward_after_a_numpy_forward_is_wrong_at_its_own_line():
    assert _wrong_at_its_backward(_check(log_cosh_off, [0.5, -1.25], "float32"), LogCoshOff)


def test_tensors_the_numpy_forward_saved_and_set_on_ctx_reach_the_backward():
    result = _check(tanh_weighted, [0.75, -3.0])
    assert result.status == "ok"
    _close(result.exact_gradient["x"], [0.5 / math.cosh(0.375) ** 2, -1.0 / math.cosh(1.5) ** 2])


def test_a_numpy_forward_returning_float64_from_float32():
    for dtype in ("float32", "float64"):
        result = _check(square_in_double, [1.5, -0.25], dtype)
        assert result.status == "ok", (dtype, result.findings)
        _close(result.exact_gradient["x"], [2 * 1.5 * math.cos(2.25), -0.5 * math.cos(0.0625)])


def test_scipys_special_functions_inside_the_forward():
    result = _check(log_ndtr_sum, [-30.0, 1.5])
    assert result.status == "ok"
    with mpmath.workdps(40):
        slopes = [mpmath.npdf(v) / mpmath.ncdf(v) for v in (-30, 1.5)]
    _close(result.exact_gradient["x"], [float(s) for s in slopes])


def test_a_numpy_forward_setting_up_its_context_apart_with_integer_outputs():
    result = _check(weighted_sorted, [0.5, -3.0, 2.0])
    assert result.status == "ok"
    _close(result.exact_gradient["x"], [2 * math.exp(0.5), math.exp(-3.0), 3 * math.exp(2.0)])


def test_a_backward_in_numpy_is_replayed_as_the_rule_and_judged_at_its_line():
    result = _check(log_cosh_all_numpy, [0.5, -1.25])
    assert _wrong_at_its_backward(result, LogCoshAllNumpy)
    _close(result.rule_gradient["x"], [math.tanh(0.505), math.tanh(-1.2625)])  # the backward's own mathematics


def test_a_backward_in_numpy_after_a_forward_in_torch():
    result = _check(exp_numpy_backward, [0.5, -2.0])
    assert result.status == "ok"
    _close(result.rule_gradient["x"], [math.exp(0.5), math.exp(-2.0)])


def test_numpy_outside_a_function_is_refused_at_its_line():
    line = inspect.getsourcelines(numpy_outside_a_function)[1] + 1
    with pytest.raises(InputError, match=rf"leaves PyTorch at .*test_torch55_numpy_forward.py:{line} .* outside an "
                                         r"autograd.Function's forward or backward"):
        _check(numpy_outside_a_function, [1.0, 2.0])
