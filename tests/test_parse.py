"""Formulas: the parser, its IR and spans, and the three projections of the IR.

The catalogue walks every function and operator of the formula language. For
each entry: the text parses, its sympy form is the expression built here by
hand from sympy objects, the IR printed back parses to the same thing, the
derivative equals sympy's own, and the float64 core (value and ``grad``), the
mpmath path and the printed ``gradcli.numpy`` code agree with sympy evaluated
at high precision at random points.

Also the parser's refusals: literals beyond float64 and constants whose integer
part would be too big, found at once (work counted, not timed); syntax errors
underlined where they are, in terminal columns; and integer functions of
literals, which are real arithmetic.
"""

import math
import re
import warnings
from fractions import Fraction

import mpmath
import numpy as np
import pytest
import sympy as sp
from bounded_work import bounded_work
from each_case import failing_rows
from fuzz.targets import check_promises, run_cli
from sympy.codegen import cfunctions as cf

import gradcli
import gradcli.numpy as gnp
from gradcli.autodiff import hooks
from gradcli.autodiff import mp as autodiff_mp
from gradcli.errors import InputError
from gradcli.expr import parse as parse_module
from gradcli.expr.compile import CURRENT, to_function
from gradcli.expr.derivative import to_text
from gradcli.expr.diff import differentiate, python_code
from gradcli.expr.ir import Binary, Call, Compare, Const, Num, Unary, Var, postorder
from gradcli.expr.parse import parse
from gradcli.expr.sympy_functions import log2 as sympy_log2
from gradcli.expr.to_sympy import symbols_of, to_sympy
from gradcli.expr.sympy_functions import cbrt as real_cbrt
from gradcli.expr import sympy_functions

X, Y = sp.Symbol("x", real=True), sp.Symbol("y", real=True)


# (formula, the sympy expression it means, built from objects, derivatives by hand
# where sympy leaves its own unevaluated: floor, ceil and % are constant between jumps).
CATALOGUE = [
    ("x + y", X + Y, None),
    ("x - y", X - Y, None),
    ("x * y", X * Y, None),
    ("x / y", X / Y, None),
    ("x ** y", X**Y, None),
    ("x ^ y", X**Y, None),
    ("-x + +y", -X + Y, None),
    ("(x + 1) * (y - 2)", (X + 1) * (Y - 2), None),
    ("2.5e-1 * x + 1e2", sp.Rational(1, 4) * X + 100, None),
    ("x % 0.3", sp.Mod(X, sp.Rational(3, 10)), {"x": sp.Integer(1)}),
    ("7 % (x + 1)", sp.Mod(7, X + 1), {"x": -sp.floor(7 / (X + 1))}),
    ("sqrt(x)", sp.sqrt(X), None),
    ("cbrt(x)", real_cbrt(X), None),  # the real cube root: sympy's own is the principal one
    ("exp(x)", sp.exp(X), None),
    ("exp2(x)", cf.exp2(X), None),
    ("expm1(x)", cf.expm1(X), None),
    ("log(x)", sp.log(X), None),
    ("ln(x)", sp.log(X), None),
    ("log(x, 3)", sp.log(X) / sp.log(3), None),
    ("log(y, x + 1)", sp.log(Y) / sp.log(X + 1), None),
    ("log2(x)", sympy_log2(X), None),  # sympy's, evaluated without complex rewrites
    ("log10(x)", cf.log10(X), None),
    ("log1p(x)", cf.log1p(X), None),
    ("sin(x)", sp.sin(X), None),
    ("cos(x)", sp.cos(X), None),
    ("tan(x)", sp.tan(X), None),
    ("asin(x)", sp.asin(X), None),
    ("arcsin(x)", sp.asin(X), None),
    ("acos(x)", sp.acos(X), None),
    ("arccos(x)", sp.acos(X), None),
    ("atan(x)", sp.atan(X), None),
    ("arctan(x)", sp.atan(X), None),
    ("atan2(y, x)", sp.atan2(Y, X), None),
    ("arctan2(y, x)", sp.atan2(Y, X), None),
    ("sinh(x)", sp.sinh(X), None),
    ("cosh(x)", sp.cosh(X), None),
    ("tanh(x)", sp.tanh(X), None),
    ("asinh(x)", sp.asinh(X), None),
    ("arcsinh(x)", sp.asinh(X), None),
    ("acosh(x + 2)", sp.acosh(X + 2), None),
    ("arccosh(x + 2)", sp.acosh(X + 2), None),
    ("atanh(x)", sp.atanh(X), None),
    ("arctanh(x)", sp.atanh(X), None),
    ("abs(x - 0.5)", sp.Abs(X - sp.Rational(1, 2)), None),
    ("sign(x - 0.5) * x", sp.sign(X - sp.Rational(1, 2)) * X, None),
    ("hypot(x, y)", cf.hypot(X, Y), None),
    ("max(x, y)", sp.Max(X, Y), None),
    ("maximum(x, y)", sp.Max(X, Y), None),
    ("min(x, y)", sp.Min(X, Y), None),
    ("minimum(x, y)", sp.Min(X, Y), None),
    ("where(x > y, x * y, x - y)", sp.Piecewise((X * Y, X > Y), (X - Y, True)), None),
    ("where(x <= 0.5, x^2, y)", sp.Piecewise((X**2, X <= sp.Rational(1, 2)), (Y, True)), None),
    ("clip(x, 0.3, 0.6)", sp.Min(sp.Max(X, sp.Rational(3, 10)), sp.Rational(3, 5)), None),
    # The stable ops stay themselves on symbols (their derivatives print stable); their closed forms by rewrite.
    ("logaddexp(x, y)", sympy_functions.logaddexp(X, Y), None),
    ("sigmoid(x)", sympy_functions.sigmoid(X), None),
    ("softplus(x)", sympy_functions.softplus(X), None),
    ("erf(x)", sp.erf(X), None),
    ("erfc(x)", sp.erfc(X), None),
    ("floor(3 * x) * x", sp.floor(3 * X) * X, {"x": sp.floor(3 * X)}),
    ("ceil(x * y)", sp.ceiling(X * Y), {"x": sp.Integer(0), "y": sp.Integer(0)}),
    ("pi * x + e", sp.pi * X + sp.E, None),
    ("log(1 + exp(x))", sp.log(1 + sp.exp(X)), None),
    ("x * exp(-x^2 / 2) / sqrt(2 * pi)", X * sp.exp(-(X**2) / 2) / sp.sqrt(2 * sp.pi), None),
]

