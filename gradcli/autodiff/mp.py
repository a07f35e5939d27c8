"""The core on mpmath numbers: the same primitives, computed at arbitrary precision.

`enable()` imports mpmath (only then) and gives every primitive declared with
``mp=True`` its mpmath implementation from `ELEMENTWISE` or `LINALG`, tables
keyed by primitive name. Real-valued semantics are kept: where NumPy gives NaN
(``log(-1)``, ``sqrt(-1)``) these give NaN too, never a complex number, and
division by zero gives a signed infinity instead of raising.

Python's own operators on mpmath numbers (``sin(x) / x`` in a user's function,
``g / (2 * ans)`` in a gradient rule) do not pass through the primitives, and
mpmath raises ZeroDivisionError where NumPy answers inf or NaN. Inside `ieee()`
they answer as NumPy's float64 does: 0/0 and x % 0 are NaN, x/0 and 0**-1 are
infinite, a negative number to a fractional power is NaN. Outside it mpmath is
untouched, so a library user's own mpmath code keeps its exceptions.
"""

from __future__ import annotations

import math
import operator
from contextlib import contextmanager
from fractions import Fraction

import numpy as np

from . import ops, ops_array, ops_linalg, ops_special
from .arb_anchored import FAR, far_series
from .ops_special import beyond_numbers
from .tracer import Primitive, hooks, primitive_of, register_mp_types
from .values import inside_the_unit, next_to

# Bound by enable(): the implementations below run only on mpmath numbers, so
# only after it; until then the core never imports mpmath.
mpmath = None


def enable():
    """Make every primitive accept mpmath numbers (idempotent; imports mpmath)."""
    global mpmath
    if mpmath is not None:
        return
    import mpmath

    impls = {**ELEMENTWISE, **LINALG}
    for module in (ops, ops_array, ops_linalg, ops_special):
        for value in vars(module).values():
            prim = primitive_of(value)
            if isinstance(prim, Primitive) and prim.mp is True:
                impl = impls.get(prim.name)
                prim.mp = getattr(mpmath, impl) if isinstance(impl, str) else impl
                if prim.name in ELEMENTWISE:
                    prim.mp = _within_numbers(prim.name, prim.mp)
                if prim.name in _MPMATH_DIFFERS:
                    prim.mp = _ieee_at_non_finite(prim.mp, prim.fun)
                if prim.mp is not None and prim.name not in _ROUNDED_ONCE:
                    widened = _widened_when_directed(prim.mp, _condition_of(prim.name, prim.mp))
                    prim.mp = _square_rounded_once(prim.mp, widened) if prim.name == "power" else widened
    register_mp_types(mpmath.mpf, mpmath.mpc)
    ops_special.moved_outward = _moved_by_arguments  # the mpmath-only ops (SciPy's functions, declared anywhere) too
    _install_ieee_operators()
    global _MPF, _MPF_SPECIALS, _mpf_add, _mpf_sub, _from_man_exp
    _MPF = type(mpmath.mpf(0))
    _mpf_add, _mpf_sub, _from_man_exp = mpmath.libmp.mpf_add, mpmath.libmp.mpf_sub, mpmath.libmp.from_man_exp
    _MPF_SPECIALS = (mpmath.libmp.fnan, mpmath.libmp.finf, mpmath.libmp.fninf)


# -- special values: NumPy's, where an argument is NaN or infinite --------------------

_MPF = None  # mpmath's mpf type and its special values, once `enable` has imported it
_MPF_SPECIALS = ()
_mpf_add = _mpf_sub = _from_man_exp = None  # libmp's own: addition and subtraction rounded as asked, a number made
# The ops whose mpmath answer at a NaN or infinite argument is not of NumPy's class
# (tests/test_mp_ieee.py tries every elementwise op there): only these pay the check.
_MPMATH_DIFFERS = {
    "arctan2", "hypot", "mod", "remainder", "floor_divide", "power", "gammaln", "polygamma", "xlogy", "xlog1py",
    "sinc",
}


def _non_finite(a):
    # mpmath's own encodings of nan, inf and -inf (its isnan and isinf take ~3x longer).
    if type(a) is _MPF:
        return a._mpf_ in _MPF_SPECIALS
    return type(a) is float and (a != a or a == math.inf or a == -math.inf)


def _value_class(v):
    if isinstance(v, (mpmath.mpc, complex)):
        return "complex"
    if mpmath.isnan(v):
        return "nan"
    if mpmath.isinf(v):
        return "+inf" if v > 0 else "-inf"
    return "finite"


def _ieee_at_non_finite(impl, float_fun):
    """``impl`` (mpmath, one element per argument), answering as NumPy's float64 where an argument is NaN or infinite and mpmath differs.

    There IEEE fixes the answer and high precision has nothing to add, but
    mpmath keeps conventions of its own: hypot(nan, inf) is inf, (-1)**inf is
    1, 1 % inf is 1, arctan2(inf, inf) is pi/4 in NumPy and NaN in mpmath. Where
    mpmath's answer is of another class (NaN, an infinity, a number) or it
    raises, NumPy's float64 answer is taken. Finite arguments pay one check.
    """

    def apply(*args, **kwargs):
        for a in args:
            if _non_finite(a):
                break
        else:
            return impl(*args, **kwargs)
        try:
            got = impl(*args, **kwargs)
        except (ArithmeticError, ValueError, TypeError):
            got = None
        if any(isinstance(a, (mpmath.mpc, complex)) for a in args):
            if got is None:
                raise ValueError("no IEEE answer for complex arguments here")
            return got
        with np.errstate(all="ignore"):
            want = float_fun(*[np.float64(a) for a in args], **kwargs)
        if got is None or _value_class(got) != _value_class(float(want)):
            return mpmath.mpf(float(want))
        return got

    apply.__name__ = getattr(impl, "__name__", "apply")
    return apply


# -- answers past every number: an exponential whose exponent alone has thousands of digits -----------

# An argument of more bits of magnitude than this (past 2^65536, 1e19728) is where mpmath's exp slows past a tenth
# of a second (a second at 2^(2^18)) and then raises OverflowError ("too many digits in integer": exp at e^1e58).
_ABOVE_BITS = 2**16

