"""Property: random formulas, their float64 gradient against sympy's derivative.

Hypothesis writes random formula TEXT over one to three variables from the
whole function catalogue (operators, ``^``, aliases, ``where`` with a
comparison, ``clip``, ``%``, ``floor``, ``sign``...); the parser reads it and
its spans are checked. At a random point the core's float64 value and
gradient (`to_function` + `value_and_grad`, every argnum, Python floats or
NumPy float64) must agree with sympy's derivative of `to_sympy(formula)`,
evaluated by ``evalf`` at 50 digits on the exact binary value of the point, to
a relative error of 1e-10. Two more properties use the same formulas and
points: the IR-level derivative (what ``gradcli grad`` prints, and that text
parsed back) equals sympy's to 25 digits, and the mpmath path
(``numbers="mp"``) gives value and gradient to 30 digits.

Only well-conditioned points are judged. The test carries its own small
mpmath interpreter of the IR (independent of gradcli's mp path) and measures
with it how float64 rounding could move each result: every IR node's output
is perturbed by a relative 1e-12 in turn (forward rounding), every occurrence
of a variable is moved on its own (the backward pass adds one term per
occurrence: ``x/x`` has gradient 0 from terms of size 1/x), and derivatives
are central differences at 40+ digits. A point is kept when every
intermediate is real, finite and of moderate size; every branch decision
(comparison, abs, max, clip, floor, %, domain edge) is farther from its
switch than 1e-8 times its rounding sensitivity and flips under no
perturbation; and the summed sensitivity of the value and of each partial
derivative is at most 1e4 times its size, so rounding costs at most ~1e-12.
A partial derivative that is exactly zero (sympy says so, or its 50 digits
all cancel) is compared with an absolute floor: 1e-13 times its sensitivity.
Every high-precision result (sympy's, and the IR derivative's) is evaluated
at doubling precision until two agree, since cancellation (1 - tanh(u)**2,
s*(1 - s)) can defeat any fixed number of digits. Each example offers three
candidate points (coordinates in [-3, 3], (0, 3] or the tails [-40, 40]) and
the first good one is used. Each property prints how many examples reached
its assertions, and fails if fewer than 45% did (about 58% do: 116 of 200).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

import mpmath
import numpy as np
import pytest
import sympy as sp
from hypothesis import HealthCheck, given, reject, settings
from hypothesis import strategies as st

import gradcli
from gradcli.autodiff import mp as autodiff_mp
from gradcli.errors import InputError
from gradcli.expr.compile import to_function
from gradcli.expr.derivative import differentiate, to_text
from gradcli.expr.functions import FUNCTIONS
from gradcli.expr.ir import Binary, Call, Compare, Const, Num, Unary, Var, postorder
from gradcli.expr.parse import parse
from gradcli.expr.to_sympy import symbols_of, to_sympy

# -- formulas as text ----------------------------------------------------------------

VARIABLES = ("x", "y", "z")

# Every spelling the parser accepts, so aliases are exercised too.
UNARY_FUNCTIONS = (
    ("sqrt",), ("cbrt",), ("exp",), ("exp2",), ("expm1",), ("log", "ln"), ("log2",), ("log10",),
    ("log1p",), ("sin",), ("cos",), ("tan",), ("arcsin", "asin"), ("arccos", "acos"),
    ("arctan", "atan"), ("sinh",), ("cosh",), ("tanh",), ("arcsinh", "asinh"),
    ("arccosh", "acosh"), ("arctanh", "atanh"), ("abs", "absolute", "fabs"),
    ("sigmoid", "expit"), ("softplus",), ("erf",), ("erfc",), ("sign",), ("floor",), ("ceil",),
)
BINARY_FUNCTIONS = (
    ("arctan2", "atan2"), ("hypot",), ("maximum", "max"), ("minimum", "min"), ("logaddexp",),
    ("log", "ln"),
)
OPERATORS = ("+", "-", "*", "/", "%")
COMPARISONS = ("<", "<=", ">", ">=", "==", "!=")
CONSTANTS = ("1", "2", "3", "0.5", "1.5", "0.1", "0.3", "2.5e-1", "1e1", "0x2", "pi", "e")
EXPONENTS = ("2", "3", "-1", "-2", "0.5", "1.5", "(1/3)")
KINDS = ("call",) * 6 + ("operator",) * 4 + ("power",) * 2 + ("unary",) + ("call2",) * 2 + (
    "where",
    "clip",
)


@st.composite
def expressions(draw, variables, depth):
    """``(text, atomic)``: formula text, and whether it can be an operand without parentheses."""
    if depth == 0 or draw(st.integers(0, 9)) == 0:
        if draw(st.integers(0, 5)) == 0:  # few constants: sympy evaluates constant parts slowly
            return draw(st.sampled_from(CONSTANTS)), True
        # A spread-out integer picks the variable: sampled_from would favour the first.
        return draw(st.integers(0, 2**20).map(lambda i: variables[(i * 40503 >> 3) % len(variables)])), True
    kind = draw(st.sampled_from(KINDS))
    sub = expressions(variables, depth - 1)

    def atom(part):
        text, atomic = part
        return text if atomic else f"({text})"

    if kind == "call":
        name = draw(st.sampled_from(draw(st.sampled_from(UNARY_FUNCTIONS))))
        return f"{name}({draw(sub)[0]})", True
    if kind == "call2":
        name = draw(st.sampled_from(draw(st.sampled_from(BINARY_FUNCTIONS))))
        return f"{name}({draw(sub)[0]}, {draw(sub)[0]})", True
    if kind == "operator":
        space = draw(st.sampled_from(("", " ")))
        op = draw(st.sampled_from(OPERATORS))
        return f"{atom(draw(sub))}{space}{op}{space}{atom(draw(sub))}", False
    if kind == "power":
        caret = draw(st.sampled_from(("**", "^")))
        exponent = draw(st.one_of(st.sampled_from(EXPONENTS), sub.map(atom)))
        return f"{atom(draw(sub))}{caret}{exponent}", False
    if kind == "unary":
        return f"{draw(st.sampled_from('-+-'))}{atom(draw(sub))}", False
    if kind == "where":
        op = draw(st.sampled_from(COMPARISONS))
        return f"where({draw(sub)[0]} {op} {draw(sub)[0]}, {draw(sub)[0]}, {draw(sub)[0]})", True
    low, high = expressions(variables, min(depth - 1, 1)), expressions(variables, min(depth - 1, 1))
    return f"clip({draw(sub)[0]}, {draw(low)[0]}, {draw(high)[0]})", True


@st.composite
def formula_texts(draw):
    variables = VARIABLES[: draw(st.sampled_from((2, 3, 1, 2, 3)))]
    text, _ = draw(expressions(variables, 4))
    try:
        formula = parse(text)
    except InputError:  # a constant tower such as 1e1**1e1**3 is refused, rightly
        reject()
    if not formula.variables:
        text = f"{variables[0]} * ({text})"
    return text


COORDINATE = st.one_of(
    st.floats(-3.0, 3.0, allow_nan=False, allow_subnormal=False),
    st.floats(0.02, 3.0, allow_nan=False, allow_subnormal=False),
    st.floats(-40.0, 40.0, allow_nan=False, allow_subnormal=False),  # the tails (expm1, erfc, sigmoid)
)
# Hypothesis favours simple floats (0, 1, values from the source), which put x on a
# kink (abs(x) at 0) or on a tie (x == y) far more often than chance: a small
# different shift per variable moves them off without making the points less random.
SHIFTS = (0.0123, -0.0271, 0.0389)
POINTS = st.tuples(COORDINATE, COORDINATE, COORDINATE).map(lambda p: tuple(c + s for c, s in zip(p, SHIFTS)))
CANDIDATES = st.lists(POINTS, min_size=3, max_size=3).map(tuple)
CASES = st.tuples(formula_texts(), CANDIDATES, st.sampled_from(("float", "float64")))


# -- an mpmath interpreter of the IR, independent of gradcli's mp path -------------------


class Domain(Exception):
    """The formula is not real and finite here."""


def _call(name, args, gaps):
    """A catalogue function on mpmath numbers; appends its branch gaps ``(gap, decision)``."""
    mp = mpmath
    a = args[0]

    def edge(*values):  # the value must stay strictly positive (a domain edge or a kink)
        for value in values:
            if value <= 0:
                raise Domain(name)
            gaps.append((value, 1))

    if name == "sqrt":
        edge(a)
        return mp.sqrt(a)
    if name == "cbrt":
        gaps.append((a, mp.sign(a)))
        return mp.sign(a) * mp.cbrt(abs(a))
    if name == "exp":
        return mp.exp(a)
    if name == "exp2":
        return mp.power(2, a)
    if name == "expm1":
        return mp.expm1(a)
    if name == "log":
        if len(args) == 2:
            edge(a, args[1])
            gaps.append((args[1] - 1, mp.sign(args[1] - 1)))
            if args[1] == 1:
                raise Domain("log base 1")
            return mp.log(a) / mp.log(args[1])
        edge(a)
        return mp.log(a)
    if name in ("log2", "log10"):
        edge(a)
        return mp.log(a, 2 if name == "log2" else 10)
    if name == "log1p":
        edge(1 + a)
        return mp.log1p(a)
    if name in ("sin", "cos", "tan"):
        return getattr(mp, name)(a)
    if name in ("arcsin", "arccos", "arctanh"):
        edge(1 - a, 1 + a)
        return {"arcsin": mp.asin, "arccos": mp.acos, "arctanh": mp.atanh}[name](a)
    if name == "arctan":
        return mp.atan(a)
    if name == "arccosh":
        edge(a - 1)
        return mp.acosh(a)
    if name in ("sinh", "cosh", "tanh", "erf", "erfc"):
        return getattr(mp, name)(a)
    if name == "arcsinh":
        return mp.asinh(a)
    if name in ("abs", "sign"):
        gaps.append((a, mp.sign(a)))
        return abs(a) if name == "abs" else mp.sign(a)
    if name in ("floor", "ceil"):
        k = mp.floor(a)
        gaps.extend([(a - k, k), (k + 1 - a, k)])
        return k if name == "floor" else mp.ceil(a)
    if name == "sigmoid":
        return 1 / (1 + mp.exp(-a))
    if name == "softplus":
        return mp.log1p(mp.exp(a))
    b = args[1]
    if name == "arctan2":
        gaps.extend([(a, mp.sign(a)), (b, mp.sign(b))])
        if a == 0 and b == 0:
            raise Domain(name)
        return mp.atan2(a, b)
    if name == "hypot":
        value = mp.hypot(a, b)
        edge(value)
        return value
    if name in ("maximum", "minimum"):
        gaps.append((a - b, mp.sign(a - b)))
        return max(a, b) if name == "maximum" else min(a, b)
    if name == "logaddexp":
        return mp.log(mp.exp(a) + mp.exp(b))
    if name == "where":
        return args[1] if a else args[2]
    if name == "clip":
        low, high = b, args[2]
        for gap in (a - low, a - high, low - high):
            gaps.append((gap, mp.sign(gap)))
        return min(max(a, low), high)
    raise AssertionError(f"the test knows no function {name}")  # pragma: no cover


def _binary(op, a, b, exponent_node, gaps):
    mp = mpmath
    if op == "+":
        return a + b
    if op == "-":
        return a - b
    if op == "*":
        return a * b
    if op == "/":
        if b == 0:
            raise Domain("division by zero")
        return a / b
    if op == "%":
        if b == 0:
            raise Domain("modulo by zero")
        q = a / b
        k = mp.floor(q)
        gaps.extend([(q - k, k), (k + 1 - q, k)])
        return a - b * k
    # a ** b: a negative base only with a literal integer exponent, as in the reals.
    literal_integer = isinstance(exponent_node, Num) and exponent_node.exact.denominator == 1
    if not literal_integer:
        if a <= 0:
            raise Domain("power of a non-positive base")
        gaps.append((a, 1))
    elif a == 0 and b < 0:
        raise Domain("zero to a negative power")
    return mp.power(a, b)


def unique_postorder(root):
    seen, order = set(), []
    for node in postorder(root):
        if id(node) not in seen:
            seen.add(id(node))
            order.append(node)
    return order


def run(order, env, delta=None, gaps=None, shift=None, limit=True):
    """Evaluate the IR nodes of ``order`` at mpmath precision: ``{id(node): value}``.

    ``delta`` maps node positions to relative perturbations of their outputs
    (a model of rounding); ``shift`` is ``(position, h)``: one occurrence of a
    variable moved by h; branch gaps are appended to ``gaps``. With ``limit``
    a huge intermediate is refused before it gets expensive (exp(exp(exp(3)))).
    """
    gaps = [] if gaps is None else gaps
    values = {}
    for i, node in enumerate(order):
        args = [values[id(c)] for c in node.children()]
        if isinstance(node, Num):
            value = mpmath.mpf(node.exact.numerator) / node.exact.denominator
        elif isinstance(node, Const):
            value = +mpmath.pi if node.name == "pi" else mpmath.e()
        elif isinstance(node, Var):
            value = env[node.name]
            if shift is not None and shift[0] == i:
                value = value + shift[1]
        elif isinstance(node, Unary):
            value = -args[0] if node.op == "-" else args[0]
        elif isinstance(node, Binary):
            value = _binary(node.op, *args, node.right, gaps)
        elif isinstance(node, Compare):
            gap = args[0] - args[1]
            gaps.append((gap, mpmath.sign(gap)))
            value = {"<": gap < 0, "<=": gap <= 0, ">": gap > 0, ">=": gap >= 0, "==": gap == 0, "!=": gap != 0}[
                node.op
            ]
        else:
            value = _call(node.name, args, gaps)
        if not isinstance(value, bool):
            if not isinstance(value, mpmath.mpf) or not mpmath.isfinite(value):
                raise Domain(f"{type(node).__name__} is not real and finite")
            if limit and abs(value) > 1e30:
                raise Domain("an intermediate is huge")
            if delta and i in delta:
                value = value * (1 + delta[i])
        values[id(node)] = value
    return values


def mp_value(root, env):
    """A derivative's value: its unselected ``where`` branches may be large, and that is fine."""
    return run(unique_postorder(root), env, limit=False)[id(root)]


