"""Hypothesis strategies for hostile input: formula text, ``--at`` and ``--range`` strings, audit specs.

Formulas come five ways: grown from the grammar (every function of the registry,
with its aliases and arities, operators, ``^``, ``where`` with a comparison),
those mutated (characters inserted, deleted, swapped for others), random
characters, deep nesting, and long literals (digit runs, huge and tiny
exponents, leading zeros, underscores). ``--at`` strings are valid points,
mutated ones, and random text; ``--range`` strings likewise, with reversed,
non-finite and huge ends and counts. Specs are valid TOML with typed values,
specs with one mistake (a wrong type, an unknown key, a name used twice, a
misplaced table), byte-level mutations of valid specs, deep nesting, and
random text. `tests/fuzz/run.py` feeds the same targets from atheris.
"""

from __future__ import annotations

import functools
import json

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


# Strategies are built once (functools.cache): hypothesis validates each new strategy object
# the first time it draws from it, and that, not the drawing, took most of the time.
@functools.cache
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


@functools.cache
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
    return _mutate(draw, draw(grammar(3)), PIECES)


def _mutate(draw, text, pieces, most=4):
    """``text`` with one to ``most`` pieces inserted, characters deleted, or characters replaced by pieces."""
    for _ in range(draw(st.integers(1, most))):
        i = draw(st.integers(0, len(text)))
        action = draw(st.sampled_from(("insert", "delete", "replace")))
        piece = draw(st.sampled_from(pieces))
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
    text = f"x={draw(_values())},y={draw(_values())}"
    if draw(st.booleans()):
        i = draw(st.integers(0, len(text)))
        text = text[:i] + draw(st.sampled_from(PIECES)) + text[i + 1 :]
    return draw(st.one_of(st.just(text), st.text(max_size=30)))


@functools.cache
def _values():
    """One variable's value in a point: a number, an array, or an odd one."""
    scalar = st.one_of(numbers(), st.floats().map(repr))
    array = st.lists(numbers(), min_size=0, max_size=4).map(lambda xs: "[" + ",".join(xs) + "]")
    return st.one_of(scalar, array, st.sampled_from(("@missing.npy", "nan", "-inf", "[[1,2],[3]]", "[]")))


# Ends and counts of a range that a parser of numbers may stumble on, besides numbers().
ODD_ENDS = ("inf", "-inf", "nan", "1e309", "-0", "0x10", "1_0", "", " ", "--1", "1e-320", "pi", "[1]", "1e")
ODD_COUNTS = ("0", "1", "-5", "3.5", "+7", "10000001", "9" * 30, "9" * 5_000, "", " 4 ", "\u0663", "1e3", "0x10")
# Built once, as above.
_ODD_NAMES = st.sampled_from(("z", "pi", "", "x y", "é", " x"))
# Finite ends at the edges of the dtypes: the largest floats, float16's and float32's limits, subnormals.
EDGES = (1.7976931348623157e308, 1e308, 3.5e38, 3.4e38, 65504.0, 7e4, 1e5, 1.0, 1e-300, 5e-324, 0.0)
_EDGE = st.one_of(st.sampled_from(EDGES + tuple(-e for e in EDGES)), st.floats(allow_nan=False, allow_infinity=False))
_ENDS = st.one_of(*(st.lists(end, min_size=2, max_size=2, unique=True) for end in (st.floats(-100, 100), _EDGE)))
_COUNTS = st.one_of(st.none(), st.integers(2, 12))
_ODD_ENDS = st.one_of(st.floats().map(repr), numbers(), st.sampled_from(ODD_ENDS))
_ODD_COUNTS = st.one_of(st.none(), st.integers(-3, 12).map(str), st.sampled_from(ODD_COUNTS))


@st.composite
def ranges(draw, names=VARIABLES):
    """``VAR=LO:HI[:N]``: half small valid ranges (N at most 12), half reversed, non-finite, huge or garbled."""
    name = draw(st.sampled_from(names) if draw(st.integers(0, 5)) else _ODD_NAMES)
    if draw(st.booleans()):  # a sweep that runs, and quickly
        lo, hi = sorted(draw(_ENDS))
        count = draw(_COUNTS)
        return f"{name}={lo!r}:{hi!r}" + ("" if count is None else f":{count}")
    count = draw(_ODD_COUNTS)
    text = f"{name}={draw(_ODD_ENDS)}:{draw(_ODD_ENDS)}" + ("" if count is None else f":{count}")
    if draw(st.integers(0, 3)) == 0:
        text = _mutate(draw, text, list(":=,-.0e ") + ["::", "x=", "1e308"], most=2)
    return text


