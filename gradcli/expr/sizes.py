"""How big a constant part of a formula is, estimated without computing it.

sympy computes constants exactly, and some exact constants are enormous:
``9**9**9**9`` is an integer of 10**369,693,099 digits, ``exp(1000*log(3))`` is
``3**1000`` to sympy, and ``floor(exp(1000))`` is an integer of 435 digits that
sympy finds by evaluating ``exp(1000)`` to 435 digits (and gives up, or runs for
minutes, for ``floor(exp(exp(exp(3))))``). The parser asks this module about every
part of a formula without a variable, bottom up, and refuses a part before sympy
sees it. Everything here is float arithmetic on estimates: microseconds, whatever
the formula. What each function does to a size is in the registry (`functions.FUNCTIONS`).
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import NamedTuple, Optional

from .functions import FUNCTIONS
from .magnitude import LOG10_2, LOG10_E, exp10, magnitude, signed
from .operators import BINARY, COMPARISONS

# Numbers sympy may compute exactly (an integer, a fraction, a power): at most this many digits.
MAX_EXACT_DIGITS = 1_000
# sympy finds the integer part of an irrational constant (floor, ceil, %) by evaluating it
# to as many digits as the integer has; past about a hundred it gives up (PrecisionExhausted).
MAX_INTEGER_PART_DIGITS = 50


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
    spec = FUNCTIONS[name]
    has_log = any(p.has_log for p in parts) or spec.logarithm
    rational = spec.integer or (spec.pass_through and all(p.rational for p in parts))
    value = _apply(spec.on_doubles, *(p.value for p in parts))
    size = _sized(Size(None, spec.digits(*parts), value, spec.log10(*parts), rational, has_log))
    if spec.exponential and has_log:
        # exp(c*log(a)) is a**c to sympy: log10(|a**c|) digits, which is log10(e)*|c*log(a)|;
        # sinh, cosh and tanh of it are fractions of a**(2*c).
        size = size._replace(digits=spec.exponential * max(magnitude(p) for p in parts) * LOG10_E)
    return size


def of_comparison(op: str, parts) -> Size:
    """A comparison of constants: a truth value (1 or 0, or nan when doubles cannot tell)."""
    a, b = (p.value for p in parts)
    # Beyond doubles (inf > inf) the comparison is unknown.
    value = _apply(_COMPARISONS[op], a, b) if math.isfinite(a) and math.isfinite(b) else math.nan
    return Size(None, 0.0, value, 0.0, True, any(p.has_log for p in parts))


def integer_part_digits(op: str, parts) -> float:
    """The digits of the integer part sympy computes for ``floor``/``ceil``/``%`` of irrationals (0 if none)."""
    spec = FUNCTIONS.get(op)
    if spec is not None and spec.rounds and not parts[0].rational:
        return parts[0].integer_digits
    if op == "%" and not all(p.rational for p in parts) and parts[1].exact != 0:
        return max(parts[0].log10 - parts[1].log10, 0.0) + 1  # floor(a/b)
    return 0.0


def _power(a: Size, b: Size, has_log: bool) -> Size:
    if a.exact is not None and abs(a.exact) <= 1 and a.exact.denominator == 1:
        return Size(None, 0.0, _apply(_ARITHMETIC["**"], a.value, b.value), 0.0, True, has_log)  # 0, 1, -1
    # |p/q| <= |p|: an exponent known only by its digits is at most 10**digits.
    exponent = exp10(b.digits) if b.exact is None else abs(_float(b.exact))
    digits = _times(exponent, a.digits)
    integer = b.exact is not None and b.exact.denominator == 1
    if a.exact is not None and integer and digits <= MAX_EXACT_DIGITS and not (a.exact == 0 and b.exact < 0):
        return of_number(a.exact ** int(b.exact))._replace(has_log=has_log)
    value = _apply(_ARITHMETIC["**"], a.value, b.value)
    # log10|a**b| is b*log10|a|: e**-1000 is tiny.
    return _sized(Size(None, digits, value, _times(signed(b), a.log10), a.rational and integer, has_log))


def _sized(size: Size) -> Size:
    """``size`` with ``log10`` from its double value where that is a normal double (exact enough)."""
    if math.isfinite(size.value) and abs(size.value) >= 1e-300:
        return size._replace(log10=math.log10(abs(size.value)))
    return size


def _power_of_doubles(a, b):
    try:
        return a**b
    except OverflowError:  # a negative base to an odd power stays negative
        return -math.inf if a < 0 and b % 2 == 1 else math.inf


_COMPARISONS = {op.symbol: op.apply for op in COMPARISONS}  # True or False: 1.0 or 0.0 from `_apply`
_ARITHMETIC = {op.symbol: op.apply for op in BINARY} | {"**": _power_of_doubles}


def _apply(function, *values) -> float:
    """``function`` of doubles; nan where a value is unknown, or it fails (overflow, a domain error) or is not real."""
    if any(math.isnan(v) for v in values):
        return math.nan
    try:
        out = function(*values)
    except (ArithmeticError, ValueError):
        return math.nan
    # float() too for NumPy's float64, whose arithmetic would warn where Python's raises.
    return float(out) if isinstance(out, (float, int)) else math.nan


def _float(value: Fraction) -> float:
    try:
        return float(value)
    except OverflowError:
        return math.inf if value > 0 else -math.inf


def _times(a: float, b: float) -> float:
    return 0.0 if a == 0 or b == 0 else a * b
