"""Framework arrays as points (JAX arrays, PyTorch tensors, TensorFlow tensors in parameter trees), log_ndtr as the
fix of log(ndtr(x)), a bfloat16 cast in a PyTorch loss without ml_dtypes, and the trial judge's NaN."""

import json
import os
import subprocess
import sys
import textwrap
from typing import NamedTuple

import mpmath
import numpy as np
import pytest

import gradcli
from gradcli.capture.trees import TreeArguments, as_numbers, is_variable

REPO = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(REPO, "tests", "trials"))

import judge  # noqa: E402


class Linear(NamedTuple):
    w: object
    b: object


def _layout(tree):
    return TreeArguments.of(("params",), [{"params": tree}], "test")


# -- A2: a framework's floating-point leaf is a variable ------------------------------------------------------------


def test_numpy_scalars_and_zero_d_arrays_are_variables_and_integers_are_data():
    assert is_variable(np.float32(0.5)) and is_variable(np.array(0.5)) and is_variable(np.array([1.0], np.float16))
    assert not is_variable(np.int64(3)) and not is_variable(np.array([1, 2])) and not is_variable(np.bool_(True))
    assert not is_variable(np.array([1j]))  # complex leaves are held: the checker differentiates real numbers
    layout = _layout({"w": np.float32(0.5), "n": np.int32(3), "flags": [np.array([True, False])]})
    assert layout.variables == ("params.w",) and set(layout.held) == {"params.n", "params.flags.0"}


def test_jax_arrays_in_a_named_tuple_are_variables_read_as_their_float64_numbers():
    import jax.numpy as jnp  # lazy: the JAX half of the test

    tree = Linear(w=jnp.array([0.5, -1.0], dtype=jnp.float32), b=jnp.array(0.2, dtype=jnp.float32))
    layout = TreeArguments.of(("params", "labels"), [{"params": tree, "labels": jnp.array([1, 0])}], "test")
    assert layout.variables == ("params.w", "params.b")
    flat = layout.flat_point({"params": tree, "labels": jnp.array([1, 0])})
    assert isinstance(flat["params.b"], np.ndarray) and flat["params.b"].dtype == np.float64
    assert flat["params.b"] == np.float64(np.float32(0.2))  # the number the user gave, not 0.2 in float64
    assert not is_variable(jnp.array([1, 2])) and not is_variable(jnp.array([True]))
    assert is_variable(jnp.array([1.0], dtype=jnp.bfloat16))


def test_a_jax_parameter_tree_is_checked_and_named_by_wrt():
    import jax.numpy as jnp  # lazy: the JAX half of the test

    def loss(params, xs):
        return jnp.sum(jnp.dot(xs, params.w) + params.b)

    point = {"params": Linear(w=jnp.array([0.5, -1.0], dtype=jnp.float32), b=jnp.array(0.2, dtype=jnp.float32)),
             "xs": jnp.array([[1.0, 2.0]], dtype=jnp.float32)}
    report = gradcli.check(loss, [point], dtypes=("float64", "float32"), wrt=("params.w", "params.b"), fixes=False)
    assert report.variables == ["params.w", "params.b", "xs"]
    for result in report.results:
        assert result.status == "ok", (result.dtype, result.findings)
        assert np.allclose(result.exact_gradient["params.w"], [1.0, 2.0], rtol=1e-14)
        assert abs(result.exact_gradient["params.b"] - 1.0) <= 1e-14
        assert not any("not every step" in note for note in result.notes), result.notes  # no float32 leaf leaks in


def test_torch_tensors_in_a_dict_are_variables_whether_they_require_grad_or_not():
    import torch  # lazy: the PyTorch half of the test

    def loss(params, labels):
        return torch.sum(params["w"] ** 2 * params["scale"]) + 0 * labels.sum()

    assert is_variable(torch.tensor([1.0], requires_grad=True)) and is_variable(torch.tensor(1.0, dtype=torch.bfloat16))
    assert not is_variable(torch.tensor([1, 2])) and not is_variable(torch.tensor([True]))
    assert as_numbers(torch.tensor([0.1], dtype=torch.float32)).tolist() == [float(np.float32(0.1))]
    point = {"params": {"w": torch.tensor([0.5, -1.0], requires_grad=True), "scale": torch.tensor(3.0, dtype=torch.float64)},
             "labels": torch.tensor([1, 0])}
    report = gradcli.check(loss, [point], dtypes=("float64",), fixes=False)
    assert report.variables == ["params.w", "params.scale"]
    (result,) = report.results
    assert result.status == "ok", result.findings
    assert np.allclose(result.exact_gradient["params.w"], [3.0, -6.0], rtol=1e-14)
    assert abs(result.exact_gradient["params.scale"] - 1.25) <= 1e-14


