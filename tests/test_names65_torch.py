"""PyTorch's own rule that is off is named as the user wrote the call, and its stable spelling is offered re-checked.

``F.binary_cross_entropy(torch.sigmoid(x), target)`` at x = 30 in float64: PyTorch's backward of the loss divides by
max((1 - p) p, 1e-12), so its gradient is about 0.09 where the exact one, sigmoid(30), is 1. The finding names
``torch.nn.functional.binary_cross_entropy gradient (aten.binary_cross_entropy_backward)`` at the user's line, and
``F.binary_cross_entropy_with_logits(x, target)`` is offered. The truths are mpmath's and PyTorch's own numbers.
"""

import json
import textwrap

import mpmath
import pytest
import torch
from click.testing import CliRunner

import gradcli
from gradcli.cli import cli

SOURCE = textwrap.dedent('''\
    import torch
    import torch.nn.functional as F


    def loss(x):
        target = torch.tensor(0.0, dtype=x.dtype)
        return F.binary_cross_entropy(torch.sigmoid(x), target)
''')


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    (path := tmp_path_factory.mktemp("names65") / "torch_rule_named.py").write_text(SOURCE)
    return str(path)


def test_pytorchs_clamped_rule_is_named_at_the_users_line_and_the_logits_form_offered(module):
    run = CliRunner().invoke(cli, ["check", f"{module}:loss", "--at", "x=30", "--dtype", "float64", "--json"])
    report = json.loads(run.stdout)
    (result,) = report["results"]
    assert result["status"] == "wrong"
    with mpmath.workdps(40):  # -log(1 - sigmoid(x)) = log(1 + e^x), whose slope is sigmoid(x)
        assert result["exact_gradient"]["x"] == pytest.approx(float(1 / (1 + mpmath.exp(-30))), rel=1e-12)
        assert result["exact_value"] == pytest.approx(float(mpmath.log1p(mpmath.exp(30))), rel=1e-12)
    x = torch.tensor(30.0, dtype=torch.float64, requires_grad=True)
    torch.nn.functional.binary_cross_entropy(torch.sigmoid(x), torch.tensor(0.0, dtype=torch.float64)).backward()
    assert result["gradient"]["x"] == pytest.approx(x.grad.item(), rel=1e-12)  # PyTorch's own, far from 1
    (rule,) = [f for f in result["findings"] if f["kind"] == "wrong-rule"]
    assert (rule["op"], rule["framework_op"], rule["location"]) == (
        "torch.nn.functional.binary_cross_entropy gradient (aten.binary_cross_entropy_backward)",
        "aten.binary_cross_entropy_backward", f"{module}:7"), rule
    (fix,) = [f for f in report["fixes"] if "binary_cross_entropy_with_logits" in (f.get("diff") or "")]
    assert "+    return F.binary_cross_entropy_with_logits(x, target)" in fix["diff"], fix["diff"]
    assert (fix["before"], fix["after"]) == ({"x=30 float64": "wrong"}, {"x=30 float64": "ok"})  # re-checked in PyTorch
    text = CliRunner().invoke(cli, ["check", f"{module}:loss", "--at", "x=30", "--dtype", "float64"]).output
    assert "torch.nn.functional.binary_cross_entropy gradient (aten.binary_cross_entropy_backward) at " \
           "torch_rule_named.py:7" in text.replace("\n", ""), text
    assert "x=30 float64: wrong -> ok" in text.replace("\n", " ").replace("  ", " "), text


def test_the_same_loss_where_its_rule_holds_is_left_unnamed(module):
    (result,) = gradcli.check(f"{module}:loss", [{"x": 1.0}], dtypes=("float64",), fixes=False).results
    assert result.status.value == "ok", result.findings
    with mpmath.workdps(40):
        assert result.exact_gradient["x"] == pytest.approx(float(1 / (1 + mpmath.exp(-1))), rel=1e-12)