# The value each exponential-like op tends to far left and far right of 0, with the side of it the truth lies on
# (-1: below), where it has one; None where the answer there is e^|x| or e^-|x| itself, which no number holds.
# Past 2^_ABOVE_BITS the truth is within e^-|x| (tanh: 2 e^-2|x|, erfc: e^-x^2) of that value: below the unit of
# every precision, so the value rounded the asked way is the answer at the precision claimed, as mpmath's own
# tanh(1e10) is 1.
_TENDS_TO = {
    "exp": (None, None),
    "exp2": (None, None),
    "sinh": (None, None),
    "cosh": (None, None),
    "expm1": ((-1, 1), None),
    "tanh": ((-1, 1), (1, -1)),
    "sigmoid": (None, (1, -1)),
    "softplus": (None, (None, 1)),  # x itself, from above: x + log1p(e^-x)
    "erfc": ((2, -1), None),
}


def _magnitude_bits(x):
    """The bits of magnitude of a finite nonzero mpf ``x`` (2^(m-1) <= |x| < 2^m), else None."""
    if type(x) is not _MPF or not x or _non_finite(x):
        return None
    _, _, exp, bc = x._mpf_
    return exp + bc


# The periodic ops: past 2^`_ABOVE_BITS` and the working precision, an argument carrying a rounding is off by many
# periods, and sin of it has no digit (mpmath would reduce it by pi to as many bits as its magnitude has, for nothing).
_PERIODIC = {"sin", "cos", "tan"}


def _within_numbers(name, impl):
    """``impl``, answering where its answer leaves every number: past 2^`_ABOVE_BITS` an op of `_TENDS_TO` gives
    its limit there (rounded from the side the truth is on) or `ops_special.BeyondNumbers`, and a periodic op at a
    rounded argument `BeyondNumbers`; elsewhere mpmath's OverflowError or MemoryError (an exponent past what its
    integers hold) is `BeyondNumbers` too, never an error of the program's: the point has no exact reference."""
    tends = _TENDS_TO.get(name)
    periodic = name in _PERIODIC

    def apply(*args, **kwargs):
        x = args[0] if (tends is not None or periodic) and len(args) == 1 else None
        # An mpf's exponent plus bit count, read straight from its tuple: 0 or below for 0, NaN and the infinities
        # (mpmath's encodings), where `_magnitude_bits` says None; either way no argument past _ABOVE_BITS.
        if type(x) is _MPF and (bits := x._mpf_[2] + x._mpf_[3]) > _ABOVE_BITS:
            if periodic:
                if bits > mpmath.mp.prec and _carries_rounding(args):
                    raise beyond_numbers(name, args, why="has no digit (its argument's rounding spans many periods)")
            else:
                limit = tends[args[0] > 0]
                if limit is None:
                    raise beyond_numbers(name, args)
                value, side = limit
                return next_to(args[0] if value is None else value, side)
        try:
            return impl(*args, **kwargs)
        except (OverflowError, MemoryError) as error:
            raise beyond_numbers(name, args, error) from None

    apply.__name__ = getattr(impl, "__name__", name)
    return apply


# -- directed rounding: every op's answer on the side it is asked for ------------------

# The ops whose mpmath answer is one correctly rounded operation (or exact): under a directed
# rounding mode they land on the asked side of the truth by themselves.
_ROUNDED_ONCE = {
    "add", "subtract", "multiply", "divide", "negative", "square", "reciprocal", "abs", "sqrt", "where",
    "maximum", "minimum", "fmax", "fmin", "clip", "floor", "ceil", "round", "rint", "trunc", "sign",
    "greater", "greater_equal", "less", "less_equal", "equal", "not_equal", "logical_and", "logical_or",
    "logical_not", "isnan", "isinf", "isfinite", "real", "imag", "conj",
}
_WIDEN_ULPS = 8  # more than the few units in the last place a composite of mpmath functions can be off
_SHORT_BITS = 16


def _square_rounded_once(impl, widened):
    """power's directed answer: ``impl``'s own where the exponent is -1, 0, 1 or 2 (mpmath's x^2 is x x, one
    correctly rounded product, as multiply's), so a square just below 1 stays below it (arcsin(sin(x)^2) at sin x = 1
    rounded up past 1 by the widening, NaN at every precision, and the kink test called noisy); ``widened`` elsewhere."""

    def directed(x, y, **kwargs):
        if not kwargs and type(x) is _MPF and _small_whole(y):
            return impl(x, y)
        return widened(x, y, **kwargs)

    directed.__name__ = getattr(impl, "__name__", "directed")
    return directed


def _small_whole(y):
    """Whether the exponent ``y`` is exactly -1, 0, 1 or 2 (an int, or a float or mpf equal to one)."""
    return (type(y) is _MPF or isinstance(y, (int, float, np.number))) and type(y) is not bool and y in (-1, 0, 1, 2)


def _widened_when_directed(impl, condition=None):
    """``impl``, its finite nonzero answer moved `_WIDEN_ULPS` units in the last place the way mpmath rounds, times
    the op's ``condition`` at its arguments where that exceeds 1 (`_CONDITION`).

    The exact reference estimates rounding noise by rerunning a program with
    every op rounding down, then up (`checker.precision.with_noise`). An op
    made of several mpmath steps (sigmoid is 1/(1 + exp(-x)): rounding every step
    up rounds the answer down), or one that does not follow the rounding mode
    (digamma), would land on the wrong side, or on the nearest answer in both
    runs, and the noise would come out 0 where it is not: a number called exact
    that is not. Moved outward by more than such an op's own error, each
    answer lies on the asked side; rounding to nearest, nothing changes. An
    answer whose mantissa ends `_SHORT_BITS` or more bits short of the
    precision is taken as exact (an inexact one does so once in 2^16) and stays.
    """

    perturbed = type(condition) is _Perturbed  # reads the answer too

    def directed(*args, **kwargs):
        out = impl(*args, **kwargs)
        if mpmath.mp._prec_rounding[1] == "n":
            return out  # rounded to nearest: `_moved_outward` moves nothing
        if condition is None or mpmath.mp._prec_rounding[1] not in ("c", "f") or not _carries_rounding(args):
            return _moved_outward(out)
        return _moved_outward(out, _magnified_bits(condition, (out, *args) if perturbed else args))

    directed.__name__ = getattr(impl, "__name__", "directed")
    return directed


def _carries_rounding(args):
    """Whether an argument may hold an earlier rounding: anything but a Python number or an mpf `exact_inputs` holds.

    A float handed in (exp(x) at the point x = -1e300 itself) is exact, and its condition magnifies nothing. A
    computed argument is never read as exact from its digits: -x + 139 - gammaln(2.1) at x = 4e55 lands on the short
    number -x in both directed runs (each rounding undoing the other), while the truth is e^139 times away.
    """
    for a in args:
        if type(a) is _MPF and not _non_finite(a) and (_EXACT is None or _EXACT.get(id(a)) is not a):
            return True
        if isinstance(a, mpmath.mpc):
            return True
    return False


