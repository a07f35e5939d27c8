"""A value that is NaN at the point (0 * inf, 0 / 0) is outside the domain: the verdict is `domain` with no
derivative, whatever terms the rising-precision reference's difference steps beside the point absorb."""

import math
import sys
from pathlib import Path

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.checker import balls, reference_mpmath
from gradcli.checker.precision import Exact
from gradcli.checker.targets import resolve

torch = pytest.importorskip("torch")
sys.path.insert(0, str(Path(__file__).parent / "trials"))
import torch_lib31b  # noqa: E402 - the trial module lives beside the tests

DIRECTION = "model.fc.parametrizations.weight.original1"


def scaled_direction(w, v):
    return gnp.sum(w * v / gnp.sqrt(gnp.sum(v * v)))


def self_ratio(x):
    return gnp.sum(x / x)


def _checked(function, point, **options):
    (result,) = gradcli.check(function, [point], dtypes=("float64",), fixes=False, **options).results
    return result


def test_weight_norm_of_a_zeroed_direction_is_domain_though_its_difference_steps_absorb_terms():
    result = _checked(torch_lib31b.wn_loss, torch_lib31b.wn_dead_args(), wrt=[DIRECTION])
    assert result.status == "domain"
    assert all(math.isnan(e) for e in result.exact_gradient[DIRECTION][0])
    assert not any(f.kind == "undetermined" for f in result.findings)


def test_a_unit_direction_at_zero_is_domain_in_every_entry():
    result = _checked(scaled_direction, {"w": gnp.array([1.5, -0.5, 2.0]), "v": gnp.array([0.0, 0.0, 0.0])})
    assert result.status == "domain"
    assert all(math.isnan(e) for name in ("w", "v") for e in result.exact_gradient[name])


def test_x_over_x_is_domain_at_zero_only():
    result = _checked(self_ratio, {"x": gnp.array([0.0, 2.0])})
    assert result.status == "domain"
    x = result.exact_gradient["x"]
    assert math.isnan(x[0]) and x[1] == 0.0  # d(x/x)/dx = 0 wherever x is not 0


def cancelled_log(x):
    t = (3.0 - x) - (3.0 - 2.0 * x)  # x, but an exact 0 rounded down and up alike where the sums drop x
    return gnp.sum(t * gnp.log(t))


def _truth_of_x_log_x(x):
    import mpmath  # lazy: the independent truth only

    with mpmath.workdps(40):
        x = mpmath.mpf(x)
        return float(x * mpmath.log(x)), float(mpmath.log(x) + 1)


def _mpmath_reference_of_cancelled_log():
    exact = reference_mpmath.compute_mpmath(resolve(cancelled_log), [np.array([1e-300])], 0, Exact(), balls.Budget(30.0))
    assert exact.determined and not exact.error, exact
    return exact


def test_a_nan_that_the_points_own_absorbing_sums_make_is_no_domain_on_the_rising_precision_reference():
    value, _ = _truth_of_x_log_x(1e-300)
    assert math.isclose(float(np.ravel(_mpmath_reference_of_cancelled_log().value)[0]), value, rel_tol=1e-14)


def test_the_slope_of_x_log_x_through_absorbing_sums_on_the_rising_precision_reference():
    _, slope = _truth_of_x_log_x(1e-300)
    assert math.isclose(float(_mpmath_reference_of_cancelled_log().gradient[0][0]), slope, rel_tol=1e-14)
