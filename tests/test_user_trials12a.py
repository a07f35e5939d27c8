"""The twelfth round of user trials, first half (tests/trials/cases12a.py): training and inference steps as
libraries write them (an Adam meta-gradient, Gaussian processes, Kalman filters, Poisson and negative-binomial
likelihoods, log-space Sinkhorn, masked log-sum-exp, angles, piecewise losses, integer indexing, vmap, remat,
custom_jvp with nondiff_argnums, float16 and bfloat16), in JAX and in plain NumPy and SciPy.

The whole set runs with ``python tests/trials/run.py jax_lib12a numpy_lib12a``; here, a few per user file.
"""

import importlib.util
import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases12a  # noqa: E402
import judge  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = [
    # a meta-gradient through Adam at a weight whose inner gradient is 0: sqrt(v) at 0 times v's slope 0 is NaN at
    # every precision while the function is smooth there: the rules' composition is wrong, named at the sqrt
    "jax_lib12a:adam_meta@w0=[0.5,-0.3],lr=0.1:float64",
    # bfloat16 is a dtype JAX computes in: checked there, not compiled for float64 and called with bfloat16
    "jax_lib12a:softmax_pick@x=[2,0]:bfloat16",
    # scipy's logsumexp with zero weights on a whole row: its rule's 0/0 there leaks through the outer where
    "numpy_lib12a:weighted_row_lse@x=[[0.5,-1,2],[3,0.1,-0.4]]:float64",
    # a tie between the two values top_k keeps is no kink of the mean of the top two
    "jax_lib12a:top2_mean@x=[2,2,1]:float64",
    # a log-sum-exp over an empty slice is -inf, as JAX and SciPy answer: the replayed max over nothing is JAX's
    # identity, and gradcli.numpy's logsumexp shifts by nothing there, where NumPy's reductions raised
    "jax_lib12a:tail_lse@x=[1,2,3]:float64",
    "numpy_lib12a:tail_lse@x=[1,2,3]:float64",
    # a Python int of --args (lax.switch's index) reaches JAX as the int given, not as a float64 variable
    "jax_lib12a:switch_loss@switch_args:float64",
    # the angle between parallel vectors is a cone (arccos of a cosine clipped at 1): a kink in every coordinate,
    # seen by the kink test's longer steps, never the clip's flat side's 0
    "jax_lib12a:angle_acos@a=[1,2,3],b=[2,4,6]:float64",
    # arctan2 at the origin jumps in y and in x, in a Python function as in the formula
    "numpy_lib12a:heading@y=0,x=0:float64",
    # a fully masked row of jax.nn.logsumexp(where=mask): the max over it is the identity -inf, which the proof of
    # the masked entries' exact 0 takes as the float it is
    "jax_lib12a:masked_where_lse@masked_rows_args:float64",
]
BY_ID = {case.id: case for case in cases12a.ALL}


def _trials_runner():
    """The trials' run.py loaded by its path: another test file may have put a `run` module of its own (bench's)
    first on sys.path."""
    spec = importlib.util.spec_from_file_location("trials_run", os.path.join(os.path.dirname(judge.__file__), "run.py"))
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases12a, CHOSEN)


def test_the_judge_fails_a_nan_where_the_adam_step_is_smooth():
    """The tester tested: an exact gradient of NaN for the weight whose inner gradient is 0 (truth 2(w0 - 1) = -2.6)
    and the right verdict with no finding at the sqrt are each caught."""
    adam = BY_ID["jax_lib12a:adam_meta@w0=[0.5,-0.3],lr=0.1:float64"]
    truth = judge.truth_of(adam)
    said = {"results": [{"status": "wrong", "findings": [],
                         "exact_gradient": {"w0": [float(truth["w0"][0]), float("nan")], "lr": float(truth["lr"])}}]}
    problems = judge.judge(adam, 1, json.dumps(said), "")
    assert any(p.startswith("w0[1]") for p in problems)
    assert any(p.startswith("no finding names") for p in problems)


def test_the_trial_runner_judges_one_case_at_a_time(monkeypatch):
    """mpmath's precision is process-wide: `run.one` judges holding the lock, so two threads' truths never share it."""
    held = []
    run = _trials_runner()
    monkeypatch.setattr(run, "run_cli", lambda case: (0, "{}", ""))
    monkeypatch.setattr(run, "judge", lambda case, code, out, err: held.append(run.JUDGING.locked()) or [])
    run.one(BY_ID[CHOSEN[0]])
    assert held == [True]
