"""Findings name the op that lost the digits or made the NaN, at the user's line, in the right words.

An `unstable` gradient always carries a finding, a plain-NumPy module's
backward ops keep their source line, an exact subtraction of equal inputs is
no cancellation, the log of a constant 0 is no overflow (and no problem when
nothing else is), nor arctanh at its pole, a value lost before an
infinite gradient is still named, and a clamp is named as the clamp where a NaN leaks through it.
"""

import json

import pytest
from click.testing import CliRunner

from gradcli.cli import cli

GRADCLI_MODULE = '''import gradcli.numpy as np

NOISE = np.array([0.3, -0.1, 0.2])


def cold_softmax(logits):
    y = (logits + NOISE) / 1e-3
    return np.sum(np.array([1.0, 3.0, -2.0]) * np.exp(y - np.logsumexp(y)))
'''
COLD_Y_LINE = 7

NUMPY_MODULE = '''import numpy as np

COUNTS = np.array([3e8, 2e6])
WEIGHTS = np.array([0.0, 0.3, 0.7])
MEANS = np.array([0.0, 1.0, -1.0])


def poisson_log_rate(lr):
    return np.sum(np.exp(lr) - COUNTS * lr)


def kl_normal_log(mu1, log_s1, mu2, log_s2):
    return log_s2 - log_s1 + 0.5 * (np.exp(2 * (log_s1 - log_s2)) + (mu1 - mu2) ** 2 * np.exp(-2 * log_s2)) - 0.5


def mixture_lse(x):
    a = np.log(WEIGHTS) - 0.5 * (x - MEANS) ** 2 - 0.5 * np.log(2 * np.pi)
    m = np.max(a)
    return m + np.log(np.sum(np.exp(a - m)))
'''
POISSON_LINE = 9

TORCH_MODULE = '''import torch
import torch.nn.functional as F


def cold_softmax(z):
    return torch.sum(torch.tensor([1.0, 3.0, -2.0], dtype=z.dtype) * F.softmax(z / 1e-3, dim=-1))


def clip_unit(x):
    scale = torch.clamp(1.0 / torch.linalg.vector_norm(x), max=1.0)
    return torch.sum(torch.tensor([1.0, 2.0], dtype=x.dtype) * x * scale)
'''
TORCH_SOFTMAX_LINE, CLAMP_LINE = 6, 10


def check(tmp_path, name, text, target, *args):
    """The one result of ``gradcli check --json`` on ``target`` of a module written from ``text``."""
    path = tmp_path / f"{name}.py"
    path.write_text(text)
    result = CliRunner().invoke(cli, ["check", f"{path}:{target}", "--json", *args])
    assert result.exit_code in (0, 1), result.stderr
    (point,) = json.loads(result.stdout)["results"]
    return point, str(path)


def test_an_unstable_gradient_names_where_its_backward_lost_the_digits(tmp_path):
    point, path = check(tmp_path, "cold", GRADCLI_MODULE, "cold_softmax", "--at", "logits=[1,0.9,0.5]",
                        "--dtype", "float64")
    assert point["status"] == "unstable"
    backward = [f for f in point["findings"] if f["phase"] == "backward"]
    assert backward, point["findings"]
    assert backward[0]["kind"] == "cancellation"
    # y's two paths, direct and through logsumexp, add up to 1 - 1 in its gradient: the accumulation at y's line (the
    # rule's shift x - max x is exact, and the exact run shifts alike: no cancellation of its own)
    assert "gradient accumulation" in backward[0]["op"], backward[0]
    assert backward[0]["location"] == f"{path}:{COLD_Y_LINE}"


def test_a_numpy_module_backward_cancellation_keeps_the_users_line(tmp_path):
    point, path = check(tmp_path, "poisson", NUMPY_MODULE, "poisson_log_rate",
                        "--at", "lr=[19.519293032620475,14.508657738524219]", "--dtype", "float64")
    assert point["status"] == "unstable"
    (cancelled,) = [f for f in point["findings"] if f["kind"] == "cancellation"]
    assert cancelled["phase"] == "backward"
    assert cancelled["location"] == f"{path}:{POISSON_LINE}"
    assert "gradient accumulation" in cancelled["op"]


