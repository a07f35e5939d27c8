"""A sweep names the arrays it holds: in its header (compactly), its JSON ``fixed`` (in full) and its reproduce commands.

A reproduce command, run, checks the same point: the swept
value and the held array, entry for entry.
"""

import contextlib
import io
import json
import shlex

import numpy as np
import pytest
from click.testing import CliRunner

import gradcli
from gradcli.cli import cli
from gradcli.views.terminal_sweep import print_sweep, reproduce

SOFTMAX = '''
import numpy as np


def cold_softmax(z, temp):
    e = np.exp(z / temp)
    return e[0] / np.sum(e)
'''
HELD = [1.0, 0.5, -1.0, 0.25, 0.125]


@pytest.fixture(scope="module")
def target(tmp_path_factory):
    path = tmp_path_factory.mktemp("shown") / "softmax.py"
    path.write_text(SOFTMAX)
    return f"{path}:cold_softmax"


@pytest.fixture(scope="module")
def swept(target):
    """A short sweep with z held at an array: its result and its screen."""
    result = gradcli.sweep(target, {"temp": (0.5, 1, 5)}, fixed={"z": np.array(HELD)}, dtypes=("float64",), fixes=False)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        print_sweep(result)
    return result, out.getvalue()


def test_the_json_holds_the_array_in_full(swept):
    result, _ = swept
    assert json.loads(json.dumps(result.to_dict()))["fixed"] == {"z": HELD}


def test_the_header_shows_the_array_compactly(swept):
    _, screen = swept
    header = " ".join(screen.split("\n\n")[0].split())  # its first paragraph, however rich wrapped it
    assert "z = [1, 0.5, -1, ...]" in header and "0.125" not in header


def test_a_reproduce_command_reruns_the_same_point(swept):
    """The command a threshold of the sweep would show, at an example point, run: the same temp and z."""
    result, _ = swept
    temp = result.dtypes["float64"].intervals[0].example["temp"]
    words = shlex.split(reproduce(result, "temp", temp, "float64"))
    checked = CliRunner().invoke(cli, [*words[1:], "--json", "--no-fix"])
    assert checked.exit_code == 0, checked.output
    point = json.loads(checked.stdout)["results"][0]["point"]
    assert point == {"z": HELD, "temp": temp}


def test_python_ints_held_by_the_library_are_in_the_examples(target):
    result = gradcli.sweep(target, {"temp": (0.5, 1, 5)}, fixed={"z": [2, 0, 0]}, dtypes=("float64",), fixes=False)
    intervals = result.dtypes["float64"].intervals
    assert intervals and all(list(i.example["z"]) == [2.0, 0.0, 0.0] for i in intervals)
    assert result.fixed == {"z": [2.0, 0.0, 0.0]}
