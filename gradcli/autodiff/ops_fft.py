"""``numpy.fft``: the discrete Fourier transforms, with gradients through three primitives.

Every transform is one of: a complex n-D transform (forward or inverse), a
real-input one (``rfftn``: the complex one, last axis halved) or its inverse
(``irfftn``). Their public spellings (``fft``, ``ifft2``, ``rfft``...) resolve
NumPy's ``n``/``s``/``axes`` defaults to explicit sizes and axes first.

The DFT matrix is symmetric, so the pullback of a complex transform is the same
transform of the cotangent, cropped or zero-padded back to the input's sizes.
The exact reference computes each transform on mpmath numbers by the length's
factors (`fft_steps`: a long prime factor by a chirp convolution), and on balls,
jets and proof numbers as `arb_complex`'s (`arb.enable` puts them in front of
the mpmath ones).
"""

from __future__ import annotations

import functools
import math

import numpy as np

from . import arb_identities as identities, fft_steps
from .arb_proof_balls import binary_fraction
from .core import defjvp, defvjp
from .ops import real
from .ops_array import concatenate, getitem
from .ops_shape import roll
from .tracer import primitive
from .values import holds_complex, loaded_mpmath, raw, rounded_to_nearest, shape_of


def _complex_raw(x, sizes, axes, norm, inverse):
    transform = np.fft.ifftn if inverse else np.fft.fftn
    return transform(x, sizes, axes, norm)


def _real_raw(x, sizes, axes, norm):
    return np.fft.rfftn(x, sizes, axes, norm)


def _real_inverse_raw(x, sizes, axes, norm):
    return np.fft.irfftn(x, sizes, axes, norm)


# -- the exact reference: each transform as a sum of mpmath numbers ----------------------


def _resized(x, axis, size, zero):
    """``x`` cropped or padded with ``zero`` to ``size`` along ``axis`` (object arrays)."""
    x = np.moveaxis(np.asarray(x, dtype=object), axis, -1)
    out = np.full(x.shape[:-1] + (size,), zero, dtype=object)
    keep = min(size, x.shape[-1])
    out[..., :keep] = x[..., :keep]
    return np.moveaxis(out, -1, axis)


def _scale(n, norm, inverse):
    """The factor NumPy's ``norm`` puts on a transform of length ``n``, forward or inverse."""
    mpmath = loaded_mpmath()
    if norm == "ortho":
        return 1 / mpmath.sqrt(n)
    backward_scaled = norm in (None, "backward")
    return mpmath.mpf(1) / n if backward_scaled == inverse else mpmath.mpf(1)


def _dft_along(x, axis, inverse, norm):
    """The DFT of an object array along one axis, by the length's factors (`fft_steps`: n log n products for a
    power of two, and for a long prime factor by a chirp convolution, computed with guard bits for its longer chains
    of rounded products), each part of a bin that is 0 by algebra the exact 0 (`_zero_by_algebra`)."""
    mpmath = loaded_mpmath()
    n = x.shape[axis]
    moved = np.moveaxis(x, axis, -1)
    out = np.empty(moved.shape, dtype=object)
    bits = mpmath.mp.prec + (2 * n.bit_length() + 10 if fft_steps.chirped(n) else 0)
    root = _roots_at(inverse, bits)
    with mpmath.workprec(bits):
        for index in np.ndindex(moved.shape[:-1]):
            out[index] = fft_steps.transform(list(moved[index]), root)
    out = out * _scale(n, norm, inverse)  # rounded to the working precision here
    if n >= 3:  # below 3 every root is +-1: the sums are exact as they stand
        out = _zero_by_algebra(moved, out, inverse)
    return np.moveaxis(out, -1, axis)


def _zero_by_algebra(moved, out, inverse):
    """``out`` (the transform of ``moved`` along its last axis, mpmath's roots of unity rounded) with each real or
    imaginary part that is exactly 0 made mpmath's exact 0: the signal's numbers are exact binary fractions, so each
    part is a polynomial with Gaussian rational coefficients at a root of unity (`_zero_parts`), 0 exactly where the
    cyclotomic polynomial of the root's order divides it. A constant signal's other bins, sums of the roots, are then
    0 at every precision and every length, as they are at lengths 4 and 8, rather than the roots' rounding (1e-3840 at
    3840 digits)."""
    mpmath = loaded_mpmath()
    n = moved.shape[-1]
    out = np.array(out, dtype=object)
    for index in np.ndindex(moved.shape[:-1]):
        # only a part within the roots' rounding of 0 may be an exact 0: the others keep their digits as they are
        size = sum(abs(e) for e in moved[index]) * abs(_scale(n, None, inverse))
        noise = size * mpmath.mpf(2) ** (16 - mpmath.mp.prec)
        near = [(k, imaginary) for k in range(n) for imaginary, part in enumerate(_parts_of(mpmath, out[index + (k,)]))
                if abs(part) <= noise]
        parts = [_rational_parts(mpmath, e) for e in moved[index]] if near else None
        if parts is None or any(p is None for p in parts):
            continue
        for k, imaginary in _zero_parts(parts, near, inverse):
            kept = _parts_of(mpmath, out[index + (k,)])
            kept[imaginary] = mpmath.mpf(0)
            out[index + (k,)] = mpmath.mpc(*kept)
    return out


