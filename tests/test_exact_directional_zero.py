"""Above 64 inputs a Python function's derivative proven 0 along the random direction is the reference's answer.

The reference checks such a function along one random direction. Where the
function is an identity (log(sigmoid(v)) + softplus(-v) is 0 for every v), the
program proves that derivative 0 before any difference is taken; the balls'
path once failed right there (it asked the differences how many bits they had
used, and none had), and the point fell to the mpmath path, whose noise never
settles a 0: past --max-time, or "not proven 0" given hours.
"""

import functools
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


@functools.cache
def _answered_on_balls(function, size):
    """The reference's answer for ``function`` at a random point of ``size`` inputs (computed once: each takes seconds)."""
    v = np.random.default_rng(size).normal(size=size) * 3
    result = Exact()
    # no budget: whether balls answer is what is tested, never how fast
    assert exact_python.compute(resolve(function), [v], result, balls.Budget(math.inf)) is True
    return result


# Both sizes are above MAX_JET_COORDINATES (one direction); each function meets the first such size and the
# trigonometric one a second: the identity proven and the number of inputs are independent of each other.
@pytest.mark.parametrize(("function", "size"), [(_log_sigmoid_and_softplus, 65), (_scaled_identity, 65), (_scaled_identity, 96)])
def test_a_derivative_proven_0_along_the_direction_is_answered_on_balls(function, size):
    result = _answered_on_balls(function, size)
    assert result.method == "balls" and result.determined and not result.unsettled
    assert result.value == 0 and result.directional == 0 and result.direction is not None


def test_the_rule_beside_a_directional_0_has_no_midpoint_noise():
    # each rule entry is (1 - sigmoid(v)) - sigmoid(-v): a ball around 0 whose midpoint is rounding noise; 65 such
    # midpoints along the direction would sum to noise no scale of theirs excuses, so beside a proven 0 they are 0
    (rule,) = _answered_on_balls(_log_sigmoid_and_softplus, 65).rule
    assert np.size(rule) == 65
    assert all(isinstance(e, mpmath.mpf) and e == 0 for e in np.ravel(rule))