# -- which points are well-conditioned ---------------------------------------------------

DIGITS = 40
ETA = mpmath.mpf(10) ** -12  # the relative perturbation of one node, for sensitivities
STEP = mpmath.mpf(10) ** -15  # central differences at 40 digits: error ~1e-25
BRANCH_MARGIN = 1e-8  # a branch gap must exceed 1e-8 x its rounding sensitivity
MAX_CONDITION = 1e4  # float64 rounding then costs at most ~1e-12 relative
LARGEST, SMALLEST = 1e6, 1e-100  # moderate intermediates: no overflow, underflow or big |ans|
TOLERANCE = 1e-10
ZERO = 1e-40  # below this fraction of its sensitivity, a 50-digit reference is a cancelled 0


@dataclass
class Analysis:
    """One formula at its first well-conditioned candidate point, with sympy's reference."""

    text: str
    formula: object = None
    point: dict = field(default_factory=dict)
    reason: str = ""  # why no candidate point was kept
    value_scale: object = None
    grad_scales: list = field(default_factory=list)
    value: object = None  # sympy's, as an mpf
    gradient: list = field(default_factory=list)
    zero: list = field(default_factory=list)  # partial derivatives that are exactly zero
    value_zero: bool = False

    @property
    def ok(self):
        return not self.reason


