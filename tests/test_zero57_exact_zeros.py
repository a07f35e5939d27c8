"""Exact zeros the program's own structure proves: a masked pole, a one-hot's zeroed slopes, a constant's norm beside
a traced one, the square of a root at 0, roots of unity past 3, 4, 6 and 8, and a flat FFT entropy without a climb.

Each class is tested where the proof is made (`python_zero.proven` on the program, cheap) and once through a check
(the verdict and the exact gradient a user sees).
"""

import textwrap

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
import gradcli.scipy.special as gss
from gradcli.autodiff import arb as arb_core
from gradcli.autodiff import arb_identities, arb_proof
from gradcli.autodiff import arb_proof_quotients as quotients
from gradcli.checker import python_zero
from gradcli.checker.targets import resolve

MASK = np.array([True, False, True])


def _proven(function, point, **how):
    arb_core.enable()
    return python_zero.proven(resolve(function).mp_function, [np.asarray(point, dtype=np.float64)], **how)


def _check(function, point, **options):
    return gradcli.check(function, [{"x": np.asarray(point, dtype=np.float64)}], dtypes=("float64",), fixes=False,
                         **options).results[0]


# -- a pole in the branch a where leaves out ---------------------------------------------------------------------


def _masked_log_mean(x):
    return gnp.sum(gnp.where(MASK, gnp.log(x), 0.0)) / 2


def _masked_reciprocal(x):
    return gnp.sum(gnp.where(MASK, 1 / x, 0.0)) - 2.5


def _masked_log1p(x):
    return gnp.sum(gnp.where(MASK, gnp.log1p(x - 1), 0.0))


def _masked_negative_powers(x):
    return gnp.sum(gnp.where(MASK, x ** -2.0, 0.0)) - 4.25 + gnp.where(MASK, x ** -0.5, 0.0)[1]


@pytest.mark.parametrize("function, point", [
    (_masked_log_mean, [0.5, 0.0, 2.0]),  # log(0.5) + log(2): 0 by log's algebra, log 0 left out
    (_masked_reciprocal, [0.5, 0.0, 2.0]),  # 2 + 1/2 - 5/2, 1/0 left out
    (_masked_log1p, [0.5, 0.0, 2.0]),  # log1p(-1) left out
    (_masked_negative_powers, [0.5, 0.0, 2.0]),  # 4 + 1/4, 0^-2 and 0^-0.5 left out
], ids=["log", "reciprocal", "log1p", "negative-powers"])
def test_a_value_through_a_where_that_leaves_out_a_pole_is_proven_0(function, point):
    assert _proven(function, point, value_only=True)[0]


def test_a_pole_that_reaches_the_answer_proves_nothing():
    assert not _proven(lambda x: gnp.sum(gnp.log(x) * 0.0), [0.5, 0.0, 2.0], value_only=True)[0]


def test_the_masked_log_mean_is_judged_with_its_exact_gradient():
    result = _check(_masked_log_mean, [0.5, 0.0, 2.0], max_digits=120)
    assert result.status == "wrong", [f.message for f in result.findings]  # the rule's 0 * (1/0) is NaN
    assert float(result.exact_value) == 0.0
    assert [float(g) for g in result.exact_gradient["x"]] == [1.0, 0.0, 0.25]


# -- a one-hot's zeroed entries under a function with no slope at 0 ---------------------------------------------

ONE_HOT = np.array([[1.0, 0.0, 0.0], [0.0, 0.0, 1.0]])


def _generalized_cross_entropy(x):
    p = gnp.sum(gnp.reshape(x, (2, 3)) * ONE_HOT, axis=1)
    return gnp.sum((1 - p ** 0.7) / 0.7)


def _root_of_a_pick(x):
    return gnp.sqrt(gnp.sum(x * ONE_HOT[0]))


def _cube_root_of_a_pick(x):
    return gnp.sum(x * ONE_HOT[0]) ** 0.3


