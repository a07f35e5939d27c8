"""Zeros through Fourier transforms of windowed signals: a window's angles (rational multiples of pi) and every
transform length's roots of unity are exact numbers of one field in a proof, so a silent bin's log is a pole.

The windows are written with the run's own pi (`ops.constant`), as a framework's window reaches the exact replay
once its angles are p pi / q; each class is tested where the proof is made (cheap) and once through a check.
"""

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.autodiff import arb as arb_core
from gradcli.autodiff import arb_identities, arb_proof
from gradcli.autodiff import arb_proof_quotients as quotients
from gradcli.autodiff.ops import constant
from gradcli.checker import python_zero
from gradcli.checker.targets import resolve


def _pole(function, point):
    arb_core.enable()
    return python_zero.Zeros(resolve(function).mp_function, [np.asarray(point, dtype=np.float64)]).pole_of_value()


def _equal(a, b):
    return arb_proof.is_zero(arb_proof.sub(a, b))


# -- sin and cos of rational multiples of pi ----------------------------------------------------------------------


@pytest.mark.parametrize("turn, n", [(1, 4), (3, 4), (1, 5), (2, 5), (1, 8), (1, 12), (7, 10), (1, 3)])
def test_sin_and_cos_of_a_rational_multiple_of_pi_are_the_exact_root_of_unity(turn, n):
    arb_core.enable()
    with python_zero._proving() as proof:
        angle = arb_proof.div(arb_proof.mul(quotients.const(2 * turn), arb_identities.pi()), quotients.const(n))
        cos, sin = (arb_identities.sine(name, angle) for name in ("cos", "sin"))
        assert cos is not None and sin is not None
        root = arb_identities.root_of_unity(turn, n)
        assert _equal(cos, root[0]) and _equal(sin, root[1])
        assert _equal(arb_proof.add(arb_proof.mul(cos, cos), arb_proof.mul(sin, sin)), quotients.const(1))
        for part, exact in ((cos, np.cos(2 * np.pi * turn / n)), (sin, np.sin(2 * np.pi * turn / n))):
            assert abs(float(arb_proof.ball_of(proof, part).mid()) - exact) < 1e-15


def test_a_quarter_turn_is_0_and_1_exactly():
    arb_core.enable()
    with python_zero._proving():
        half_pi = arb_proof.mul(quotients.const(0.5), arb_identities.pi())
        assert arb_proof.is_zero(arb_identities.sine("cos", half_pi))
        assert _equal(arb_identities.sine("sin", half_pi), quotients.const(1))


# -- one field for every length -----------------------------------------------------------------------------------


@pytest.mark.parametrize("lengths", [(5, 10), (10, 5), (5, 7), (7, 5, 35)])
def test_roots_of_different_lengths_are_numbers_of_one_field(lengths):
    # cos(2 pi / n) = T_2(cos(pi / n)): the root of a length n is the square of the root of twice n, wherever each
    # was met first; and each length's roots still sum to 0
    arb_core.enable()
    with python_zero._proving() as proof:
        for n in lengths:
            arb_identities.root_of_unity(1, n)
        for n in lengths:
            roots = [arb_identities.root_of_unity(m, n) for m in range(n)]
            assert all(root is not None for root in roots)
            assert arb_proof.is_zero(_sum([c for c, _ in roots])) and arb_proof.is_zero(_sum([s for _, s in roots]))
        for n in lengths:
            c, s = arb_identities.root_of_unity(1, n)
            double_c, double_s = arb_identities.root_of_unity(2, 2 * n) if 2 * n <= 64 else (c, s)
            assert _equal(c, double_c) and _equal(s, double_s)
            assert abs(float(arb_proof.ball_of(proof, c).mid()) - np.cos(2 * np.pi / n)) < 1e-12  # T_7 of cos(2 pi / 35)
        first, second = arb_identities.root_of_unity(1, lengths[0]), arb_identities.root_of_unity(1, lengths[1])
        assert not _equal(first[0], second[0])


def _sum(numbers):
    out = quotients.const(0)
    for number in numbers:
        out = arb_proof.add(out, number)
    return out