DIGITS = 30


def random_points(text, count=3):
    """Points in (0.2, 0.8) for each variable: inside every function's domain in the catalogue."""
    rng = np.random.default_rng(sum(map(ord, text)))
    return [{"x": float(rng.uniform(0.2, 0.8)), "y": float(rng.uniform(0.2, 0.8))} for _ in range(count)]


def exact_value(expr, point, digits=DIGITS):
    """``expr`` at ``point``, by sympy's own evaluation with mpmath at ``digits`` digits."""
    value = expr.evalf(digits, subs={X: sp.Float(point["x"], digits), Y: sp.Float(point["y"], digits)})
    return float(value)


def close(got, want, rtol):
    return abs(float(got) - want) <= rtol * max(abs(want), 1.0)


# Each catalogue test tries every formula in a loop (`failing_rows` names each failing formula and why): a
# formula's check costs less than a pytest item of its own.
def test_catalogue_means_the_expression_built_by_hand():
    def check(text, expected, _):
        formula = parse(text)
        first = {s.name: re.search(rf"\b{s.name}\b", text).start() for s in expected.free_symbols}
        assert formula.variables == tuple(sorted(first, key=first.get))
        assert to_sympy(formula) == expected

    assert failing_rows(check, CATALOGUE) == {}


def test_catalogue_prints_back_to_the_same_formula():
    def check(text, expected, _):
        printed = to_text(parse(text).root)
        assert to_sympy(parse(printed)) == expected, printed

    assert failing_rows(check, CATALOGUE) == {}


def test_catalogue_derivative_is_sympys_own():
    def check(text, expected, by_hand):
        formula = parse(text)
        result = differentiate(formula, simplify=False)
        assert [d.wrt for d in result.derivatives] == [(name,) for name in formula.variables]
        for d in result.derivatives:
            symbol = {"x": X, "y": Y}[d.wrt[0]]
            own = by_hand[d.wrt[0]] if by_hand else sp.diff(expected, symbol)
            assert not d.expr.has(sp.Derivative, sp.Subs), d.expr
            if d.expr == own:
                continue
            for point in random_points(text):
                assert close(exact_value(d.expr, point), exact_value(own, point), 1e-25), (d.expr, own, point)

    assert failing_rows(check, CATALOGUE) == {}


def test_catalogue_core_value_and_gradient_match_sympy():
    def check(text, expected, by_hand):
        formula = parse(text)
        f = to_function(formula)
        for point in random_points(text):
            args = [point[name] for name in formula.variables]
            assert close(f(*args), exact_value(expected, point), 1e-13), point
            for position, name in enumerate(formula.variables):
                symbol = {"x": X, "y": Y}[name]
                want = exact_value(by_hand[name] if by_hand else sp.diff(expected, symbol), point)
                got = gradcli.grad(f, argnums=position)(*args)
                assert close(got, want, 1e-12), (name, point, got, want)

    assert failing_rows(check, CATALOGUE) == {}


