"""A fix's rewrite drops the brackets it no longer needs, and formulas get the ``1 - sigmoid(u)`` -> ``sigmoid(-u)`` rewrite."""

import gradcli
from gradcli.checker.fixes import candidate_rewrites
from gradcli.checker.source_fixes import source_rewrites, splice
from gradcli.expr.parse import parse


def _rewritten(formula):
    return {name: text for name, _, text in candidate_rewrites(parse(formula))}


def test_a_formula_gets_the_sigmoid_complement_rechecked_ok():
    report = gradcli.check("(1 - sigmoid(x))**2", [{"x": 40.0}], dtypes=("float64",))
    assert [r.status.value for r in report.results] == ["unstable"]
    (fix,) = [f for f in report.fixes if f.name == "sigmoid complement"]
    assert fix.formula == "sigmoid(-x)**2"
    assert set(fix.after.values()) == {"ok"}


def test_the_sigmoid_complement_of_a_negated_argument_drops_the_minus():
    assert _rewritten("1 - sigmoid(-x)")["sigmoid complement"] == "sigmoid(x)"
    assert _rewritten("1 - expit(x*y)")["sigmoid complement"] == "sigmoid(-(x*y))"


def test_formula_brackets_go_only_where_the_formula_means_the_same_without_them():
    assert _rewritten("2*(log(1 + exp(x)))")["softplus"] == "2*softplus(x)"
    assert _rewritten("exp((1 - sigmoid(-x)))")["sigmoid complement"] == "exp(sigmoid(x))"
    # a quotient squared keeps its brackets; a call's own brackets are never a group
    assert _rewritten("(sqrt(x+1) - sqrt(x))**2")["conjugate"] == "(1/(sqrt(x+1) + sqrt(x)))**2"
    assert _rewritten("exp(1 - sigmoid(x))")["sigmoid complement"] == "exp(sigmoid(-x))"


SOURCE = """import gradcli.numpy as gnp


def f(z):
    return (gnp.log(1 + gnp.exp(z))) ** 2 + gnp.exp((gnp.exp(z) - 1)) + (gnp.sqrt(z + 1) - gnp.sqrt(z)) ** 2
"""


def test_python_brackets_go_only_where_the_code_means_the_same_without_them():
    lines = {name: splice(SOURCE, edits).splitlines()[4] for name, _, edits in source_rewrites(SOURCE, [5])}
    assert lines["softplus"].startswith("    return gnp.softplus(z) ** 2 + ")
    assert "+ gnp.exp(gnp.expm1(z)) +" in lines["expm1"]
    assert lines["conjugate"].endswith("+ (1 / (gnp.sqrt(z + 1) + gnp.sqrt(z))) ** 2")
