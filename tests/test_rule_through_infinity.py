"""A rule written through 1/0 = inf is judged by the arithmetic it is written in: at high precision x/0 is
infinite as in the working dtype, so 2w/(x + 1/x) at 0 is 0 (right), while x/x at 0 is NaN (wrong).

Balls cannot hold 1/0's signed infinity; the rule's entries they leave NaN are run again on mpmath
numbers (`reference._rule_past_infinities`). The TensorFlow spelling is a trial (tests/test_user_trials9b.py).
"""

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp


@gradcli.custom_gradient
def _scaled_log1p_square(x):
    """3 log1p(x^2), its rule 6x / (1 + x^2) written as 6 / (x + 1/x): exact in IEEE arithmetic at x = 0."""

    def grad(dy):
        return dy * 2.0 * 3.0 / (x + 1.0 / x)

    return gnp.log1p(x * x) * 3.0, grad


@gradcli.custom_gradient
def _identity_over_itself(x):
    """x, its rule dy * x / x: NaN at 0 in every arithmetic, where the derivative is 1."""

    def grad(dy):
        return dy * x / x

    return x * 1.0, grad


def _result(fun, point):
    report = gradcli.check(lambda x: gnp.sum(fun(x)), {"x": np.array(point)}, dtypes=["float64"])
    return report.results[0]


def test_a_rule_through_an_infinity_that_ieee_arithmetic_resolves_is_right():
    result = _result(_scaled_log1p_square, [0.0, 0.5, -3.0])
    assert result.status == "ok"
    assert [float(g) for g in result.rule_gradient["x"]] == pytest.approx([0.0, 2.4, -1.8], rel=1e-12, abs=0)
    assert not any("not finite on balls" in note for note in result.notes)


def test_a_rule_that_is_nan_at_every_precision_stays_wrong():
    result = _result(_identity_over_itself, [0.0, 2.0])
    assert result.status == "wrong"
    assert np.isnan(float(result.rule_gradient["x"][0]))
    assert float(result.exact_gradient["x"][0]) == pytest.approx(1.0, rel=1e-12)