def test_catalogue_mpmath_path_matches_sympy_to_25_digits():
    def check(text, expected, _):
        autodiff_mp.enable()
        formula = parse(text)
        f = to_function(formula, numbers="mp")
        with mpmath.workdps(40):
            for point in random_points(text, count=2):
                args = [mpmath.mpf(point[name]) for name in formula.variables]
                got = f(*args)
                want = expected.evalf(40, subs={X: sp.Float(point["x"], 40), Y: sp.Float(point["y"], 40)})
                assert abs(got - mpmath.mpf(str(want))) <= mpmath.mpf(10) ** -25 * max(1, abs(got)), point

    assert failing_rows(check, CATALOGUE) == {}


def test_catalogue_python_code_runs_with_gradcli_numpy():
    def check(text, expected, _):
        formula = parse(text)
        result = differentiate(formula, simplify=False)
        for d in result.derivatives:
            code = python_code(d.expr)
            compiled = compile(code, "<derivative>", "eval")  # our own printed code, not user text
            for point in random_points(text, count=2):
                got = eval(compiled, {"gnp": gnp}, dict(point))
                assert close(got, exact_value(d.expr, point), 1e-12), (code, point)

    assert failing_rows(check, CATALOGUE) == {}


# -- spans ------------------------------------------------------------------------


def nodes_of(formula, kind):
    return [n for n in postorder(formula.root) if isinstance(n, kind)]


def test_span_of_exp_inside_log():
    text = "log(1+exp(x))"
    formula = parse(text)
    (exp_call,) = [n for n in nodes_of(formula, Call) if n.name == "exp"]
    assert exp_call.span == (6, 12) and text[6:12] == "exp(x)"
    assert formula.root.span == (0, len(text))
    (plus,) = nodes_of(formula, Binary)
    assert text[slice(*plus.span)] == "1+exp(x)"
    (var,) = nodes_of(formula, Var)
    assert var.span == (10, 11)


def test_every_node_span_covers_its_own_text():
    text = "where(x > 0.5, 2*sin(x)^2, -y) + log(x, 2) - pi"
    formula = parse(text)
    seen = {text[slice(*n.span)] for n in postorder(formula.root)}
    for part in ("x > 0.5", "2*sin(x)^2", "sin(x)^2", "sin(x)", "-y", "log(x, 2)", "pi", "0.5", "2"):
        assert part in seen, part
    for node in postorder(formula.root):
        for child in node.children():
            assert node.span[0] <= child.span[0] <= child.span[1] <= node.span[1]


def test_spans_count_characters_not_bytes():
    text = "αβ + sin(x)"
    formula = parse(text)
    (call,) = nodes_of(formula, Call)
    assert text[slice(*call.span)] == "sin(x)"
    assert formula.variables == ("αβ", "x")


def test_spans_index_the_stripped_text_and_newlines_are_spaces():
    formula = parse("  \n x +\n exp(y)  ")
    (call,) = nodes_of(formula, Call)
    assert formula.text[slice(*call.span)] == "exp(y)"
    assert to_sympy(formula) == X + sp.exp(Y)


def test_caret_spans_point_at_the_original_text():
    text = "x^2 + y^3"
    formula = parse(text)
    powers = [text[slice(*n.span)] for n in nodes_of(formula, Binary) if n.op == "**"]
    assert sorted(powers) == ["x^2", "y^3"]


# -- syntax -------------------------------------------------------------------------


def test_caret_is_power_with_math_precedence():
    root = parse("x^2+1").root
    assert isinstance(root, Binary) and root.op == "+"
    assert isinstance(root.left, Binary) and root.left.op == "**"
    assert isinstance(root.right, Num) and root.right.exact == 1
    assert to_sympy(parse("x^2+1")) == X**2 + 1
    assert to_sympy(parse("2^3^2")) == 512  # right-associative: 2^(3^2)
    assert to_sympy(parse("-x^2")) == -(X**2)
    assert to_sympy(parse("x^-1")) == 1 / X
    assert to_sympy(parse("2*x^2")) == 2 * X**2


def test_variables_in_order_of_appearance():
    assert parse("y + x*z + x").variables == ("y", "x", "z")
    assert parse("sin(b) * a + b").variables == ("b", "a")
    assert parse("where(t > 0, s, t)").variables == ("t", "s")
    assert parse("3 + 4").variables == ()


def test_e_and_pi_are_constants_unless_told_otherwise():
    formula = parse("e^x + pi")
    assert formula.variables == ("x",)
    assert {n.name for n in nodes_of(formula, Const)} == {"e", "pi"}
    assert to_sympy(formula) == sp.exp(X) + sp.pi
    as_variable = parse("e^x + pi", treat_as_variables=("e",))
    assert as_variable.variables == ("e", "x")
    assert [n.name for n in nodes_of(as_variable, Const)] == ["pi"]
    both = parse("e * pi", treat_as_variables=("e", "pi"))
    assert both.variables == ("e", "pi")


