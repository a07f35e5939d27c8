"""The IR as a differentiable function over ``gradcli.numpy`` ops, with source spans.

`to_function` makes ``f(*values)`` (one argument per variable, in the
formula's order) that evaluates the formula with gradcli ops, so `grad`,
`jacobian` and the checker see every op. Variables may be arrays; they
broadcast. Before each op, `CURRENT.span` is set to the span of the IR node
being evaluated, so a forward hook can say which part of the formula an op
came from. With ``numbers="mp"`` literals become mpmath numbers (exact
decimals at the working precision), for the high-precision reference.
"""

from __future__ import annotations

import math

from .functions import FUNCTIONS
from .ir import Binary, Call, Compare, Const, Formula, Num, Unary, Var, postorder


class _CurrentSpan:
    """Which IR node is being evaluated right now (read by the checker's hooks)."""

    __slots__ = ("span", "node")

    def __init__(self):
        self.span = None
        self.node = None


CURRENT = _CurrentSpan()

_BINARY = {"+": "add", "-": "subtract", "*": "multiply", "/": "divide", "**": "power", "%": "mod"}
_COMPARE = {
    "<": "less",
    "<=": "less_equal",
    ">": "greater",
    ">=": "greater_equal",
    "==": "equal",
    "!=": "not_equal",
}


def _float_number(node: Num):
    if node.is_integer:
        return int(node.exact)
    return float(node.text)


def _mp_number(node: Num):
    # Integers too: a Python int would send sqrt(2) down the float fast path.
    import mpmath

    exact = node.exact
    return mpmath.mpf(exact.numerator) / exact.denominator


def _float_constant(name):
    return {"pi": math.pi, "e": math.e}[name]


def _mp_constant(name):
    import mpmath

    return +mpmath.pi if name == "pi" else mpmath.e()


def to_function(formula: Formula, numbers="float"):
    """``f(*values)`` evaluating ``formula`` with gradcli ops (``numbers``: "float" or "mp")."""
    import gradcli.numpy as gnp

    number = _float_number if numbers == "float" else _mp_number
    constant = _float_constant if numbers == "float" else _mp_constant
    order = list(postorder(formula.root))
    names = formula.variables

    def evaluate(*values):
        if len(values) != len(names):
            raise TypeError(
                f"the formula {formula.text!r} has {len(names)} variable(s) {names}, "
                f"got {len(values)} value(s)"
            )
        env = dict(zip(names, values))
        results = {}
        for node in order:
            key = id(node)
            if key in results:
                continue
            args = [results[id(c)] for c in node.children()]
            CURRENT.span = node.span
            CURRENT.node = node
            if isinstance(node, Num):
                out = number(node)
            elif isinstance(node, Const):
                out = constant(node.name)
            elif isinstance(node, Var):
                out = env[node.name]
            elif isinstance(node, Unary):
                out = gnp.negative(args[0]) if node.op == "-" else args[0]
            elif isinstance(node, Binary):
                out = getattr(gnp, _BINARY[node.op])(*args)
            elif isinstance(node, Compare):
                out = getattr(gnp, _COMPARE[node.op])(*args)
            elif isinstance(node, Call):
                out = FUNCTIONS[node.name].core(gnp, *args)
            else:  # pragma: no cover - the parser makes no other nodes
                raise TypeError(f"unknown IR node {type(node).__name__}")
            results[key] = out
        CURRENT.span = None
        CURRENT.node = None
        return results[id(formula.root)]

    evaluate.__name__ = "formula"
    evaluate.__qualname__ = formula.text
    evaluate.formula = formula
    return evaluate

