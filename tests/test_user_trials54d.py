"""The fifty-fourth round (d) of user trials (tests/trials/cases54d.py): a fourth probe of the classes issues 28 and
29 name, aimed at the fixes and the sweep of framework code: the unstable spellings users write in JAX, PyTorch and
TensorFlow (log(1 + exp), log(sum(exp)), logs of sums and differences of exps, log(sigmoid), log(1 - sigmoid), BCE
from probabilities, the entropy of a softmax, log(1 + x) / x, (exp(x) - 1) / x, (1 - cos x) / x^2, sqrt(x*x + y*y),
log of a softmax, where guards over sqrt and sin(x) / x), each fix judged by its diff and its re-check. Here, cheap
cases: a where over a sqrt at x = -1 in JAX (wrong: the where leak, the double-where fix re-checked ok); PyTorch's
F.binary_cross_entropy of sigmoid(z) at z = 40 (its backward's max(p (1 - p), 1e-12) makes the rule wrong at any
precision; binary_cross_entropy_with_logits re-checked ok); log(exp(a) - exp(b)) at 800 / 799 in JAX (its fix is
a + log(-expm1(b - a)), never logaddexp); log(softmax(x)) in TensorFlow float32 (tf.nn.log_softmax re-checked ok);
the entropy of a softmax with an underflowed p in PyTorch (p * F.log_softmax re-checked ok). And the round's
finding, mended: the where-guarded series fixes spelled for TensorFlow with tf.where(..., 1, x), an int32 1 beside a
float x, which TensorFlow's graph rejects, so the one working fix was never offered and the note said "worse" where
the rewrite did not run (now 1.0, and "it raises at" where a rewrite raises).
The whole set runs case by case through the CLI as tests/trials/run.py does (cases54d.ALL).
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases54d  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("torch")
pytest.importorskip("jax")
pytest.importorskip("tensorflow")

CHOSEN = {  # case id -> what it holds
    "jax_lib54d:sqrt_guard@x=[-1,4]:float64":
        "jnp.where(x > 0, jnp.sqrt(x), 0.0) at x = -1: the where leak (NaN from the branch not taken), wrong at the "
        "user's line; the double where jnp.sqrt(jnp.where(x > 0, x, 1)) re-checked ok",
    "torch_lib54d:bce_lib_probs@z=[40],y=[0]:float64":
        "F.binary_cross_entropy(sigmoid(z), y) at z = 40: its backward divides by max(p (1 - p), 1e-12), 4.25e-6 "
        "where the exact slope is s(40) = 1 at any precision: wrong; binary_cross_entropy_with_logits re-checked ok",
    "jax_lib54d:lde_naive@a=[800],b=[799]:float64":
        "log(exp(a) - exp(b)) at 800 / 799: unstable (exp overflows); the fix a + log(-expm1(b - a)) re-checked ok, "
        "the mathematics kept (a logaddexp would change it)",
    "tf_lib54d:log_of_softmax@x=[0,100]:float32":
        "tf.math.log(tf.nn.softmax(x))[0] in float32: exp(-100) underflows, log(0); tf.nn.log_softmax re-checked ok",
    "torch_lib54d:entropy_softmax@x=[0,-800]:float64":
        "-sum(p log p) of a softmax whose p underflows to 0: unstable; p * F.log_softmax(x, dim=-1) re-checked ok",
    "tf_lib54d:versine_ratio@x=[1e-5]:float64":
        "F1, mended: the where-guarded series fix of (1 - cos x) / x^2, spelled for TensorFlow with tf.where(tf.abs(x) "
        "< 0.1, 1.0, x) (the int 1 was refused beside a float x), offered and re-checked ok "
        "(tests/test_tf_fix_numbers_as_floats.py)",
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases54d, CHOSEN)