# The mpf copies of a point's own floats while an `exact_inputs` block is open (else None), by id, each held so that
# its id stays its own.
_EXACT = None


@contextmanager
def exact_inputs():
    """Within this block, numbers given to `held_exact` count as carrying no rounding (`_carries_rounding`)."""
    global _EXACT
    saved, _EXACT = _EXACT, dict(_EXACT or {})
    try:
        yield
    finally:
        _EXACT = saved


def held_exact(number):
    """``number`` (an mpf copied exactly from a float), remembered as exact while an `exact_inputs` block is open."""
    if _EXACT is not None:
        _EXACT[id(number)] = number
    return number


def _condition_of(name, impl):
    """The op's condition at its arguments (`_magnified_bits` reads it): `_CONDITION`'s closed form, none for an op
    that never magnifies its arguments' rounding, else `_Perturbed`: read from ``impl`` itself."""
    if name in _CONDITION:
        return _CONDITION[name]
    if name in _NEVER_MAGNIFIES:
        return None
    return _Perturbed(impl)


class _Perturbed:
    """How much ``impl`` magnifies its arguments' rounding, relatively, read from ``impl`` itself at its answer.

    For each argument that carries a rounding (`_carries_rounding`): the log of the answer's ratio when that argument
    moves relatively by a little, divided by that move; inf where the answer changes sign or leaves the numbers (no
    digit survives). Where the argument's rounding is the answer's whole story (gammaincc(2.5, t) at t = 1e60 + 139,
    landing on 1e60 in both directed runs, e^139 away), this is what moves the answer out by that much.

    Above 4 `_PROBE_BITS`, read at `_PROBE_BITS` from the argument's leading bits moved by 2^-32 relatively, where the
    answer moves by at most e^(1/4) or a move by 2^-33 agrees (the log-ratio of an exp-like function halves with its
    step): cheap, whatever the working precision. Elsewhere (sin at 1e300 turns within 2^-32 of it), and at low
    precision, the argument moves `_WIDEN_ULPS` units in its last place at the working precision: one evaluation.
    """

    __slots__ = ("impl",)

    def __init__(self, impl):
        self.impl = impl

    def __call__(self, out, *args):
        if type(out) is not _MPF or _non_finite(out) or not out:
            return 0
        prec, mode = mpmath.mp._prec_rounding
        worst = 0
        hook, hooks.forward = hooks.forward, None  # an implementation calling gradcli's ops flips no rounding
        mpmath.mp._prec_rounding[1] = "n"
        try:
            for i, t in enumerate(args):
                if type(t) is _MPF and t and _carries_rounding((t,)):
                    times = self._probed(out, args, i, t) if prec > 4 * _PROBE_BITS else None
                    worst = max(worst, self._at_last_place(out, args, i, t, prec) if times is None else times)
        except (ArithmeticError, ValueError, TypeError):
            return 0
        finally:
            mpmath.mp._prec_rounding[1] = mode
            hooks.forward = hook
        return worst

    def _moved(self, args, i, t):
        return self.impl(*args[:i], t, *args[i + 1:])

    def _probed(self, out, args, i, t):
        """The condition from the leading bits of ``t`` (None where the two probes disagree)."""
        with mpmath.workprec(_PROBE_BITS):
            lead = +t
            f0, ratios = +out, []  # the answer at t: within 2^-96 of the answer at its leading bits, where they agree
            for shift in (32, 33):
                f = self._moved(args, i, mpmath.mp.make_mpf(_mpf_add(lead._mpf_, mpmath.ldexp(lead, -shift)._mpf_, 2 * _PROBE_BITS, "n")))
                if not _same_sign_numbers(f0, f):
                    return None
                ratios.append(abs(mpmath.log(f / f0)) * 2 ** shift)
                if ratios[0] <= 2 ** 30:
                    return ratios[0]  # the answer moved by at most e^(1/4): no turn to hide within the step
                if len(ratios) == 1:  # a large move: measured from the answer at the leading bits themselves
                    f0 = self._moved(args, i, lead)
                    if not _same_sign_numbers(f, f0):
                        return None
                    ratios[0] = abs(mpmath.log(f / f0)) * 2 ** shift
        if abs(ratios[0] - ratios[1]) <= ratios[0] / 8:
            return ratios[0]
        return None

    def _at_last_place(self, out, args, i, t, prec):
        """The condition from ``t`` moved `_WIDEN_ULPS` units in its last place at the working precision ``prec``:
        up, or down where up leaves the function's numbers (arcsin at 1: its condition read from inside its domain);
        0 where both moves give NaN: the function is defined at this argument's whole values alone (polygamma's
        order), which it reads as data, so no rounding of it reaches the answer."""
        _, _, exp, bc = t._mpf_
        step = _from_man_exp(_WIDEN_ULPS, exp + bc - prec)
        undefined_beside = True
        with mpmath.workprec(prec + 8):
            for move in (_mpf_add, _mpf_sub):
                moved = self._moved(args, i, mpmath.mp.make_mpf(move(t._mpf_, step, prec + 8, "n")))
                if _same_sign_numbers(out, moved):
                    # log of the ratio: a move by e^-1e60 (gammaincc far right) is read as such, not as -1
                    return abs(mpmath.log(moved / out)) * abs(t) / mpmath.mp.make_mpf(step)
                undefined_beside = undefined_beside and type(moved) is _MPF and moved._mpf_ == mpmath.libmp.fnan
            return 0 if undefined_beside else mpmath.inf


_PROBE_BITS = 96  # the precision `_Perturbed` reads a condition at, where its probes agree


def _same_sign_numbers(a, b):
    return type(b) is _MPF and not _non_finite(b) and b and (a > 0) == (b > 0)


def _moved_by_arguments(out, impl=None, args=()):
    """An mpmath-only op's answer ``out`` moved outward as `_widened_when_directed` moves a primitive's: by
    `_WIDEN_ULPS` units in the last place, times its condition at ``args`` where they carry a rounding."""
    if impl is None or mpmath.mp._prec_rounding[1] not in ("c", "f") or not _carries_rounding(args):
        return _moved_outward(out)
    return _moved_outward(out, _magnified_bits(_Perturbed(impl), (out, *args)))


def _magnified_bits(condition, args):
    """log2 of ``condition(*args)`` where it is finite and above 1, else 0: the bits an argument's own rounding
    gains in the answer."""
    try:
        times = condition(*args)
    except (ArithmeticError, ValueError, TypeError):
        return 0
    if not isinstance(times, (_MPF, int, float)) or (_non_finite(times) and times != mpmath.inf) or not times > 1:
        return 0
    if times == mpmath.inf:
        return mpmath.mp.prec  # no digit: moved by e^_WIDEN_ULPS (`_moved_outward`)
    return int(mpmath.mag(times))


