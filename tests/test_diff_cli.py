"""``gradcli diff EXPR`` end to end: options, formats, and derivatives that are right.

The derivatives are checked against references built here by hand from sympy
objects: gradcli's printed output is read back with ``sympify`` (in the tests
only: gradcli's own output, never user text in product code) and compared by
evaluation at random points; the ``--format python`` code is run with
``gradcli.numpy`` and compared with the autodiff core's ``gradcli.grad``.

Also: ``x % 0`` is NaN and ``x/0`` refused, ``--timeout`` and ``--max-time`` (inf
is no limit; writing the derivatives out counts), time linear in the number of
variables, LaTeX names, Euler's e, and printed text that parses back.
"""

import json
import os
import re
import time

import numpy as np
import pytest
import sympy as sp
from click.testing import CliRunner
from sympy.codegen import cfunctions as cf

from bounded_work import bounded_work

import gradcli
import gradcli.numpy as gnp
from gradcli.cli import cli, main
from gradcli.errors import InputError
from gradcli.expr import diff as diff_module
from gradcli.expr.compile import to_function
from gradcli.expr.diff import differentiate
from gradcli.expr.parse import parse
from gradcli.expr.to_sympy import to_sympy

X, Y, Z = (sp.Symbol(name, real=True) for name in "xyz")
# Functions gradcli prints that plain sympify does not know.
PRINTED_FUNCTIONS = {
    "log1p": cf.log1p, "expm1": cf.expm1, "exp2": cf.exp2, "log2": cf.log2, "log10": cf.log10,
    "hypot": cf.hypot, "Cbrt": cf.Cbrt,
    # The stable ops diff prints by name (their derivatives stay finite in code), read back as their mathematics.
    "sigmoid": lambda u: 1 / (1 + sp.exp(-u)), "softplus": lambda u: cf.log1p(sp.exp(u)),
    "logaddexp": lambda a, b: sp.log(sp.exp(a) + sp.exp(b)),
}


def run(*args):
    return CliRunner().invoke(cli, ["diff", *args])


def diff_json(*args):
    result = run(*args, "--json")
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def exit_code_of(argv, capsys):
    """The documented exit path: ``main`` itself, as the console script runs it."""
    with pytest.raises(SystemExit) as stop:
        main(list(argv))
    return stop.value.code, capsys.readouterr()


def read_back(text, names):
    """gradcli's printed expression as sympy (variables are real symbols, like gradcli's)."""
    names = {name: sp.Symbol(name, real=True) for name in names}
    return sp.sympify(text, locals={**PRINTED_FUNCTIONS, **names})


def random_points(names, count=4, low=0.3, high=1.5, seed=7):
    rng = np.random.default_rng(seed)
    return [{name: float(rng.uniform(low, high)) for name in names} for _ in range(count)]


def value_at(expr, point, digits=30):
    subs = {sp.Symbol(name, real=True): sp.Float(v, digits) for name, v in point.items()}
    return complex(expr.evalf(digits, subs=subs))


def assert_same_function(got, want, names, rtol=1e-12):
    for point in random_points(names):
        a, b = value_at(got, point), value_at(want, point)
        assert abs(a - b) <= rtol * max(1.0, abs(b)), (got, want, point, a, b)


# -- which derivatives ---------------------------------------------------------------------


def test_default_wrt_is_every_variable_in_order_of_appearance():
    data = diff_json("y*sin(x) + z^2*x")
    assert data["variables"] == ["y", "x", "z"]
    assert list(data["derivatives"]) == ["y", "x", "z"]
    F = Y * sp.sin(X) + Z**2 * X
    for name, symbol in zip("yxz", (Y, X, Z)):
        assert_same_function(read_back(data["derivatives"][name], "xyz"), sp.diff(F, symbol), "xyz")


def test_explicit_wrt_chooses_and_orders_the_derivatives():
    data = diff_json("y*sin(x) + z^2*x", "--wrt", "z,x")
    assert data["variables"] == ["z", "x"]
    assert list(data["derivatives"]) == ["z", "x"]
    assert read_back(data["derivatives"]["z"], "xyz") == 2 * X * Z
    # A name given twice is one derivative.
    assert list(diff_json("x*y", "--wrt", "x,x")["derivatives"]) == ["x"]


