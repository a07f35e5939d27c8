"""The property campaign over SciPy's special functions, masks and picks (`reference_special_ops`), in gradcli.numpy
and in plain NumPy: a bounded sample, each op at a point where it is hard, what the campaign found, the tester tested.

The longer campaign: ``python tests/test_reference_property.py --special [--numpy] [--seed N]``.
"""

from __future__ import annotations

import mpmath
import numpy as np
import pytest

import gradcli.scipy.special as gsp
import reference_special_ops as special
from gradcli.checker.precision import flat_entries
from test_reference_property import VECTOR, _rounded_to_float64, campaign, disagreements, oracle, text

ONES = np.ones(VECTOR)


def _numpy(tree):
    return special.numpy_target(tree)


# Each op where a stand-in shows: the normal tail's log at +40 (-3.6e-350: a float64 is 0 there) and its CDF at
# -1e5, erfcx's slope at 1e5 (its terms cancel to -1/(sqrt(pi) x^2)), k1e's slope at 1e400 (k1e - k0e cancels to
# a 1/2u part), gammaln and k0e at squares below every float, spence at its seam 1.5, xlogy at x = 0 with y the
# square 1e-340 (log y is its slope), a weight 0 in logsumexp's b= (a slope proven 0), log_softmax of equal
# entries at -800, log_expit at 800 (-e^-800), median and sort picking among constants, nan-aware reductions
# over a NaN mask, and norm's infinity order beside 1e300. Half of them written in plain NumPy and SciPy.
SPECIAL_CASES = [
    (("unary", "log_ndtr", ("leaf", "x")), [40.0, 1.0, ONES, ONES], None),
    (("unary", "ndtr", ("leaf", "x")), [-1e5, 1.0, ONES, ONES], _numpy),
    (("unary", "erfcx", ("leaf", "x")), [1e5, 1.0, ONES, ONES], None),
    (("unary", "k1e_sq", ("leaf", "y")), [0.5, -1e200, ONES, ONES], None),
    (("unary", "k0e_sq", ("leaf", "y")), [0.5, 1e-200, ONES, ONES], _numpy),
    (("unary", "gammaln_sq", ("leaf", "y")), [0.5, 1e-170, ONES, ONES], None),
    (("unary", "spence_sq", ("leaf", "x")), [1.2247448713915890, 1.0, ONES, ONES], _numpy),
    (("binary", "xlogy_sq", ("leaf", "x"), ("leaf", "y")), [0.0, 1e-170, ONES, ONES], _numpy),
    (("binary", "xlog1py_sq", ("leaf", "x"), ("leaf", "y")), [3.0, 1e-200, ONES, ONES], None),
    (("reduce", "lse_b", ("leaf", "v")), [0.5, 1.0, np.array([-800.0, 5e-324, -800.0]), ONES], _numpy),
    (("reduce", "log_softmax2", ("leaf", "v")), [0.5, 1.0, np.array([-800.0, -800.0, -800.0]), ONES], _numpy),
    (("reduce", "softmax1", ("leaf", "v")), [0.5, 1.0, np.array([800.0, -800.0, 1e-300]), ONES], None),
    (("unary", "log_expit", ("leaf", "x")), [800.0, 1.0, ONES, ONES], _numpy),
    (("unary", "expit", ("leaf", "x")), [-800.0, 1.0, ONES, ONES], None),
    (("reduce", "median_consts", ("leaf", "v")), [0.5, 1.0, np.array([5e-324, 2.0, -5.0]), ONES], _numpy),
    (("reduce", "sort_const", ("leaf", "v")), [0.5, 1.0, np.array([0.5, -2.0, 1e300]), ONES], None),
    (("reduce", "nanmean_log", ("leaf", "w")), [0.5, 1.0, ONES, np.array([-1.0, 1e-300, 800.0])], _numpy),
    (("reduce", "nansum_log", ("leaf", "w")), [0.5, 1.0, ONES, np.array([5e-324, -3.0, 1e300])], None),
    (("reduce", "nanmax_sqrt", ("leaf", "v")), [0.5, 1.0, np.array([-4.0, 1e-310, 9.0]), ONES], None),
    (("reduce", "norm_inf", ("leaf", "v")), [0.5, 1.0, np.array([-1e300, 2.0, 1e200]), ONES], _numpy),
    (("binary", "where_above", ("leaf", "x"), ("unary", "relu", ("leaf", "y"))), [1e-300, -2.0, ONES, ONES], None),
    # seed 4: the oracle's own slip (mpmath's log of 0.25 + 2.5e-311 held at 2,000 digits, read at 60); the reference
    # was right, -0.0660140171962 in v[0]
    (("reduce", "lse_b", ("unary", "spence_sq", ("unary", "sigmoid", ("leaf", "v")))),
     [-5e-324, -2.3052408753277426e-252, np.array([1e-310, -1.5907344310702196e-133, -9.83623772938528e-231]),
      np.array([3.0, -2.3e-17, 3.0])], _numpy),
    # seed 4 again: gammaln(5.4e116) = 6.2e118 at 60 digits was off by 1e59 in an exponent (the oracle's slip; its
    # first-order bound missed it); softmax1 there is 10^-6.25e118, the reference's number
    (("reduce", "softmax1", ("unary", "gammaln_sq", ("leaf", "w"))),
     [0.5, 1.0, ONES, np.array([2.3186250482295531e+58, 1e-17, 2.3186250482295531e+58])], None),
]


