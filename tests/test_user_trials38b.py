"""The thirty-eighth round (b) of user trials (tests/trials/cases38b.py), PyTorch and TensorFlow in digital
communications, computational neuroscience, fatigue and fracture, nuclear structure, exoplanet transits and audio
signal processing. Here, PyTorch cases the CPU budget allows (one framework import; P1, the Paris law near m = 2,
is tested in tests/test_trial_findings38b.py): Hodgkin-Huxley's alpha_n with its series put in by torch.where at
-55 mV (the idle branch's 0/0 leaks), water-filling with a channel exactly at the water level (the clamp's corner),
and a Q-function autograd.Function whose backward forgets its Gaussian's 1/2.

N1 (open, a strict xfail, the one TensorFlow case here): a planet's covered fraction at the outer contact, where the
lens branch a tf.where leaves unselected is finite (acos(1) = 0, sqrt(0) = 0) but has infinite slopes, so 0 * inf
leaks NaN into a slope that exists (0, C1 there). The check says wrong, but its where-leak finding is made only where
a forward op made a NaN or inf: it names the line the backward pass starts from (the inner where, line 23), not the
outer where (line 24) whose unselected branch leaks.

The whole set runs case by case through the CLI as tests/trials/run.py does (cases38b.ALL).
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases38b  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("torch")

CHOSEN = {  # case id -> what it holds
    "torch_lib38b:alpha_n_where@v=-55:float64":
        "alpha_n's series chosen by torch.where at -55 mV: the idle branch's 0/0 leaks NaN into the slope 0.005: wrong, "
        "at the where's line",
    "torch_lib38b:water_filling_capacity@gains=[1,0.5,4]:float64":
        "a channel exactly at the water level, (mu - 1/g)^+ at its corner: domain, the other channels' slopes exact",
    "torch_lib38b:ber_q_slip@snr=2:float64":
        "a Q-function autograd.Function whose backward writes exp(-x^2) for exp(-x^2 / 2): wrong, at the backward",
}

KNOWN_WRONG = {  # case id -> the open finding
    "tf_lib38b:covered_fraction@z=1.125,p=0.125:float64":
        "N1: a where leak from a finite branch with an infinite slope is named where the backward starts (line 23), "
        "not at the where whose unselected branch leaks (line 24)",
}
SYMPTOMS = {
    "tf_lib38b:covered_fraction@z=1.125,p=0.125:float64": "the non-finite gradient comes from how the gradient is computed",
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases38b, CHOSEN, KNOWN_WRONG, SYMPTOMS)
