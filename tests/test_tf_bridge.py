"""TensorFlow code checked as it stands: TensorFlow's own gradient judged, its graphs replayed by gradcli.

The checks run through `gradcli.check` and the CLI on the example files in
examples/tensorflow/: overflow named at the user's line, the exact gradient
to 1e-10, tf.function-compiled functions, tree arguments, the NaN that leaks
through tf.where, the norm at 0, a gradient_override_map rule caught wrong at
its line, an op gradcli cannot replay named with its line, and TensorFlow
never imported for anything but a TensorFlow target.
"""

import json
import os
import subprocess
import sys
import textwrap

import numpy as np
import pytest
from click.testing import CliRunner

import gradcli
from gradcli.cli import cli
from gradcli.errors import InputError

HERE = os.path.dirname(os.path.abspath(__file__))
EXAMPLES = os.path.join(HERE, "..", "examples", "tensorflow")
LOG1PEXP = os.path.join(EXAMPLES, "log1pexp.py")
LOSSES = os.path.join(EXAMPLES, "losses.py")


def _one(target, point, dtype):
    [result] = gradcli.check(target, [point], dtypes=(dtype,)).results
    return result


def test_log1pexp_at_100_in_float32_is_unstable_and_names_exp_at_the_users_line():
    result = _one(f"{LOG1PEXP}:naive", {"x": 100.0}, "float32")
    assert result.status == "unstable"
    assert np.isinf(result.value) and np.isnan(result.gradient["x"])  # TensorFlow's own numbers
    [overflow] = [f for f in result.findings if f.kind == "nonfinite" and f.phase == "forward"]
    assert overflow.op == "tf.math.exp (Exp)" and overflow.location.endswith("log1pexp.py:7")


def test_a_stable_version_is_ok_in_both_dtypes():
    report = gradcli.check(f"{LOG1PEXP}:softplus", [{"x": 100.0}, {"x": -40.0}, {"x": 0.5}])
    assert {r.status for r in report.results} == {"ok"}


def test_the_exact_gradient_is_found_to_1e_10_where_no_float_holds_the_answer():
    result = _one(f"{LOG1PEXP}:naive", {"x": -800.0}, "float64")
    assert result.exact_gradient_text["x"].startswith("3.66787458417768721")
    result = _one(f"{LOSSES}:mean_squared", {"x": np.array([1.0, 2.0]), "y": np.array([0.25, -3.0])}, "float64")
    assert np.allclose(result.exact_gradient["x"], [0.75, 5.0], rtol=1e-10, atol=0)
    assert np.allclose(result.exact_gradient["y"], [-0.75, -5.0], rtol=1e-10, atol=0)


def test_a_tf_function_is_checked_compiled_and_located_inside():
    result = _one(f"{LOSSES}:compiled_naive", {"x": 100.0}, "float32")
    assert result.status == "unstable"
    [overflow] = [f for f in result.findings if f.kind == "nonfinite" and f.phase == "forward"]
    assert overflow.op == "tf.math.exp (Exp)" and overflow.location.endswith("losses.py:23")
    assert _one(f"{LOSSES}:compiled_naive", {"x": 1.0}, "float64").status == "ok"


def test_tree_arguments_are_named_leaves_and_judged():
    import importlib.util

    spec = importlib.util.spec_from_file_location("tf_losses_for_args", LOSSES)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    params, batch = module.example_args()
    report = gradcli.check(module.logistic, [{"params": params, "batch": batch}], dtypes=("float64",))
    assert report.to_dict()["framework"] == "tensorflow"
    assert set(report.results[0].gradient) >= {"params.w", "params.b", "batch.features"}
    assert {r.status for r in report.results} == {"ok"}
    w, b = params["w"], params["b"]
    logits = batch["features"] @ w + b
    expected = batch["features"].T @ ((1 / (1 + np.exp(-logits)) - batch["labels"]) / 2)
    assert np.allclose(report.results[0].exact_gradient["params.w"], expected, rtol=1e-10, atol=0)


def test_the_nan_that_leaks_through_where_is_found_as_gradcli_finds_its_own():
    result = _one(f"{LOSSES}:where_exp", {"x": 1000.0}, "float64")
    assert result.value == 0.0 and np.isnan(result.gradient["x"])  # 0 * exp(1000) = NaN, TensorFlow's own
    assert float(result.exact_gradient["x"]) == 0.0
    assert result.status == "unstable"  # the rule is right at high precision; float64 overflows inside it
    assert any(f.kind == "where-nan" for f in result.findings)
    [overflow] = [f for f in result.findings if f.kind == "nonfinite" and f.phase == "forward"]
    assert overflow.op == "tf.math.exp (Exp)" and overflow.location.endswith("losses.py:14")


def test_sqrt_under_where_does_not_leak_in_tensorflow():
    # TensorFlow's SqrtGrad gives 0 for a 0 upstream gradient, even at sqrt(-1): the replay follows its kernel.
    result = _one(f"{LOSSES}:where_sqrt", {"x": -1.0}, "float64")
    assert result.gradient["x"] == 0.0 and result.status == "ok"


