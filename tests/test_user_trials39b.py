"""The thirty-ninth round (b) of user trials (tests/trials/cases39b.py), PyTorch and TensorFlow in electrochemistry,
glaciology, semiconductor diodes and vapour pressure. Here, PyTorch cases the CPU budget allows (one framework
import): a Butler-Volmer autograd.Function whose backward slips the cathodic term's sign, the Goldman-Hodgkin-Katz
flux at 0 V (0/0, no number), and the log of the Butler-Volmer current at 1e-12 V (its e^a - e^-b cancels).

P1 (fixed; tests/test_trial_findings39b.py): PyTorch raises a float32 tensor to a Python float exponent with the
exponent as a double, and the exact replay held it in float32: Glen's ice viscosity, (eps^2 + 1e-20) ** (-1 / 3), had
an exact gradient 5e-7 off in float32 (cases39b.py has it), and x.pow(-2 / 3) at 2e-20 was called wrong.

The whole set runs case by case through the CLI as tests/trials/run.py does (cases39b.ALL).
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases39b  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("torch")

CHOSEN = {  # case id -> what it holds
    "torch_lib39b:bv_custom_slip@eta=[0.1,-0.05]:float64":
        "a Butler-Volmer autograd.Function whose backward adds the cathodic term's slope with the wrong sign: wrong, "
        "at the backward",
    "torch_lib39b:ghk_flux@v=0:float64":
        "the Goldman-Hodgkin-Katz flux at 0 V, u (c_i - c_o e^-u) / (1 - e^-u) = 0/0: domain",
    "torch_lib39b:log_bv_current@eta=1e-12:float64":
        "the log of e^(a eta) - e^(-a eta) at 1e-12 V, whose difference keeps five digits: unstable, at its line",
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases39b, CHOSEN)