def _moved_outward(out, magnified=0):
    """An mpmath answer ``out`` moved `_WIDEN_ULPS` units in the last place (times 2^``magnified``) the way mpmath
    rounds (see `_widened_when_directed`); anything else as it is."""
    prec, mode = mpmath.mp._prec_rounding
    if mode not in ("c", "f") or type(out) is not _MPF or not out or _non_finite(out):
        return out
    _, _, exp, bc = out._mpf_
    if bc < prec - _SHORT_BITS:
        return out  # a mantissa this much shorter than the precision: exact (cos(0) is 1), no noise to add
    if magnified > prec - 2 * _WIDEN_ULPS:
        # No digit left (the exponent's own rounding e^(r) with r near 1 or beyond): moved by that factor, not 1 + r
        r = mpmath.ldexp(_WIDEN_ULPS, magnified - prec)
        return out * mpmath.exp(r if (mode == "c") == (out > 0) else -r)
    # _WIDEN_ULPS * 2^(mag(out) - prec + magnified), added (or taken) rounded the mode's way: out + step in libmp's terms.
    step = _from_man_exp(_WIDEN_ULPS, exp + bc - prec + magnified)
    moved = _mpf_add if mode == "c" else _mpf_sub
    return mpmath.mp.make_mpf(moved(out._mpf_, step, prec, mode))


def _log_magnitude(x):
    return abs(mpmath.log(abs(x))) if x and not _non_finite(x) else 0


# How much each op magnifies its arguments' own rounding, relatively: the condition number |t f'(t) / f(t)| (the
# largest over the arguments), where it can exceed 1. An exponent rounded at the working precision is off by
# |t| 2^-prec, so exp(t) is off by that relatively: exp(1.5 log x - x - gammaln(2.5)) at x = 1e300 and 30 digits is
# exp(-1e300) rounded down and up alike, its gammaln lost, and no noise seen. Moved outward by that many more units
# in the last place, its noise shows until the precision holds the exponent's own digits.
_CONDITION = {
    "exp": lambda t: abs(t),
    "exp2": lambda t: abs(t),
    "expm1": lambda t: t,  # at t < 0, |t e^t / expm1(t)| is below 1
    "sinh": lambda t: abs(t),
    "cosh": lambda t: abs(t),
    "sigmoid": lambda t: -t,  # t (1 - sigmoid(t)): |t| far left, below 1 right
    "softplus": lambda t: -t,  # t sigmoid(t) / softplus(t): |t| far left, below 1 right
    "power": lambda x, y: abs(y) * (1 + _log_magnitude(x)),
}


# The ops whose answer never magnifies an argument's relative rounding much past 1 (each condition is at most 1, or a
# step's), besides `_ROUNDED_ONCE`: no perturbation is spent on them.
_NEVER_MAGNIFIES = {
    "cbrt", "arctan", "arcsinh", "tanh", "hypot", "floor", "ceil", "round", "rint", "trunc", "sign", "mod",
    "floor_divide", "greater", "greater_equal", "less", "less_equal", "equal", "not_equal", "logical_and",
    "logical_or", "logical_not", "isnan", "isinf", "isfinite", "real", "imag", "conj", "where", "maximum", "minimum",
    "fmax", "fmin", "clip",
}


# -- Python's operators on mpmath numbers, IEEE inside `ieee()` ---------------------

_IEEE_DEPTH = 0  # how many `ieee()` scopes are open


@contextmanager
def ieee():
    """Within this block, ``/``, ``%`` and ``**`` on mpmath numbers follow IEEE as NumPy's float64 does.

    >>> with ieee():                                       # doctest: +SKIP
    ...     mpmath.mpf(0) / 0, mpmath.mpf(-1) / 0          # (nan, -inf)

    Costs nothing until an operation would raise; imports nothing (mpmath is
    patched by `enable`, once).
    """
    global _IEEE_DEPTH
    _IEEE_DEPTH += 1
    try:
        yield
    finally:
        _IEEE_DEPTH -= 1


def _ieee_divide(x, y):
    """x / 0 as in IEEE: NaN for 0/0 and NaN/0, else infinity signed as x (mpmath has no -0)."""
    if isinstance(x, (mpmath.mpc, complex)):
        return mpmath.mpc(_ieee_divide(x.real, y), _ieee_divide(x.imag, y)) if x.imag else _ieee_divide(x.real, y)
    return _divide(mpmath.mpf(x), mpmath.mpf(0))


def _ieee_power(x, y):
    """0 ** negative (mpmath raises): infinity, as NumPy's float64."""
    return mpmath.inf


def _real_operands(*args):
    return not any(isinstance(a, (mpmath.mpc, complex)) for a in args)


def _guarded(original, fallback, swap=False, real_line=False):
    """``original`` (an mpf operator), answering ``fallback`` where it raises ZeroDivisionError inside `ieee()`.

    With ``real_line``, a complex answer from real operands is NaN inside `ieee()`.
    """

    def operate(s, t):
        if type(t) is np.ndarray:
            # NumPy's reflected operator answers, element by element, as mpmath's own would lead to: mpmath
            # only gets there after failing to convert the array, with its repr (every entry's digits) in the error.
            return NotImplemented
        try:
            out = original(s, t)
        except ZeroDivisionError:
            if not _IEEE_DEPTH:
                raise
            return fallback(t, s) if swap else fallback(s, t)
        if real_line and _IEEE_DEPTH and isinstance(out, mpmath.mpc) and _real_operands(s, t):
            return out.real if out.imag == 0 else mpmath.nan
        return out

    operate.__name__ = getattr(original, "__name__", "operate")
    operate.ieee_original = original
    return operate


def _install_ieee_operators():
    """Wrap mpf's ``/``, ``%`` and ``**`` (both sides) with `_guarded` (once)."""
    _mpf = mpmath.ctx_mp_python._mpf  # the base of every context's mpf: where its operators live
    if getattr(_mpf.__truediv__, "ieee_original", None) is not None:
        return
    nan = lambda x, y: mpmath.nan  # noqa: E731 - x % 0
    wrapped = {
        "__truediv__": _guarded(_mpf.__truediv__, _ieee_divide),
        "__rtruediv__": _guarded(_mpf.__rtruediv__, _ieee_divide, swap=True),
        "__mod__": _guarded(_mpf.__mod__, nan),
        "__rmod__": _guarded(_mpf.__rmod__, nan, swap=True),
        "__pow__": _guarded(_mpf.__pow__, _ieee_power, real_line=True),
        "__rpow__": _guarded(_mpf.__rpow__, _ieee_power, swap=True, real_line=True),
    }
    for name, operate in wrapped.items():
        setattr(_mpf, name, operate)
    _mpf.__div__, _mpf.__rdiv__ = _mpf.__truediv__, _mpf.__rtruediv__