def test_the_norm_at_zero_is_a_kink_not_a_verdict_on_tensorflow():
    result = _one(f"{LOSSES}:norm", {"x": np.zeros(2)}, "float64")
    assert np.all(np.isnan(result.gradient["x"]))
    assert result.status == "domain"
    assert _one(f"{LOSSES}:norm", {"x": np.array([3.0, 4.0])}, "float32").status == "ok"


def test_a_registered_gradient_override_is_wrong_at_the_rules_line():
    path = os.path.join(EXAMPLES, "override.py")
    result = _one(f"{path}:overridden_exp", {"x": 1.0}, "float64")
    assert result.status == "wrong"
    assert result.gradient["x"] == pytest.approx(2 * np.e, rel=1e-15)  # TensorFlow applied the override
    [finding] = [f for f in result.findings if f.kind == "wrong-rule"]
    assert finding.location.endswith("override.py:10") and "_twice_exp_grad" in finding.op


def test_an_op_gradcli_cannot_replay_is_an_input_error_naming_it_and_the_line():
    with pytest.raises(InputError, match=r"ResizeBicubic .*losses\.py:41"):
        gradcli.check(f"{LOSSES}:resized", [{"x": np.array([1.0, 2.0, 3.0, 5.0])}], dtypes=("float64",))


def test_float32_and_float64_are_tensorflows_own_in_each():
    report = gradcli.check(f"{LOG1PEXP}:naive", [{"x": 1.0}])
    by_dtype = {r.dtype: r for r in report.results}
    assert by_dtype["float32"].gradient["x"] == pytest.approx(1 / (1 + np.exp(-1.0)), rel=1e-6)
    assert by_dtype["float32"].gradient["x"] != by_dtype["float64"].gradient["x"]


def test_the_cli_checks_a_tensorflow_file_and_says_so_in_json():
    runner = CliRunner()
    result = runner.invoke(cli, ["check", f"{LOG1PEXP}:naive", "--at", "x=100", "--dtype", "float32"])
    assert result.exit_code == 1, result.output
    assert "tf.math.exp (Exp) at" in result.output and "log1pexp.py:7" in result.output
    result = runner.invoke(cli, ["check", f"{LOG1PEXP}:naive", "--at", "x=1", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["framework"] == "tensorflow"
    assert {r["status"] for r in data["results"]} == {"ok"}


def test_an_unreplayable_op_exits_2_from_the_cli():
    result = CliRunner().invoke(cli, ["check", f"{LOSSES}:resized", "--at", "x=[1,2,3,5]"])
    assert result.exit_code == 2
    assert "ResizeBicubic" in result.output and "Traceback" not in result.output


def test_framework_override_checks_code_whose_imports_hide_tensorflow(tmp_path):
    path = tmp_path / "hidden.py"
    path.write_text(textwrap.dedent(
        """
        import importlib

        tf = importlib.import_module("tensorflow")


        def loss(x):
            return tf.math.log(1 + tf.exp(x))
        """
    ))
    result = CliRunner().invoke(cli, ["check", f"{path}:loss", "--at", "x=100", "--dtype", "float32", "--framework", "tensorflow", "--json"])
    assert result.exit_code == 1, result.output
    data = json.loads(result.stdout)
    assert data["framework"] == "tensorflow"
    assert data["results"][0]["status"] == "unstable"


def test_nothing_but_a_tensorflow_target_imports_tensorflow(tmp_path):
    (tmp_path / "twin.py").write_text("import gradcli.numpy as gnp\n\n\ndef loss(x):\n    return gnp.log(1 + gnp.exp(x))\n")
    script = textwrap.dedent(
        """
        import subprocess, sys
        import gradcli
        gradcli.check("log(1+exp(x))", [1.0], dtypes=("float64",))
        gradcli.check("twin.py:loss", [1.0], dtypes=("float64",))
        from gradcli.cli import cli
        from click.testing import CliRunner
        CliRunner().invoke(cli, ["--help"])
        print(sorted(m for m in ("tensorflow", "keras", "torch", "jax") if m in sys.modules))
        """
    )
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(p for p in [os.path.join(HERE, ".."), os.environ.get("PYTHONPATH")] if p))
    run = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip().splitlines()[-1] == "[]"


@pytest.mark.parametrize("name", ["python_branch", "graph_branch"])
def test_a_branch_replays_the_side_each_point_takes(name):
    # A Python `if` on a tensor becomes a tf.cond when traced; the replay picks the branch as it runs.
    report = gradcli.check(f"{LOSSES}:{name}", [{"x": 4.0}, {"x": -1.0}], dtypes=("float64",))
    right, left = report.results
    assert right.status == left.status == "ok"
    assert float(right.exact_gradient["x"]) == pytest.approx(0.25, rel=1e-12)  # d sqrt(x) and d log(x) at 4
    assert float(left.exact_gradient["x"]) == pytest.approx(-1.0 if name == "python_branch" else 1.0, rel=1e-12)
