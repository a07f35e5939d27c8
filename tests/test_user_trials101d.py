"""The hundred-and-first round (d) of user trials (tests/trials/cases101d.py): robust regression losses and
M-estimators as JAX (jax_lib101d), PyTorch (torch_lib101d), TensorFlow (tf_lib101d) and plain NumPy (np_lib101d) code
writes them: Huber (optax's min form at |r| = delta, where forms with delta -> 0, torch.nn.HuberLoss,
F.smooth_l1_loss at beta = 0 and 1e-8, tf.keras.losses.huber), smooth L1 by where at beta = 0, pseudo-Huber and
Charbonnier at eps = 0 and underflowing eps, log-cosh (cosh overflowing at 800; Keras' softplus form), Cauchy,
Geman-McClure, Tukey's biweight at |r| = c, Welsch, Barron's general loss (naive at alpha = 0, 2, -1e300, 1e-8; with
epsilon = 1e-6; robust_loss_pytorch's where per special case), IRLS weights psi(r) / r at r = 0, a quantile Huber,
the pinball loss, the MAD scale at a tie, and custom Huber rules whose backward clips the residual (right, and wrong
on purpose at the switch).

Chosen here, cheap cases: the where-written smooth L1 at beta = 0 (the idle 1 / beta branch leaks NaN: wrong);
Charbonnier at eps = 1e-200 (eps^2 underflows: unstable); naive log-cosh at 800 (unstable) and Keras' softplus form
(ok) and at 1e-10 (the softplus form cancels: unstable); Tukey at |r| = c in float32 (a double's c ** 2 / 6: ok);
Barron's naive rho at alpha = 2 (0 * inf: domain) and lossfun at alpha = 0 (ok); psi(r) / r at 0 (domain); the MAD at
a tie (domain); a custom_vjp Huber that forgets |r| = delta (wrong, at its bwd).
F1, the naive rho at alpha = 0 (inf * 0 at any precision, no x with a slope), is mended: the
product's 0 is made of x by ops and stays 0 however x moves, so the function has no value anywhere near (domain).
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases101d  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("jax")
pytest.importorskip("torch")
pytest.importorskip("tensorflow")

CHOSEN = {  # case id -> what it holds
    "jax_lib101d:smooth_l1@r=[0.5,-2.0],beta=0.0:float64":
        "where(n < beta, 0.5 n^2 / beta, n - 0.5 beta) at beta = 0: the idle branch's n / 0 leaks NaN: wrong",
    "jax_lib101d:charbonnier_eps@r=[0.0,0.5],eps=1e-200:float64":
        "sqrt(r^2 + eps^2) at r = 0, eps = 1e-200: eps^2 underflows, sqrt'(0) = inf times 0: unstable",
    "jax_lib101d:log_cosh@r=[800.0,-2.0]:float64":
        "log(cosh(r)) at 800: cosh overflows, sinh / cosh = inf / inf: unstable",
    "jax_lib101d:log_cosh_keras@r=[800.0,-2.0]:float64":
        "Keras' x + softplus(-2x) - log 2 at 800: ok",
    "jax_lib101d:log_cosh_keras@r=[1e-10,0.5]:float64":
        "the softplus form at 1e-10: 1 - 2 sigmoid(2e-10) cancels: unstable",
    "jax_lib101d:tukey@r=[4.685,-1.0]:float32":
        "Tukey's biweight by where at |r| = c in float32, its c ** 2 / 6 a double rounded once: ok",
    "jax_lib101d:barron_naive@x=[0.5,-2.0],alpha=2.0,c=1.0:float64":
        "rho as the paper's equation reads at alpha = 2: 0 * inf at any precision, no x with a slope: domain",
    "jax_lib101d:barron@x=[0.5,-2.0],alpha=0.0,c=1.0:float64":
        "robust_loss_pytorch's lossfun (a where per case) at alpha = 0: log1p(y / 2): ok",
    "jax_lib101d:irls_weights@r=[0.0,2.0]:float64":
        "Huber's IRLS weight clip(r) / r at r = 0: 0 / 0, r[1] keeping 0.0625: domain",
    "jax_lib101d:mad_scale@r=[0.5,-1.0,2.0]:float64":
        "1.4826 median(|r - median r|) where two deviations tie: domain",
    "jax_lib101d:huber_custom_bad@r=[1.0,-0.3]:float64":
        "a custom_vjp Huber whose bwd forgets |r| = delta (0 there): wrong, at its bwd's def",
    "jax_lib101d:barron_naive@x=[0.5,-2.0],alpha=0.0,c=1.0:float64":
        "F1 mended: Barron's rho as written at alpha = 0, (2 / 0) * (pow(., 0) - 1) = inf * 0 for every x: no value "
        "anywhere near, no x with a slope: domain",
}

KNOWN_WRONG = {}
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases101d, CHOSEN, KNOWN_WRONG, SYMPTOMS)
