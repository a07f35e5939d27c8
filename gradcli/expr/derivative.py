"""Symbolic derivatives on the IR itself, and the IR printed back as formula text.

``gradcli grad`` shows the symbolic derivative next to the numbers; computing
it here, with the chain rule and a few simplifications (0 and 1 vanish,
constants fold), keeps sympy (a third of a second to import) out of the
headline command. ``gradcli diff`` uses sympy, for full simplification.
"""

from __future__ import annotations

from fractions import Fraction

from .ir import Binary, Call, Compare, Const, Num, Unary, Var, fold

_NO_SPAN = (0, 0)


def num(value) -> Num:
    value = Fraction(value)
    text = str(value.numerator) if value.denominator == 1 else f"{value.numerator}/{value.denominator}"
    return Num(_NO_SPAN, text, value)


def _is(node, value):
    return isinstance(node, Num) and node.exact == value


def add(a, b):
    if _is(a, 0):
        return b
    if _is(b, 0):
        return a
    if isinstance(a, Num) and isinstance(b, Num):
        return num(a.exact + b.exact)
    if isinstance(b, Unary) and b.op == "-":
        return sub(a, b.operand)
    if isinstance(b, Binary) and b.op in "*/" and isinstance(b.left, Unary) and b.left.op == "-":
        return sub(a, Binary(_NO_SPAN, b.op, b.left.operand, b.right))
    return Binary(_NO_SPAN, "+", a, b)


def sub(a, b):
    if _is(b, 0):
        return a
    if _is(a, 0):
        return neg(b)
    if isinstance(a, Num) and isinstance(b, Num):
        return num(a.exact - b.exact)
    return Binary(_NO_SPAN, "-", a, b)


def neg(a):
    if isinstance(a, Num):
        return num(-a.exact)
    if isinstance(a, Unary) and a.op == "-":
        return a.operand
    return Unary(_NO_SPAN, "-", a)


def mul(a, b):
    if _is(a, 0) or _is(b, 0):
        return num(0)
    if _is(a, 1):
        return b
    if _is(b, 1):
        return a
    if _is(a, -1):
        return neg(b)
    if _is(b, -1):
        return neg(a)
    if isinstance(a, Num) and isinstance(b, Num):
        return num(a.exact * b.exact)
    if isinstance(b, Num) and not isinstance(a, Num):
        a, b = b, a  # constants first: 2*x, not x*2
    for one, other in ((a, b), (b, a)):
        if isinstance(one, Binary) and one.op == "/" and _is(one.left, 1):
            return div(other, one.right)  # (1/u)*v is v/u
        if isinstance(one, Unary) and one.op == "-":
            return neg(mul(one.operand, other) if one is a else mul(other, one.operand))
    return Binary(_NO_SPAN, "*", a, b)


def div(a, b):
    if _is(a, 0):
        return num(0)
    if _is(b, 1):
        return a
    if isinstance(a, Num) and isinstance(b, Num) and b.exact != 0:
        return num(a.exact / b.exact)
    return Binary(_NO_SPAN, "/", a, b)


def power(a, b):
    if _is(b, 1):
        return a
    if _is(b, 0):
        return num(1)
    if isinstance(a, Binary) and a.op == "**" and isinstance(a.right, Num) and isinstance(b, Num):
        return power(a.left, num(a.right.exact * b.exact))  # (x**2)**2 is x**4
    return Binary(_NO_SPAN, "**", a, b)


def call(name, *args):
    return Call(_NO_SPAN, name, tuple(args))


_DECIDE = {
    "<": lambda a, b: a < b,
    "<=": lambda a, b: a <= b,
    ">": lambda a, b: a > b,
    ">=": lambda a, b: a >= b,
    "==": lambda a, b: a == b,
    "!=": lambda a, b: a != b,
}


def where(condition, a, b):
    """``where(condition, a, b)``, or just the branch when both are the same number or the
    condition compares two numbers (``clip(x, 0, 1)`` stays ``where(x < 0, 0, ...)``)."""
    if isinstance(a, Num) and isinstance(b, Num) and a.exact == b.exact:
        return a
    if isinstance(condition.left, Num) and isinstance(condition.right, Num):
        return a if _DECIDE[condition.op](condition.left.exact, condition.right.exact) else b
    return call("where", condition, a, b)


def _depends_on(node, name) -> bool:
    return fold(node, lambda n, children: (isinstance(n, Var) and n.name == name) or any(children))