_RANGES, _RANGES_OF_X = ranges(), ranges(("x",))
_SWEPT = st.one_of(grammar(2), st.sampled_from(("x*y + log(x)", "log(1+exp(x))", "sqrt(x)-sqrt(y)")), formulas())
_HELD = st.one_of(st.sampled_from(("y=2", "x=1", "y=nan", "y=[1,2]", "z=1", "")), _EDGE.map("y={!r}".format), points())


@st.composite
def sweeps(draw):
    """A sweep's input as lines: the target, then options (``range R``, ``at P``, ``scale S``, ``dtype D``)."""
    lines = [draw(_SWEPT).replace("\n", " ")]
    for _ in range(draw(st.integers(0, 2))):
        lines.append("range " + draw(_RANGES))
    if draw(st.booleans()):
        lines.append("at " + draw(_HELD).replace("\n", " "))
    if draw(st.booleans()):
        lines.append("scale " + draw(st.sampled_from(("linear", "log", "symlog", "float", "cubic"))))
    if draw(st.booleans()):
        lines.append("dtype " + draw(st.sampled_from(("float32", "float64", "float16", "bfloat16", "int8", "f8"))))
    return "\n".join(lines)


def _toml(value) -> str:
    """``value`` (a str, bool, int, float or list of them) as a TOML value."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)  # JSON's string escapes are TOML's (json never writes \/)
    if isinstance(value, list):
        return "[" + ", ".join(_toml(v) for v in value) + "]"
    return repr(value)  # inf and nan are TOML's spellings too


VERDICTS = ("ok", "unstable", "wrong", "domain", "error", "fine", "")
OPTIONS = ("dtypes", "wrt", "order", "rtol", "atol", "full", "seed", "fail_on", "fixes", "treat_as_variables", "max_time")
# Values of each key with the right TOML type, whether their meaning is valid or not.
# Values of each key with the right TOML type: three times in four a valid one, else one whose meaning is wrong.
_VALID_AND_ODD = {
    "dtypes": (st.lists(st.sampled_from(("float32", "float64", "f8")), min_size=1, max_size=2, unique=True),
               st.sampled_from((["float16"], ["int8"], ["nope"], [], "float64"))),
    "wrt": (st.just("x"), st.sampled_from([["x", "y"], "y", "q"])),
    "order": (st.sampled_from((1, 2)), st.sampled_from((3, 0, -1))),
    "rtol": (st.floats(1e-12, 1e-2), st.sampled_from((0.0, -1.0, 1e400))),
    "atol": (st.one_of(st.floats(1e-12, 1e-2), st.just(0.0)), st.sampled_from((-1.0, 1e400))),
    "full": (st.booleans(), st.booleans()),
    "seed": (st.integers(0, 2**32), st.sampled_from((-1, 2**63 - 1, 2**64))),
    "fail_on": (st.lists(st.sampled_from(VERDICTS[1:5]), min_size=1, max_size=3, unique=True), st.sampled_from(([], ["ok"], ["fine"]))),
    "fixes": (st.booleans(), st.booleans()),
    "treat_as_variables": (st.sampled_from([[], ["e"], "pi"]), st.just(["x", "x"])),
    "max_time": (st.floats(0.5, 5), st.sampled_from((0.0, -1.0))),
    "timeout": (st.floats(1, 5), st.sampled_from((0, -1, 1e400))),
    "expect": (st.sampled_from(VERDICTS[:5]), st.sampled_from(VERDICTS[5:])),
}
TYPED = {key: st.one_of(valid, valid, valid, odd) for key, (valid, odd) in _VALID_AND_ODD.items()}
# Values of the wrong kind for any key: other types, huge numbers, unicode, non-finite floats.
WRONG = st.one_of(
    st.sampled_from((True, "small", 10**30, -(10**30), 1e400, float("nan"), [], [1, "x"], "\u202e\u0000", "变量", 0)),
    st.integers(), st.floats(), st.text(max_size=8),
)

_NAMES = st.one_of(st.sampled_from(("dup", "变 ∂x", "")), st.text(max_size=10))  # duplicates and blanks too
_TARGETS = st.one_of(grammar(2), st.sampled_from(("log(1+exp(x))", "x*y", "sin(x)", "log(x", "x*1e999")))
_GOOD_AT = st.sampled_from(("x=1", "x=100", "x=-1", "x=0.5"))
_AT = st.lists(st.one_of(_GOOD_AT, _GOOD_AT, points()), min_size=1, max_size=2)
_CASE_KEYS = st.lists(st.sampled_from(OPTIONS + ("timeout", "expect")), max_size=3, unique=True)
_DEFAULT_KEYS = st.lists(st.sampled_from(OPTIONS), max_size=3, unique=True)

# TOML values that _toml cannot write: dates and times, empty and nested tables, mixed arrays.
RAW = ("1979-05-27", "07:32:00", "1979-05-27T07:32:00Z", "1979-05-27T07:32:00", "{}", "{a = {b = 1}}", "[[], {}]", "0x7f", "+inf")

@st.composite
def _case(draw, index):
    """One ``[[case]]`` as a dict: a name, a formula target, points or a range, and some options."""
    name = draw(st.one_of(st.just(f"case {index}"), st.just(f"case {index}"), _NAMES))
    case = {"name": name, "target": draw(_TARGETS)}
    if draw(st.booleans()):
        case["at"] = draw(_AT)
    else:
        case["range"] = draw(_RANGES_OF_X)
    for key in draw(_CASE_KEYS):
        case[key] = draw(TYPED[key])
    return case


@st.composite
def valid_specs(draw, tool=False):
    """A spec whose keys are all known and whose values have their TOML types: [defaults] and one to three cases."""
    prefix = "tool.gradcli." if tool else ""
    lines = ["[tool.gradcli]"] if tool and draw(st.booleans()) else []
    if draw(st.booleans()):
        lines += [f"[{prefix}defaults]", f"timeout = {draw(st.floats(1, 5))!r}"]
        lines += [f"{key} = {_toml(draw(TYPED[key]))}" for key in draw(_DEFAULT_KEYS)]
    for index in range(draw(st.integers(1, 3))):
        lines += ["", f"[[{prefix}case]]"]
        lines += [f"{key} = {_toml(value)}" for key, value in draw(_case(index)).items()]
    return "\n".join(lines) + "\n"


@st.composite
def broken_specs(draw):
    """A valid spec with one mistake: a wrong type, an unknown key, a key twice, a misplaced or extra table."""
    lines = draw(valid_specs()).splitlines()
    at = draw(st.sampled_from([i for i, line in enumerate(lines) if line.startswith("[")])) + 1
    key = draw(st.sampled_from(OPTIONS + ("timeout", "name", "target", "at", "range", "expect", "colour", "case", "défaut", "a.b", '"quoted"')))
    mistake = draw(st.sampled_from(("wrong", "wrong", "raw", "inline", "table", "array", "top", "twice")))
    if mistake == "wrong":
        lines.insert(at, f"{key} = {_toml(draw(WRONG))}")
    elif mistake == "raw":
        lines.insert(at, f"{key} = {draw(st.sampled_from(RAW))}")
    elif mistake == "inline":
        lines.insert(at, f"{key} = {{ a = 1, b = [1, 2] }}")
    elif mistake == "table":
        lines += [f"[{draw(st.sampled_from(('defaults', 'case', 'defaults.x', 'tool', 'x')))}]", f"{key} = 1"]
    elif mistake == "array":
        lines += [f"[[{draw(st.sampled_from(('defaults', 'case.x', 'extra')))}]]", f"{key} = 1"]
    elif mistake == "top":
        lines.insert(0, f"{key} = {_toml(draw(WRONG))}")
    else:
        lines.insert(at, lines[at] if at < len(lines) else "name = 'x'")
    return "\n".join(lines) + "\n"


@st.composite
def deep_specs(draw):
    """Deep nesting in TOML: arrays in arrays, inline tables in inline tables, long dotted headers and keys."""
    n = draw(st.one_of(st.integers(1, 200), st.sampled_from((1_000, 5_000))))
    kind = draw(st.sampled_from(("array", "inline", "header", "dotted")))
    if kind == "header":
        return "[" + ".".join(["case"] * n) + "]\nname = 'x'\n"
    if kind == "dotted":
        return "[[case]]\n" + ".".join(["at"] * n) + " = 1\n"
    value = "[" * n + "1" + "]" * n if kind == "array" else "{a = " * n + "1" + "}" * n
    return f"[[case]]\nname = 'deep'\ntarget = 'x'\nat = {value}\n"


@st.composite
def mutated_specs(draw):
    """A valid spec with bytes inserted, deleted or replaced: TOML's punctuation, quotes, newlines, unicode."""
    pieces = list("[]{}=\"'#.,\n\\ 0") + ['"""', "'''", "[[case]]\n", "é", "\U0001f600", "\x00", "\r", "1e999", "inf"]
    pieces += ["# \u2028\n", "# \x85\n", "\r\n"]  # line ends to str.splitlines, not to TOML
    return _mutate(draw, draw(valid_specs()), pieces, most=6)


def specs():
    """Every kind of audit spec text (a gradcli.toml; a pyproject.toml when it has ``[tool.gradcli``)."""
    return st.one_of(
        valid_specs(), valid_specs(tool=True), broken_specs(), broken_specs(), mutated_specs(), deep_specs(), st.text(max_size=200)
    )
