"""The IR as a sympy expression, built from sympy objects (never from strings).

Literals are exact: ``0.1`` becomes ``1/10``. Variables are real symbols.
sympy is imported here, lazily, so parsing never loads it. The parser bounds
every constant; what sympy itself makes constant (``(x-x+9)**9**9``,
``x*10**999*10**999``) is bounded here, before sympy computes it.
"""

from __future__ import annotations

import math

from ..errors import InputError
from .functions import FUNCTIONS
from .ir import Binary, Call, Compare, Const, Formula, Num, Unary, Var, fold
from .parse import MAX_POWER_DIGITS


def symbols_of(formula: Formula):
    import sympy

    return {name: sympy.Symbol(name, real=True) for name in formula.variables}


def to_sympy(formula: Formula, symbols=None):
    """The formula as a sympy expression (with ``symbols`` mapping variable names to symbols)."""
    import sympy as sp

    symbols = symbols or symbols_of(formula)

    def combine(node, args):
        out = build(node, args)
        refuse_huge_numbers(out, formula.text, node.span, MAX_POWER_DIGITS, coefficient_only=True)
        return out

    def build(node, args):
        if isinstance(node, Num):
            return sp.Rational(node.exact.numerator, node.exact.denominator)
        if isinstance(node, Const):
            return sp.pi if node.name == "pi" else sp.E
        if isinstance(node, Var):
            return symbols[node.name]
        if isinstance(node, Unary):
            return -args[0] if node.op == "-" else args[0]
        if isinstance(node, Binary):
            left, right = args
            if node.op == "**":
                _refuse_huge_power(left, right, formula.text, node.span)
            return {
                "+": lambda: sp.Add(left, right),
                "-": lambda: sp.Add(left, -right),
                "*": lambda: sp.Mul(left, right),
                "/": lambda: sp.Mul(left, sp.Pow(right, -1)),
                "**": lambda: sp.Pow(left, right),
                "%": lambda: sp.Mod(left, right),
            }[node.op]()
        if isinstance(node, Compare):
            relation = {"<": sp.Lt, "<=": sp.Le, ">": sp.Gt, ">=": sp.Ge, "==": sp.Eq, "!=": sp.Ne}
            return relation[node.op](*args)
        if isinstance(node, Call):
            return FUNCTIONS[node.name].symbolic(sp, *args)
        raise TypeError(f"unknown IR node {type(node).__name__}")  # pragma: no cover

    return fold(formula.root, combine)


def digits(number) -> float:
    """log10 of the larger of |numerator| and denominator of a sympy Rational."""
    return math.log10(max(abs(number.p), number.q))


def refuse_huge_numbers(expr, text, span, limit, coefficient_only=False, what="this part of the formula"):
    """Refuse ``expr`` if it holds a number of more than ``limit`` digits (``str`` would fail on it).

    With ``coefficient_only``, look only at its own numeric coefficient or
    term (constant time, for checking a tree node by node as it is built).
    """
    import sympy as sp

    if coefficient_only:
        numbers = [expr.as_coeff_Add()[0] if expr.is_Add else expr.as_coeff_Mul()[0]] if expr.is_Number or expr.is_Add or expr.is_Mul else []
    else:
        numbers = expr.atoms(sp.Rational)
    size = max((digits(n) for n in numbers if n.is_Rational), default=0)
    if size > limit:
        raise InputError(
            f"{what} would have a number of about {size:,.0f} digits; gradcli refuses numbers of "
            f"more than {limit:,} digits",
            text=text,
            span=span,
        )


def _refuse_huge_power(base, exponent, text, span):
    """Refuse a constant power that sympy would compute exactly into a huge number."""
    import sympy as sp

    if not exponent.is_Rational or exponent == 0 or base.free_symbols:
        return
    # The digits of the rationals inside the base bound those of the power's parts.
    size = sum(digits(r) for r in base.atoms(sp.Rational))
    if size == 0:
        return
    log_size = math.log10(abs(exponent.p)) - math.log10(exponent.q) + math.log10(size)
    if log_size > math.log10(MAX_POWER_DIGITS):
        about = f"about {10**log_size:,.0f}" if log_size < 18 else "more than 10^18"
        raise InputError(
            f"this constant would have {about} digits; gradcli refuses constants of more "
            f"than {MAX_POWER_DIGITS:,} digits",
            text=text,
            span=span,
        )
