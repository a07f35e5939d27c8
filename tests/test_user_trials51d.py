"""The fifty-first round (d) of user trials (tests/trials/cases51d.py): a probe of the classes issues 28 and 29 name
(custom rules right, cancelling and slipped; where leaks and guards; norms at 0 and overflow; fused losses at
extremes; modules and parameter trees; float32), in JAX, PyTorch and TensorFlow. Here, cases the CPU budget allows: an
autograd.Function's s (1 - s) of a saved sigmoid at 40, right as mathematics and 0 in float64 (unstable at its line);
a quotient's backward with its two slopes swapped (wrong at its def); F.normalize at 0, x / eps there, its slope
w / eps (ok); a guard placed after the sqrt it should protect (wrong in JAX).
And the round's finding, mended: F.cross_entropy(label_smoothing=0.1) in float32, whose exact gradient held ATen's
mul.Scalar(nll, 0.9) as float32 but mul.Scalar(smooth, 0.1 / 3) as the double (-0.0333333333 for -0.0333333351).
The whole set runs case by case through the CLI as tests/trials/run.py does (cases51d.ALL).
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases51d  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("torch")
pytest.importorskip("jax")

CHOSEN = {  # case id -> what it holds
    "torch_lib51d:sigmoid_rule@x=[40]:float64":
        "an autograd.Function's grad * s * (1 - s), s = sigmoid(40) = 1 in float64: right as mathematics, 0 for "
        "4.2e-18: unstable at its line",
    "torch_lib51d:ratio_rule@a=[2],b=[4]:float64":
        "a / b with its backward's two slopes swapped: wrong at its def (ok at b = -a, where they agree)",
    "torch_lib51d:normalized_score@x=[0,0]:float64":
        "F.normalize at 0 is x / eps there: the norm's kink is inside clamp_min's flat side, the slope w / eps: ok",
    "jax_lib51d:half_log_late_guard@x=[-1,4]:float64":
        "a where guarding sqrt(x) after it ran: sqrt's rule reads the NaN, 0 * NaN leaks: wrong",
    "torch_lib51d:smoothed_ce@logits=[[80,-80,0]]:float32":
        "F.cross_entropy(label_smoothing=0.1) in float32, mended: 0.1 / 3, the library's share of the user's 0.1 "
        "among three classes, is held in float32 as 1 - 0.1 is (tests/test_torch_label_smoothing_held.py): ok",
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases51d, CHOSEN)