def test_literals_are_exact():
    assert to_sympy(parse("0.1")) == sp.Rational(1, 10)
    assert parse("0.1").root.exact == Fraction(1, 10)
    assert to_sympy(parse("1e-3")) == sp.Rational(1, 1000)
    assert to_sympy(parse("2.5e2")) == 250
    assert to_sympy(parse("1_000")) == 1000
    assert to_sympy(parse("10**999")) == sp.Integer(10) ** 999
    # A decimal literal float64 cannot hold would mean inf (or 0) to NumPy and 10**999 to sympy.
    for text, written in (("1e999 * x", "1e999"), ("x + 1e-400", "1e-400")):
        with pytest.raises(InputError, match="float64") as caught:
            parse(text)
        assert text[slice(*caught.value.span)] == written
    assert to_sympy(parse("0.1 + 0.2")) == sp.Rational(3, 10)
    # The float path reads the literal as written: 0.1 is the double nearest 1/10.
    assert to_function(parse("0.1 * x"))(1.0) == 0.1


def test_hexadecimal_octal_and_binary_integers_evaluate():
    for text, value in (("0xE * x", 14.0), ("0x1e * x", 30.0), ("0o17 * x", 15.0), ("0b101 * x", 5.0)):
        assert to_function(parse(text))(1.0) == value, text
        assert to_sympy(parse(text)) == int(value) * X


def test_aliases_become_canonical_names():
    names = [n.name for n in nodes_of(parse("asin(x) + acos(x) + atan(x) + atan2(x, 1) + max(x, 1) + min(x, 1)"), Call)]
    assert names == ["arcsin", "arccos", "arctan", "arctan2", "maximum", "minimum"]


def test_comparisons_only_as_the_condition_of_where():
    assert isinstance(parse("where(x >= 1, x, 1)").root.args[0], Compare)
    for text, bad in (
        ("x > 0", "x > 0"),
        ("sin(x > 0)", "x > 0"),
        ("where(x > 0, x < 1, 2)", "x < 1"),
        ("(x > 0) + 1", "x > 0"),
        ("-(x > 0)", "x > 0"),
    ):
        with pytest.raises(InputError, match="only allowed as the first argument of where") as caught:
            parse(text)
        assert caught.value.text[slice(*caught.value.span)] == bad, text
    with pytest.raises(InputError, match="must be a comparison") as caught:
        parse("where(x, 1, 2)")
    assert caught.value.span == (6, 7)
    with pytest.raises(InputError, match="chained comparisons"):
        parse("where(0 < x < 1, x, 0)")


@pytest.mark.parametrize(
    "text, message, underlined",
    [
        ("sinn(x)", "did you mean sin?", "sinn"),
        ("sqr(x)", "did you mean sqrt?", "sqr"),
        ("expit2(x)", "did you mean", "expit2"),
        ("frobnicate(x)", "gradcli diff --help", "frobnicate"),
        ("f(x)", "for a product write f*(...)", "f"),
        ("log(x, 2, 3)", "log() takes 1 or 2 arguments, got 3", "log(x, 2, 3)"),
        ("sin()", "sin() takes 1 argument, got 0", "sin()"),
        ("atan2(x)", "atan2() takes 2 arguments, got 1", "atan2(x)"),
        ("where(x > 0, 1)", "where() takes 3 arguments, got 2", "where(x > 0, 1)"),
        ("sin(x=1)", "takes no keyword arguments", "sin(x=1)"),
        ("2x", "as in 2*x", "2x"),
        ("3.5y + 1", "as in 3.5*y", "3.5y"),
        ("1e-3x", "as in 1e-3*x", "1e-3x"),
        ("2(x + 1)", "as in 2*(...)", "2(x + 1)"),
        ("sin", "'sin' is a function: call it", "sin"),
        ("x +* y", "not valid", "*"),
        ("sin(x", "parenthesis is missing", "("),
        ("x y", "as in x*y", "x y"),
        ("2 3", "as in 2*3", "2 3"),
        ("sin(x) cos(x)", "as in sin(x)*cos(x)", "sin(x) cos(x)"),
        ("sin x", "to call sin, write sin(x)", "sin x"),
        ("x = 1", "a Python statement (an assignment), not a formula", "x = 1"),
        ("import os", "a Python statement (an import), not a formula", "import os"),
        ("x; y", "';' separates Python statements", ";"),
        ("x if y", "use where(c, a, b)", "x if y"),
        ("x*(y+)", "an operator ('+') has nothing after it, before ')'", ")"),
        ("SIN(x)", "did you mean sin?", "SIN"),
        ("exp10(x)", "for 10 to the power x write 10**x", "exp10"),
        ("softmax(x)", "softmax makes a vector", "softmax"),
        ("relu(x)", "maximum(x, 0)", "relu"),
    ],
)
def test_error_messages_underline_the_bad_part(text, message, underlined):
    with pytest.raises(InputError) as caught:
        parse(text)
    error = caught.value
    assert message in error.message
    assert error.text == text
    assert error.text[slice(*error.span)] == underlined
    rendered = error.render().splitlines()
    assert rendered[0].startswith("error: ") and rendered[1] == "  " + text
    start, end = error.span
    assert rendered[2] == "  " + " " * start + "^" * (end - start)


