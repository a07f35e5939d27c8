"""The formula language's xlogy, xlog1py, ndtr, logit and log_expit, and sympy's factor cache under a formula.

Truth is mpmath at 80 digits from an independent expression of each function
(ncdf for ndtr, log(p/(1 - p)) for logit, log(1/(1 + e^-x)) for log_expit), its
derivatives by mpmath's own numerical differentiation at that precision.
"""

from __future__ import annotations

import json
import re

import mpmath
import pytest
import sympy
from fuzz.targets import run_cli

import gradcli
from gradcli.autodiff import mp
from gradcli.checker.balls import Budget, evaluate_formula
from gradcli.expr.compile import to_function
from gradcli.expr.diff import differentiate
from gradcli.expr.parse import parse

TRUTHS = {
    "xlogy(x, y)": lambda x, y: x * mpmath.log(y),
    "xlog1py(x, y)": lambda x, y: x * mpmath.log(1 + y),
    "ndtr(x)": lambda x: mpmath.ncdf(x),
    "logit(x)": lambda x: mpmath.log(x / (1 - x)),
    "log_expit(x)": lambda x: mpmath.log(1 / (1 + mpmath.exp(-x))),
    "log_sigmoid(x)": lambda x: mpmath.log(1 / (1 + mpmath.exp(-x))),
}
POINTS = {
    "xlogy(x, y)": [(0.75, 2.5), (-3.0, 0.125)],
    "xlog1py(x, y)": [(0.75, -0.5), (2.0, 1e-9)],
    "ndtr(x)": [(-0.5,), (-30.0,), (6.0,)],
    "logit(x)": [(0.25,), (1e-12,), (0.999,)],
    "log_expit(x)": [(0.5,), (-800.0,), (40.0,)],
    "log_sigmoid(x)": [(-2.0,)],
}
CASES = [(text, point) for text, points in POINTS.items() for point in points]


def truth(text, point):
    """The value and the gradient at ``point``, to 40 digits (80 worked: log(1/(1 + e^-40)) cancels 18 of them)."""
    f = TRUTHS[text]
    with mpmath.workdps(80):
        args = [mpmath.mpf(v) for v in point]
        gradient = []
        for i in range(len(args)):
            order = tuple(1 if j == i else 0 for j in range(len(args)))
            gradient.append(mpmath.diff(f, args, order))
        return f(*args), gradient


def relative(a, b):
    return abs(a - b) / abs(b)


@pytest.mark.parametrize("text, point", CASES)
def test_the_core_and_its_gradient_match_mpmath(text, point):
    value, gradient = truth(text, point)
    formula = parse(text)
    ours, our_gradient = gradcli.value_and_grad(to_function(formula), argnums=tuple(range(len(point))))(*point)
    # erfc(-x/sqrt 2)/2 in float64: the quotient's rounding, times x^2 ~ 900 at x = -30
    assert relative(ours, value) < 1e-13 * max(1, point[0] ** 2 / 100), (ours, value)
    for got, want in zip(our_gradient, gradient):
        assert relative(got, want) < 1e-12, (got, want)


@pytest.mark.parametrize("text, point", CASES)
def test_the_exact_references_match_mpmath(text, point):
    """The mpmath run of the core and the formula on balls: both the exact reference's."""
    value, _ = truth(text, point)
    formula = parse(text)
    mp.enable()
    with mpmath.workdps(40):
        exact = to_function(formula, numbers="mp")(*[mpmath.mpf(v) for v in point])
        assert relative(exact, value) < mpmath.mpf(10) ** -30, (exact, value)
    (on_balls,), _ = evaluate_formula([formula.root], dict(zip(formula.variables, point)), Budget(30.0))
    assert relative(mpmath.mpf(on_balls), value) < 1e-15, (on_balls, value)


@pytest.mark.parametrize("text, point", CASES)
def test_diff_writes_derivatives_that_match_mpmath(text, point):
    _, gradient = truth(text, point)
    formula = parse(text)
    result = differentiate(formula, simplify=False)
    symbols = {name: next(s for s in result.expr.free_symbols if s.name == name) for name in formula.variables}
    at = {symbols[name]: sympy.Rational(*v.as_integer_ratio()) for name, v in zip(formula.variables, point)}
    for derivative, want in zip(result.derivatives, gradient):
        got = derivative.expr.subs(at).evalf(30)
        with mpmath.workdps(40):
            assert relative(mpmath.mpf(str(got)), want) < mpmath.mpf(10) ** -25, (derivative.expr, got, want)


@pytest.mark.parametrize("text", ["xlogy(x, y)", "xlog1py(x, y)", "ndtr(x)", "logit(x)", "log_expit(x)"])
def test_diff_accepts_the_function(text):
    diff = run_cli(["diff", text])
    assert diff.code == 0, diff.stderr
    assert diff.stdout.splitlines()[-1].startswith("d/d")


def test_grad_checks_them_all_ok():
    grad = run_cli(["grad", "xlogy(x, y) + xlog1py(x, y) + ndtr(x) + logit(x) + log_expit(x)", "--at", "x=0.25,y=0.5",
                    "--json"])
    assert grad.code == 0, grad.stderr
    assert json.loads(grad.stdout)["ok"] is True, grad.stdout


def test_ndtr_printed_as_code_keeps_its_left_tail():
    """sympy writes erfc(-u) as 2 - erfc(u); printed so, ndtr(x) would be 1 - 1 = 0 at x = -30 in float64."""
    printed = run_cli(["diff", "x*ndtr(x)", "--format", "python"])
    assert printed.code == 0, printed.stderr
    assert "gnp.erfc(-(x)/gnp.sqrt(2))/2" in printed.stdout, printed.stdout


# -- sympy's factor cache: a root of a rational of hundreds of digits ----------------------------------


def test_a_root_of_a_huge_rational_builds_in_sympy():
    """sin(arctan2(-2, 1e-300)) is -r/sqrt(1 + r**2) for a rational r of 300 digits: sympy 1.14's factor cache
    raised ValueError (a composite 'prime factor') taking that root."""
    from gradcli.expr.to_sympy import to_sympy

    expr = to_sympy(parse("sin(arctan2(-2, 1e-300))"))
    with mpmath.workdps(40):
        want = mpmath.sin(mpmath.atan2(-2, mpmath.mpf(1e-300)))
        assert relative(mpmath.mpf(str(expr.evalf(35))), want) < mpmath.mpf(10) ** -30


def test_diff_of_that_constant_is_refused_in_one_short_paragraph():
    outcome = run_cli(["diff", "x*(sin(arctan2(-2, 1e-300)))"])
    assert outcome.code == 2
    assert "digits" in outcome.stderr and "1,000" in outcome.stderr, outcome.stderr
    assert not re.search(r"\d{40}", outcome.stderr), outcome.stderr
    assert len(outcome.stderr) < 400, outcome.stderr
