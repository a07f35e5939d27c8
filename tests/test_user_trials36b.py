"""The thirty-sixth round (b) of user trials (tests/trials/cases36b.py), PyTorch and TensorFlow in 3D rotations and
pose, electric circuits and power lines, contact mechanics, thermodynamics, traffic flow, product diffusion and X-ray
diffraction. Here, PyTorch cases the CPU budget allows (one framework import): a quaternion normalisation under an
autograd.Function whose backward forgot its projection, a series RLC circuit's impedance by a square root at
resonance with R = 1e-200 (R^2 underflows), and friction's work mu N |v| at rest.

The whole set runs case by case through the CLI as tests/trials/run.py does (cases36b.ALL).
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases36b  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("torch")

CHOSEN = {  # case id -> what it holds
    "torch_lib36b:unit_quaternion_score_slip@q=[0.1,0.5,-0.2,0.9]:float64":
        "an autograd.Function normalising a quaternion whose backward forgot the projection off its direction: wrong, "
        "at its backward's line",
    "torch_lib36b:impedance_naive@R=1e-200,L=1,C=1,omega=1:float64":
        "|Z| by sqrt(R^2 + X^2) at resonance where R^2 underflows: sqrt(0)'s infinite slope meets 2R and X = 0: "
        "unstable, at the square root's line",
    "torch_lib36b:friction_work@v=[0,0.5],mu=0.3:float64":
        "friction's work mu N |v| at rest: |v| has a kink there, the other slopes are exact: domain",
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases36b, CHOSEN)