def test_empty_and_blank_formulas():
    for text in ("", "   ", "\n\t"):
        with pytest.raises(InputError, match="the formula is empty"):
            parse(text)


# -- limits: each with its own message ------------------------------------------------


def test_limit_on_length():
    with pytest.raises(InputError, match="20,001 characters long; gradcli reads at most 20,000"):
        parse("x" * 20_001)
    parse("+".join(["xxxx"] * 4_000))  # 19,999 characters, 7,999 nodes: fine


def test_limit_on_parenthesis_depth():
    with pytest.raises(InputError, match="nests parentheses more than 100 deep") as caught:
        parse("(" * 101 + "x" + ")" * 101)
    assert caught.value.span == (100, 101)
    parse("(" * 100 + "x" + ")" * 100)


def test_limit_on_nesting_depth():
    # Reachable with a real formula, well before Python's own parser gives up (about 2,000).
    assert parse_module.MAX_DEPTH == 200
    with pytest.raises(InputError, match="nests operators or calls more than 200 levels deep") as caught:
        parse("-" * 201 + "x")
    assert caught.value.span == (201, 202)  # the 201st level, -x
    with pytest.raises(InputError, match="more than 200 levels deep"):
        parse("x" + "**x" * 201)
    parse("-" * 200 + "x")
    parse("sin(" * 100 + "x" + ")" * 100)
    # The links of a chain a + b - c ... (or a * b / c ...) are one level, however many.
    parse("-x" + "-x*y" * 1_000 + "/z" * 500)
    with pytest.raises(InputError, match="nests too deeply for Python's parser"):
        parse("-" * 15_000 + "x")


def test_limit_on_node_count():
    # Reachable below the length limit: a 5,001-term sum has 10,001 nodes in 10,001 characters.
    assert parse_module.MAX_NODES == 10_000 < parse_module.MAX_LENGTH
    with pytest.raises(InputError, match="more than 10,000 parts"):
        parse("+".join(["x"] * 5_001))
    assert parse("+".join(["x"] * 5_000)).size == 9_999


def test_a_200_deep_unary_chain_is_read():
    formula = parse("-" * 200 + "x")
    assert formula.size == 201
    assert to_function(formula)(2.0) == 2.0


@pytest.mark.parametrize(
    "text, underlined",
    [
        ("9**9**9**9", "9**9**9"),
        ("x * 9^9^9", "9^9^9"),
        ("(1/2)**9**9", "(1/2)**9**9"),
        ("(2/3)**9**9", "(2/3)**9**9"),
        ("9**(9**9 + 1)", "9**(9**9 + 1)"),
        ("(9 + 0)**9**9", "(9 + 0)**9**9"),
        ("1.0000000001**9**9", "1.0000000001**9**9"),
        ("9**9**9.5", "9**9**9.5"),
        ("sqrt(81)**9**9", "sqrt(81)**9**9"),
        ("exp(9**9 * log(3))", "exp(9**9 * log(3))"),
        ("e**(9**9 * log(3))", "e**(9**9 * log(3))"),
        ("2**1e10", "2**1e10"),
        ("10**999 * 10**999", "10**999 * 10**999"),
        ("1" * 1_200, "1" * 1_200),
    ],
)
def test_limit_on_constants_answers_at_once(text, underlined):
    # At once: no big-number arithmetic and a few hundred Python calls, counted rather than timed.
    with bounded_work() as work, pytest.raises(InputError, match="gradcli refuses constants of more than 1,000 digits") as caught:
        parse(text)
    assert work.calls < 1_000
    assert caught.value.text[slice(*caught.value.span)] == underlined


def test_constants_that_sympy_would_make_huge_are_refused_before_sympy_computes_them():
    for text, underlined in (
        ("(x - x + 9)**9**9", "(x - x + 9)**9**9"),
        ("(x**0 * 3)**9**9", "(x**0 * 3)**9**9"),
        ("x * 10**999 * 10**999", "x * 10**999 * 10**999"),
    ):
        formula = parse(text)
        with bounded_work(), pytest.raises(InputError, match="digits") as caught:
            to_sympy(formula)
        assert formula.text[slice(*caught.value.span)] == underlined