def digits_for(point, names):
    """40 digits, plus as many as the smallest coordinate is below 1: the steps are relative."""
    smallest = min((abs(point[n]) for n in names if point[n] != 0), default=1.0)
    return DIGITS + max(0, -int(np.floor(np.log10(smallest))))


def _step(x):
    return STEP * (abs(x) if x != 0 else 1)


def _differences(order, names, point, delta):
    """Value and central-difference gradient of the (perturbed) program at ``point``.

    The step is relative to the coordinate, so it never crosses a kink that
    the rounding model keeps away from the point (see `digits_for`).
    """
    root = id(order[-1])
    env = {n: mpmath.mpf(point[n]) for n in names}
    gaps = []
    value = run(order, env, delta, gaps)[root]
    decisions = [d for _, d in gaps]
    grads = []
    for n in names:
        h = _step(env[n])
        ends = []
        for end in (env[n] + h, env[n] - h):
            moved = []
            ends.append(run(order, {**env, n: end}, delta, moved)[root])
            if [d for _, d in moved] != decisions:  # at x = 0 the step is absolute
                raise Domain("a kink within the difference step")
        grads.append((ends[0] - ends[1]) / (2 * h))
    return value, grads


def occurrence_scales(order, names, point):
    """Per variable, the sum over its occurrences of |the partial derivative through it|.

    In a tree the backward pass adds the gradients of a variable only where it
    occurs, each computed to a few ulps: this sum, not the gradient itself, sets
    the size of the rounding error (``x/x`` has gradient 0 but sum 2/|x|).
    """
    root = id(order[-1])
    env = {n: mpmath.mpf(point[n]) for n in names}
    scales = dict.fromkeys(names, mpmath.mpf(0))
    for i, node in enumerate(order):
        if isinstance(node, Var):
            h = _step(env[node.name])
            up = run(order, env, shift=(i, h))[root]
            down = run(order, env, shift=(i, -h))[root]
            scales[node.name] += abs(up - down) / (2 * h)
    return [scales[n] for n in names]


