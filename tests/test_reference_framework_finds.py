"""What the framework campaign (`reference_framework_ops`) found in the reference and in its oracle, held in
gradcli.numpy's spelling, where each showed too (no framework is imported here)."""

from __future__ import annotations

import numpy as np
import pytest

import gradcli.numpy as gnp
from test_reference_property import VECTOR, disagreements


# Found by the PyTorch campaign, seed 21: sort(where(v > w, v, w))[1] picks w[1] = 0 beside a switch 1e-300 away, slope 1;
# the reference gave 0.5 as exact. The balls path fell back: the backward's where between the plain zeros an index's
# VJP scatters into made mpmath 0s, which the balls refused, and the mpmath path's differences stepped across v[1]'s
# switch, averaging both sides. mpmath's 0 of plain numbers is exact: the balls take it.
def test_a_slope_beside_a_switch_1e_300_away_is_the_slope_of_the_side_the_point_is_on():
    from gradcli.checker import balls, reference
    from gradcli.checker.targets import resolve

    def picked(v, w):
        return gnp.sort(gnp.where(v > w, v, w))[1]

    def gathered(v, w):  # the same picks through an index the program computes
        return gnp.where(v > w, v, w)[gnp.argmax(w)] * w[1]

    point = [np.array([-30.0, -1e-300, 0.0]), np.array([-2.3e-17, 0.0, 1e-41])]
    exact = reference.compute(resolve(picked), point, budget=balls.Budget(20.0))
    assert exact.method == "balls" and [float(e) for e in exact.gradient[1]] == [0.0, 1.0, 0.0]
    exact = reference.compute(resolve(gathered), point, budget=balls.Budget(20.0))
    assert exact.method == "balls" and [float(e) for e in exact.gradient[1]] == [0.0, 1e-41, 0.0]


@pytest.mark.xfail(strict=True, reason=(
    "the kink test's steps cross a switch 2.7e-555 away and blame the one at the point: TensorFlow's Xlog1py replays "
    "as where(x == 0, 0, x log1p(y)), a switch at x = 0 whose sides are one smooth function; in "
    "sort(where(w == 0, 0, w log1p(v v)))[1] at v = [-1.03e-244, 0.5, 1e200], w = [-6.05e-68, 0, 3] the sort's order "
    "turns at w[1] = -2.7e-555, and the reference calls w[1] = 0 a jump of -6.4e-556 (d/dw[1] NaN, truth log1p(0.25)). "
    "Found by the TensorFlow campaign, seed 31"))
def test_a_removable_switch_at_the_point_is_no_jump_beside_another_switch_1e_555_away():
    from gradcli.checker import balls, reference
    from gradcli.checker.targets import resolve

    def picked(v, w):
        return gnp.sort(gnp.where(w == 0, 0.0, w * gnp.log1p(v * v)))[1]

    point = [np.array([-1.0269340980272445e-244, 0.5, 1e200]), np.array([-6.052568182547107e-68, 0.0, 3.0])]
    exact = reference.compute(resolve(picked), point, budget=balls.Budget(20.0))
    assert not exact.determined or abs(float(exact.gradient[1][1]) - 0.22314355131420976) < 1e-12


@pytest.mark.xfail(strict=True, reason=(
    "log_ndtr(nanmax(where(v > 0, sqrt(v), nan))) at v = [1e-17, 1e200, -1]: d/dv[1] is log_ndtr's slope at 1e100, "
    "8.64e-2171472409516259072..., smooth; the reference reports a singularity in v[1] and gives NaN (without the "
    "sqrt in the masked branch, or with log_ndtr(sqrt(v[1])), it is right). Found by the JAX campaign, seed 31"))
def test_a_far_tail_slope_through_a_nan_masked_sqrt_is_a_number():
    import mpmath

    import gradcli.scipy.special as gsp
    from gradcli.checker import balls, reference
    from gradcli.checker.targets import resolve

    def masked(v):
        return gsp.log_ndtr(gnp.nanmax(gnp.where(v > 0, gnp.sqrt(v), gnp.nan)))

    exact = reference.compute(resolve(masked), [np.array([1e-17, 1e200, -1.0])], budget=balls.Budget(20.0))
    slope = mpmath.mpf(exact.gradient[0][1])
    assert not exact.determined or (mpmath.isfinite(slope) and slope > 0 and not exact.singular), (slope, exact.singular)


# The oracle's slips the campaign found, each where the reference was right: gammaln at 1 - 2e-300 taken at 60
# digits (the argument rounded to 1: value 0), gammaln's -log u at u = e^-2e95 without the digits before its point
# (a factor e, whose infinite error bound became NaN and was dropped).
ORACLE_SLIPS = [
    (("unary", "gelu", ("unary", "gammaln_sq", ("unary", "exp", ("leaf", "y")))),
     [-4.9e-265, -1e-300, np.ones(VECTOR), np.ones(VECTOR)]),
    (("unary", "log_expit", ("unary", "expit", ("unary", "gammaln_sq", ("reduce", "cross_entropy", ("leaf", "v"))))),
     [-1e200, 3.99e170, np.array([0.5, -9.39538580646132e234, -1.006306045033769e95]), np.ones(VECTOR)]),
]


def test_the_oracle_s_slips_are_its_own():
    import reference_special_ops  # noqa: F401 - its ops in the trees' tables

    beyond = []  # each judged against a number, none left beyond the oracle's noise
    assert [disagreements(tree, point, unproven=beyond) for tree, point in ORACLE_SLIPS] == [[]] * len(ORACLE_SLIPS)
    assert beyond == []
