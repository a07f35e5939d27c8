"""IR built for derivatives: constructors that simplify as they build (0 and 1 vanish, constants fold).

The derivative rules of the function registry and the chain rule of
`derivative.differentiate` build their results with these.
"""

from __future__ import annotations

from fractions import Fraction

from .ir import Binary, Call, Compare, Num, Unary
from .operators import COMPARISONS

NO_SPAN = (0, 0)


def num(value) -> Num:
    """The number ``value`` (exact: an int or a Fraction) as an IR literal."""
    value = Fraction(value)
    text = str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    return Num(NO_SPAN, text, value)


def is_number(node, value) -> bool:
    """``node`` is the number ``value``."""
    return isinstance(node, Num) and node.exact == value


def add(a, b):
    if is_number(a, 0):
        return b
    if is_number(b, 0):
        return a
    if isinstance(a, Num) and isinstance(b, Num):
        return num(a.exact + b.exact)
    if isinstance(b, Unary) and b.op == "-":
        return sub(a, b.operand)
    if isinstance(b, Binary) and b.op in "*/" and isinstance(b.left, Unary) and b.left.op == "-":
        return sub(a, Binary(NO_SPAN, b.op, b.left.operand, b.right))
    return Binary(NO_SPAN, "+", a, b)


def sub(a, b):
    if is_number(b, 0):
        return a
    if is_number(a, 0):
        return neg(b)
    if isinstance(a, Num) and isinstance(b, Num):
        return num(a.exact - b.exact)
    return Binary(NO_SPAN, "-", a, b)


def neg(a):
    if isinstance(a, Num):
        return num(-a.exact)
    if isinstance(a, Unary) and a.op == "-":
        return a.operand
    return Unary(NO_SPAN, "-", a)


def mul(a, b):
    if is_number(a, 0) or is_number(b, 0):
        return num(0)
    if is_number(a, 1):
        return b
    if is_number(b, 1):
        return a
    if is_number(a, -1):
        return neg(b)
    if is_number(b, -1):
        return neg(a)
    if isinstance(a, Num) and isinstance(b, Num):
        return num(a.exact * b.exact)
    if isinstance(b, Num) and not isinstance(a, Num):
        a, b = b, a  # constants first: 2*x, not x*2
    for one, other in ((a, b), (b, a)):
        if isinstance(one, Binary) and one.op == "/" and is_number(one.left, 1):
            return div(other, one.right)  # (1/u)*v is v/u
        if isinstance(one, Unary) and one.op == "-":
            return neg(mul(one.operand, other) if one is a else mul(other, one.operand))
    return Binary(NO_SPAN, "*", a, b)


def div(a, b):
    if is_number(a, 0):
        return num(0)
    if is_number(b, 1):
        return a
    if isinstance(a, Num) and isinstance(b, Num) and b.exact != 0:
        return num(a.exact / b.exact)
    return Binary(NO_SPAN, "/", a, b)


def power(a, b):
    if is_number(b, 1):
        return a
    if is_number(b, 0):
        return num(1)
    if isinstance(a, Binary) and a.op == "**" and isinstance(a.right, Num) and isinstance(b, Num):
        return power(a.left, num(a.right.exact * b.exact))  # (x**2)**2 is x**4
    return Binary(NO_SPAN, "**", a, b)


def call(name, *args):
    return Call(NO_SPAN, name, tuple(args))


def compare(op, a, b):
    return Compare(NO_SPAN, op, a, b)


_DECIDE = {op.symbol: op.apply for op in COMPARISONS}


def where(condition, a, b):
    """``where(condition, a, b)``, or just the branch when both are the same number or the
    condition compares two numbers (``clip(x, 0, 1)`` stays ``where(x < 0, 0, ...)``)."""
    if isinstance(a, Num) and isinstance(b, Num) and a.exact == b.exact:
        return a
    if isinstance(condition.left, Num) and isinstance(condition.right, Num):
        return a if _DECIDE[condition.op](condition.left.exact, condition.right.exact) else b
    return call("where", condition, a, b)


def quotient_derivative(u, w, du, dw):
    """d(u/w), from u, w and their derivatives ``du`` and ``dw``."""
    if is_number(dw, 0):
        return div(du, w)
    return div(sub(mul(du, w), mul(u, dw)), power(w, num(2)))
