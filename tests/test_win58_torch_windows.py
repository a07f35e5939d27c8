"""A long window's angles are exact too: PyTorch's ``hann_window(n)`` decomposes to ``iota(n + 1) * (2 pi / n)``, and
2 pi / 5001 reduces to no fraction of a small denominator; the window's own length n (or n - 1) is the denominator
its angles have, whatever its size, and no other float is read as an angle of it."""

import math

import mpmath
import numpy as np
import pytest
import torch

from gradcli.autodiff import mp as mp_core
from gradcli.capture.exact_constants import angle_of_pi
from gradcli.capture.torch_bridge import capture


def test_a_long_windows_step_is_its_angle_given_the_windows_length():
    step = 2 * math.pi / 5001
    assert angle_of_pi(step) is None  # 5001 is past the small denominators any float is compared with
    assert angle_of_pi(step, {5002}) == (2, 5001) and angle_of_pi(step, {5001}) == (2, 5001)
    assert angle_of_pi(-5 * step, {5002}) == (-10, 5001)


@pytest.mark.parametrize("number", [2 * math.pi / 5001 + 8 * math.ulp(2 * math.pi / 5001), 2 * math.pi / 5003, 0.1,
                                    1e-300, 4 * math.pi + 1e-3])
def test_other_floats_are_no_angle_of_that_window(number):
    assert angle_of_pi(number, {5002}) is None


def test_random_floats_are_no_angle_of_long_windows():
    numbers = np.random.default_rng(58).uniform(0, 4 * math.pi, 500)
    assert not [x for x in numbers if angle_of_pi(float(x), {5002, 100001}) is not None]


def long_hann(x):
    """An entry of a 4100-entry symmetric Hann window: 1/2 - cos(2050 pi / 4099) / 2 (4099: past the small
    denominators)."""
    return (torch.hann_window(4100, periodic=False, dtype=x.dtype)[1025] * x).sum()


def test_a_long_windows_exact_replay_is_its_mathematics():
    mp_core.enable()
    bridge = capture(long_hann, "long_hann")
    with mpmath.workprec(150):
        gradient = bridge.backward((np.array([mpmath.mpf(1)], dtype=object),), mpmath.mpf(1))[0]
        truth = mpmath.mpf(1) / 2 - mpmath.cospi(mpmath.mpf(2050) / 4099) / 2
        assert abs(gradient[0] - truth) < mpmath.mpf(2) ** -140  # the float angle's: 1e-17 off