def test_unknown_wrt_variable_exits_2(capsys):
    code, out = exit_code_of(["diff", "x*y", "--wrt", "x,w"], capsys)
    assert code == 2
    assert out.out == ""
    assert out.err.splitlines()[0] == "error: 'w' is not a variable of the formula (its variables: x, y)"
    assert "Traceback" not in out.err


def test_hessian_entries_with_two_variables():
    F = X * Y**2 + sp.exp(X * Y) * sp.sin(X)
    data = diff_json("x*y^2 + exp(x*y)*sin(x)", "--order", "2")
    assert data["order"] == 2
    assert list(data["derivatives"]) == ["x,x", "x,y", "y,y"]
    for key, wrt in (("x,x", (X, X)), ("x,y", (X, Y)), ("y,y", (Y, Y))):
        assert_same_function(read_back(data["derivatives"][key], "xy"), sp.diff(F, *wrt), "xy")
    # The mixed partial, differentiated the other way round, is the same function.
    assert_same_function(read_back(data["derivatives"]["x,y"], "xy"), sp.diff(F, Y, X), "xy")
    text = run("x*y^2 + exp(x*y)*sin(x)", "--order", "2", "--no-simplify").stdout.splitlines()
    assert [line.split(" = ")[0] for line in text] == [
        "f(x, y)", "d^2/dx^2 f", "d^2/dx dy f", "d^2/dy^2 f",
    ]


def test_third_order_of_one_variable():
    data = diff_json("x^5*exp(-x)*atan(x)", "--order", "3")
    assert list(data["derivatives"]) == ["x,x,x"]
    want = sp.diff(X**5 * sp.exp(-X) * sp.atan(X), X, 3)
    assert_same_function(read_back(data["derivatives"]["x,x,x"], "x"), want, "x")
    assert run("x^5", "--order", "3").stdout.splitlines()[1] == "d^3/dx^3 f = 60*x**2"


def refuse_to_differentiate(*args):
    pytest.fail("differentiated a formula that should have been refused first")


def test_order_out_of_range_and_too_many_derivatives_exit_2(capsys, monkeypatch):
    code, out = exit_code_of(["diff", "x", "--order", "11"], capsys)
    assert code == 2 and "--order" in out.err
    code, out = exit_code_of(["diff", "x", "--order", "0"], capsys)
    assert code == 2 and "--order" in out.err
    sixty = " + ".join(f"x{i}" for i in range(60))
    # Refused from the count alone, before a single derivative is made (C(62, 3) = 37,820).
    monkeypatch.setattr(diff_module, "_derive", refuse_to_differentiate)
    monkeypatch.setattr(diff_module, "_within", refuse_to_differentiate)
    code, out = exit_code_of(["diff", sixty, "--order", "3"], capsys)
    assert code == 2
    assert "--order 3 with 60 variables makes 37,820 partial derivatives" in out.err


# -- the derivatives are right ---------------------------------------------------------------

FORMULAS = [
    ("log(1 + exp(x*y)) + sin(x)/y", sp.log(1 + sp.exp(X * Y)) + sp.sin(X) / Y),
    ("x^3*exp(-x^2/2)*atan(y)", X**3 * sp.exp(-(X**2) / 2) * sp.atan(Y)),
    ("sqrt(x^2 + y^2)*tanh(y) - cos(x*y)^2", sp.sqrt(X**2 + Y**2) * sp.tanh(Y) - sp.cos(X * Y) ** 2),
    ("softplus(x) + log1p(x*y) + hypot(x, y)", cf.log1p(sp.exp(X)) + sp.log(1 + X * Y) + sp.sqrt(X**2 + Y**2)),
    ("where(x > y, x*y, x - y) + max(x, 2*y)", sp.Piecewise((X * Y, X > Y), (X - Y, True)) + sp.Max(X, 2 * Y)),
]


# Every formula unsimplified, and the first two simplified too (simplification takes a while).
CASES = [(text, F, "--no-simplify") for text, F in FORMULAS] + [(text, F, "--simplify") for text, F in FORMULAS[:2]]


