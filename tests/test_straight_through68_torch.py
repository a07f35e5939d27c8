"""A framework call whose backward is a straight-through estimator (PyTorch's fake_quantize: a step function forward,
the upstream gradient handed on inside its range) is named for what it is: a backward that is by design not the
derivative of its forward, whose derivative judged is the step's 0 off its jumps; not a value the program computes
otherwise than the function."""

import numpy as np
import torch

import gradcli

X = [0.3, -0.7, 40.0]  # x / 0.25 = 1.2, -2.8 (inside the 8-bit range, off the grid's jumps at halves) and 160 (clamped)
WEIGHTS = [1.0, 0.5, 2.0]


def fake_quantized(x):
    q = torch.fake_quantize_per_tensor_affine(x, 0.25, 0, -128, 127)
    return (q * torch.tensor(WEIGHTS, dtype=x.dtype)).sum()


def test_a_straight_through_backward_is_named_a_straight_through_estimator():
    (result,) = gradcli.check(fake_quantized, [{"x": X}], dtypes=("float32",), fixes=False, framework="torch").results
    assert result.status.value == "wrong", result.findings
    # the step function's slope off its jumps, and PyTorch's own straight-through gradient
    assert [float(v) for v in result.exact_gradient["x"]] == [0.0, 0.0, 0.0]
    x = torch.tensor(X, dtype=torch.float32, requires_grad=True)
    (own,) = torch.autograd.grad(fake_quantized(x), x)
    np.testing.assert_allclose(result.gradient["x"], own.numpy(), rtol=1e-6)
    (finding,) = [f for f in result.findings if f.kind == "wrong-rule"]
    assert finding.location.endswith(f"test_straight_through68_torch.py:{fake_quantized.__code__.co_firstlineno + 1}")
    for words in ("the gradient is not the derivative of the function the code computes", "straight-through estimator",
                  "step function (round)", "by design not that derivative", "0 off its jumps"):
        assert words in finding.message, finding.message
    assert "otherwise than the function" not in finding.message and "rule is wrong" not in finding.message
