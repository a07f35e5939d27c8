"""A number a PyTorch library function computes from the user's number before a kernel reads it (``smooth_l1_loss``'s
0.5 * beta, ``huber_loss``'s 0.5 * delta, ``logit``'s 1 - eps, ``pow``'s backward exponent - 1) is held by the
exact reference of the float32 program as that program holds it, as the user's number itself is.

The derived numbers are never written here as literals: a float this file hands to a call is the user's own."""

import mpmath
import numpy as np
import pytest
import torch
import torch.nn.functional as F

from gradcli.autodiff import mp
from gradcli.capture.exact_constants import held_in
from gradcli.capture.torch_bridge import capture

F32 = lambda v: mpmath.mpf(float(np.float32(v)))  # noqa: E731 - the float32 number nearest v, exactly


def smooth_l1(x):
    return F.smooth_l1_loss(x, torch.zeros_like(x), beta=0.3, reduction="sum")


def huber(x):
    return F.huber_loss(x, torch.zeros_like(x), delta=0.3, reduction="sum")


def powed(x):
    return (x ** 0.3).sum()


@pytest.fixture(autouse=True)
def _on_mpmath_numbers():
    mp.enable()  # gradcli's ops on mpmath numbers, as a check enables them before its exact replay


def _exact(fun, x, dtype):
    """The exact replay of ``fun``'s program in ``dtype`` at ``x`` at 40 digits: (value, gradient) as mpmath numbers."""
    bridge = capture(fun, fun.__name__)
    with mpmath.workdps(40):
        exact = np.vectorize(mpmath.mpf, otypes=[object])(np.asarray(x, dtype=np.float64))
        with held_in(dtype):
            return bridge.forward(exact), list(bridge.backward((exact,), mpmath.mpf(1))[0])


def _close(a, b):
    """``a`` and ``b`` within 1e-30 relative: far inside float32's rounding of a constant (about 1e-8)."""
    with mpmath.workdps(40):
        return abs(a - b) <= abs(b) * mpmath.mpf("1e-30")


def test_smooth_l1s_half_beta_is_float32s_in_the_float32_program():
    """On the linear side the value is |x| - beta/2: float32's beta halved, not 0.15 as written."""
    value, gradient = _exact(smooth_l1, [1.0, -2.0, 0.1], "float32")
    with mpmath.workdps(40):
        tenth = mpmath.mpf(0.1)
        assert _close(value, 3 - 2 * F32(0.3) / 2 + tenth ** 2 / 2 / F32(0.3))
        assert gradient[:2] == [1, -1] and _close(gradient[2], tenth / F32(0.3))
        value64, _ = _exact(smooth_l1, [1.0, -2.0, 0.1], "float64")
        assert _close(value64, 3 - 2 * (mpmath.mpf(0.3) / 2) + tenth ** 2 / 2 / mpmath.mpf(0.3))


def test_hubers_half_delta_is_float32s_in_the_float32_program():
    value, _ = _exact(huber, [1.0, -2.0], "float32")
    value64, _ = _exact(huber, [1.0, -2.0], "float64")
    with mpmath.workdps(40):
        assert _close(value, F32(0.3) * (3 - 2 * F32(0.3) / 2))
        assert _close(value64, mpmath.mpf(0.3) * (3 - 2 * (mpmath.mpf(0.3) / 2)))


def test_pows_backward_exponent_is_the_double_pytorch_computes_and_its_factor_float32s():
    """PyTorch's backward of x ** 0.3 is 0.3 * x ** (0.3 - 1): the exponent derived from the double 0.3 and raised to
    as a double (the scalar kernel's path: a tensor of a few elements), so exactly 0.3 - 1 of the double 0.3 in the
    exact replay; the factor 0.3 the product holds in float32."""
    _, gradient = _exact(powed, [2.0], "float32")
    with mpmath.workdps(40):
        assert _close(gradient[0], F32(0.3) * mpmath.mpf(2) ** (mpmath.mpf(0.3) - 1))