@pytest.mark.parametrize("text, F, simplify", CASES, ids=[f"{t} {s}" for t, _, s in CASES])
def test_derivative_strings_are_the_derivatives(text, F, simplify):
    data = diff_json(text, simplify)
    assert data["variables"] == ["x", "y"]
    for name, symbol in (("x", X), ("y", Y)):
        got = read_back(data["derivatives"][name], "xy")
        assert_same_function(got, sp.diff(F, symbol), "xy")


@pytest.mark.parametrize("text, F", FORMULAS[:3], ids=[t for t, _ in FORMULAS[:3]])
def test_text_format_shows_the_formula_and_each_derivative(text, F):
    result = run(text, "--no-simplify")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    assert len(lines) == 3  # however long: never wrapped at the terminal's width
    head, formula = lines[0].split(" = ", 1)
    assert head == "f(x, y)"
    assert_same_function(read_back(formula, "xy"), F, "xy")
    for line, (name, symbol) in zip(lines[1:], (("x", X), ("y", Y))):
        label, derivative = line.split(" = ", 1)
        assert label == f"d/d{name} f"
        assert_same_function(read_back(derivative, "xy"), sp.diff(F, symbol), "xy")


def test_a_long_derivative_stays_on_one_line():
    text = " + ".join(f"sin({k}*x)*exp(y/{k})" for k in range(1, 25))
    lines = run(text, "--no-simplify").stdout.splitlines()
    assert len(lines) == 3 and len(lines[1]) > 300
    F = sum(sp.sin(k * X) * sp.exp(Y / k) for k in range(1, 25))
    assert_same_function(read_back(lines[1].split(" = ", 1)[1], "xy"), sp.diff(F, X), "xy")


def test_latex_format_is_one_equation_per_derivative():
    result = run("x^2*y + sin(y)", "--format", "latex", "--no-simplify")
    assert result.exit_code == 0
    lines = result.stdout.splitlines()
    data = diff_json("x^2*y + sin(y)", "--no-simplify")
    assert lines == [
        "\\frac{\\partial f}{\\partial x} = " + data["latex"]["x"],
        "\\frac{\\partial f}{\\partial y} = " + data["latex"]["y"],
    ]
    assert data["latex"] == {"x": "2 x y", "y": "x^{2} + \\cos{\\left(y \\right)}"}
    second = run("x^2*y", "--format", "latex", "--order", "2", "--no-simplify").stdout.splitlines()
    assert second[1] == "\\frac{\\partial^{2} f}{\\partial x \\partial y} = 2 x"


def load_python(code):
    """Run the printed module (our own output) with gradcli.numpy as gnp; return its functions."""
    namespace = {"gnp": gnp}
    exec(compile(code, "<gradcli diff --format python>", "exec"), namespace)  # noqa: S102
    return namespace


def core_formula(x, y):
    return gnp.log(1 + gnp.exp(x * y)) + gnp.sin(x) / y + x**3 * gnp.arctan(y)


CORE_TEXT = "log(1 + exp(x*y)) + sin(x)/y + x^3*atan(y)"


def test_python_format_computes_the_gradient_of_the_core():
    result = run(CORE_TEXT, "--format", "python")
    assert result.exit_code == 0
    assert result.stdout.startswith("import gradcli.numpy as gnp\n")
    functions = load_python(result.stdout)
    for point in random_points("xy", count=5, low=-1.5, high=1.5):
        x, y = point["x"], point["y"]
        if abs(y) < 0.1:
            continue
        for name, argnum in (("df_dx", 0), ("df_dy", 1)):
            got = float(functions[name](x, y))
            want = float(gradcli.grad(core_formula, argnums=argnum)(x, y))
            assert got == pytest.approx(want, rel=1e-12, abs=1e-12), (name, point)


