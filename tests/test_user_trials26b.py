"""The twenty-sixth round (b) of user trials (tests/trials/cases26b.py), PyTorch and TensorFlow: SwiGLU/GeGLU blocks,
a mixture-density network's NLL at log-sigma -50 and far targets, Tweedie deviances at eta +-800 (PyTorch, and
tf.experimental.numpy), zero-inflated Poisson likelihoods, a Hawkes process log-likelihood at a decay of 1e-20, an
ArcFace margin logit at perfect alignment, linear-chain CRF likelihoods, an autograd.Function log-cosh saving tanh,
temperature scaling with buffers, attention whose padded query masks every key (by hand and through SDPA), an LKJ
log-density, PyTorch's special polynomials and Airy function (no derivative), a generalised normal's shape at x = 0;
a tf.custom_gradient soft clip in a tf.function, softplus in float16, a coefficient of variation at equal values, a
GP posterior mean through tf.linalg.solve, Barron's robust loss near alpha = 0, tf.linalg.sqrtm, reparameterised
Gamma draws and Keras layers with a non-trainable weight and under mixed_float16.

The whole set runs case by case through the CLI as tests/trials/run.py does (cases26b.ALL); here, the PyTorch cases
the CPU budget allows (one framework import), in the long mode (`make trials`). Known disagreements are strict
xfails naming their finding (none are open). The findings' classes are tested in every run by
tests/test_trial_findings26b.py.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases26b  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "torch_lib26b:crf_nll@emissions=[[800,-1],[0.5,2],[-0.3,0.1]]:float64":
        "Z1: a CRF's forward algorithm through logsumexp; the first emission's slope is -5.5e-348, which float64 holds "
        "as 0; PyTorch's 1.1e-15 beside slopes of 0.33, judged relative to itself: unstable -> ok",
    "torch_lib26b:zip_nll_naive@logit=[-40,40],eta=[0.2,1]:float64":
        "F1: pi = torch.sigmoid(logit) is read in the zero's line as well as in torch.log(1 - pi), a local read outside "
        "the expression: no fix -> F.logsigmoid(-logit), re-checked ok, pi's assignment kept for the other line",
    "torch_lib26b:log_cosh_loss_mixed_up@x=[0.5,-2,800]:float64":
        "an autograd.Function saving tanh whose backward returns tanh's derivative: wrong, named at its backward",
    "torch_lib26b:airy_tail@x=[0.3,-0.5]:float64":
        "A1: torch.special.airy_ai, which PyTorch computes without a derivative (its term drops out of the gradient), "
        "replayed as Airy's Ai with the slope Ai': input error -> wrong, named at the call",
}
KNOWN_WRONG = {}
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases26b, CHOSEN, KNOWN_WRONG, SYMPTOMS)