def test_moderate_constants_are_fine():
    assert to_sympy(parse("2**100 * x")) == 2**100 * X
    assert to_sympy(parse("10**999")) == sp.Integer(10) ** 999
    assert to_sympy(parse("(1/2)**10 + x")) == sp.Rational(1, 1024) + X
    assert to_sympy(parse("x**(10**6)")) == X ** (10**6)
    assert to_sympy(parse("1**(9**9**2)")) == 1
    assert to_sympy(parse("exp(1000)")) == sp.exp(1000)


def test_derivatives_with_numbers_too_long_to_print_are_refused():
    with pytest.raises(InputError, match="d\\^10/dx\\^10 f would have a number of about 9,9"):
        differentiate(parse("x**(10**999)"), order=10, simplify=False)


# -- big formulas -----------------------------------------------------------------------


def test_a_5000_term_sum_parses_and_differentiates():
    text = "+".join(["x"] * 5_000)
    formula = parse(text)
    assert formula.variables == ("x",)
    result = differentiate(formula, simplify=False)
    assert result.derivatives[0].expr == 5_000
    f = to_function(formula)
    assert f(2.0) == 10_000.0
    assert gradcli.grad(f)(2.0) == 5_000.0


def test_a_10000_term_sum_at_the_length_limit_is_refused_at_once():
    # Refused before the formula is built: in fewer steps than building half as many terms takes.
    with bounded_work() as accepted:
        parse("+".join(["x"] * 5_000))
    with bounded_work() as refused, pytest.raises(InputError, match="more than 10,000 parts"):
        parse("+".join(["x"] * 10_000))
    assert refused.calls < accepted.calls / 2


# -- compile: vectorised, spans, mpmath ----------------------------------------------------


def test_compiled_formula_broadcasts_arrays():
    f = to_function(parse("x * y + sin(x)"))
    x = np.arange(3.0)[:, None]
    y = np.linspace(0, 1, 4)
    out = np.asarray(f(x, y))
    assert out.shape == (3, 4)
    np.testing.assert_allclose(out, x * y + np.sin(x))
    gradient = gradcli.grad(lambda x, y: gnp.sum(f(x, y)))(np.arange(3.0), 2.0)
    np.testing.assert_allclose(gradient, 2.0 + np.cos(np.arange(3.0)))


def test_compiled_formula_checks_its_argument_count():
    with pytest.raises(TypeError, match="has 2 variable"):
        to_function(parse("x + y"))(1.0)


def test_current_span_is_set_before_each_op():
    text = "log(1+exp(x))"
    seen = []

    def forward(prim, args, kwargs, ans):
        seen.append((prim.name, CURRENT.span))

    hooks.forward = forward
    try:
        to_function(parse(text))(0.5)
    finally:
        hooks.forward = None
    spans = {name: span for name, span in seen}
    assert spans["exp"] == (6, 12) and spans["add"] == (4, 12) and spans["log"] == (0, 13)
    assert CURRENT.span is None and CURRENT.node is None


def test_mpmath_path_keeps_literals_and_constants_exact():
    autodiff_mp.enable()
    with mpmath.workdps(50):
        # 1/10 at 50 digits, times 3: within one rounding of 3/10, far from the double 0.1 * 3.
        value = to_function(parse("0.1 * x"), numbers="mp")(mpmath.mpf(3))
        assert abs(value - mpmath.mpf(3) / 10) < mpmath.mpf(10) ** -49
        assert abs(value - mpmath.mpf(0.1) * 3) > mpmath.mpf(10) ** -18
        assert to_function(parse("sqrt(2) * x"), numbers="mp")(mpmath.mpf(1)) == mpmath.sqrt(2)
        assert to_function(parse("pi * x + e"), numbers="mp")(mpmath.mpf(1)) == mpmath.pi + mpmath.e
    # Where doubles underflow, mpmath at enough digits keeps the value: 1 + e^-800 needs 350.
    with mpmath.workdps(400):
        value = to_function(parse("log(1 + exp(x))"), numbers="mp")(mpmath.mpf(-800))
        exact = mpmath.log1p(mpmath.exp(-800))
        assert exact > 0 and abs(value - exact) < exact * mpmath.mpf(10) ** -40


def test_floats_path_reads_constants_as_doubles():
    assert to_function(parse("pi * x"))(1.0) == math.pi
    assert to_function(parse("e * x"))(1.0) == math.e


# -- literals beyond float64: huge exponents, long digit runs --------------------------------------


def cli(*argv):
    outcome = run_cli(list(argv))
    check_promises(outcome, argv)
    return outcome


