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


def test_cross_product_beside_subnormal_entries_keeps_them(mpmath_path):
    # The cross product's entries 3 - 2e-310 and 1.5 - 2e-310 are absorbed at 60 and 120 digits, and the
    # weighted sum cancels 3 - 3: without a precision past the spread it read -1.5e-310 and [-3, -1.5, 0].
    w, b = np.array([1.0, -2.0, 3.0]), np.array([0.5, -1.0, 2.0])
    v = np.array([1e-310, -1e-310, 3.0])
    ex = reference.compute(resolve(lambda v: gnp.sum(gnp.cross(v, b) * w)), [v], budget=balls.Budget(60))
    assert ex.determined
    with mpmath.workdps(1000):  # past the spread, as the reference must be
        m = [mpmath.mpf(x) for x in v]
        value = w[0] * (m[1] * b[2] - m[2] * b[1]) + w[1] * (m[2] * b[0] - m[0] * b[2]) + w[2] * (m[0] * b[1] - m[1] * b[0])
    assert abs(ex.value - value) <= mpmath.mpf(10) ** -12 * abs(value)
    for got, want in zip(ex.gradient[0], [1.0, 0.5, 0.0]):  # a linear map's gradient: b x w
        assert abs(got - want) <= 1e-12 * abs(want) if want else got == 0


def _in_the_program(run):
    # The watch counts the sums a program makes, not mpmath's own inner ones: call from this module.
    with mpmath.workdps(60), precision.Absorption() as seen:
        run()
    return seen.needs()


def test_a_complex_sum_absorbing_a_part_sets_the_precision_needed():
    huge, tiny = mpmath.mpc(1e300, 3), mpmath.mpc(0, "2e-310")
    assert _in_the_program(lambda: huge + tiny) > 310 + precision.AGREE_DIGITS
    assert _in_the_program(lambda: mpmath.mpf(3) - mpmath.mpc("2e-310", 1)) > 310 + precision.AGREE_DIGITS
    assert _in_the_program(lambda: mpmath.mpc(3, 1) + mpmath.mpc("2e-20", 1)) < 60


def test_fsum_and_fdot_dropping_a_term_set_the_precision_needed():
    # mpmath's exact sum drops a term more than twice the precision below the running sum: 0 here at 60 digits.
    terms = [mpmath.mpf(1e300), mpmath.mpf(1e-300), mpmath.mpf(-1e300)]
    assert _in_the_program(lambda: mpmath.fsum(terms)) > 600 + precision.AGREE_DIGITS
    assert _in_the_program(lambda: mpmath.fdot(terms, [1, 1, 1])) > 600 + precision.AGREE_DIGITS
    # Terms within its exact window are added exactly, rounded once: nothing more is needed.
    assert _in_the_program(lambda: mpmath.fsum([mpmath.mpf(1e20), mpmath.mpf(1), mpmath.mpf(-1e20)])) < 60


def test_an_fft_beside_huge_entries_keeps_the_small_one(mpmath_path):
    # The DFT is complex arithmetic: the imaginary parts -sqrt(3)/2 (2e200 - v2) absorbed v2 +- h at 120 and
    # 240 digits alike, and d/dv2 read 0. (v0 added: its own slope through the transform is an exact 0.)
    w = np.array([1.0, -2.0, 3.0])
    v = np.array([1e200, 2e200, 1.0])
    ex = reference.compute(resolve(lambda v: gnp.sum(gnp.imag(gnp.fft.fft(v)) * w) + v[0]), [v],
                           budget=balls.Budget(60))
    assert ex.determined
    slope = 5 * mpmath.sqrt(3) / 2  # -2 Im X1 + 3 Im X2 = 5 (sqrt(3)/2) (v1 - v2)
    for got, want in zip(ex.gradient[0], [1, slope, -slope]):
        assert abs(got - want) <= mpmath.mpf(10) ** -12 * abs(want)
