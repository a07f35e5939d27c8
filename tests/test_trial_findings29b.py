"""The classes behind the twenty-ninth round (b)'s findings (tests/trials/cases29b.py), each tested for its class.

P1: the op an unstable result's finding names was the one whose own relative error grew most, even when nothing it
made reached a result: a planar flow's f = z + u tanh(w.z) cancels to 3e-19 at w.z = -1e-6 (error 8e-5 of itself),
but f enters the loss as f^2 / 2 beside a log-determinant of 27, which swallows that error whole, while the
log-determinant's 1 + u.w (1 - h^2) cancels to 1e-12 (error 2e-5) and carries it to the value and the gradient.
The finding named f's line. Now a candidate whose every path to a result ends in an add or subtract whose exact
result is over 1000 roundings larger than the error carried to it is no root cause, and the log-determinant's line
is named. The truths below are where the mathematics puts the loss: the log-determinant's cancellation (its value
h^2 = tanh(1e-6)^2, about 1e-12, from numbers near 1).

T3: a module built inside the checked function (an nn.GRU in the input's dtype) draws its initial weights from
PyTorch's unseeded generator, and the function overwrote every one with copy_ under no_grad; gradcli refused the
draw as it happened ("is not seeded in the function"), though the result never reads it. Now an unseeded draw is
refused only where two eager runs from two generator states give other results; a draw the result reads is refused
as before. The truth below is the copied weights themselves: the slope of w.x + b in x is w.
"""

import json

import pytest
from click.testing import CliRunner

from gradcli.cli import cli

USER_CODE = '''import gradcli.numpy as np


def planar_edge(z):
    h = np.tanh(-z)
    f = z + h
    log_det = np.log(np.abs(1 - (1 - h ** 2)))
    return 0.5 * f ** 2 - log_det


def difference_alone(z):
    h = np.tanh(-z)
    f = z + h
    return 1e18 * f
'''


def _checked(tmp_path, function):
    (tmp_path / "flows.py").write_text(USER_CODE)
    args = ["check", f"{tmp_path / 'flows.py'}:{function}", "--at", "z=1e-6", "--dtype", "float64", "--no-fix", "--json"]
    (checked,) = json.loads(CliRunner().invoke(cli, args).stdout)["results"]
    return checked


def _lines(checked, path):
    return {f["location"].rpartition(":")[2] for f in checked["findings"]
            if f["kind"] == "cancellation" and (f.get("location") or "").startswith(str(path))}


def test_a_cancellation_swallowed_by_a_larger_sum_is_not_the_one_named(tmp_path):
    checked = _checked(tmp_path, "planar_edge")
    assert checked["status"] == "unstable"
    # -log(tanh(z)^2)'s slope at 1e-6 is -2 / (tanh cosh^2) = -2e6 to six digits: the replay's exact slope
    assert checked["exact_gradient"]["z"] == pytest.approx(-2e6, rel=1e-6)
    assert _lines(checked, tmp_path) == {"7"}  # 1 - (1 - h ** 2), not z + h


def test_a_cancellation_that_reaches_the_result_is_still_named(tmp_path):
    checked = _checked(tmp_path, "difference_alone")
    assert checked["status"] == "unstable"
    assert _lines(checked, tmp_path) == {"13"}  # z + h, returned scaled: its error is the result's


TORCH_CODE = '''import torch


def fixed_linear(x):
    layer = torch.nn.Linear(2, 1, dtype=x.dtype)
    with torch.no_grad():
        layer.weight.copy_(torch.tensor([[0.5, -1.5]]))
        layer.bias.fill_(0.25)
    return layer(x).sum()


def noisy_linear(x):
    return (x * torch.randn(2, dtype=x.dtype)).sum()
'''


def _torch_check(tmp_path, function):
    pytest.importorskip("torch")
    (tmp_path / "built.py").write_text(TORCH_CODE)
    args = ["check", f"{tmp_path / 'built.py'}:{function}", "--at", "x=[1,2]", "--dtype", "float64", "--no-fix",
            "--json"]
    return CliRunner().invoke(cli, args)


def test_a_module_whose_random_start_the_function_overwrites_is_checked(tmp_path):
    run = _torch_check(tmp_path, "fixed_linear")
    (checked,) = json.loads(run.stdout)["results"]
    assert checked["status"] == "ok"
    assert checked["exact_gradient"]["x"] == pytest.approx([0.5, -1.5], rel=1e-12)


def test_an_unseeded_draw_the_result_reads_is_still_refused(tmp_path):
    run = _torch_check(tmp_path, "noisy_linear")
    assert run.exit_code == 2 and "is not seeded in the function" in run.stderr