def test_python_format_computes_the_hessian_of_the_core():
    functions = load_python(run(CORE_TEXT, "--format", "python", "--order", "2", "--no-simplify").stdout)
    assert {"d2f_dx_dx", "d2f_dx_dy", "d2f_dy_dy"} <= set(functions)
    for point in random_points("xy", count=3):
        x, y = point["x"], point["y"]
        for name, (i, j) in (("d2f_dx_dx", (0, 0)), ("d2f_dx_dy", (0, 1)), ("d2f_dy_dy", (1, 1))):
            want = float(gradcli.grad(gradcli.grad(core_formula, argnums=i), argnums=j)(x, y))
            assert float(functions[name](x, y)) == pytest.approx(want, rel=1e-10), (name, point)


def test_python_format_with_a_variable_called_gnp():
    # The module is gnp in the printed code: a variable of that name must not hide it.
    functions = load_python(run("exp(gnp)*x", "--format", "python").stdout)
    assert float(functions["df_dgnp"](0.5, 3.0)) == pytest.approx(3.0 * np.exp(0.5))
    assert float(functions["df_dx"](0.5, 3.0)) == pytest.approx(np.exp(0.5))


def test_json_has_the_documented_shape():
    data = diff_json("x*exp(y)", "--wrt", "y")
    assert {"schema", "expr", "variables", "derivatives", "latex"} <= set(data)
    assert data["schema"] == "gradcli.diff/1"
    assert data["expr"] == "x*exp(y)"
    assert data["variables"] == ["y"]
    assert isinstance(data["derivatives"], dict) and set(data["derivatives"]) == {"y"}
    assert all(isinstance(v, str) for v in data["derivatives"].values())
    assert set(data["latex"]) == {"y"} and all(isinstance(v, str) for v in data["latex"].values())
    assert read_back(data["derivatives"]["y"], "xy") == X * sp.exp(Y)
    assert data["latex"]["y"] == "x e^{y}"
    # --format json is --json.
    assert json.loads(run("x*exp(y)", "--wrt", "y", "--format", "json").stdout) == data


def test_main_prints_the_json_and_nothing_else(capsys):
    # The console script's entry point, in this process: `python -m gradcli` itself is test_cli's.
    code, out = exit_code_of(["diff", "x^2*y", "--json"], capsys)
    assert code == 0, out.err
    assert out.err == ""
    data = json.loads(out.out)
    assert read_back(data["derivatives"]["x"], "xy") == 2 * X * Y
    assert read_back(data["derivatives"]["y"], "xy") == X**2


# -- simplification and its time budget ----------------------------------------------------------


def test_simplify_and_no_simplify():
    simplified = diff_json("(x^2 - 1)/(x - 1)")
    plain = diff_json("(x^2 - 1)/(x - 1)", "--no-simplify")
    assert simplified["derivatives"]["x"] == "1"
    assert simplified["simplified"] == {"x": True}
    assert plain["simplified"] == {"x": False}
    unsimplified = read_back(plain["derivatives"]["x"], "x")
    assert unsimplified != 1 and sp.simplify(unsimplified) == 1
    assert simplified["notes"] == plain["notes"] == []


def test_the_simplification_budget_counts_work_not_the_clock(monkeypatch):
    # The budget is the simplifying process's CPU time: a simplification that waits (as on a
    # machine busy with other work) without working is not cut short ...
    simplify = sp.simplify

    def waits(expr, *args, **kwargs):
        import time

        time.sleep(1.0)  # twice the budget on the clock, no CPU time
        return simplify(expr, *args, **kwargs)

    monkeypatch.setattr(sp, "simplify", waits)  # the forked child inherits it
    waited = diff_json("(x^2 - 1)/(x - 1)", "--timeout", "0.5")
    assert waited["derivatives"]["x"] == "1" and waited["simplified"] == {"x": True}
    assert waited["notes"] == []

    # ... and one that works past the budget is stopped, with the note.
    def works_forever(expr, *args, **kwargs):
        while True:
            pass

    monkeypatch.setattr(sp, "simplify", works_forever)
    stopped = diff_json("(x^2 - 1)/(x - 1)", "--timeout", "0.5")
    assert stopped["simplified"] == {"x": False}
    assert stopped["notes"] == [
        "simplification stopped after 0.5 s (--timeout); 1 of 1 derivative(s) are shown unsimplified"
    ]