@pytest.mark.parametrize("function, point, still, moving", [
    (_generalized_cross_entropy, [0.0, 0.5, 0.5, 0.1, 0.6, 0.3], [1, 2, 3, 4], 0),
    (_root_of_a_pick, [0.0, 0.5, 0.5], [1, 2], 0),
    (_cube_root_of_a_pick, [0.0, 0.5, 0.5], [1, 2], 0),
], ids=["power-0.7", "sqrt", "power-0.3"])
def test_a_slope_the_one_hot_zeroes_is_proven_0_beside_an_infinite_one(function, point, still, moving):
    for k in still:
        assert _proven(function, point, coordinate=k)[1] == [True], k
    assert _proven(function, point, coordinate=moving)[1] == [False]  # p^0.7 at p = 0: infinite from the right


def test_a_slope_0_at_the_point_alone_proves_nothing_under_a_power_of_0():
    # (x - 1)^2 has slope 0 at 1, yet its power 0.3 has none: only a number that stays put all along the line does
    assert not _proven(lambda x: ((x[0] - 1) ** 2) ** 0.3 + x[1], [1.0, 2.0], coordinate=0)[1][0]


def test_the_generalized_cross_entropy_has_the_zeroed_slopes_0_beside_its_edge():
    result = gradcli.check(_generalized_cross_entropy, [{"x": np.array([0.0, 0.5, 0.5, 0.1, 0.6, 0.3])}],
                           dtypes=("float64",), fixes=False).results[0]
    # x[0] at p^0.7's edge; the slopes 0 beside it come out NaN from the rule (0 * inf): wrong, entry by entry
    assert result.status == "wrong", [f.message for f in result.findings]
    assert any(f.kind == "nonfinite-rule" for f in result.findings)
    gradient = [float(g) for g in result.exact_gradient["x"]]
    assert gradient[1:5] == [0.0, 0.0, 0.0, 0.0]
    assert gradient[5] == pytest.approx(-0.3 ** -0.3, rel=1e-12)


# -- a constant computed on proof numbers beside a traced number ------------------------------------------------

SCALED_COSINE = """
import numpy as np

X = np.array([1e200, 2e200, 0.0])


def scaled_cosine(y):
    xs = X / np.max(np.abs(X))
    ys = y / np.max(np.abs(y))
    return np.dot(xs, ys) / (np.linalg.norm(xs) * np.linalg.norm(ys))
"""


def test_a_constants_norm_times_a_traced_norm_is_proven(tmp_path):
    # x.y = 0 exactly: the constant's norm (a proof number) meets the traced one's (a box) on its left
    path = tmp_path / "cosines.py"
    path.write_text(textwrap.dedent(SCALED_COSINE))
    result = gradcli.check(f"{path}:scaled_cosine", [{"y": np.array([2.0, -1.0, 3.0])}], dtypes=("float64",),
                           fixes=False, max_digits=120).results[0]
    assert result.status == "ok", [f.message for f in result.findings]
    assert float(result.exact_value) == 0.0
    # the angle's slope x / (|x| |y|) where x.y = 0, x = [1, 2, 0] / 2
    assert [float(g) for g in result.exact_gradient["y"]] == pytest.approx([70 ** -0.5, 2 * 70 ** -0.5, 0.0],
                                                                             rel=1e-12)


def test_a_proof_number_leaves_an_operand_it_does_not_know_to_that_operand():
    class Other:
        def __rmul__(self, other):
            return "the other's"

        __radd__ = __rtruediv__ = __rmul__

    arb_core.enable()
    with python_zero._proving():
        number = arb_proof.lift(2.0)
        assert number * Other() == "the other's"
        assert number + Other() == "the other's"
        assert number / Other() == "the other's"


# -- the square of a root at 0 ----------------------------------------------------------------------------------


def _entropy_of_a_norm_squared(x):
    power = gnp.stack([gnp.sqrt(x[0] ** 2 + x[1] ** 2), x[2]]) ** 2
    return gnp.sum(gss.entr(power / gnp.sum(power)))


def _entropy_of_a_hypot_squared(x):
    power = gnp.stack([gnp.hypot(x[0], x[1]), x[2]]) ** 2
    return gnp.sum(gss.entr(power / gnp.sum(power)))


@pytest.mark.parametrize("function", [_entropy_of_a_norm_squared, _entropy_of_a_hypot_squared],
                         ids=["sqrt", "hypot"])