# -- elementwise: one element at a time ------------------------------------------


def _real_line(out, args):
    # mpmath continues into the complex plane; NumPy's real functions give NaN.
    if isinstance(out, mpmath.mpc) and not any(isinstance(a, (mpmath.mpc, complex)) for a in args):
        return out.real if out.imag == 0 else mpmath.nan
    return out


def _real(name):
    """mpmath's function ``name``, NaN where its answer leaves the real line."""
    return lambda *args: _real_line(getattr(mpmath, name)(*args), args)


def _wider_than_working(x):
    """Whether ``x`` is an mpf carrying more bits than the working precision (by over 20), which mpmath 1.3's log
    misreads next to 1/4."""
    return type(x) is _MPF and x._mpf_[3] > mpmath.mp.prec + 20


def _ln(x, base=None):
    """mpmath's log of ``x`` (to ``base``), also where ``x`` in [1/4, 1/2) carries more bits than the working
    precision and lies within them of 1/4: there mpmath 1.3 answers the log of x - 1/4 alone (log(0.25 + 2.5e-311)
    at 60 digits is 1e-310). Such an ``x`` is rounded to the working precision first, which moves log x by one unit."""
    if _wider_than_working(x) and _magnitude_bits(x) == -1:
        x = +x
    if base is None:
        return mpmath.log(x)
    whole = _whole_log(x, base)
    return mpmath.log(x, base) if whole is None else mpmath.mpf(whole)


def _whole_log(x, base):
    """k where the mpmath number ``x`` is exactly ``base``^k (base 2 or 10), else None: a log2 of 8 that rounding
    down leaves below 3 would put np.floor(np.log2(8)) on the wrong step."""
    if type(x) is not _MPF or not x > 0:
        return None
    mantissa, exponent = int(x.man), int(x.exp)  # x = mantissa 2^exponent, the mantissa odd
    if base == 2 and mantissa == 1:
        return exponent
    if base == 10 and power_of_five(mantissa, exponent):
        return exponent
    return None


def power_of_five(mantissa, exponent):
    """Whether ``mantissa`` is 5^``exponent``: its length in bits first, so that a vast exponent costs nothing."""
    return exponent >= 0 and abs(mantissa.bit_length() - exponent * 2.321928094887362) < 2 and mantissa == 5 ** exponent


def _log1p(x):
    """mpmath's log1p of ``x``, where 1 + x lands in mpmath's log as `_ln` guards it: ``x`` carrying more bits than
    the working precision is rounded to it first where 1 + x is in [1/4, 1/2)."""
    if x == -1:
        return -mpmath.inf
    if _wider_than_working(x) and -0.75 <= x < -0.5:
        x = +x
    return _real_line(mpmath.log1p(x), (x,))


def _log_at_zero(log):
    """A real logarithm that is -inf at 0, as NumPy's (mpmath's raises)."""
    return lambda x: -mpmath.inf if x == 0 else _real_line(log(x), (x,))


def _number(x):
    """``x`` as mpmath's number: a complex one (Python's, NumPy's, a JAX literal's ``1+0j``) an mpc, else an mpf."""
    if isinstance(x, mpmath.mpc):
        return x
    return mpmath.mpc(x) if isinstance(x, (complex, np.complexfloating)) else mpmath.mpf(x)


def _divide(x, y):
    x = _number(x)
    if y == 0:
        if isinstance(x, mpmath.mpc):
            return _ieee_divide(x, y)
        if mpmath.isnan(x) or x == 0:
            return mpmath.nan
        return mpmath.inf if x > 0 else -mpmath.inf
    return x / y


def _power(x, y):
    x = _number(x)
    if x == 0 and y < 0:
        return mpmath.inf
    if isinstance(x, mpmath.mpf) and x < 0 and not mpmath.isint(y):  # float(y) would round 3 + 2^-60 to 3
        return mpmath.nan
    return _real_line(mpmath.power(x, y), (x, y))


def _picked(value):
    """A float an op picked (clip's bound, where's 0.0, the constant side of a max) as the mpf it equals, so the
    ops after it run on mpmath too: left a float, log(clip(x, 0.5, None)) beside the bound is NumPy's float64 log,
    one rounding away from the point's own value, which reads as a jump. A narrower NumPy float (a 0-d float32
    constant of a PyTorch decomposition) goes through Python's float, which holds it exactly: mpf refuses it."""
    return mpmath.mpf(float(value)) if type(value) is float or isinstance(value, np.floating) else value


def _maximum(x, y):
    if mpmath.isnan(x) or mpmath.isnan(y):
        return mpmath.nan
    return _picked(x if x >= y else y)


def _minimum(x, y):
    if mpmath.isnan(x) or mpmath.isnan(y):
        return mpmath.nan
    return _picked(x if x <= y else y)


def _fmax(x, y):
    return _picked(y) if mpmath.isnan(x) else _picked(x) if mpmath.isnan(y) else _maximum(x, y)


def _fmin(x, y):
    return _picked(y) if mpmath.isnan(x) else _picked(x) if mpmath.isnan(y) else _minimum(x, y)


def _clip(x, lo, hi):
    if lo is not None:
        x = _maximum(x, lo)
    if hi is not None:
        x = _minimum(x, hi)
    return x


def _tanh(x):
    """tanh(x), rounded the working way: mpmath's gives exactly +-1 in every rounding mode once 1 - |tanh x| is below
    the precision's unit, so the directed runs that measure rounding noise (`precision.with_noise`) would see none in
    1 + tanh(-80) at 60 digits, a 0 of 3.6e-70 taken as exact (x (1 + tanh x)'s slope there lost its first term)."""
    answer = mpmath.tanh(x)
    return inside_the_unit(answer) if type(x) is _MPF and x and not _non_finite(x) else answer


def _arctanh(x):
    if abs(x) == 1:
        return mpmath.inf if x > 0 else -mpmath.inf
    return _real_line(mpmath.atanh(x), (x,))


def _cbrt(x):
    return -mpmath.cbrt(-x) if x < 0 else mpmath.cbrt(x)


