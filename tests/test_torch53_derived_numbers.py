"""Numbers PyTorch derives from the user's number in more than one step before a kernel reads them: celu's backward
multiplies by ``1 / float32(alpha)`` computed in double, ``lp_pool``'s backward raises to ``1 / p - 1``, rrelu's
evaluation slope is the mean of its bounds, alpha dropout's affine map is three numbers of ``p``. The replay in the
dtype keeps PyTorch's number; the exact run of a rule computes what the number stands for from the forward's own
number (as the program in the dtype holds it), so the rule is judged against the derivative of the same function.

The derived numbers are never written here as literals: a float this file hands to a call is the user's own."""

import mpmath
import numpy as np
import pytest
import torch
import torch.nn.functional as F
from test_torch52_derived_numbers import F32, _exact

from gradcli.autodiff import mp
from gradcli.capture.torch_bridge import capture

ALPHA = 0.3
P = 1.5
SELU_ALPHA = 1.7580993408473766  # SELU's alpha times its scale, as PyTorch's dropout writes it


def celu_cancelled(x):
    return (F.celu(x, alpha=0.3) - 0.3 * torch.expm1(x / 0.3)).sum()


def celu_sum(x):
    return F.celu(x, alpha=0.3).sum()


def lp_pooled(x):
    return F.lp_pool1d(x.reshape(1, 1, -1), 1.5, 2).sum()


def rrelu_sum(x):
    return F.rrelu(x, 0.1, 0.3, training=False).sum()


def alpha_dropped(x):
    torch.manual_seed(0)
    return F.alpha_dropout(x, p=0.3, training=True).sum()


@pytest.fixture(autouse=True)
def _on_mpmath_numbers():
    mp.enable()  # gradcli's ops on mpmath numbers (celu's expm1 and exp)


def _close(a, b):
    """``a`` and ``b`` within 1e-30 relative (or both below 1e-30): far inside a float32 constant's rounding (1e-8)."""
    with mpmath.workdps(40):
        return abs(a - b) <= max(abs(b), 1) * mpmath.mpf("1e-30")


def test_celus_rule_is_the_derivative_of_its_forward_in_both_programs():
    for dtype in ("float32", "float64"):
        _, gradient = _exact(celu_cancelled, [-1.0, -0.5], dtype)
        assert all(_close(g, 0) for g in gradient), (dtype, gradient)  # the rule's 1/alpha is the forward's alpha's
    _, gradient = _exact(celu_sum, [-1.0], "float32")
    with mpmath.workdps(40):
        assert _close(gradient[0], mpmath.exp(-1 / F32(ALPHA)))


def test_celus_replay_in_float64_keeps_pytorchs_number():
    x = torch.tensor([-1.0, -0.5], dtype=torch.float64, requires_grad=True)
    celu_sum(x).backward()
    bridge = capture(celu_sum, "celu_sum")
    replayed = np.asarray(bridge.backward((np.array([-1.0, -0.5]),), 1.0)[0], dtype=np.float64)
    np.testing.assert_allclose(replayed, x.grad.numpy(), rtol=1e-14)  # PyTorch's 1 / float32(0.3), 4e-8 off 1/0.3
    _, exact = _exact(celu_sum, [-1.0, -0.5], "float64")
    assert abs(replayed[0] / float(exact[0]) - 1) > 1e-8


def test_lp_pools_backward_exponent_is_the_forwards_reciprocal_less_one():
    # PyTorch raises to a Python exponent as a double in float32 too (the root 1 / P and its backward's 1 / P - 1),
    # and its backward's product by the exponent holds that factor in float32
    for dtype, held in (("float32", F32), ("float64", mpmath.mpf)):
        _, gradient = _exact(lp_pooled, [2.0, 3.0], dtype)
        with mpmath.workdps(40):
            power, factor, root = held(P), held(1 / P), mpmath.mpf(1 / P)
            total = mpmath.mpf(2) ** power + mpmath.mpf(3) ** power
            expected = factor * total ** (root - 1) * power * mpmath.mpf(2) ** (power - 1)
            assert _close(gradient[0], expected), (dtype, gradient[0], expected)


def test_rrelus_slope_is_float32s_mean_of_its_bounds():
    value, gradient = _exact(rrelu_sum, [-1.0, 2.0], "float32")
    slope = F32((0.1 + 0.3) / 2)  # PyTorch's mean in double, held in float32 by the kernel
    assert _close(gradient[0], slope) and gradient[1] == 1
    assert _close(value, 2 - slope)


def test_alpha_dropouts_affine_numbers_are_float32s_in_the_float32_program():
    x = np.array([0.5, -1.5, 2.0, 0.25, -0.75, 1.0])
    kept = _kept_by(x)
    assert 0 < sum(kept) < len(x)
    scale = 1 / ((SELU_ALPHA ** 2 * 0.3 + 1) * (1 - 0.3)) ** 0.5  # PyTorch's _dropout_impl, in double
    value, _ = _exact(alpha_dropped, x, "float32")
    with mpmath.workdps(40):
        a, alpha_a, alpha_a_p = (F32(v) for v in (scale, SELU_ALPHA * scale, SELU_ALPHA * scale * 0.3))
        expected = sum(mpmath.mpf(float(v)) * m * a + (m - 1) * alpha_a + alpha_a_p for v, m in zip(x, kept))
        assert _close(value, expected)


def _kept_by(x):
    """The entries PyTorch's seeded alpha dropout keeps (1) and drops (0): a kept entry moves with its input."""
    runs = []
    for shift in (0, 1):
        torch.manual_seed(0)
        runs.append(F.alpha_dropout(torch.tensor(x + shift), p=0.3, training=True))
    return [int(d) for d in (runs[1] - runs[0]).abs().gt(0.5).tolist()]
