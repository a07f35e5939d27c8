"""The IR as a sympy expression, built from sympy objects (never from strings).

Literals are exact: ``0.1`` becomes ``1/10``. Variables are real symbols.
sympy is imported here, lazily, so parsing never loads it.
"""

from __future__ import annotations

from .functions import FUNCTIONS
from .ir import Binary, Call, Compare, Const, Formula, Num, Unary, Var, fold


def symbols_of(formula: Formula):
    import sympy

    return {name: sympy.Symbol(name, real=True) for name in formula.variables}


def to_sympy(formula: Formula, symbols=None):
    """The formula as a sympy expression (with ``symbols`` mapping variable names to symbols)."""
    import sympy as sp

    symbols = symbols or symbols_of(formula)

    def combine(node, args):
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