def _logaddexp(x, y):
    if mpmath.isnan(x) or mpmath.isnan(y):
        return mpmath.nan
    if x == -mpmath.inf and y == -mpmath.inf:
        return -mpmath.inf
    # Shifted by the larger: exp(1e300) is a number whose exponent alone has 300 digits to compute.
    top = x if x >= y else y
    if not mpmath.isfinite(top):
        return top
    apart = abs(x - y)
    bits = _magnitude_bits(apart)
    if bits is not None and bits > _ABOVE_BITS:
        # log1p(e^-apart) < 2^-(2^(bits - 1)): top's own digits hold the answer where that is below their unit
        below = mpmath.mp.prec + 64 - (_magnitude_bits(top) or 0)
        if top and bits - 1 > max(below, 1).bit_length():
            return next_to(top, 1)
        raise beyond_numbers("logaddexp", (x, y))
    return top + mpmath.log1p(mpmath.exp(-apart))


def _logaddexp2(x, y):
    if x == -mpmath.inf and y == -mpmath.inf:
        return -mpmath.inf
    return mpmath.log(mpmath.power(2, x) + mpmath.power(2, y), 2)


def _sigmoid(x):
    return 1 / (1 + mpmath.exp(-x))


def _softplus(x):
    return mpmath.log1p(mpmath.exp(x)) if x < 0 else x + mpmath.log1p(mpmath.exp(-x))


def _pole(x):
    """Whether ``x`` is a pole of the gamma function (0, -1, -2, ...), where mpmath raises."""
    return mpmath.isfinite(x) and x <= 0 and x == mpmath.floor(x)


def _erfc(x):
    """erfc with its digits far out, where mpmath's raises OverflowError (past about 1e150): past 2^16 the tail
    e^(-x^2) / (x sqrt pi) S, S `arb_anchored.far_series`'s, -x^2 held exactly (rounded, at x = 1e150 and 30
    digits, it moves the answer by e^1e120); past -2^16, 2 less that tail."""
    if not mpmath.isfinite(x) or abs(x) <= FAR:
        return mpmath.erfc(x)
    if x < 0:
        return 2 - _erfc(-x)
    tail = mpmath.exp(mpmath.fneg(mpmath.fmul(x, x, exact=True), exact=True))
    return tail / (x * mpmath.sqrt(mpmath.pi)) * far_series(x, mpmath.eps)[0]


def _gammaln(x):
    return mpmath.inf if _pole(x) else mpmath.log(abs(mpmath.gamma(x)))


def _polygamma(n, x):
    """scipy's answers at the poles: psi(0) = -inf, psi(-k) = nan, psi_n = (-1)^(n+1) inf (n >= 1); NaN at an order
    that is no whole number >= 0, as SciPy computes it (never the order cut down to the whole number below)."""
    if not (mpmath.isint(n) and n >= 0):
        return mpmath.nan
    n = int(n)
    if not _pole(x) and x < 0:  # mpmath steps x up to the positive axis one unit at a time: a day at -1e15
        r = mpmath.fsub(x, mpmath.nint(x), exact=True)
        right = mpmath.polygamma(n, mpmath.fsub(1, x, exact=True))
        return ops_special.polygamma_reflected(n, mpmath.cospi(r) / mpmath.sinpi(r), mpmath.pi, right)
    if not _pole(x):
        return mpmath.polygamma(n, x)
    if n == 0:
        return -mpmath.inf if x == 0 else mpmath.nan
    return mpmath.inf if n % 2 else -mpmath.inf


def _mod(x, y):
    # x % 0 is nan, as in NumPy (x / 0 would raise ZeroDivisionError in mpmath).
    return mpmath.nan if y == 0 else x - y * mpmath.floor(x / y)


def _xlogy(x, y):
    return mpmath.mpf(0) if x == 0 else x * _real_line(_ln(y), (y,))


def _xlog1py(x, y):
    return mpmath.mpf(0) if x == 0 else x * _log1p(y)


def _to_decimals(x, decimals=0):
    """round(x, decimals) of the exact x: the multiple of 10^-decimals nearest to x (a half to the even multiple, as
    NumPy rounds), a step function of x decided on x itself, never on x scaled and rounded in a float (NumPy's
    round(2.675, 2) is 2.68, the mathematics' 2.67: the float 2.675 lies below the half)."""
    places = operator.index(decimals)
    if not places:
        return mpmath.nint(x)
    if not mpmath.isfinite(x) or not x:
        return x
    if places > 0 and x._mpf_[2] >= 0:
        return x  # a whole number is its own nearest multiple of 10^-places
    # below half of 10^-places, the step at 0: |x| < 2^mag(x), and log2(10) = 3.3219... is taken from the side that
    # keeps the bound below that half for either sign of places (round(6e298, -299) is 1e299, not 0)
    if mpmath.mag(x) < -2 - places * (3.33 if places > 0 else 3.32):
        return mpmath.mpf(0)
    sign, man, exponent, _ = x._mpf_
    exact = Fraction(-man if sign else man) * Fraction(2) ** exponent
    nearest = round(exact * Fraction(10) ** places)  # Python rounds a Fraction's half to the even whole number
    return mpmath.mpf(nearest) / 10**places if places > 0 else mpmath.mpf(nearest * 10**-places)


def _sign(x):
    return mpmath.sign(x) if not mpmath.isnan(x) else mpmath.nan


