"""The exact reference is the same whichever integers mpmath's numbers are made of.

mpmath computes on gmpy2 where it is installed (a dependency, for speed): a number's mantissa is then
gmpy2's ``mpz``, which python-flint's constructors refuse and which is no Python ``int``. Every place that
unpacks an mpmath number hands flint (and JSON, and ``isinstance`` checks) a Python int.
"""

import os
from fractions import Fraction

import flint
import gmpy2
import mpmath
import numpy as np
import pytest

import gradcli.numpy as gnp
from gradcli.autodiff.arb_proof_balls import binary_fraction, exact_fraction
from gradcli.checker import balls, exact_python, reference
from gradcli.checker.targets import resolve


def _with_mpz_mantissa(x):
    """The mpmath number ``x`` remade with its mantissa as gmpy2's mpz, as mpmath makes it on gmpy2."""
    sign, mantissa, exponent, bits = x._mpf_
    return mpmath.mp.make_mpf((sign, gmpy2.mpz(mantissa), exponent, bits))


@pytest.mark.parametrize("number", [-3.25, 1e-300, 5e-324, 2.0**1000 - 2.0**947, 0.1])
def test_a_float_is_the_same_exact_fraction_with_an_mpz_mantissa(number):
    x = _with_mpz_mantissa(mpmath.mpf(number))
    assert type(x._mpf_[1]) is gmpy2.mpz
    truth = Fraction(number)  # a binary float is a fraction exactly
    assert exact_fraction(x) == truth
    assert binary_fraction(flint, x) == flint.fmpq(truth.numerator, truth.denominator)


def test_a_long_mantissa_is_the_same_exact_fraction_with_an_mpz_mantissa():
    with mpmath.workprec(300):
        third = mpmath.mpf(1) / 3  # 300 bits of 1/3, rounded to nearest: within 2^-301 of it
    got = binary_fraction(flint, _with_mpz_mantissa(third))
    assert abs(Fraction(int(got.p), int(got.q)) - Fraction(1, 3)) <= Fraction(1, 2**301)


def test_mpmath_computes_on_gmpy2():
    # the dependency is there for this: mpmath's arithmetic on gmpy2 is several times faster at the exact
    # reference's precisions; MPMATH_NOGMPY=1 asks for its pure-Python integers instead
    if os.environ.get("MPMATH_NOGMPY"):
        pytest.skip("MPMATH_NOGMPY asks mpmath for its pure-Python backend")
    assert mpmath.libmp.BACKEND == "gmpy"
    assert type(mpmath.mpf(3)._mpf_[1]) is gmpy2.mpz


def test_an_fft_on_mpmath_numbers_has_its_exact_gradient(monkeypatch):
    # the mpmath path (no balls) decides a transform's zero bins on flint's rationals of mpmath's numbers
    monkeypatch.setattr(exact_python, "compute", lambda *a, **k: False)
    w = np.array([1.0, -2.0, 0.5, 3.0, -1.0])
    v = np.array([0.25, -1.0, 2.0, 0.5, 1.5])
    ex = reference.compute(resolve(lambda v: gnp.sum(gnp.real(gnp.fft.fft(v)) * w)), [v], budget=balls.Budget(60))
    assert ex.determined
    with mpmath.workdps(40):  # d/dv_j of sum_k w_k Re X_k = sum_k w_k cos(2 pi j k / 5)
        truth = [mpmath.fsum(w[k] * mpmath.cos(2 * mpmath.pi * j * k / 5) for k in range(5)) for j in range(5)]
    for got, want in zip(ex.gradient[0], truth):
        assert abs(got - want) <= mpmath.mpf(10) ** -12 * max(1, abs(want))
