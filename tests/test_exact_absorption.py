"""A sum that absorbs a term loses it the same way at every rounding: the mpmath climb must not settle there.

On the mpmath path (what ops without balls take) two precisions agreeing with
no directed-rounding noise were taken as exact. std at [1e300, -1e300, 1]
squares 1e300 - 1/3 and adds 4/9 to 2e600: the last entry's influence is lost
at 60 and at 120 digits alike, so d/dv2 read 0 (truth (1 - 1/3) / (3 std)).
"""

import mpmath
import numpy as np
import pytest

import gradcli.numpy as gnp
from gradcli.checker import balls, exact_python, precision, reference
from gradcli.checker.targets import resolve


@pytest.fixture
def mpmath_path(monkeypatch):
    """The reference without its balls: the mpmath climb, as ops with no ball rule run it."""
    monkeypatch.setattr(exact_python, "compute", lambda *a, **k: False)


def test_std_partial_beside_huge_entries_is_not_zero(mpmath_path):
    v = np.array([1e300, -1e300, 1.0])
    ex = reference.compute(resolve(gnp.std), [v], budget=balls.Budget(60))
    assert ex.method == "mpmath" and ex.determined
    with mpmath.workdps(60):
        mean = mpmath.mpf(1) / 3
        std = mpmath.sqrt(sum((mpmath.mpf(x) - mean) ** 2 for x in v) / 3)
        truth = (1 - mean) / (3 * std)
    got = ex.gradient[0][2]
    assert abs(got - truth) <= mpmath.mpf(10) ** -12 * abs(truth)


def test_a_sum_absorbing_a_term_sets_the_precision_needed():
    with mpmath.workdps(60), precision.Absorption() as seen:
        gnp.add(mpmath.mpf(3), mpmath.mpf("2e-310"))
    assert seen.needs() > 310 + precision.AGREE_DIGITS


def test_a_sum_of_like_terms_needs_nothing_more():
    with mpmath.workdps(60), precision.Absorption() as seen:
        gnp.add(mpmath.mpf(3), mpmath.mpf("2e-20"))
    assert seen.needs() < 60
