"""The fiftieth round (a) of user trials (tests/trials/cases50a.py), PyTorch and TensorFlow (Keras) in sediment
transport, glaciology, lithium-ion cells, observational astronomy and wind-turbine aerodynamics. Here, cases the CPU
budget allows: Ferguson-Church's settling velocity at D = 1e-300, where d ** 3 underflows and sqrt's backward meets
the quotient's -0 upstream (0 / 0: unstable); a Nernst open-circuit voltage at x = 1e-300, whose value holds but whose
DivBackward (a / b) / b is 1e300 / 1e-300 = inf (unstable); Meyer-Peter Mueller's bedload behind one torch.where,
whose idle (theta - theta_c) ** 1.5 leaks NaN below threshold (wrong, a double where re-checked); Buhl's thrust
correction at its switch a = 0.4, where the floats of 8/9, 4 - 40/9 and 50/9 - 4 leave a jump of ~1e-17 (domain); and
the relativistic Doppler shift by a tf.custom_gradient whose (1 + z) is forgotten (wrong, at its grad).
The whole set runs case by case through the CLI as tests/trials/run.py does (cases50a.ALL).
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases50a  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("torch")
pytest.importorskip("tensorflow")

CHOSEN = {  # case id -> what it holds
    "torch_lib50a:settling_velocity@d=[1e-300]:float64":
        "d ** 3 underflows to 0: sqrt's backward upstream / (2 sqrt(0)) with the quotient's -0 upstream is NaN for a "
        "slope of 1.8e-294: unstable",
    "torch_lib50a:ocv_nernst@x=[1e-300]:float64":
        "log((1 - x) / x) holds at 1e-300, but DivBackward's (a / b) / b = 1e300 / 1e-300 overflows: unstable",
    "torch_lib50a:mpm_bedload_where@theta=[0.01,0.5]:float64":
        "one torch.where below the critical Shields number: the idle (negative) ** 1.5's NaN leaks through pow's "
        "backward: wrong, a re-checked double where",
    "tf_lib50a:thrust_buhl@a=[0.4]:float64":
        "Buhl's correction meets momentum theory at 0.4 with the floats of 8/9, 4 - 40/9, 50/9 - 4: a jump of ~1e-17 "
        "and unequal slopes: domain",
    "tf_lib50a:doppler_redshift_rule_slip@beta=[0.5]:float64":
        "a tf.custom_gradient whose (1 + z) is forgotten: wrong at its grad (harmless at beta = 0)",
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases50a, CHOSEN)
