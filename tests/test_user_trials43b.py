"""The forty-third round (b) of user trials (tests/trials/cases43b.py), PyTorch and TensorFlow in semiconductor device
modelling, neural volume rendering, radio link budgets, vehicle dynamics and gas properties. Here, cases the CPU budget
allows: a diode's autograd.Function whose backward forgets the e^u of d/du log(e^u - 1) (wrong, at its backward), the
occupancy entropy written with -expm1 whose PyTorch backward (expm1(x) + 1, 0 at -40) drops e^-40 (unstable, at the
expm1's line), torch.asinh's backward squaring 5e19 to inf in float32 (unstable: 0 where the slope is 5.2e-19), a
tf.Module tyre's tf.custom_gradient with variables= forgetting the inner arctan's term (wrong, at its grad), and
tf.math.cumprod(exclusive=True) of an opaque sample's 1 - alpha = 0, whose gradient divides by it (unstable); and the
round's findings: E1 (mended in the same session), log(1 + e^x) absorbing e^x in float32 whose 0 reaches a log
through a square on the next line was named only at that log and offered no softplus fix (now the absorbing add is
named on its own line, and the fix is applied wherever the pattern stands in the function); K1 (mended in the same
session), at a Keras KLDivergence's clip edge the exact gradient of the other weights forgot that the prior is
float32's (-1.2 for -1.2000000477): the held reference now stands where the program as written is on the same switch.
The whole set runs case by case through the CLI as tests/trials/run.py does (cases43b.ALL).
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases43b  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("torch")
pytest.importorskip("tensorflow")

CHOSEN = {  # case id -> what it holds
    "torch_lib43b:diode_fn_slip@v=0.6:float64":
        "a diode autograd.Function whose backward is 1 / expm1(u), the e^u forgotten: wrong, at its backward",
    "torch_lib43b:occupancy_entropy_stable@sigma=40:float64":
        "PyTorch's expm1 backward is grad * (expm1(x) + 1), 0 at -40: the entropy's slope -39 e^-40 for -40 e^-40, "
        "unstable, named at the -expm1 line",
    "torch_lib43b:overpotential@i=1e+17:float32":
        "torch.asinh's backward squares 5e19 (inf in float32): slope 0 where it is 5.2e-19, unstable",
    "tf_lib43b:tyre_force@tyre_slip_args:float64":
        "a tf.Module tyre's custom_gradient through variables= forgetting the inner arctan's term: wrong, at its grad",
    "tf_lib43b:composite_cumprod@sigma=[1.0,40.0,1.0,1.0]:float64":
        "tf.math.cumprod(exclusive=True)'s gradient divides by an opaque sample's 1 - alpha, 0: unstable, at its line",
}
KNOWN_WRONG = {}
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases43b, CHOSEN, KNOWN_WRONG,
                                                                                   SYMPTOMS)
