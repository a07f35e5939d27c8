"""The eighty-third round (d) of user trials (tests/trials/cases83d.py): the terms of a variational autoencoder's ELBO
on 2-4 latents, the noise passed in as data, as JAX (jax_lib83d), PyTorch (torch_lib83d), TensorFlow (tf_lib83d) and
plain NumPy (np_lib83d) code writes them: the Gaussian KL from a log-variance (at logvar 720 past float64's range,
-800), from a softplus variance and from exp(0.5 logvar) (a variance or std that underflows to 0), from a std of 0;
the reparameterised sample mu + std * eps; the Bernoulli decoder from probabilities (the log of a sigmoid that rounded
to 1; 0 * log 0), clipped, from logits (jax.nn.log_sigmoid, F.binary_cross_entropy_with_logits,
tf.nn.sigmoid_cross_entropy_with_logits, scipy's log_expit), F.binary_cross_entropy of a sigmoid, and the documented
formula max(l, 0) - l x + log1p(exp(-|l|)) written out at zero logits; the Gaussian decoder with a learned
(log-)variance at a variance of 0 and F.gaussian_nll_loss's clamp; the IWAE bound by logsumexp and by log(mean(exp))
with one weight dominating and every log weight -1000; the Gumbel-softmax at tau = 1e-3 (a tie of logits), by hand,
its straight-through hard sample (stop_gradient, .detach(), F.gumbel_softmax(hard=True)), noise drawn by jax.random
and by a seeded torch generator; straight-through rounding by stop_gradient and by custom rules (custom_vjp,
autograd.Function, tf.custom_gradient); beta-VAE, KL warm-up by minimum and free bits by maximum at their switches;
the categorical KL by xlogy at a probability 0; the Kumaraswamy reparameterisation with uniform noise 0 and 1.

Chosen here, cheap cases: exp(0.5 logvar) underflowing to a std of 0 under log (unstable), the log of a sigmoid that
rounded to 1 (unstable), the BCE-with-logits formula at zero logits (JAX's maximum and abs rules at 0 give a slope the
smooth function does not have: wrong), F.binary_cross_entropy's backward clamp (wrong at logit 40), the
straight-through Gumbel-softmax at a tie of logits (domain), a straight-through custom_vjp (wrong, at its rule), the
IWAE bound by log(mean(exp)) at log weights of -1000 (unstable), and torch.bernoulli of a tensor of probabilities
(refused, naming it and the line).
F1, mended: the Kumaraswamy sample at uniform noise u = 0 (and at u = 1): (1 - (1 - u)^(1/b))^(1/a) is identically 0
in a and b there, so their slopes are exactly 0 and every framework's NaN is wrong (domain at u = 1, where u has no
slope); two of its cases are chosen here.
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases83d  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("jax")
pytest.importorskip("torch")
pytest.importorskip("tensorflow")

KUMA = "a=[2.0,0.5],b=[3.0,1.5]"

CHOSEN = {  # case id -> what it holds
    "jax_lib83d:gauss_kl_from_std@mu=[0.3,-0.5],logvar=[-1600.0,0.1]:float64":
        "the KL written from std = exp(0.5 logvar): exp(-800) underflows to 0, log(std**2) = -inf where the exact "
        "KL is 799.67: unstable",
    "jax_lib83d:bern_ll_probs@logits=[1.0,40.0,-2.0]:float64":
        "log(1 - sigmoid(40)) for a pixel x = 0: sigmoid(40) rounds to 1, the log is -inf where it is -40: unstable",
    "jax_lib83d:bce_logits_hand@logits=[0.0,0.0,1.0]:float64":
        "max(l, 0) - l x + log1p(exp(-|l|)) at zero logits: smooth (slope sigmoid(0) - x = -0.5, 0.5), but "
        "maximum's and abs' rules at 0 give -1, 0: wrong",
    "torch_lib83d:bce_probs@logits=[1.0,40.0,-2.0]:float64":
        "F.binary_cross_entropy(sigmoid(l)) at l = 40: its backward divides by max(p (1 - p), 1e-12), a slope of "
        "4.2e-6 even at high precision where it is 1: wrong",
    "jax_lib83d:gumbel_st@logits=[1.0,0.5,-0.25],g=[0.25,0.75,0.125],tau=0.5:float64":
        "the straight-through Gumbel-softmax at a tie l + g = [1.25, 1.25, -0.125]: the one-hot value jumps along "
        "the tied logits and noises, the third and tau keep the soft sample's slope: domain",
    "jax_lib83d:st_round_vjp@z=[0.3,1.2]:float64":
        "straight-through rounding by a custom_vjp whose rule passes g on: round's derivative is 0: wrong, at the rule",
    "jax_lib83d:iwae_naive@logw=[-1000.0,-1000.0,-1000.0,-1000.0]:float64":
        "the IWAE bound as log(mean(exp(log w))) with every log weight -1000: exp underflows, log 0 = -inf where the "
        "bound is -1000 and each slope 1/4: unstable",
    "torch_lib83d:bernoulli_st@logits=[1.0,0.5,-0.3]:float64":
        "a binary latent drawn by torch.bernoulli(p) with p a tensor: refused (exit 2), naming the draw, the line "
        "and how to pass the sample",
    f"np_lib83d:kumaraswamy_latent@{KUMA}:float64":
        "F1 (mended): the Kumaraswamy sample at noise u = 0 is 0 for every a, b: their slopes exactly 0, gradcli's own "
        "power rule gives b[0] NaN (0^(-1/2) times 0): wrong, and 1 - 1^(1/3) is no cancellation",
    "jax_lib83d:kumaraswamy_sample@a=[2.0,0.5],b=[3.0,1.5],u=[1.0,0.3]:float64":
        "F1 (mended) at u = 1: u[0] has no derivative, a[0] and b[0] are exactly 0 (0^(1/b) = 0): domain",
}

KNOWN_WRONG = {}  # case id -> the finding, open: none
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases83d, CHOSEN, KNOWN_WRONG, SYMPTOMS)
