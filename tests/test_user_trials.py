"""The user trials (tests/trials/): functions as people write them for JAX, PyTorch, TensorFlow and NumPy,
checked as they would check them, and judged against truths worked out by hand in mpmath.

Each case runs ``gradcli check FILE:FUNCTION --at ... --dtype ... --json`` (in this process, through
click's runner, so each framework is imported once) and must give the true verdict, the exact
gradient within 1e-10 relative, a finding at the user's line, and, where the case names one, a
re-checked fix in the framework's own spelling (`judge.judge`). The whole set runs with
``python tests/trials/run.py``; here, the cases that guard what the trials found broken, and one of
each kind per framework.
"""

import os
import sys

import numpy as np
import pytest
from click.testing import CliRunner

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases  # noqa: E402
import cases2  # noqa: E402
import judge  # noqa: E402
from log_records import logged  # noqa: E402

from gradcli.capture.detect import framework_of_callable, framework_of_source  # noqa: E402
from gradcli.cli import cli  # noqa: E402

CHOSEN = [
    # a JAX helper (custom_jvp) called twice: each call keeps its own result
    "jax_losses:kl@p=[0.3,0.7],q=[0.5,0.5]:float64",
    "jax_losses:logistic_regression@data:float64",
    # integer labels given whole by --args are data, not variables
    "torch_losses:cross_entropy@ce_data:float64",
    # relu at its switch is a kink in PyTorch as everywhere
    "torch_kinks:relu_sum@x=[0,1]:float64",
    # a norm at 0 is a kink though PyTorch masks its gradient to 0 there
    "torch_losses:norm@x=[0,0]:float64",
    "torch_kinks:log_where@x=0.5:float64",
    # one of each verdict per framework
    "jax_losses:naive_softplus@x=100:float32",
    "jax_rules:wrong_vjp@x=1:float64",
    "jax_rules:tutorial_jvp@x=-40:float64",
    "jax_losses:norm@x=[0,0]:float64",
    "jax_model:loss@example:float64",
    "jax_model:spiral@x=[0.5,2]:float64",  # jnp.stack (and unstack in its backward graph) replayed
    "torch_losses:wrong_backward@x=1:float64",
    "torch_losses:docs_backward@x=-40:float64",
    "torch_losses:mlp_loss@mlp_args:float64",
    "torch_losses:naive_softplus@x=100:float32",
    "tf_losses:docs_stable@x=-40:float64",
    "tf_losses:wrong_rule@x=1:float64",
    "tf_losses:sqrt_where@x=-1:float64",
    "tf_losses:squared_log_where@x=0.5:float64",
    "tf_params:loss@example_args:float64",
    "numpy_legacy:logistic_loss@w=[1000,-1000]:float64",
    "numpy_legacy:sinc@x=0:float64",
    "numpy_legacy:interpolated@x=0.5:float64",
    "numpy_alias:hinge@x=1:float64",
    # second round: PyTorch's sigmoid kernel underflows to 0 in float32 (1/(1+exp(100))): the replay follows it,
    # so the overflow is named at the user's line and F.logsigmoid is offered and re-checked
    "torch_train:focal_loss@z=-100:float32",
    # torch.distributions checks its arguments by branching on their values: traced with the checks off
    "torch_train:gaussian_nll@mu=0.3,log_sigma=-0.5:float64",
    "torch_train:kth@x=[3,1,2]:float64",  # torch.kthvalue replayed
    # one of each kind per framework from the second round
    "jax_train:mlp_loss@init:float64",
    "jax_train:cosine@a=[0,0]:float64",
    "tf_keras:sinc_where@x=0:float64",
    "tf_keras:normalized@x=[0,0]:float64",
    "numpy_star:softmax_xent@z=[1000,0,-5]:float64",
]
BY_ID = {case.id: case for case in cases.ALL + cases2.ALL}


