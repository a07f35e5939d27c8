"""The operators of the formula language, one row each: how an operator is written, read, run and printed.

The parser, the compiler, the ball evaluator, the printers, the size
estimates and the source rewriter each derive the mapping they need from
these rows (``{op.symbol: op.core for op in BINARY}``), so an operator is
described once. ``^`` is not a row: the parser reads it as ``**``.
"""

from __future__ import annotations

import ast
import operator
from dataclasses import dataclass
from typing import Callable


@dataclass(frozen=True)
class Operator:
    """One operator: its spelling in a formula, in Python's ``ast``, in ``gradcli.numpy`` and in LaTeX."""

    symbol: str  # as written in a formula (and in Python): "+", "**", "<="
    node: type  # the class Python's parser gives it: ast.Add, ast.Pow, ast.LtE
    core: str | None  # the gradcli.numpy op it compiles to ("add", "less_equal"); None: it computes nothing
    apply: Callable  # the operator on Python numbers (Fractions, floats): operator.add, operator.le
    precedence: int  # as in Python: 0 comparisons, 1 + -, 2 * / %, 3 unary, 4 ** (a name or call binds at 5)
    latex: str | None = None  # the op written in LaTeX, operands {0} and {1}; None: \operatorname{core}(...)
    sympy: str | None = None  # the sympy relation class of a comparison ("Lt")


BINARY = (
    Operator("+", ast.Add, "add", operator.add, 1, r"\left({0} + {1}\right)"),
    Operator("-", ast.Sub, "subtract", operator.sub, 1, r"\left({0} - {1}\right)"),
    Operator("*", ast.Mult, "multiply", operator.mul, 2, r"\left({0} \cdot {1}\right)"),
    Operator("/", ast.Div, "divide", operator.truediv, 2, r"\frac{{{0}}}{{{1}}}"),
    Operator("**", ast.Pow, "power", operator.pow, 4, r"\left({0}\right)^{{{1}}}"),
    Operator("%", ast.Mod, "mod", operator.mod, 2, r"\left({0} \bmod {1}\right)"),
)

UNARY = (
    Operator("-", ast.USub, "negative", operator.neg, 3, r"\left(-{0}\right)"),
    Operator("+", ast.UAdd, None, operator.pos, 3),
)

COMPARISONS = (
    Operator("<", ast.Lt, "less", operator.lt, 0, sympy="Lt"),
    Operator("<=", ast.LtE, "less_equal", operator.le, 0, sympy="Le"),
    Operator(">", ast.Gt, "greater", operator.gt, 0, sympy="Gt"),
    Operator(">=", ast.GtE, "greater_equal", operator.ge, 0, sympy="Ge"),
    Operator("==", ast.Eq, "equal", operator.eq, 0, sympy="Eq"),
    Operator("!=", ast.NotEq, "not_equal", operator.ne, 0, sympy="Ne"),
)

OPERATORS = BINARY + UNARY + COMPARISONS