def test_a_budget_spent_in_a_garbage_collector_callback_still_stops_the_simplification(monkeypatch):
    # JAX registers a garbage-collector callback, which a forked child inherits. A CPU timer's signal handled
    # while such a callback runs raises there, and Python reports the exception and goes on: the simplification
    # then finished past its budget and counted as done. What finishes after the budget never counts.
    import gc

    simplify = sp.simplify

    def after_a_slow_collection(expr, *args, **kwargs):
        def slow(phase, info):
            if phase == "start":
                spin = time.process_time() + 0.6  # the whole budget, and more, inside the callback
                while time.process_time() < spin:
                    pass

        gc.callbacks.append(slow)
        try:
            gc.collect()
        finally:
            gc.callbacks.remove(slow)
        return simplify(expr, *args, **kwargs)

    monkeypatch.setattr(sp, "simplify", after_a_slow_collection)  # the forked child inherits it
    stopped = diff_json("(x^2 - 1)/(x - 1)", "--timeout", "0.2")
    assert stopped["simplified"] == {"x": False}
    assert stopped["notes"] == [
        "simplification stopped after 0.2 s (--timeout); 1 of 1 derivative(s) are shown unsimplified"
    ]


HEAVY = "exp(sin(x)*cos(y))*tan(x*y)/(1 + x^2*y^2)"


