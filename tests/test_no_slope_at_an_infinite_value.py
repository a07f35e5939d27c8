"""Where a Python function's value is infinite, its exact reference gives no derivative.

Central differences across a pole cancel its infinite parts: at 0, gammaln(a) = -log|a| - euler a + ... leaves
-euler, a finite number that was reported as the exact gradient of a function that has none there (round 9a's
gamma_lp at a float32 point that rounds to 0); the exponential integral Ei(x) = euler + log|x| + x + ... left 1. A
pole the proofs look for (gammaln's at 0, log's) is settled by them; any other, by its differences.
"""

import math

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
