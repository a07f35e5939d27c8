"""Complex numbers on balls, jets and proof numbers: a real and an imaginary part, each one of those numbers.

flint's complex balls carry no derivatives and no proof, so a program that goes
through complex values (a Fourier transform, ``x[0] + 1j * x[1]``) would leave
the balls, jets and proofs for mpmath's numbers, where a 0 is never proven. An
`ExactComplex` keeps the two parts in whatever real number the run computes on
(a ball, a jet, a proof number), and each complex operation is the real
arithmetic of its parts, so the branches, derivatives and exact quotients are
those of the parts. A part that no term reaches is the plain int 0, not a
number that happens to be 0: the imaginary part of a real signal's DFT bin 0 is
no function of the signal, so its angle is a constant (0 or pi), never a point
on arctan2's cut.

The discrete Fourier transforms (`ops_fft`'s three primitives) are the sums that
define them, with the roots of unity as flint's balls of cos and sin of
rational multiples of pi (exact at the multiples of pi/2 and at +-1/2; in a
proof, exact numbers of one field of cos(2 pi / L) for every length met), so a
bin that is 0 by algebra is a sum of exactly cancelling terms. `arb.enable` binds this module.
"""

from __future__ import annotations

import numpy as np

from . import fft_steps

ARB = None  # flint.arb, bound by `bind`
_CTX = None  # flint.ctx
_HIGH = ()  # the real numbers a high-precision run computes on (balls, jets, proof numbers)
_REAL = {}  # name -> the elementwise op on one real high-precision number (the arb dispatch), bound by `bind`
_NO_RULE = ArithmeticError  # what an operation without a complex implementation raises (`arb.NoArb`)


_PROOF = None  # the proof number type (`arb_proof.Sym`)
_PROOF_MODULUS = None  # |re + i im| on proof numbers (`arb_proof.modulus`)
_PROOF_ROOT = None  # (cos, sin) of 2 pi m / n as exact proof numbers (`arb_proof.root_of_unity`)


def bind(arb, ctx, high, real, no_rule, proof):
    """Take flint's ball type and context, the high-precision real types, the real elementwise ops by name, the
    error an op without a complex form raises, and the proof number type, its modulus and its roots of
    unity (from `arb.enable`)."""
    global ARB, _CTX, _HIGH, _REAL, _NO_RULE, _PROOF, _PROOF_MODULUS, _PROOF_ROOT
    ARB, _CTX, _HIGH, _REAL, _NO_RULE = arb, ctx, tuple(high), real, no_rule
    _PROOF, _PROOF_MODULUS, _PROOF_ROOT = proof


def _nothing(part):
    """Whether ``part`` is a plain 0 (a part no term reaches, or a constant 0 of NumPy's padding): no number that
    moves, so a term it multiplies is left out."""
    return isinstance(part, (int, float)) and part == 0


def _plus(a, b):
    return b if _nothing(a) else a if _nothing(b) else a + b


def _minus(a, b):
    return a if _nothing(b) else -b if _nothing(a) else a - b


def _times(a, b):
    if _nothing(a) or _nothing(b):
        return 0
    if type(a) is int and a == 1:
        return b
    if type(b) is int and b == 1:
        return a
    return a * b


def _negated(a):
    return 0 if _nothing(a) else -a


def _exact_part(value):
    """A float part (a Python or NumPy float) as a plain number: its exact 0 as the int 0, else the Python float it
    is exactly."""
    return 0 if value == 0 else float(value)


class ExactComplex:
    """A complex number whose parts ``re`` and ``im`` are balls, jets, proof numbers or plain numbers."""

    __slots__ = ("re", "im")
    __array_priority__ = 100

    def __init__(self, re, im=0):
        self.re, self.im = re, im

    def __repr__(self):
        return f"ExactComplex({self.re!r}, {self.im!r})"

    __hash__ = object.__hash__

    @property
    def real(self):
        return self.re

    @property
    def imag(self):
        return self.im

    def conjugate(self):
        return ExactComplex(self.re, _negated(self.im))

    def __pos__(self):
        return self

    def __neg__(self):
        return ExactComplex(_negated(self.re), _negated(self.im))

    def __add__(self, other):
        other = as_complex(other)
        return ExactComplex(_plus(self.re, other.re), _plus(self.im, other.im))

    __radd__ = __add__

    def __sub__(self, other):
        other = as_complex(other)
        return ExactComplex(_minus(self.re, other.re), _minus(self.im, other.im))

    def __rsub__(self, other):
        return as_complex(other) - self

    def __mul__(self, other):
        other = as_complex(other)
        return ExactComplex(_minus(_times(self.re, other.re), _times(self.im, other.im)),
                            _plus(_times(self.re, other.im), _times(self.im, other.re)))

    __rmul__ = __mul__

    def __truediv__(self, other):
        other = as_complex(other)
        if _nothing(other.im):  # a real divisor: each part divided, no square of it made
            return ExactComplex(0 if _nothing(self.re) else self.re / other.re,
                                0 if _nothing(self.im) else self.im / other.re)
        size = _plus(_times(other.re, other.re), _times(other.im, other.im))
        product = self * other.conjugate()
        return ExactComplex(0 if _nothing(product.re) else product.re / size,
                            0 if _nothing(product.im) else product.im / size)

    def __rtruediv__(self, other):
        return as_complex(other) / self

    def __pow__(self, exponent):
        if not (isinstance(exponent, (int, np.integer)) or (isinstance(exponent, float) and exponent.is_integer())):
            raise _NO_RULE("a complex power other than a whole number")
        n = int(exponent)
        out, base = ExactComplex(1), self if n >= 0 else 1 / self
        for _ in range(abs(n)):
            out = out * base
        return out

    def __abs__(self):
        return _abs(self)

    def __bool__(self):
        return bool(self.re) or bool(self.im)