def condition(formula, point):
    """Why ``point`` is not well-conditioned for ``formula`` (""), and the sensitivities."""
    order = unique_postorder(formula.root)
    names = formula.variables
    env = {n: mpmath.mpf(point[n]) for n in names}
    gaps = []
    try:
        values = run(order, env, None, gaps)
    except Domain as error:
        return f"domain: {error}", None, None
    for v in values.values():
        if not isinstance(v, bool) and (abs(v) > LARGEST or 0 < abs(v) < SMALLEST):
            return "an intermediate is too large or too small", None, None
    if any(g == 0 for g, _ in gaps):
        return "on a kink or domain edge", None, None
    numeric = [i for i, node in enumerate(order) if not isinstance(node, Compare)]
    try:
        value, grads = _differences(order, names, point, None)
        if any(abs(g) > LARGEST for g in grads):
            return "a partial derivative is too large", None, None
        gap_noise = [mpmath.mpf(0)] * len(gaps)
        value_scale = mpmath.mpf(0)
        grad_scales = [mpmath.mpf(0)] * len(names)
        for i in numeric:
            delta = {i: ETA}
            moved = []
            run(order, env, delta, moved)
            if [d for _, d in moved] != [d for _, d in gaps]:
                return "a branch flips under rounding", None, None
            gap_noise = [s + abs(m - g) / ETA for s, (m, _), (g, _) in zip(gap_noise, moved, gaps)]
            v, gs = _differences(order, names, point, delta)
            value_scale += abs(v - value) / ETA
            grad_scales = [s + abs(a - b) / ETA for s, a, b in zip(grad_scales, gs, grads)]
        grad_scales = [s + t for s, t in zip(grad_scales, occurrence_scales(order, names, point))]
    except Domain:
        return "a perturbation or a difference step leaves the domain or crosses a kink", None, None
    if any(abs(g) <= BRANCH_MARGIN * s for (g, _), s in zip(gaps, gap_noise)):
        return "too close to a kink or domain edge", None, None
    if abs(value) > 1e-20 * value_scale and value_scale > MAX_CONDITION * abs(value):
        return "the value is ill-conditioned", None, None
    for g, s in zip(grads, grad_scales):
        # A (near-)zero partial is judged once sympy's 50 digits are known: `_judge_reference`.
        if abs(g) > 1e-20 * s and s > MAX_CONDITION * abs(g):
            return "a partial derivative is ill-conditioned", None, None
    return "", value_scale, grad_scales


def _to_mp(number):
    if number.is_zero:
        return mpmath.mpf(0)
    re, im = number.as_real_imag()
    if im.is_Float and abs(im) <= 1e-40 * abs(re):
        number = re  # evalf's dust: atan2 and log can leave an imaginary part of 1e-187
    if not (number.is_Float or number.is_Rational) or not number.is_finite:
        raise AssertionError(f"sympy's evalf gave {number!r}, not a real number")
    return mpmath.mpf(sp.Float(number, 60)._mpf_)


def _odd_root(e):
    return e.is_Pow and e.exp.is_Rational and not e.exp.is_integer and e.exp.q % 2 == 1


def _real_odd_root(e, exact):
    # The catalogue's cbrt becomes sympy's cbrt, the principal root: complex for a
    # negative argument, where NumPy's cbrt(-8) is -2 (a bug in functions.py, which
    # this test does not own), and sympy folds cbrt(cbrt(-1)) into (-1)**(1/9). A
    # written u**(1/3) is the same sympy object, but the points kept here have u > 0
    # there (a negative base needs a literal integer exponent), where both agree.
    # Near the point the sign of the base is fixed.
    if e.base.xreplace(exact).evalf(30) < 0:
        return (-1) ** e.exp.p * (-e.base) ** e.exp
    return e


def _frozen(e, exact):
    """A piecewise-constant function (floor, ceiling, sign) as its integer value at the point."""
    return type(e)(e.args[0].xreplace(exact).evalf(60))


