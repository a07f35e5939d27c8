"""The hundred-and-second round (d) of user trials (tests/trials/cases102d.py): GAN and energy-based model losses as
JAX (jax_lib102d), PyTorch (torch_lib102d), TensorFlow (tf_lib102d) and plain NumPy (np_lib102d) code writes them, on
a tiny discriminator (logits as inputs, or a 2x2 linear layer): the minimax loss log(1 - sigmoid(d)) naive (d = 40,
800; float32 20) and by log_sigmoid(-d); the non-saturating -log(sigmoid(d)) naive and by jax.nn.log_sigmoid /
F.logsigmoid / tf.math.log_sigmoid; BCE with logits (optax's form inline, F.binary_cross_entropy_with_logits,
tf.nn.sigmoid_cross_entropy_with_logits); BCE of probabilities with the log clamped at -100 (PyTorch's BCELoss, and a
user's jnp.maximum / np.maximum copy of it) at p = 0, 1, 1e-13 and 1e-45, and clipped to [1e-7, 1 - 1e-7] (Keras,
NumPy) at p = 0, 1 and on the clip's bound; least squares and WGAN losses; the hinge loss at relu's switch d = 1; the
relativistic average loss (softplus and naive); a gradient penalty (||w|| - 1)^2 at w = 0 bare and with an eps;
spectral normalisation by two power iterations at a rank-deficient W (u in its left null space); the Boltzmann
log-partition logsumexp(-E) at E = 800 (float32 120); contrastive divergence's free-energy difference; label smoothing
at 0 and 1; and custom rules: a gradient reversal layer (wrong on purpose), a straight-through clamp (wrong outside
[-1, 1], domain on its switch) and its stop_gradient / .detach() spelling (ok).

Chosen here, cheap cases: the naive minimax loss at d = 40 (sigmoid rounds to 1: unstable) and its log_sigmoid form
(ok); the naive non-saturating loss at d = 40 (1 - sigmoid(40) = 0: the -4.2e-18 slope lost: unstable); the user's
clamped-log BCE at p = 0 (the clamp's flat side is the side the function is defined on: exact 0, the log's 0 / 0
leaks NaN: wrong); PyTorch's BCELoss at p = 1e-13 (its backward's max(p (1 - p), 1e-12): wrong); the hinge loss on
relu's switch (domain); the gradient penalty at w = 0 (domain) and with an eps (ok); spectral normalisation's
jnp.maximum(norm, 1e-12) at a zero vector (norm's NaN leaks through the idle branch: wrong) and F.normalize's there
(ok); the naive log-partition at E = 800 (unstable); the gradient reversal layer (wrong, at its bwd) and the
straight-through clamp outside [-1, 1] (wrong) and by stop_gradient (ok).
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases102d  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("jax")
pytest.importorskip("torch")
pytest.importorskip("tensorflow")

CHOSEN = {  # case id -> what it holds
    "jax_lib102d:minimax_naive@d=[40.0,-1.0]:float64":
        "log(1 - sigmoid(d)) at d = 40: sigmoid rounds to 1, log(0): unstable",
    "jax_lib102d:minimax_stable@d=[800.0,-1.0]:float64":
        "jax.nn.log_sigmoid(-d) at d = 800: ok",
    "jax_lib102d:nonsat_naive@d=[40.0,1.0]:float64":
        "-log(sigmoid(d)) at d = 40: 1 - sigmoid(40) = 0, the slope -4.2e-18 returned as 0: unstable",
    "jax_lib102d:bce_probs_clamped@p=[0.0,0.3],y=[1.0,0.0]:float64":
        "max(log p, -100) at p = 0: the flat side is the side it is defined on (slope 0); maximum's 0 times "
        "log's 1 / 0 leaks NaN: wrong",
    "torch_lib102d:bce_probs@p=[1e-13,0.3]:float64":
        "F.binary_cross_entropy at p = 1e-13: its backward divides by max(p (1 - p), 1e-12): -1e12 for -1e13: wrong",
    "jax_lib102d:hinge_d@d_real=[1.0,0.5],d_fake=[-2.0,0.5]:float64":
        "relu(1 - d_real) at d_real = 1: relu's switch: domain",
    "jax_lib102d:gradient_penalty@w=[0.0,0.0]:float64":
        "(sqrt(sum(w^2)) - 1)^2 at w = 0: the norm's kink: domain",
    "jax_lib102d:gradient_penalty_eps@w=[0.0,0.0]:float64":
        "(sqrt(sum(w^2) + 1e-12) - 1)^2 at w = 0: ok, slopes 0",
    "jax_lib102d:spectral_sigma@W=[[0.0,0.0],[1.0,1.0]]:float64":
        "power iteration with v / max(||v||, 1e-12) at W^T u = 0: the norm's 0 / 0 leaks through the idle max: wrong",
    "torch_lib102d:spectral_sigma@W=[[0.0,0.0],[1.0,1.0]]:float64":
        "the same by F.normalize(eps=1e-12): PyTorch's norm backward is 0 at 0: ok",
    "jax_lib102d:log_partition_naive@E=[800.0,801.0]:float64":
        "log(sum(exp(-E))) at E = 800: exp underflows, log(0): unstable",
    "jax_lib102d:dann_loss@x=[0.5,-1.0]:float64":
        "a gradient reversal layer (identity forward, -lambda backward): wrong, at its bwd's def",
    "jax_lib102d:ste_loss@x=[2.0,0.5]:float64":
        "a straight-through clamp (clip forward, identity backward) at x = 2: wrong, at its bwd's def",
    "jax_lib102d:ste_stop_gradient@x=[2.0,0.5]:float64":
        "x + stop_gradient(clip(x) - x): the held value frozen, slope 1: ok",
}

KNOWN_WRONG = {}  # case id -> the finding, open (cases102d says how)
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases102d, CHOSEN, KNOWN_WRONG, SYMPTOMS)