def as_complex(x):
    """``x`` (an `ExactComplex`, a Python or NumPy complex, a real number) as an `ExactComplex`."""
    if type(x) is ExactComplex:
        return x
    if isinstance(x, (complex, np.complexfloating)):  # complex64 is no Python complex
        return ExactComplex(_exact_part(x.real), _exact_part(x.imag))
    return ExactComplex(x)


def _high(x):
    return isinstance(x, _HIGH)


def _real(name, x):
    """The real elementwise op ``name`` on one part: the run's own (a ball's, a jet's, a proof's), a plain
    number's as the exact ball it is (abs: the plain number's own)."""
    if _high(x):
        return _REAL[name](x)
    return abs(x) if name == "abs" else _REAL[name](ARB(x))


def _abs(z):
    if _nothing(z.im) and type(z.re) is _PROOF and z.re.b.is_zero():  # a real bin at 0: the modulus's tip, no
        return _PROOF_MODULUS(z.re, 0)  # abs taking a side, so |X|^2 is X^2 with its slopes
    if _nothing(z.im):
        return _real("abs", z.re)
    if _nothing(z.re):
        return _real("abs", z.im)
    if type(z.re) is _PROOF or type(z.im) is _PROOF:
        return _PROOF_MODULUS(z.re, z.im)
    return _real("sqrt", z.re * z.re + z.im * z.im)


def _exp(z):
    scale = 1 if _nothing(z.re) else _real("exp", z.re)
    if _nothing(z.im):
        return ExactComplex(scale)
    return ExactComplex(_times(scale, _real("cos", z.im)), _times(scale, _real("sin", z.im)))


def _log(z):
    """The principal log: log |z| + i arg z, the angle by arctan2 (its cut on the negative real axis, where it jumps,
    as NumPy's log does, from -pi to pi)."""
    if _nothing(z.re) and _nothing(z.im):
        raise _NO_RULE("the complex log of an exact 0")
    re = z.re if not _nothing(z.re) else _times(z.im, 0)  # a 0 of the other part's kind: arctan2 takes two
    im = z.im if not _nothing(z.im) else _times(re, 0)
    return ExactComplex(_real("log", _abs(z)), _REAL["arctan2"](im, re))


def _sqrt(z):
    """The principal square root a + ib, a = sqrt((|z| + Re z) / 2) and b = Im z / 2a: its real part's slopes across
    the positive real axis are exact 0s, where mpmath's complex sqrt leaves noise no precision proves 0. On the
    negative real axis a is the root of an exact 0 (the balls' record of it hands the point to mpmath's kink test:
    Re sqrt(-1 + iy) is |y| / 2 to first order)."""
    a = _real("sqrt", _times(_plus(_abs(z), z.re), 0.5))
    return ExactComplex(a, 0 if _nothing(z.im) else z.im / (2 * a))


def _power(z, w):
    if type(w) is ExactComplex or isinstance(w, (complex, np.complexfloating)):
        raise _NO_RULE("a power to a complex exponent")
    return as_complex(z) ** w


_COMPLEX = {
    "add": lambda a, b: as_complex(a) + b,
    "subtract": lambda a, b: as_complex(a) - b,
    "multiply": lambda a, b: as_complex(a) * b,
    "divide": lambda a, b: as_complex(a) / b,
    "negative": lambda a: -as_complex(a),
    "reciprocal": lambda a: 1 / as_complex(a),
    "square": lambda a: as_complex(a) * a,
    "conj": lambda a: as_complex(a).conjugate(),
    "conjugate": lambda a: as_complex(a).conjugate(),
    "real": lambda a: as_complex(a).re,
    "imag": lambda a: as_complex(a).im,
    "abs": lambda a: _abs(as_complex(a)),
    "exp": lambda a: _exp(as_complex(a)),
    "log": lambda a: _log(as_complex(a)),
    "sqrt": lambda a: _sqrt(as_complex(a)),
    "power": _power,
}


