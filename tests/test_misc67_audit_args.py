"""`gradcli audit --args`: a function's points for the cases that name none; a case's own args or at win."""

import textwrap

import pytest

from audit_helpers import audit_json

MODEL = '''
import numpy as np

def f(x, w):
    return np.sin(x) * w

def held():
    return {"x": 1.0, "w": 2.0}

def other():
    return {"x": 1.5, "v": 3.0}

def g(x, v):
    return np.exp(x) * v
'''

SPEC = '''
[[case]]
name = "own args, swept"
target = "model.py:f"
range = "x=0.5:2"
args = "model.py:held"

[[case]]
name = "own args"
target = "model.py:f"
args = "model.py:held"

[[case]]
name = "own at"
target = "model.py:f"
at = ["x=1,w=3"]

[[case]]
name = "no points"
target = "model.py:g"

[[case]]
name = "no points, other variables"
target = "model.py:f"
'''


@pytest.fixture(scope="module")
def run(tmp_path_factory):
    """One audit of the spec with --args model.py:other, which gives x and v: (exit code, cases by name)."""
    folder = tmp_path_factory.mktemp("project")
    (folder / "model.py").write_text(textwrap.dedent(MODEL))
    (folder / "gradcli.toml").write_text(SPEC)
    code, report, _ = audit_json(folder / "gradcli.toml", "--args", f"{folder / 'model.py'}:other")
    return code, {case["name"]: case for case in report["cases"]}


def test_a_case_naming_its_points_keeps_them_and_the_command_line_serves_the_others(run):
    _, cases = run
    # With other's v in place of w, f's cases pass only on their own points.
    for name in ("own args, swept", "own args", "own at", "no points"):
        assert cases[name]["status"] == "pass", cases[name]


def test_a_case_whose_variables_the_command_line_function_misses_names_what_it_gave(run):
    code, cases = run
    assert code == 1
    error = cases["no points, other variables"]["error"]
    assert cases["no points, other variables"]["status"] == "error"
    assert "model.py:other" in error and "'v'" in error and "x, w" in error, error