def _step_functions_at(derivative, exact):
    """Heaviside and DiracDelta (from Max, Min, Abs) at the point: evalf leaves
    ``Heaviside(-2**(c*log10(pi)))`` alone, and the point is away from their jumps."""
    return derivative.replace(
        lambda e: isinstance(e, (sp.Heaviside, sp.DiracDelta)),
        lambda e: sp.Integer(0)
        if isinstance(e, sp.DiracDelta)
        else sp.Integer(1 if e.args[0].xreplace(exact).evalf(60) > 0 else 0),
    )


class Unsettled(Exception):
    """A high-precision evaluation that does not settle as its precision doubles."""


def settled(evaluate, scale, start, agree):
    """``evaluate(digits)`` at doubling precision until two successive results agree.

    Agreeing means to a relative ``agree``, or both below ``ZERO * scale``
    (a cancelled zero, which never agrees in its digits: it is returned as 0).
    Cancellation (sympy's 1 - tanh(u)**2 at u = 1000, or ``s*(1 - s)`` for a
    sigmoid far out) can need more digits than any fixed precision.
    """
    previous = None
    digits = start
    while digits <= 16 * start:
        current = evaluate(digits)
        if previous is not None:
            if abs(current) <= ZERO * scale and abs(previous) <= ZERO * scale:
                # A zero that is all cancellation (1 - tanh(1000)**2 is 0 to 800
                # digits) shows at ten times the digits; a true zero stays 0.
                return evaluate(10 * digits) if current == 0 and previous == 0 else mpmath.mpf(0)
            if abs(current - previous) <= agree * max(abs(current), abs(previous)):
                return current
        previous = current
        digits *= 2
    raise Unsettled(f"no agreement up to {digits // 2} digits: {mpmath.nstr(previous, 10)}")


def sympy_reference(formula, point, scales):
    """sympy's value and partial derivatives of `to_sympy(formula)`, by evalf at 50 digits.

    The point enters exactly: a binary64 float is exact as a Float of 100 or
    more digits. Each result is evaluated with the point as Floats of 100, 200,
    ... digits until two agree to 45 digits (see `settled`). sympy leaves the
    derivatives of ``floor``, ``ceiling`` and ``Mod`` unevaluated; between
    their jumps (the points kept here) they are constants, so ``Mod(a, b)``
    becomes ``a - b*k`` and every ``floor``/``ceiling``/``sign`` is frozen at
    its value at the point before differentiating (sympy would fold a written
    ``a - b*floor(a/b)`` back into ``Mod``). Exact rationals would need no
    doubling, but evalf can take 30 s on one of them.
    """
    symbols = symbols_of(formula)
    exact = {symbols[n]: sp.Float(point[n], 100) for n in formula.variables}
    expr = to_sympy(formula, symbols).replace(_odd_root, lambda e: _real_odd_root(e, exact))
    for _ in range(10):  # rebuilding a Mod can make a new one: Mod(x*x - k*x, x) is x*Mod(x, 1)
        if not expr.has(sp.Mod):
            break
        expr = expr.replace(sp.Mod, lambda a, b: a - b * _frozen(sp.floor(a / b), exact))
    expr = expr.replace(lambda e: isinstance(e, (sp.floor, sp.ceiling, sp.sign)), lambda e: _frozen(e, exact))
    derivatives = [_step_functions_at(sp.diff(expr, symbols[n]), exact) for n in formula.variables]

    def at(e):
        def evaluate(digits):
            floats = {symbols[n]: sp.Float(point[n], digits) for n in formula.variables}
            return _to_mp(e.xreplace(floats).evalf(50))

        return evaluate

    value, *gradient = [settled(at(e), scale, 100, 1e-45) for e, scale in zip([expr, *derivatives], scales)]
    return value, gradient, [d.is_zero is True for d in derivatives]


def check_spans(formula):
    """Spans are consistent: inside the text, children inside parents, leaves spell themselves."""
    text = formula.text
    assert formula.root.span == (0, len(text))
    for node in postorder(formula.root):
        start, end = node.span
        assert 0 <= start < end <= len(text), (text, node)
        for child in node.children():
            assert start <= child.span[0] and child.span[1] <= end, (text, node, child)
        written = text[start:end]
        if isinstance(node, Var):
            assert written == node.name
        elif isinstance(node, Num):
            assert written.replace("_", "") == node.text
        elif isinstance(node, Call):
            callee = written.split("(")[0].strip()
            assert FUNCTIONS[node.name] is FUNCTIONS.get(callee) or callee in FUNCTIONS[node.name].aliases
            assert written.endswith(")")


_ANALYSES = {}


def analyse(case):
    """The first well-conditioned candidate point of a case and sympy's reference there (cached)."""
    if case in _ANALYSES:
        return _ANALYSES[case]
    text, candidates, _ = case
    formula = parse(text)
    check_spans(formula)
    result = Analysis(text, formula, reason="no candidate")
    for candidate in candidates:
        point = dict(zip(VARIABLES, candidate))
        with mpmath.workdps(digits_for(point, formula.variables)):
            reason, value_scale, grad_scales = condition(formula, point)
        if not reason:
            try:
                with mpmath.workdps(60):
                    value, gradient, zero = sympy_reference(formula, point, [value_scale, *grad_scales])
            except Unsettled:
                result.reason = "sympy's reference does not settle"
                continue
            reason = _judge_reference(result, point, value, gradient, zero, value_scale, grad_scales)
        result.reason = reason
        if not reason:
            break
    _ANALYSES[case] = result
    return result


