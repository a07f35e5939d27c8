"""A float the user hands a PyTorch library function (``F.rms_norm``'s eps, ``F.leaky_relu``'s slope, ``F.normalize``'s
eps) is the user's number: the exact reference of the float32 program holds it as float32 holds it, as PyTorch's
float32 kernels do, in the forward ops the library calls and in the backward that differentiates them (L1')."""

import mpmath
import numpy as np
import pytest
import torch
import torch.nn.functional as F

import gradcli
from gradcli.capture.exact_constants import held_in
from gradcli.capture.torch_bridge import capture

READOUT = [0.5, -1.0, 2.0]


def rms_loss(x):
    return (F.rms_norm(x, (3,), eps=0.1) * torch.tensor(READOUT, dtype=x.dtype)).sum()


def leaky_loss(x):
    return F.leaky_relu(x, 0.1).sum()


def normalized_loss(x):
    return (F.normalize(x, dim=-1, eps=0.3) * torch.tensor(READOUT, dtype=x.dtype)).sum()


def _exact_gradient(fun, x, dtype):
    """The exact replay of ``fun``'s program in ``dtype`` at ``x``: (value, gradient) as mpmath numbers."""
    bridge = capture(fun, fun.__name__)
    exact = np.vectorize(mpmath.mpf, otypes=[object])(np.asarray(x, dtype=np.float64))
    with held_in(dtype):
        return bridge.forward(exact), bridge.backward((exact,), mpmath.mpf(1))[0]


def test_rms_norms_eps_is_float32s_in_the_float32_program():
    x = np.zeros((1, 3))
    _, gradient = _exact_gradient(rms_loss, x, "float32")
    eps32 = mpmath.mpf(float(np.float32(0.1)))
    # at x = 0 the slope is readout / sqrt(eps)
    assert [float(g) for g in gradient[0]] == pytest.approx([c / mpmath.sqrt(eps32) for c in READOUT], rel=1e-14)
    _, gradient64 = _exact_gradient(rms_loss, x, "float64")
    assert [float(g) for g in gradient64[0]] == pytest.approx([c / mpmath.sqrt(mpmath.mpf(0.1)) for c in READOUT],
                                                            rel=1e-14)


def test_leaky_relus_slope_is_float32s_in_the_forward_and_in_its_backward():
    [result] = gradcli.check(leaky_loss, [{"x": np.array([-2.0, 3.0])}], dtypes=["float32"], fixes=False).results
    assert result.status == "ok"
    assert np.asarray(result.exact_gradient["x"]).tolist() == [float(np.float32(0.1)), 1.0]
    assert float(result.exact_value) == pytest.approx(3.0 - 2 * float(np.float32(0.1)), rel=1e-15)
    value, gradient = _exact_gradient(leaky_loss, np.array([-2.0, 3.0]), "float64")
    assert [float(g) for g in gradient] == [0.1, 1.0]


def test_normalizes_eps_is_float32s_where_it_clamps():
    x = np.array([[0.1, -0.2, 0.05]])  # norm 0.229 < eps: the norm is clamped to eps, the slope readout / eps
    _, gradient = _exact_gradient(normalized_loss, x, "float32")
    assert [float(g) for g in gradient[0]] == pytest.approx([c / float(np.float32(0.3)) for c in READOUT], rel=1e-14)
