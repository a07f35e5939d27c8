"""Where a Python function's value is infinite, its exact reference gives no derivative.

Central differences across a pole cancel its infinite parts: at 0, gammaln(a) = -log|a| - euler a + ... leaves
-euler, a finite number that was reported as the exact gradient of a function that has none there (round 9a's
gamma_lp at a float32 point that rounds to 0); the exponential integral Ei(x) = euler + log|x| + x + ... left 1. A
pole the proofs look for (gammaln's at 0 and at each whole number below, log's) is settled by them; any other, by
its differences, per coordinate or along a random direction (more than 16 inputs).
"""

import math

import numpy as np

import gradcli
import gradcli.numpy as gnp
from gradcli.scipy.special import expi, gammaln


def _gamma_log_prior(a):
    return (a - 1) * gnp.log(2.0) - 2.0 - gammaln(a)


def _log_distance(x):
    return gnp.log(gnp.abs(x)) + 3.0 * x


def _checked(function, point):
    return gradcli.check(function, [point], dtypes=["float64"]).results[0]


def test_a_pole_of_gammaln_has_no_exact_gradient():
    result = _checked(_gamma_log_prior, {"a": 0.0})
    assert result.status == "domain"
    assert math.isnan(result.exact_gradient["a"])


def _exponential_integral(x):
    return expi(x)


def test_a_pole_no_proof_looks_for_has_no_exact_gradient():
    result = _checked(_exponential_integral, {"x": 0.0})
    assert result.status == "domain"
    assert math.isnan(result.exact_gradient["x"])


def test_a_logarithms_pole_has_no_exact_gradient_though_its_odd_part_has_a_slope():
    result = _checked(_log_distance, {"x": 0.0})
    assert result.status == "domain"
    assert math.isnan(result.exact_gradient["x"])


def test_beside_the_pole_the_slope_is_exact():
    result = _checked(_log_distance, {"x": 1e-3})
    assert result.status == "ok"
    assert math.isclose(result.exact_gradient["x"], 1e3 + 3.0, rel_tol=1e-12)


def _pole_beside_a_line(a, z):
    return gammaln(a) + 3.0 * z


def test_an_input_that_does_not_move_gammalns_pole_keeps_its_slope():
    # the doctrine of tests/test_pole60_norm_poles.py: a pole's own inputs alone have no derivative
    result = _checked(_pole_beside_a_line, {"a": 0.0, "z": 1.0})
    assert result.status == "domain"
    assert math.isnan(result.exact_gradient["a"])
    assert math.isclose(result.exact_gradient["z"], 3.0, rel_tol=1e-12)


def _shifted_pole_beside_a_line(a, z):
    return gammaln(a - 3.0) + 3.0 * z


def test_gammalns_poles_below_0_keep_the_slopes_of_inputs_that_do_not_move_them():
    for a in (-1.0, -7.0, 1.0):  # gammaln at -1 and -7; gammaln(a - 3) at a = 1 meets the pole at -2
        function = _pole_beside_a_line if a < 0 else _shifted_pole_beside_a_line
        result = _checked(function, {"a": a, "z": 1.0})
        assert result.status == "domain", a
        assert math.isnan(result.exact_gradient["a"]), a
        assert math.isclose(result.exact_gradient["z"], 3.0, rel_tol=1e-12), a


def test_between_gammalns_poles_every_slope_is_exact():
    result = _checked(_pole_beside_a_line, {"a": -1.5, "z": 1.0})
    assert result.status == "ok"
    assert math.isclose(result.exact_gradient["a"], 0.7031566406452432, rel_tol=1e-12)  # digamma(-1.5)
    assert math.isclose(result.exact_gradient["z"], 3.0, rel_tol=1e-12)


def _pole_among_many(x):
    return expi(x[0]) + gnp.sum(x * x)


def test_a_random_direction_off_a_pole_has_no_exact_derivative():
    # 20 inputs: one random direction, stepped across Ei's pole at x0 = 0, whose differences cancel its infinite part
    result = _checked(_pole_among_many, {"x": np.linspace(0.0, 1.9, 20)})
    assert result.status == "domain"
    assert result.exact_directional is not None and math.isnan(result.exact_directional)
    beside = _checked(_pole_among_many, {"x": np.linspace(0.5, 1.9, 20)})
    assert beside.status == "ok"  # Ei'(x0) = e^x0 / x0, and 2 x
    assert math.isclose(beside.exact_gradient["x"][0], 2 * math.exp(0.5) + 1.0, rel_tol=1e-12)
