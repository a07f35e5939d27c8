"""x log y and x log(1 + y) with x an exact 0: the function is 0 for every y, so its slope in y is a proven 0,
at y = 0 (y = -1) too, where the slope x / y is 0 / 0 (T20). Through gradcli.scipy.special (the core), plain
NumPy/SciPy and PyTorch, whose own rule self / other gives NaN there (`wrong`)."""

from __future__ import annotations

import os
import sys

import mpmath
import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
import gradcli.scipy.special as special
from gradcli.checker import balls, reference
from gradcli.checker.targets import resolve

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import numpy_lib5  # noqa: E402


def _xlogy(y):
    return gnp.sum(special.xlogy(np.array([0.0, 3.0]), y))


def _xlog1py(y):
    return gnp.sum(special.xlog1py(np.array([0.0, 3.0]), y))


@pytest.mark.parametrize("function, point, slope", [
    (_xlogy, [0.0, 0.5], [0, 6]),
    (_xlog1py, [-1.0, 0.5], [0, 2]),
])
def test_the_slope_in_y_where_x_is_an_exact_zero_is_a_proven_zero(function, point, slope):
    exact = reference.compute(resolve(function), [np.array(point)], budget=balls.Budget(60.0))
    assert exact.determined and not exact.unsettled, (exact.why, exact.error, exact.notes)
    got = np.ravel(np.asarray(exact.gradient[0], dtype=object))
    assert got[0] == 0  # proven, not small
    assert abs(mpmath.mpf(got[1]) - slope[1]) <= 1e-30 * slope[1]


@pytest.mark.parametrize("function, point", [(numpy_lib5.xlogy_y, [0.0, 0.5]), (numpy_lib5.xlog1py_y, [-1.0, 0.5])])
def test_plain_scipy_xlogy_at_zero_is_ok(function, point):
    y = np.array(point)
    [result] = gradcli.check(function, [(y,)], dtypes=("float64",)).results
    assert result.status == "ok", result.findings
    assert np.ravel(np.asarray(result.exact_gradient["y"], dtype=float))[0] == 0


def test_pytorchs_xlogy_rule_at_zero_is_wrong():
    pytest.importorskip("torch")
    import torch_lib5

    [result] = gradcli.check(torch_lib5.xlogy_y, [(np.array([0.0, 0.5]),)], dtypes=("float64",)).results
    assert result.status == "wrong", result.findings
    assert list(np.ravel(np.asarray(result.exact_gradient["y"], dtype=float))) == [0.0, 6.0]
    assert np.isnan(np.ravel(np.asarray(result.gradient["y"], dtype=float))[0])
