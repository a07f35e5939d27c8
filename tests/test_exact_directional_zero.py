"""Above 64 inputs a Python function's derivative proven 0 along the random direction is the reference's answer.

The reference checks such a function along one random direction. Where the
function is an identity (log(sigmoid(v)) + softplus(-v) is 0 for every v), the
program proves that derivative 0 before any difference is taken; the balls'
path once failed right there (it asked the differences how many bits they had
used, and none had), and the point fell to the mpmath path, whose noise never
settles a 0: past --max-time, or "not proven 0" given hours.
"""

import math

import mpmath
import numpy as np
import pytest

import gradcli.numpy as gnp
from gradcli.checker import balls, exact_python
from gradcli.checker.precision import Exact
from gradcli.checker.targets import resolve


def _log_sigmoid_and_softplus(v):
    return gnp.sum(gnp.log(gnp.sigmoid(v)) + gnp.softplus(-v))


def _scaled_identity(v):
    return gnp.sum(gnp.sin(v) ** 2 + gnp.cos(v) ** 2) * 3.0 - 3.0 * v.size


@pytest.mark.parametrize("function", [_log_sigmoid_and_softplus, _scaled_identity])
@pytest.mark.parametrize("size", [65, 96])  # above MAX_JET_COORDINATES: along one direction
def test_a_derivative_proven_0_along_the_direction_is_answered_on_balls(function, size):
    v = np.random.default_rng(size).normal(size=size) * 3
    result = Exact()
    # no budget: whether balls answer is what is tested, never how fast
    assert exact_python.compute(resolve(function), [v], result, balls.Budget(math.inf)) is True
    assert result.method == "balls" and result.determined and not result.unsettled
    assert result.value == 0 and result.directional == 0 and result.direction is not None


def test_the_rule_beside_a_directional_0_has_no_midpoint_noise():
    # each rule entry is (1 - sigmoid(v)) - sigmoid(-v): a ball around 0 whose midpoint is rounding noise; 65 such
    # midpoints along the direction would sum to noise no scale of theirs excuses, so beside a proven 0 they are 0
    v = np.random.default_rng(0).normal(size=65) * 3
    result = Exact()
    assert exact_python.compute(resolve(_log_sigmoid_and_softplus), [v], result, balls.Budget(math.inf)) is True
    (rule,) = result.rule
    assert all(isinstance(e, mpmath.mpf) and e == 0 for e in np.ravel(rule))
