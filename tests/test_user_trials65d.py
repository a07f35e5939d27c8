"""The sixty-fifth round (d) of user trials (tests/trials/cases65d.py): the frameworks' built-in loss functions at
their edges, called as users call them: PyTorch's F.nll_loss (weight=, ignore_index), F.cross_entropy
(label_smoothing, class weights), F.binary_cross_entropy below its log clamp (-100) and its backward's 1e-12,
F.binary_cross_entropy_with_logits with pos_weight at +-100, F.poisson_nll_loss, F.gaussian_nll_loss at and below its
var clamp, F.kl_div (log_target, zeros), F.huber_loss / F.smooth_l1_loss at their switch, F.soft_margin_loss at -100,
the margin losses at their margin, F.cosine_embedding_loss at a zero vector, F.triplet_margin_loss at equal distances,
a sigmoid focal loss by hand; tf.keras.losses (Huber, LogCosh, KLDivergence, Poisson, CategoricalCrossentropy,
BinaryCrossentropy at 0, 1 and Keras' epsilon, SparseCategoricalCrossentropy), tf.nn.weighted_cross_entropy_with_logits,
tf.nn.log_poisson_loss(compute_full_loss=True), tf.nn.softmax_cross_entropy_with_logits; JAX's optax-free
equivalents; plain NumPy versions.
Here, cheap cases: NumPy's clip to Keras' [1e-7, 1 - 1e-7] at the bound 1e-7 (domain), a naive log(cosh) at 1e3
(unstable), a hand-written focal loss at z = +-20 in float32 (unstable), PyTorch's F.binary_cross_entropy at
p = 1e-30 (wrong: its backward clamps p (1 - p) at 1e-12, its forward's log is exact there), F.gaussian_nll_loss with
var below its eps (wrong: the clamp under no_grad leaves a slope where the loss is flat), JAX's cross-entropy at +-100 (ok).
F1's truth was corrected to README's doctrine: PyTorch's eps 1e-8, a constant the library writes, is the double 1e-8
in the float32 reference too, as gradcli holds it.
The whole set runs case by case through the CLI as tests/trials/run.py does (cases65d.ALL).
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases65d  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("torch")
pytest.importorskip("jax")
pytest.importorskip("tensorflow")

CHOSEN = {  # case id -> what it holds
    "np_lib65d:bce_clip@p=[1e-7,0.5]:float64":
        "np.clip(p, 1e-7, 1 - 1e-7) at p = 1e-7, the clip's bound: a kink (0 left, -1/(2p) right): domain",
    "np_lib65d:logcosh_naive@x=[1000,0.5]:float64":
        "np.log(np.cosh(x)) at 1e3: cosh overflows float64, the value inf where it is 999.3: unstable at the line",
    "np_lib65d:focal@z=[20,-20]:float32":
        "a sigmoid focal loss by hand at z = +-20 in float32: p_t rounds to 1, (1 - p_t)^2 to 0 where the slope is "
        "~-1e-26: unstable",
    "torch_lib65d:bce_prob@p=[1e-30,0.5]:float64":
        "F.binary_cross_entropy at p = 1e-30, y = 1: the forward's log(1e-30) = -69 is above its -100 clamp, slope "
        "-1/(2p) = -5e29; PyTorch's backward divides by max(p (1 - p), 1e-12): -5e11, a library rule off: wrong",
    "torch_lib65d:gaussian_nll@mu=[1,0],var=[1e-8,2]:float64":
        "F.gaussian_nll_loss with var = 1e-8 below its eps 1e-6: the clamp (in place, under no_grad) makes the loss "
        "flat in var[0], exact slope 0; PyTorch's gradient is the slope at var = eps: wrong",
    "jax_lib65d:xent@x=[100,-100,0,0.5,-1,2]:float32":
        "jax.nn.log_softmax + jnp.take_along_axis at +-100 in float32: ok (e^-100 below float32's normal numbers, "
        "flushed by XLA, not held against it)",
}

KNOWN_WRONG = {}  # case id -> the finding, open
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases65d, CHOSEN, KNOWN_WRONG, SYMPTOMS)
