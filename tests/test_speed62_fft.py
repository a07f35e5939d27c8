"""Exact Fourier transforms of prime length (and of a long prime factor) by Bluestein's chirp convolution
(`fft_steps._chirped`), on mpmath's numbers and on balls, judged against the defining sum at high precision."""

import flint
import mpmath
import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.autodiff import arb as arb_core, arb_complex, fft_steps, ops_fft

DIGITS = 60
CHIRPED = [37, 41, 2 * 37, 3 * 41]  # primes past `CHIRP_FROM`, alone and as the long factor of a mixed radix


def _signal(n):
    rng = np.random.default_rng(n)
    return rng.normal(size=n) + 1j * rng.normal(size=n)


def _defining_sum(signal, sign, digits=DIGITS):
    """sum_j x_j e^(sign 2 pi i j k / n) for every k, written from the definition at ``digits``."""
    n = len(signal)
    with mpmath.workdps(digits):
        x = [mpmath.mpc(complex(v)) for v in signal]
        return [mpmath.fsum(x[j] * mpmath.expjpi(mpmath.mpf(2 * sign * (j * k % n)) / n) for j in range(n))
                for k in range(n)]


def _mpmath_root(sign):
    def root(m, order):
        assert 0 < m < order and np.gcd(m, order) == 1  # the promised lowest terms
        return mpmath.expjpi(mpmath.mpf(2 * sign * m) / order)

    return root


@pytest.mark.parametrize("sign", [-1, 1])
@pytest.mark.parametrize("n", CHIRPED)
def test_a_chirped_transform_on_mpmath_numbers_is_the_defining_sum(n, sign):
    assert fft_steps.chirped(n)
    signal = _signal(n)
    want = _defining_sum(signal, sign)
    with mpmath.workdps(DIGITS):
        got = fft_steps.transform([mpmath.mpc(complex(v)) for v in signal], _mpmath_root(sign))
        size = sum(abs(v) for v in signal)
        assert max(abs(g - w) for g, w in zip(got, want)) <= size * mpmath.mpf(10) ** (4 - DIGITS)


class _Counted(complex):
    """A complex number that counts the products made of it: the work of a transform, told without a clock."""

    products = 0

    def __mul__(self, other):
        _Counted.products += 1
        return _Counted(complex(self) * complex(other))

    __rmul__ = __mul__

    def __add__(self, other):
        return _Counted(complex(self) + complex(other))

    __radd__ = __add__

    def __neg__(self):
        return _Counted(-complex(self))

    def __truediv__(self, other):
        return _Counted(complex(self) / complex(other))


@pytest.mark.parametrize("n", [1021, 2 * 1021])
def test_a_long_prime_length_costs_n_log_n_products_not_n_squared(n):
    import cmath

    _Counted.products = 0
    signal = _signal(n)
    got = fft_steps.transform([_Counted(v) for v in signal], lambda m, order: cmath.exp(-2j * cmath.pi * m / order))
    assert np.allclose(np.array(got, dtype=complex), np.fft.fft(signal), rtol=1e-9, atol=1e-9 * n)
    assert _Counted.products < 12 * n * np.log2(n)  # the defining sum: n^2, 87x that at n = 1021


def test_the_mpmath_transform_keeps_its_exact_zeros_and_its_digits_at_a_prime_length():
    n = 41
    signal = np.sin(np.arange(n) * 0.37) + 0.25
    with mpmath.workdps(50):
        x = np.array([mpmath.mpf(float(v)) for v in signal], dtype=object)
        out = ops_fft._complex_mp(x, (n,), (0,), None, False)
        back = ops_fft._complex_mp(out, (n,), (0,), None, True)
    want = _defining_sum(signal, -1)
    assert mpmath.im(out[0]) == 0  # a real signal's bin 0: no imaginary part at all
    for g, w in zip(out, want):
        assert abs(g - w) <= mpmath.mpf(10) ** -45
    for g, v in zip(back, signal):  # the inverse of the transform: the signal again, to the working digits
        assert abs(g - float(v)) <= mpmath.mpf(10) ** -45
    constant = np.array([mpmath.mpf(3)] * n, dtype=object)
    with mpmath.workdps(50):
        silent = ops_fft._complex_mp(constant, (n,), (0,), None, False)
    assert silent[0] == 3 * n and all(z == 0 for z in silent[1:])  # a constant's other bins: the exact 0


def _ball_transform(row, bits):
    """`arb_complex`'s transform of ``row`` (balls, or `ExactComplex` numbers of them) at ``bits``."""
    arb_core.enable()
    saved, flint.ctx.prec = flint.ctx.prec, bits
    try:
        return arb_complex._dft_along(np.array(row, dtype=object), 0, False, None, False)
    finally:
        flint.ctx.prec = saved


@pytest.mark.parametrize("n", [37, 2 * 37])
@pytest.mark.parametrize("complex_signal", [False, True])
def test_balls_of_a_chirped_transform_hold_each_bin_and_a_real_signals_bin_0_keeps_no_imaginary_part(n, complex_signal):
    signal = np.sin(np.arange(n) * 0.37) + 0.25 + (1j * np.cos(np.arange(n) * 1.3) if complex_signal else 0)
    out = _ball_transform([arb_complex.ExactComplex(flint.arb(v.real), flint.arb(v.imag) if complex_signal else 0)
                           for v in np.asarray(signal, dtype=complex)], 200)
    if not complex_signal:
        assert out[0].im == 0 and type(out[0].im) is int  # no term reaches it: the plain 0, a constant angle
    want = _defining_sum(signal, -1)
    for k in range(n):
        for part, true in ((out[k].re, want[k].real), (out[k].im, want[k].imag)):
            ball = flint.arb(part)
            assert ball.overlaps(flint.arb(mpmath.nstr(true, 58), 1e-55))  # the true number within the rounding
            assert ball.rad() < 1e-48


def test_a_spectral_loss_at_a_prime_length_has_parsevals_exact_slope():
    n = 37

    def power(x):
        return gnp.sum(gnp.abs(gnp.fft.fft(gnp.sin(gnp.arange(float(n)) * 0.37) + x)) ** 2)

    (row,) = gradcli.check(power, [{"x": 0.7}], dtypes=("float64",), fixes=False).results
    slope = 2 * n * mpmath.fsum(mpmath.sin(mpmath.mpf(float(j * 0.37))) + mpmath.mpf(0.7) for j in range(n))
    assert row.status == "ok" and abs(float(row.exact_gradient["x"]) - slope) <= 1e-12 * abs(slope)


def test_a_chirped_transform_on_mpmath_numbers_rounds_as_little_as_the_working_precision():
    # the chirp's chains of products (two transforms of twice the length) run with guard bits: at 53 bits every bin is
    # within a fraction of a unit in the last place of the signal's size (without them, 0.4 units at this length)
    n = 509
    signal = np.random.default_rng(1).normal(size=n)
    bins = range(0, n, 7)
    with mpmath.workdps(40):
        x = [mpmath.mpf(float(v)) for v in signal]
        exact = [mpmath.fsum(x[j] * mpmath.expjpi(mpmath.mpf(-2 * (j * k % n)) / n) for j in range(n)) for k in bins]
    with mpmath.workprec(53):
        out = ops_fft._complex_mp(np.array(x, dtype=object), (n,), (0,), None, False)
    unit = sum(abs(v) for v in signal) * 2.0 ** -53
    assert max(abs(out[k] - e) for k, e in zip(bins, exact)) <= unit / 4