@pytest.mark.parametrize("tree, point, spell", SPECIAL_CASES,
                         ids=[f"{text(t)}-{'numpy' if s else 'gnp'}" for t, _, s in SPECIAL_CASES])
def test_each_special_op_matches_the_oracle_where_it_is_hard(tree, point, spell):
    assert disagreements(tree, point, spell=spell) == []  # answered (not None), and right


def test_random_special_compositions_match_the_oracle():
    tried, points, answered, failures = campaign(
        seed=2052, compositions=4, points=2, pick=special.special_composition, draw=special.special_point,
    )
    assert not failures, "\n".join(failures)
    assert tried == 4 and points and answered >= points // 2, (tried, points, answered)


def test_random_numpy_compositions_match_the_oracle():
    tried, points, answered, failures = campaign(
        seed=2055, compositions=2, points=2, pick=special.numpy_composition, draw=special.special_point,
        spell=special.numpy_target,
    )
    assert not failures, "\n".join(failures)
    assert tried == 2 and points and answered >= points // 2, (tried, points, answered)


def test_the_numpy_spelling_is_the_code_a_user_writes():
    tree = ("binary", "xlogy_sq", ("reduce", "lse_b", ("leaf", "v")), ("unary", "log_ndtr", ("leaf", "x")))
    assert special.numpy_source(tree).splitlines()[-4:] == [
        "    t0 = special.logsumexp(v, b=np.array((0.5, 0.0, 3.0)))",
        "    t1 = special.log_ndtr(x)",
        "    t2 = special.xlogy(t0, t1 * t1)",
        "    return t2",
    ]


def test_the_special_oracle_is_independent_of_the_code_under_test():
    # log Phi(40) = log1p(-Q(40)), Q(40) = erfc(40/sqrt 2)/2 the upper tail; erfcx'(1e5) = -1/(sqrt(pi) x^2) (1 - 3/(2x^2)
    # + ...); k1e'(u) at u = 1e400 is -(1/2) sqrt(pi/2) u^-1.5 (1 + ...).
    value, gradient = oracle(("unary", "log_ndtr", ("leaf", "x")), [40.0, 1.0, ONES, ONES])
    with mpmath.workdps(80):
        tail = mpmath.erfc(40 / mpmath.sqrt(2)) / 2
        assert abs(value - mpmath.log1p(-tail)) <= abs(tail) * mpmath.mpf(10) ** -50
    _, gradient = oracle(("unary", "erfcx", ("leaf", "x")), [1e5, 1.0, ONES, ONES])
    with mpmath.workdps(40):
        x = mpmath.mpf(1e5)
        want = -1 / (mpmath.sqrt(mpmath.pi) * x * x) * (1 - 3 / (2 * x * x))
        assert abs(gradient[0] - want) <= abs(want) * mpmath.mpf(10) ** -18
    _, gradient = oracle(("unary", "k1e_sq", ("leaf", "y")), [0.5, -1e200, ONES, ONES])
    with mpmath.workdps(40):
        y = mpmath.mpf(-1e200)
        want = 2 * y * -mpmath.sqrt(mpmath.pi / 2) / 2 * (y * y) ** -1.5
        assert abs(gradient[1] - want) <= abs(want) * mpmath.mpf(10) ** -12


