"""Sine and cosine of p pi / q past the field's limits (2q above `max_power`, a long window's angle) in a proof: the
circle's symmetries hold, so cos(2 pi k / N) and cos(2 pi (N - k) / N) are one number and a long symmetric window is
proven symmetric (the N-th roots' sum: tests/test_proofs60_cyclotomic.py).
"""

import sys

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from test_win58_proof_angles import _proven_zero  # noqa: E402


@pytest.mark.parametrize("make", [
    lambda pi, f: f("cos", pi * 2 * 3 / 4999) - f("cos", pi * 2 * 4996 / 4999),  # a symmetric window's mirror entries
    lambda pi, f: f("sin", pi * 2 * 3 / 4999) + f("sin", pi * 2 * 4996 / 4999),
    lambda pi, f: f("cos", pi * 2 * 1000 / 4999) ** 2 + f("sin", pi * 2 * 1000 / 4999) ** 2 - 1,
    lambda pi, f: f("cos", pi * 3 / 70) + f("cos", pi * 67 / 70),  # cos(pi - a) = -cos(a)
    lambda pi, f: f("sin", pi * 3 / 70) + f("sin", pi * 137 / 70),  # sin(2 pi - a) = -sin(a)
    lambda pi, f: f("sin", pi * 1000 / 4999) - f("cos", pi * 2999 / 9998),  # sin(a) = cos(pi/2 - a)
], ids=["mirror-cos", "mirror-sin", "pythagoras", "reflection", "period", "complement"])
def test_angles_past_the_field_meet_by_the_circles_symmetries(make):
    # before: each an atom of its own angle, nothing proven
    assert _proven_zero(make)


@pytest.mark.parametrize("make", [
    lambda pi, f: f("cos", pi * 2 * 3 / 4999) - f("cos", pi * 2 * 4 / 4999),
    lambda pi, f: f("sin", pi * 3 / 70) - f("cos", pi * 3 / 70),
], ids=["neighbours", "sin-against-cos"])
def test_other_angles_stay_apart(make):
    assert not _proven_zero(make)


def _mirrored(x):
    window = gnp.hanning(500)  # angles 2 pi k / 499
    return x[0] * (window[3] - window[496]) + x[1] * (window[7] + window[492] - 2 * window[7])


def test_a_long_windows_mirror_entries_are_proven_equal():
    # before: error, "on balls, the exact value is within 2^-32762 of 0 but not proven 0"
    result = gradcli.check(_mirrored, [{"x": np.array([1.5, -2.0])}], dtypes=("float64",), fixes=False).results[0]
    assert result.status == "ok", [f.message for f in result.findings]
    assert result.exact_value == 0 and result.exact_gradient == {"x": [0.0, 0.0]}
