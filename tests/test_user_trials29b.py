"""The twenty-ninth round (b) of user trials (tests/trials/cases29b.py), PyTorch and TensorFlow in reinforcement
learning and generative models: a soft actor-critic's tanh-squashed Gaussian log-probability (the log(1 - tanh^2 +
1e-6) correction where tanh rounds to 1, and the softplus form), a behaviour-cloning likelihood through a
TanhTransform, PPO's clipped surrogate (by hand and through an nn.Linear policy by parameter name), a planar flow at
its invertibility edge and reparameterised as an nn.Module, a VAE's KL term at extreme log-variances (by hand and
through kl_divergence), Bernoulli decoders from logits and from clamped probabilities, a VAE's negative ELBO in its
encoder's weights, InfoNCE through F.normalize at a zero anchor, a WGAN-GP penalty by double backward, nn.GRU,
torch.float_power, custom autograd.Functions right and with a slip; in TensorFlow a probit likelihood through erfc,
Gumbel-softmax at temperature 1e-3, a Keras LSTM by input and by recurrent kernel, Keras' Tversky loss, softsign at 0
(TensorFlow's and a rule missing its square), tf.linalg.qr's log-determinant near and at singularity, tf.function
loops (logistic growth, the logistic map stable and chaotic) and a tf.custom_gradient dense layer with variables=.

The whole set runs case by case through the CLI as tests/trials/run.py does (cases29b.ALL); here, the PyTorch cases
the CPU budget allows (one framework import). Findings: P1, an unstable result named a cancellation whose error a
later, far larger sum swallowed, and T3, a module built in the function whose random start the function overwrites
was refused as an unseeded draw (both fixed, tested for their class in test_trial_findings29b.py).
These trials run in the long mode (`make trials`, `pytest --long`); the finding classes run in every run.
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases29b  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("torch")

CHOSEN = {  # case id -> what it holds
    "torch_lib29b:planar_nll@z=[1e-6,0]:float64":
        "P1: a planar flow at u.w = -1, unstable, named at the log-determinant's cancellation, not at f = z + u h "
        "(which cancels too, but only into a term a far larger one swallows)",
    "torch_lib29b:gru_at@seq=[0.5,-1,2]:float64":
        "T3: an nn.GRU built in the function, its random start overwritten by copy_: checked, ok",
    "torch_lib29b:normalized_probe_slip@x=[1,2,2]:float64":
        "an autograd.Function L2 normalisation whose backward forgets the projection: wrong, named at its backward",
}

KNOWN_WRONG = {}
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases29b, CHOSEN, KNOWN_WRONG, SYMPTOMS)

