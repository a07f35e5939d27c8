"""The fifty-third round (d) of user trials (tests/trials/cases53d.py): a third probe of the classes issues 28 and 29
name, aimed where 51d and 52d were not: custom_vjp with nondiff_argnums, defjvps, rules composed, jax.checkpoint,
jit(static_argnums=), lax.cond / lax.switch, norms with ord and axis, log_softmax(where=), logsumexp(b=),
jax.scipy.special and stats; the new-style autograd.Function (setup_context, mark_non_differentiable,
once_differentiable), torch.func, torch.special, logcumsumexp, distances at identical points, masked_fill, mish and
silu in float32, tied weights, a GRUCell; tf.math's no-NaN ops, a straight-through estimator, custom_gradient with
variables= in a Keras layer, a Keras Dense stack by path. Here, cheap cases: TensorFlow's xlog1py gradient taking the
slope in x to 0 at x = 0 (wrong at the user's line: the exact partial is log1p(y)); a defjvps lambda with its sign
slipped (wrong at the lambda); a new-style autograd.Function (forward without ctx, setup_context) whose backward is
slipped (wrong at its backward); lax.cond guarding a sqrt at x = -1 (only the taken branch runs: slope 0, ok, no
where leak); F.pairwise_distance at identical points in float32 (its eps 1e-6 makes the slope 1/sqrt(2) each: ok).
And the round's findings: jax.scipy.stats parameters written as expressions of literals (loc=2 * 0.1, scale=1 / 1.5)
held as doubles in float32 checks (a kink missed: ok where domain is right; mended); an autograd.Function composition
with a once_differentiable backward located at the outer, right rule (mended with 52d's, in ALL); a straight-through
estimator's jump spread to every entry's exact gradient (mended: the jump keeps to its coordinate).
The whole set runs case by case through the CLI as tests/trials/run.py does (cases53d.ALL).
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases53d  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("torch")
pytest.importorskip("jax")
pytest.importorskip("tensorflow")

CHOSEN = {  # case id -> what it holds
    "tf_lib53d:xlog1py_sum@x=[0,2],y=[0.5,-0.5]:float64":
        "tf.math.xlog1py's gradient uses xlog1py(x != 0, y): slope 0 in x at x = 0 where the exact partial is "
        "log1p(0.5): wrong at the user's line",
    "jax_lib53d:defjvps_slip@x=[1,2],y=[0.5,-1]:float64":
        "a custom_jvp through defjvps, the second argument's lambda with its sign slipped: wrong at that lambda",
    "torch_lib53d:logcosh_slip@x=[0.5,-2]:float64":
        "a new-style autograd.Function (forward without ctx, setup_context, save_for_backward) with tanh(2x) for "
        "tanh(x) in backward: wrong at its backward",
    "jax_lib53d:cond_sqrt@x=-1:float64":
        "lax.cond(x > 0, sqrt, zeros) at x = -1: only the taken branch runs, slope 0, no where leak: ok",
    "torch_lib53d:pdist_same@a=[[1,2]]:float32":
        "F.pairwise_distance at identical points: its eps = 1e-6 (the mathematics it means) makes the norm's "
        "argument (eps, eps), slope 1/sqrt(2) each: ok in float32",
    "jax_lib53d:laplace_expr@x=[0.2]:float32":
        "F1, mended: stats.laplace.logpdf(x, loc=2 * 0.1, scale=1 / 1.5) in float32: the numbers the user's line "
        "computes of literals alone are the user's, held in float32 as JAX holds them "
        "(tests/test_literal_expressions_held.py): x = 0.2 is the kink, domain",
    "tf_lib53d:ste_round@x=[0.5,2]:float64":
        "mended: x + stop_gradient(round(x) - x) jumps at x[0] = 0.5 alone: x[1]'s entry is the slope with the held "
        "values frozen, 2 round(2) = 4 (tests/test_held_slopes_beside_a_jump.py); x[0]'s no derivative: domain",
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases53d, CHOSEN)
