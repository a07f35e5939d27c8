"""Work counted, not timed: hostile constants are refused before any big-number arithmetic.

A wall-clock bound flakes on a busy machine and proves little on a fast one. Inside
``bounded_work()``, exact arithmetic asked to work on, or to make, a number of more
than ``DIGITS`` digits fails the test at once, before it computes (so a regression
fails instead of hanging): Python's ``Fraction``, in which the parser sizes constants,
and the powers of sympy's ``Integer`` and ``Rational``. It also counts the Python
function calls made, the steps a refusal takes, whatever the machine's speed.
"""

from __future__ import annotations

import contextlib
import math
import numbers
import sys
from fractions import Fraction

import pytest
import sympy

# Twice gradcli's documented limit of 1,000 digits (written out, so that loosening the limit
# loosens no test): to learn that 10**999 * 10**999 is too big, the parser may multiply two
# allowed constants; a number of a million digits it may not make.
DIGITS = 2_001

_OPERATIONS = ("add", "sub", "mul", "truediv", "floordiv", "mod", "divmod")
_FRACTION_OPERATIONS = [f"__{side}{op}__" for op in _OPERATIONS for side in ("", "r")]


def _digits(x) -> float:
    """Decimal digits of the larger of an exact rational's numerator and denominator (0 for others)."""
    if isinstance(x, bool) or not isinstance(x, numbers.Rational):
        return 0.0
    return math.log10(max(abs(int(x.numerator)), int(x.denominator)))


def _magnitude(x) -> float:
    try:
        return abs(float(x))
    except OverflowError:
        return math.inf


def _power_digits(base, exponent) -> float:
    """About how many digits ``base ** exponent`` has, for an exact base and a rational exponent."""
    base_digits = _digits(base)
    if base_digits == 0 or not isinstance(exponent, numbers.Rational):
        return base_digits
    return base_digits * _magnitude(exponent)


def _refuse(digits, what):
    if digits > DIGITS:
        # pytest.fail raises an exception that no `except Exception` in the code under test swallows.
        pytest.fail(f"{what} on a number of about {digits:.3g} digits (at most {DIGITS:,} allowed)")


def _guarded_operation(name, operation):
    def guarded(a, b):
        _refuse(max(_digits(a), _digits(b)), f"Fraction.{name}")
        return operation(a, b)

    return guarded


def _guarded_power(name, power, reflected=False):
    def guarded(a, b, *rest):
        base, exponent = (b, a) if reflected else (a, b)
        _refuse(max(_power_digits(base, exponent), _digits(exponent)), name)
        return power(a, b, *rest)

    return guarded


class Work:
    """What ``bounded_work()`` counted: ``calls``, the Python functions called."""

    calls = 0


@contextlib.contextmanager
def bounded_work(count=True):
    """Fail on exact arithmetic beyond ``DIGITS`` digits; count the Python calls made meanwhile.

    ``count=False`` keeps the guard without the count, whose profiler slows a whole check fivefold.
    """
    work = Work()

    def profile(frame, event, arg):
        if event == "call":
            work.calls += 1

    with pytest.MonkeyPatch.context() as patch:
        for name in _FRACTION_OPERATIONS:
            patch.setattr(Fraction, name, _guarded_operation(name, getattr(Fraction, name)))
        patch.setattr(Fraction, "__pow__", _guarded_power("Fraction.__pow__", Fraction.__pow__))
        patch.setattr(Fraction, "__rpow__", _guarded_power("Fraction.__rpow__", Fraction.__rpow__, reflected=True))
        for number in (sympy.Integer, sympy.Rational):
            name = f"sympy.{number.__name__}._eval_power"
            patch.setattr(number, "_eval_power", _guarded_power(name, vars(number)["_eval_power"]))
        previous = sys.getprofile()
        if count:
            sys.setprofile(profile)
        try:
            yield work
        finally:
            sys.setprofile(previous)
