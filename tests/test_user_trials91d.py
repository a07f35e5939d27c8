"""The ninety-first round (d) of user trials (tests/trials/cases91d.py): causal inference and off-policy estimation as
JAX (jax_lib91d), PyTorch (torch_lib91d), TensorFlow (tf_lib91d) and plain NumPy (np_lib91d) code writes them: inverse
propensity weights with e = sigmoid(logit) at logits of +-40 (bare, and clipped to [0.01, 0.99]), the self-normalised
(Hajek) estimator at all weights 0 and from log-weights (exp, softmax), the doubly robust (AIPW) estimator, the
propensity model's cross-entropy (the with_logits spellings, PyTorch's F.binary_cross_entropy on probabilities, the
naive log(sigmoid)), Kish's effective sample size at a single nonzero weight, importance ratios pi / mu at mu = 0 and
exp(log pi) / exp(log mu) against exp(log pi - log mu), per-decision products by cumprod through a zero factor,
V-trace's truncated ratios at rho = 1, a clipped weight with a straight-through custom rule (custom_vjp,
autograd.Function, tf.custom_gradient) and a wrong one, an uplift model's two sigmoids; float64 and float32.

Chosen here, cheap cases: the Horvitz-Thompson ATE with a treated unit at logit 40 (e rounds to 1: (1 - T) Y / (1 -
e) = 0 / 0 where the term is 0: unstable); the clipped propensity there in float32 (the clip's flat side, slope 0:
ok); the Hajek estimate at all weights 0 (0 / 0 for every direction: domain); e^-800-sized probabilities divided
(0 / 0: unstable); the straight-through clip past its bound (the rule passes 1 where
the slope is 0: wrong, at the rule's line); tf.math.cumprod's gradient through a zero factor (TensorFlow divides by
the factor with div_no_nan: 0 where the slope is 6.44: wrong, at the cumprod's line); PyTorch's
F.binary_cross_entropy at logit 30 (its backward divides by max(p (1 - p), 1e-12): not the forward's slope at any
precision: wrong); scipy.optimize.brentq refused with its name and line.
No open findings: every case agrees with its truth (cases91d says which truths the round corrected).
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases91d  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("jax")
pytest.importorskip("torch")
pytest.importorskip("tensorflow")

CHOSEN = {  # case id -> what it holds
    "np_lib91d:ipw_ate@logit=[40.0,-0.3,1.2]:float32":
        "T Y / e - (1 - T) Y / (1 - e) with a treated unit at logit 40: e rounds to 1, 0 / 0 where the term is 0: "
        "unstable",
    "jax_lib91d:ipw_clipped@logit=[40.0,-0.3,1.2]:float32":
        "the propensity clipped to [0.01, 0.99] at logit 40 in float32: on the clip's flat side the slope 0 is the "
        "truth: ok",
    "np_lib91d:snipw@w=[0.0,0.0,0.0]:float64":
        "the Hajek estimate sum(w Y) / sum(w) at all weights 0: 0 / 0, a weighted mean of Y along every direction: "
        "domain",
    "np_lib91d:ratio_probs@log_pi=[-800.0,-1.0,-0.5],log_mu=[-800.5,-0.5,-1.0]:float64":
        "exp(log pi) / exp(log mu) where both underflow: 0 / 0 where the ratio is e^0.5: unstable",
    "torch_lib91d:bce_probs@logit=[0.5,30.0,1.2]:float64":
        "F.binary_cross_entropy(torch.sigmoid(z), t) at z = 30 (sigmoid(30) = 1 - 9.4e-14 held): PyTorch's backward "
        "divides by max(p (1 - p), 1e-12) and gives 0.0312 for 0.3333: wrong, at the call's line",
    "jax_lib91d:weighted_st@w=[15.0,2.0,3.0]:float64":
        "a custom_vjp passing the gradient straight through clip(w, 0, 10) at w = 15: 2 where the slope is 0: wrong, "
        "at the rule's def",
    "tf_lib91d:per_decision@pi=[0.0,0.6,0.8],mu=[0.5,0.5,0.25]:float64":
        "per-decision importance sampling by tf.math.cumprod through a zero factor: TensorFlow's rule divides by the "
        "factor (div_no_nan) and gives 0 where the slope is 6.44: wrong, at the cumprod's line",
    "np_lib91d:ipw_calibrated@logit=[0.5,-0.3,1.2]:float64":
        "an intercept calibrated by scipy.optimize.brentq: refused, naming brentq and its line",
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases91d, CHOSEN)
