"""Findings point at the right place, in the user's own words: rules located, fixes in the module's spelling."""

import json

import numpy as np
from click.testing import CliRunner

from gradcli.checker import point, provenance
from gradcli.checker.targets import resolve
from gradcli.cli import cli

LOSSES = '''import gradcli
import gradcli.numpy as np


def naive_softplus(x):
    return np.log(1 + np.exp(x))


@gradcli.custom_gradient
def bad_square(x):
    def grad_fn(upstream):
        return upstream * 3 * x

    return x * x, grad_fn


def uses_bad(x):
    return bad_square(x) + 1.0


def twice(x):
    e = np.sin(x)
    return np.sum(e * 1e308) + np.sum(e * 1e308)


def softmax_loss(x):
    e = np.exp(x)
    p = e / np.sum(e)
    return np.sum(p * p)
'''


def grad_json(tmp_path, target, *args):
    (tmp_path / "losses.py").write_text(LOSSES)
    result = CliRunner().invoke(cli, ["grad", f"{tmp_path / 'losses.py'}:{target}", "--dtype", "float64", "--json", *args])
    assert result.exit_code == 0, result.stderr
    return json.loads(result.stdout)["results"][0]


def grad_text(tmp_path, target, *args):
    (tmp_path / "losses.py").write_text(LOSSES)
    result = CliRunner().invoke(cli, ["grad", f"{tmp_path / 'losses.py'}:{target}", *args])
    assert result.exit_code == 0, result.stderr
    return result.stdout


def test_a_wrong_custom_gradient_names_its_rule_and_line(tmp_path):
    result = grad_json(tmp_path, "uses_bad", "--at", "2")
    (finding,) = [f for f in result["findings"] if f["kind"] == "wrong-rule"]
    assert finding["op"] == "gradient rule grad_fn() of bad_square"
    assert finding["location"] == f"{tmp_path / 'losses.py'}:11"  # def grad_fn(upstream):
    assert "backward, gradient rule grad_fn() of bad_square at losses.py:11" in grad_text(tmp_path, "uses_bad", "--at", "2", "--dtype", "float64")


def test_fixes_are_spelled_with_the_modules_own_alias(tmp_path):
    text = grad_text(tmp_path, "naive_softplus", "--at", "100", "--dtype", "float32")
    assert "+    return np.logaddexp(0, x)" in text and "gradcli.numpy.logaddexp" not in text


def test_messages_print_arrays_as_lists(tmp_path):
    text = grad_text(tmp_path, "softmax_loss", "--at", "x=[1000,0,1]", "--dtype", "float64", "--no-fix")
    assert "exp([1000, 0, 1]) overflowed: [inf, 1, 2.718282]" in text


def test_an_implicit_gradient_accumulation_is_named_at_the_value_used_twice(tmp_path):
    (tmp_path / "losses.py").write_text(LOSSES)
    target = resolve(f"{tmp_path / 'losses.py'}:twice")
    _, _, recording = point._run(target, [np.array([1e-10, 0.0])], (0,), np.float64)
    (finding,) = [f for f in provenance.nonfinite_findings(recording, True, False) if f.phase == "backward"]
    assert finding.op == "the gradient accumulation of sin's 2 uses"
    assert finding.location == f"{tmp_path / 'losses.py'}:22"  # e = np.sin(x)
    assert "[1e+308, 1e+308] + [1e+308, 1e+308]" in finding.message
    broadcasts = [op for op in recording.ops if op.phase == "backward" and op.name == "broadcast_to"]
    assert broadcasts and provenance.backward_op_label(broadcasts[0]) == "broadcast_to in the gradient of sum"


def test_a_finite_difference_of_zero_where_the_exact_gradient_is_not_is_marked_unreliable():
    result = CliRunner().invoke(cli, ["grad", "1 + 1e-40*abs(x)^3", "--at", "1", "--dtype", "float64", "--no-fix"])
    assert "│ 0 (unreliable) │" in result.stdout
