"""The fifty-fifth round (d) of user trials (tests/trials/cases55d.py): a differential probe across frameworks: random
compositions of common ops written four times (plain NumPy, JAX, PyTorch, TensorFlow) and checked at points from
subnormals to 1e300, comparing exact values, exact gradients and verdicts across the four. Here, cheap cases where
the frameworks legitimately differ: logsumexp(sigmoid(x)) at [30, 15] ok in NumPy (gradcli's own stable rules) and
unstable in TensorFlow (s (1 - s) cancels); PyTorch's F.softplus at 20 exactly (its threshold's jump: domain) and
softplus(exp(x)) at x = 3 in PyTorch (x past 20: its exact gradient e^3, not s(e^3) e^3); sqrt(exp(log(x))) at
float32's subnormal 1e-40 in JAX (XLA flushes it: unstable); log(exp(expm1(x))) at 1e-40 in JAX (XLA rewrites
log(exp(u)) to u: ok). And the round's finding, mended: np.clip(np.log1p(x), -5.0, 5.0) at x = -800 in plain NumPy, exact
value 5 and unstable where log1p(-800) has no real value (domain, as in the other three).
The whole set runs case by case through the CLI as tests/trials/run.py does (cases55d.ALL).
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases55d  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("torch")
pytest.importorskip("jax")
pytest.importorskip("tensorflow")

CHOSEN = {  # case id -> what it holds
    "np_lib55d:lse_sig@x=[30,15]:float64":
        "logsumexp(expit(x)) in plain NumPy, judged through gradcli's own stable expit rule: ok (the frameworks' "
        "s (1 - s) cancels there: unstable in JAX, PyTorch, TensorFlow)",
    "tf_lib55d:lse_sig@x=[30,15]:float64":
        "tf.reduce_logsumexp(tf.sigmoid(x)) at [30, 15]: sigmoid' = s (1 - s) cancels, unstable at the user's line",
    "torch_lib55d:sp_plain@x=[20]:float64":
        "F.softplus at 20 exactly: its threshold switches to x there, a jump of 2e-9: domain (ok in the others)",
    "torch_lib55d:sp_exp@x=[1,3]:float64":
        "F.softplus(exp(x)) at x = 3: e^3 = 20.09 is past the threshold, the function is x there and the exact "
        "gradient e^3, where the other frameworks' is s(e^3) e^3",
    "jax_lib55d:sqrt_exp_log@x=[1e-40,0.25]:float32":
        "sqrt(exp(log(x))) at float32's subnormal 1e-40: XLA flushes it to 0, unstable at the user's line (ok in "
        "NumPy and PyTorch)",
    "np_lib55d:clip_log1p@x=[-800]:float64":
        "F1, mended: np.clip(np.log1p(x), -5.0, 5.0) at x = -800: log1p(-800) is NaN and clip keeps it; the proof "
        "numbers now pick the NaN as NumPy does (tests/test_nan_picked_on_proof_numbers.py): domain, as in the other "
        "three frameworks",
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases55d, CHOSEN)
