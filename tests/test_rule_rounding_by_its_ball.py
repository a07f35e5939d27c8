"""A rule run on balls is off the exact derivative by no more than its ball's radius: no model of its rounding
excuses more.

Elo's expected score e = expit(K d) with a custom rule e (1 - e) that forgot
K = ln 10 / 400. At d = 40000, e rounds to 1 in float64; at high precision
the rule gives 1e-100 to every digit, 173.7 times the exact slope 5.8e-103.
Its terms (e and 1 - e's 1) are of size 1, and the reference ran at 39
digits, so a model of the rule's rounding (4 x size x 10^-39) excused the
gap: `unstable` with no finding, and `ok` at d = 1e6. The ball proves the
rule's 1e-100; the rule is wrong.
"""

import math

import pytest

import gradcli
import gradcli.numpy as gnp
import gradcli.scipy.special as gsp

K = math.log(10) / 400


@gradcli.custom_gradient
def _forgot_k(d):
    e = gsp.expit(K * d)
    return e, lambda upstream: upstream * e * (1 - e)


@gradcli.custom_gradient
def _with_k(d):
    e = gsp.expit(K * d)
    return e, lambda upstream: upstream * K * e * gsp.expit(-(K * d))


def forgot_k(d):
    return gnp.sum(_forgot_k(d))


def with_k(d):
    return gnp.sum(_with_k(d))


def _result(function, d):
    result, = gradcli.check(function, [{"d": [d]}], dtypes=["float64"], fixes=False).results
    return result


@pytest.mark.parametrize("d", [40000.0, 100000.0, 1000000.0])
def test_a_rule_that_forgot_its_constant_is_wrong_where_its_answer_is_tiny(d):
    result = _result(forgot_k, d)
    assert result.status == "wrong", [f.message for f in result.findings]
    rule, = [f for f in result.findings if f.kind == "wrong-rule"]
    assert "relative error 1.7" in rule.message, rule.message


@pytest.mark.parametrize("d", [40000.0, 1000000.0, -1000000.0])
def test_the_rule_with_its_constant_is_right_there(d):
    assert _result(with_k, d).status == "ok"
