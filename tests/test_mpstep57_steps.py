"""The mpmath reference's central differences step within the function's own structure, at huge and at zero coordinates.

A step relative to a coordinate of 1e300 spans ~1e290 periods of sin or of ellipkinc's amplitude: two precisions
agree on the average slope over them (x + sin x: 1; F(phi|m): 2K(m)/pi), never the slope at the point. A step at a
coordinate at 0 relative to 1 crosses a switch the inputs or the program's values put 1e-310 beside it (the median of
[0, 1e-310, -1], the maximum of 0 and 1e-310): the average of both sides. Each truth here is the closed form at 400
digits, more than the argument reduction of 1e300 needs.
"""

from __future__ import annotations

import mpmath
import numpy as np
import pytest

import gradcli.numpy as gnp
import gradcli.scipy.special as special
from gradcli.checker import balls, reference_mpmath
from gradcli.checker.precision import Exact
from gradcli.checker.targets import resolve


def _mpmath_reference(function, args):
    """The mpmath path's exact reference of ``function`` at ``args`` (a scalar or array point)."""
    exact = reference_mpmath.compute_mpmath(resolve(function), args, 0, Exact(), balls.Budget(30.0))
    assert exact.determined and not exact.error, exact
    return exact


def _close(got, want):
    return abs(mpmath.mpf(got) - want) <= 1e-12 * abs(want)


def sine_beside_a_line(x):
    return gnp.sum(x + gnp.sin(x))


def amplitude_integral(phi, m):
    return special.ellipkinc(phi, m)


@pytest.mark.parametrize("x", [1e20, 1e100, 1e300])
def test_a_line_plus_a_sine_at_a_huge_point_has_its_slope_there_not_the_average(x):
    exact = _mpmath_reference(sine_beside_a_line, [np.float64(x)])
    with mpmath.workdps(400):
        want = 1 + mpmath.cos(mpmath.mpf(x))
    assert _close(exact.gradient[0], want), (exact.gradient, want)


def test_along_a_direction_a_huge_point_has_its_slope_there_not_the_average():
    point = np.linspace(1e299, 1e300, 17)  # past the inputs differenced one by one: one random direction
    exact = _mpmath_reference(sine_beside_a_line, [point])
    assert exact.directional is not None
    with mpmath.workdps(400):
        want = sum(mpmath.mpf(d) * (1 + mpmath.cos(mpmath.mpf(x))) for d, x in zip(exact.direction[0], point))
    assert _close(exact.directional, want), (exact.directional, want)


def test_the_incomplete_elliptic_integral_at_an_amplitude_of_1e300_has_its_own_slope():
    """`gradcli check FILE:f --at phi=1e300,m=0.5` on sp.ellipkinc: 1/sqrt(1 - m sin^2 phi) = 1.2258, never 2K/pi."""
    exact = _mpmath_reference(amplitude_integral, [np.float64(1e300), np.float64(0.5)])
    with mpmath.workdps(400):
        want = 1 / mpmath.sqrt(1 - mpmath.mpf(0.5) * mpmath.sin(mpmath.mpf(1e300)) ** 2)
    assert _close(exact.gradient[0], want), (exact.gradient, want)


def larger_times_3(w, t):
    return gnp.maximum(w, t) * 3.0


def middle(w):
    return gnp.median(w)


def test_a_coordinate_at_0_steps_below_an_input_of_1e_310():
    exact = _mpmath_reference(larger_times_3, [np.float64(0.0), np.float64(1e-310)])
    assert [float(g) for g in exact.gradient] == pytest.approx([0.0, 3.0], rel=1e-12, abs=1e-12)


def test_a_median_at_0_beside_an_entry_of_1e_310_has_slope_1_in_it():
    exact = _mpmath_reference(middle, [np.array([0.0, 1e-310, -1.0])])
    assert [float(g) for g in exact.gradient[0]] == pytest.approx([1.0, 0.0, 0.0], rel=1e-12, abs=1e-12)