def test_an_exact_subtraction_of_equal_inputs_is_not_the_cancellation_behind_an_overflow(tmp_path):
    point, _ = check(tmp_path, "kl", NUMPY_MODULE, "kl_normal_log",
                     "--at", "mu1=0.5,log_s1=-460,mu2=0.5,log_s2=-460", "--dtype", "float64")
    assert point["status"] == "unstable"
    assert point["findings"][0]["op"] == "exp" and "overflowed" in point["findings"][0]["message"]
    assert not [f for f in point["findings"] if f["kind"] == "cancellation"], point["findings"]


def test_the_log_of_a_constant_zero_weight_is_no_overflow_on_a_sound_function(tmp_path):
    point, _ = check(tmp_path, "mixture", NUMPY_MODULE, "mixture_lse", "--at", "x=[40]", "--dtype", "float64")
    assert point["status"] == "ok"
    assert point["exact_gradient"]["x"] == pytest.approx([-39.0], rel=1e-12)
    assert not [f for f in point["findings"] if f["kind"] == "nonfinite"], point["findings"]


def test_an_input_rounded_onto_a_pole_is_no_overflow():
    """erf(6) rounds to 1.0 in float64, arctanh's pole: the inf there is the exact answer for that input."""
    result = CliRunner().invoke(cli, ["check", "atanh(erf(x))", "--at", "6", "--dtype", "float64", "--json"])
    (point,) = json.loads(result.stdout)["results"]
    assert point["status"] == "unstable"
    (made,) = [f for f in point["findings"] if f["kind"] == "nonfinite" and f["phase"] == "forward"]
    assert made["op"] == "arctanh" and "overflowed" not in made["message"]
    assert "arctanh's pole" in made["message"]


def test_a_value_lost_before_an_infinite_gradient_is_named_in_the_forward_pass():
    """arccosh(1 + x) at x = 1e-20: 1 + x drops x, so the value is 0 and the gradient inf; the value's loss is
    explained too, by arccosh of a number next to 1."""
    result = CliRunner().invoke(cli, ["check", "arccosh(1 + x)", "--at", "1e-20", "--dtype", "float64", "--json"])
    (point,) = json.loads(result.stdout)["results"]
    assert point["status"] == "unstable"
    forward = [f for f in point["findings"] if f["phase"] == "forward" and f["op"] == "arccosh"]
    assert forward and "next to 1" in forward[0]["message"], point["findings"]


def test_torch_softmax_blames_the_backward_cancellation_and_a_nan_names_the_clamp(tmp_path):
    point, path = check(tmp_path, "tsoft", TORCH_MODULE, "cold_softmax", "--at", "z=[1,0.5,0]", "--dtype", "float64")
    assert point["status"] == "unstable"
    (first, *_) = point["findings"]
    assert (first["kind"], first["phase"]) == ("cancellation", "backward"), point["findings"]
    assert first["location"] == f"{path}:{TORCH_SOFTMAX_LINE}"
    assert not [f for f in point["findings"] if f["op"] == "exp"], point["findings"]

    point, path = check(tmp_path, "tclip", TORCH_MODULE, "clip_unit", "--at", "x=[0,0]", "--dtype", "float64")
    assert point["status"] == "wrong"
    (leak,) = [f for f in point["findings"] if f["kind"] == "where-nan"]
    assert f"minimum(inf, 1.0) = 1.0 at tclip.py:{CLAMP_LINE}" in leak["message"]
    assert "where()" not in leak["message"]


def test_an_unstable_gradient_has_a_finding_though_no_op_amplified_its_error_100_times(tmp_path, monkeypatch):
    from gradcli.checker import provenance

    # No root cause found: the first backward op that is as far off as the worst is still named, at its line.
    monkeypatch.setattr(provenance, "root_cause", lambda *args: None)
    monkeypatch.setattr(provenance, "backward_root_cause", lambda *args: None)
    point, path = check(tmp_path, "cold", GRADCLI_MODULE, "cold_softmax", "--at", "logits=[1,0.9,0.5]",
                        "--dtype", "float64")
    assert point["status"] == "unstable"
    (named,) = point["findings"]
    assert named["phase"] == "backward" and "gradient accumulation" in named["op"], named
    assert named["location"] == f"{path}:{COLD_Y_LINE}"
