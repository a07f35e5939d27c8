"""The property campaign over ops that differ from their oracle by an identity (`reference_identity_ops`).

The longer campaign: ``python tests/test_reference_property.py --wide --identities [--depth 4] [--seed N]``.
Here: each op alone and inside a composition where the derivative cancels through
it (expm1 against 2 exp(x/2) sinh(x/2) and a scaled norm against hypot, which
only the identities prove; arcsin + arccos, a stable log_sigmoid against
softplus, a shifted logsumexp), and a bounded sample.
"""

import math

import numpy as np
import pytest

import reference_identity_ops as identities  # noqa: F401 - registers the ops the trees name
from gradcli.checker.balls import _RAN_PAST
from test_reference_property import campaign, disagreements

X, Y = ("leaf", "x"), ("leaf", "y")


def _point(x, y):
    return [x, y, np.array([0.5, -1.0, 3.0]), np.array([2.0, 1e-17, -30.0])]


FOUND = [
    # arcsin(t) + arccos(t) is pi/2: its slope is exactly 0, the two slopes 1/sqrt(1 - t^2) cancelling
    (("unary", "right_angle", X), _point(0.5, 1.0)),
    (("binary", "multiply", ("unary", "right_angle", X), Y), _point(3.0, -2.0)),
    (("binary", "add", ("unary", "right_angle", X), ("unary", "log_sigmoid", Y)), _point(-0.7, 2.5)),
    (("binary", "add", ("unary", "log_sigmoid", X), ("unary", "softplus", ("unary", "negative", X))), _point(-0.7, 2.5)),
    (("binary", "subtract", ("unary", "expm1_halves", X), ("unary", "expm1", X)), _point(0.5, 2.5)),
    (("binary", "subtract", ("binary", "scaled_norm", X, Y), ("binary", "hypot", X, Y)), _point(3.0, -4.5)),
    (("binary", "subtract", ("binary", "lse_shifted", X, Y), ("binary", "logaddexp", X, Y)), _point(1.0, 2.5)),
]


@pytest.mark.parametrize("tree, point", FOUND)
def test_an_identity_op_has_its_exact_reference(tree, point):
    unproven, why = [], []
    # no budget: whether the reference answers is what is tested, never how fast (the work is bounded by bits)
    assert disagreements(tree, point, math.inf, unproven, why) == [], why  # answered, and agreeing
    assert not unproven


def test_random_compositions_with_identity_ops_match_the_oracle():
    # seed 27 draws arcsin + arccos of tanh(1e200) too: 1 - 2e^-2e200 no ball parts from 1, so that point runs
    # out of its budget and says it has no reference rather than give a number. A point out of time is counted
    # apart, so a loaded machine cannot fail this; a wrong answer fails it, and so does a point left "not proven
    # 0" (seed 27's xlogy(1e200 prod(w), arcsin(tanh(x)) + arccos(tanh(x))) at x = 1e200 is proven: the log's
    # argument is pi/2 by its exact quotient where its ball at 53 bits is NaN).
    unanswered = []
    tried, points, answered, failures = campaign(
        seed=27, compositions=6, points=2, seconds=10.0, pick=identities.identity_composition, unanswered=unanswered,
    )
    assert tried == 6 and points == 9
    assert failures == []
    out_of_time = [u for u in unanswered if _RAN_PAST in u]
    unproven = [u for u in unanswered if "not proven 0" in u]
    assert not unproven and sorted(out_of_time) == sorted(unanswered), unanswered
    assert answered == points - len(unanswered), unanswered