def test_a_torch_tensor_that_requires_grad_is_a_point_by_itself():
    import torch  # lazy: the PyTorch half of the test

    report = gradcli.check(lambda w: torch.sum(w ** 2), [{"w": torch.tensor([0.5, -1.0], requires_grad=True)}],
                           dtypes=("float64",), fixes=False, framework="torch")
    assert report.results[0].status == "ok", (report.results[0].error, report.results[0].findings)
    assert np.allclose(report.results[0].exact_gradient["w"], [1.0, -2.0])


def test_tensorflow_tensors_and_variables_in_a_list_are_variables():
    import tensorflow as tf  # lazy: the TensorFlow half of the test

    def loss(params):
        return tf.reduce_sum(params[0] * params[1]) + tf.cast(tf.reduce_sum(params[2]), tf.float64) * 0

    point = {"params": [tf.Variable([0.5, -1.0], dtype=tf.float64), tf.constant([2.0, 3.0], dtype=tf.float64),
                        tf.constant([1, 2])]}
    assert not is_variable(point["params"][2])
    report = gradcli.check(loss, [point], dtypes=("float64",), fixes=False)
    assert report.variables == ["params.0", "params.1"]
    (result,) = report.results
    assert result.status == "ok", (result.error, result.findings)
    assert np.allclose(result.exact_gradient["params.0"], [2.0, 3.0]) and np.allclose(result.exact_gradient["params.1"], [0.5, -1.0])


