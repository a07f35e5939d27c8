"""Points whose arguments are trees (dicts, lists, tuples, NamedTuples of arrays), --args and --wrt by path."""

import json
import os
import subprocess
import sys
import textwrap
from typing import NamedTuple

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.capture.trees import leaves, rebuild
from gradcli.errors import InputError


class Batch(NamedTuple):
    x: np.ndarray
    labels: np.ndarray  # integers: held as they are, never differentiated


def loss(params, batch):
    z = gnp.dot(batch.x, params["w"]) + params["layers"][0]["b"]
    return gnp.sum(gnp.log1p(gnp.exp(-z)) * batch.labels)


PARAMS = {"w": np.array([0.5, -0.25]), "layers": [{"b": 0.1}]}
BATCH = Batch(np.array([[1.0, 2.0], [-1.0, 0.5]]), np.array([1, 0]))


def expected_gradient_w():
    z = BATCH.x @ PARAMS["w"] + 0.1
    return (-(1 / (1 + np.exp(z))) * BATCH.labels) @ BATCH.x


def test_leaves_are_named_by_path_and_rebuilt_in_their_structure():
    found = leaves({"params": PARAMS, "batch": BATCH}, "args")
    assert [path for path, _ in found] == ["args.params.w", "args.params.layers.0.b", "args.batch.x", "args.batch.labels"]
    rebuilt = rebuild(BATCH, {"batch.x": "new"}, "batch")
    assert isinstance(rebuilt, Batch) and rebuilt.x == "new" and rebuilt.labels is BATCH.labels


def test_tree_points_are_checked_by_their_floating_leaves():
    report = gradcli.check(loss, [{"params": PARAMS, "batch": BATCH}], dtypes=("float64",))
    assert report.variables == ["params.w", "params.layers.0.b", "batch.x"]  # the integer labels are held
    (result,) = report.results
    assert result.status == "ok"
    assert result.gradient["params.w"] == pytest.approx(expected_gradient_w(), rel=1e-12)
    assert result.exact_gradient["params.w"] == pytest.approx(expected_gradient_w(), rel=1e-12)


def test_wrt_names_a_leaf_or_a_whole_subtree():
    point = {"params": PARAMS, "batch": BATCH}
    by_leaf = gradcli.check(loss, [point], dtypes=("float64",), wrt=("params.w",))
    assert list(by_leaf.results[0].gradient) == ["params.w"] and by_leaf.ok
    by_tree = gradcli.check(loss, [point], dtypes=("float64",), wrt=("params",))
    assert list(by_tree.results[0].gradient) == ["params.w", "params.layers.0.b"] and by_tree.ok
    with pytest.raises(InputError, match="--wrt params.v"):
        gradcli.check(loss, [point], wrt=("params.v",))


def test_points_with_different_trees_are_an_input_error():
    other = {"w": np.array([0.5, -0.25])}
    with pytest.raises(InputError, match="same tree"):
        gradcli.check(loss, [{"params": PARAMS, "batch": BATCH}, {"params": other, "batch": BATCH}])


MODEL = '''\
import numpy as np


def loss(params, x):
    return np.sum(np.tanh(x * params["w"]) + params["b"] ** 2)


def example_args():
    return [({"w": np.array([0.5, 1.5]), "b": 2.0}, np.array([1.0, -2.0])),
            {"params": {"w": np.array([0.1, 0.2]), "b": -1.0}, "x": np.array([3.0, 4.0])}]


def one_point():
    return {"w": np.array([0.5, 1.5]), "b": 2.0}, np.array([1.0, -2.0])
'''


def run_cli(tmp_path, *args):
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in [os.getcwd(), os.environ.get("PYTHONPATH")] if p))
    return subprocess.run(
        [sys.executable, "-m", "gradcli", *args], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300
    )


def test_args_names_a_function_of_the_users_code_giving_the_points(tmp_path):
    (tmp_path / "model.py").write_text(textwrap.dedent(MODEL))
    run = run_cli(tmp_path, "check", "model.py:loss", "--args", "model.py:example_args", "--wrt", "params.w", "--dtype", "float64", "--json")
    assert run.returncode == 0, run.stderr
    data = json.loads(run.stdout)
    assert data["framework"] == "numpy" and len(data["results"]) == 2
    assert data["variables"] == ["params.w", "params.b", "x"]
    first = data["results"][0]
    assert list(first["gradient"]) == ["params.w"]
    assert first["gradient"]["params.w"] == pytest.approx(np.array([1.0, -2.0]) / np.cosh([0.5, -3.0]) ** 2)
    one = run_cli(tmp_path, "grad", "model.py:loss", "--args", "model.py:one_point", "--dtype", "float64", "--json")
    assert one.returncode == 0, one.stderr
    assert len(json.loads(one.stdout)["results"]) == 1
    both = run_cli(tmp_path, "check", "model.py:loss", "--args", "model.py:one_point", "--at", "x=1")
    assert both.returncode == 2 and "--args gives the points" in both.stderr


def test_a_list_of_numbers_is_still_an_array_not_a_tree():
    report = gradcli.check(lambda x: gnp.sum(x * x), [{"x": [1.0, 2.0]}], dtypes=("float64",))
    assert report.variables == ["x"] and report.results[0].gradient["x"] == [2.0, 4.0]
    found = gradcli.check(loss, [{"params": {"w": [0.5, -0.25], "layers": [{"b": 0.1}]}, "batch": BATCH}], dtypes=("float64",))
    assert found.variables == ["params.w", "params.layers.0.b", "batch.x"]


def test_args_under_timeout_send_plain_trees_to_the_worker(tmp_path):
    (tmp_path / "model.py").write_text(textwrap.dedent(MODEL))
    run = run_cli(tmp_path, "check", "model.py:loss", "--args", "model.py:one_point", "--dtype", "float64", "--timeout", "120", "--json")
    assert run.returncode == 0, run.stderr
    assert json.loads(run.stdout)["variables"] == ["params.w", "params.b", "x"]
