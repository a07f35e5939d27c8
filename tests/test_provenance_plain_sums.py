"""A formula's backward pass that cancels where it adds up an input's gradients names that accumulation.

``sin(x)/x`` at x = 1e-10: x reaches the divide twice, and the quotient
rule's two gradients into it, cos(x)/x and -sin(x)/x^2, are +-1e10 and
cancel to 0 where the exact sum is -3.3e-11. A formula's first-order pass
adds plain numbers, which no op door sees: the recorder keeps that sum as an
op of the pass, so the finding names it with the two contributions, as it
does for a Python function, whose pass adds traced values.
"""

import json

import pytest
from click.testing import CliRunner

from gradcli.cli import cli

MODULE = '''import gradcli.numpy as np


def sinc_naive(x):
    return np.sin(x) / x
'''


def _findings(target):
    args = ["check", target, "--at", "x=1e-10", "--dtype", "float64", "--no-fix", "--json"]
    (checked,) = json.loads(CliRunner().invoke(cli, args).stdout)["results"]
    assert checked["gradient_status"] == "unstable"
    return checked["findings"]


@pytest.mark.parametrize("formula, contribution", [("sin(x)/x", "10000000000.0"), ("sin(pi*x)/(pi*x)", "9999999999.99999")])
def test_a_formulas_cancelling_accumulation_is_named_with_its_contributions(formula, contribution):
    (finding,) = [f for f in _findings(formula) if f["kind"] == "cancellation"]
    assert finding["phase"] == "backward"
    assert finding["op"] == "add (the gradient accumulation of the paths of an input that meet in divide)"
    assert len(finding["inputs"]) == 2 and all(contribution in i for i in finding["inputs"])
    assert finding["inputs"][0].startswith("-") != finding["inputs"][1].startswith("-")  # opposite signs: they cancel
    assert finding["output"] == "0.0" and "partial derivatives cancel" in finding["message"]
    assert finding["span"] == [0, len(formula)]  # the divide where x's two paths meet


def test_a_python_functions_cancelling_accumulation_is_named_alike(tmp_path):
    (tmp_path / "sinc.py").write_text(MODULE)
    (finding,) = [f for f in _findings(f"{tmp_path / 'sinc.py'}:sinc_naive") if f["kind"] == "cancellation"]
    assert finding["op"] == "add (the gradient accumulation of the paths of an input that meet in divide)"
    assert finding["location"] == f"{tmp_path / 'sinc.py'}:5"
    assert "10000000000.0" in finding["inputs"][0] and finding["output"] == "0.0"