# Each elementwise primitive's mpmath implementation, by primitive name: a
# function of one element per argument, or the name of mpmath's own function.
ELEMENTWISE = {
    "add": operator.add,
    "subtract": operator.sub,
    "multiply": operator.mul,
    "divide": _divide,
    "power": _power,
    "negative": operator.neg,
    "mod": _mod,
    "floor_divide": lambda x, y: mpmath.floor(_divide(x, y)),
    "abs": "fabs",
    "sqrt": _real("sqrt"),
    "cbrt": _cbrt,
    "square": lambda x: x * x,
    "reciprocal": lambda x: _divide(1, x),
    "exp": "exp",
    "exp2": lambda x: mpmath.power(2, x),
    "expm1": "expm1",
    "log": _log_at_zero(_ln),
    "log2": _log_at_zero(lambda x: _ln(x, 2)),
    "log10": _log_at_zero(lambda x: _ln(x, 10)),
    "log1p": _log1p,
    "sin": "sin",
    "cos": "cos",
    "tan": "tan",
    "arcsin": _real("asin"),
    "arccos": _real("acos"),
    "arctan": "atan",
    "arctan2": "atan2",
    "sinh": "sinh",
    "cosh": "cosh",
    "tanh": _tanh,
    "arcsinh": "asinh",
    "arccosh": _real("acosh"),
    "arctanh": _arctanh,
    "hypot": "hypot",
    "real": "re",
    "imag": "im",
    "conj": "conj",
    "where": lambda c, x, y: _picked(x if c else y),
    "maximum": _maximum,
    "minimum": _minimum,
    "fmax": _fmax,
    "fmin": _fmin,
    "clip": _clip,
    "logaddexp": _logaddexp,
    "logaddexp2": _logaddexp2,
    "sinc": "sincpi",
    "sigmoid": _sigmoid,
    "softplus": _softplus,
    "erf": "erf",
    "erfc": _erfc,
    "gammaln": _gammaln,
    "digamma": lambda x: _polygamma(0, x),
    "polygamma": _polygamma,
    "xlogy": _xlogy,
    "xlog1py": _xlog1py,
    "floor": "floor",
    "ceil": "ceil",
    "round": lambda x, decimals=0: _to_decimals(x, decimals),
    "rint": "nint",
    "trunc": lambda x: mpmath.floor(x) if x >= 0 else mpmath.ceil(x),
    "sign": _sign,
    "greater": operator.gt,
    "greater_equal": operator.ge,
    "less": operator.lt,
    "less_equal": operator.le,
    "equal": operator.eq,
    "not_equal": operator.ne,
    "logical_and": lambda x, y: bool(x) and bool(y),
    "logical_or": lambda x, y: bool(x) or bool(y),
    "logical_not": lambda x: not x,
    "isnan": "isnan",
    "isinf": "isinf",
    "isfinite": lambda x: not (mpmath.isnan(x) or mpmath.isinf(x)),
}


# -- linear algebra: whole object arrays -------------------------------------------


def _batched(fun):
    """``fun`` of one matrix, applied to each matrix of a stack."""

    def apply(a, *rest):
        a = np.asarray(a, dtype=object)
        if a.ndim == 2:
            return fun(a, *rest)
        return np.stack([apply(a[i], *[r[i] for r in rest]) for i in range(a.shape[0])])

    return apply


def _to_matrix(a):
    return mpmath.matrix(a.tolist())


def _from_matrix(m):
    return np.array(m.tolist(), dtype=object)


def _solve(a, b):
    # b is read as np.linalg.solve reads it (a vector, or a stack of matrices), and
    # the stacks of a and b broadcast; each matrix is solved exactly and each entry rounded once.
    a, b = np.asarray(a, dtype=object), np.asarray(b, dtype=object)
    vectors = ops_linalg.b_is_vectors(a, b)
    if vectors:
        b = b[..., None]
    batch = np.broadcast_shapes(a.shape[:-2], b.shape[:-2])
    a = np.broadcast_to(a, batch + a.shape[-2:])
    b = np.broadcast_to(b, batch + b.shape[-2:])
    out = np.empty(b.shape, dtype=object)
    for index in np.ndindex(*batch):
        out[index] = _substituted(a[index], b[index]) if _triangular(a[index]) else _exact_solve(a[index], b[index])
    return out[..., 0] if vectors else out


def _triangular(a):
    """Whether square ``a`` is 0 on one side of its diagonal (a Cholesky factor, a triangle SciPy reads)."""
    upper, lower = np.triu(a, 1), np.tril(a, -1)
    return all(e == 0 for e in upper.flat) or all(e == 0 for e in lower.flat)


def _substituted(a, b):
    """A^-1 b for triangular ``a`` by substitution at mpmath's precision, each row's dot product exact then
    rounded once (`mpmath.fdot`). No pivot is chosen, so no floor of the precision is met; exact rationals
    would cost as much as the entries' spread of exponents (a kernel entry e^-7324 has 10^4-bit exponents,
    its square in a Cholesky 10^6 bits), which substitution does not pay. A 0 on the diagonal is singular."""
    n = a.shape[0]
    lower = all(e == 0 for e in np.triu(a, 1).flat)
    order = range(n) if lower else range(n - 1, -1, -1)
    out = np.empty(b.shape, dtype=object)
    for i in order:
        if a[i, i] == 0:
            raise Singular("matrix is singular")
        known = [k for k in (range(i) if lower else range(i + 1, n))]
        for j in range(b.shape[1]):
            rest = mpmath.fdot([(b[i, j], 1)] + [(-a[i, k], out[k, j]) for k in known])
            out[i, j] = rest / a[i, i]
    return out


# -- linear algebra exactly: the entries are binary numbers, so a determinant, an inverse and a solve
# are rational numbers computed without rounding and rounded once at the end. mpmath's own LU calls
# a pivot below |A| * 2^-prec singular (its det then answers 0, its inverse and solve raise): a floor
# of the working precision that a determinant of [[1e300, 1], [1, 1e-300]] (7.8e-17) falls under at
# every precision the reference climbs to, and a 0 that two precisions agree on is called exact.

_EXACT_UP_TO = 24  # rows of a matrix done exactly; a larger one is mpmath's (rounded) elimination


class Singular(ZeroDivisionError):
    """A matrix whose determinant, computed from its entries without rounding, is 0 (or a triangle with a 0 on its
    diagonal): no inverse or solve exists at these numbers, unlike a pivot mpmath's LU finds below its floor."""


class NotPositiveDefinite(Singular):
    """A Cholesky pivot that is not positive at these numbers: no factor exists for the matrix as this precision
    holds it, though a higher one may hold what makes it positive definite (k1 + k2 with k1 = 1e-300 beside k2 = 1),
    so the value is NaN here, as at a singular matrix, and the reference climbs."""


# An entry's binary exponent past which its fraction is not made: the elimination's cost grows with the entries'
# spread of exponents, and balls (gradcli's other exact path) hold at most 32768 bits; such a matrix is mpmath's.
_EXACT_EXPONENT_BITS = 1 << 17


def _fractions(a):
    """The entries of object array ``a`` as exact Fractions, or None if one is not a finite real number or its
    exponent is past `_EXACT_EXPONENT_BITS`."""
    out = []
    for e in np.asarray(a, dtype=object).flat:
        if isinstance(e, (int, float, np.integer, np.floating)) and not isinstance(e, bool):
            if not math.isfinite(e):
                return None
            out.append(Fraction(e))  # a binary float is a fraction exactly
            continue
        if type(e) is not _MPF or _non_finite(e):
            return None
        sign, man, exp, _ = e._mpf_
        if abs(exp) > _EXACT_EXPONENT_BITS:  # e^-1e600: a fraction of 10^600 bits no memory holds
            return None
        value = Fraction(man << exp) if exp >= 0 else Fraction(man, 1 << -exp)
        out.append(-value if sign else value)
    return out


