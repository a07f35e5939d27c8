"""A sweep of one scalar with the other variables held at arrays: typed with --at, from --args, or both.

A temperature sweep of a softmax over fixed logits is the example: only the
swept variable must be a number; the variables held may be arrays.
"""

import json

import pytest
from click.testing import CliRunner

import gradcli
from gradcli.cli import cli

SOFTMAX = '''
import numpy as np


def cold_softmax(z, temp):
    e = np.exp(z / temp)
    return e[0] / np.sum(e)


def logits():
    return {"z": np.array([2.0, 0.0, 0.0]), "temp": 1.0}
'''


@pytest.fixture(scope="module")
def target(tmp_path_factory):
    path = tmp_path_factory.mktemp("held") / "softmax.py"
    path.write_text(SOFTMAX)
    return path


def sweep_json(target, *flags):
    result = CliRunner().invoke(cli, ["sweep", f"{target}:cold_softmax", "--range", "temp=0.05:1:9", "--dtype", "float64", "--json", *flags])
    assert result.exit_code == 0, result.output
    return json.loads(result.stdout)


def examples(report):
    """The held z of every interval's example point (each a point the checker judged)."""
    return [interval["example"]["z"] for interval in report["dtypes"]["float64"]["intervals"]]


def test_at_holds_a_variable_at_an_array(target):
    report = sweep_json(target, "--at", "z=[1,0.5,-1]")
    assert report["dtypes"]["float64"]["points"] == 9
    assert examples(report) and all(z == [1.0, 0.5, -1.0] for z in examples(report))


def test_at_with_args_holds_what_it_names_and_args_the_rest(target):
    from_args = sweep_json(target, "--args", f"{target}:logits")
    assert all(z == [2.0, 0.0, 0.0] for z in examples(from_args))
    overridden = sweep_json(target, "--args", f"{target}:logits", "--at", "z=[1,0.5,-1]")
    assert examples(overridden) and all(z == [1.0, 0.5, -1.0] for z in examples(overridden))


@pytest.mark.parametrize("at, message", [
    ("temp=2", "'temp' is swept by --range"),
    ("w=[1,2]", "with --args, name each variable --at holds, one of z"),
    ("[1,2]", "with --args, name each variable --at holds, one of z"),
])
def test_at_with_args_refuses_what_it_cannot_hold(target, at, message):
    result = CliRunner().invoke(cli, ["sweep", f"{target}:cold_softmax", "--range", "temp=0.05:1:9", "--args", f"{target}:logits", "--at", at])
    assert result.exit_code == 2 and message in result.stderr and "Traceback" not in result.output


def test_the_library_holds_a_list_too(target):
    """The held array comes first in the signature: each point's value is one number, the softmax at that temp."""
    import numpy as np

    result = gradcli.sweep(f"{target}:cold_softmax", {"temp": (0.05, 1, 9)}, fixed={"z": [2.0, 0.0, 0.0]}, dtypes=("float64",))
    intervals = result.dtypes["float64"].intervals
    assert intervals and all(list(i.example["z"]) == [2.0, 0.0, 0.0] for i in intervals)
    temp = result.dtypes["float64"].samples.axes["temp"]
    value = result.dtypes["float64"].samples.value
    assert np.shape(value) == (9,) and np.allclose(value, 1 / (1 + 2 * np.exp(-2 / temp)), rtol=1e-12, atol=0)


def test_a_formula_holds_its_other_variables_at_numbers():
    result = CliRunner().invoke(cli, ["sweep", "x*y", "--range", "x=0:1:5", "--at", "y=[1,2]"])
    assert result.exit_code == 2 and "hold y at a number, or sweep a Python function" in result.stderr
    assert "Traceback" not in result.output and "internal error" not in result.output
