"""Regressions in formulas and ``gradcli diff``, one section per defect an audit found.

Each test failed before its fix: a crash (exit 3) on ``x % 0``, constants whose
integer part sympy computed for a minute, ``--format python`` code that did not
run, a ``--timeout`` that switched simplification off, differentiation time
growing with the square of the number of variables, carets in the wrong column,
LaTeX that did not compile, and limits that could never be reached.
"""

import json
import re
import time

import numpy as np
import pytest
import sympy as sp
from bounded_work import bounded_work
from click.testing import CliRunner

import gradcli
import gradcli.numpy as gnp
from gradcli.cli import cli, main
from gradcli.errors import InputError
from gradcli.expr import diff as diff_module
from gradcli.expr.compile import to_function
from gradcli.expr.diff import differentiate
from gradcli.expr.parse import parse
from gradcli.expr.sympy_functions import log2 as sympy_log2
from gradcli.expr.to_sympy import to_sympy

X, Y = sp.Symbol("x", real=True), sp.Symbol("y", real=True)


def run(*args):
    return CliRunner().invoke(cli, ["diff", *args])


def exit_code_of(argv, capsys):
    """``main`` itself, as the console script runs it: its exit code and output."""
    with pytest.raises(SystemExit) as stop:
        main(list(argv))
    return stop.value.code, capsys.readouterr()


def load_python(code):
    """Run ``--format python`` output (our own printed code) with only gradcli.numpy imported."""
    namespace = {}
    exec(compile(code, "<gradcli diff --format python>", "exec"), namespace)  # noqa: S102
    return namespace


# -- 1. x % 0 is NaN, like NumPy; never an internal error ------------------------------------------


@pytest.mark.parametrize("text", ["x % 0", "x % 0.0", "x % (y-y)", "1 % 0", "floor(x) % 0"])
def test_remainder_by_zero_is_nan_not_an_internal_error(text, capsys):
    code, out = exit_code_of(["diff", text, "--json"], capsys)
    assert code == 0, out.err
    data = json.loads(out.out)
    assert data["sympy"] == "nan"
    # Like x/0 (zoo) has derivative zoo: an undefined function has undefined derivatives.
    assert set(data["derivatives"].values()) <= {"nan"}
    for code_text in data["python"].values():
        assert code_text == "gnp.nan"


def test_remainder_by_zero_in_one_branch_stays_undefined_there():
    result = differentiate(parse("where(x > 0, x % 0, x)"), simplify=False)
    assert result.derivatives[0].expr == sp.Piecewise((sp.nan, X > 0), (1, True))


