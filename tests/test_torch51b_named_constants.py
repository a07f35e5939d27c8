"""A float the user's module binds to a name (``EPS = 0.1`` at its top) and hands a PyTorch library function by that
name (``F.rms_norm(x, shape, eps=EPS)``, a parameter's default ``eps=EPS``) is the user's number, as the literal
written in the call is: the float32 program's exact reference holds it as float32 holds it."""

import mpmath
import numpy as np
import pytest
import torch
import torch.nn.functional as F

from gradcli.capture.exact_constants import held_in
from gradcli.capture.torch_bridge import capture

EPS = 0.1
NORM_EPS: float = 0.3
READOUT = [0.5, -1.0, 2.0]


def rms_loss(x):
    return (F.rms_norm(x, (3,), eps=EPS) * torch.tensor(READOUT, dtype=x.dtype)).sum()


def normalized_loss(x, eps=NORM_EPS):
    return (F.normalize(x, dim=-1, eps=eps) * torch.tensor(READOUT, dtype=x.dtype)).sum()


def _exact_gradient(fun, x, dtype):
    """The exact replay of ``fun``'s program in ``dtype`` at ``x``: its gradient as mpmath numbers."""
    bridge = capture(fun, fun.__name__)
    exact = np.vectorize(mpmath.mpf, otypes=[object])(np.asarray(x, dtype=np.float64))
    with held_in(dtype):
        return bridge.backward((exact,), mpmath.mpf(1))[0]


def test_a_module_constant_handed_by_name_is_float32s_in_the_float32_program():
    x = np.zeros((1, 3))  # the slope is readout / sqrt(eps)
    gradient = _exact_gradient(rms_loss, x, "float32")
    eps32 = mpmath.mpf(float(np.float32(EPS)))
    assert [float(g) for g in gradient[0]] == pytest.approx([c / mpmath.sqrt(eps32) for c in READOUT], rel=1e-14)
    gradient64 = _exact_gradient(rms_loss, x, "float64")
    assert [float(g) for g in gradient64[0]] == pytest.approx([c / mpmath.sqrt(mpmath.mpf(EPS)) for c in READOUT],
                                                            rel=1e-14)


def test_a_parameters_default_named_by_a_module_constant_is_float32s_too():
    x = np.array([[0.1, -0.2, 0.05]])  # norm 0.229 < eps: clamped to eps, the slope readout / eps
    gradient = _exact_gradient(normalized_loss, x, "float32")
    assert [float(g) for g in gradient[0]] == pytest.approx([c / float(np.float32(NORM_EPS)) for c in READOUT],
                                                          rel=1e-14)


def test_a_name_bound_twice_hands_no_number(tmp_path):
    from gradcli.capture.lines import handed_numbers

    path = tmp_path / "twice.py"
    path.write_text("import torch\nEPS = 0.25\nTAU: float = -0.75\nLATE = 0.5\nLATE = 0.125\n\n\n"
                    "def f(x, tau=TAU):\n    return torch.clamp(x, EPS, LATE) * tau\n")
    assert {0.25, -0.25, 0.75, -0.75} <= handed_numbers(str(path))
    assert not {0.5, 0.125} & handed_numbers(str(path))