def test_the_square_of_a_norm_at_0_has_its_slope(function):
    assert _proven(function, [0.0, 0.0, 1.0]) == (True, [True, True, True])


def test_a_root_whose_radicand_changes_sign_keeps_no_slope():
    # sqrt(x)^2 is x only right of 0, sqrt(x^3)^2 likewise: no square rule, no slope proven
    for function in (lambda x: gnp.sqrt(x) ** 2 - x, lambda x: gnp.sqrt(x ** 3) ** 2):
        assert _proven(function, [0.0], coordinate=0)[1] == [False]


def test_the_real_entropy_of_a_norm_squared_is_judged_with_slopes_0():
    result = _check(_entropy_of_a_norm_squared, [0.0, 0.0, 1.0], max_digits=120)
    assert result.status == "wrong", [f.message for f in result.findings]  # the rule's log 0 times 0
    assert [float(g) for g in result.exact_gradient["x"]] == [0.0, 0.0, 0.0]


# -- roots of unity -----------------------------------------------------------------------------------------------


@pytest.mark.parametrize("n", [5, 7, 9, 10, 16, 24])
def test_the_roots_of_unity_are_exact_in_a_proof(n):
    arb_core.enable()
    with python_zero._proving() as proof:
        roots = [arb_identities.root_of_unity(m, n) for m in range(n)]
        cosines = sines = quotients.const(0)
        for cos, sin in roots:
            cosines, sines = arb_proof.add(cosines, cos), arb_proof.add(sines, sin)
            assert arb_proof.is_zero(arb_proof.sub(arb_proof.add(arb_proof.mul(cos, cos), arb_proof.mul(sin, sin)),
                                                   quotients.const(1)))
        assert arb_proof.is_zero(cosines) and arb_proof.is_zero(sines)
        c, s = roots[1]
        assert abs(float(arb_proof.ball_of(proof, c).mid()) - np.cos(2 * np.pi / n)) < 1e-15
        assert abs(float(arb_proof.ball_of(proof, s).mid()) - np.sin(2 * np.pi / n)) < 1e-15
        assert not arb_proof.is_zero(arb_proof.sub(roots[2][0], quotients.const(0.5)))


def _irfft_sum_less_its_first_bin(n):
    # the sum of irfft(v, n) over its n samples is v[0]: the cosines of each other bin sum to 0
    return lambda x: gnp.log(gnp.abs(gnp.sum(gnp.fft.irfft(x, n=n)) - x[0]))


@pytest.mark.parametrize("function, point", [
    (_irfft_sum_less_its_first_bin(5), [0.1, 0.2, 0.4]),
    (_irfft_sum_less_its_first_bin(7), [0.1, 0.2, 0.4, 0.5]),
], ids=["irfft-5", "irfft-7"])
def test_a_zero_through_roots_of_unity_past_8_reaching_log_is_domain(function, point):
    result = _check(function, point, max_digits=120)
    assert result.status == "domain", [f.message for f in result.findings]
    assert result.exact_value == -np.inf


# -- a flat FFT entropy proven before the kink test climbs --------------------------------------------------------


def _spectral_entropy(x):
    power = gnp.abs(gnp.fft.rfft(x)) ** 2
    return gnp.sum(gss.entr(power / gnp.sum(power)))


def test_a_derivative_proven_0_on_a_path_with_no_tie_is_flat():
    arb_core.enable()
    run = resolve(_spectral_entropy).mp_function
    point = [np.array([1.0, -1.0, 1.0, -1.0])]
    assert all(python_zero.flat_along(run, point, k) for k in range(4))


def test_a_flat_look_leaves_the_callers_records_of_decisions_and_ties_as_they_were():
    # a kink test asks flat_along in the middle of its own run: the ties that run met must survive the question
    arb_core.enable()
    run = resolve(lambda x: gnp.maximum(0.0, x[0])).mp_function
    decisions, ties = ["the caller's decision"], ["the caller's tie"]
    saved = arb_core.decisions, arb_core.ties
    arb_core.decisions, arb_core.ties = decisions, ties
    try:
        assert not python_zero.flat_along(run, [np.array([0.0])], 0)
        assert arb_core.decisions is decisions and arb_core.ties is ties
        assert ties == ["the caller's tie"]
    finally:
        arb_core.decisions, arb_core.ties = saved


