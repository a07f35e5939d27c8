"""The thirty-eighth round (b) of user trials (tests/trials/cases38b.py), PyTorch and TensorFlow in digital
communications, computational neuroscience, fatigue and fracture, nuclear structure, exoplanet transits and audio
signal processing. Here, PyTorch cases the CPU budget allows (one framework import; P1, the Paris law near m = 2,
is tested in tests/test_trial_findings38b.py): Hodgkin-Huxley's alpha_n with its series put in by torch.where at
-55 mV (the idle branch's 0/0 leaks), water-filling with a channel exactly at the water level (the clamp's corner),
and a Q-function autograd.Function whose backward forgets its Gaussian's 1/2.

N1 (fixed): a where leaving out a finite branch that is steep at the point (the covered fraction at a planet's outer
contact) is named at the where's line; tests/test_trial_findings38b.py has it in PyTorch, and cases38b.py in
TensorFlow.

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

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases38b, CHOSEN)