def _run(case, *words):
    """``(exit code, stdout, stderr)`` of the case's command, run in this process, with ``words`` added."""
    argv = judge.command(case)
    if case.file != "formula":  # a formula is no path
        argv[1] = os.path.join(judge.REPO, argv[1])  # the in-process runner's folder is this process's
    for flag in ("--args",):
        if flag in argv:
            at = argv.index(flag) + 1
            argv[at] = os.path.join(judge.REPO, argv[at])
    argv += ["--max-time", "inf", *words]  # a verdict, not the shared machine's load, is under test
    result = CliRunner().invoke(cli, argv, catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def problems_of(case):
    """Every way the case, run as the user runs it, misses its truth (empty: it passed)."""
    code, out, err = _run(case)
    return judge.judge(case, code, out, err)


def known_wrong_problems(case, symptom, max_digits):
    """`problems_of` a case known to fail, its reference climbing to ``max_digits`` alone: a 0 no precision proves
    shows at 120 digits as at 4000. A run whose output lacks ``symptom`` (the finding's own words) fails outright,
    not as the expected failure: the case then fails for another reason, or passes where the finding is mended."""
    code, out, err = _run(case, "--max-digits", str(max_digits))
    if symptom not in out:
        pytest.fail(f"{case.id} no longer says {symptom!r} (exit {code}): its finding may be mended, or it fails "
                    f"otherwise:\n{out[-2000:]}\n{err[-2000:]}")
    return judge.judge(case, code, out, err)


def trial_params(chosen, known_wrong):
    """pytest parameters for one round's trials: the chosen case ids, then the known disagreements (id -> finding)
    as strict xfails naming their finding, expected to fail by the judge's assertion alone: a mended finding (its
    symptom gone, `known_wrong_problems`'s pytest.fail) or a case passing shows as a failure."""
    return [*chosen, *(pytest.param(case_id, marks=pytest.mark.xfail(strict=True, reason=reason, raises=AssertionError))
                       for case_id, reason in sorted(known_wrong.items()))]


def round_tests(cases_module, chosen, known_wrong=None, symptoms=None, run_elsewhere=()):
    """The two tests of one round's file, for it to name at module level: its chosen trials and its known
    disagreements (strict xfails, judged at 120 digits by their ``symptoms``), and that every case has a truth.

    ``run_elsewhere`` names cases other tests run (the file's own, or another file's, an open finding's among them):
    they exist, and their truths evaluate as the chosen ones' do. A chosen input error is judged by its message."""
    known_wrong, symptoms = known_wrong or {}, symptoms or {}
    by_id = {case.id: case for case in cases_module.ALL}

    @pytest.mark.parametrize("case_id", trial_params(chosen, known_wrong))
    def test_trial(case_id):
        """A chosen case passes; a known-wrong one, its reference held to 120 digits, still shows its finding's
        words."""
        case = by_id[case_id]
        found = known_wrong_problems(case, symptoms[case_id], 120) if case_id in known_wrong else problems_of(case)
        assert found == []

    def test_the_chosen_trials_exist_and_every_case_has_a_truth():
        assert set(known_wrong) | set(run_elsewhere) <= set(by_id) and set(symptoms) == set(known_wrong)
        assert set(chosen) <= set(by_id) and len(by_id) == len(cases_module.ALL)  # ids are unique
        errors = [case for case in cases_module.ALL if case.verdict == "input-error"]  # their truth: the message
        assert all(case.message and case.truth is None for case in errors)
        evaluated = [case_id for case_id in [*chosen, *run_elsewhere] if by_id[case_id].verdict != "input-error"]
        assert_every_case_sound(evaluated, [case for case in cases_module.ALL if case not in errors])

    return test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth


def has_a_truth(case, chosen):
    """A chosen case's truth evaluates; any other's is written (a function, or a name `judge` finds): evaluating
    every truth at its digits costs minutes, and `python tests/trials/run.py` evaluates them all as it judges."""
    if case.id in chosen:
        return bool(judge.truth_of(case))
    if isinstance(case.truth, str):
        return hasattr(judge.truths, case.truth.split(":", 1)[1])
    return callable(case.truth)


def assert_every_case_sound(chosen, all_cases):
    """The chosen ids exist, every id is unique and every case has a truth."""
    by_id = {case.id: case for case in all_cases}
    assert set(chosen) <= set(by_id)
    assert len(by_id) == len(all_cases)
    for case in all_cases:
        assert has_a_truth(case, chosen), case.id


@pytest.mark.parametrize("case_id", CHOSEN)
def test_trial(case_id):
    assert problems_of(BY_ID[case_id]) == []


def test_the_chosen_trials_exist_and_every_case_has_a_truth():
    assert set(CHOSEN) <= set(BY_ID)
    assert len(BY_ID) == len(cases.ALL) + len(cases2.ALL)  # ids are unique
    for case in cases.ALL + cases2.ALL:
        assert case.verdict == "input-error" or case.truth is not None, case.id
        assert judge.truth_of(case) if case.truth is not None else case.message


def test_the_judge_fails_a_wrong_answer():
    """The tester tested: a wrong verdict, a wrong exact gradient and a missing line are each caught."""
    case = BY_ID["jax_rules:wrong_vjp@x=1:float64"]
    line = judge.line_number(case, case.line)
    good = {"results": [{"status": "wrong", "exact_gradient": {"x": 1.3817732906760363},
                         "findings": [{"location": f"/x/{case.file}:{line}", "message": ""}]}], "fixes": []}
    import json

    assert judge.judge(case, 1, json.dumps(good), "") == []
    bad = json.loads(json.dumps(good))
    bad["results"][0]["status"] = "ok"
    assert any("verdict" in p for p in judge.judge(case, 1, json.dumps(bad), ""))
    bad = json.loads(json.dumps(good))
    bad["results"][0]["exact_gradient"]["x"] = 1.38177329  # 5e-9 off
    assert any("exact" in p for p in judge.judge(case, 1, json.dumps(bad), ""))
    bad = json.loads(json.dumps(good))
    bad["results"][0]["findings"][0]["location"] = f"/x/{case.file}:{line}0"
    assert any("no finding names" in p for p in judge.judge(case, 1, json.dumps(bad), ""))


MIXED = '''
import gradcli
import jax.numpy as jnp
import torch
import tensorflow as tf


class Square(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x * x

    @staticmethod
    def backward(ctx, g):
        return 2 * g


def helper(x):
    return tf.math.softplus(x)


@gradcli.audit(at=["x=1"])
def with_jax(x):
    return jnp.log1p(x)


def with_torch(x):
    return Square.apply(x)


def with_tf(x):
    return helper(x) * 2


def plain(x):
    return x * 2
'''


def test_a_module_of_several_frameworks_is_read_function_by_function(tmp_path):
    assert framework_of_source(MIXED, "mixed.py", "with_jax") == "jax"
    assert framework_of_source(MIXED, "mixed.py", "with_torch") == "torch"  # through its autograd.Function
    assert framework_of_source(MIXED, "mixed.py", "with_tf") == "tensorflow"  # through the module's helper
    assert framework_of_source(MIXED, "mixed.py", "plain") == "gradcli"  # names no framework: the module's
    assert framework_of_source(MIXED, "mixed.py") == "gradcli"
    path = tmp_path / "mixed.py"
    path.write_text(MIXED)
    namespace = {}
    exec(compile(MIXED, str(path), "exec"), namespace)  # noqa: S102 - the test's own source
    assert framework_of_callable(namespace["with_jax"]) == "jax"
    assert framework_of_callable(namespace["with_torch"]) == "torch"
    assert framework_of_callable(namespace["with_tf"]) == "tensorflow"
    assert framework_of_callable(namespace["plain"]) == "gradcli"


def test_a_pytorch_function_in_a_mixed_module_is_checked_by_pytorch(tmp_path):
    path = tmp_path / "mixed.py"
    path.write_text(MIXED)
    result = CliRunner().invoke(cli, ["check", f"{path}:with_torch", "--at", "x=1.5", "--dtype", "float64", "--json"])
    import json

    report = json.loads(result.stdout)
    assert report["framework"] == "torch"
    assert report["results"][0]["status"] == "wrong"  # backward returns 2g, not 2xg


def test_integer_labels_given_whole_are_held_in_every_framework(tmp_path):
    import gradcli

    path = tmp_path / "labels.py"
    path.write_text(
        "import jax\nimport jax.numpy as jnp\n\n\n"
        "def loss(logits, labels):\n"
        "    return -jnp.mean(jnp.take_along_axis(jax.nn.log_softmax(logits), labels[:, None], axis=1))\n"
    )
    logits = np.array([[2.0, -1.0, 0.5], [0.1, 0.2, 3.0]])
    report = gradcli.check(f"{path}:loss", [{"logits": logits, "labels": np.array([0, 2])}], dtypes=("float64",), fixes=False)
    assert report.variables == ["logits"]
    assert report.results[0].status == "ok"
    e = np.exp(logits - logits.max(axis=1, keepdims=True))
    want = (e / e.sum(axis=1, keepdims=True) - np.eye(3)[[0, 2]]) / 2
    assert np.allclose(report.results[0].exact_gradient["logits"], want, rtol=1e-12, atol=0)
    # labels that differ between points: each run of points holding the same labels is judged with its own
    report = gradcli.check(f"{path}:loss", [{"logits": logits, "labels": np.array([0, 2])},
                                            {"logits": logits, "labels": np.array([1, 2])}], dtypes=("float64",),
                           fixes=False)
    for result, labels in zip(report.results, ([0, 2], [1, 2]), strict=True):
        assert result.status == "ok"
        want = (e / e.sum(axis=1, keepdims=True) - np.eye(3)[labels]) / 2
        assert np.allclose(result.exact_gradient["logits"], want, rtol=1e-12, atol=0)


def test_a_backward_op_with_no_user_frame_is_not_placed_in_the_caller_of_gradcli():
    """PyTorch's backward nodes run under gradcli's call: the line the finding names is the user's, never the CLI's."""
    case = BY_ID["torch_train:naive_softmax@x=[100,101]:float32"]
    code, out, err = _run(case)
    assert judge.judge(case, code, out, err) == []
    import json

    located = [f["location"] for f in json.loads(out)["results"][0]["findings"] if f.get("location")]
    assert located and all(case.file in where for where in located), located



def test_a_failing_gradcheck_of_pytorch_code_shows_no_trace_log(gradcheck):
    """A failing `gradcheck` test shows its findings, not hundreds of PyTorch's structured-trace DEBUG records.

    PyTorch's trace logger never propagates: its records reach the handlers it holds (a failing test's output, in a
    pytest run of its own); one more handler on it sees what they would.
    """
    import torch_train

    with logged("torch.__trace") as records, pytest.raises(AssertionError) as failed:
        gradcheck(torch_train.focal_loss, [{"z": -100.0}], dtypes=("float32",))
    assert "torch_train.py:41" in str(failed.value)  # the finding at the user's line
    assert records == []
