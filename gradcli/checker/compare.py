"""How far computed numbers are from exact ones: the comparisons every verdict of the checker rests on.

An entry passes when |computed - exact| <= atol + rtol x |exact| (numpy's
``allclose`` rule), or, for an exact 0, within rtol of its array's magnitude (the
largest exact entry; 1 where all are 0), or, for an entry tiny beside that magnitude,
within what the rounding of the program's own data moves it (its ``reach``). `WRONG_RTOL` is the relative
error past which a gradient rule run at high precision is ``wrong`` whatever
the tolerance asked for (a tighter ``rtol`` is tighter for the rule too: `judge`).
"""

from __future__ import annotations

import heapq
import math

import numpy as np

from ..autodiff.ops import raw
from .dtypes import DEFAULT_RTOL, finfo


WRONG_RTOL = 1e-8
_FLOAT32_EPS = float(np.finfo(np.float32).eps)


def rule_tolerance(rtol, dtype, floor, narrowed=False):
    """The relative error past which a rule run at high precision is ``wrong`` in a check of ``dtype`` to ``rtol``.

    Past ``rtol`` no precision brings the result within the tolerance it is
    checked to, so the disagreement is no rounding. Where ``rtol`` is looser
    than the dtype's rounding (float32's 1e-4 beside its eps), past that
    rounding: its eps, at most float32's and never below `WRONG_RTOL`; a
    library computing in a narrower dtype (``narrowed``, ``dtype`` then being
    that one) is held to its rounding whatever ``rtol``. Never below ``floor``,
    the error bound of the exact side the rule is compared with. ``atol`` has
    no part in it: it excuses rounding, never a rule whose mathematics is off.
    """
    rounding = max(WRONG_RTOL, min(float(finfo(dtype).eps), _FLOAT32_EPS))
    return max(floor, rounding if narrowed else min(rtol, rounding))


def cast(value, dtype):
    if type(value) is float and dtype == _FLOAT64:  # the usual input: float64 holds every float, nothing to warn of
        return _float64(value)
    # Overflow is not a warning to leak but a verdict (`point.check_point` judges whether the dtype holds a point).
    with np.errstate(over="ignore", under="ignore"):
        if isinstance(value, np.ndarray):
            return value.astype(dtype)
        return dtype.type(value)


def as_float64(value):
    if type(value) in _FLOAT_SCALARS:  # a float64 holds each exactly: as below, without the lookups
        return float(value)
    return np.asarray(value, dtype=np.float64) if np.ndim(value) else float(np.float64(value))


def plain(value):
    """A JSON-friendly number or nested list (floats, "nan"/"inf" handled by the renderer)."""
    if type(value) is float:  # the commonest: itself, as below
        return value
    value = raw(value)
    if value is None:
        return None
    if isinstance(value, np.ndarray):
        if value.dtype == object:
            return [plain(v) for v in value.tolist()] if value.ndim else plain(value[()])
        return value.astype(np.float64).tolist() if value.dtype.kind != "c" else value.tolist()
    if isinstance(value, list):
        return [plain(v) for v in value]
    try:
        return float(value)
    except (TypeError, ValueError):
        return str(value)


def tolerances(options, dtype):
    """``(rtol, atol)`` for ``dtype``: the options' own, rtol by default per dtype."""
    return (options.rtol if options.rtol is not None else DEFAULT_RTOL[dtype_name(dtype)]), options.atol


def dtype_name(dtype):
    """``dtype.name``, read once per dtype (NumPy makes the name anew at each read)."""
    name = _DTYPE_NAMES.get(dtype)
    if name is None:
        name = _DTYPE_NAMES[dtype] = dtype.name
    return name


_DTYPE_NAMES = {}


