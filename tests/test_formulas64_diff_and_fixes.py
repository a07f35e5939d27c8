"""SciPy's special functions in `gradcli diff` (formula text that parses back, LaTeX, Python code that runs with the
imports it prints) and in the fixes catalogue (each unstable spelling rewritten to the stable function, re-checked at
the points where the spelling fails, and judged the same function)."""

import mpmath
import pytest
from fuzz.targets import check_promises, run_cli

import gradcli
import gradcli.numpy as gnp
import gradcli.scipy.special as gsp

# (formula, its derivative's text, a point, the derivative there from an independent mpmath expression)
DERIVATIVES = [
    ("erfcx(x)", "2*x*erfcx(x) - 2/sqrt(pi)", 3.0,
     lambda x: 2 * x * mpmath.exp(x * x) * mpmath.erfc(x) - 2 / mpmath.sqrt(mpmath.pi)),
    # far left, where exp(-x**2/2)/ndtr(x) would be 0/0 in float64: the printed slope is sqrt(2/pi)/erfcx(-x/sqrt 2)
    ("log_ndtr(x)", "sqrt(2)/(sqrt(pi)*erfcx(-sqrt(2)*x/2))", -50.0,
     lambda x: mpmath.npdf(x) / mpmath.ncdf(x)),
    ("ndtri(x)", "sqrt(2)*sqrt(pi)*exp(ndtri(x)**2/2)", 1e-10,
     lambda p: 1 / mpmath.npdf(mpmath.findroot(lambda t: mpmath.ncdf(t) - p, -6))),
    ("erfinv(x)", "sqrt(pi)*exp(erfinv(x)**2)/2", 0.9,
     lambda x: 1 / (2 / mpmath.sqrt(mpmath.pi) * mpmath.exp(-mpmath.erfinv(x) ** 2))),
    ("sinc(x)", "where(x == 0, 0, (cos(pi*x) - sinc(x))/x)", 0.3,
     lambda x: mpmath.diff(lambda t: mpmath.sinpi(t) / (mpmath.pi * t), x)),
]


def _diff(formula, fmt, *options):
    argv = ["diff", formula, "--format", fmt, *options]
    outcome = run_cli(argv)
    check_promises(outcome, argv)
    assert outcome.code == 0, outcome.stderr
    return outcome.stdout


@pytest.mark.parametrize("formula, text, x, slope", DERIVATIVES, ids=[d[0] for d in DERIVATIVES])
def test_diff_writes_the_derivative_as_formula_text_and_as_python_that_runs(formula, text, x, slope):
    assert _diff(formula, "text").splitlines()[1] == f"d/dx f = {text}"
    # the printed text is a formula again: its value is the derivative's
    again = gradcli.check(text, [{"x": x}], dtypes=["float64"], fixes=False).results[0]
    with mpmath.workdps(40):
        truth = slope(mpmath.mpf(x))
        assert abs(again.exact_value - truth) <= 1e-14 * abs(truth)
        code = _diff(formula, "python")
        uses_scipy = any(f"gsp.{name}" in code for name in ("erfcx", "ndtri", "erfinv"))
        assert ("import gradcli.scipy.special as gsp" in code) == uses_scipy, code
        assert code.startswith("import gradcli.numpy as gnp\n")
        names = {}
        exec(code, names)  # noqa: S102 - gradcli's own printed code, imports and all
        assert abs(names["df_dx"](x) - truth) <= 1e-12 * abs(truth), code


def test_latex_names_each_function():
    # the product rule keeps each factor
    latex = _diff("erfcx(x)*log_ndtr(x)*ndtri(x)*erfinv(x)*sinc(x)", "latex", "--no-simplify")
    for name in ("erfcx", r"log\_ndtr", "ndtri", "erfinv", "sinc"):
        assert rf"\operatorname{{{name}}}{{\left(x \right)}}" in latex, name


# (the unstable spelling, the catalogue's name, the stable formula it offers, a point where the spelling fails)
FIXES = [
    ("log(ndtr(x))", "log ndtr", "log_ndtr(x)", -40.0),
    ("log(1 - ndtr(x))", "log ndtr", "log_ndtr(-x)", 40.0),
    ("exp(x**2)*erfc(x)", "erfcx", "erfcx(x)", 30.0),
    ("erfc(x)*exp(x*x)", "erfcx", "erfcx(x)", 30.0),
    ("log(1 - exp(x))", "log1mexp",
     "where(x > -0.6931471805599453, log(-expm1(x)), log1p(-exp(where(x <= -0.6931471805599453, x, -1.0))))", -40.0),
    ("log1p(-exp(x))", "log1mexp",
     "where(x > -0.6931471805599453, log(-expm1(x)), log1p(-exp(where(x <= -0.6931471805599453, x, -1.0))))", -1e-20),
    ("sqrt(2)*erfinv(2*x - 1)", "ndtri", "ndtri(x)", 1e-300),
]


@pytest.mark.parametrize("formula, name, fixed, x", FIXES, ids=[f[0] for f in FIXES])
def test_the_unstable_spelling_is_fixed_by_the_stable_function_rechecked(formula, name, fixed, x):
    report = gradcli.check(formula, [{"x": x}], dtypes=["float64"])
    assert report.results[0].status == "unstable", report.results[0].findings
    offered = {f.name: f for f in report.fixes}
    assert name in offered, (report.fixes, report.notes)
    fix = offered[name]
    assert fix.formula == fixed and not fix.partial
    assert list(fix.after.values()) == ["ok"]


def test_the_custom_gradient_snippet_imports_the_scipy_functions_it_calls():
    from gradcli.checker.fixes import _snippet
    from gradcli.expr.derivative import differentiate, to_text
    from gradcli.expr.parse import parse

    formula = parse("log_ndtr(x)*sinc(x)")
    derivative = parse(to_text(differentiate(formula.root, "x")))
    code = _snippet(formula, [derivative])
    names = {}
    exec(code, names)  # noqa: S102 - gradcli's own snippet
    x = 0.3
    value, slope = gradcli.value_and_grad(names["f"])(x)
    assert abs(value - float(gsp.log_ndtr(x) * gnp.sinc(x))) <= 1e-15
    with mpmath.workdps(30):
        truth = mpmath.diff(lambda t: mpmath.log(mpmath.ncdf(t)) * mpmath.sinpi(t) / (mpmath.pi * t), x)
    assert abs(slope - truth) <= 1e-13 * abs(truth)