def _judge_reference(result, point, value, gradient, zero, value_scale, grad_scales):
    """Fill ``result`` from sympy's reference, or say why the point is ill-conditioned after all.

    The test's own interpreter must agree with sympy (else its judgement of
    the point is meaningless). Only sympy's 50 digits resolve a partial
    derivative much smaller than its sensitivity: it is zero (sympy says so,
    or all 50 digits cancelled) or it must be well-conditioned.
    """
    names = result.formula.variables
    if any(SMALLEST > abs(g) > ZERO * s for g, s in zip([value, *gradient], [value_scale, *grad_scales])):
        return "the value or a partial derivative is too small"  # float64 would underflow
    with mpmath.workdps(digits_for(point, names)):
        order = unique_postorder(result.formula.root)
        mine, grads = _differences(order, names, point, None)
        assert abs(mine - value) <= 1e-20 * max(abs(value), value_scale), (result.text, point, mine, value)
        for n, g, ref, scale in zip(names, grads, gradient, grad_scales):
            # The differences' own error: 40 digits of the value over the step, and
            # the step squared (which is all there is at x = 0, where nothing scales).
            h = _step(mpmath.mpf(point[n]))
            noise = 1e-38 * max(abs(value), value_scale) / h + 1e3 * h * h
            if abs(g - ref) > 1e-18 * max(abs(ref), scale) + noise:
                # sympy's Min/Max simplification depends on its cache (what earlier tests built), and once
                # gave 0 for d/dx clip(atan(x), clip(0.5, x, 1), x) = 1 at x = 0.0123: no oracle at this point.
                return "sympy's derivative disagrees with the test's own high-precision differences"
    zero = [z or abs(g) <= ZERO * s for z, g, s in zip(zero, gradient, grad_scales)]
    for g, s, z in zip(gradient, grad_scales, zero):
        if not z and s > MAX_CONDITION * abs(g):
            return "a partial derivative is ill-conditioned (cancellation)"
    value_zero = value == 0 or abs(value) <= ZERO * value_scale
    if not value_zero and value_scale > MAX_CONDITION * abs(value):
        return "the value is ill-conditioned (cancellation)"
    result.value_zero = value_zero
    result.point = {n: point[n] for n in names}
    result.value, result.gradient, result.zero = value, gradient, zero
    result.value_scale, result.grad_scales = value_scale, grad_scales
    return ""


def _close(got, want, rtol, scale, zero=False, floor=None):
    """|got - want| <= rtol |want|; for an exact zero, |got| <= floor x scale."""
    # got may be a NumPy scalar (where(1 < x, 1, 1) is an int64, as in NumPy); mpmath takes .item().
    got = mpmath.mpf(got.item() if isinstance(got, np.generic) else got)
    want = mpmath.mpf(want)
    if zero or want == 0:
        return abs(got) <= (rtol if floor is None else floor) * scale
    return abs(got - want) <= rtol * abs(want)


def _values(point, names, flavour):
    if flavour == "float":
        return [float(point[n]) for n in names]
    return [np.float64(point[n]) for n in names]


PROPERTY_SETTINGS = settings(
    max_examples=200,
    deadline=None,
    derandomize=True,
    database=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much, HealthCheck.data_too_large],
)
MIN_FRACTION = 0.45  # of the examples, the share that must reach an assertion
STATS = {}


def _run_property(name, body):
    """Run a property over CASES; fail if too few examples reached its assertions."""
    stats = Counter()

    @PROPERTY_SETTINGS
    @given(case=CASES)
    def check(case):
        stats["examples"] += 1
        analysis = analyse(case)
        if not analysis.ok:
            stats["rejected: " + analysis.reason.split(":")[0]] += 1
            return
        body(analysis, case[2])
        stats["asserted"] += 1

    check()
    STATS[name] = dict(stats)
    print(f"\n{name}: {stats['asserted']} of {stats['examples']} examples asserted; {dict(stats)}")
    assert stats["examples"] >= 150
    assert stats["asserted"] >= MIN_FRACTION * stats["examples"], dict(stats)


# -- the properties ------------------------------------------------------------------------


def _core_matches_sympy(analysis, flavour):
    formula, names = analysis.formula, analysis.formula.variables
    f = to_function(formula)
    args = _values(analysis.point, names, flavour)
    value, gradient = gradcli.value_and_grad(f, argnums=tuple(range(len(names))))(*args)
    # (The value may be an integer: where(x > 0, 2, 3) is, as in NumPy.)
    assert np.ndim(value) == 0 and np.asarray(value).dtype in (np.float64, np.int64)
    with mpmath.workdps(30):
        assert _close(value, analysis.value, TOLERANCE, analysis.value_scale, analysis.value_zero, 1e-13), (
            analysis.text, analysis.point, float(value), analysis.value
        )
        for n, g, ref, zero, scale in zip(names, gradient, analysis.gradient, analysis.zero, analysis.grad_scales):
            assert np.asarray(g).dtype == np.float64
            assert _close(g, ref, TOLERANCE, scale, zero=zero, floor=1e-13), (
                f"d/d{n} {analysis.text} at {analysis.point}: gradcli {float(g)!r}, sympy {mpmath.nstr(ref, 20)}"
            )
    again = gradcli.grad(f, argnums=tuple(range(len(names))))(*args)
    assert [float(g) for g in again] == [float(g) for g in gradient]


