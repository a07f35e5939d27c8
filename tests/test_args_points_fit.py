"""An --args function whose points do not fit the target: a clear input error naming both functions.

The error names the target, the keys it does not take (or the parameters
given no value), the parameters it takes, and the --args function's file and
line, in the message and in --json's error.
"""

import json

import pytest
from click.testing import CliRunner

from gradcli.cli import cli

MODULE = '''\
import numpy as np


def f(x):
    return np.sum(x ** 2)


def g(x, y, scale=2.0):
    return x * y * scale


def extra():
    return {"x": np.array([1.0, 2.0]), "data": np.array([3.0])}


def defaulted():
    return {"x": 1.0, "y": 2.0, "scale": 3.0}


def missing():
    return {"x": 1.0}


def differ():
    return [{"x": 1.0, "y": 2.0}, {"x": 0.5, "y": 2.0}, {"x": 1.0, "z": 2.0}]
'''


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    path = tmp_path_factory.mktemp("args") / "pa.py"
    path.write_text(MODULE)
    return path


def refused(module, target, args):
    """The --json error of checking ``target`` at the points of ``args``, both functions of ``module``."""
    result = CliRunner().invoke(cli, ["check", f"{module}:{target}", "--args", f"{module}:{args}", "--json"])
    assert result.exit_code == 2, result.output
    error = json.loads(result.stdout)["error"]
    assert error["message"] in result.stderr and "Traceback" not in result.output
    line = MODULE.splitlines().index(f"def {args}():") + 1
    assert error["file"].endswith("pa.py") and error["line"] == line and f"pa.py:{line}" in error["message"]
    return error["message"]


def test_a_key_the_function_does_not_take(module):
    message = refused(module, "f", "extra")
    assert "'data'" in message and f"{module}:f does not take" in message and "parameters without defaults: x)" in message
    assert "unhashable" not in message


def test_a_key_of_a_parameter_with_a_default(module):
    message = refused(module, "g", "defaulted")
    assert "'scale'" in message and "(its parameters without defaults: x, y)" in message and "has a default" in message


def test_a_parameter_given_no_value(module):
    message = refused(module, "g", "missing")
    assert "no value for 'y'" in message and "(x, y)" in message


def test_a_point_whose_keys_differ_from_the_first(module):
    message = refused(module, "g", "differ")
    assert "point 3 of the 3" in message and "'x', 'z'" in message and "'x', 'y'" in message
