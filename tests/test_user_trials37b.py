"""The thirty-seventh round (b) of user trials (tests/trials/cases37b.py), PyTorch and TensorFlow in pipe flow and
hydraulics, geometric optics, batteries, acid-base chemistry, population genetics and seismology. Here, PyTorch cases
the CPU budget allows (one framework import): the laminar-to-turbulent switch of a friction factor by torch.where at
Re = 2300, a weak acid's hydronium by the quadratic formula where Ka >> C and by its rationalised form (whose backward
cancels in Ka), and a state of charge clamped at full.

The whole set runs case by case through the CLI as tests/trials/run.py does (cases37b.ALL).
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases37b  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("torch")

CHOSEN = {  # case id -> what it holds
    "torch_lib37b:friction_factor@reynolds=[2300,10000.0]:float64":
        "torch.where(Re < 2300, 64 / Re, 0.316 Re^-1/4) exactly at 2300: the two pieces' values differ, a jump: "
        "domain, the turbulent pipe's slope exact",
    "torch_lib37b:hydronium@ka=1000.0,conc=1e-06:float64":
        "(-Ka + sqrt(Ka^2 + 4 Ka C)) / 2 with Ka >> C: the difference loses 9 digits: unstable, at its line",
    "torch_lib37b:hydronium_stable@ka=1000.0,conc=1e-06:float64":
        "the rationalised 2 Ka C / (Ka + sqrt(Ka^2 + 4 Ka C)): the value holds, but d/dKa (1e-18) is two paths of "
        "1e-9 that cancel in the backward: unstable, at its line",
    "torch_lib37b:state_of_charge@soc0=1,current=0:float64":
        "a state of charge clamped to [0, 1] exactly at full: the clamp's corner, slope 1 below and 0 above: domain",
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases37b, CHOSEN)
