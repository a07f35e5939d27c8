"""The fix ``log(a/b)`` -> ``log1p((a - b)/b)``: the log of a ratio of two nearly equal numbers (a KL divergence of
nearly equal distributions, a log-mean temperature difference), in formulas and in every framework's spelling.

a/b rounds to within an ulp of 1 and its log keeps only that rounding: at
p = 0.3, q = 0.30000000000000004, p*log(p/q) is -6.66e-17 where the truth is
-5.55e-17. a - b is exact there (Sterbenz's lemma) and log1p keeps the
quotient's digits. Each fix is re-checked at the same points.
"""

import math
import textwrap

import pytest

import gradcli
from gradcli.checker.fixes import candidate_rewrites
from gradcli.expr.parse import parse

P, Q = 0.3, 0.30000000000000004

JAX = """
import jax.numpy as jnp


def kl(p, q):
    return jnp.sum(p * jnp.log(p / q))
"""

TORCH = """
import torch


def kl(p, q):
    return torch.sum(p * torch.log(p / q))
"""

NUMPY = """
import numpy as np


def kl(p, q):
    return np.sum(p * np.log(p / q))
"""

CASES = [
    (JAX, "+    return jnp.sum(p * jnp.log1p((p - q) / q))\n"),
    (TORCH, "+    return torch.sum(p * torch.log1p((p - q) / q))\n"),
    (NUMPY, "+    return np.sum(p * np.log1p((p - q) / q))\n"),
]
_FILES = {JAX: "jax", TORCH: "torch", NUMPY: "numpy"}


@pytest.mark.parametrize("source, added", CASES, ids=[_FILES[c[0]] for c in CASES])
def test_a_kl_of_nearly_equal_distributions_gets_log1p_of_the_difference(tmp_path, source, added):
    path = tmp_path / f"{_FILES[source]}_kl.py"
    path.write_text(textwrap.dedent(source))
    report = gradcli.check(f"{path}:kl", [{"p": [P, 0.7], "q": [Q, 0.6999999999999998]}], dtypes=("float64",))
    assert [r.status.value for r in report.results] == ["unstable"]
    fixes = {f.name: f for f in report.fixes}
    assert "log ratio" in fixes, (report.notes, list(fixes))
    assert added in fixes["log ratio"].diff, fixes["log ratio"].diff
    assert set(fixes["log ratio"].after.values()) == {"ok"} and not fixes["log ratio"].partial
    # the finding shows the ratio's digits, not a 1 that hides why the log failed
    logs = [f.message for f in report.results[0].findings if "next to 1" in f.message]
    assert logs and "0.9999999999999998" in logs[0] and "1.0000000000000002" in logs[0], logs


@pytest.mark.parametrize("formula, rewritten", [
    ("p*log(p/q)", "p*log1p((p - q)/q)"),
    ("log((x + 1)/(y - 1))", "log1p((x + 1 - (y - 1))/(y - 1))"),
    ("log2(a/b)", "log1p((a - b)/b)/log(2)"),
    ("log10(a/(b*c))", "log1p((a - (b*c))/(b*c))/log(10)"),
])
def test_the_catalogue_spells_each_form(formula, rewritten):
    texts = {name: text for name, _, text in candidate_rewrites(parse(formula))}
    assert texts.get("log ratio") == rewritten, texts


@pytest.mark.parametrize("formula", ["log(1/x)", "log(x/2)", "log(x*y)", "log(x)/y"])
def test_no_log_ratio_without_a_ratio_of_two_numbers_that_may_be_near(formula):
    assert "log ratio" not in {name for name, _, _ in candidate_rewrites(parse(formula))}


def test_the_rewritten_formulas_keep_the_value():
    # the rewrite is the same function: its exact value at the point is the original's, to every digit checked
    report = gradcli.check("p*log(p/q)", [{"p": P, "q": Q}])
    fix = {f.name: f for f in report.fixes}["log ratio"]
    assert fix.formula == "p*log1p((p - q)/q)"
    float64 = next(r for r in report.results if r.dtype == "float64")
    assert math.isclose(float64.exact_value, P * math.log1p((P - Q) / Q), rel_tol=1e-15)


def test_a_log_mean_temperature_difference_is_fixed_in_its_value_and_said_partial():
    # (a - b)/log(a/b) 1 ulp apart: log1p fixes the value; the quotient rule's slope still cancels (u/2 - u/2)
    report = gradcli.check("(a-b)/log(a/b)", [{"a": 300.0, "b": 300.00000000000006}], dtypes=("float64",))
    fix = {f.name: f for f in report.fixes}["log ratio"]
    assert fix.partial
    assert fix.formula == "(a-b)/log1p((a - b)/b)"
