"""A cancellation in the backward pass's accumulation into an input names the line where the input's paths meet.

``np.logaddexp2(x, -x)`` at x = 1e-300: x reaches logaddexp2 by two paths
(itself and -x), whose partial derivatives are 0.5 and -0.5; the backward
pass adds them into x's gradient, 0, where the exact one is 6.9e-301. The
add belongs to no line the user wrote, and x (an input) has none: the
finding names the op whose inputs share x, at its line.
"""

import json

from click.testing import CliRunner

from gradcli.cli import cli

MODULE = '''import numpy as np


def lse2(x):
    return np.sum(np.logaddexp2(x, -x))
'''


def test_the_cancelling_accumulation_into_an_input_names_where_its_paths_meet(tmp_path):
    (tmp_path / "pairs.py").write_text(MODULE)
    target = f"{tmp_path / 'pairs.py'}:lse2"
    args = ["check", target, "--at", "x=1e-300", "--dtype", "float64", "--no-fix"]
    result = CliRunner().invoke(cli, [*args, "--json"])
    (checked,) = json.loads(result.stdout)["results"]
    assert checked["status"] == "unstable"
    (finding,) = [f for f in checked["findings"] if f["kind"] == "cancellation"]
    assert finding["phase"] == "backward"
    assert finding["location"] == f"{tmp_path / 'pairs.py'}:5"  # return np.sum(np.logaddexp2(x, -x))
    assert finding["op"] == "add (the gradient accumulation of the paths of an input that meet in logaddexp2)"
    assert "partial derivatives cancel" in finding["message"] and "add(0.5, -0.5)" in finding["message"]
    text = " ".join(CliRunner().invoke(cli, args).stdout.split())
    assert "at pairs.py:5" in text and "return np.sum(np.logaddexp2(x, -x))" in text
