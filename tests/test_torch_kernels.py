"""PyTorch's fused activations replayed with the mathematics of PyTorch's CPU kernels, not of their decompositions.

``F.mish``'s decomposition goes through ``softplus``, whose threshold (20) PyTorch's
mish kernel does not have: replayed so, the exact reference jumped at x = 20
where PyTorch's function is smooth. ``mish``, ``silu`` and their backward ops are
replayed as the kernels compute them, op by op, so a backward that breaks in the
dtype (mish's at x = -710 in float64) is an op named at the user's line; and
``hardsigmoid_backward`` multiplies by the kernel's float32 sixth in every dtype.
"""

import inspect

import mpmath
import numpy as np
import torch
import torch.nn.functional as F

import gradcli
from gradcli.autodiff import mp as mp_core
from gradcli.capture.torch_bridge import _Captured

mp_core.enable()  # what the exact reference does before it replays on mpmath numbers


def mish_loss(x):
    return F.mish(x).sum()


def silu_loss(x):
    return F.silu(x).sum()


def hardsigmoid_loss(x):
    return F.hardsigmoid(x).sum()


def _line_of(fun, text):
    lines, first = inspect.getsourcelines(fun)
    return first + next(i for i, line in enumerate(lines) if text in line)


def _exact_mish(x):
    return x * mpmath.tanh(mpmath.log1p(mpmath.exp(x)))


def test_mishs_exact_replay_has_no_softplus_threshold():
    # past 20 softplus's threshold would replace log1p(exp(x)) by x: a relative change of about 1e-26 at 20.5
    captured = _Captured(mish_loss, "mish")
    with mpmath.workdps(60):
        for x in ("19.5", "20", "20.5", "35"):
            point = np.array([mpmath.mpf(x)], dtype=object)
            value = captured.forward(point)
            want = _exact_mish(mpmath.mpf(x))
            assert abs(value - want) <= mpmath.mpf(10) ** -55 * abs(want), x
            [gradient] = captured.backward((point,), mpmath.mpf(1))
            want_gradient = mpmath.diff(_exact_mish, mpmath.mpf(x))
            assert abs(gradient[0] - want_gradient) <= mpmath.mpf(10) ** -50 * abs(want_gradient), x


def test_mish_at_its_old_threshold_is_ok_on_both_sides():
    for x in (20.0, 20.5, 19.5):
        [result] = gradcli.check(mish_loss, [{"x": np.array([x, 0.3])}], framework="torch", dtypes=("float64",)).results
        assert result.status == "ok", (x, result.status)


def test_mishs_backward_lost_in_float64_names_the_users_line():
    # PyTorch's mish_backward takes sigmoid(x) as 1/(1 + exp(-x)): exp(710) overflows, the x sigmoid(x) term is
    # lost, and the gradient is e^-710 where the exact one is about (1 - 709) e^-710
    [result] = gradcli.check(mish_loss, [{"x": np.array([-710.0])}], framework="torch", dtypes=("float64",)).results
    assert result.status == "unstable"
    exact = mpmath.diff(_exact_mish, mpmath.mpf(-710))
    assert abs(float(result.exact_gradient["x"][0]) - float(exact)) <= 1e-10 * abs(float(exact))
    line = f"{__file__.rsplit('/', 1)[-1]}:{_line_of(mish_loss, 'F.mish')}"
    located = [f for f in result.findings if f.phase == "backward" and f.location and f.location.endswith(line)]
    assert located, [(f.phase, f.location, f.message) for f in result.findings]


def test_silu_and_mish_replay_as_one_kernel_op_each_way():
    for fun, names in ((silu_loss, {"silu", "silu_backward"}), (mish_loss, {"mish", "mish_backward"})):
        captured = _Captured(fun, fun.__name__)
        point = np.array([-3.0, 0.5, 40.0])
        graph = captured._graph((point,), [point])
        assert names <= {step.op for step in graph.steps}
        assert not {"softplus", "sigmoid", "softplus_backward"} & {step.op for step in graph.steps}
        x = torch.tensor(point, requires_grad=True)
        want = torch.autograd.grad(fun(x), x)[0].numpy()
        [got] = captured.backward((point,), np.float64(1.0))
        np.testing.assert_allclose(got, want, rtol=1e-15)


def test_silu_is_ok_and_exact_far_out():
    for x in (-800.0, -30.0, 2.0, 800.0):
        [result] = gradcli.check(silu_loss, [{"x": np.array([x])}], framework="torch", dtypes=("float64",)).results
        exact = mpmath.diff(lambda t: t / (1 + mpmath.exp(-t)), mpmath.mpf(x))
        assert abs(float(result.exact_gradient["x"][0]) - float(exact)) <= 1e-10 * abs(float(exact)) + 1e-300, x


def test_hardsigmoid_backward_replays_the_kernels_float32_sixth_in_float64():
    captured = _Captured(hardsigmoid_loss, "hardsigmoid")
    point = np.array([0.5, -1.0])
    [replayed] = captured.backward((point,), np.float64(1.0))
    x = torch.tensor(point, requires_grad=True)
    own = torch.autograd.grad(hardsigmoid_loss(x), x)[0].numpy()
    sixth = float(np.float32(1.0) / np.float32(6.0))
    assert list(replayed) == [sixth, sixth] == list(own)  # 1 * c is c exactly on every path
    with mpmath.workdps(40):
        [exact] = captured.backward((np.array([mpmath.mpf(0.5)], dtype=object),), mpmath.mpf(1))
        assert abs(exact[0] - mpmath.mpf(1) / 6) < mpmath.mpf(10) ** -35