@pytest.mark.parametrize("n", [5, 7])
def test_the_silent_bins_of_a_constant_signal_past_8_are_proven(n):
    # each bin but the first sums the roots of unity (inexact balls): 0 by algebra, its ball the exact 0 then
    assert _proven(_spectral_entropy, [1.0] * n, coordinate=1) == (True, [True])


@pytest.mark.parametrize("function, point", [
    (lambda x: gnp.maximum(0.0, x[0]), [0.0]),  # the tie takes 0's side, whose slope is 0: the other side's is 1
    (lambda x: gnp.where(x[0] > 0, x[0], 0.0), [0.0]),
    # parallel vectors: arccos at 1 exactly, the tip of a cone whose central slopes are 0
    (lambda x: gnp.arccos(gnp.dot(x[:2], x[2:]) / (gnp.linalg.norm(x[:2]) * gnp.linalg.norm(x[2:]))),
     [1.0, 2.0, 2.0, 4.0]),
], ids=["max-at-a-tie", "where-at-a-tie", "angle-of-parallel-vectors"])
def test_a_derivative_proven_0_beside_a_kink_is_not_flat(function, point):
    arb_core.enable()
    run = resolve(function).mp_function
    assert not python_zero.flat_along(run, [np.array(point)], 0)


def test_the_spectral_entropy_of_silent_bins_is_proven_at_the_first_digits(monkeypatch):
    # the kink test's differences, h log h, stay in the rounding at every precision: unproven, it climbed to the
    # check's ceiling (4000 digits) on each coordinate
    import mpmath

    from gradcli.checker import kinks

    seen, kink_at = [], kinks._kink_at
    monkeypatch.setattr(kinks, "_kink_at", lambda *a, **k: seen.append(mpmath.mp.dps) or kink_at(*a, **k))
    result = _check(_spectral_entropy, [1.0, -1.0, 1.0, -1.0])
    assert result.status == "wrong", [f.message for f in result.findings]
    assert [float(g) for g in result.exact_gradient["x"]] == [0.0, 0.0, 0.0, 0.0]
    assert seen and max(seen) <= 120


def test_an_exact_0_with_no_noise_is_proven_when_asked_about():
    # `settle` leaves a 0 with no noise alone; the rule's check asks of it, and the proof then runs
    arb_core.enable()
    zeros = python_zero.Zeros(resolve(_spectral_entropy).mp_function, [np.array([1.0] * 5)])
    assert zeros.proven() == frozenset()
    asked = zeros.proven([0, 0, 0, 0, 0, 0])  # the value, then the five slopes
    assert 1 in asked and 4 in asked and zeros.proven() == {1, 4}
    assert not zeros.value_proven()
    zeros.settle_value([0], [1e-30], 1)
    assert zeros.value_proven()


@pytest.mark.parametrize("n", [5, 7, 9])
def test_the_mpmath_transform_of_exact_numbers_has_its_zeros_by_algebra_exactly(n):
    # the reference's own transform: mpmath's rounded roots leave 1e-200 where the bin is 0, an absorbed term and a
    # slope the rule reads as a number (the constant signal's entropy climbed to 3840 digits)
    import mpmath

    from gradcli.autodiff import ops_fft

    with mpmath.workdps(200):
        constant = ops_fft._complex_mp(np.array([mpmath.mpf(1)] * n, dtype=object), (n,), (0,), None, False)
        assert constant[0] == n and all(e == 0 for e in constant[1:])
        ramp = ops_fft._complex_mp(np.array([mpmath.mpf(j) / 3 for j in range(n)], dtype=object), (n,), (0,), None,
                                   False)
        # a ramp's other bins sum j w^j / 3 = n / (3 (w - 1)): real part -n / 6 each, kept as computed
        assert all(abs(mpmath.re(e) + mpmath.mpf(n) / 6) < mpmath.mpf(10) ** -190 for e in ramp[1:])
