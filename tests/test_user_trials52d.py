"""The fifty-second round (d) of user trials (tests/trials/cases52d.py): a second probe of the classes issues 28 and
29 name, aimed at constants made of the user's numbers in float32 programs (Keras, optax-style JAX, torch.nn.functional
losses, norms' eps, distributions), exact gradients to 1e-10 in float32, custom rules inside loops and vmap, and
modules and trees by path. Here, cheap cases: torch's smooth_l1_loss(beta=0.3) in float32 (x / beta with beta as
float32 holds it, C1 at the tie |x| = beta: ok); JAX's relu(0.3 - x) at x = 0.3 in float32 (the user's 0.3 and the
point are one float32 number: the kink is the point's, domain); a jax.custom_jvp rule slipped inside lax.scan (wrong
at its def); Keras' Huber(delta=0.7) in float32 (delta held, the tie C1: ok).
And the round's findings: jax.scipy.stats' loc/scale held as doubles in float32 checks (mended for the literals the
user's line hands it); keras.losses.categorical_crossentropy(label_smoothing=0.1) called functionally holding its
1 - 0.1 as the double (mended); an autograd.Function composition located at the outermost rule, not the slipped one
(mended: each call judged alone).
The whole set runs case by case through the CLI as tests/trials/run.py does (cases52d.ALL).
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases52d  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("torch")
pytest.importorskip("jax")
pytest.importorskip("tensorflow")

CHOSEN = {  # case id -> what it holds
    "torch_lib52d:smooth_l1@x=[0.1,-0.2,2,0.3]:float32":
        "F.smooth_l1_loss(beta=0.3) in float32: slope x / beta, beta as float32 holds the user's 0.3; at |x| = beta "
        "the two pieces meet with slope 1: ok",
    "jax_lib52d:hinge@x=[0.3]:float32":
        "relu(0.3 - x) at x = 0.3 in float32: the literal and the point are one float32 number, so the kink is the "
        "point's: domain",
    "jax_lib52d:scan_slip@w=0.7:float64":
        "a custom_jvp with sigmoid(-x) for sigmoid(x), called in each step of lax.scan: wrong at its def",
    "tf_lib52d:keras_huber@pred=[0.7,-2,0.1]:float32":
        "keras.losses.Huber(delta=0.7) in float32: delta held as float32, pred = 0.7 on the tie, slope delta / 3: ok",
    "jax_lib52d:norm_logpdf@x=[0.3,1.1]:float32":
        "F1, mended: stats.norm.logpdf(x, loc=0.3, scale=0.7)'s 0.3 and 0.7 are the user's, held in float32 as JAX "
        "holds them (tests/test_jax_library_call_literals_held.py): x - loc is 0 at x = 0.3, slope 0, ok",
    "tf_lib52d:keras_cce_probs@p=[[0.3,0.7]]:float32":
        "F3, mended: keras.losses.categorical_crossentropy(y, p, label_smoothing=0.1) called on the line: Keras's "
        "1 - 0.1 is held in float32 as the user's 0.1 is (tests/test_keras_label_smoothing_held.py): ok",
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases52d, CHOSEN)
