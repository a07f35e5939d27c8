"""The IR as a differentiable function over ``gradcli.numpy`` ops, with source spans.

`to_function` makes ``f(*values)`` (one argument per variable, in the
formula's order) that evaluates the formula with gradcli ops, so `grad`,
`jacobian` and the checker see every op. Variables may be arrays; they
broadcast. Before each op, `CURRENT.span` is set to the span of the IR node
being evaluated, so a forward hook can say which part of the formula an op
came from. With ``numbers="mp"`` literals become mpmath numbers (exact
decimals at the working precision), for the high-precision reference; with
``numbers="ball"`` python-flint balls (at flint's working precision), with
``"written"`` the literals' own text, for a ``gnp`` that writes code.
"""

from __future__ import annotations

import math
import numbers as _numbers

from .functions import FUNCTIONS
from .ir import Binary, Call, Compare, Const, Formula, Num, Unary, Var, postorder
from .operators import BINARY, COMPARISONS


class _CurrentSpan:
    """Which IR node is being evaluated right now (read by the checker's hooks)."""

    __slots__ = ("span", "node")

    def __init__(self):
        self.span = None
        self.node = None


CURRENT = _CurrentSpan()

_BINARY = {op.symbol: op.core for op in BINARY}
_COMPARE = {op.symbol: op.core for op in COMPARISONS}


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


def _ball_number(node: Num):
    from flint import arb

    return arb(node.exact.numerator) / node.exact.denominator


def _ball_constant(name):
    from flint import arb

    return arb.pi() if name == "pi" else arb(1).exp()


def _written_number(node: Num):
    return node.text


_NUMBERS = {
    "float": (_float_number, _float_constant),
    "mp": (_mp_number, _mp_constant),
    "ball": (_ball_number, _ball_constant),
}


def to_function(formula: Formula, numbers="float", gnp=None):
    """``f(*values)`` evaluating ``formula`` with gradcli ops (``numbers``: "float", "mp", "ball" or "written").

    ``gnp`` stands in for ``gradcli.numpy``: with ``numbers="written"``, an
    object whose functions write code, and whose ``pi`` and ``e`` are written too.
    """
    if gnp is None:
        import gradcli.numpy as gnp

    if numbers == "written":
        number, constant = _written_number, lambda name: getattr(gnp, name)
    else:
        number, constant = _NUMBERS[numbers]
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
            if type(out) is not int and type(out) is not bool and isinstance(out, _numbers.Integral):
                # NumPy keeps floor, ceil, sign, ... of an integer literal a NumPy
                # integer, with integer arithmetic: 2**ceil(-1) raises, overflow
                # wraps, and float32 is promoted to float64. The formula language
                # is real arithmetic: Python's int has none of these.
                out = int(out)
            results[key] = out
        CURRENT.span = None
        CURRENT.node = None
        return results[id(formula.root)]

    evaluate.__name__ = "formula"
    evaluate.__qualname__ = formula.text
    evaluate.formula = formula
    return evaluate

