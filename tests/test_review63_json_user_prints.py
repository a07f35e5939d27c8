"""With --json, stdout holds the JSON document alone: what the user's code prints goes to stderr.

A module that prints as it is imported, or a function that prints as it runs
(``print("loss", loss)``), would otherwise put its lines ahead of the document,
and ``gradcli check model.py:f --json | jq`` would read no JSON.
"""

import json
import math

from click.testing import CliRunner

from gradcli.cli import cli

MODULE = """\
import numpy as np

print("module imported")


def f(x):
    print("f called")
    return np.sin(x) * x
"""


def run(tmp_path, *args):
    path = tmp_path / "printing_model.py"
    path.write_text(MODULE)
    return CliRunner().invoke(cli, [args[0], f"{path}:{args[1]}", *args[2:]])


def test_a_check_of_printing_code_writes_json_alone_on_stdout(tmp_path):
    result = run(tmp_path, "check", "f", "--at", "x=0.5", "--json")
    document = json.loads(result.stdout)
    assert document["schema"] == "gradcli.check/1"
    assert "module imported" in result.stderr and "f called" in result.stderr
    assert "module imported" not in result.stdout and "f called" not in result.stdout
    gradient = math.sin(0.5) + 0.5 * math.cos(0.5)  # d/dx x sin x
    assert math.isclose(document["results"][0]["exact_gradient"]["x"], gradient, rel_tol=1e-12)


def test_a_sweep_of_printing_code_writes_json_alone_on_stdout(tmp_path):
    result = run(tmp_path, "sweep", "f", "--range", "x=0.5:1:3", "--json")
    assert json.loads(result.stdout)["schema"] == "gradcli.sweep/1"
    assert "f called" in result.stderr and "f called" not in result.stdout


def test_an_error_in_printing_code_is_one_json_document_on_stdout(tmp_path):
    result = run(tmp_path, "check", "no_such_function", "--at", "x=0.5", "--json")  # found missing after the import
    document = json.loads(result.stdout)
    assert set(document) == {"schema", "error"} and result.exit_code == 2
    assert "module imported" in result.stderr and "module imported" not in result.stdout


def test_without_json_the_users_prints_stay_on_stdout(tmp_path):
    result = run(tmp_path, "check", "f", "--at", "x=0.5")
    assert "module imported" in result.stdout