def _rounded(q):
    """Fraction ``q`` as an mpf, rounded once at mpmath's precision in its rounding mode."""
    prec, mode = mpmath.mp._prec_rounding
    return mpmath.mp.make_mpf(mpmath.libmp.from_rational(q.numerator, q.denominator, prec, mode))


def _eliminated(rows, n, extra):
    """Gauss-Jordan on exact rows ``[A | extra columns]``: (det A, the extra columns solved), or (0, None)."""
    det = 1
    for j in range(n):
        pivot = next((i for i in range(j, n) if rows[i][j] != 0), None)
        if pivot is None:
            return 0, None
        if pivot != j:
            rows[j], rows[pivot] = rows[pivot], rows[j]
            det = -det
        head = rows[j][j]
        det *= head
        rows[j] = [e / head for e in rows[j]]
        for i in range(n):
            if i != j and rows[i][j] != 0:
                factor = rows[i][j]
                rows[i] = [e - factor * f for e, f in zip(rows[i], rows[j])]
    return det, [row[n : n + extra] for row in rows]


def _exact_rows(a, b=None):
    n = a.shape[0]
    entries = _fractions(a) if n <= _EXACT_UP_TO else None
    right = _fractions(b) if b is not None else None
    if entries is None or (b is not None and right is None):
        return None
    width = 0 if b is None else b.shape[1]
    return [entries[i * n : (i + 1) * n] + (right[i * width : (i + 1) * width] if width else []) for i in range(n)]


def _all_finite(a):
    """Whether every entry of ``a`` (an object array of mpmath numbers) is a finite number."""
    return all(mpmath.isfinite(e) for e in np.ravel(a))


def _exact_det(a):
    rows = _exact_rows(a)
    if rows is None and not _all_finite(a):  # no number: mpmath's pivoting cannot order NaNs, and calls inf's 0
        return mpmath.nan
    if rows is None:
        return mpmath.det(_to_matrix(a))
    det, _ = _eliminated(rows, a.shape[0], 0)
    return _rounded(det) if det != 0 else mpmath.mpf(0)


def _exact_logabsdet(a):
    rows = _exact_rows(a)
    if rows is None and not _all_finite(a):
        return mpmath.nan
    if rows is None:
        return mpmath.log(abs(mpmath.det(_to_matrix(a))))
    det, _ = _eliminated(rows, a.shape[0], 0)
    if det == 0:
        return mpmath.ninf
    with mpmath.extraprec(20):  # the log of the once-rounded determinant, then rounded by the caller's precision
        return +mpmath.log(_rounded(abs(det)))


def _exact_solve(a, b):
    """A^-1 b for one matrix and a matrix of columns, each entry exact then rounded once; complex ones as the real
    system twice their size (`_exact_complex_solve`)."""
    rows = _exact_rows(a, b)
    if rows is None and not _all_finite(a):  # LAPACK's answer, NaN throughout; mpmath's pivoting cannot order NaNs
        return np.full((a.shape[0], b.shape[1]), mpmath.nan, dtype=object)
    if rows is None:
        solved = _exact_complex_solve(a, b)
        if solved is not None:
            return solved
        matrix = _to_matrix(a)
        return np.stack([_from_matrix(mpmath.lu_solve(matrix, mpmath.matrix(b[:, j].tolist())))[:, 0]
                         for j in range(b.shape[1])], axis=-1)
    det, solved = _eliminated(rows, a.shape[0], b.shape[1])
    if det == 0:
        raise Singular("matrix is singular")
    return np.array([[_rounded(e) for e in row] for row in solved], dtype=object)


def _exact_complex_solve(a, b):
    """`_exact_solve` of complex entries as the real system [[Re A, -Im A], [Im A, Re A]] [Re x; Im x] = [Re b; Im b],
    solved exactly (a matrix of eigenvectors at a defective eigenvalue is singular only below the working
    precision's floor, mpmath's LU's); None where an entry is no finite number or the matrix is too large."""
    n, width = a.shape[0], b.shape[1]
    if 2 * n > _EXACT_UP_TO:
        return None
    parts = [_fractions(np.vectorize(part, otypes=[object])(m)) for m in (a, b) for part in (mpmath.re, mpmath.im)]
    if any(p is None for p in parts):
        return None
    a_re, a_im, b_re, b_im = parts
    rows = [a_re[i * n : (i + 1) * n] + [-e for e in a_im[i * n : (i + 1) * n]] + b_re[i * width : (i + 1) * width]
            for i in range(n)]
    rows += [a_im[i * n : (i + 1) * n] + a_re[i * n : (i + 1) * n] + b_im[i * width : (i + 1) * width]
             for i in range(n)]
    det, solved = _eliminated(rows, 2 * n, width)
    if det == 0:
        raise Singular("matrix is singular")
    return np.array([[mpmath.mpc(_rounded(solved[i][j]), _rounded(solved[n + i][j])) for j in range(width)]
                     for i in range(n)], dtype=object)


def _exact_inv(a):
    n = a.shape[0]
    eye = np.array([[int(i == j) for j in range(n)] for i in range(n)], dtype=object)
    return _exact_solve(a, eye)


def _cholesky(a):
    # mpmath's cholesky calls a pivot below 2^-prec not positive definite (a diagonal of 1e-300 at 60
    # digits): a floor of the precision. Here only a pivot that is not positive is.
    # A complex (Hermitian) matrix: A = L L^H, its pivots real, each entry below them reading conj(L[j, k]).
    n = a.shape[0]
    hermitian = any(isinstance(v, mpmath.mpc) for v in a.ravel())
    conj = mpmath.conj if hermitian else (lambda v: v)
    low = np.full((n, n), mpmath.mpf(0), dtype=object)
    for j in range(n):
        if hermitian:
            s = mpmath.re(a[j, j]) - mpmath.fsum(abs(low[j, k]) ** 2 for k in range(j))
        else:
            s = a[j, j] - mpmath.fsum(low[j, k] ** 2 for k in range(j))
        if not s > 0:
            raise NotPositiveDefinite("matrix is not positive-definite")
        low[j, j] = mpmath.sqrt(s)
        for i in range(j + 1, n):
            low[i, j] = (a[i, j] - mpmath.fsum(low[i, k] * conj(low[j, k]) for k in range(j))) / low[j, j]
    return low


LINALG = {
    "linalg.inv": _batched(_exact_inv),
    "linalg.solve": _solve,
    "linalg.det": _batched(_exact_det),
    "linalg.slogdet": _batched(_exact_logabsdet),
    "linalg.cholesky": _batched(_cholesky),
}
