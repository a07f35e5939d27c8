"""The thirty-fifth round (b) of user trials (tests/trials/cases35b.py), PyTorch and TensorFlow in solid mechanics,
discrete choice, ratings, weather, water waves, state-space models and rendering. Here, PyTorch cases the CPU budget
allows (one framework import): the von Mises stress under an autograd.Function whose backward forgot the shear's
factor 3, the wind chill index at calm air in float32, and G1, a ray's hit on a circle at grazing incidence,
-b - sqrt(b^2 - c) with b^2 - c exactly 0 (9 - 9): the slope in oy is infinite from below and the hit has no value
above, the slope in ox is -1 (the discriminant 1 - oy^2 does not move with ox), found by the proof numbers where every
difference along ox reads the root of a rounded 0 (tests/test_exact_still_roots.py): domain.

The whole set runs case by case through the CLI as tests/trials/run.py does (cases35b.ALL).
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases35b  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("torch")

CHOSEN = {  # case id -> what it holds
    "torch_lib35b:von_mises_rule_slip@s=[3,1,0,0.5,0,0]:float64":
        "an autograd.Function for the von Mises stress whose backward forgot the shear's factor 3: wrong, at its "
        "backward's line",
    "torch_lib35b:wind_chill@T=-10,v=0:float32":
        "the wind chill index at calm air: v^0.16 has an infinite slope at 0, T's slope is 0.6215: domain",
    "torch_lib35b:ray_sphere@o=[-3,1]:float64":
        "G1: a ray grazing the circle: b^2 - c is exactly 0 and stays 0 along ox, whose slope is -1; oy has no "
        "derivative: domain",
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases35b, CHOSEN)