def refused(text):
    """The parser's refusal of ``text``, its work counted: a few dozen calls per character at most."""
    with bounded_work() as work:
        with pytest.raises(InputError) as caught:
            parse(text)
    assert work.calls <= 50_000 + 40 * len(text), work.calls
    return caught.value.message


@pytest.mark.parametrize(
    "text, says",
    [
        ("1" * 4301 + ".", "larger than the largest float64"),
        ("x*0." + "0" * 4300 + "1", "smaller than the smallest positive float64"),  # not silently 0
        ("1e99999999", "larger than the largest float64"),
        ("x*1e-99999999", "smaller than the smallest positive float64"),
        ("77e222222222/2", "larger than the largest float64"),
        ("x*1e10000000", "larger than the largest float64"),  # without computing 10**10000000
        ("x*1e" + "9" * 19_000, "larger than the largest float64"),  # an exponent too long for int()
        ("x*2.4e-324", "smaller than the smallest positive float64"),
        ("x*1." + "1" * 1_500, "1,501 significant digits"),
    ],
    ids=lambda v: v[:20] if isinstance(v, str) else None,
)
def test_literals_beyond_what_gradcli_reads_are_refused_at_once(text, says):
    assert says in refused(text)


@pytest.mark.parametrize(
    "text, exact",
    [
        ("x*1e-310", Fraction(1, 10**310)),  # subnormal in float64, exact to sympy
        ("x*0.1e309", Fraction(10**308)),
        ("x*1_0.5e1_0", Fraction(105 * 10**9)),
        ("x*0e99999999", Fraction(0)),  # zero whatever its exponent
        ("x*0." + "0" * 300 + "25", Fraction(25, 10**302)),
    ],
)
def test_literals_within_float64_keep_their_exact_value(text, exact):
    with bounded_work():
        assert parse(text).root.right.exact == exact


def test_an_error_after_a_long_run_of_digits_is_found_without_backtracking():
    # The implicit-product pattern must not backtrack quadratically over 19,990 digits before '.+'.
    assert "ends after an operator ('+')" in refused("9" * 19_990 + ".+")
    assert "'12x' is not a product" in refused("1" * 19_990 + " + 12x")


def test_a_python_warning_from_the_parser_never_shows():
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        assert "comparisons" in refused("1is n")
    assert caught == []  # not even Python's SyntaxWarning: invalid decimal literal
    outcome = cli("diff", "1is n")
    assert outcome.code == 2 and "Warning" not in outcome.stderr


@pytest.mark.parametrize(
    "text, literal, exact",
    [("x*1e400", "1e400", "10**400"), ("x + 2.5e-400", "2.5e-400", "2.5*10**-400"), ("1e999", "1e999", "10**999")],
)
def test_decimal_literals_beyond_float64_are_refused(text, literal, exact):
    with pytest.raises(InputError, match="float64") as caught:
        parse(text)
    assert text[slice(*caught.value.span)] == literal
    assert f"write {exact} for the exact number" in caught.value.message
    parse("x*1e308 + 1e-320")  # the largest and a subnormal double are doubles


# -- the size of every constant is bounded before sympy computes it --------------------------------


@pytest.mark.parametrize(
    "text, underlined, digits",
    [
        ("x*floor(exp(1000))", "floor(exp(1000))", "about 435"),
        ("x*floor(2**1000.5)", "floor(2**1000.5)", "about 302"),
        ("floor(exp(exp(exp(3))))*x", "floor(exp(exp(exp(3))))", "about 229,520,861"),
        ("x*floor(exp(10**10))", "floor(exp(10**10))", "about 4,342,944,820"),
        ("x*floor(sinh(2000))", "floor(sinh(2000))", "about 870"),
        ("x*ceil(-exp(1000))", "ceil(-exp(1000))", "about 435"),
        ("x*(exp(1000) % 3)", "exp(1000) % 3", "about 435"),
        ("x*floor(1/exp(-1000))", "floor(1/exp(-1000))", "about 435"),
        ("x*floor(exp(exp(1000)))", "floor(exp(exp(1000)))", "more than 10^18"),
    ],
)
def test_integer_parts_of_huge_constants_are_refused_at_once(text, underlined, digits):
    # At once: no big-number arithmetic and a few hundred Python calls, counted rather than timed.
    with bounded_work() as work, pytest.raises(InputError, match="integer part of this constant would have") as caught:
        parse(text)
    assert work.calls < 1_000
    assert digits in caught.value.message
    assert text[slice(*caught.value.span)] == underlined