def elementwise(name, args, kwargs, on_mpmath):
    """The elementwise op ``name`` where a complex number is among ``args``: on `ExactComplex` parts where any
    number is a ball, jet or proof number (or an `ExactComplex`), else ``on_mpmath``'s (mpmath's own complex)."""
    if not any(type(a) is ExactComplex or _high(a) for a in args):
        return on_mpmath(*args, **kwargs)
    rule = _COMPLEX.get(name)
    if rule is None or kwargs:
        raise _NO_RULE(f"no complex implementation of {name} on balls")
    return rule(*args)


# -- the discrete Fourier transforms --------------------------------------------------------------


_ROOTS = {}  # (numerator, denominator, bits) -> (cos, sin) of pi numerator / denominator: one ball each
_ROOTS_HELD = 4096  # beyond this many, the table starts again (a long audit's many lengths and precisions)


def _root(m, n, proof):
    """(cos, sin) of 2 pi m / n: plain ints at the multiples of pi/2, else flint's balls (exact at +-1/2), each
    made once per precision; in a ``proof``, the proof's exact numbers (`arb_proof.root_of_unity`: +-sqrt(2)/2 and
    +-sqrt(3)/2 as its square roots, whose squares it knows, so an inverse transform of a transform is the signal
    again; any other root in the one field of the run's roots of unity), where the roots of a bin that is 0 by
    algebra sum to the zero polynomial."""
    m %= n
    if (4 * m) % n == 0:
        return ((1, 0), (0, 1), (-1, 0), (0, -1))[4 * m // n]
    import flint  # lazy: flint is loaded once balls are about

    turn = flint.fmpq(2 * m, n)
    key = (int(turn.p), int(turn.q), _CTX.prec)
    found = _ROOTS.get(key)
    if found is None:
        if len(_ROOTS) >= _ROOTS_HELD:
            _ROOTS.clear()
        cos, sin = ARB.cos_pi_fmpq(turn), ARB.sin_pi_fmpq(turn)
        found = _ROOTS[key] = (_plain_if_exact(cos), _plain_if_exact(sin))
    if proof:
        return _PROOF_ROOT(m, n, found) or found
    return found


def _plain_if_exact(ball):
    """A ball that is exactly a small dyadic number (0, +-1, +-1/2) as a Python number, else the ball."""
    if ball.is_exact():
        man, exp = ball.mid().man_exp()
        value = int(man) * 2.0 ** int(exp)
        return int(value) if value.is_integer() else value
    return ball


def _resized(x, axis, size):
    """``x`` cropped or padded with exact 0s to ``size`` along ``axis`` (object arrays)."""
    x = np.moveaxis(np.asarray(x, dtype=object), axis, -1)
    out = np.zeros(x.shape[:-1] + (size,), dtype=object)
    keep = min(size, x.shape[-1])
    out[..., :keep] = x[..., :keep]
    return np.moveaxis(out, -1, axis)


def _scaled(v, n, norm, inverse):
    """``v`` times the factor NumPy's ``norm`` puts on a transform of length ``n``: 1/n as a division by n."""
    if norm == "ortho":
        return v / _real("sqrt", n)
    backward_scaled = norm in (None, "backward")
    return v / n if backward_scaled == inverse else v


def _dft_along(x, axis, inverse, norm, proof):
    """The DFT of an object array along one axis (a term with an exact 0 factor left out): on balls and jets by the
    length's factors (`fft_steps`, n log n products for a power of two; jets by their parts, `_by_parts`); on proof numbers (``proof``: `_root`) each
    bin the sum of its terms, whose roots are each one reduced polynomial of the proof's field (a product of two
    twiddles would be a polynomial of twice the degree, reduced only when a 0 is asked about)."""
    moved = np.moveaxis(np.asarray(x, dtype=object), axis, -1)
    n = moved.shape[-1]
    sign = 1 if inverse else -1
    out = np.empty(moved.shape, dtype=object)
    roots = {}

    def root(m, order):
        found = roots.get((m, order))
        if found is None:
            cos, sin = _root(m, order, False)
            found = roots[m, order] = ExactComplex(cos, sin if sign > 0 else _negated(sin))
        return found

    for index in np.ndindex(moved.shape[:-1]):
        row = [as_complex(e) for e in moved[index]]
        if not proof:
            bins = _by_parts(row, root)
            for k, e in enumerate(bins if bins is not None else fft_steps.transform(row, root)):
                out[index + (k,)] = _scaled(e, n, norm, inverse)
            continue
        for k in range(n):
            re, im = 0, 0
            for j, e in enumerate(row):
                cos, sin = _root(k * j, n, proof)
                sin = _negated(sin) if sign < 0 else sin
                re = _plus(re, _minus(_times(e.re, cos), _times(e.im, sin)))
                im = _plus(im, _plus(_times(e.re, sin), _times(e.im, cos)))
            out[index + (k,)] = _scaled(ExactComplex(re, im), n, norm, inverse)
    return np.moveaxis(out, -1, axis)


def _by_parts(row, root):
    """The transform of a ``row`` of jets on plain balls as one transform of their values and one of each seed's
    derivatives (the transform is linear: a jet's transform is the jet of the transforms), each a transform of balls,
    which costs a fraction of one of jets; None where a part is no plain ball, jet of plain balls or plain number
    (an anchored ball keeps its own arithmetic), or no part is a jet."""
    jet = _HIGH[1]
    parts = [part for e in row for part in (e.re, e.im)]
    widths = {len(p.d) for p in parts if type(p) is jet and p.d is not None}
    if len(widths) != 1 or not all(
            type(p) is ARB or type(p) is int or (type(p) is jet and type(p.v) is ARB and (
                p.d is None or all(type(t) is ARB for t in p.d))) for p in parts):
        return None
    (width,) = widths

    def value(p):
        return p.v if type(p) is jet else p

    def slope(p, s):
        return p.d[s] if type(p) is jet and p.d is not None else 0

    values = fft_steps.transform([ExactComplex(value(e.re), value(e.im)) for e in row], root)
    slopes = [fft_steps.transform([ExactComplex(slope(e.re, s), slope(e.im, s)) for e in row], root)
              for s in range(width)]
    return [ExactComplex(*(_jet_of(value_part, [getattr(by_seed[k], name) for by_seed in slopes])
                           for value_part, name in ((values[k].re, "re"), (values[k].im, "im"))))
            for k in range(len(row))]


def _jet_of(value, slopes):
    """A jet of ``value`` and its derivatives ``slopes`` (plain 0s where no term reached them); the plain number or
    ball itself where every slope is a plain 0."""
    if all(_nothing(d) for d in slopes):
        return value
    tangent = np.empty(len(slopes), dtype=object)
    tangent[:] = [ARB(0) if _nothing(d) else d for d in slopes]
    return _HIGH[1](value if type(value) is ARB else ARB(value), tangent)


def _complex_transform(x, sizes, axes, norm, inverse, proof):
    for axis, size in zip(axes, sizes):
        x = _dft_along(_resized(x, axis, size), axis, inverse, norm, proof)
    return x


def _crop(x, axis, size):
    index = [slice(None)] * np.ndim(x)
    index[axis] = slice(0, size)
    return x[tuple(index)]


def _real_transform(x, sizes, axes, norm, proof):
    return _crop(_complex_transform(x, sizes, axes, norm, False, proof), axes[-1], sizes[-1] // 2 + 1)


def _real_inverse_transform(x, sizes, axes, norm, proof):
    """The real signal of a half spectrum: the kept bins weighted by how often each counts (1 for 0 and n/2,
    else 2), the inverse DFT of that, its real part (NumPy's irfft reads no imaginary part of bins 0 and n/2)."""
    x = _complex_transform(x, sizes[:-1], axes[:-1], norm, True, proof)
    n, axis = sizes[-1], axes[-1]
    half = np.moveaxis(_resized(x, axis, n // 2 + 1), axis, -1)
    for k in range(1, (n + 1) // 2):
        half[..., k] = np.frompyfunc(lambda e: e * 2, 1, 1)(half[..., k])
    full = _resized(np.moveaxis(half, -1, axis), axis, n)
    spread = _dft_along(full, axis, True, norm, proof)
    return np.frompyfunc(lambda e: as_complex(e).re, 1, 1)(spread)


_TRANSFORMS = {"fft.fftn": _complex_transform, "fft.rfftn": _real_transform, "fft.irfftn": _real_inverse_transform}


def transform(name, on_mpmath):
    """The Fourier transform primitive ``name``'s high-precision implementation: the sums on balls, jets, proof
    numbers and `ExactComplex` numbers of them, mpmath's (``on_mpmath``) on anything else."""
    on_exact = _TRANSFORMS[name]

    def run(x, *options):
        entries = list(np.asarray(x, dtype=object).flat)
        parts = entries + [part for e in entries if type(e) is ExactComplex for part in (e.re, e.im)]
        if not any(_high(e) for e in parts):
            return on_mpmath(x, *options)
        return on_exact(x, *options, any(type(e) is _PROOF for e in parts))

    run.arb_aware = True
    return run
