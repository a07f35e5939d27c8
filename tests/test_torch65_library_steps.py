"""A step inside a fused library call, where a finding names it, is named by that call: the subtract of
``x - logsumexp(x)`` that cancels in ``F.log_softmax``, ``torch.log_softmax`` and ``F.cross_entropy`` at a logit of
100 is "subtract in torch.nn.functional.log_softmax (aten._log_softmax)" at the user's line, as the step of a
backward kernel is named inside its autograd node; and a backward step is named by the autograd node that ran it even
where another node's step of gradcli's name shares its line (log's g / u beside nll_loss's mean). The truths: mpmath's
log(1 + e^-200) and 1 + tanh(100), and the source's lines.
"""

import json
import textwrap

import mpmath
import pytest
import torch  # noqa: F401 - the framework under test: imported once, here, for the file's CPU budget
from click.testing import CliRunner
from read_checks import checked, line_of

from gradcli.cli import cli

SOURCE = textwrap.dedent('''\
    import torch
    import torch.nn.functional as F


    def functional(x):
        v = torch.stack([x, -x])
        return -F.log_softmax(v, dim=0)[0]


    def method(x):
        v = torch.stack([x, -x])
        return -torch.log_softmax(v, dim=0)[0]


    def loss(x):
        v = torch.stack([x, -x]).reshape(1, 2)
        return F.cross_entropy(v, torch.tensor([0]))


    def picked(x):
        v = torch.stack([x, -x]).reshape(1, 2)
        return F.nll_loss(torch.log(torch.softmax(v, dim=1)), torch.tensor([1]))
''')


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    (path := tmp_path_factory.mktemp("library") / "losses.py").write_text(SOURCE)
    return str(path)



@pytest.mark.parametrize("name, called, written", [
    ("functional", "torch.nn.functional.log_softmax", "F.log_softmax("),
    ("method", "torch.log_softmax", "torch.log_softmax("),
    ("loss", "torch.nn.functional.cross_entropy", "F.cross_entropy("),
])
def test_the_cancelling_subtract_inside_a_library_call_is_named_by_the_call(module, name, called, written):
    (result,) = checked(module, name, {"x": 100.0})
    with mpmath.workdps(40):  # -log_softmax([x, -x])[0] = log(1 + e^-2x)
        exact = mpmath.log1p(mpmath.exp(-200))
    assert result.status.value == "unstable"
    assert float(result.exact_value) == pytest.approx(float(exact), rel=1e-12)
    (forward,) = [f for f in result.findings if f.phase == "forward" and f.kind == "cancellation"]
    assert (forward.op, forward.gradcli_op) == (f"subtract in {called} (aten._log_softmax)", "subtract"), forward.op
    assert forward.location == f"{module}:{line_of(SOURCE, written)}"
    assert forward.message.startswith("cancellation: subtract([")  # a part of the kernel: gradcli's maths name


def test_the_json_and_the_terminal_name_the_call(module):
    at = ["--at", "x=100", "--dtype", "float64", "--no-fix"]
    run = CliRunner().invoke(cli, ["check", f"{module}:functional", *at, "--json"])
    (result,) = json.loads(run.stdout)["results"]
    ops = [f["op"] for f in result["findings"] if f["phase"] == "forward"]
    assert "subtract in torch.nn.functional.log_softmax (aten._log_softmax)" in ops, ops
    text = " ".join(CliRunner().invoke(cli, ["check", f"{module}:functional", *at]).stdout.split())
    assert (f"forward, subtract in torch.nn.functional.log_softmax (aten._log_softmax) at "
            f"losses.py:{line_of(SOURCE, 'F.log_softmax(')}: cancellation") in text, text


def test_a_backward_step_is_named_by_its_own_node_beside_another_nodes_step_on_its_line(module):
    (result,) = checked(module, "picked", {"x": 100.0}, ("float32",))
    with mpmath.workdps(30):  # -log softmax([x, -x])[1] = x + log(e^x + e^-x): slope 1 + tanh(x)
        assert float(result.exact_gradient["x"]) == pytest.approx(float(1 + mpmath.tanh(100)), rel=1e-12)
    (backward,) = [f for f in result.findings if f.phase == "backward"]
    # log's rule divides by softmax's [1, 0]; nll_loss's mean divides by its weight, 1, before it on the line
    assert (backward.op, backward.gradcli_op) == ("LogBackward0 (aten.div)", "divide"), backward.op
    assert backward.location == f"{module}:{line_of(SOURCE, 'F.nll_loss(')}"
    assert backward.message.startswith("in the framework's backward pass, aten.div([[0, -1]], [[1, 0]]) gave"), backward.message
