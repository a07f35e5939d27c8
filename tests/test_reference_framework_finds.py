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


def _xlog1py_beside_a_sort():
    """The exact reference of TensorFlow's Xlog1py in gradcli.numpy's spelling, a sort's switch 2.9e-555 beside a
    removable switch at w[1] = 0 (the TensorFlow campaign, seed 31)."""
    from gradcli.checker import balls, reference
    from gradcli.checker.targets import resolve

    def picked(v, w):
        return gnp.sort(gnp.where(w == 0, 0.0, w * gnp.log1p(v * v)))[1]

    point = [np.array([-1.0269340980272445e-244, 0.5, 1e200]), np.array([-6.052568182547107e-68, 0.0, 3.0])]
    return reference.compute(resolve(picked), point, budget=balls.Budget(20.0))


def test_a_switch_of_the_program_s_values_nearer_than_the_kink_test_s_steps_makes_no_jump_at_the_point():
    # the removable switch was called a jump of -6.4e-556: steps relative to the point's smallest entry (1e-244)
    # crossed the sort's switch
    exact = _xlog1py_beside_a_sort()
    assert not exact.singular and not exact.kinks, (exact.singular, exact.kinks)


# The point sits on the where's removable switch (w[1] = 0), its rule the constant branch's 0; each side's piece is
# chosen nearer than the sort's switch 2.9e-555 away (below the program's smallest value, 6.4e-556), both sides'
# slope is log1p(1/4) and the function does not jump: that slope is the derivative (the mpmath path's central
# difference averaged both sides of the sort's switch, 0.1116). Found by the TensorFlow campaign, seed 31.
def test_a_removable_switch_at_the_point_is_no_jump_beside_another_switch_1e_555_away():
    exact = _xlog1py_beside_a_sort()
    assert exact.determined and abs(float(exact.gradient[1][1]) - 0.22314355131420976) < 1e-12, exact.gradient


# Found by the JAX campaign, seed 31: d/dv[1] of log_ndtr(nanmax(where(v > 0, sqrt(v), nan))) at v = [1e-17, 1e200, -1]
# is log_ndtr's slope at 1e100, 8.64e-2171472409516259072..., smooth; the masked sqrt's NaN slope leaves the exact
# gradient to differences, and the kink test's steps relative to |v[1]| (1e40 at 480 digits) were longer than the
# function's scale (its tail halves per unit of v), so the right quotient grew as the step shrank: called singular.
def test_a_far_tail_slope_through_a_nan_masked_sqrt_is_a_number():
    import mpmath

    import gradcli.scipy.special as gsp
    from gradcli.checker import balls, reference
    from gradcli.checker.targets import resolve

    def masked(v):
        return gsp.log_ndtr(gnp.nanmax(gnp.where(v > 0, gnp.sqrt(v), gnp.nan)))

    exact = reference.compute(resolve(masked), [np.array([1e-17, 1e200, -1.0])], budget=balls.Budget(20.0))
    with mpmath.workdps(260):  # e^-(1e100)^2/2 / (sqrt(2 pi) Phi(1e100)) / (2 1e100), its exponent's 200 digits and more
        s = mpmath.sqrt(mpmath.mpf(1e200))  # of the float 1e200
        truth = mpmath.npdf(s) / mpmath.ncdf(s) / (2 * s)
        assert exact.determined and not exact.singular, exact.singular
        assert abs(mpmath.mpf(exact.gradient[0][1]) / truth - 1) < 1e-12, exact.gradient


def test_a_tail_whose_scale_is_shorter_than_steps_relative_to_x_is_no_singularity():
    # The same class without a reduction: a masked branch's NaN slope leaves the gradient to differences, and the kink
    # test's steps relative to |x| dwarf the unit over which e^-x halves.
    import mpmath

    from gradcli.checker import balls, reference
    from gradcli.checker.targets import resolve

    def tail(x):
        return gnp.where(x > 0, gnp.exp(-x), gnp.sqrt(-x))

    for x in (1e30, 1e200):
        exact = reference.compute(resolve(tail), [np.float64(x)], budget=balls.Budget(20.0))
        with mpmath.workdps(260):
            assert exact.determined and not exact.singular, (x, exact.singular)
            assert abs(mpmath.mpf(exact.gradient[0]) / -mpmath.exp(-x) - 1) < 1e-12, (x, exact.gradient)


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
