"""Roots of unity of a long order in a proof: past the field of cos(2 pi / n) (n above 64) each root is two powers of
one root z = e^(2 pi i / M), and a number is 0 where its polynomial in z is divisible by z's minimal polynomial, the
cyclotomic polynomial of M: the N-th roots summing to 0 (a long window's sum, a long DFT's silent bin) is proven for
any N a program writes, a sum over an array taken at once (np.sum), not root by root."""

from __future__ import annotations

import sys

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.autodiff import arb as arb_core, arb_proof, ops
from gradcli.checker import python_zero

sys.path.insert(0, __file__.rsplit("/", 1)[0])
from test_win58_proof_angles import _proven_zero  # noqa: E402


@pytest.mark.parametrize("n, name", [(70, "cos"), (71, "cos"), (70, "sin"), (97, "sin")])
def test_the_roots_of_a_long_length_sum_to_0(n, name):
    # before: each root an atom of the circle's symmetries, their sum not known to be 0
    assert _proven_zero(lambda pi, f: sum(f(name, pi * 2 * k / n) for k in range(n)))


@pytest.mark.parametrize("make", [
    lambda pi, f: sum(f("cos", pi * 2 * k / 70) for k in range(69)),  # one root left out: -1, no 0
    lambda pi, f: f("cos", pi * 2 * 3 / 4999) - f("cos", pi * 2 * 4 / 4999),
    lambda pi, f: f("cos", pi * 2 * 5 / 70) - f("cos", pi * 2 * 5 / 77),
    lambda pi, f: sum(f("cos", pi * 2 * k / 70) ** 2 for k in range(70)),  # 35
], ids=["one-left-out", "neighbours", "two-orders", "squares"])
def test_other_sums_of_roots_stay_apart_from_0(make):
    assert not _proven_zero(make)


def test_roots_of_two_long_orders_meet_in_one_ring():
    # cos(2 pi 5 / 70) is cos(2 pi 1 / 14), and 77's roots join 70's: z of order lcm(4, 70, 77)
    assert _proven_zero(lambda pi, f: f("cos", pi * 2 * 5 / 70) - f("cos", pi * 2 / 14) + f("sin", pi * 2 * 7 / 77)
                        - f("sin", pi * 2 / 11))
    assert _proven_zero(lambda pi, f: f("cos", pi * 2 * 3 / 4999) ** 2 + f("sin", pi * 2 * 3 / 4999) ** 2 - 1)


def test_a_sum_over_an_array_of_a_prime_length():
    arb_core.enable()
    n = 2003  # a running sum of these roots passes the terms a proof number may hold: the sum is taken at once
    with python_zero._proving():
        pi = ops.constant("pi", arb_proof.constant(0.0))
        counts = np.array([arb_proof.constant(float(k)) for k in range(n)], dtype=object)
        cosines = gnp.cos(counts * (pi * 2 / n))
        assert arb_proof.zeros_of(gnp.sum(cosines))[0]
        assert arb_proof.zeros_of(gnp.sum(cosines[1:]) + 1)[0]
        assert not arb_proof.zeros_of(gnp.sum(cosines[1:]))[0]


def test_a_long_dfts_silent_bin_is_proven_0():
    arb_core.enable()
    with python_zero._proving():
        spectrum = gnp.fft.rfft(np.array([arb_proof.constant(1.5)] * 65, dtype=object))
        assert not arb_proof.zeros_of(gnp.real(spectrum[0]))[0]
        # before: the real parts of the other bins not proven 0
        assert [arb_proof.zeros_of(gnp.real(spectrum[k]))[0] for k in (1, 5, 32)] == [True] * 3


MODULE = """
import numpy as np


def centred_sum(x, y):
    w = np.hanning(130)
    return x * (np.sum(w) - 129 / 2) + y * (w[3] - w[126]) / (w[3] + w[5])
"""


def test_a_long_windows_sum_is_its_exact_value(tmp_path):
    path = tmp_path / "window_sum.py"
    path.write_text(MODULE)
    # before: error, "an exact entry is within ... of 0 but not proven 0"
    point = {"x": 1.5, "y": -0.5}
    (result,) = gradcli.check(f"{path}:centred_sum", [point], dtypes=("float64",), fixes=False).results
    assert result.status == "ok", [f.message for f in result.findings]
    assert result.exact_value == 0 and result.exact_gradient == {"x": 0.0, "y": 0.0}


def test_a_window_is_made_once_per_kind_of_number_and_precision():
    # a long window costs seconds per run: the differences' noise runs at one precision share it, each its own copy
    import mpmath

    from gradcli.autodiff import tracer, windows

    made = []

    def make():
        made.append(mpmath.mp.prec)
        return np.array([mpmath.mpf(1) / 3], dtype=object)

    with tracer.constants_exact(mpmath.mpf):
        with mpmath.workprec(100):
            first, again = windows.made_once(("test", 1), make), windows.made_once(("test", 1), make)
            first[0] = 0  # the user's code writing into its window leaves the next run's alone
            third = mpmath.mpf(1) / 3
        with mpmath.workprec(200):
            finer = windows.made_once(("test", 1), make)
    assert made == [100, 200] and again[0] == third and finer[0] != third
    windows._MADE.clear()
