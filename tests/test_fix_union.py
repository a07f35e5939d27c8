"""Rewrites that each fix part of a program, offered together once re-checked; and arccosh(1 + x) rewritten.

The focal loss ``-((1 - p)**0.5) * log(p)`` with ``p = sigmoid(z)`` at z = 40: ``1 - p`` rounds to 0 and
``log(p)`` to 0, so the sigmoid complement alone leaves the log's loss and log_sigmoid alone is better nowhere
(the power's NaN slope hides it); both together are `ok` (value e^-40 * e^-20, slope -1.31e-26).
"""

import textwrap

import gradcli
from gradcli.checker.fixes import judged_rewrites, verdict_parts

FOCAL = "-((1 - sigmoid(z))**0.5) * log(sigmoid(z))"

JAX = """
import jax
import jax.numpy as jnp


def focal_loss(z):
    p = jax.nn.sigmoid(z)
    return -((1 - p) ** 0.5) * jnp.log(p)
"""

AT_40 = [{"z": 40.0}]


def _check(target, points=AT_40):
    return gradcli.check(target, points, dtypes=("float64",))


def _union(report):
    return [fix for fix in report.fixes if " + " in fix.name]


def test_the_focal_loss_formula_gets_both_rewrites_together_rechecked_ok():
    report = _check(FOCAL)
    assert [r.status.value for r in report.results] == ["unstable"]
    (union,) = _union(report)
    assert union.name == "sigmoid complement + log sigmoid"
    assert union.formula == "-(sigmoid(-z)**0.5) * -softplus(-z)"
    assert set(union.after.values()) == {"ok"} and not union.partial
    assert report.fixes[0] is union  # it fixes what each alone leaves: offered first
    alone = {fix.name: fix for fix in report.fixes if fix is not union}
    assert alone["sigmoid complement"].partial


def test_the_focal_loss_as_a_jax_function_gets_one_diff_with_both_rewrites(tmp_path):
    path = tmp_path / "focal_jax.py"
    path.write_text(textwrap.dedent(JAX))
    report = _check(f"{path}:focal_loss")
    assert [r.status.value for r in report.results] == ["unstable"]
    (union,) = _union(report)
    assert set(union.name.split(" + ")) == {"sigmoid complement", "log_sigmoid"}
    assert "+    return -(jax.nn.sigmoid(-z) ** 0.5) * jax.nn.log_sigmoid(z)\n" in union.diff, union.diff
    added = [line for line in union.diff.splitlines() if line.startswith("+") and not line.startswith("+++")]
    assert len(added) == 1  # one line carries both rewrites
    assert set(union.after.values()) == {"ok"} and not union.partial


def test_where_one_rewrite_alone_fixes_the_program_no_union_is_tried():
    # log(sigmoid(-y)) at y = 40 and log(1 + exp(w)) at w = 0 are accurate already: their rewrites are better
    # nowhere, and the complement alone is enough
    report = _check("(1 - sigmoid(x))**2 + log(sigmoid(-y)) + log(1 + exp(w))", [{"x": 40.0, "y": 40.0, "w": 0.0}])
    names = [fix.name for fix in report.fixes]
    assert names == ["sigmoid complement"] and not report.fixes[0].partial
    assert any("log sigmoid (better nowhere)" in note for note in report.notes), report.notes
    assert not any(" + " in note for note in report.notes)


def _candidate(name, text):
    return name, name, text, lambda: text, None


def test_a_union_no_better_than_a_rewrite_alone_is_not_offered():
    # the union's recheck is the complement's own text: it does no better than that rewrite alone
    before = verdict_parts(_check(FOCAL))
    complement = "-(sigmoid(-z)**0.5) * log(sigmoid(z))"
    candidates = [_candidate("complement", complement), _candidate("log", "-((1 - sigmoid(z))**0.5) * -softplus(-z)")]
    asked = []

    def union(names):
        asked.append(names)
        return _candidate("complement + log", complement)

    fixes, rejected = judged_rewrites(before, candidates, 3, lambda text: _check(text), union)
    assert asked == [["complement", "log"]]
    assert [fix.name for fix in fixes] == ["complement"]
    assert ("complement + log", "not better than each rewrite alone") in rejected


def test_arccosh_of_one_plus_a_small_x_is_rewritten_and_rechecked_ok():
    report = _check("arccosh(1 + x)", [{"x": 1e-20}])
    assert [r.status.value for r in report.results] == ["unstable"]
    (fix,) = [fix for fix in report.fixes if fix.name == "arccosh near 1"]
    assert fix.formula == "log1p(x + sqrt(x*(x + 2)))"
    assert set(fix.after.values()) == {"ok"}


def test_arccosh_of_one_plus_a_small_x_in_a_jax_function_is_rewritten_in_jax_spelling(tmp_path):
    path = tmp_path / "acosh_jax.py"
    path.write_text("import jax.numpy as jnp\n\n\ndef f(x):\n    return jnp.arccosh(1 + x)\n")
    report = _check(f"{path}:f", [{"x": 1e-20}])
    (fix,) = [fix for fix in report.fixes if fix.name == "arccosh near 1"]
    assert "+    return jnp.log1p(x + jnp.sqrt(x * (x + 2)))\n" in fix.diff, fix.diff
    assert set(fix.after.values()) == {"ok"}