def test_integer_parts_sympy_can_compute_are_computed():
    assert to_sympy(parse("x*floor(exp(40))")) == 235385266837019985 * X
    assert to_sympy(parse("x*floor(pi*10**20)")) == 314159265358979323846 * X
    assert to_sympy(parse("x*floor(exp(-exp(1000)))")) == 0
    assert to_sympy(parse("x*floor(10**600/7)")) == (10**600 // 7) * X  # exact rationals: any size
    assert to_sympy(parse("x*exp(1000)")) == sp.exp(1000) * X  # huge, but never expanded


def test_the_estimate_of_a_power_through_a_logarithm_is_tight():
    # exp(1000*log(3)) is 3**1000, of 478 digits (not 3,000, as a loose estimate would say).
    assert to_sympy(parse("exp(log(3)*1000)*x")) == sp.Integer(3) ** 1000 * X
    with pytest.raises(InputError, match="about 1,431 digits"):
        parse("exp(log(3)*3000)*x")


# -- maximum and minimum of constants --------------------------------------------------------------


@pytest.mark.parametrize(
    "text, expected",
    [
        # sympy's Max refuses these with ValueError ("not comparable"): gradcli orders them itself.
        ("x*clip(log2(arctan2(1, 2)), 1, 2)", X),
        ("x*minimum(log2(atan(0.5)), 1)", X * sympy_log2(sp.atan(sp.Rational(1, 2)))),
        ("x*maximum(log2(atan(0.5)), -1)", -X),
    ],
)
def test_maximum_and_minimum_of_constants_sympy_cannot_order(text, expected):
    assert to_sympy(parse(text)) == expected


@pytest.mark.parametrize(
    "text, part",
    [("x*maximum(log(-1), 1)", "log(-1) is not real"), ("x*maximum(0/0, 1)", "0/0 divides by 0"),
     ("x*clip(x, 1/0, 2)", "1/0 divides by 0")],
)
def test_maximum_and_minimum_of_a_nan_are_nan_so_the_formula_is_refused(text, part):
    # NaN in real arithmetic, as in NumPy, everywhere: tests/test_diff_real.py has the class.
    with pytest.raises(InputError, match=re.escape(part)):
        to_sympy(parse(text))


# -- integer functions of literals are real arithmetic ---------------------------------------------


@pytest.mark.parametrize(
    "text, value, gradient",
    [
        ("x*2**ceil(-1)", 0.75, 0.5),  # NumPy: an int64 to a negative int64 power raises
        ("x*2**sign(-3)", 0.75, 0.5),
        ("x*2**floor(-2)", 0.375, 0.25),
        ("x*(-8)**floor(-1)", -0.1875, -0.125),
        ("x + ceil(9223372036854775807)*2", 2.0**64 + 1.5, 1.0),  # int64 would wrap to -0.5
    ],
)
def test_integer_functions_of_literals_are_real_arithmetic(text, value, gradient):
    # floor, ceil, sign, ... of an integer literal are NumPy integers in NumPy;
    # in a formula they are numbers: no error, no wrap-around, no promotion.
    report = gradcli.check(text, {"x": 1.5}, dtypes=("float32", "float64"))
    for result in report.results:
        assert result.status == "ok", (result.dtype, result.error)
        assert float(result.value) == pytest.approx(value, rel=1e-6)
        assert float(result.gradient["x"]) == pytest.approx(gradient, rel=1e-6)
        assert np.asarray(result.value).dtype == np.dtype(result.dtype) or isinstance(result.value, float)


# -- syntax errors point at the place, in terminal columns, and name the problem -------------------


@pytest.mark.parametrize("text, operator", [("x +", "'+'"), ("x**", "'**'"), ("x^2^", "'^'"), ("x + y +", "'+'"), ("x if", "'if'")])
def test_a_formula_that_ends_after_an_operator_is_underlined_at_its_end(text, operator):
    with pytest.raises(InputError, match="the formula ends after") as caught:
        parse(text)
    assert operator in caught.value.message
    assert caught.value.span == (len(text), len(text) + 1)
    assert caught.value.render().splitlines()[2] == "  " + " " * len(text) + "^"


def test_carets_line_up_under_wide_characters():
    with pytest.raises(InputError) as caught:
        parse("变量 + 2x")
    lines = caught.value.render().splitlines()
    assert lines[1] == "  变量 + 2x"
    assert lines[2] == "  " + " " * 7 + "^^"  # 变量 takes four columns


def test_carets_under_wide_characters_are_as_wide():
    error = InputError("bad", text="x + 变量", span=(4, 6))
    assert error.render().splitlines()[2] == "  " + " " * 4 + "^" * 4
    accent = InputError("bad", text="e\u0301 + y", span=(4, 5))  # e and a combining accent: one column
    assert accent.render().splitlines()[2] == "  " + " " * 3 + "^"


def test_a_misspelt_function_is_not_taken_for_another_one():
    for text in ("softmax(x)", "exp10(x)"):
        with pytest.raises(InputError) as caught:
            parse(text)
        assert "did you mean" not in caught.value.message  # max, expm1: not what was meant
