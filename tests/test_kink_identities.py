"""Identities written with max and abs: no kink, slope 0, decided without climbing to thousands of digits.

``softplus(x) - (max(x, 0) + log1p(exp(-abs(x))))`` is 0 for every x: a stable
form checked against the library's. Its one-sided differences are rounding
noise at any precision, so the kink search (`checker.kinks`) used to double
its digits to the thousands at every point and run out of time. Away from the
switches the balls prove the formula analytic (`kinks.off_every_switch`): no
kink to look for. At a switch (x = 0, x = y) the exact derivative proven 0 at
float neighbours on both sides says both slopes are 0: no kink, and the
gradient is 0 whatever max's own rule at a tie is; where the sides share another
slope, that slope is the gradient. The same identities as
Python functions go through the exact reference for code. A real kink, however
small beside the noise, is still found.
"""

import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.checker.kinks import off_every_switch
from gradcli.checker.targets import resolve
from gradcli.scipy.special import log_expit

SOFTPLUS = "softplus(x) - (max(x, 0) + log1p(exp(-abs(x))))"
LOG_SIGMOID = "-softplus(-x) - (min(x, 0) - log1p(exp(-abs(x))))"
LOGADDEXP = "logaddexp(x, y) - (max(x, y) + log1p(exp(-abs(x - y))))"

ONE = [-3.0, 0.0, 2.0, 1e-300, -1e-300, 50.0]  # the switch, beside it at every scale, and far away
TWO = [{"x": 1.0, "y": 1.0}, {"x": 0.0, "y": 0.0}, {"x": 2.0, "y": -1.0}, {"x": -30.0, "y": 5.0}]


def softplus_identity(x):
    return gnp.softplus(x) - (gnp.maximum(x, 0.0) + gnp.log1p(gnp.exp(-gnp.abs(x))))


def log_sigmoid_identity(x):
    return log_expit(x) - (gnp.minimum(x, 0.0) - gnp.log1p(gnp.exp(-gnp.abs(x))))


def logaddexp_identity(x, y):
    return gnp.logaddexp(x, y) - (gnp.maximum(x, y) + gnp.log1p(gnp.exp(-gnp.abs(x - y))))


def _assert_flat(target, points, dtypes=("float32", "float64")):
    for result in gradcli.check(target, points, dtypes=dtypes).to_dict()["results"]:
        seen = (result["point"], result["dtype"], result["status"], [f["message"] for f in result["findings"]])
        assert result["status"] == "ok", seen
        assert set(result["exact_gradient_text"].values()) == {"0.0"}, (seen, result["exact_gradient_text"])
        assert result["findings"] == [], seen


@pytest.mark.parametrize("formula, points", [(SOFTPLUS, ONE), (LOG_SIGMOID, ONE), (LOGADDEXP, TWO)])
def test_identity_formulas_have_slope_0_and_no_kink(formula, points):
    _assert_flat(formula, points)


@pytest.mark.parametrize("function, points", [
    (softplus_identity, ONE), (log_sigmoid_identity, ONE), (logaddexp_identity, TWO),
])
def test_identity_functions_have_slope_0_and_no_kink(function, points):
    _assert_flat(function, points, dtypes=("float64",))


@pytest.mark.parametrize("formula, slope", [
    ("x + " + SOFTPLUS, "1.0"),  # the identity beside a slope of its own
    ("2*softplus(x) - (max(x, 0) + log1p(exp(-abs(x))))", "0.5"),  # = softplus(x): sigmoid(0)
    ("max(x, 1)*(x - 1)", None),  # at 1: slope 1 from both sides
])
def test_at_the_switch_the_gradient_is_the_slope_both_sides_share(formula, slope):
    # The symbolic derivative's own rule at a tie (max's 0, sign's 0) mixes the sides: 1.5, 1.0 and 0.0 here.
    point = 1.0 if slope is None else 0.0
    result = gradcli.check(formula, [point], dtypes=("float64",)).to_dict()["results"][0]
    assert result["status"] == "ok", result["findings"]
    assert result["exact_gradient_text"] == {"x": slope or "1.0"}


@pytest.mark.parametrize("formula", [
    "abs(x)",
    "max(x, 0) + 1 - 1",
    SOFTPLUS + " + 1e-300*abs(x)",  # the identity plus a kink 1e300 times smaller than its terms
])
def test_a_kink_at_the_switch_is_still_found(formula):
    result = gradcli.check(formula, [0.0], dtypes=("float64",)).to_dict()["results"][0]
    assert result["status"] == "domain", result["findings"]
    assert [f["kind"] for f in result["findings"]] == ["kink"]


@pytest.mark.parametrize("formula, point, off", [
    ("abs(x)", {"x": 0.0}, False),
    ("abs(x)", {"x": 1e-300}, True),
    ("abs(x)", {"x": -5e-324}, True),
    ("max(x, y)", {"x": 1.5, "y": 1.5}, False),
    ("max(x, y)", {"x": 1.5, "y": 1.5000000000000002}, True),
    ("min(x, 1/3)", {"x": 0.3333333333333333}, True),  # 1/3 is exact: no float lands on it
    ("where(x > 1, x, 1)", {"x": 1.0}, False),
    ("where(x > 1, x, 1)", {"x": 1.5}, True),
    ("floor(x)", {"x": 2.0}, False),
    ("floor(x)", {"x": 2.5}, True),
    ("x % 2", {"x": 4.0}, False),
    ("x % 2", {"x": 4.5}, True),
    ("arctan2(y, x)", {"x": -1.0, "y": 0.0}, False),
    ("arctan2(y, x)", {"x": 1.0, "y": 0.0}, True),
    ("clip(x, 0, 1)", {"x": 1.0}, False),
    ("clip(x, 0, 1)", {"x": 0.5}, True),
    ("sign(x) * exp(x)", {"x": 0.0}, False),
    ("exp(x) + x*x", {"x": 0.0}, True),  # no branch: analytic wherever its balls are finite
])
def test_off_every_switch_is_proven_on_balls(formula, point, off):
    target = resolve(formula)
    args = [point[name] for name in target.variables]
    assert off_every_switch(target.formula.root, target.variables, args) is off
