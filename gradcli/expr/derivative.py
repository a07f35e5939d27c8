"""Symbolic derivatives on the IR itself, and the IR printed back as formula text.

``gradcli grad`` shows the symbolic derivative next to the numbers; computing
it here, with the chain rule and a few simplifications (0 and 1 vanish,
constants fold), keeps sympy (a third of a second to import) out of the
headline command. ``gradcli diff`` uses sympy, for full simplification. Each
function's own rule is in the registry (`functions.FUNCTIONS`).
"""

from __future__ import annotations

from .build import add, call, div, is_number, mul, neg, num, power, quotient_derivative, sub
from .functions import FUNCTIONS
from .ir import Binary, Call, Compare, Const, Num, Unary, Var, fold
from .operators import BINARY


def _depends_on(node, name) -> bool:
    return fold(node, lambda n, children: (isinstance(n, Var) and n.name == name) or any(children))


def differentiate(node, name):
    """d node / d name, as IR (spans are (0, 0): derivative nodes have no source)."""

    def d(n, children):
        # ``children`` are the derivatives of n's children, computed bottom-up.
        if isinstance(n, (Num, Const, Compare)):
            return num(0)
        if isinstance(n, Var):
            return num(1 if n.name == name else 0)
        if isinstance(n, Unary):
            return neg(children[0]) if n.op == "-" else children[0]
        if isinstance(n, Binary):
            u, w = n.left, n.right
            du, dw = children
            if n.op == "+":
                return add(du, dw)
            if n.op == "-":
                return sub(du, dw)
            if n.op == "*":
                return add(mul(du, w), mul(u, dw))
            if n.op == "/":
                return quotient_derivative(u, w, du, dw)
            if n.op == "%":
                return sub(du, mul(call("floor", div(u, w)), dw))
            if n.op == "**":
                if not _depends_on(w, name):
                    exponent = num(w.exact - 1) if isinstance(w, Num) else sub(w, num(1))
                    return mul(mul(w, power(u, exponent)), du)
                if is_number(du, 0):
                    # u**w * log(u) kept one product, which the balls know the limit of at u = 0 (`balls`).
                    return mul(dw, mul(n, call("log", u)))
                return mul(n, add(mul(dw, call("log", u)), div(mul(w, du), u)))
        if isinstance(n, Call):
            return FUNCTIONS[n.name].derivative(n, children)
        raise ValueError(f"gradcli cannot differentiate {type(n).__name__} {getattr(n, 'name', '')}")

    return fold(node, d)


_PRECEDENCE = {op.symbol: op.precedence for op in BINARY}


def to_text(node) -> str:
    """Formula text for an IR tree, with only the parentheses it needs (parseable again)."""

    def show(n, children):
        if isinstance(n, Num):
            level = 2 if "/" in n.text else (3 if n.text.startswith("-") else 5)
            return n.text, level
        if isinstance(n, (Const, Var)):
            return n.name, 5
        if isinstance(n, Call):
            return f"{n.name}({', '.join(text for text, _ in children)})", 5
        if isinstance(n, Unary):
            text, level = children[0]
            return f"{n.op}{text if level >= 3 else f'({text})'}", 3
        if isinstance(n, Compare):
            return f"{children[0][0]} {n.op} {children[1][0]}", 0
        (left, left_level), (right, right_level) = children
        level = _PRECEDENCE[n.op]
        if n.op == "**":
            left = left if left_level > level else f"({left})"
            right = right if right_level >= level else f"({right})"
            return f"{left}**{right}", level
        left = left if left_level >= level else f"({left})"
        right = right if right_level > level else f"({right})"
        return f"{left} {n.op} {right}", level

    return fold(node, show)[0]
