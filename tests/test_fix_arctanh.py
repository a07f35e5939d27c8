"""The fix ``log((1 + u)/(1 - u))`` -> ``2*arctanh(u)`` (and its half, ``arctanh(u)``) in formulas and in every spelling.

The rapidity, Fisher's z and the logit of (1 + r)/2 are written this way in
papers. Near u = 0 the ratio rounds to 1 + 2u and its log keeps only the
digits of that rounding: at u = 1e-17 every digit (value 0, slope 1 where the
truth is 1e-17 and 1); arctanh keeps u's. Each fix is re-checked at the point.
"""

import textwrap

import pytest

import gradcli
from gradcli.checker.fixes import candidate_rewrites
from gradcli.expr.parse import parse

GNP = """
import gradcli.numpy as gnp


def rapidity(v):
    return gnp.sum(0.5 * gnp.log((1 + v) / (1 - v)))
"""

JAX = """
import jax.numpy as jnp


def fisher_z(r):
    return jnp.sum(jnp.log(1 + r) - jnp.log(1 - r)) / 2
"""

TORCH = """
import torch


def rapidity(v):
    return torch.sum(torch.log((1 + v) / (1 - v)) * 0.5)
"""

TF = """
import tensorflow as tf


def rapidity(v):
    return tf.reduce_sum(0.5 * tf.math.log((1.0 + v) / (1.0 - v)))
"""

CASES = [  # (source, function, variable, the line the fix's diff adds)
    (GNP, "rapidity", "v", "+    return gnp.sum(gnp.arctanh(v))\n"),
    (JAX, "fisher_z", "r", "+    return jnp.sum(2 * jnp.arctanh(r)) / 2\n"),
    (TORCH, "rapidity", "v", "+    return torch.sum(torch.arctanh(v))\n"),
    (TF, "rapidity", "v", "+    return tf.reduce_sum(tf.math.atanh(v))\n"),
]
_FILES = {GNP: "gnp", JAX: "jax", TORCH: "torch", TF: "tf"}


@pytest.mark.parametrize("source, function, name, added", CASES, ids=[_FILES[c[0]] for c in CASES])
def test_the_log_ratio_becomes_arctanh_in_the_frameworks_spelling_and_rechecks_ok(tmp_path, source, function, name,
                                                                                  added):
    path = tmp_path / f"{_FILES[source]}_rapidity.py"
    path.write_text(textwrap.dedent(source))
    report = gradcli.check(f"{path}:{function}", [{name: [1e-17]}], dtypes=("float64",))
    assert [r.status.value for r in report.results] == ["unstable"]
    fixes = {f.name: f for f in report.fixes}
    assert "arctanh" in fixes, (report.notes, list(fixes))
    assert added in fixes["arctanh"].diff, fixes["arctanh"].diff
    assert set(fixes["arctanh"].after.values()) == {"ok"} and not fixes["arctanh"].partial


@pytest.mark.parametrize("formula, rewritten", [
    ("0.5*log((1 + v)/(1 - v))", "arctanh(v)"),
    ("log((1 + v)/(1 - v))/2", "arctanh(v)"),
    ("log((1+v)/(1-v))*0.5", "arctanh(v)"),
    ("3*log((1 + v)/(1 - v))", "3*2*arctanh(v)"),
    ("log(1 + v) - log(1 - v)", "2*arctanh(v)"),
    ("log1p(x*y) - log1p(-(x*y))", "2*arctanh(x*y)"),
])
def test_the_catalogue_spells_each_form(formula, rewritten):
    texts = {name: text for name, _, text in candidate_rewrites(parse(formula))}
    assert texts.get("arctanh") == rewritten, texts


@pytest.mark.parametrize("formula", ["log((1 + v)/(1 - w))", "log(1 + v) - log(1 - w)", "log((1 + v)/(1 + v))",
                                     "log1p(v) - log1p(v)", "0.25*log((1 + v)/(1 - v))"])
def test_no_arctanh_where_the_two_sides_are_not_one_u(formula):
    texts = {name: text for name, _, text in candidate_rewrites(parse(formula))}
    assert texts.get("arctanh") in (None, "0.25*2*arctanh(v)"), texts


def test_the_formula_fix_is_rechecked_ok_in_both_dtypes():
    report = gradcli.check("0.5*log((1 + v)/(1 - v))", [{"v": 1e-17}])
    assert {r.status.value for r in report.results} == {"unstable"}
    fix = {f.name: f for f in report.fixes}["arctanh"]
    assert fix.formula == "arctanh(v)" and set(fix.after.values()) == {"ok"}