# Where a float64 rounding in one op's high-precision path spoils the truth: log Phi(40) is -3.6e-350 and erfcx(-30)
# is 2 e^900 (a float64 holds neither: the reference says 0, or has no answer), and the same two written in plain
# NumPy.
PLANTED = {
    "log_ndtr": [(("unary", "log_ndtr", ("leaf", "x")), [40.0, 1.0, ONES, ONES], None),
                 (("unary", "log_ndtr", ("leaf", "x")), [40.0, 1.0, ONES, ONES], _numpy)],
    "erfcx": [(("unary", "erfcx", ("leaf", "x")), [-30.0, 1.0, ONES, ONES], None),
              (("unary", "erfcx", ("leaf", "x")), [-30.0, 1.0, ONES, ONES], _numpy)],
}


@pytest.mark.parametrize("op", sorted(PLANTED))
def test_a_float64_rounding_planted_in_a_special_op_fails_the_property(monkeypatch, op):
    from gradcli.autodiff import ops_scipy
    from gradcli.autodiff.tracer import primitive_of

    cases = PLANTED[op]
    assert [disagreements(tree, point, spell=spell) for tree, point, spell in cases] == [[]] * len(cases)
    _rounded_to_float64(primitive_of(getattr(ops_scipy, op)), monkeypatch)
    found = [disagreements(tree, point, spell=spell) for tree, point, spell in cases]
    assert [] not in found, found  # each case fails: a wrong number, or no answer where there was one


# Finding F (the campaign's normal tail far out): erfc's high-precision paths have no digits there. flint's erfc
# of a ball with a radius encloses 0 past about 1e6 at any precision, and mpmath's erfc raises OverflowError past
# about 1e150: log_ndtr at 1e7 (-e^-5e13) and 1e200 had no reference ("not proven 0"), at -1e200 none either
# ("OverflowError: int too large to convert to float"). log_ndtr and erfcx take erfc's asymptotic series past
# 2^16 (`arb_anchored.far_series`, its remainder in the ball's radius). Finding J: erfcx far left (2 e^(x^2)) had no
# slope on jets, and no difference step resolves it: at -1e7 no reference.
FAR_CASES = [
    (("unary", "log_ndtr", ("leaf", "x")), [x, 1.0, ONES, ONES], None) for x in (-1e200, 65536.5, 1e7, 1e200)
] + [
    (("unary", "erfcx", ("leaf", "x")), [x, 1.0, ONES, ONES], None) for x in (1e200, -1e7)
] + [
    (("binary", "add", ("unary", "log_ndtr", ("leaf", "x")), ("leaf", "y")), [-1e9, 3.0, ONES, ONES], _numpy),
]


# Finding J (seed 3) for k0e and k1e: far right (u = 5e479) their slopes on jets were missing, and no difference
# step resolves a change of a part in 2u: no reference. Their slopes on jets are each other's balls.
FAR_CASES += [
    (("unary", "k0e_sq", ("reduce", "log_softmax2", ("leaf", "v"))),
     [-1.268834074753706e+234, -2.0485565484856072e-188, np.array([-7.17794206e+239, 4.94065646e-324, -30.0]),
      np.array([-4.94065646e-324, 1.22474487, 4.7349685e-279])], None),
    (("binary", "where_above", ("unary", "k1e_sq", ("leaf", "x")), ("reduce", "cross_entropy", ("leaf", "v"))),
     [2.2227587494850775e-162, 2.1501324431193548e-271, np.array([6.17772657e+077, 1.41421356, -3.63286124e-275]),
      np.array([1.72283251e+112, 9.88395451e-132, 6.79723485e+213])], None),
]


@pytest.mark.parametrize("tree, point, spell", FAR_CASES, ids=[f"{t[1]}-{p[0]:g}" for t, p, _ in FAR_CASES])
def test_special_functions_far_out_have_their_exact_reference(tree, point, spell):
    assert disagreements(tree, point, spell=spell) == []


# Finding F2: ndtr is erfc(-x/sqrt 2)/2, and erfc's own high-precision paths had no far tail: flint's erfc of a ball
# with a radius encloses 0 past about 1e6, mpmath's raises OverflowError past about 1e150, so ndtr(-1e7) (e^-5e13)
# was "not proven 0" and ndtr(-1e200) had no reference. erfc takes the far series past 2^16 itself
# (`arb_anchored.erfc`, `mp._erfc`) and, past -2^16, keeps that tail beside 2: whatever is built on erfc answers.
@pytest.mark.parametrize("x, spell", [(-1e7, None), (-1e200, None), (-1e200, _numpy)],
                         ids=["1e7", "1e200", "1e200-numpy"])
