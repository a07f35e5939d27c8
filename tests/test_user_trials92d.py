"""The ninety-second round (d) of user trials (tests/trials/cases92d.py): the losses of training and aligning small
language models as JAX (jax_lib92d), PyTorch (torch_lib92d), TensorFlow (tf_lib92d) and plain NumPy (np_lib92d) code
writes them: DPO's -log sigmoid(beta margin) at margins of +-50 and +-800 (naive, log_sigmoid, softplus, logaddexp),
IPO, a Bradley-Terry reward loss, the per-token KL penalty exp(d) - 1 - d near d = 0 (naive and expm1), the z-loss,
label-smoothed cross-entropy, perplexity at a mean NLL of 89-90 in float32, a temperature-scaled log-softmax at
T = 1e-3 and 0, top-k masking with -inf and -1e9, logit soft-capping at huge logits, RMSNorm at x = 0 with and without
eps, custom rules (a straight-through top-1 pick, a softmax pick right and wrong); float64 and float32.

Chosen here, cheap cases: DPO spelled log(sigmoid(m)) at m = 50 (sigmoid's rule s (1 - s) is 0 where the slope is
1.9e-22: unstable) and by log_sigmoid at m = -800 (ok); the KL penalty exp(d) - 1 - d at d = 1e-9 (cancellation:
unstable); soft-capping 30 tanh(z / 30) at z = 1e4 (tanh's rule 1 - t^2 is 0 where sech^2 = 1e-289: unstable); top-k
masking at a tie between the 2nd and 3rd logits (a jump: domain, the others' slopes kept); RMSNorm at x = 0 with eps
in float32 (smooth: ok); the straight-through top-1 custom_vjp (passes g where the slope is 0: wrong, at the rule's
def); scipy.optimize.minimize_scalar refused with its name and line.
F1 in cases92d, mended: perplexity exp(mean NLL) at a mean NLL of 89-90 in float32, whose value lies past float32's
range while gradient entries (0.5) are float32 numbers the program loses to NaN, is unstable (the README's rule for a
lost value the dtype holds, for the gradient beside a value it cannot hold); chosen at a mean NLL of 90.
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases92d  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("jax")
pytest.importorskip("torch")
pytest.importorskip("tensorflow")

CHOSEN = {  # case id -> what it holds
    "jax_lib92d:dpo_naive@lp_c=[-1.0,-3.0],lp_r=[-102.0,-2.5]:float64":
        "DPO as -log(sigmoid(m)) at a margin m = 50: sigmoid rounds to 1 and its rule s (1 - s) gives 0 where the "
        "slope is 1.9e-22: unstable",
    "jax_lib92d:dpo_log_sigmoid@lp_c=[-1700.0,-3.0],lp_r=[-101.0,-2.5]:float64":
        "DPO by jax.nn.log_sigmoid at m = -800 (sigmoid itself underflows to 0): ok",
    "jax_lib92d:kl_naive@logp=[-1.25,-0.75,-2.5],logq=[-1.250000001,-0.75,-2.5000001]:float64":
        "the per-token KL penalty exp(d) - 1 - d at d = 1e-9, 1e-7: the subtraction cancels: unstable",
    "jax_lib92d:softcap_ce@z=[[10000.0,0.0,-1.0,2.0],[0.0,0.25,-0.5,3.0]]:float64":
        "logit soft-capping 30 tanh(z / 30) at z = 1e4: tanh's rule 1 - t^2 gives 0 where sech^2 is 1e-289: "
        "unstable",
    "jax_lib92d:topk_ce@z=[2.0,3.0,0.5,2.0,-1.0]:float64":
        "top-2 masking with -inf where the 2nd and 3rd logits tie: a jump in both, the other entries' slopes kept: "
        "domain",
    "jax_lib92d:rmsnorm@x=[0.0,0.0,0.0,0.0]:float32":
        "RMSNorm x rsqrt(mean x^2 + 1e-6) at x = 0 in float32: smooth there, slopes g w / sqrt(eps): ok",
    "jax_lib92d:st_value@z=[0.5,2.0,-1.0]:float64":
        "a straight-through top-1 pick (custom_vjp passing g): the value of the greedy token is flat, the rule "
        "passes VALUES: wrong, at the rule's def",
    "np_lib92d:calibrated_ce@z=[[1.0,2.0,0.5,-1.0],[0.0,0.25,-0.5,3.0]]:float64":
        "a temperature fitted by scipy.optimize.minimize_scalar: refused, naming minimize_scalar and its line",
    "jax_lib92d:perplexity@z=[[0.0,90.0,0.0,0.0],[0.0,90.0,0.0,0.0]]:float32":
        "F1 (mended): exp(mean NLL) at a mean NLL of 90 in float32: the value and some slopes (6.1e38) lie past "
        "float32's range, the slopes 0.5 do not and come out NaN: unstable",
}

KNOWN_WRONG = {}  # case id -> the finding it shows (cases92d says how)
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases92d, CHOSEN, KNOWN_WRONG, SYMPTOMS)