def exact_text(value, digits, significant=20):
    """An exact scalar as text (a float cannot hold 1e+347 or 1e-348); None for anything else.

    For an array, the text of every entry, nested as the array, where some
    entry is beyond a float's range (its float is 0 or inf); else None.

    Every number is shown with ``significant`` digits and its whole decimal
    exponent (exp(-7e298) is ``2.3281...e-30400...2758`` with all 299 digits of
    its exponent); only past exponents of `_EXPONENT_DIGITS` digits, whose
    conversion alone takes seconds, is it ``10^(...)`` with the logarithm to
    ``significant`` digits.
    """
    import mpmath

    value = raw(value)
    if isinstance(value, np.ndarray) and value.ndim == 0:
        value = value[()]
    if isinstance(value, np.ndarray) and value.dtype == object:
        return _array_text(value, digits, significant)
    if not isinstance(value, mpmath.mpf):  # never mpf(value) here: that rounds to 15 digits
        return None
    # mag (log2 |value|, to within 1) tells a huge exponent for the cost of reading it; nstr converts
    # the binary exponent with the guard digits it needs (0.1 s at 300 digits of exponent, 28 s at 3,000).
    if mpmath.isfinite(value) and value != 0 and abs(mpmath.mag(value)) > _FAR_MAG:
        with mpmath.workdps(_EXPONENT_DIGITS + 2 * significant):
            log10 = mpmath.log10(abs(value))
        return f"{'-' if value < 0 else ''}10^({mpmath.nstr(log10, significant)})"
    with mpmath.workdps(max(30, significant + 10)):
        return mpmath.nstr(value, significant)


_EXPONENT_DIGITS = 1000  # decimal exponents up to this many digits are written out in full
_FAR_MAG = 10**_EXPONENT_DIGITS * 3321928 // 10**6  # log2 of 10^(10^_EXPONENT_DIGITS)


def _array_text(values, digits, significant):
    texts = [exact_text(v, digits, significant) for v in values.ravel()]
    if not any(text is not None and _beyond_float64(v) for v, text in zip(values.ravel(), texts)):
        return None
    return np.array(texts, dtype=object).reshape(values.shape).tolist()


def _beyond_float64(value):
    """Whether a nonzero finite exact number rounds to 0 or to inf in float64, or to a subnormal, whose fewer bits
    (8 digits at 2.8e-317) cannot hold the 10 and more an exact number is read to."""
    import mpmath

    if not isinstance(value, mpmath.mpf) or not mpmath.isfinite(value) or value == 0:
        return False
    as_float = float(value)
    return as_float == 0 or math.isinf(as_float) or abs(as_float) < _SMALLEST_NORMAL


_SMALLEST_NORMAL = float(np.finfo(np.float64).tiny)


def number_text(value, significant=10):
    """A `plain` number or nested list as short text, each float to ``significant`` digits; never ``None``."""
    if value is None:
        return "not computed"
    if isinstance(value, list):
        return "[" + ", ".join(number_text(v, significant) for v in value) + "]"
    if isinstance(value, float):
        return f"{value:.{significant}g}"
    return str(value)


def worst_error(computed, exact, rtol, dtype=None):
    """Worst relative error of ``computed`` against ``exact`` (exact zeros compared absolutely).

    With a ``dtype``, an entry equal to the exact value rounded to that dtype
    has no error: it is the best the dtype can hold (1e-348 is 0 in float64).
    """
    return compare(computed, exact, rtol, 0.0, dtype, each_alone=True)[0]


UNBOUNDED = "unbounded"  # a `compare` reach that lets every tiny entry pass: whether a reach could change a verdict


