"""The fix ``(1 + u)**y`` -> ``exp(y*log1p(u))`` (and ``(1 - u)**y``): interest compounded n times a year, Arps'
hyperbolic decline as its b nears 0, a survival to the power of many trials.

1 + u rounds a small u and the power raises that rounding to a large y: at
u = 1e-12, y = 1e12 the value is off in its fourth digit in float64 and in every
digit in float32; log1p keeps u. Where the slope in y itself cancels (Arps'
slope in b is (log1p(u) - u/(1 + u))/b^2, two terms near u/b^2), the fix is
said partial: the value mended, the gradient not.
"""

import textwrap

import pytest

import gradcli
from gradcli.checker.fixes import candidate_rewrites
from gradcli.expr.parse import parse

NUMPY = """
import numpy as np


def arps(t, qi, d, b):
    return np.sum(qi * (1 + b * d * t) ** (-1 / b))


def survival(p, n):
    return (1 - p) ** n
"""


def test_a_survival_over_many_trials_is_fixed_by_log1p():
    report = gradcli.check("(1 - x)**y", [{"x": 1e-12, "y": 1e12}])
    assert {r.status.value for r in report.results} == {"unstable"}
    fix = {f.name: f for f in report.fixes}["compound"]
    assert fix.formula == "exp(y*log1p(-x))"
    assert set(fix.after.values()) == {"ok"} and not fix.partial


def test_arps_decline_in_numpy_gets_the_value_mended_and_is_said_partial(tmp_path):
    path = tmp_path / "decline.py"
    path.write_text(textwrap.dedent(NUMPY))
    report = gradcli.check(f"{path}:arps", [{"t": [10.0], "qi": [100.0], "d": [0.1], "b": [1e-12]}], dtypes=("float64",))
    fix = {f.name: f for f in report.fixes}["compound"]
    assert "+    return np.sum(qi * np.exp(-1 / b * np.log1p(b * d * t)))\n" in fix.diff, fix.diff
    assert fix.partial  # the slope in b cancels in either form


def test_a_plain_numpy_survival_gets_the_fix_in_numpys_spelling(tmp_path):
    path = tmp_path / "decline.py"
    path.write_text(textwrap.dedent(NUMPY))
    report = gradcli.check(f"{path}:survival", [{"p": 1e-12, "n": 1e12}])
    fix = {f.name: f for f in report.fixes}["compound"]
    assert "+    return np.exp(n * np.log1p(-p))\n" in fix.diff, fix.diff
    assert set(fix.after.values()) == {"ok"} and not fix.partial


@pytest.mark.parametrize("formula, rewritten", [
    ("(1 + r/n)**(n*t)", "exp((n*t)*log1p(r/n))"),
    ("(1 - x)**y", "exp(y*log1p(-x))"),
    ("(1 - a*b)**y", "exp(y*log1p(-(a*b)))"),
    ("q*(1 + b*d*t)**(-1/b)", "q*exp((-1/b)*log1p(b*d*t))"),
])
def test_the_catalogue_spells_each_form(formula, rewritten):
    texts = {name: text for name, _, text in candidate_rewrites(parse(formula))}
    assert texts.get("compound") == rewritten, texts


@pytest.mark.parametrize("formula", ["(1 + x)**2", "(1 + x)**1.5", "(1 + x)**-3", "(2 + x)**y", "x**y"])
def test_no_compound_rewrite_for_a_number_as_exponent_or_another_base(formula):
    assert "compound" not in {name for name, _, _ in candidate_rewrites(parse(formula))}
