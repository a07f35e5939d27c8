"""The fix ``exp(u) - exp(-u)`` -> ``2*sinh(u)`` (and its half, ``sinh(u)``), in formulas and in framework code.

Butler-Volmer's current i0 (e^(a f eta) - e^(-a f eta)) at a tiny
overpotential, and a sinh written out by hand: near u = 0 the two
exponentials round to 1 + u and 1 - u, and their difference keeps only that
rounding (at u = 1e-12 in float32, all of it). sinh keeps u's digits. Each fix
is re-checked at the point.
"""

import textwrap

import pytest

import gradcli
from gradcli.checker.fixes import candidate_rewrites
from gradcli.expr.parse import parse

TORCH = """
import torch

VT = 0.025852


def butler_volmer(eta, i0):
    return torch.sum(i0 * (torch.exp(0.5 * eta / VT) - torch.exp(-0.5 * eta / VT)))
"""

JAX = """
import jax.numpy as jnp


def sinh_by_hand(x):
    return jnp.sum((jnp.exp(x) - jnp.exp(-x)) / 2)
"""


@pytest.mark.parametrize("source, function, added", [
    (TORCH, "butler_volmer", "+    return torch.sum(i0 * (2 * torch.sinh(0.5 * eta / VT)))\n"),
    (JAX, "sinh_by_hand", "+    return jnp.sum(jnp.sinh(x))\n"),
], ids=["torch", "jax"])
def test_a_difference_of_opposite_exponentials_becomes_sinh_and_rechecks_ok(tmp_path, source, function, added):
    path = tmp_path / f"{function}.py"
    path.write_text(textwrap.dedent(source))
    point = {"eta": [1e-12], "i0": [1e-3]} if function == "butler_volmer" else {"x": [1e-12]}
    report = gradcli.check(f"{path}:{function}", [point])
    assert {r.status.value for r in report.results} == {"unstable"}
    fixes = {f.name: f for f in report.fixes}
    assert "sinh" in fixes, (report.notes, list(fixes))
    assert added in fixes["sinh"].diff, fixes["sinh"].diff
    assert set(fixes["sinh"].after.values()) == {"ok"} and not fixes["sinh"].partial


@pytest.mark.parametrize("formula, rewritten", [
    ("exp(x) - exp(-x)", "2*sinh(x)"),
    ("exp(-x) - exp(x)", "2*sinh(-x)"),
    ("(exp(x) - exp(-x))/2", "sinh(x)"),
    ("0.5*(exp(a*x) - exp(-a*x))", "sinh(a*x)"),
    ("exp(0.5*e/v) - exp(-0.5*e/v)", "2*sinh(0.5*e/v)"),
    ("exp(x*2) - exp(x*-2)", "2*sinh(x*2)"),
    ("exp(-(a + b)) - exp(a + b)", "2*sinh(-(a + b))"),
])
def test_the_catalogue_spells_each_form(formula, rewritten):
    texts = {name: text for name, _, text in candidate_rewrites(parse(formula))}
    assert texts.get("sinh") == rewritten, texts


@pytest.mark.parametrize("formula", ["exp(x) - exp(-y)", "exp(x) - exp(x)", "exp(2*x) - exp(-x)", "exp(x) + exp(-x)",
                                     "exp(0.5*x/v) - exp(-0.5*x/w)", "exp(x*y) - exp(-x*-y)"])
def test_no_sinh_where_the_exponents_are_not_opposite(formula):
    assert "sinh" not in {name for name, _, _ in candidate_rewrites(parse(formula))}
