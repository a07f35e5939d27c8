"""The ninetieth round (d) of user trials (tests/trials/cases90d.py): state-space models and linear recurrences as
JAX (jax_lib90d), PyTorch (torch_lib90d), TensorFlow (tf_lib90d) and plain NumPy (np_lib90d) code writes them: the
zero-order-hold discretisation exp(A dt), (exp(A dt) - 1) / A * B (its expm1 spelling, a where-guard at A = 0), dt =
softplus(raw), a selective scan h_t = a_t h_{t-1} + b_t x_t (a loop, lax.scan, associative_scan, tf.scan,
exp(cumsum(log a)), cumprod / cumprod[s], the log-space scan by cumlogsumexp), LSTM and GRU gates at saturation, and a
linear recurrent unit with lambda = exp(-exp(nu) + i theta) and its normaliser sqrt(1 - |lambda|^2); float64 and
float32.

Chosen here, cheap cases: the where-guard at A = 0 (the idle branch's 0 / 0 slope leaks NaN: wrong); the expm1
spelling at A = -1e-9 (the value mended, the quotient rule's slope still cancels: unstable); the scan by cumprod /
cumprod[s] at gates 1e-200 (1e-400 rounds to 0: 0 / 0: unstable); the log-space scan at the same gates (1 / a_1 =
1e200 times a cotangent cancelled to rounding: unstable); the GRU at u = 40 in float32 (1 - sigmoid(40) = 0: unstable)
and its sigmoid(-u) spelling (ok); the LRU's sqrt(1 - |lambda|^2) at nu = -40 (|lambda| rounds to 1: unstable);
scipy.signal.lfilter refused with its name and line.
Mended: F1, exp(cumsum(log a)) at a gate exactly 0: domain, and a[0], which was given the slope 0 where the loss is
NaN along a[0], has none, as x[0] on the same kind of path; cases90d says how.
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases90d  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("jax")
pytest.importorskip("torch")
pytest.importorskip("tensorflow")

CHOSEN = {  # case id -> what it holds
    "jax_lib90d:zoh_guarded@a=[-0.5,0.0,-2.0],dt=0.1:float64":
        "B_bar = where(|A| < 1e-6, dt, expm1(A dt) / A) B at A = 0: the idle branch's slope is 0 / 0 and 0 * NaN "
        "leaks into every entry: wrong",
    "jax_lib90d:zoh_expm1@a=[-0.5,-1e-09,-2.0],dt=0.1:float64":
        "expm1(A dt) / A at A = -1e-9: the value keeps its digits, the slope dt e^(A dt) / A - expm1(A dt) / A^2 "
        "cancels terms of 5e7 to 0.0025: unstable",
    "jax_lib90d:scan_cumprod@a=[1e-200,1e-200,0.8,0.7],x=[1.0,0.5,2.0,0.5]:float64":
        "the scan as cumprod[-1] / cumprod at gates 1e-200: 1e-400 rounds to 0, 0 / 0 where the final state is a "
        "number: unstable",
    "np_lib90d:scan_heinsen@a=[1e-200,1e-200,0.8,0.7],x=[1.0,0.5,2.0,0.5]:float64":
        "the log-space scan (np.logaddexp.accumulate) at gates 1e-200: the value is fine, the slope in a_1 is 1e200 "
        "times a reverse cumsum cancelled to rounding: unstable",
    "jax_lib90d:gru_step@u=40.0,h=1.0,hc=-0.5:float32":
        "(1 - z) h + z h~ at z = sigmoid(40) = 1 in float32: 1 - z and z (1 - z) are 0 where they are 4.25e-18: "
        "unstable",
    "np_lib90d:gru_step_stable@u=40.0,h=1.0,hc=-0.5:float32":
        "the GRU as h~ + sigmoid(-u) (h - h~) at u = 40 in float32: every slope kept: ok",
    "jax_lib90d:lru@nu=-40.0,theta=0.5:float64":
        "the LRU's gamma = sqrt(1 - |lambda|^2) at nu = -40: |lambda| = exp(-4e-18) rounds to 1, gamma 3e-9 is lost: "
        "unstable",
    "np_lib90d:ema_lfilter@a=0.9,x=[1.0,0.5,2.0,0.5]:float64":
        "the recurrence with a constant gate by scipy.signal.lfilter: refused, naming lfilter and its line",
    "np_lib90d:scan_logcumsum@a=[0.9,0.0,0.8,0.7],x=[1.0,0.5,2.0,0.5]:float64":
        "F1 (mended): exp(cumsum(log a)) at a gate 0: the loss is NaN along a[0] (inf - inf it moves): no slope",
}

KNOWN_WRONG = {}  # case id -> the finding, open
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases90d, CHOSEN, KNOWN_WRONG, SYMPTOMS)
