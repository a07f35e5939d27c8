"""The forty-ninth round (a) of user trials (tests/trials/cases49a.py), PyTorch and TensorFlow (Keras) in
photovoltaics, electrode kinetics, computational neuroscience, sports rating and solid-state thermal physics. Here,
cases the CPU budget allows: the Butler-Volmer overpotential by torch.asinh at i = 1e200, where PyTorch's own backward
(x^2 + 1).rsqrt() overflows and gives the slope 5.1e-202 as 0 (unstable); a leaky integrate-and-fire neuron's rate
behind one torch.where, whose idle log1p(-1.5) leaks NaN through the reciprocal's backward below rheobase (wrong, a
double where re-checked); the Einstein heat capacity by tf.math.expm1 at 1e-9 THz, where the value is mended but the
slope's two paths (+2/x and -2/x) cancel (unstable); and Elo's log loss by a tf.custom_gradient whose sigmoid's sign
is slipped (wrong, at its grad).
The whole set runs case by case through the CLI as tests/trials/run.py does (cases49a.ALL).
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases49a  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("torch")
pytest.importorskip("tensorflow")

CHOSEN = {  # case id -> what it holds
    "torch_lib49a:overpotential_asinh@i=[1e+200]:float64":
        "PyTorch's asinh backward grad * (x^2 + 1).rsqrt(): x^2 overflows and the slope 5.1e-202 comes out 0: unstable",
    "torch_lib49a:lif_rate_where@i=[1,3]:float64":
        "one torch.where below rheobase: the idle log1p(-1.5)'s NaN leaks through 1 / (...)'s backward: wrong, a "
        "re-checked double where",
    "tf_lib49a:einstein_cv_expm1@nu=[1e-09]:float64":
        "expm1 mends the value, but the quotient's two paths (+2/x, -2/x) cancel to -0.16 x / 6: unstable",
    "tf_lib49a:elo_rule_slip@d=100:float64":
        "a tf.custom_gradient whose sigmoid's sign is slipped: wrong, at its grad",
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases49a, CHOSEN)
