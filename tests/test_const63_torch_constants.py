"""PyTorch's own constants are the numbers they round in the exact replay; the user's stay the floats written.

Issue 27's N1 and C1 as classes, in PyTorch. ``torch.special.ndtr(z)`` reaches the trace as ATen's composite
``(1 + erf(z * M_SQRT1_2)) * 0.5``: the 0.7071067811865476 is no number of the user's (the user's call handed PyTorch
none), so the exact replay takes 1/sqrt 2 itself, in the float64 program and in the float32 one (which held it in
float32 and put 3e-8 into the exact slopes). A library's constant (``torch.distributions``' ``math.sqrt(2)``, a
continuous Bernoulli's ``math.log(2.0)``) is the number too. The user's own ``0.7071067811865476`` or ``math.sqrt(0.5)``
stays the float it is, as the program in each dtype holds it; and where the user's ``math.log(2.0)`` cancels to the
rounding of the constant, the value is judged against the program as meant. Truths are mpmath's at 800 bits.
"""

import math

import mpmath
import numpy as np
import pytest

import torch
from torch.distributions import ContinuousBernoulli, Normal

import gradcli
from gradcli.autodiff import mp as mp_core
from gradcli.capture import torch_bridge
from gradcli.capture.exact_constants import held_in

# The functions under check, written as their users would (module level: gradcli reads them from this file).

def ndtr_loss(x):
    return -torch.log(torch.special.ndtr(x)).sum()


def ndtr_by_hand(x):
    return -torch.log(0.5 * (1 + torch.erf(x * 0.7071067811865476))).sum()


def ndtr_by_hand_computed(x):
    return -torch.log(0.5 * (1 + torch.erf(x * math.sqrt(0.5)))).sum()


def normal_cdf(x):
    return torch.log(Normal(0.0, 1.0).cdf(x)).sum()


def cb_logp(probs):
    return ContinuousBernoulli(probs=probs).log_prob(torch.tensor(0.3, dtype=probs.dtype)).sum()


def softplus_minus_ln2(x):
    return (torch.log1p(torch.exp(x)) - math.log(2.0)).sum()


def nan_to_num_of_log(x):
    return torch.nan_to_num(torch.log(x), nan=0.0).sum()


POINTS = (-20, -2, 0.5)


def _replayed(fun, dtype):
    """The exact replay of ``fun``'s captured graph at `POINTS` at 800 bits (1 + erf(-14) keeps 89 digits of its 300):
    its value and its gradient, as the program in ``dtype`` holds its constants."""
    mp_core.enable()
    captured = torch_bridge._Captured(fun, fun.__name__)
    with mpmath.workprec(800), held_in(dtype):
        x = np.array([mpmath.mpf(p) for p in POINTS], dtype=object)
        value = captured.forward(x)
        (gradient,) = captured.backward((x,), mpmath.mpf(1))
    return value, list(gradient)


def _minus_log_phi(c):
    """-sum log((1 + erf(c x)) / 2) at `POINTS` and its slopes, with the constant c (1/sqrt 2 for the normal cdf);
    1 + erf(c x) written erfc(-c x), which keeps its digits at x = -20."""
    xs = [mpmath.mpf(p) for p in POINTS]
    value = -sum(mpmath.log(mpmath.erfc(-c * x) / 2) for x in xs)
    slopes = [-2 * c / mpmath.sqrt(mpmath.pi) * mpmath.exp(-(c * x) ** 2) / mpmath.erfc(-c * x) for x in xs]
    return value, slopes


def _close(found, truth, rtol):
    return abs(found - truth) <= rtol * abs(truth)


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_a_decompositions_constant_is_the_number_it_rounds(dtype):
    with mpmath.workprec(800):
        value, slopes = _replayed(ndtr_loss, dtype)
        truth, truths = _minus_log_phi(1 / mpmath.sqrt(2))
        assert _close(value, truth, mpmath.mpf(2) ** -180)
        assert all(_close(s, t, mpmath.mpf(2) ** -180) for s, t in zip(slopes, truths))


@pytest.mark.parametrize("name", ["ndtr_by_hand", "ndtr_by_hand_computed"])
@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_the_users_own_constant_stays_the_float(name, dtype):
    with mpmath.workprec(800):
        value, slopes = _replayed(globals()[name], dtype)
        # PyTorch's float32 kernels hold a Python scalar in float32: the user's number as that program holds it
        # (the float written, math.sqrt(0.5); no literal handed to a call here, which would make it this file's number)
        held = mpmath.mpf(float(np.asarray(math.sqrt(0.5), dtype=dtype)))
        truth, truths = _minus_log_phi(held)
        assert _close(value, truth, mpmath.mpf(2) ** -180)
        assert all(_close(s, t, mpmath.mpf(2) ** -180) for s, t in zip(slopes, truths))
        meant, _ = _minus_log_phi(1 / mpmath.sqrt(2))
        assert not _close(value, meant, mpmath.mpf(2) ** -100)  # not the constant it is near


def test_a_librarys_constant_is_the_number():
    with mpmath.workprec(800):
        value, slopes = _replayed(normal_cdf, np.float32)
        truth, truths = _minus_log_phi(1 / mpmath.sqrt(2))
        assert _close(value, -truth, mpmath.mpf(2) ** -180)
        assert all(_close(s, -t, mpmath.mpf(2) ** -180) for s, t in zip(slopes, truths))


def test_a_librarys_log_2_leaves_no_cancellation():
    """A continuous Bernoulli's log-density of 0.3 at probs = 1/2 is log C(1/2) + log(1/2) = log 2 - log 2 = 0, its
    slope 0.3 / (1/2) - 0.7 / (1/2) + (log C)'(1/2) = 4 * 0.3 - 2 = -0.8 (log C is even about 1/2)."""
    for r in gradcli.check(f"{__file__}:cb_logp", [{"probs": 0.5}], dtypes=["float64", "float32"], fixes=False).results:
        assert r.status == "ok", (r.dtype, r.findings)
        assert r.value == 0.0 and r.exact_value == 0.0
        observed = mpmath.mpf(float(np.asarray(0.3, dtype=r.dtype)))  # the program's 0.3 in its dtype
        assert _close(mpmath.mpf(r.exact_gradient["probs"]), 4 * observed - 2, 1e-15)


def test_a_users_log_2_rounding_is_no_cancellation_but_a_real_one_is():
    results = gradcli.check(f"{__file__}:softplus_minus_ln2", [{"x": np.zeros(1)}, {"x": np.full(1, 1e-10)}],
                            dtypes=["float64"], fixes=False).results
    at_zero, near_zero = results
    assert at_zero.status == "ok" and at_zero.value == 0.0, at_zero.findings
    assert any("rounding of its constants" in note for note in at_zero.notes)
    assert near_zero.status == "unstable"  # softplus(1e-10) - log 2 = 5e-11 + 1.25e-21 loses 23 bits in float64
    with mpmath.workdps(50):
        assert not _close(near_zero.value, mpmath.log1p(mpmath.exp(mpmath.mpf(1e-10))) - mpmath.log(2), 1e-10)


def test_nan_to_num_of_a_nan_held_all_around_is_flat():
    (r,) = gradcli.check(f"{__file__}:nan_to_num_of_log", [{"x": np.array([0.5, -1.0])}], dtypes=["float64"],
                         fixes=False).results
    assert r.status == "ok", r.findings
    assert np.array_equal(r.exact_gradient["x"], [2.0, 0.0])
    assert r.value == math.log(0.5)