def _ir_derivative_matches_sympy(analysis, flavour):
    formula, names = analysis.formula, analysis.formula.variables
    for n, ref, zero, scale in zip(names, analysis.gradient, analysis.zero, analysis.grad_scales):
        derivative = differentiate(formula.root, n)
        printed = to_text(derivative)
        reparsed = parse(printed)  # what `gradcli grad` prints must read back
        for tree, what in ((derivative, "the IR"), (reparsed.root, f"the printed {printed!r}")):

            def evaluate(digits, tree=tree):
                with mpmath.workdps(digits):
                    return mp_value(tree, {v: mpmath.mpf(analysis.point[v]) for v in names})

            try:
                # Its own cancellations (sigmoid(u)*(1 - sigmoid(u)) at u = 117) need digits.
                got = settled(evaluate, scale, 50, 1e-35)
            except (Domain, Unsettled) as error:
                raise AssertionError(
                    f"d/d{n} {analysis.text}: {what} is undefined ({error}) at {analysis.point}"
                ) from None
            with mpmath.workdps(50):
                assert _close(got, ref, 1e-25, scale, zero=zero, floor=1e-25), (
                    f"d/d{n} {analysis.text} at {analysis.point}: {what} gives {mpmath.nstr(got, 20)}, "
                    f"sympy {mpmath.nstr(ref, 20)}"
                )


def _mp_path_matches_sympy(analysis, flavour):
    autodiff_mp.enable()
    formula, names = analysis.formula, analysis.formula.variables
    f = to_function(formula, numbers="mp")
    with mpmath.workdps(50):
        args = [mpmath.mpf(analysis.point[n]) for n in names]
        value = f(*args)
        assert _close(value, analysis.value, 1e-30, analysis.value_scale, analysis.value_zero, 1e-30), (
            f"{analysis.text} at {analysis.point} on mpmath: gradcli {mpmath.nstr(value, 35)}, "
            f"sympy {mpmath.nstr(analysis.value, 35)}"
        )
        again, gradient = gradcli.value_and_grad(f, argnums=tuple(range(len(names))))(*args)
        assert again == value
        for n, g, ref, zero, scale in zip(names, gradient, analysis.gradient, analysis.zero, analysis.grad_scales):
            assert _close(g, ref, 1e-30, scale, zero=zero, floor=1e-30), (
                f"d/d{n} {analysis.text} at {analysis.point} on mpmath: gradcli {mpmath.nstr(g, 35)}, "
                f"sympy {mpmath.nstr(ref, 35)}"
            )


def test_core_float64_gradient_matches_sympy():
    _run_property("core float64", _core_matches_sympy)


def test_ir_derivative_matches_sympy():
    _run_property("IR derivative", _ir_derivative_matches_sympy)


def test_mp_path_matches_sympy():
    _run_property("mpmath path", _mp_path_matches_sympy)


# -- regressions: the bugs these properties found ----------------------------------------


@pytest.mark.parametrize(
    "fun, derivative",
    [
        (lambda gnp, x: gnp.exp2(x), lambda x: mpmath.power(2, x) * mpmath.ln2),
        (lambda gnp, x: gnp.log2(x), lambda x: 1 / (x * mpmath.ln2)),
        (lambda gnp, x: gnp.log10(x), lambda x: 1 / (x * mpmath.ln10)),
        (lambda gnp, x: gnp.erf(x), lambda x: 2 / mpmath.sqrt(mpmath.pi) * mpmath.exp(-x * x)),
        (lambda gnp, x: gnp.erfc(x), lambda x: -2 / mpmath.sqrt(mpmath.pi) * mpmath.exp(-x * x)),
        (lambda gnp, x: 2.0**x, lambda x: mpmath.power(2, x) * mpmath.ln2),
    ],
    ids=["exp2", "log2", "log10", "erf", "erfc", "float-base-power"],
)
def test_mp_rules_with_constants_keep_the_working_precision(fun, derivative):
    # The rules of exp2, log2, log10, erf, erfc and of a Python-float base's power
    # multiplied by float64 constants (ln 2, ln 10, 2/sqrt(pi)), so on mpmath numbers
    # the "exact" gradient was right to 16 digits only.
    import gradcli.numpy as gnp

    autodiff_mp.enable()
    with mpmath.workdps(50):
        x = mpmath.mpf(7) / 10
        g = gradcli.grad(lambda x: fun(gnp, x))(x)
        assert abs(g - derivative(x)) <= mpmath.mpf(10) ** -48 * abs(derivative(x))
        _, t = gradcli.jvp(lambda x: fun(gnp, x), (x,), (mpmath.mpf(1),))
        assert abs(t - derivative(x)) <= mpmath.mpf(10) ** -48 * abs(derivative(x))
    # float32 stays float32: the constants are still weak Python floats there.
    g32 = gradcli.grad(lambda x: fun(gnp, x))(np.float32(0.7))
    assert np.asarray(g32).dtype == np.float32


def test_expm1_gradient_keeps_its_digits_for_negative_arguments():
    # The rule was g * (expm1(x) + 1): for x << 0 that is -1 + tiny + 1, which keeps
    # only the rounding of -1. At x = -26.27 (as in expm1(-(y**3)) at y = 2.9729) the
    # gradient was wrong in the 5th digit; from x = -38 on it was 0.
    import gradcli.numpy as gnp

    for x in (-26.27, -40.0, -700.0, -1e-300, 0.0, 1e-8, 2.5, 700.0):
        assert gradcli.grad(gnp.expm1)(x) == pytest.approx(float(mpmath.exp(x)), rel=1e-15, abs=0)
        assert gradcli.jvp(gnp.expm1, (x,), (1.0,))[1] == pytest.approx(float(mpmath.exp(x)), rel=1e-15, abs=0)
    g32 = gradcli.grad(lambda x: gnp.sum(gnp.expm1(x)))(np.array([-30.0, 0.5], dtype=np.float32))
    assert g32.dtype == np.float32 and g32[0] > 0
    # Second order: d2/dx2 expm1(x) = exp(x) too.
    assert gradcli.grad(gradcli.grad(gnp.expm1))(-30.0) == pytest.approx(float(mpmath.exp(-30)), rel=1e-15)


