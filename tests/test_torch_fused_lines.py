"""Every finding about an op of a PyTorch function names the user's file and line, fused ops' backward rules included.

PyTorch's backward of a fused op (softplus, mish, silu, hardsigmoid, sigmoid,
tanh, log_softmax, softmax, binary_cross_entropy, cross_entropy) is replayed
op by op at the line of the forward call it belongs to. A finding that blames
the function's whole gradient rule (inaccurate in the dtype, or wrong at high
precision) takes the line of the replayed backward op that lost the digits.
Findings about the point itself (unreliable differences, a value beyond the
dtype, a kink) name no op and no line.
"""

import inspect

import numpy as np
import pytest
import torch
import torch.nn.functional as F

import gradcli

# Findings about the point, not about an op of the function.
ABOUT_THE_POINT = {"fd-unreliable", "undetermined", "out-of-range", "singular"}


def softplus_loss(x):
    return F.softplus(x, beta=1.0, threshold=100.0).sum()


def mish_loss(x):
    return F.mish(x).sum()


def silu_loss(x):
    return F.silu(x).sum()


def hardsigmoid_loss(x):
    return F.hardsigmoid(x).sum()


def sigmoid_loss(x):
    return torch.sigmoid(x).sum()


def tanh_loss(x):
    return torch.tanh(x).sum()


def log_softmax_loss(x):
    return F.log_softmax(torch.stack([x, -x]), dim=0)[0].sum()


def softmax_loss(x):
    return F.softmax(torch.stack([x, -x]), dim=0)[0].sum()


def bce_loss(x):
    return F.binary_cross_entropy(torch.sigmoid(x), torch.full_like(x, 0.3))


def cross_entropy_loss(x):
    return F.cross_entropy(torch.stack([x, -x], dim=-1), torch.zeros(x.shape, dtype=torch.long))


# (function, the text of its line, x, dtype, the verdict): a point where the fused op's backward breaks in the dtype.
CASES = [
    (softplus_loss, "F.softplus", 95.0, "float32", "unstable"),  # exp(95) overflows in softplus_backward
    (mish_loss, "F.mish", -710.0, "float64", "unstable"),
    (mish_loss, "F.mish", -100.0, "float32", "unstable"),
    (silu_loss, "F.silu", -100.0, "float32", "unstable"),
    (silu_loss, "F.silu", -710.0, "float64", "unstable"),
    (hardsigmoid_loss, "F.hardsigmoid", 0.5, "float64", "unstable"),  # the kernel's float32 sixth
    (sigmoid_loss, "torch.sigmoid", -100.0, "float32", "unstable"),
    (sigmoid_loss, "torch.sigmoid", 40.0, "float64", "unstable"),
    (tanh_loss, "torch.tanh", 20.0, "float32", "unstable"),
    (log_softmax_loss, "F.log_softmax", 20.0, "float32", "unstable"),
    (softmax_loss, "F.softmax", 50.0, "float32", "unstable"),
    (bce_loss, "F.binary_cross_entropy", 100.0, "float32", "unstable"),
    (bce_loss, "F.binary_cross_entropy", -40.0, "float64", "wrong"),  # its backward divides by max(p(1-p), 1e-12)
    (cross_entropy_loss, "F.cross_entropy", 20.0, "float32", "unstable"),
]


def _line_of(fun, text):
    lines, first = inspect.getsourcelines(fun)
    return f"{__file__.rsplit('/', 1)[-1]}:{first + next(i for i, line in enumerate(lines) if text in line)}"


@pytest.mark.parametrize("fun, text, x, dtype, verdict", CASES, ids=[f"{c[0].__name__}-{c[3]}-{c[2]}" for c in CASES])
def test_each_finding_about_an_op_names_the_users_line(fun, text, x, dtype, verdict):
    [result] = gradcli.check(fun, [{"x": np.array([x, 0.5])}], framework="torch", dtypes=(dtype,)).results
    assert result.status == verdict
    about_ops = [f for f in result.findings if f.kind not in ABOUT_THE_POINT]
    assert about_ops, [(f.kind, f.message) for f in result.findings]
    line = _line_of(fun, text)
    assert all(f.location and f.location.endswith(line) for f in about_ops), [(f.kind, f.op, f.location) for f in about_ops]


def test_the_whole_rules_finding_of_hardsigmoid_in_float64_names_its_line():
    # the one finding there: the function's rule computes 1/6 to float32's digits, no op amplifying anything
    [result] = gradcli.check(hardsigmoid_loss, [{"x": np.array([0.5])}], framework="torch", dtypes=("float64",)).results
    [finding] = result.findings
    assert finding.message.startswith("the gradient rule of hardsigmoid_loss computes")
    assert finding.location.endswith(_line_of(hardsigmoid_loss, "F.hardsigmoid"))