def test_ndtr_far_left_has_its_exact_reference(x, spell):
    assert disagreements(("unary", "ndtr", ("leaf", "x")), [x, 1.0, ONES, ONES], spell=spell) == []


def _erfc_truth(x, scale=1):
    """(erfc(t), erfc'(t)) at t = x / sqrt(scale) > 0, erfc as Gamma(1/2, t^2) / sqrt(pi): mpmath's incomplete gamma,
    not its erfc (nor erfc's series)."""
    with mpmath.workdps(60):
        t = mpmath.mpf(x) / mpmath.sqrt(scale)
        root_pi = mpmath.sqrt(mpmath.pi)
        return mpmath.gammainc(mpmath.mpf(1) / 2, t * t) / root_pi, -2 / root_pi * mpmath.exp(-t * t)


# erfc far right, its tail beside 2 far left (erfc - 2), and the normal upper tail 1 - ndtr(x) = erfc(x/sqrt 2)/2
# far right: each value and slope to 1e-12 relatively.
ERFC_TAILS = [
    (lambda x: gsp.erfc(x), 1e200, _erfc_truth(1e200)),
    (lambda x: gsp.erfc(x) - 2, -1e7, [-1, 1] * np.array(_erfc_truth(1e7))),
    (lambda x: 1 - gsp.ndtr(x), 1e7, [1 / 2, 1 / (2 * mpmath.sqrt(2))] * np.array(_erfc_truth(1e7, 2))),
]


@pytest.mark.parametrize("program, x, truth", ERFC_TAILS, ids=["erfc", "erfc-2", "1-ndtr"])
def test_erfc_far_out_keeps_its_tail(program, x, truth):
    from gradcli.checker import balls, reference
    from gradcli.checker.targets import resolve

    exact = reference.compute(resolve(program), [x], budget=balls.Budget(20))
    assert exact.value is not None, exact.why
    for got, want in zip((exact.value, flat_entries(exact.gradient[0])[0]), truth):
        assert abs(mpmath.mpf(got) - want) <= abs(want) * mpmath.mpf(10) ** -12, (got, want)


def test_erfc_and_log_ndtr_on_mpmath_answer_far_out():
    # mpmath's exp rounds its argument first: e^-(x^2) at x = 1e150 from x^2 rounded to 30 digits is off by e^1e120
    from gradcli.autodiff import mp

    mp.enable()
    with mpmath.workdps(30):
        far, upper = gsp.erfc(mpmath.mpf(1e150)), -gsp.log_ndtr(mpmath.mpf(1e150))  # log Phi = log1p(-Q) = -Q
        assert abs(far - _erfc_truth(1e150)[0]) <= far * mpmath.mpf(10) ** -25
        assert abs(upper - _erfc_truth(1e150, 2)[0] / 2) <= upper * mpmath.mpf(10) ** -25
        assert gsp.erfc(mpmath.mpf(-1e200)) == 2


# Finding T (seed 1): flint's bessel_k runs for minutes in one C call at x from about 0.15 to 0.55 times the working
# bits (order 1 at 900.5, 2,048 bits), and at any ball with a radius (its bits lowered to the radius's): k0e's rule
# on balls at norm(v)^2 = 900 never returned, past every time budget (a C call is not interrupted). Such an x is
# taken at 10 x bits, a ball with a radius at its two exact ends (e^x K(x) falls as x grows).
def test_k0e_of_a_norm_near_900_has_its_exact_reference():
    tree = ("unary", "k0e_sq", ("reduce", "norm", ("leaf", "v")))
    assert disagreements(tree, [-1e300, -5e-324, np.array([1e-310, 1e-200, -30.0]), ONES]) == []


class _Ball:
    """A stand-in for an exact flint ball that records the working bits bessel_k is called at."""

    def __init__(self, value, calls):
        self.value, self.calls = value, calls

    def __gt__(self, other):
        return self.value > other

    def rad(self):
        return 0

    def mid(self):
        return self.value

    def bessel_k(self, order, scaled):
        import flint

        self.calls.append(flint.ctx.prec)
        return self.value


