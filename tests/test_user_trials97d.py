"""The ninety-seventh round (d) of user trials (tests/trials/cases97d.py): calibration, quantile and conformal losses
as JAX (jax_lib97d), PyTorch (torch_lib97d), TensorFlow (tf_lib97d) and plain NumPy (np_lib97d) code writes them on
3-4 samples: the pinball loss at its kink, a smoothed pinball at tau -> 0, Gaussian and ensemble CRPS, temperature
scaling's NLL at T -> 0, a soft-binned ECE, focal loss at p -> 1, a Dirichlet log-likelihood at a pole of lgamma,
conformal scores' quantile by a sort, the interval score at its edge, and a smooth pinball with a custom rule.

Chosen here, cheap cases: the pinball loss by jnp.maximum at y = f (a kink: domain); the smoothed pinball by
F.softplus at tau = 0.001 (tau's exact slope 1.8e-215 of PyTorch's thresholded softplus, computed as 500 - 500 = 0:
unstable); focal loss with 1 - sigmoid(40) = 0 (unstable) and by sigmoid(-x)^gamma * log_sigmoid(x) (ok); conformal
scores' quantile with the zero score the unused minimum (ok) and at a tie at the 3rd place (domain); the custom_vjp
smooth pinball whose rule flips a sign (wrong, at its bwd's def); lax.approx_min_k refused with its name and line.
Known wrong (F1): one soft bin's |sigmoid((c - 0.25) / t) - sigmoid((c - 0.5) / t)| at t = 0, read in IEEE's extended
reals as gradcli reads a quotient by an input's 0.0 (1 - 1 = 0 all about t = 0, flat as e^-(0.125 / |t|)): exact slopes
0 and JAX's NaNs wrong; gradcli proves c's 0 but not t's, no verdict.
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases97d  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("jax")
pytest.importorskip("torch")
pytest.importorskip("tensorflow")

CHOSEN = {  # case id -> what it holds
    "jax_lib97d:pinball@f=[0.5,-0.5,1.5,1.0],q=0.25:float64":
        "max(q u, (q - 1) u) at u = y[0] - f[0] = 0: slopes -q / 4 and (1 - q) / 4 from the sides: domain in f[0]",
    "torch_lib97d:smooth_pinball@f=[0.0,-0.5,1.5,1.0],tau=0.001:float64":
        "q u + tau F.softplus(-u / tau) at tau = 0.001: tau's slope 1.78e-215 (softplus linear above 20), PyTorch's "
        "0 by 500 - 500: unstable",
    "jax_lib97d:focal@x=[0.5,40.0,-1.0]:float64":
        "-(1 - sigmoid(x))^0.5 log sigmoid(x) at x = 40: 1 - p = 0, 0^0.5's slope: unstable",
    "jax_lib97d:focal_stable@x=[0.5,40.0,-1.0]:float64":
        "the same by sigmoid(-x)^0.5 * log_sigmoid(x): ok",
    "jax_lib97d:conformal_q@f=[0.5,-0.5,1.5,1.0],sigma=[0.5,1.0,0.25,2.0]:float64":
        "|y - f| / sigma's quantile by jnp.sort with |.| at its kink in the unused minimum: slopes 0 both sides: ok",
    "jax_lib97d:conformal_q@f=[0.0,-0.5,1.75,1.0],sigma=[0.5,1.0,0.25,2.0]:float64":
        "two scores 1 tied at the 3rd place of the sort: a kink: domain",
    "jax_lib97d:smooth_pinball_rule_bad@f=[0.0,-0.5,1.5,1.0]:float64":
        "a custom_vjp smooth pinball whose rule uses sigmoid(u / tau) for sigmoid(-u / tau): wrong, at its bwd's def",
    "jax_lib97d:conformal_knn@f=[0.0,-0.5,1.5,1.0],sigma=[0.5,1.0,0.25,2.0]:float64":
        "lax.approx_min_k: refused (exit 2), naming approx_top_k and jax_lib97d.py's line",
}

KNOWN_WRONG = {  # case id -> the finding, open
    "jax_lib97d:soft_bin_gap@c=0.625,t=0.0:float64":
        "F1: |sigmoid((c - 0.25) / t) - sigmoid((c - 0.5) / t)| at t = 0, 1 - 1 = 0 all about the point: no verdict, "
        "t's slope 0 (e^-(0.125 / |t|)-flat) not proven, where the rule's 0 * inf NaN is wrong",
}
SYMPTOMS = {
    "jax_lib97d:soft_bin_gap@c=0.625,t=0.0:float64": "not proven 0",
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases97d, CHOSEN, KNOWN_WRONG, SYMPTOMS)
