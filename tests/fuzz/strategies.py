"""Hypothesis strategies for hostile input: formula text and ``--at`` strings.

Formulas come five ways: grown from the grammar (every function of the registry,
with its aliases and arities, operators, ``^``, ``where`` with a comparison),
those mutated (characters inserted, deleted, swapped for others), random
characters, deep nesting, and long literals (digit runs, huge and tiny
exponents, leading zeros, underscores). ``--at`` strings are valid points,
mutated ones, and random text. `tests/fuzz/run.py` feeds the same targets
from atheris.
"""

from __future__ import annotations

from hypothesis import strategies as st

from gradcli.expr.functions import ALIASES, FUNCTIONS

VARIABLES = ("x", "y")
NAMES = sorted(FUNCTIONS) + sorted(ALIASES)
OPERATORS = ("+", "-", "*", "/", "%", "**", "^")
COMPARISONS = ("<", "<=", ">", ">=", "==", "!=")
# What mutations insert: the formula language's own characters, and some it refuses.
PIECES = list("0123456789.eE+-*/%^()<>=!,_ x y") + ["**", "1e308", "sin(", "where(", "#", "'", "[", "@", ";", "j"]


def _arity(name):
    spec = FUNCTIONS[ALIASES.get(name, name)]
    return spec.arities


@st.composite
def grammar(draw, depth=4):
    """A formula the grammar allows (the parser may still refuse a constant it finds too big)."""
    if depth == 0 or draw(st.integers(0, 5)) == 0:
        return draw(st.one_of(st.sampled_from(VARIABLES), numbers(), st.sampled_from(("pi", "e"))))
    kind = draw(st.sampled_from(("call", "call", "operator", "operator", "unary", "where")))
    inner = grammar(depth - 1)
    if kind == "call":
        name = draw(st.sampled_from(NAMES))
        if name == "where":
            kind = "where"
        else:
            args = [draw(inner) for _ in range(draw(st.sampled_from(_arity(name))))]
            return f"{name}({', '.join(args)})"
    if kind == "operator":
        return f"({draw(inner)}){draw(st.sampled_from(OPERATORS))}({draw(inner)})"
    if kind == "unary":
        return f"-({draw(inner)})"
    op = draw(st.sampled_from(COMPARISONS))
    return f"where({draw(inner)} {op} {draw(inner)}, {draw(inner)}, {draw(inner)})"


def numbers():
    """Ordinary literals, and the extreme ones: beyond float64, subnormal, huge exponents, long digit runs."""
    plain = st.floats(allow_nan=False, allow_infinity=False).map(repr).map(lambda t: t.lstrip("-"))
    exponent = st.integers(-10**12, 10**12)
    return st.one_of(
        st.integers(0, 10**6).map(str),
        plain,
        st.builds(lambda d, e: f"{d}e{e}", st.integers(1, 99), exponent),
        st.builds(lambda n, d: "0." + "0" * n + d, st.integers(0, 5_000), st.sampled_from("19")),
        st.builds(lambda n, tail: "9" * n + tail, st.integers(1, 5_000), st.sampled_from(("", ".", ".5", "e-9", "e400"))),
        st.sampled_from(("1_000", "0x1f", "0o17", "0b101", "1e-310", "2.4e-324", "1.7976931348623157e308", "0e999")),
    )


@st.composite
def mutated(draw):
    """A grammar formula with a few characters inserted, deleted or replaced."""
    text = draw(grammar(3))
    for _ in range(draw(st.integers(1, 4))):
        i = draw(st.integers(0, len(text)))
        action = draw(st.sampled_from(("insert", "delete", "replace")))
        piece = draw(st.sampled_from(PIECES))
        if action == "insert":
            text = text[:i] + piece + text[i:]
        elif action == "delete":
            text = text[:i] + text[i + 1 :]
        else:
            text = text[:i] + piece + text[i + len(piece) :]
    return text


@st.composite
def nested(draw):
    """Deep nesting of one kind: parentheses, calls, unary minus, powers, sums; some a little too deep."""
    n = draw(st.one_of(st.integers(1, 250), st.sampled_from((1_000, 7_000))))  # a few past Python's own limits
    kind = draw(st.sampled_from(("paren", "call", "minus", "power", "sum", "where")))
    if kind == "paren":
        return "(" * n + "x" + ")" * n
    if kind == "call":
        name = draw(st.sampled_from(("sin", "exp", "log", "abs", "sqrt")))
        return f"{name}(" * n + "x" + ")" * n
    if kind == "minus":
        return "x + " + "-" * n + "x"
    if kind == "power":
        return "x" + "**x" * n
    if kind == "sum":
        return "+".join(["x"] * n)
    return "where(x < 0, " * min(n, 300) + "x" + ", 1)" * min(n, 300)


@st.composite
def long_literals(draw):
    """A literal of a formula's worst kind, alone or in a formula, sometimes with a syntax error after it."""
    literal = draw(numbers())
    form = draw(st.sampled_from(("{}", "x*{}", "{}/2", "x + {}.+", "{}x", "{}(x)", "{} is n", "x**{}")))
    return form.format(literal)


def formulas():
    """Every kind of formula text, well-formed or not."""
    return st.one_of(grammar(), mutated(), st.text(max_size=60), nested(), long_literals())


@st.composite
def points(draw):
    """``--at`` strings for a target of x and y: valid points, arrays that may not broadcast, mutations, noise."""
    def value():
        scalar = st.one_of(numbers(), st.floats().map(repr))
        array = st.lists(numbers(), min_size=0, max_size=4).map(lambda xs: "[" + ",".join(xs) + "]")
        return draw(st.one_of(scalar, array, st.sampled_from(("@missing.npy", "nan", "-inf", "[[1,2],[3]]", "[]"))))

    text = f"x={value()},y={value()}"
    if draw(st.booleans()):
        i = draw(st.integers(0, len(text)))
        text = text[:i] + draw(st.sampled_from(PIECES)) + text[i + 1 :]
    return draw(st.one_of(st.just(text), st.text(max_size=30)))
