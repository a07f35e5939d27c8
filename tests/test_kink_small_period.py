"""A kink is the point's own: one-sided steps longer than the distance to the next switch see jumps beside a smooth point.

mod(x, y) with a tiny divisor is smooth wherever x / y is not an integer, but
its period is |y|: one-sided differences with steps of 5e-21 at x = 0.5, y =
1e-30 cross hundreds of jumps and read a kink. The truth there is d/dx = 1,
d/dy = -floor(x / y).
"""

import mpmath
import pytest

import gradcli.numpy as gnp
from gradcli.checker import balls, reference
from gradcli.checker.targets import resolve


def _mod(x, y):
    return gnp.mod(x, y)


@pytest.mark.parametrize("x, y", [(0.5, 1e-30), (800.0, 1e-310), (30.0, -1e-300)])
def test_mod_by_a_tiny_divisor_has_its_ordinary_derivative(x, y):
    ex = reference.compute(resolve(_mod), [x, y], budget=balls.Budget(60))
    assert ex.determined and not ex.kinks and not ex.singular
    with mpmath.workdps(2000):
        q = mpmath.mpf(x) / mpmath.mpf(y)
        assert q != mpmath.floor(q)  # the point is off every jump
        truth = [mpmath.mpf(1), -mpmath.floor(q)]
    for got, want in zip(ex.gradient, truth):
        assert abs(got - want) <= mpmath.mpf(10) ** -12 * abs(want)


def test_mod_on_its_jump_keeps_no_derivative():
    ex = reference.compute(resolve(_mod), [0.6, 0.3], budget=balls.Budget(60))  # 0.6 / 0.3 is 2 exactly in floats
    assert ex.singular and all(mpmath.isnan(g) for g in ex.gradient)


def test_abs_at_zero_is_still_a_kink():
    ex = reference.compute(resolve(lambda x: gnp.abs(x)), [0.0], budget=balls.Budget(60))
    assert [k[0] for k in ex.kinks] == ["x"]
