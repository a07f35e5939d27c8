"""The fourteenth round of user trials, first half (tests/trials/cases14a.py): statistics and machine-learning
objectives as libraries write them (log-domain Sinkhorn, a Gaussian-process likelihood, VAE and InfoNCE losses, focal
loss, distances by sorting, quantiles and robust statistics, a log-barrier, implicit functions under custom_jvp,
logsumexp with signed weights, special functions), in JAX and in plain NumPy and SciPy.

The whole set runs with ``python tests/trials/run.py jax_lib14a numpy_lib14a``; here, a few cheap NumPy ones. Known
disagreements are strict xfails naming their finding.
"""

import json
import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases14a  # noqa: E402
import judge  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = [
    # log(0) of a constant replaced by nan_to_num(neginf=-50): the weights' slopes are -50 and log(0.5)
    "numpy_lib14a:weighted_guarded_log@weighted_guarded_log_args:float64",
    # y[y < 0] = 0 on a copy, at an entry exactly 0: the square's slope is 0 on both sides
    "numpy_lib14a:masked_relu_loss@x=[-1,2,0]:float64",
    # xlog1py(0, -1): 0 by definition, but its slope in x is log1p(-1): the domain's edge for x[0] and y[0]
    "numpy_lib14a:xlog1py_loss@x=[0,2],y=[-1,1e-20]:float64",
    # nan_to_num of log(x) at x = 0, x the variable: the right side's slope grows like log h, -inf (N1b)
    "numpy_lib14a:nan_guarded_log@x=[0,0.5,2]:float64",
]
BY_ID = {case.id: case for case in cases14a.ALL}


test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases14a, CHOSEN)


def test_the_judge_fails_a_domain_verdict_on_the_guarded_weights():
    """The tester tested: the guarded weights judged `domain` with an infinite exact value and no exact gradient
    (what a reference that replaces nothing says) is caught on the verdict and on each weight."""
    case = BY_ID["numpy_lib14a:weighted_guarded_log@weighted_guarded_log_args:float64"]
    said = {"results": [{"status": "domain", "findings": [], "exact_value": "-inf",
                         "exact_gradient": {"w": [float("nan"), float("nan")]}}]}
    problems = judge.judge(case, 0, json.dumps(said), "")
    assert any(p.startswith("verdict domain") for p in problems)
    assert any(p.startswith("w[0]") for p in problems) and any(p.startswith("w[1]") for p in problems)
