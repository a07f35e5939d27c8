"""Exact Fourier transforms by the length's factors (`fft_steps`), on mpmath's numbers and on balls, and the mpmath
transform's exact zeros at every length (`ops_fft._zero_parts`: one division by a cyclotomic polynomial per order)."""

import cmath
import math

import flint
import mpmath
import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.autodiff import arb as arb_core, arb_complex, fft_steps, ops_fft

LENGTHS = [1, 2, 3, 4, 6, 7, 12, 30, 49, 64, 70, 97]


@pytest.mark.parametrize("n", LENGTHS)
def test_the_steps_by_factors_give_the_defining_sum(n):
    rng = np.random.default_rng(n)
    x = rng.normal(size=n) + 1j * rng.normal(size=n)
    got = fft_steps.transform(list(x), lambda m, order: cmath.exp(-2j * cmath.pi * m / order))
    assert np.allclose(got, np.fft.fft(x), rtol=1e-12, atol=1e-12)


def _defining_sum(signal, k, digits=60):
    with mpmath.workdps(digits):
        n = len(signal)
        return mpmath.fsum(mpmath.mpf(x) * mpmath.expjpi(mpmath.mpf(-2 * j * k) / n) for j, x in enumerate(signal))


@pytest.mark.parametrize("n", [12, 70, 128])
def test_balls_hold_each_bin_and_a_real_signals_bin_0_keeps_no_imaginary_part(n):
    arb_core.enable()
    signal = np.sin(np.arange(n) * 0.37) + 0.25
    saved = flint.ctx.prec
    flint.ctx.prec = 200
    try:
        out = arb_complex._dft_along(np.array([flint.arb(v) for v in signal], dtype=object), 0, False, None, False)
    finally:
        flint.ctx.prec = saved
    assert out[0].im == 0 and type(out[0].im) is int  # no term reaches it: the plain 0, a constant angle
    for k in (0, 1, n // 2, n - 1):
        exact = _defining_sum(signal, k)
        for part, true in ((out[k].re, exact.real), (arb_complex.as_complex(out[k]).im, exact.imag)):
            ball = flint.arb(part)
            assert ball.overlaps(flint.arb(mpmath.nstr(true, 58), 1e-55))  # the true number within the rounding
            assert ball.rad() < 1e-50


def _zero_parts_by_digits(signal, inverse):
    """(bin, imaginary) of each part within 1e-35 of 0 at 50 digits: the exact zeros, found numerically."""
    n, sign = len(signal), 1 if inverse else -1
    found = set()
    with mpmath.workdps(50):
        roots = [mpmath.expjpi(mpmath.mpf(2 * sign * m) / n) for m in range(n)]
        signal = [mpmath.mpc(complex(x)) for x in signal]
        for k in range(n):
            z = mpmath.fsum(x * roots[j * k % n] for j, x in enumerate(signal))
            found.update((k, i) for i, part in enumerate((z.real, z.imag)) if abs(part) < mpmath.mpf(10) ** -35)
    return found


SIGNALS = [
    [3] * 70,  # every other bin 0, both parts
    [1, 2, 3, 2] * 15,  # period 4 in length 60: bins off multiples of 15 silent, the rest real
    [0, 1, 2, 3, 2, 1] * 15,  # length 90, even about 0: every bin real
    [0, 1, -2, 2, -1] * 14,  # odd about 0: every bin imaginary
    [1, 2 + 3j, 0.5 - 1j, 0.5 + 1j, 2 - 3j] * 6,  # Hermitian, period 5 in 30
    [0, 1, -1j] + [0] * 9,  # length 12: a real part cancelled by an imaginary part's term
    [1j, 1, -1j, -1] * 20,  # length 80: one bin alone
    [0, 1, 0, 0, -1j] + [0] * 15,  # length 20: cos(18 k deg) = sin(72 k deg) at k = 13, 17 too, where w^t = i has t != k
    [2, -1, 0.5, 0.25, 1, 3, -2],  # length 7, nothing 0 but bin 0's imaginary part
]


@pytest.mark.parametrize("inverse", [False, True])
@pytest.mark.parametrize("signal", SIGNALS, ids=lambda s: f"n{len(s)}")
def test_the_exact_zeros_are_those_the_digits_show(signal, inverse):
    parts = [[flint.fmpq(*float(np.real(x)).as_integer_ratio()), flint.fmpq(*float(np.imag(x)).as_integer_ratio())]
             for x in signal]
    everything = [(k, i) for k in range(len(signal)) for i in (0, 1)]
    assert set(ops_fft._zero_parts(parts, everything, inverse)) == _zero_parts_by_digits(signal, inverse)


def _power_of_constant(n):
    def power(x):
        return gnp.sum(gnp.abs(gnp.fft.fft(x * gnp.ones(n))) ** 2)

    return power


@pytest.mark.parametrize("n", [70, 210])
def test_a_constant_signals_silent_bins_past_64_are_exact_zeros(n):
    # n^2 x^2: every bin but 0 silent; at 210 (2*3*5*7) the roots' rounding left "a sum absorbs a term 5776 digits
    # below its result" and no reference; 70 ran past --max-time
    result = gradcli.check(_power_of_constant(n), [{"x": 0.7}], dtypes=("float64",), fixes=False, max_time=math.inf)
    (row,) = result.results
    assert row.status == "ok"
    assert abs(float(row.exact_value) - n * n * 0.49) <= 1e-9 * n * n
    assert abs(float(row.exact_gradient["x"]) - 2 * n * n * 0.7) <= 1e-9 * n * n


def test_a_transform_of_jets_is_the_jet_of_the_transforms_of_its_parts():
    arb_core.enable()
    n = 24
    signal = np.sin(np.arange(n) * 0.37)
    row = [arb_core.Jet(flint.arb(v), np.array([flint.arb(1), flint.arb(j)], dtype=object)) for j, v in enumerate(signal)]
    row[5] = flint.arb(2.5)  # a constant entry among the jets: no slope of its own
    out = arb_complex._dft_along(np.array(row, dtype=object), 0, False, None, False)
    assert out[0].im == 0 and type(out[0].im) is int
    for k in (1, 7, 12):  # bin k of d/ds1 is sum_j w^jk (0 for k != 0), of d/ds2 sum_j j w^jk (skipping entry 5)
        w = [cmath.exp(-2j * cmath.pi * j * k / n) for j in range(n)]
        slopes = (sum(w[j] for j in range(n) if j != 5), sum(j * w[j] for j in range(n) if j != 5))
        for part, pick in ((out[k].re, lambda z: z.real), (out[k].im, lambda z: z.imag)):
            for s in (0, 1):  # a part no term reaches (bin 12's imaginary one: w = +-1) stays the plain 0
                got = 0 if type(part) is int else float(part.d[s].mid())
                assert abs(got - pick(slopes[s])) < 1e-9


def test_a_long_spectral_losss_exact_slope_is_parsevals():
    n = 512

    def power(x):
        return gnp.sum(gnp.abs(gnp.fft.fft(gnp.sin(gnp.arange(float(n)) * 0.37) + x)) ** 2)

    (row,) = gradcli.check(power, [{"x": 0.7}], dtypes=("float64",), fixes=False).results
    slope = 2 * n * float(np.sum(np.sin(np.arange(float(n)) * 0.37) + 0.7))  # sum |X|^2 = n sum |s + x|^2
    assert row.status == "ok" and abs(float(row.exact_gradient["x"]) - slope) <= 1e-12 * abs(slope)
