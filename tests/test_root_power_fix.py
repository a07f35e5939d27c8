"""x * sqrt(x) is offered as x ** 1.5, re-checked: at 0 its product rule is 0 * inf, the power's rule the slope 0.

At the edge of its domain x * sqrt(x) has the one-sided slope 0, which its
product rule, sqrt's infinite slope times 0, makes NaN at any precision
(`wrong`); x ** 1.5 is the same real function, whose rule gives 0. The formula
catalogue and the array patterns offer it; a look-alike of two arguments is left.
"""

import textwrap

import pytest

import gradcli
from gradcli.checker.fixes import candidate_rewrites
from gradcli.checker.source_fixes import source_rewrites
from gradcli.expr.parse import parse


def test_the_formula_is_rewritten_and_rechecked():
    names = {name: text for name, _, text in candidate_rewrites(parse("x*sqrt(x)"))}
    assert names["root power"] == "x**1.5"
    assert {name: text for name, _, text in candidate_rewrites(parse("sqrt(1 + x)**3"))}["root power"] == "(1 + x)**1.5"
    assert "root power" not in {name for name, _, _ in candidate_rewrites(parse("x*sqrt(y)"))}
    report = gradcli.check("x*sqrt(x)", [{"x": 0.0}], dtypes=["float64"])
    assert report.results[0].status == "wrong"
    fix = next(f for f in report.fixes if f.name == "root power")
    assert set(fix.after.values()) == {"ok"}


CODE = """
import numpy as np


def times_root(v):
    return v * np.sqrt(v)


def cubed_root(v):
    return np.sqrt(v + 1.0) ** 3


def two_arguments(v, w):
    return v * np.sqrt(w)
"""


def test_array_code_gets_the_power_in_its_own_spelling(tmp_path):
    source = textwrap.dedent(CODE)
    found = source_rewrites(source, list(range(1, source.count("\n") + 2)), "numpy", None)
    texts = {name: [text for _, text in edits] for name, _, edits in found}
    assert texts["root power"] == ["v ** 1.5", "(v + 1.0) ** 1.5"]
    path = tmp_path / "roots.py"
    path.write_text(source)
    report = gradcli.check(f"{path}:times_root", [{"v": 0.0}], dtypes=["float64"])
    assert report.results[0].status == "wrong"
    fix = next(f for f in report.fixes if f.name == "root power")
    assert set(fix.after.values()) == {"ok"} and "+    return v ** 1.5" in fix.diff