def _parts_of(mpmath, z):
    """The real and imaginary parts of the mpmath number ``z``, as a list one of them may be replaced in."""
    return [mpmath.re(z), mpmath.im(z)]


def _zero_parts(parts, near, inverse):
    """The (bin, imaginary) pairs of ``near`` whose part of the transform of the signal z_j = a_j + i b_j (``parts``:
    the exact (a_j, b_j)) is exactly 0. With w = e^(+-2 pi i k / n), the real part of bin k is half of B(w), B_j = z_j +
    conj(z_-j), and the imaginary part is C(w) / 2i, C_j = z_j - conj(z_-j) (indices mod n); a polynomial P + i Q with
    rational P and Q is 0 at w, a primitive root of order d, exactly where the cyclotomic polynomial Phi_d divides P
    and Q when i is outside the field of w (4 does not divide d), and divides P + x^t Q when i = w^t. So each order d
    (each t, where Q is not 0) is one division, whatever the number of bins it holds."""
    import flint  # lazy: python-flint, with the exact reference

    n = len(parts)
    sign = 1 if inverse else -1
    mirrored = [parts[-j % n] for j in range(n)]
    polynomials = {}  # imaginary -> (P, Q)
    for imaginary in (0, 1):
        turn = -1 if imaginary else 1  # B's conj(z_-j) added, C's subtracted
        polynomials[imaginary] = (flint.fmpq_poly([a + turn * c for (a, _), (c, _) in zip(parts, mirrored)]),
                                  flint.fmpq_poly([b - turn * d for (_, b), (_, d) in zip(parts, mirrored)]))
    decided = {}  # (imaginary, d, t) -> 0 or not
    found = []
    for k, imaginary in near:
        common = math.gcd(k, n)
        order, step = n // common, (sign * k // common) % (n // common)  # w = e^(2 pi i step / order)
        p, q = polynomials[imaginary]
        # i = w^t: t step = order/4 (mod order), and an odd step is its own inverse mod 4
        t = (order // 4) * step % order if order % 4 == 0 and not q.is_zero() else None
        key = (imaginary, order, t)
        if key not in decided:
            minimal = identities.cyclotomic(order)
            decided[key] = (((p + q * flint.fmpq_poly([0] * t + [1])) % minimal).is_zero() if t is not None
                            else (p % minimal).is_zero() and (q % minimal).is_zero())
        if decided[key]:
            found.append((k, imaginary))
    return found


def _rational_parts(mpmath, e):
    """The real and imaginary parts of an mpmath or plain number as flint's exact rationals (None: not finite)."""
    import flint  # lazy: python-flint, with the exact reference

    z = mpmath.mpc(e)
    parts = [binary_fraction(flint, part) for part in (z.real, z.imag)]
    return None if None in parts else parts


@functools.lru_cache(maxsize=64)
def _roots_at(inverse, bits):
    """The DFT's roots of unity at ``bits``, one function for every transform at that precision: `fft_steps` keeps
    what it makes of the roots (a chirp's filter) with the function, so the differences' noise runs and a kink test's
    many transforms at one precision make it once."""

    def root(m, order):
        return _root_of_unity(m, order, inverse, bits)

    root.made_in = rounded_to_nearest  # a filter kept for every run at ``bits``, whatever the first one's rounding
    return root


@functools.lru_cache(maxsize=16384)
def _root_of_unity(m, order, inverse, bits):
    """The DFT's root of unity e^(+-2 pi i m / order), an mpmath number at ``bits`` (a kink test runs one transform
    at a precision many times, and each root at thousands of digits is a series): a mirror power (m past order / 2)
    the conjugate of its partner."""
    mpmath = loaded_mpmath()
    if 2 * m > order:
        return mpmath.conj(_root_of_unity(order - m, order, inverse, bits))
    with rounded_to_nearest(), mpmath.workprec(bits):  # kept for every run at ``bits``, whatever its rounding
        return mpmath.expjpi(mpmath.mpf(2 * (1 if inverse else -1) * m) / order)


def _complex_mp(x, sizes, axes, norm, inverse):
    zero = loaded_mpmath().mpf(0)
    for axis, size in zip(axes, sizes):
        x = _dft_along(_resized(x, axis, size, zero), axis, inverse, norm)
    return x


def _real_mp(x, sizes, axes, norm):
    out = _complex_mp(x, sizes, axes, norm, False)
    return out[_crop_index(out.ndim, axes[-1], sizes[-1] // 2 + 1)]


def _real_inverse_mp(x, sizes, axes, norm):
    mpmath = loaded_mpmath()
    x = _complex_mp(x, sizes[:-1], axes[:-1], norm, True)
    half = _resized(x, axes[-1], sizes[-1] // 2 + 1, mpmath.mpc(0))
    weighted = half * np.asarray(_hermitian_weights(sizes[-1], axes[-1], np.ndim(half)), dtype=object)
    full = _resized(weighted, axes[-1], sizes[-1], mpmath.mpc(0))
    return np.vectorize(lambda z: mpmath.re(z), otypes=[object])(_dft_along(full, axes[-1], True, norm))


def _numbers_only(name, fun):
    """``fun`` on mpmath (and plain) numbers alone: a ball, a jet or a proof number is refused.

    The DFT matrix is mpmath's complex numbers; a ball times one is mpmath reading the ball as its
    midpoint at mpmath's own precision (53 bits by default), a plain number the balls would then take
    as exact. Refused, the exact reference replays the transform on mpmath numbers instead.
    """
    mpmath_types = (int, float, complex, np.number)

    def run(x, *rest):
        mpmath = loaded_mpmath()
        kinds = mpmath_types + (mpmath.mpf, mpmath.mpc)
        for e in np.asarray(x, dtype=object).flat:
            if not isinstance(e, kinds):
                raise ArithmeticError(f"no ball implementation of {name}")
        return fun(x, *rest)

    run.__name__ = fun.__name__
    return run


# -- the primitives and their rules ------------------------------------------------------

complex_transform = primitive(_complex_raw, "fft.fftn", kind="linalg", mp=_numbers_only("fft.fftn", _complex_mp))
real_transform = primitive(_real_raw, "fft.rfftn", kind="linalg", mp=_numbers_only("fft.rfftn", _real_mp))
real_inverse_transform = primitive(
    _real_inverse_raw, "fft.irfftn", kind="linalg", mp=_numbers_only("fft.irfftn", _real_inverse_mp)
)


def _crop_index(ndim, axis, size):
    index = [slice(None)] * ndim
    index[axis] = slice(0, size)
    return tuple(index)


def _fit(x, axes, sizes):
    """``x`` cropped or zero-padded to ``sizes`` along ``axes``: differentiable."""
    for axis, size in zip(axes, sizes):
        have = shape_of(x)[axis]
        if have > size:
            x = getitem(x, _crop_index(len(shape_of(x)), axis, size))
        elif have < size:
            pad_shape = list(shape_of(x))
            pad_shape[axis] = size - have
            x = concatenate([x, np.zeros(pad_shape, dtype=np.asarray(raw(x)).dtype)], axis=axis)
    return x


def _sizes_of(x, axes):
    return [shape_of(x)[a] for a in axes]


def _real_if_real(cotangent, x):
    return cotangent if holds_complex(x) else real(cotangent)


def _complex_vjp(g, ans, x, sizes, axes, norm, inverse):
    back = complex_transform(g, _sizes_of(g, axes), axes, norm, inverse)
    return _real_if_real(_fit(back, axes, _sizes_of(x, axes)), x)


def _real_vjp(g, ans, x, sizes, axes, norm):
    full = _fit(g, axes[-1:], sizes[-1:])
    return real(_fit(complex_transform(full, sizes, axes, norm, False), axes, _sizes_of(x, axes)))


def _hermitian_weights(n, axis, ndim):
    """How often each kept frequency of a length-``n`` real signal counts: 1 for 0 (and n/2), else 2."""
    weights = np.full(n // 2 + 1, 2.0)
    weights[0] = 1.0
    if n % 2 == 0:
        weights[-1] = 1.0
    shape = [1] * ndim
    shape[axis] = n // 2 + 1
    return weights.reshape(shape)


def _real_inverse_vjp(g, ans, x, sizes, axes, norm):
    spread = complex_transform(g, sizes, axes, norm, True)
    half = _fit(spread, axes[-1:], [sizes[-1] // 2 + 1])
    weighted = half * _hermitian_weights(sizes[-1], axes[-1] % len(shape_of(g)), len(shape_of(g)))
    return _real_if_real(_fit(weighted, axes, _sizes_of(x, axes)), x)


defvjp(complex_transform, _complex_vjp, reads="args")
defjvp(complex_transform, lambda t, ans, x, *options: complex_transform(t, *options))
defvjp(real_transform, _real_vjp, reads="args")
defjvp(real_transform, lambda t, ans, x, *options: real_transform(t, *options))
defvjp(real_inverse_transform, _real_inverse_vjp, reads="args")
defjvp(real_inverse_transform, lambda t, ans, x, *options: real_inverse_transform(t, *options))


# -- NumPy's spellings -------------------------------------------------------------------


def _resolve(x, s, axes, halved=False):
    """Explicit (sizes, axes) from NumPy's defaults; ``halved``: the last axis holds a half spectrum."""
    ndim = len(shape_of(x))
    if axes is None:
        axes = range(ndim) if s is None else range(ndim - len(s), ndim)
    axes = [a % ndim for a in axes]
    if s is None:
        s = [shape_of(x)[a] for a in axes]
        if halved:
            s[-1] = 2 * (s[-1] - 1)
    return tuple(int(n) for n in s), tuple(axes)


def _one_axis(n, axis):
    return None if n is None else (n,), (axis,)


def fftn(a, s=None, axes=None, norm=None):
    """``np.fft.fftn``: the n-D discrete Fourier transform."""
    return complex_transform(a, *_resolve(a, s, axes), norm, False)


def ifftn(a, s=None, axes=None, norm=None):
    """``np.fft.ifftn``: the n-D inverse discrete Fourier transform."""
    return complex_transform(a, *_resolve(a, s, axes), norm, True)


def rfftn(a, s=None, axes=None, norm=None):
    """``np.fft.rfftn``: the n-D transform of a real signal, last axis halved."""
    return real_transform(a, *_resolve(a, s, axes), norm)


def irfftn(a, s=None, axes=None, norm=None):
    """``np.fft.irfftn``: the real signal of a half spectrum, in n dimensions."""
    return real_inverse_transform(a, *_resolve(a, s, axes, halved=True), norm)


def fft(a, n=None, axis=-1, norm=None):
    """``np.fft.fft``: the 1-D discrete Fourier transform along ``axis``."""
    return fftn(a, *_one_axis(n, axis), norm)


def ifft(a, n=None, axis=-1, norm=None):
    """``np.fft.ifft``: the 1-D inverse transform along ``axis``."""
    return ifftn(a, *_one_axis(n, axis), norm)


def rfft(a, n=None, axis=-1, norm=None):
    """``np.fft.rfft``: the 1-D transform of a real signal, non-negative frequencies only."""
    return rfftn(a, *_one_axis(n, axis), norm)


def irfft(a, n=None, axis=-1, norm=None):
    """``np.fft.irfft``: the real signal of a 1-D half spectrum."""
    return irfftn(a, *_one_axis(n, axis), norm)


def fft2(a, s=None, axes=(-2, -1), norm=None):
    """``np.fft.fft2``: fftn over the last two axes."""
    return fftn(a, s, axes, norm)


def ifft2(a, s=None, axes=(-2, -1), norm=None):
    """``np.fft.ifft2``: ifftn over the last two axes."""
    return ifftn(a, s, axes, norm)


def rfft2(a, s=None, axes=(-2, -1), norm=None):
    """``np.fft.rfft2``: rfftn over the last two axes."""
    return rfftn(a, s, axes, norm)


def irfft2(a, s=None, axes=(-2, -1), norm=None):
    """``np.fft.irfft2``: irfftn over the last two axes."""
    return irfftn(a, s, axes, norm)


def _rolled_by_half(x, axes, direction):
    ndim = len(shape_of(x))
    axes = range(ndim) if axes is None else ([axes] if isinstance(axes, int) else axes)
    for axis in axes:
        x = roll(x, direction * (shape_of(x)[axis] // 2), axis)
    return x


def fftshift(x, axes=None):
    """``np.fft.fftshift``: the zero frequency moved to the middle (a roll)."""
    return _rolled_by_half(x, axes, 1)


def ifftshift(x, axes=None):
    """``np.fft.ifftshift``: `fftshift` undone."""
    return _rolled_by_half(x, axes, -1)


fftfreq = np.fft.fftfreq  # the frequencies of the bins: constants
rfftfreq = np.fft.rfftfreq