def compare(computed, exact, rtol, atol, dtype=None, flushed=False, each_alone=False, reach=None):
    """``(worst relative error, passed)``: ``passed`` when every entry has |computed - exact| <= atol + rtol |exact|,
    or, where the exact entry is 0, is within rtol of the magnitude of the array it belongs to.

    An exact 0 has no relative error to measure, so it is measured against the
    array's magnitude M (its largest exact entry; 1 where every exact entry is
    0): it passes within rtol x M (or within atol) and has error
    |computed - exact| / M (0 within rtol of it). Every other entry keeps its
    own relative error, however small the exact value: a computed 0 against an
    exact -5e-131 beside 0.92 has lost every digit of that partial derivative
    (the cancellation in exp(x)/(exp(x)-1) at x = 300), as has a tiny entry
    computed nonzero but wrong, unless ``reach`` says the program's data move it
    that far; but an exact entry the dtype holds only as 0 (-5.5e-348 in
    float64) beside a larger one is that dtype's exact 0, measured as one.
    With atol 0, ``passed`` is exactly "the worst error is at most rtol".
    ``each_alone``: an exact 0 against max(1, M) and every other entry relative
    to itself, for a rule at high precision, whose mathematics is judged, not
    its rounding. ``flushed``: the computation flushes subnormal results to 0
    (XLA on CPU), so a 0 where the exact value is below the dtype's smallest
    normal number is the dtype's answer.
    ``reach``: per entry (flat, in the array's order; None for an entry not
    measured), how far the rounding of the program's own data moves its exact
    value (`data_rounding`); an entry below rtol x M, where an exact 0 would
    pass, that is off by no more than that is the program's data, not its
    arithmetic, and passes with no error (`UNBOUNDED`: every such entry, to ask
    whether any reach could change the verdict).
    """
    import mpmath

    pairs = _scalar_pair(computed, exact)
    if pairs is None:
        c = np.asarray(raw(computed))
        e = np.asarray(raw(exact), dtype=object)
        if c.shape != e.shape:
            return math.inf, False
        pairs = c.ravel(), [mpmath.mpf(v) for v in e.ravel()]
    elif not flushed:
        answer = _compare_one(pairs[0][0], pairs[1][0], rtol, atol, dtype)
        if answer is not None and (answer[1] or reach is None):  # a failing one may be the data's (``reach``)
            return answer
    computed_values, exact_values = pairs
    finite_exact = [abs(v) for v in exact_values if not (mpmath.isnan(v) or mpmath.isinf(v))]
    magnitude = max(finite_exact, default=0)
    floor = max(_one(), magnitude) if each_alone else magnitude or _one()
    # the second largest entry, the floor the largest would be measured against were it an exact 0 (`_passes_as_a_zero`),
    # read only with a reach
    second = 0
    if reach is not None:
        largest = heapq.nlargest(2, finite_exact)
        second = largest[1] if len(largest) > 1 else 0
    worst, passed = 0.0, True
    mpf = _exact_type()
    tiny = float(finfo(np.dtype(dtype)).tiny) if flushed and dtype is not None else 0.0
    for index, (computed_value, exact_value) in enumerate(zip(computed_values, exact_values)):
        if tiny and computed_value == 0 and abs(exact_value) < tiny:
            continue  # the flushed dtype's nearest number
        # mpf stays mpf: a float would flush 1e-348 to 0.
        if type(computed_value) is float and math.isfinite(computed_value) and mpmath.isfinite(exact_value):
            # The usual entry, read as below with fewer conversions: mpf(a) == mpf(b) is a == b for floats.
            if dtype is not None and computed_value == _held(exact_value, dtype):
                continue
            computed_value = mpmath.mpf(computed_value)
        else:
            if type(computed_value) is not mpf and np.iscomplexobj(computed_value):
                computed_value = complex(computed_value).real
            computed_value = mpmath.mpf(computed_value) if isinstance(computed_value, mpmath.mpf) else mpmath.mpf(float(computed_value))
            if mpmath.isnan(exact_value) or mpmath.isinf(exact_value):
                if not (computed_value == exact_value or (mpmath.isnan(computed_value) and mpmath.isnan(exact_value))):
                    return math.inf, False
                continue
            if mpmath.isnan(computed_value) or mpmath.isinf(computed_value):
                return math.inf, False
            if dtype is not None and computed_value == _held(exact_value, dtype):
                continue
        difference = abs(computed_value - exact_value)
        if exact_value == 0 or (dtype is not None and not each_alone and _held_as_0_beside(exact_value, magnitude, dtype)):
            error = float(difference / floor) if difference > rtol * floor else 0.0
            passed = passed and (difference <= max(atol, rtol * floor) or difference <= atol + rtol * abs(exact_value))
        elif difference <= atol + rtol * abs(exact_value):
            error = float(difference / abs(exact_value))
        elif reach is not None and not each_alone and _passes_as_a_zero(exact_value, computed_value, rtol, floor,
                                                                          magnitude, second) \
                and _within(reach, index, difference):
            error = 0.0
        else:
            error, passed = float(difference / abs(exact_value)), False
        worst = max(worst, error)
    return worst, passed


def _held_as_0_beside(exact_value, magnitude, dtype):
    """Whether an exact entry is one ``dtype`` holds only as 0 (-5.5e-348 in float64) beside a larger entry of its
    array: the dtype's own answer there is an exact 0, so the entry is measured as one, against the array's magnitude
    (a logsumexp's 1 - 1 rounding to 1.1e-15 beside slopes of 0.3 is as right there as beside a 0)."""
    return abs(exact_value) < magnitude and _held(exact_value, np.dtype(dtype)) == 0