def test_timeout_falls_back_to_the_unsimplified_form_with_a_note():
    # The budget was honoured: the note names --timeout and no derivative got simplified.
    # The simplifying child is forked, so it inherits sympy's cache: one filled by another test in this
    # process would answer within any budget. Emptied, the budget is what stops it.
    from sympy.core.cache import clear_cache

    clear_cache()
    result = run(HEAVY, "--order", "2", "--timeout", "0.01", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    plain = diff_json(HEAVY, "--order", "2", "--no-simplify")
    assert data["derivatives"] == plain["derivatives"]
    assert not any(data["simplified"].values())
    assert data["notes"] == [
        "simplification stopped after 0.01 s (--timeout); 3 of 3 derivative(s) are shown unsimplified"
    ]
    clear_cache()
    text = run(HEAVY, "--timeout", "0.01")
    assert text.exit_code == 0
    assert "note: simplification stopped after 0.01 s (--timeout)" in text.stderr
    assert "note" not in text.stdout


def test_simplification_that_would_take_long_never_hangs():
    nested = "sin(" * 40 + "x*y" + ")" * 40
    result = run(nested, "--timeout", "0.5", "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    # Stopped by its budget: neither derivative finished simplifying within half a second of work.
    assert data["notes"] == [
        "simplification stopped after 0.5 s (--timeout); 2 of 2 derivative(s) are shown unsimplified"
    ]
    assert data["simplified"] == {"x": False, "y": False}
    inner = X * Y
    for _ in range(40):
        inner = sp.sin(inner)
    assert_same_function(read_back(data["derivatives"]["x"], "xy"), sp.diff(inner, X), "xy", rtol=1e-10)


def test_max_time_stops_a_differentiation_that_would_take_minutes(capsys):
    # The bound was honoured: the error names --max-time (a hang would have no answer at all).
    code, out = exit_code_of(
        ["diff", "exp(sin(x)*cos(y))*tan(x*y)", "--order", "10", "--max-time", "0.5"], capsys
    )
    assert code == 2
    assert out.out == ""
    assert out.err.startswith("error: differentiating took longer than 0.5 s (--max-time)")
    assert "Traceback" not in out.err


# -- the formula language as diff sees it -------------------------------------------------------


def test_e_and_pi_are_constants_unless_var(capsys):
    data = diff_json("e^x + pi*x")
    assert data["variables"] == ["x"]
    assert read_back(data["derivatives"]["x"], "x") == sp.exp(X) + sp.pi
    as_variable = diff_json("e^x + pi*x", "--var", "e")
    assert as_variable["variables"] == ["e", "x"]
    E = sp.Symbol("e", real=True)
    assert_same_function(read_back(as_variable["derivatives"]["e"], ["e", "x"]), X * E ** (X - 1), ["e", "x"])
    assert_same_function(
        read_back(as_variable["derivatives"]["x"], ["e", "x"]), E**X * sp.log(E) + sp.pi, ["e", "x"]
    )
    code, out = exit_code_of(["diff", "e^x", "--wrt", "e"], capsys)
    assert code == 2 and "add --var e to make it a variable" in out.err


def test_decimal_literals_are_exact():
    data = diff_json("0.1*x^2 + 0.3")
    assert read_back(data["derivatives"]["x"], "x") == X / 5  # exactly 1/5, not 0.2
    assert read_back(data["sympy"], "x") == X**2 / 10 + sp.Rational(3, 10)
    assert "." not in data["derivatives"]["x"] + data["sympy"]
    assert diff_json("1e-3*x")["derivatives"]["x"] == "1/1000"


def test_caret_is_power():
    data = diff_json("x^3 + 2^x")
    assert read_back(data["derivatives"]["x"], "x") == 3 * X**2 + 2**X * sp.log(2)
    assert read_back(data["sympy"], "x") == X**3 + 2**X


def counted_diff_json(text):
    """``diff_json(text)`` with differentiating in this process (no --max-time child), its Python calls counted."""
    with bounded_work() as work:
        data = diff_json(text, "--max-time", "inf")
    return data, work.calls


@pytest.mark.parametrize("operator", ["+", "*"])
def test_a_5000_term_sum_differentiates_quickly(operator):
    # Quickly: in work linear in the terms. Five times the terms take about five times the
    # calls; a cost quadratic in the terms (sympy differentiating every term for every
    # variable, say) would take 25 times.
    diff_json("x*x + x", "--max-time", "inf")  # imports and caches that the first diff fills
    data, calls = counted_diff_json(operator.join(["x"] * 5_000))
    small, small_calls = counted_diff_json(operator.join(["x"] * 1_000))
    assert calls < 7 * small_calls, (calls, small_calls)
    if operator == "+":
        assert data["derivatives"] == {"x": "5000"} and small["derivatives"] == {"x": "1000"}
    else:
        assert read_back(data["derivatives"]["x"], "x") == 5000 * X**4999
        assert read_back(small["derivatives"]["x"], "x") == 1000 * X**999


def test_bad_formula_exits_2_with_the_bad_part_underlined(capsys):
    code, out = exit_code_of(["diff", "x + sinn(y)"], capsys)
    assert code == 2
    assert out.err.splitlines() == [
        "error: unknown function 'sinn'; did you mean sin?",
        "  x + sinn(y)",
        "      ^^^^",
    ]


# -- x % 0 is NaN, like NumPy; x/0 is refused ------------------------------------------------------


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


def test_division_by_zero_is_refused_not_printed_as_complex_infinity():
    with pytest.raises(InputError, match="x/0 divides by 0"):
        differentiate(parse("x/0"), simplify=False)


# -- --format python runs with gradcli.numpy alone, on arrays --------------------------------------


def load_printed_module(code):
    """Run ``--format python`` output (our own printed code) with only gradcli.numpy imported."""
    namespace = {}
    exec(compile(code, "<gradcli diff --format python>", "exec"), namespace)  # noqa: S102
    return namespace


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
    functions = load_printed_module(result.stdout)
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
    value = load_printed_module(result.stdout)["df_dx"](np.array([0.5, 2.0]))
    assert np.all(np.isnan(value))


# -- --timeout and --max-time: inf is no limit; nan and negatives are bad input --------------------


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


# -- many variables cost linear time; --max-time covers writing the derivatives out ----------------


def test_the_gradient_of_a_sum_of_1000_variables_is_quick(monkeypatch):
    # Counted, not timed: sympy is asked for each variable's own term only, 1,000 term derivatives
    # in all, where differentiating every term for every variable would make 1,000,000.
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


# -- LaTeX names, Euler's e, printed text read back, help ------------------------------------------


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


def test_diff_json_help_says_what_it_prints():
    help_text = CliRunner().invoke(cli, ["diff", "--help"]).output
    assert "instead of a table" not in help_text
    assert "--format json" in help_text and "inf: no limit" in help_text