def test_clip_gradient_when_the_lower_bound_exceeds_the_upper():
    # clip(x, lo, hi) is minimum(maximum(x, lo), hi), as in NumPy: with lo > hi it is hi
    # for every x. The gradient went to lo (x < lo) or to both bounds.
    import gradcli.numpy as gnp

    clip = gradcli.grad(lambda x, lo, hi: gnp.clip(x, lo, hi), argnums=(0, 1, 2))
    assert gnp.clip(0.5, 2.0, 1.0) == 1.0
    assert clip(0.5, 2.0, 1.0) == (0.0, 0.0, 1.0)  # x below both bounds
    assert clip(1.5, 2.0, 1.0) == (0.0, 0.0, 1.0)  # between hi and lo
    assert clip(3.0, 2.0, 1.0) == (0.0, 0.0, 1.0)  # above both
    assert clip(0.5, 1.0, 2.0) == (0.0, 1.0, 0.0)  # the ordinary cases are unchanged
    assert clip(1.5, 1.0, 2.0) == (1.0, 0.0, 0.0)
    assert clip(3.0, 1.0, 2.0) == (0.0, 0.0, 1.0)
    x = np.array([0.5, 1.5, 3.0])
    lo = np.array([2.0, 1.0, 2.0])
    gx, glo, ghi = gradcli.grad(lambda x, lo, hi: gnp.sum(gnp.clip(x, lo, hi)), argnums=(0, 1, 2))(x, lo, 1.25)
    np.testing.assert_array_equal(gx, [0.0, 0.0, 0.0])
    np.testing.assert_array_equal(glo, [0.0, 0.0, 0.0])
    assert ghi == 3.0
    # Bounds given as None still work.
    assert gradcli.grad(lambda x: gnp.clip(x, None, 1.0))(0.5) == 1.0
    assert gradcli.grad(lambda x: gnp.clip(x, 1.0, None))(0.5) == 0.0


def test_ir_derivative_of_clip_when_the_lower_bound_exceeds_the_upper():
    formula = parse("clip(x, y, z)")
    derivatives = [differentiate(formula.root, n) for n in "xyz"]
    for point, expected in [
        ({"x": 0.5, "y": 2.0, "z": 1.0}, (0, 0, 1)),  # lo > hi: hi, whatever x is
        ({"x": 1.5, "y": 2.0, "z": 1.0}, (0, 0, 1)),
        ({"x": 3.0, "y": 2.0, "z": 1.0}, (0, 0, 1)),
        ({"x": 0.5, "y": 1.0, "z": 2.0}, (0, 1, 0)),
        ({"x": 1.5, "y": 1.0, "z": 2.0}, (1, 0, 0)),
        ({"x": 3.0, "y": 1.0, "z": 2.0}, (0, 0, 1)),
    ]:
        env = {n: mpmath.mpf(v) for n, v in point.items()}
        assert tuple(mp_value(d, env) for d in derivatives) == expected, point
    # Constant bounds still print the short form, and a constant comparison folds away.
    assert to_text(differentiate(parse("clip(x, 0, 1)").root, "x")) == "where(x < 0, 0, where(x > 1, 0, 1))"
    assert to_text(differentiate(parse("clip(x, 2, 1)").root, "x")) == "where(x < 2, 0, where(x > 1, 0, 1))"


def test_the_property_catches_a_rule_off_by_one_part_in_1e9():
    # The test of the tester: a sin rule wrong by 1e-9 (relative) must fail the core
    # property, at an ordinary point where the right rule passes.
    import gradcli.numpy as gnp

    analysis = analyse(("sin(x) * y + x", ((0.7, 1.3, 0.0),) * 3, "float"))
    assert analysis.ok
    _core_matches_sympy(analysis, "float")
    with gradcli.gradient_override({"sin": lambda g, ans, x: g * gnp.cos(x) * (1 + 1e-9)}):
        with pytest.raises(AssertionError, match="d/dx"):
            _core_matches_sympy(analysis, "float")
    # The other two properties are as sharp: a reference off by 1e-20 fails both.
    _ir_derivative_matches_sympy(analysis, "float")
    _mp_path_matches_sympy(analysis, "float")
    off = Analysis(**{**analysis.__dict__, "gradient": [analysis.gradient[0] * (1 + 1e-20), analysis.gradient[1]]})
    with pytest.raises(AssertionError, match="d/dx"):
        _ir_derivative_matches_sympy(off, "float")
    with pytest.raises(AssertionError, match="d/dx"):
        _mp_path_matches_sympy(off, "float")


def test_close_takes_numpy_scalar_results():
    # where(1 < x, 1, 1) is an int64, as in NumPy; mpmath.mpf refuses NumPy scalars.
    assert _close(np.int64(1), mpmath.mpf(1), 1e-10, 1.0)
    assert not _close(np.float64(1.5), mpmath.mpf(1), 1e-10, 1.0)
