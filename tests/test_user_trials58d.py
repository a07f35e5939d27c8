"""The fifty-eighth round (d) of user trials (tests/trials/cases58d.py): real training losses as users write them,
with parameter trees and data, on the JAX, PyTorch, TensorFlow and plain-NumPy bridges: an nn.Module (Linear, tanh,
Linear) under F.cross_entropy (label_smoothing, ignore_index, class weights), nll_loss, kl_div(log_target=True),
binary_cross_entropy(_with_logits) with pos_weight, huber, poisson and gaussian NLL; optax-style losses on dict params
(softmax and sigmoid cross-entropy, l2, log-cosh, masked logsumexp); tf.nn / tf.keras.losses cross-entropies, focal,
InfoNCE and triplet losses; NumPy's; each beside the naive spelling users write by hand (log(softmax(z)),
log(sigmoid(x)), -(y log p + (1 - y) log(1 - p))), at ordinary data and logits of +-30, +-100, +-1e4, labels at 0
and 1 exactly, in float32 and float64. Here, cheap cases: a naive log(softmax) cross-entropy of an nn.Module with
logits of thousands, by --args and --wrt model.fc.weight (unstable at the user's line, F.log_softmax offered and
re-checked); F.binary_cross_entropy on sigmoid's probabilities at sigmoid(30) (PyTorch's rule divides by
max(p (1 - p), 1e-12): wrong at the call, the logits loss offered); an optax-style naive sigmoid cross-entropy on
dict params with logits of hundreds (unstable, jax.nn.log_sigmoid re-checked); TensorFlow's naive sigmoid
cross-entropy at 100 (tf.nn.sigmoid_cross_entropy_with_logits re-checked); NumPy's max-shifted cross-entropy at a
tie of the max (smooth: ok, exact). And the round's finding, mended: -torch.log of a torch.softmax taken on the line
before, at logits of thousands in float32, named only the log's -inf, never the softmax's underflow at its own line
(JAX and TensorFlow name it as the root cause) (F1). The whole set runs case by case through the
CLI as tests/trials/run.py does (cases58d.ALL).
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases58d  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("torch")
pytest.importorskip("jax")
pytest.importorskip("tensorflow")

CHOSEN = {  # case id -> what it holds
    "torch_lib58d:naive_ce_log@ce_extreme64_args:float64":
        "torch.log(torch.softmax(model(x))) under F.nll_loss, an nn.Module with logits of thousands, by --args and "
        "--wrt model.fc.weight: softmax underflows to 0 and log gives -inf, unstable at the user's line; "
        "F.log_softmax offered, re-checked",
    "torch_lib58d:bce_on_probs@z=[30,-2],y=[0,1]:float32":
        "F.binary_cross_entropy(sigmoid(z), y) at z = 30, y = 0: PyTorch's rule divides by max(p (1 - p), 1e-12), "
        "off the derivative at any precision there: wrong at the call; F.binary_cross_entropy_with_logits offered",
    "jax_lib58d:naive_bce@extreme_args:float64":
        "optax-style sigmoid cross-entropy spelled -(y log p + (1 - y) log(1 - p)) on dict params with logits of "
        "hundreds: 1 - p cancels to 0, unstable at the line; jax.nn.log_sigmoid offered and re-checked",
    "tf_lib58d:naive_sigmoid_xent@z=[100,-2],y=[0,1]:float64":
        "TensorFlow's naive sigmoid cross-entropy at z = 100 with the label 0: unstable at the line; "
        "tf.nn.sigmoid_cross_entropy_with_logits offered and re-checked",
    "np_lib58d:xent_shifted@z=[5,5,0]:float64":
        "a NumPy cross-entropy shifted by np.max(z) at a tie of the max: the shift cancels, the function is smooth, "
        "ok and exact (no kink reported)",
    "torch_lib58d:naive_ce@ce_extreme_args:float32":
        "F1, mended: probs = torch.softmax(model(x), dim=1) on one line, -torch.log(probs[...]) on the next, logits of "
        "thousands in float32: the exp inside aten._softmax that underflowed is named at the softmax's line as the "
        "root cause, though the recording does not link the log's 0 to it (provenance._unlinked_zero_maker)",
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases58d, CHOSEN)
