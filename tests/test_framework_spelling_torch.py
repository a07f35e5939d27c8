"""PyTorch's findings name the op as PyTorch does (issue 29).

A finding on a replayed ATen op names the function the user's line called and the ATen op
("torch.exp (aten.exp)"), an op of PyTorch's backward graph the autograd node that ran it
("SoftplusBackward0 (aten.softplus_backward)"), in the library's results, JSON and text alike, gradcli's own
name of the op kept as ``gradcli_op``; a where leak names the ``torch.nan_to_num`` or ``torch.where`` the user
wrote. The truths are mpmath's values and the lines of the source below.
"""

import json
import re
import textwrap

import mpmath
import pytest
import torch  # noqa: F401 - the framework under test: imported once, here, for the file's CPU budget
from click.testing import CliRunner

import gradcli
from gradcli.cli import cli

SOURCE = textwrap.dedent('''\
    import torch
    import torch.nn.functional as F


    def naive(x):
        return torch.log(1 + torch.exp(x))


    def fused(x):
        return F.softplus(x, beta=1, threshold=1e9)


    def masked(x):
        return torch.nan_to_num(torch.log(x) * x)


    def chosen(x):
        return torch.where(x > 0, torch.sqrt(x), 0.0)


    class Scaled(torch.autograd.Function):
        @staticmethod
        def forward(ctx, x):
            ctx.save_for_backward(x)
            return torch.exp(x)

        @staticmethod
        def backward(ctx, g):
            (x,) = ctx.saved_tensors
            return g * torch.exp(x) * 1.01


    def wrong(x):
        return Scaled.apply(x)
''')


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    (path := tmp_path_factory.mktemp("spelling") / "torch_spelled.py").write_text(SOURCE)
    return str(path)


def _line(text):
    """The number of the one line of SOURCE holding ``text``."""
    return 1 + next(k for k, line in enumerate(SOURCE.splitlines()) if text in line)


def _check(module, name, at, dtype="float32"):
    (result,) = gradcli.check(f"{module}:{name}", [{"x": at}], dtypes=(dtype,), fixes=False).results
    return result


def test_an_overflow_names_the_torch_call_and_its_aten_op_in_json_and_text(module):
    at = ["--at", "x=100", "--dtype", "float32", "--no-fix"]
    run = CliRunner().invoke(cli, ["check", f"{module}:naive", *at, "--json"])
    (result,) = json.loads(run.stdout)["results"]
    assert result["status"] == "unstable"
    with mpmath.workdps(30):  # d/dx log(1 + e^x) = 1 / (1 + e^-x)
        assert result["exact_gradient"]["x"] == pytest.approx(float(1 / (1 + mpmath.exp(-100))), rel=1e-12)
    line = f"{module}:{_line('torch.log(1 + torch.exp(x))')}"
    (overflow,) = [f for f in result["findings"] if f["phase"] == "forward" and f["kind"] == "nonfinite"]
    assert (overflow["op"], overflow["gradcli_op"], overflow["location"]) == ("torch.exp (aten.exp)", "exp", line)
    (backward,) = [f for f in result["findings"] if f["phase"] == "backward"]
    assert (backward["op"], backward["gradcli_op"]) == ("ExpBackward0 (aten.mul)", "multiply"), backward
    # the sentences call the ops as PyTorch does too
    assert overflow["message"] == "torch.exp(100.0) overflowed: inf", overflow["message"]
    assert backward["message"].startswith("in the framework's backward pass, aten.mul(0.0, inf) gave nan"), backward
    text = CliRunner().invoke(cli, ["check", f"{module}:naive", *at]).output
    assert f"forward, torch.exp (aten.exp) at torch_spelled.py:{_line('torch.log(1 + torch.exp(x))')}:" in text, text
    assert f"backward, ExpBackward0 (aten.mul) at torch_spelled.py:" in text, text


def test_an_op_inside_a_fused_kernels_backward_is_named_inside_its_autograd_node(module):
    result = _check(module, "fused", 100.0)
    assert result.status.value == "unstable"
    (backward,) = [f for f in result.findings if f.phase == "backward"]
    assert backward.op == "exp in SoftplusBackward0 (aten.softplus_backward)", backward.op
    assert backward.gradcli_op == "exp" and backward.location == f"{module}:{_line('F.softplus')}"
    assert "backward pass, exp(100.0) gave inf" in backward.message  # a part of the kernel: gradcli's maths name


@pytest.mark.parametrize("name, written", [("masked", "torch.nan_to_num"), ("chosen", "torch.where")])
def test_a_where_leak_names_the_call_the_user_wrote(module, name, written):
    result = _check(module, name, -1.0)
    assert float(result.exact_gradient["x"]) == 0.0  # the value is a constant 0 left of 0: its slope is 0
    (leak,) = [f for f in result.findings if f.kind == "where-nan"]
    assert f"because {written}() did not select the branch" in leak.message, leak.message
    assert f"leaks through {written} (" in leak.message and not re.search(r"(?<![\w.])where\(\)", leak.message)


def test_a_wrong_backward_is_still_named_at_its_def_line(module):
    result = _check(module, "wrong", 0.5, "float64")
    assert result.status.value == "wrong"
    (rule,) = [f for f in result.findings if f.kind == "wrong-rule"]
    assert rule.op == "gradient rule backward() of Scaled" and rule.location == f"{module}:{_line('def backward')}"
    assert rule.gradcli_op is None
    assert float(result.exact_gradient["x"]) == pytest.approx(float(mpmath.exp(0.5)), rel=1e-12)