@pytest.mark.parametrize("bits, x, taken_at", [(2048, 900.5, 9069), (4096, 1500.5, 15069), (4096, 300.0, 4096),
                                               (2048, 5000.3, 2048)])
def test_bessel_k_is_never_asked_where_flint_runs_without_end(bits, x, taken_at):
    import flint

    from gradcli.autodiff import ops_scipy

    calls = []
    with flint.ctx.workprec(bits):
        ops_scipy._bessel_k_scaled_ball(1, _Ball(x, calls))
    assert calls == [taken_at]


# Finding A (seed 2, NumPy spelling): SciPy's log_softmax at its largest entry, -log1p(e^(3 - 1e200) + e^(0.5 - 1e200)),
# was "within 2^-32102 of 0 but not proven 0": log_softmax takes logsumexp(x, keepdims=True), and on balls only a
# logsumexp over all entries without keepdims kept its tail beside the largest entry (`arb_anchored`). Every slot of a
# logsumexp along any axis, with or without keepdims, keeps it (`arb._slotwise`), on balls and on jets.
@pytest.mark.parametrize("spell", [None, _numpy], ids=["gnp", "numpy"])
def test_log_softmax_of_the_largest_entry_keeps_its_tail(spell):
    tree = ("reduce", "log_softmax2", ("leaf", "v"))
    assert disagreements(tree, [0.5, 1.0, np.array([3.0, 0.5, 1e200]), ONES], spell=spell) == []


def _row_truth():
    """log_softmax(m, axis=1)[0, 2] at m = [[3, 0.5, 1e200], [1, 1e250, 2]] and its gradient, from the row's shares
    of its largest entry's weight: e^(3 - 1e200), e^(0.5 - 1e200)."""
    with mpmath.workdps(60):
        far = mpmath.exp(-mpmath.mpf(1e200))  # e^-1e200 from the float itself: 3 - 1e200 would round the 3 away
        a, b = mpmath.exp(3) * far, mpmath.exp(0.5) * far
        total = 1 + a + b
        return -mpmath.log1p(a + b), [-a / total, -b / total, (a + b) / total, 0, 0, 0]


@pytest.mark.parametrize("program", [
    lambda m: gsp.log_softmax(m, axis=1)[0, 2],
    lambda m: (m - gsp.logsumexp(m, axis=1, keepdims=True))[0, 2],
    lambda m: gsp.log_softmax(m.T, axis=0)[2, 0],
], ids=["log_softmax-rows", "logsumexp-keepdims", "log_softmax-columns"])
def test_a_logsumexp_along_an_axis_keeps_each_slots_tail(program):
    from gradcli.checker import balls, reference
    from gradcli.checker.targets import resolve

    exact = reference.compute(resolve(program), [np.array([[3.0, 0.5, 1e200], [1.0, 1e250, 2.0]])],
                              budget=balls.Budget(20))
    assert exact.value is not None, exact.why
    value, gradient = _row_truth()
    for got, want in zip([exact.value, *flat_entries(exact.gradient[0])], [value, *gradient]):
        assert abs(mpmath.mpf(got) - want) <= abs(want) * mpmath.mpf(10) ** -12, (got, want)


def test_the_oracle_takes_an_argument_to_the_digits_its_function_needs():
    """The campaign's oracle slip (gradcli.numpy --special 57): erfcx(log_ndtr(-6.1e54)) is 2 e^(t^2) with t =
    log_ndtr(-6.1e54) = -1.9e109, whose exponent needs t to 1e-122; log_ndtr's oracle at its own 168 digits left t
    within 1e-57, and the exponent off by 1e48 flagged the reference's right value. The oracle runs again with
    its ops at more digits (`MoreDigits`), and agrees with the same mathematics at 600 digits and with gradcli."""
    tree = ("unary", "erfcx", ("unary", "log_ndtr", ("leaf", "x")))
    point = [-6.1e54, 1.0, ONES, ONES]
    value, _ = oracle(tree, point)
    with mpmath.workdps(600):  # the same series as the oracle's, every digit t^2 needs kept
        t = special._log_phi(mpmath.mpf(-6.1e54))
        truth = mpmath.exp(t * t) * (2 - 2 * mpmath.exp(special._log_phi(t * mpmath.sqrt(2))))
        assert abs(value / truth - 1) < mpmath.mpf(10) ** -30
    assert disagreements(tree, point) == []