def _outer(name, u, args):
    """f'(u) for a one-argument function f, as IR."""
    two = num(2)
    table = {
        "sqrt": lambda: div(num(1), mul(two, call("sqrt", u))),
        "cbrt": lambda: div(num(1), mul(num(3), power(call("cbrt", u), two))),
        "exp": lambda: call("exp", u),
        "exp2": lambda: mul(call("exp2", u), call("log", num(2))),
        "expm1": lambda: call("exp", u),
        "log": lambda: div(num(1), u),
        "log2": lambda: div(num(1), mul(u, call("log", num(2)))),
        "log10": lambda: div(num(1), mul(u, call("log", num(10)))),
        "log1p": lambda: div(num(1), add(num(1), u)),
        "sin": lambda: call("cos", u),
        "cos": lambda: neg(call("sin", u)),
        "tan": lambda: div(num(1), power(call("cos", u), two)),
        "arcsin": lambda: div(num(1), call("sqrt", sub(num(1), power(u, two)))),
        "arccos": lambda: neg(div(num(1), call("sqrt", sub(num(1), power(u, two))))),
        "arctan": lambda: div(num(1), add(num(1), power(u, two))),
        "sinh": lambda: call("cosh", u),
        "cosh": lambda: call("sinh", u),
        "tanh": lambda: div(num(1), power(call("cosh", u), two)),
        "arcsinh": lambda: div(num(1), call("sqrt", add(power(u, two), num(1)))),
        "arccosh": lambda: div(num(1), call("sqrt", sub(power(u, two), num(1)))),
        "arctanh": lambda: div(num(1), sub(num(1), power(u, two))),
        "abs": lambda: call("sign", u),
        "sign": lambda: num(0),
        "floor": lambda: num(0),
        "ceil": lambda: num(0),
        "sigmoid": lambda: mul(call("sigmoid", u), sub(num(1), call("sigmoid", u))),
        "softplus": lambda: call("sigmoid", u),
        "erf": lambda: mul(div(two, call("sqrt", Const(_NO_SPAN, "pi"))), call("exp", neg(power(u, two)))),
        "erfc": lambda: neg(mul(div(two, call("sqrt", Const(_NO_SPAN, "pi"))), call("exp", neg(power(u, two))))),
    }
    return table[name]()


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
                if _is(dw, 0):
                    return div(du, w)
                return div(sub(mul(du, w), mul(u, dw)), power(w, num(2)))
            if n.op == "%":
                return sub(du, mul(call("floor", div(u, w)), dw))
            if n.op == "**":
                if not _depends_on(w, name):
                    exponent = num(w.exact - 1) if isinstance(w, Num) else sub(w, num(1))
                    return mul(mul(w, power(u, exponent)), du)
                return mul(n, add(mul(dw, call("log", u)), div(mul(w, du), u)))
        if isinstance(n, Call):
            args = n.args
            if n.name == "log" and len(args) == 2:
                return differentiate(div(call("log", args[0]), call("log", args[1])), name)
            if len(args) == 1:
                if _is(children[0], 0):
                    return num(0)
                return mul(_outer(n.name, args[0], args), children[0])
            a, b = args[0], args[1]
            da, db = children[0], children[1]
            if n.name == "arctan2":
                return div(sub(mul(b, da), mul(a, db)), add(power(b, num(2)), power(a, num(2))))
            if n.name == "hypot":
                return div(add(mul(a, da), mul(b, db)), n)
            if n.name == "maximum":
                return call("where", Compare(_NO_SPAN, ">", a, b), da, db)
            if n.name == "minimum":
                return call("where", Compare(_NO_SPAN, "<", a, b), da, db)
            if n.name == "logaddexp":
                return add(mul(da, call("sigmoid", sub(a, b))), mul(db, call("sigmoid", sub(b, a))))
            if n.name == "where":
                return call("where", args[0], children[1], children[2])
            if n.name == "clip":
                # clip is min(max(x, lo), hi): where lo > hi it is hi, whatever x is.
                x, lo, hi = args
                below = where(Compare(_NO_SPAN, ">", lo, hi), children[2], children[1])
                return where(
                    Compare(_NO_SPAN, "<", x, lo),
                    below,
                    where(Compare(_NO_SPAN, ">", x, hi), children[2], children[0]),
                )
        raise ValueError(f"gradcli cannot differentiate {type(n).__name__} {getattr(n, 'name', '')}")

    return fold(node, d)


_PRECEDENCE = {"+": 1, "-": 1, "*": 2, "/": 2, "%": 2, "**": 4}


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