def test_a_radicand_0_by_its_atoms_rules_has_no_root_of_its_form():
    # (cos(2 pi / 5) - T_2(cos(2 pi / 10)))^2 is 0 by the field's rules: its root is the function sqrt at 0 (an
    # atom), never the constant 1 its factors' empty product would make
    arb_core.enable()
    with python_zero._proving():
        five, ten = arb_identities.root_of_unity(1, 5)[0], arb_identities.root_of_unity(1, 10)[0]
        gap = arb_proof.sub(five, arb_proof.sub(arb_proof.mul(quotients.const(2), arb_proof.mul(ten, ten)),
                                                quotients.const(1)))
        radicand = arb_proof.mul(gap, gap)
        assert not radicand[0].is_zero() and arb_proof.is_zero(radicand)
        assert arb_identities.sqrt(radicand) is None


# -- programs: a windowed spectrogram's silent bin, and two lengths ------------------------------------------------


def _hann_spectrogram_db(n):
    """Two frames of n samples under a periodic Hann window, the power of each bin in decibels, unfloored."""
    def spectrogram_db(x):
        window = 0.5 - 0.5 * gnp.cos(2 * constant("pi", x) * np.arange(n) / n)
        frames = gnp.stack([x[:n] * window, x[n:] * window])
        return gnp.sum(10 * gnp.log10(gnp.abs(gnp.fft.rfft(frames, axis=-1)) ** 2))
    return spectrogram_db


HANN_4, HANN_5 = _hann_spectrogram_db(4), _hann_spectrogram_db(5)
# a constant frame: under the window its bins are n (1/2, -1/4, 0, ...) and the rest 0 (bin 2 of both)
HANN_4_AT = [1.0, 1.0, 1.0, 1.0, 0.5, -1.0, 2.0, 0.25]
HANN_5_AT = [1.0, 1.0, 1.0, 1.0, 1.0, 0.5, -1.0, 2.0, 0.25, 1.5]


def _tenth_squared_less_fifth(x):
    # e^(-2 pi i / 10) squared is e^(-2 pi i / 5): bin 1 of a length-10 impulse, squared, is bin 1 of a length-5 one
    ten = gnp.fft.fft(gnp.concatenate([np.zeros(1), x[0:1], np.zeros(8)]))[1]
    five = gnp.fft.fft(gnp.concatenate([np.zeros(1), x[0:1] ** 2, np.zeros(3)]))[1]
    return gnp.log(gnp.abs(ten * ten - five) + x[1] ** 2)


def _fifth_less_tenth_squared(x):
    five = gnp.fft.fft(gnp.concatenate([np.zeros(1), x[0:1] ** 2, np.zeros(3)]))[1]  # the length 5 met first
    ten = gnp.fft.fft(gnp.concatenate([np.zeros(1), x[0:1], np.zeros(8)]))[1]
    return gnp.log(gnp.abs(ten * ten - five) + x[1] ** 2)


@pytest.mark.parametrize("function, point, pole", [
    (HANN_4, HANN_4_AT, "log10"),
    (HANN_5, HANN_5_AT, "log10"),
    (_tenth_squared_less_fifth, [0.7, 0.0], "log"),
    (_fifth_less_tenth_squared, [0.7, 0.0], "log"),
], ids=["hann-4", "hann-5", "lengths-10-then-5", "lengths-5-then-10"])
def test_a_silent_bin_through_exact_angles_is_the_logs_pole(function, point, pole):
    assert _pole(function, point) == pole


def test_a_bin_that_is_not_silent_is_no_pole():
    assert _pole(HANN_5, [1.0, 2.0, 1.0, 1.0, 1.0, 0.5, -1.0, 2.0, 0.25, 1.5]) is None
    assert _pole(_tenth_squared_less_fifth, [0.7, 0.5]) is None


def test_the_windowed_spectrogram_with_a_silent_bin_is_domain():
    # before: no proof reached through the window's angles, and the reference climbed to 4000 digits (error); the
    # pole is proven at 60 digits, whatever 0.5 - 0.5 cos(pi / 2) rounded loses there, so 120 suffice
    result = gradcli.check(HANN_4, [{"x": np.array(HANN_4_AT)}], dtypes=("float64",), fixes=False,
                           max_digits=120).results[0]
    assert result.status == "domain", [f.message for f in result.findings]
    assert result.exact_value == -np.inf

