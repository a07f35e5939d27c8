"""The classes behind the twenty-ninth round (b)'s findings (tests/trials/cases29b.py), each tested for its class.

P1: the op an unstable result's finding names was the one whose own relative error grew most, even when nothing it
made reached a result: a planar flow's f = z + u tanh(w.z) cancels to 3e-19 at w.z = -1e-6 (error 8e-5 of itself),
but f enters the loss as f^2 / 2 beside a log-determinant of 27, which swallows that error whole, while the
log-determinant's 1 + u.w (1 - h^2) cancels to 1e-12 (error 2e-5) and carries it to the value and the gradient.
The finding named f's line. Now a candidate whose every path to a result ends in an add or subtract whose exact
result is over 1000 roundings larger than the error carried to it is no root cause, and the log-determinant's line
is named. The truths below are where the mathematics puts the loss: the log-determinant's cancellation (its value
h^2 = tanh(1e-6)^2, about 1e-12, from numbers near 1).
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
