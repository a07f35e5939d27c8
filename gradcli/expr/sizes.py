"""How big a constant part of a formula is, estimated without computing it.

sympy computes constants exactly, and some exact constants are enormous:
``9**9**9**9`` is an integer of 10**369,693,099 digits, ``exp(1000*log(3))`` is
``3**1000`` to sympy, and ``floor(exp(1000))`` is an integer of 435 digits that
sympy finds by evaluating ``exp(1000)`` to 435 digits (and gives up, or runs for
minutes, for ``floor(exp(exp(exp(3))))``). The parser asks this module about every
part of a formula without a variable, bottom up, and refuses a part before sympy
sees it. Everything here is float arithmetic on estimates: microseconds, whatever
the formula.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import NamedTuple, Optional

# Numbers sympy may compute exactly (an integer, a fraction, a power): at most this many digits.
MAX_EXACT_DIGITS = 1_000
# sympy finds the integer part of an irrational constant (floor, ceil, %) by evaluating it
# to as many digits as the integer has; past about a hundred it gives up (PrecisionExhausted).
MAX_INTEGER_PART_DIGITS = 50

LOG10_E = math.log10(math.e)
LOG10_2 = math.log10(2)


class Size(NamedTuple):
    """What is known of a constant part of a formula, so that none is ever computed big.

    ``exact`` is its value when it is a known, small rational; ``digits`` bounds
    the decimal digits of the numerator and denominator of any exact number sympy
    could make of it; ``value`` is its value as a double (``nan`` when unknown, 0 or
    ``inf`` beyond doubles); ``log10`` estimates ``log10(|value|)`` where doubles
    stop (``exp(1000)``: 434.3); ``rational`` says sympy holds it as an exact
    rational; ``has_log`` says a logarithm is inside (``exp(n*log(3))`` is
    ``3**n`` to sympy).
    """

    exact: Optional[Fraction]
    digits: float
    value: float
    log10: float
    rational: bool = False
    has_log: bool = False

    @property
    def integer_digits(self) -> float:
        """How many digits the integer part of this constant has (at least 1)."""
        return max(self.log10, 0.0) + 1


def of_number(value: Fraction) -> Size:
    digits = math.log10(max(abs(value.numerator), value.denominator))
    size = math.log10(abs(value.numerator)) - math.log10(value.denominator) if value else -math.inf
    return Size(value if digits <= MAX_EXACT_DIGITS else None, digits, _float(value), size, True)


def of_constant(name: str) -> Size:
    value = math.pi if name == "pi" else math.e
    return Size(None, math.log10(value), value, math.log10(value))


def negated(a: Size) -> Size:
    return a._replace(exact=None if a.exact is None else -a.exact, value=-a.value)


def of_binary(op: str, a: Size, b: Size) -> Size:
    has_log = a.has_log or b.has_log
    rational = a.rational and b.rational
    if op == "**":
        return _power(a, b, has_log)
    if a.exact is not None and b.exact is not None and (op in "+-*" or b.exact != 0):
        exact = {"+": a.exact + b.exact, "-": a.exact - b.exact, "*": a.exact * b.exact}.get(op)
        if exact is None:
            exact = a.exact / b.exact if op == "/" else a.exact % b.exact
        return of_number(exact)._replace(has_log=has_log)
    # p1/q1 + p2/q2 = (p1*q2 + p2*q1)/(q1*q2); a % b = a - b*floor(a/b).
    digits = a.digits + b.digits + {"+": LOG10_2, "-": LOG10_2, "*": 0.0, "/": 0.0, "%": b.digits}[op]
    value = _apply(_ARITHMETIC[op], a.value, b.value)
    # |a + b| <= 2*max(|a|, |b|); |a % b| <= |b|.
    log = {"+": max(a.log10, b.log10) + LOG10_2, "*": a.log10 + b.log10, "/": a.log10 - b.log10, "%": b.log10}
    log["-"] = log["+"]
    return _sized(Size(None, digits, value, log[op], rational, has_log))


def of_call(name: str, parts) -> Size:
    has_log = any(p.has_log for p in parts) or name in _LOG_LIKE
    rational = name in ("floor", "ceil", "sign") or (name in _PASS_THROUGH and all(p.rational for p in parts))
    digits = max(p.digits for p in parts) + (1 if name in ("floor", "ceil") else 0)
    if name == "hypot":
        digits = sum(p.digits for p in parts) + 1
    if name in ("floor", "ceil") and not parts[0].rational:
        digits = parts[0].integer_digits  # the integer sympy computes
    value = _apply(_FLOATS[name], *(p.value for p in parts))
    size = _sized(Size(None, digits, value, _LOG_RULES[name](parts), rational, has_log))
    if name in _EXP_LIKE and has_log:
        # exp(c*log(a)) is a**c to sympy: log10(|a**c|) digits, which is log10(e)*|c*log(a)|;
        # sinh, cosh and tanh of it are fractions of a**(2*c).
        twice = 2 if name in ("sinh", "cosh", "tanh") else 1
        size = size._replace(digits=twice * max(_magnitude(p) for p in parts) * LOG10_E)
    return size


def of_comparison(op: str, parts) -> Size:
    """A comparison of constants: a truth value (1 or 0, or nan when doubles cannot tell)."""
    a, b = (p.value for p in parts)
    # Beyond doubles (inf > inf) the comparison is unknown.
    value = _apply(_COMPARISONS[op], a, b) if math.isfinite(a) and math.isfinite(b) else math.nan
    return Size(None, 0.0, value, 0.0, True, any(p.has_log for p in parts))


def integer_part_digits(op: str, parts) -> float:
    """The digits of the integer part sympy computes for ``floor``/``ceil``/``%`` of irrationals (0 if none)."""
    if op in ("floor", "ceil") and not parts[0].rational:
        return parts[0].integer_digits
    if op == "%" and not all(p.rational for p in parts) and parts[1].exact != 0:
        return max(parts[0].log10 - parts[1].log10, 0.0) + 1  # floor(a/b)
    return 0.0


def _power(a: Size, b: Size, has_log: bool) -> Size:
    if a.exact is not None and abs(a.exact) <= 1 and a.exact.denominator == 1:
        return Size(None, 0.0, _apply(_ARITHMETIC["**"], a.value, b.value), 0.0, True, has_log)  # 0, 1, -1
    # |p/q| <= |p|: an exponent known only by its digits is at most 10**digits.
    exponent = _exp10(b.digits) if b.exact is None else abs(_float(b.exact))
    digits = _times(exponent, a.digits)
    integer = b.exact is not None and b.exact.denominator == 1
    if a.exact is not None and integer and digits <= MAX_EXACT_DIGITS and not (a.exact == 0 and b.exact < 0):
        return of_number(a.exact ** int(b.exact))._replace(has_log=has_log)
    value = _apply(_ARITHMETIC["**"], a.value, b.value)
    # log10|a**b| is b*log10|a|: e**-1000 is tiny.
    return _sized(Size(None, digits, value, _times(_signed(b), a.log10), a.rational and integer, has_log))


def _sized(size: Size) -> Size:
    """``size`` with ``log10`` from its double value where that is a normal double (exact enough)."""
    if math.isfinite(size.value) and abs(size.value) >= 1e-300:
        return size._replace(log10=math.log10(abs(size.value)))
    return size


def _magnitude(a: Size) -> float:
    """|a|, possibly infinite: from its double, or from its log where doubles overflow."""
    return abs(a.value) if math.isfinite(a.value) else _exp10(a.log10)


def _signed(a: Size) -> float:
    """a, possibly infinite (see `_magnitude`); an unknown sign counts as positive, the larger case."""
    return -_magnitude(a) if a.value < 0 else _magnitude(a)


def _exp_log(a: Size, scale: float) -> float:
    """log10 of exp(a) (``scale`` log10(e)) or 2**a (log10(2))."""
    return _signed(a) * scale


def _log_log(a: Size) -> float:
    """log10(|ln(a)|): ln|a| is about log10|a| * ln(10), plus pi for a negative a."""
    return math.log10(abs(a.log10) * math.log(10) + math.pi) if math.isfinite(a.log10) else math.inf


_BOUNDED = {"sin", "cos", "tanh", "sigmoid", "erf", "erfc", "arcsin", "arccos", "arctan", "arctan2", "sign"}
_PASS_THROUGH = {"abs", "maximum", "minimum", "clip", "where"}
# Functions sympy may turn into a power when a logarithm is inside, and the logarithms.
_EXP_LIKE = {"exp", "exp2", "expm1", "sinh", "cosh", "tanh", "sigmoid", "softplus", "logaddexp"}
_LOG_LIKE = {"log", "log2", "log10", "log1p", "logaddexp", "softplus", "arcsinh", "arccosh", "arctanh"}

# log10 of |f(...)| from the parts' sizes, for where doubles overflow or underflow.
_LOG_RULES = {
    **{name: (lambda parts: math.log10(math.pi)) for name in _BOUNDED},
    **{name: (lambda parts: _log_log(parts[0])) for name in ("log", "log2", "log10", "log1p", "arcsinh", "arccosh")},
    **{name: (lambda parts: max(p.log10 for p in parts)) for name in ("abs", "maximum", "minimum", "clip")},
    "where": lambda parts: max(parts[1].log10, parts[2].log10),
    "floor": lambda parts: max(parts[0].log10, 0.0),
    "ceil": lambda parts: max(parts[0].log10, 0.0),
    "sqrt": lambda parts: parts[0].log10 / 2,
    "cbrt": lambda parts: parts[0].log10 / 3,
    "hypot": lambda parts: max(p.log10 for p in parts) + LOG10_2 / 2,
    "exp": lambda parts: _exp_log(parts[0], LOG10_E),
    "exp2": lambda parts: _exp_log(parts[0], LOG10_2),
    "expm1": lambda parts: max(_exp_log(parts[0], LOG10_E), 0.0),
    "sinh": lambda parts: _magnitude(parts[0]) * LOG10_E,
    "cosh": lambda parts: _magnitude(parts[0]) * LOG10_E,
    "softplus": lambda parts: max(parts[0].log10, 0.0) + LOG10_2,
    "logaddexp": lambda parts: max(max(p.log10 for p in parts), 0.0) + LOG10_2,
    "tan": lambda parts: math.inf,  # unbounded near its poles
    "arctanh": lambda parts: math.inf,
}


def _where(condition, a, b):
    if math.isnan(condition):
        return math.nan
    return a if condition else b


def _logaddexp(a, b):
    high = max(a, b)
    return high + math.log1p(math.exp(-abs(a - b)))


def _beyond(function, x, largest):
    """``function(x)``, or inf past ``largest``, where math would raise OverflowError."""
    return math.inf if x > largest else function(x)


def _sigmoid(x):
    return 1 / (1 + math.exp(-x)) if x >= 0 else math.exp(x) / (1 + math.exp(x))


# Each function on doubles, as the formula means it (math raises where NumPy gives inf or nan).
_FLOATS = {
    "sqrt": math.sqrt,
    "cbrt": lambda x: math.copysign(abs(x) ** (1 / 3), x),
    "exp": lambda x: _beyond(math.exp, x, 709.0),
    "exp2": lambda x: _beyond(lambda x: 2.0**x, x, 1023.0),
    "expm1": lambda x: _beyond(math.expm1, x, 709.0),
    "log": lambda x, base=None: math.log(x) if base is None else math.log(x) / math.log(base),
    "log2": math.log2,
    "log10": math.log10,
    "log1p": math.log1p,
    "sin": math.sin,
    "cos": math.cos,
    "tan": math.tan,
    "arcsin": math.asin,
    "arccos": math.acos,
    "arctan": math.atan,
    "arctan2": math.atan2,
    "sinh": lambda x: math.copysign(_beyond(math.sinh, abs(x), 710.0), x),
    "cosh": lambda x: _beyond(math.cosh, abs(x), 710.0),
    "tanh": math.tanh,
    "arcsinh": math.asinh,
    "arccosh": math.acosh,
    "arctanh": math.atanh,
    "abs": abs,
    "sign": lambda x: float((x > 0) - (x < 0)) if not math.isnan(x) else math.nan,
    "hypot": math.hypot,
    "maximum": max,
    "minimum": min,
    "where": _where,
    "clip": lambda x, lo, hi: min(max(x, lo), hi),
    "logaddexp": _logaddexp,
    "sigmoid": _sigmoid,
    "softplus": lambda x: max(x, 0.0) + math.log1p(math.exp(-abs(x))),
    "erf": math.erf,
    "erfc": math.erfc,
    "floor": lambda x: float(math.floor(x)),
    "ceil": lambda x: float(math.ceil(x)),
}

_COMPARISONS = {
    "<": lambda a, b: float(a < b),
    "<=": lambda a, b: float(a <= b),
    ">": lambda a, b: float(a > b),
    ">=": lambda a, b: float(a >= b),
    "==": lambda a, b: float(a == b),
    "!=": lambda a, b: float(a != b),
}

_ARITHMETIC = {
    "+": lambda a, b: a + b,
    "-": lambda a, b: a - b,
    "*": lambda a, b: a * b,
    "/": lambda a, b: a / b,
    "%": lambda a, b: a % b,
    "**": lambda a, b: _power_of_doubles(a, b),
}


def _power_of_doubles(a, b):
    try:
        return a**b
    except OverflowError:  # a negative base to an odd power stays negative
        return -math.inf if a < 0 and b % 2 == 1 else math.inf


def _apply(function, *values) -> float:
    """``function`` of doubles; nan where a value is unknown, or it fails (overflow, a domain error) or is not real."""
    if any(math.isnan(v) for v in values):
        return math.nan
    try:
        out = function(*values)
    except (ArithmeticError, ValueError):
        return math.nan
    return out if isinstance(out, float) else (float(out) if isinstance(out, int) else math.nan)


def _float(value: Fraction) -> float:
    try:
        return float(value)
    except OverflowError:
        return math.inf if value > 0 else -math.inf


def _exp10(digits: float) -> float:
    return math.inf if digits > 300 else 10.0**digits


def _times(a: float, b: float) -> float:
    return 0.0 if a == 0 or b == 0 else a * b