def test_a_leaf_of_a_framework_not_imported_is_asked_nothing():
    code = textwrap.dedent("""
        import sys
        import numpy as np
        from gradcli.capture.trees import is_variable
        class Tensor:  # a type claiming a framework's module, which nobody imported
            __module__ = "torch.fake"
            dtype = np.dtype("float64")
            shape = ()
        assert not is_variable(Tensor()) and is_variable(np.float32(1.0))
        assert not {"torch", "jax", "tensorflow"} & set(sys.modules), sorted(sys.modules)
    """)
    done = subprocess.run([sys.executable, "-c", code], env=dict(os.environ, PYTHONPATH=REPO), capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr


# -- A4: the trial judge ------------------------------------------------------------------------------------------


class _Case(NamedTuple):
    truth: object


def test_the_judge_flags_a_nan_exact_gradient_against_a_finite_truth():
    case = _Case(truth=lambda: {"x": [mpmath.mpf(0), mpmath.mpf(1)]})
    said = {"exact_gradient": {"x": ["nan", 1.0]}}
    assert judge.gradient_problems(case, said) == ["x[0]: exact nan, truth 0.0"]
    assert judge.gradient_problems(case, json.loads(json.dumps({"exact_gradient": {"x": [0.0, 1.0]}}))) == []
    kink = _Case(truth=lambda: {"x": [mpmath.nan, mpmath.mpf(1)]})
    assert judge.gradient_problems(kink, said) == []


# -- A3: log(ndtr(u)) -> log_ndtr(u) in every spelling that has log_ndtr --------------------------------------------


def _log_ndtr_edits(source, namespace, spellings):
    from gradcli.checker.source_fixes import source_rewrites

    source = textwrap.dedent(source)
    found = source_rewrites(source, list(range(1, source.count("\n") + 2)), namespace, spellings)
    return [text for name, _, edits in found if name == "log_ndtr" for _, text in edits if not text.startswith("import ")]


def test_log_of_ndtr_is_rewritten_in_jax_and_torch_spellings_and_look_alikes_are_not():
    from gradcli.capture.jax_bridge import SPELLINGS as JAX
    from gradcli.capture.torch_bridge import SPELLINGS as TORCH

    jax_code = """
        import jax.numpy as jnp
        import jax.scipy.stats as stats
        from jax.scipy.special import ndtr


        def f(x):
            return jnp.log(ndtr(x)) + jnp.log(stats.norm.cdf(2 * x))


        def shifted(x):
            return jnp.log(stats.norm.cdf(x, 1.0)) + jnp.log(ndtr(x) + 1)
    """
    assert _log_ndtr_edits(jax_code, "jax.numpy", JAX) == ["jax.scipy.special.log_ndtr(x)", "jax.scipy.special.log_ndtr(2 * x)"]
    torch_code = """
        import torch


        def f(x):
            return torch.sum(torch.log(torch.special.ndtr(x)))
    """
    assert _log_ndtr_edits(torch_code, "torch", TORCH) == ["torch.special.log_ndtr(x)"]


def test_log_of_the_logistic_cdf_and_sf_is_log_sigmoid_in_jax_and_a_shifted_one_is_not():
    from gradcli.capture.jax_bridge import SPELLINGS as JAX
    from gradcli.checker.source_fixes import source_rewrites

    source = textwrap.dedent("""
        import jax.numpy as jnp
        from jax.scipy import stats


        def f(x):
            return jnp.log(stats.logistic.cdf(x)) + jnp.log(stats.logistic.cdf(x, 2.0)) + jnp.log(stats.logistic.sf(x))
    """)
    found = source_rewrites(source, list(range(1, source.count("\n") + 2)), "jax.numpy", JAX)
    edits = [text for name, _, edits in found if name == "log_sigmoid" for _, text in edits
             if not text.startswith("import ")]
    assert edits == ["jax.nn.log_sigmoid(x)", "jax.nn.log_sigmoid(-x)"]


NDTR_CODE = """
import numpy as np
from scipy.special import ndtr
from scipy.stats import norm


def by_ndtr(x):
    return np.log(ndtr(x))


def by_norm(x):
    return np.sum(np.log(norm.cdf(x)))
"""

GN_NDTR_CODE = """
import gradcli.numpy as gnp
from gradcli.scipy.special import ndtr


def by_ndtr(x):
    return gnp.log(ndtr(x))
"""


@pytest.mark.parametrize("code, function", [(NDTR_CODE, "by_ndtr"), (NDTR_CODE, "by_norm"), (GN_NDTR_CODE, "by_ndtr")])
def test_log_of_ndtr_in_its_tail_gets_log_ndtr_rechecked_ok(tmp_path, code, function):
    path = tmp_path / "tail.py"
    path.write_text(code)
    report = gradcli.check(f"{path}:{function}", [{"x": -40.0}], dtypes=("float64",))
    assert report.results[0].status.value == "unstable"
    fixed = {f.name: f for f in report.fixes}
    assert "log_ndtr" in fixed, [f.name for f in report.fixes]
    assert "log_ndtr(x)" in fixed["log_ndtr"].diff and set(fixed["log_ndtr"].after.values()) == {"ok"}, fixed["log_ndtr"].diff


# -- B3: a bfloat16 cast inside a float32 PyTorch loss, in a process that never imported ml_dtypes -----------------

# One interpreter imports PyTorch (what both checks' target imports first: seconds of CPU, paid once) and forks a
# child per check, which imports gradcli and runs the CLI in a process that never imported ml_dtypes (the second
# child with ml_dtypes as if not installed) and prints its outcome as one line of JSON.
BF16_CHECKS = """
import json, os, sys
import torch
assert sys.modules.get("ml_dtypes") is None  # never imported, before gradcli is
for installed in (True, False):
    sys.stdout.flush()
    pid = os.fork()
    if pid == 0:
        if not installed:
            sys.modules["ml_dtypes"] = None  # as if not installed
        from click.testing import CliRunner
        from gradcli.cli import cli
        assert sys.modules.get("ml_dtypes") is None
        done = CliRunner().invoke(cli, ["check", "tests/trials/torch_lib9b.py:bf16_square", "--at", "x=0.3",
                                        "--dtype", "float32", "--json"])
        print(json.dumps({"installed": installed, "code": done.exit_code, "out": done.stdout, "all": done.output}))
        sys.stdout.flush()
        os._exit(0)
    assert os.waitstatus_to_exitcode(os.waitpid(pid, 0)[1]) == 0
"""


@pytest.fixture(scope="module")
def bf16_checks():
    """{ml_dtypes installed: the check's exit code, stdout and whole output}, each from a process of its own."""
    done = subprocess.run([sys.executable, "-c", BF16_CHECKS], cwd=REPO, capture_output=True, text=True,
                          env=dict(os.environ, PYTHONPATH=REPO), timeout=600)
    assert done.returncode == 0, done.stderr[-2000:]
    runs = [json.loads(line) for line in done.stdout.splitlines() if line.startswith('{"installed"')]
    assert [ran["installed"] for ran in runs] == [True, False], done.stdout[-2000:]
    return {ran["installed"]: ran for ran in runs}


def test_a_bfloat16_cast_in_a_torch_loss_is_judged_without_ml_dtypes_imported_first(bf16_checks):
    ran = bf16_checks[True]
    result = json.loads(ran["out"][: ran["out"].rindex("}") + 1])["results"][0]
    assert (ran["code"], result["status"]) == (1, "unstable"), result  # bf16(0.3) = 0.30078125: 2.6e-3 off 18 x
    assert abs(result["exact_gradient"]["x"] - 18 * float(np.float32(0.3))) <= 1e-12


def test_a_bfloat16_cast_without_ml_dtypes_installed_says_what_to_install(bf16_checks):
    ran = bf16_checks[False]
    assert ran["code"] == 2 and "pip install ml_dtypes" in ran["all"], ran
