"""A framework loss of ONE tree argument, ``loss(params)``: checked like any other, in every framework and door."""

import json
import textwrap

import numpy as np
import pytest
from click.testing import CliRunner

import gradcli
from gradcli.cli import cli

SOURCES = {
    "jax": """
        import jax.numpy as jnp

        def loss(params):
            return jnp.sum(jnp.logaddexp(0.0, params["w"] * params["b"]))
    """,
    "torch": """
        import torch
        import torch.nn.functional as F

        def loss(params):
            return F.softplus(params["w"] * params["b"]).sum()
    """,
    "tensorflow": """
        import tensorflow as tf

        def loss(params):
            return tf.reduce_sum(tf.math.softplus(params["w"] * params["b"]))
    """,
}
EXAMPLE = """

def example():
    import numpy as np
    return ({"w": np.array([800.0, -800.0]), "b": np.float64(1.0)},)
"""
W = np.array([800.0, -800.0])


@pytest.fixture(params=sorted(SOURCES))
def module(request, tmp_path, monkeypatch):
    name = f"one_tree_{request.param}"
    (tmp_path / f"{name}.py").write_text(textwrap.dedent(SOURCES[request.param]) + EXAMPLE)
    monkeypatch.syspath_prepend(str(tmp_path))
    return tmp_path, name


def test_a_lone_dict_argument_is_ok_with_its_exact_gradient(module):
    folder, name = module
    params = {"w": W, "b": np.float64(1.0)}
    report = gradcli.check(f"{folder / name}.py:loss", [{"params": params}], dtypes=("float64",))
    [result] = report.results
    assert result.status == "ok", result.findings
    exact_w = np.asarray(result.exact_gradient["params.w"], dtype=float)
    # d/dw_i softplus(w_i b) = b sigmoid(w_i b): 1 at 800, e^-800 (beyond float64) at -800
    assert exact_w[0] == pytest.approx(1.0, rel=1e-12)
    assert float(result.exact_gradient["params.b"]) == pytest.approx(800.0, rel=1e-12)


def test_the_cli_takes_a_lone_tree_from_args(module, monkeypatch):
    # In this process, whose framework is imported already: the README's commands run the CLI in fresh ones.
    folder, name = module
    monkeypatch.chdir(folder)
    run = CliRunner().invoke(
        cli, ["check", f"{folder / name}.py:loss", "--args", f"{folder / name}.py:example", "--dtype", "float64", "--json"]
    )
    assert run.exit_code == 0, run.output
    [result] = json.loads(run.stdout)["results"]
    assert result["status"] == "ok"
    assert result["point"] == {"params.w": [800.0, -800.0], "params.b": 1.0}  # the example's tree, not points of gradcli's
