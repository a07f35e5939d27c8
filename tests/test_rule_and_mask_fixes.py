"""Known rewrites inside custom rules' bodies, and the double where for a mask or an operand on another line."""

import textwrap

import pytest

import gradcli

RULE = """
import torch


class Log1pExp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return torch.logaddexp(x, torch.zeros_like(x))

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return grad * torch.exp(x) / (1.0 + torch.exp(x))


def softplus_custom(x):
    return torch.sum(Log1pExp.apply(x))
"""


def _fixed(tmp_path, code, function, point, name):
    pytest.importorskip("torch")
    path = tmp_path / "user.py"
    path.write_text(textwrap.dedent(code))
    report = gradcli.check(f"{path}:{function}", [point], dtypes=("float64",))
    assert report.results[0].status.value in ("unstable", "wrong")
    fixed = {f.name: f for f in report.fixes}
    assert name in fixed, (report.notes, list(fixed))
    assert set(fixed[name].after.values()) == {"ok"}  # the rewritten file, loaded afresh, judged again
    return fixed[name].diff


def test_a_backward_rules_scaled_quotient_gets_the_frameworks_sigmoid(tmp_path):
    diff = _fixed(tmp_path, RULE, "softplus_custom", {"x": 800.0}, "sigmoid")
    assert "+        return grad * torch.sigmoid(x)\n" in diff, diff