def _passes_as_a_zero(exact_value, computed_value, rtol, floor, magnitude, second):
    """Whether an exact entry is where an exact 0 would pass: below rtol x the floor it would be measured against as
    a 0 (the array's magnitude; for its largest entry, the largest of the others, 1 where they are 0), and its
    computed value within rtol of that floor, as a computed value against an exact 0 passes. A lone number's
    -5.8e-17 computed as 0 (a Kelly optimum's slope of rounded weights) is then measured by the data's reach, as
    its mirror, an exact 0 computed as -5.8e-17, passes."""
    if abs(exact_value) < magnitude:
        return abs(exact_value) <= rtol * floor
    as_zero = second or _one()
    return abs(exact_value) <= rtol * as_zero and abs(computed_value) <= rtol * as_zero


def _within(reach, index, difference):
    """Whether ``difference`` is no more than entry ``index``'s `compare` reach."""
    if reach is UNBOUNDED:
        return True
    moved = reach[index]
    return moved is not None and difference <= moved


def _compare_one(computed, exact, rtol, atol, dtype):
    """`compare` of one finite entry (a float or an mpmath number) against one finite exact number; None otherwise.

    The same operations as `compare`'s loop, at the same precision and
    rounding, on mpmath's raw numbers (``_mpf_`` tuples), which its operators
    wrap: the same bits, without making an mpmath number for each step.
    """
    libmp = _libmp()
    prec, rounding = _context_rounding()
    e = exact._mpf_
    if e in libmp.specials or type(rtol) not in _PLAIN_NUMBERS or type(atol) not in _PLAIN_NUMBERS:
        return None
    kind = type(computed)
    if kind is float:
        if not math.isfinite(computed):
            return None
        if dtype is not None and computed == (libmp.to_float(e, rnd=rounding) if dtype == _FLOAT64 else _held(exact, dtype)):
            return 0.0, True
        c = libmp.mpf_pos(libmp.from_float(computed), prec, rounding)
    elif kind is _exact_type():
        c = computed._mpf_
        if c in libmp.specials:
            return None
        c = libmp.normalize(*c, prec, rounding) if c[1] else c  # mpf(computed): a 0 stays as it is
        if dtype is not None and c == libmp.from_float(_held(exact, dtype)):
            return 0.0, True
    else:
        return None
    difference = libmp.mpf_abs(libmp.mpf_sub(c, e, prec, rounding), prec, rounding)
    if e == libmp.fzero:  # compared against the floor rtol x max(1, |exact|), which is rtol x 1 here
        floor = libmp.mpf_mul(libmp.fone, _raw(rtol, libmp), prec, rounding)
        error = libmp.to_float(libmp.mpf_div(difference, libmp.fone, prec, rounding), rnd=rounding) if libmp.mpf_gt(difference, floor) else 0.0
        bound = floor if libmp.mpf_gt(floor, _raw(atol, libmp)) else _raw(atol, libmp)
    else:
        size = libmp.mpf_abs(e, prec, rounding)
        error = libmp.to_float(libmp.mpf_div(difference, size, prec, rounding), rnd=rounding)
        bound = libmp.mpf_add(libmp.mpf_mul(size, _raw(rtol, libmp), prec, rounding), _raw(atol, libmp), prec, rounding)
    return max(0.0, error), libmp.mpf_le(difference, bound)


_PLAIN_NUMBERS = frozenset({float, int})


def _raw(number, libmp):
    """A float's or an int's raw mpmath number, as mpmath's operators convert it (exactly)."""
    return libmp.from_float(number) if type(number) is float else libmp.from_int(number)


class _Libmp:
    """mpmath's raw arithmetic (``mpmath.libmp``) and its special values, once mpmath is loaded."""

    def __init__(self):
        from mpmath import libmp  # lazy: mpmath is heavy; the exact numbers compared here come from it, so it is loaded by now

        for name in ("to_float", "from_float", "from_int", "mpf_pos", "normalize", "mpf_abs", "mpf_sub", "mpf_mul",
                     "mpf_div", "mpf_add", "mpf_gt", "mpf_le", "fzero", "fone"):
            setattr(self, name, getattr(libmp, name))
        self.specials = frozenset({libmp.fnan, libmp.finf, libmp.fninf})


_LIBMP = []


def _libmp():
    if not _LIBMP:
        _LIBMP.append(_Libmp())
    return _LIBMP[0]


