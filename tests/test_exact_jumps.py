"""A jump is named a jump: the switch the program decides at the point, and the value on each side.

``where(x > 0, 1 + x, x)`` at 0 has no derivative because its value jumps from 0 to 1, not because a slope grows
without bound: its finding (kind ``jump``, in the terminal and the JSON) names the comparison and its line and gives
the one-sided limits of the value and the value at the point. A pole (log(x) from the right) stays ``singular``
with its growing quotients. Every expected value below is the closed form of its pieces at the switch.
"""

import json
import math
import textwrap

import pytest
from click.testing import CliRunner

import gradcli
from gradcli.cli import cli

MODULE = """
import numpy as np


def step(x):
    return np.where(x > 0, 1.0 + x, x)


def branch(x):
    if x > 1.0:
        return x * 2.0
    return x


def flat_then_step(x):
    return np.where(x < 0, x * x, 3.0 - x)


def restart(t):
    return 0.5 * (1 + np.cos(np.pi * np.mod(t, 50.0) / 50.0))
"""


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    path = tmp_path_factory.mktemp("jumps") / "jumps.py"
    path.write_text(textwrap.dedent(MODULE))
    return path


def _line_of(path, text):
    return next(i for i, line in enumerate(path.read_text().splitlines(), 1) if text in line)


def _jump(result):
    assert result.status == "domain", result.findings
    assert not any(f.kind == "singular" for f in result.findings), result.findings
    (jump,) = [f for f in result.findings if f.kind == "jump"]
    return jump


@pytest.mark.parametrize("name, at, switch_text, left, right, value", [
    ("step", 0.0, "x > 0", 0.0, 1.0, 0.0),
    ("branch", 1.0, "if x > 1.0", 1.0, 2.0, 1.0),
    ("flat_then_step", 0.0, "x < 0", 0.0, 3.0, 3.0),  # x*x's side: its limit 0, though no step makes it exactly 0
])
def test_a_python_jump_names_its_comparison_and_both_sides(module, name, at, switch_text, left, right, value):
    (result,) = gradcli.check(f"{module}:{name}", [{"x": at}], dtypes=("float64",)).results
    jump = _jump(result)
    assert jump.output["switch"] == f"{'greater' if '>' in switch_text else 'less'} (jumps.py:{_line_of(module, switch_text)})"
    assert (jump.output["left"], jump.output["right"], jump.output["at"]) == (left, right, value)
    assert jump.output["switch"] in jump.message and "jumps" in jump.message
    assert math.isnan(result.exact_gradient["x"])


def test_a_wrap_of_mod_is_a_jump_at_mod(module):
    (result,) = gradcli.check(f"{module}:restart", [{"t": 50.0}], dtypes=("float64",)).results
    jump = _jump(result)
    assert jump.output["switch"].startswith("mod (jumps.py:")
    # From the left cos(pi (50 - h)/50) -> cos(np.pi) (np.pi is a float): 0.5 (1 + cos(np.pi)) = (pi - np.pi)^2/4.
    assert abs(jump.output["left"]) < 1e-30 and jump.output["right"] == jump.output["at"] == 1.0


@pytest.mark.parametrize("formula, switch, left, right, value", [
    ("sign(x) + x", "sign", -1.0, 1.0, 0.0),
    ("where(x > 0, 1 + x, x)", "greater", 0.0, 1.0, 0.0),
])
def test_a_formula_jump_names_its_switch(formula, switch, left, right, value):
    (result,) = gradcli.check(formula, [0.0], dtypes=("float64",)).results
    jump = _jump(result)
    assert jump.output == {"left": left, "right": right, "at": value, "switch": switch}


def test_arctan2_on_its_cut_jumps_by_two_pi():
    (result,) = gradcli.check("atan2(y, x)", [{"y": 0.0, "x": -1.0}], dtypes=("float64",)).results
    jump = _jump(result)
    assert jump.op == "y" and jump.output["switch"] == "arctan2"
    assert jump.output["left"] == -math.pi and jump.output["right"] == jump.output["at"] == math.pi


def test_the_json_carries_the_jump(module):
    answer = CliRunner().invoke(cli, ["check", f"{module}:step", "--at", "x=0", "--dtype", "float64", "--json"],
                                catch_exceptions=False)
    (finding,) = [f for f in json.loads(answer.stdout)["results"][0]["findings"] if f["kind"] == "jump"]
    assert finding["output"]["left"] == 0.0 and finding["output"]["right"] == 1.0
    assert finding["output"]["switch"].startswith("greater (jumps.py:")


def test_a_pole_is_still_singular_not_a_jump():
    (result,) = gradcli.check("where(x > 0, log(x), 0)", [0.0], dtypes=("float64",)).results
    kinds = {f.kind for f in result.findings}
    assert "singular" in kinds and "jump" not in kinds
