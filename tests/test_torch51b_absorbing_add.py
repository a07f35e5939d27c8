"""An add that swallows its smaller operand whole is named where a later difference needed those digits.

A float32 attention mask adds finfo.min to a row of scores: each score is below
the last bit of -3.4e38, so the sum is -3.4e38 itself and softmax's
``scores - max`` gives 0 where the exact differences are the scores'. The
finding names the mask's add, not softmax's subtract; the same in plain NumPy.
"""

import json
import os

from click.testing import CliRunner

from gradcli.cli import cli

TRIALS = os.path.join(os.path.dirname(__file__), "trials")

NUMPY_MODULE = '''import numpy as np


def masked_row(s):
    scores = s + np.array([[0.0, 0.0], [-1e30, -1e30]], dtype=s.dtype)
    shifted = scores - np.max(scores, axis=-1, keepdims=True)
    return np.sum(np.exp(shifted) * s)
'''
MASK_LINE = 5


def findings(target, at):
    result = CliRunner().invoke(cli, ["check", target, "--at", at, "--dtype", "float32", "--no-fix", "--json"])
    assert result.exit_code in (0, 1), result.output
    (point,) = json.loads(result.stdout)["results"]
    assert point["status"] == "unstable", point
    return [f for f in point["findings"] if f["kind"] != "fd-unreliable"]


def test_a_numpy_mask_that_absorbs_the_scores_is_named_not_the_shift_after_it(tmp_path):
    path = tmp_path / "masked.py"
    path.write_text(NUMPY_MODULE)
    named = findings(f"{path}:masked_row", "s=[[0.5,-1],[1,2]]")
    assert named and named[0]["op"] == "add" and named[0]["location"] == f"{path}:{MASK_LINE}", named
    assert "none of its smaller operand's digits" in named[0]["message"] and "2^24" in named[0]["message"]
    assert "subtract at masked.py:6" in named[0]["message"]


def test_a_difference_no_add_rounded_stays_the_subtracts_own(tmp_path):
    """exp(s) - 1 at small s: exp's own rounding, not an add's, is what the difference amplifies, so the subtract's
    own cancellation is the finding (no add is there to blame)."""
    path = tmp_path / "near.py"
    path.write_text("import numpy as np\n\n\ndef near(s):\n    return np.sum((np.exp(s) - 1.0) ** 2)\n")
    named = findings(f"{path}:near", "s=[1e-5,2e-5]")
    assert named and named[0]["op"] == "subtract" and named[0]["location"] == f"{path}:5", named


def test_an_add_that_rounds_away_most_of_a_small_operand_is_named_before_the_difference(tmp_path):
    """(s + 1e4) - 1e4 at s = 1e-3 in float32: 1e4's last bit is 2^-10, so the add keeps about one of s's 24 bits
    and the subtract after it is exact: the digits went at the add."""
    path = tmp_path / "near.py"
    path.write_text("import numpy as np\n\n\ndef near(s):\n    return np.sum(((s + 1e4) - 1e4) ** 2)\n")
    named = findings(f"{path}:near", "s=[1e-3,2e-3]")
    assert named and named[0]["op"] == "add" and named[0]["location"] == f"{path}:5", named
    assert "of its smaller operand's 24 bits" in named[0]["message"], named


def test_torchs_finfo_min_mask_is_named_at_its_line():
    named = findings(os.path.join(TRIALS, "torch_lib16b.py") + ":hf_attention", "q=[[0.5,-1],[1,2]]")
    path = os.path.join(TRIALS, "torch_lib16b.py")
    assert named and named[0]["gradcli_op"] == "add" and named[0]["location"] == f"{path}:42", named
    assert named[0]["op"] == "+ (aten.add)"  # the user's + as PyTorch's graph runs it
    assert "subtract at torch_lib16b.py:43" in named[0]["message"]