def _context_rounding():
    """mpmath's working precision and rounding mode (what its numbers' operators round to)."""
    import mpmath  # lazy: loaded by the reference that made the exact numbers

    return mpmath.mp._prec_rounding


def _scalar_pair(computed, exact):
    """``([computed], [exact as mpf])`` for the usual pair, a float (Python's or NumPy's) or an mpmath number and an
    mpmath number; else None.

    What the general path reads of them, without the arrays: NumPy's float
    scalars as floats (every one is a float64 exactly), mpmath numbers as they
    are, the exact number at the working precision.
    """
    computed, exact = raw(computed), raw(exact)
    mpf = _exact_type()
    if type(exact) is not mpf:
        return None
    import mpmath

    if type(computed) is mpf:  # a gradient rule run at high precision, against the exact derivative
        return [computed], [mpmath.mpf(exact)]
    if type(computed) not in _FLOAT_SCALARS:
        return None
    return [float(computed)], [mpmath.mpf(exact)]


_FLOAT_SCALARS = frozenset({float, np.float64, np.float32, np.float16})
_FLOAT64 = np.dtype(np.float64)
_float64 = np.float64


def _held(exact, dtype):
    """The finite exact number as ``dtype`` holds it, as a float (float64 holds what float() gives)."""
    return float(exact) if dtype == _FLOAT64 else float(dtype.type(float(exact)))


_ONE = []  # mpmath's 1, once made (a number is the same at every precision)


def _one():
    if not _ONE:
        import mpmath

        _ONE.append(mpmath.mpf(1))
    return _ONE[0]


def _exact_type():
    """mpmath's number type (the module is loaded by the reference that made the exact numbers)."""
    global _MPF
    if _MPF is None:
        import mpmath

        _MPF = type(mpmath.mpf(0))
    return _MPF


_MPF = None  # mpmath's mpf, once asked for


def ulps(computed, exact, dtype):
    """The error in units in the last place of the working dtype (the worst entry)."""
    import mpmath

    if exact is None:
        return None
    pairs = _scalar_pair(computed, exact)
    if pairs is not None and dtype == _FLOAT64 and type(pairs[0][0]) is float:
        answer = _float64_ulps(pairs[0][0], pairs[1][0])
        if answer is not None:
            return answer
    if pairs is None:
        c = np.asarray(raw(computed))
        e = np.asarray(raw(exact), dtype=object)
        if c.shape != e.shape:
            return None
        pairs = c.ravel(), e.ravel()
    worst = 0.0
    for cv, ev in zip(*pairs):
        ev = mpmath.mpf(ev)
        cv = float(np.real(cv)) if type(cv) is not float else cv
        if mpmath.isnan(ev) or mpmath.isinf(ev) or not math.isfinite(cv):
            if not (math.isnan(cv) and mpmath.isnan(ev)) and cv != float(ev):
                return math.inf
            continue
        rounded = dtype.type(float(ev))
        ulp = float(np.spacing(np.abs(rounded))) if np.isfinite(rounded) else math.inf
        if ulp == 0:
            ulp = float(finfo(dtype).smallest_subnormal)
        worst = max(worst, float(abs(mpmath.mpf(cv) - ev)) / ulp)
    return worst


def _float64_ulps(computed, exact):
    """`ulps` of a finite float against a finite exact number in float64, on mpmath's raw numbers; None otherwise.

    The same operations as `ulps`, at the same precision and rounding (see
    `_compare_one`); a float's spacing is `math.ulp` of its magnitude, which
    is NumPy's `spacing` for every finite float below the largest.
    """
    libmp = _libmp()
    prec, rounding = _context_rounding()
    e = exact._mpf_
    if e in libmp.specials or not math.isfinite(computed):
        return None
    rounded = abs(libmp.to_float(e, rnd=rounding))
    if not rounded < _LARGEST_FLOAT64:
        return None  # inf, or the largest float, whose spacing NumPy says is inf
    c = libmp.mpf_pos(libmp.from_float(computed), prec, rounding)
    difference = libmp.mpf_abs(libmp.mpf_sub(c, e, prec, rounding), prec, rounding)
    return max(0.0, libmp.to_float(difference, rnd=rounding) / math.ulp(rounded))


_LARGEST_FLOAT64 = float(np.finfo(np.float64).max)


def plain_rows(rows):
    return [[plain(v) for v in row] for row in rows]
