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

    from ..autodiff import arb_proof  # lazy: it loads NumPy, which reading a formula does not need

    exact = node.exact
    if arb_proof.proving:  # a proof's numbers are exact: 0.1 is 1/10, not the binary number mpmath rounds it to
        return arb_proof.written(exact)
    return mpmath.mpf(exact.numerator) / exact.denominator


def _float_constant(name):
    return {"pi": math.pi, "e": math.e}[name]


def _mp_constant(name):
    import mpmath

    from ..autodiff import arb_proof  # lazy: it loads NumPy, which reading a formula does not need

    if arb_proof.proving:  # the number pi itself, whose rational multiples have exact sines
        return arb_proof.written(name=name)
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


def _steps(root, names, number, constant, gnp):
    """The IR in evaluation order, once per node: ``(node, span, compute(values, results))``, the root last.

    Read once when the formula compiles, so an evaluation (the checker runs
    one per point, difference step and rounding replay) walks a flat list
    instead of deciding each node's kind again; ``results`` holds the values
    of the steps before, and each step reads its children's at their fixed
    positions. Functions and operators are still looked up when they run, so
    what is patched in their place runs.
    """
    position = {name: i for i, name in enumerate(names)}
    steps, at = [], {}
    for node in postorder(root):
        if id(node) in at:
            continue
        children = tuple(at[id(c)] for c in node.children())
        at[id(node)] = len(steps)
        steps.append((node, node.span, _compute(node, position, number, constant, gnp, children)))
    return steps


def _compute(node, position, number, constant, gnp, children):
    """``compute(values, results)`` for one IR node: its value from the variables' values and the values of
    the steps before it (``results``; its children's are at the positions ``children``)."""
    if isinstance(node, Num):
        if number is _float_number:  # a Python float or int: the same at every evaluation, so made once
            constant_value = number(node)
            return lambda values, results: constant_value
        return lambda values, results: number(node)
    if isinstance(node, Const):
        return lambda values, results: constant(node.name)
    if isinstance(node, Var):
        if node.name not in position:  # as a lookup in the variables' values would: when it runs
            return lambda values, results: {}[node.name]
        i = position[node.name]
        return lambda values, results: values[i]
    if isinstance(node, Unary):
        (a,) = children
        if node.op == "-":
            return lambda values, results: gnp.negative(results[a])
        return lambda values, results: results[a]
    if isinstance(node, (Binary, Compare)):
        name = (_BINARY if isinstance(node, Binary) else _COMPARE)[node.op]
        a, b = children
        return lambda values, results: getattr(gnp, name)(results[a], results[b])
    if isinstance(node, Call):
        function = node.name
        if len(children) == 1:
            (a,) = children
            return lambda values, results: FUNCTIONS[function].core(gnp, results[a])
        return lambda values, results: FUNCTIONS[function].core(gnp, *[results[c] for c in children])
    raise TypeError(f"unknown IR node {type(node).__name__}")  # pragma: no cover - the parser makes no other nodes


# Per type of a step's value: whether it is an integer other than Python's own (a NumPy integer).
# The answer depends on the type alone; asking the ABC per step costs more than the step's bookkeeping.
_OTHER_INTEGRAL = {float: False, int: False, bool: False}


def _other_integral(kind, value):
    """Whether ``value`` (of type ``kind``) is an integer of a type other than int and bool; remembered per type."""
    integral = isinstance(value, _numbers.Integral)
    if len(_OTHER_INTEGRAL) < 256:
        _OTHER_INTEGRAL[kind] = integral
    return integral


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
    names = formula.variables
    steps = _steps(formula.root, names, number, constant, gnp)
    current = CURRENT

    def evaluate(*values):
        if len(values) != len(names):
            raise TypeError(
                f"the formula {formula.text!r} has {len(names)} variable(s) {names}, "
                f"got {len(values)} value(s)"
            )
        results = []
        append = results.append
        for node, span, compute in steps:
            current.span = span
            current.node = node
            out = compute(values, results)
            kind = type(out)
            integral = _OTHER_INTEGRAL.get(kind)
            if integral is None:
                integral = _other_integral(kind, out)
            if integral:
                # NumPy keeps floor, ceil, sign, ... of an integer literal a NumPy
                # integer, with integer arithmetic: 2**ceil(-1) raises, overflow
                # wraps, and float32 is promoted to float64. The formula language
                # is real arithmetic: Python's int has none of these.
                out = int(out)
            append(out)
        current.span = None
        current.node = None
        return results[-1]  # the root's: last in evaluation order

    evaluate.__name__ = "formula"
    evaluate.__qualname__ = formula.text
    evaluate.formula = formula
    return evaluate

