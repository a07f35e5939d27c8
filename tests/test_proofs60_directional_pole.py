"""Many inputs (past 64, checked along a random direction) at a pole of the value: no slope along the direction is a
number there, but one proof run gives each coordinate's slope beside the pole, so the exact gradient shows them entry
by entry as it does for a few inputs (NaN where the pole's own term moves)."""

from __future__ import annotations

import math

import mpmath
import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp

X = np.arange(1.0, 71.0)


def _at_a_pole(x, y):
    # y = 0: log((y x0)^2) is -inf all along each x coordinate, and moves along y
    return gnp.log((y * x[0]) ** 2) + gnp.sum(gnp.sin(x[1:])) * x[0] + y


def test_each_coordinates_slope_beside_the_pole_along_a_random_directions_path():
    (result,) = gradcli.check(_at_a_pole, [{"x": X, "y": 0.0}], dtypes=("float64",), fixes=False).results
    assert result.status == "domain" and result.exact_value == -math.inf
    # before: exact gradient {x: None, y: None}, the direction's one entry NaN
    slopes = [float(s) for s in np.ravel(result.exact_gradient["x"])]
    assert slopes[0] == pytest.approx(float(2 + mpmath.fsum(mpmath.sin(k) for k in range(2, 71))), rel=1e-14)
    assert slopes[1:] == pytest.approx([float(mpmath.cos(k)) for k in range(2, 71)], rel=1e-14)
    assert math.isnan(result.exact_gradient["y"])
