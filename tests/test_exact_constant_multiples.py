"""sin and cos of constants that are small multiples of one another meet in the proof of 0 (a and 2a, exactly).

Angles 0, a, 2a with a = fl(2 pi / 3) (2a is exact in binary) have a mean
resultant (C, S) that is all rounding, yet d/dtheta1 of the circular variance
1 - sqrt(C^2 + S^2) is exactly 0: -C sin a + S cos a holds sin(2a) cos(a) -
cos(2a) sin(a) - sin(a), which is 0 only once sin(2a) and cos(2a) are seen as
2 sin(a) cos(a) and cos(a)^2 - sin(a)^2. Constants whose ratio is not a small
rational (fl(0.3) against fl(0.1)) stay unrelated atoms: no 0 is proven there.
"""

from __future__ import annotations

import mpmath
import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp

BALANCED = [0.0, 2.0943951023931953, 4.1887902047863905]


def circular_variance(theta):
    c, s = gnp.mean(gnp.cos(theta)), gnp.mean(gnp.sin(theta))
    return 1 - gnp.sqrt(c * c + s * s)


def _truth():
    with mpmath.workdps(200):
        theta = [mpmath.mpf(t) for t in BALANCED]
        c = sum(mpmath.cos(t) for t in theta) / 3
        s = sum(mpmath.sin(t) for t in theta) / 3
        r = mpmath.sqrt(c * c + s * s)
        return [(c * mpmath.sin(t) - s * mpmath.cos(t)) / (3 * r) for t in theta]


def test_balanced_angles_are_unstable_with_the_middle_entry_exactly_0():
    (result,) = gradcli.check(circular_variance, [{"theta": BALANCED}], dtypes=("float64",)).results
    assert result.status == "unstable", result.findings
    exact = result.exact_gradient["theta"]
    truth = _truth()
    assert exact[1] == 0
    for k in (0, 2):
        assert abs(float(exact[k]) - float(truth[k])) < 1e-15
    assert abs(truth[1]) < mpmath.mpf(10) ** -150  # the truth's middle entry: 0 to 150 digits


def _proven(function, point):
    """Whether the proof of 0 proves ``function`` of the inputs ``point`` 0 there (its value)."""
    from gradcli.autodiff import arb as arb_core
    from gradcli.checker import python_zero
    from gradcli.checker.exact_python import _traced

    arb_core.enable()
    value, _ = python_zero.proven(lambda *t: _traced(function, t), point, value_only=True)
    return value


@pytest.mark.parametrize("a", [0.7, 2.0943951023931953, -1.25])
def test_double_and_half_angles_of_inputs_at_the_point_are_proven_identities(a):
    # inputs a and 2a are unrelated unknowns in the symbolic run: only their values make these 0
    assert _proven(lambda x, y: gnp.sin(y) - 2 * gnp.sin(x) * gnp.cos(x), [a, 2 * a])
    assert _proven(lambda x, y: gnp.cos(x) - (2 * gnp.cos(y) ** 2 - 1), [a, a / 2])


@pytest.mark.parametrize("b", [0.25, -1.25])
def test_a_triple_angle_of_an_input_at_the_point_is_a_proven_identity(b):
    assert 3 * b == float(mpmath.mpf(b) * 3)  # the point's 3b is exact in binary
    assert _proven(lambda x, y: gnp.sin(x) - (3 * gnp.sin(y) - 4 * gnp.sin(y) ** 3), [3 * b, b])


def test_inputs_whose_ratio_is_no_small_rational_prove_nothing():
    assert not _proven(lambda x, y: gnp.sin(x) - (3 * gnp.sin(y) - 4 * gnp.sin(y) ** 3), [0.3, 0.1])
    assert not _proven(lambda x, y: gnp.sin(y) - 2 * gnp.sin(x) * gnp.cos(x), [0.7, 1.4000000000000001])