@pytest.mark.parametrize(
    "text, expected",
    [
        # sympy's Max refused these with ValueError ("not comparable"): exit 3.
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


def test_division_by_zero_is_refused_not_printed_as_complex_infinity():
    with pytest.raises(InputError, match="x/0 divides by 0"):
        differentiate(parse("x/0"), simplify=False)


# -- 2. the size of every constant is bounded before sympy computes it --------------------------------


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
    # exp(1000*log(3)) is 3**1000, of 478 digits (the estimate used to say 3,000).
    assert to_sympy(parse("exp(log(3)*1000)*x")) == sp.Integer(3) ** 1000 * X
    with pytest.raises(InputError, match="about 1,431 digits"):
        parse("exp(log(3)*3000)*x")


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


# -- 3. --format python runs with gradcli.numpy alone, on arrays -------------------------------------

PYTHON_TABLE = [
    "where(x>0, where(y>0, y*x, 0), 0)*where(x+y>1, 1, 0)",
    "where(x > 0, where(y < 0, x, y), x*y)",
    "max(x, y)*x + min(x*y, 0.1)",
    "abs(x)*y + sign(x)*y",
    "clip(x, -0.5, 0.5)*y",
    "floor(3*x)*y + x % 0.7",
    "e^x + pi*y",
    "hypot(x, y) + arctan2(y, x)",
    "log1p(x^2)*expm1(y) + sigmoid(x*y) + softplus(x - y)",
    "erf(x)*erfc(y) + cbrt(y^2 + 1)*x",
]


def core_gradient(text, x, y):
    """The IR's own evaluation: gradcli.grad of the compiled formula, elementwise over arrays."""
    formula = parse(text)
    f = to_function(formula)
    names = formula.variables
    values = {"x": x, "y": y}
    args = [values[n] for n in names]
    return {
        name: np.asarray(gradcli.grad(lambda *a: gnp.sum(f(*a)), argnums=i)(*args))
        for i, name in enumerate(names)
    }


@pytest.mark.parametrize("text", PYTHON_TABLE)
def test_python_format_runs_on_arrays_and_agrees_with_the_core(text):
    result = run(text, "--format", "python")  # simplified: sympy folds nested conditions into And
    assert result.exit_code == 0, result.output
    assert "math." not in result.stdout and " and " not in result.stdout
    functions = load_python(result.stdout)
    rng = np.random.default_rng(3)
    x, y = rng.uniform(-2, 2, 200), rng.uniform(-2, 2, 200)
    want = core_gradient(text, x, y)
    for name, expected in want.items():
        got = np.broadcast_to(np.asarray(functions[f"df_d{name}"](x, y), dtype=float), x.shape)
        np.testing.assert_allclose(got, expected, rtol=1e-10, atol=1e-12, err_msg=f"{text}: d/d{name}")


@pytest.mark.parametrize("text", ["0^x", "x % 0"])
def test_python_format_of_undefined_derivatives_runs(text):
    result = run(text, "--format", "python")
    assert result.exit_code == 0, result.output
    assert "math." not in result.stdout
    value = load_python(result.stdout)["df_dx"](np.array([0.5, 2.0]))
    assert np.all(np.isnan(value))


# -- 4. --timeout: inf is no limit; nan and negatives are bad input ----------------------------------------


@pytest.mark.parametrize("timeout", ["inf", "1e9", "1e10"])
def test_a_large_timeout_is_no_limit(timeout):
    result = run("(x^2 - 1)/(x - 1)", "--timeout", timeout, "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["derivatives"] == {"x": "1"} and data["simplified"] == {"x": True}
    assert data["notes"] == []


@pytest.mark.parametrize("option, value", [("--timeout", "nan"), ("--timeout", "-1"), ("--max-time", "nan")])
def test_a_timeout_that_is_no_number_of_seconds_exits_2(option, value, capsys):
    code, out = exit_code_of(["diff", "x*y", option, value], capsys)
    assert code == 2
    assert option in out.err and "Traceback" not in out.err


def test_max_time_inf_is_no_limit():
    result = run("x^2", "--max-time", "inf")
    assert result.exit_code == 0 and "d/dx f = 2*x" in result.stdout


# -- 5. many variables cost linear time; --max-time covers writing the derivatives out -------------------


def test_the_gradient_of_a_sum_of_1000_variables_is_quick(monkeypatch):
    # Counted, not timed: sympy is asked for each variable's own term only, 1,000 term derivatives
    # in all, where differentiating every term for every variable made 1,000,000 (52 s).
    terms_differentiated, sympy_diff = [], sp.diff

    def counting_diff(expr, *symbols, **options):
        terms_differentiated.append(len(sp.Add.make_args(expr)))
        return sympy_diff(expr, *symbols, **options)

    monkeypatch.setattr(sp, "diff", counting_diff)
    text = "+".join(f"x{i}" for i in range(1_000))
    result = differentiate(parse(text), simplify=False, formats=("text",))
    assert sum(terms_differentiated) == 1_000
    assert [d.expr for d in result.derivatives] == [1] * 1_000
    assert result.show("text", result.derivatives[-1]) == "1"


def test_terms_of_a_sum_are_differentiated_for_their_own_variables_only():
    formula = parse("x*y + sin(y) + z^2 + exp(x*z)")
    result = differentiate(formula, order=2, simplify=False)
    F = X * Y + sp.sin(Y) + sp.Symbol("z", real=True) ** 2 + sp.exp(X * sp.Symbol("z", real=True))
    symbols = {s.name: s for s in F.free_symbols}
    for d in result.derivatives:
        assert sp.expand(d.expr - sp.diff(F, *(symbols[n] for n in d.wrt))) == 0, d.wrt


def test_max_time_covers_writing_the_derivatives_out(monkeypatch, tmp_path):
    finished = tmp_path / "latex printer finished"

    def slow_latex(expr, names):
        time.sleep(30)
        finished.touch()
        return "never"

    monkeypatch.setitem(diff_module.PRINTERS, "latex", slow_latex)
    with pytest.raises(InputError, match="writing out the derivatives took longer than what remained of 2 s"):
        differentiate(parse("x*y"), simplify=False, max_time=2, formats=("latex",))
    assert not finished.exists()  # refused while the printer was still writing, not after it


def test_the_printed_texts_come_from_the_bounded_run(capsys):
    code, out = exit_code_of(["diff", "x^2*y", "--json", "--no-simplify"], capsys)
    assert code == 0
    data = json.loads(out.out)
    assert data["derivatives"] == {"x": "2*x*y", "y": "x**2"}
    assert data["python"] == {"x": "2*x*y", "y": "x**2"}


# -- 6. and 10. syntax errors point at the place and name the problem ------------------------------------------


@pytest.mark.parametrize("text, operator", [("x +", "'+'"), ("x**", "'**'"), ("x^2^", "'^'"), ("x + y +", "'+'"), ("x if", "'if'")])
def test_a_formula_that_ends_after_an_operator_is_underlined_at_its_end(text, operator):
    with pytest.raises(InputError, match="the formula ends after") as caught:
        parse(text)
    assert operator in caught.value.message
    assert caught.value.span == (len(text), len(text) + 1)
    assert caught.value.render().splitlines()[2] == "  " + " " * len(text) + "^"


# The side-by-side operands and statements are in test_parse's table of error messages.


# -- 7. carets count terminal columns --------------------------------------------------------------------


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


# -- 8. LaTeX writes variables as sympy does, and powers of repeated ones ------------------------------------


def test_latex_names_and_repeated_variables():
    lines = run("a_b_c*x^2 + alpha*x", "--format", "latex", "--order", "2", "--no-simplify").stdout.splitlines()
    assert lines == [
        "\\frac{\\partial^{2} f}{\\partial a_{b c}^{2}} = 0",
        "\\frac{\\partial^{2} f}{\\partial a_{b c} \\partial x} = 2 x",
        "\\frac{\\partial^{2} f}{\\partial a_{b c} \\partial \\alpha} = 0",
        "\\frac{\\partial^{2} f}{\\partial x^{2}} = 2 a_{b c}",
        "\\frac{\\partial^{2} f}{\\partial x \\partial \\alpha} = 1",
        "\\frac{\\partial^{2} f}{\\partial \\alpha^{2}} = 0",
    ]
    data = json.loads(run("alpha*x^3", "--json", "--order", "3", "--wrt", "x,alpha").stdout)
    assert data["latex_labels"]["x,x,alpha"] == "\\frac{\\partial^{3} f}{\\partial x^{2} \\partial \\alpha}"
    assert data["latex_labels"]["x,x,x"] == "\\frac{\\partial^{3} f}{\\partial x^{3}}"


# -- 10. Euler's e, read back; names; help ------------------------------------------------------------------


def test_eulers_number_is_not_a_variable_called_e():
    lines = run("E*x + e", "--no-simplify").stdout.splitlines()
    assert lines[0] == "f(E, x) = E*x + e"
    assert lines[2] == "d/dx f = E"
    with_var = run("e*x + exp(1)", "--var", "e", "--no-simplify").stdout.splitlines()
    assert with_var[0] == "f(e, x) = e*x + exp(1)"


ROUND_TRIP = [
    "E*x + e",
    "pi*x + e^y",
    "abs(x - 0.5)*y",
    "max(x, y) + min(x, 2*y)",
    "ceil(x*y) + floor(x)",
    "x % 0.3 + 7 % (y + 1)",
    "y*(x % 2)",
    "where(x > y, x*y, x - y)",
    "where(x>0, where(y>0, y*x, 0), 0)*where(x+y>1, 1, 0)",
    "where(x == y, 1, x)",
    "clip(x, 0.3, 0.6) + cbrt(y)",
    "log1p(x) + expm1(y) + log2(x) + log10(y) + exp2(x) + hypot(x, y)",
    "sqrt(x)/x + atan2(y, x) + asinh(x) + erf(y)",
    "sigmoid(x) + softplus(y) + logaddexp(x, y)",
]


@pytest.mark.parametrize("text", ROUND_TRIP)
def test_printed_text_parses_back_to_the_same_function(text):
    formula = parse(text, treat_as_variables=("E",))
    result = differentiate(formula, simplify=False)
    rng = np.random.default_rng(1)
    shown = [(result.show("text"), result.expr)] + [(result.show("text", d), d.expr) for d in result.derivatives]
    for printed, expr in shown:
        if expr.has(sp.DiracDelta):
            continue  # the derivative of a jump: no formula spells it
        again = to_sympy(parse(printed, treat_as_variables=("E",)), {s.name: s for s in expr.free_symbols} | {
            name: sp.Symbol(name, real=True) for name in formula.variables
        })
        for _ in range(4):
            point = {s: sp.Float(rng.uniform(0.2, 0.9), 30) for s in (expr.free_symbols | again.free_symbols)}
            a, b = complex(expr.evalf(30, subs=point)), complex(again.evalf(30, subs=point))
            assert abs(a - b) <= 1e-20 * max(1, abs(a)), (printed, expr)


def test_a_misspelt_function_is_not_taken_for_another_one():
    for text in ("softmax(x)", "exp10(x)"):
        with pytest.raises(InputError) as caught:
            parse(text)
        assert "did you mean" not in caught.value.message  # max, expm1: not what was meant


def test_diff_json_help_says_what_it_prints():
    help_text = CliRunner().invoke(cli, ["diff", "--help"]).output
    assert "instead of a table" not in help_text
    assert "--format json" in help_text and "inf: no limit" in help_text
