"""The thirty-fourth round (b) of user trials (tests/trials/cases34b.py), PyTorch and TensorFlow in scientific
models: orbital mechanics, pharmacokinetics, item response theory, enzyme kinetics, Hamiltonian Monte Carlo,
survival and counts, epidemics, optics and Keras layers. Here, PyTorch cases the CPU budget allows (one framework
import): Hill's equation at zero substrate, and the Bateman curve whose torch.where at equal rates leaks NaN.

The whole set runs case by case through the CLI as tests/trials/run.py does (cases34b.ALL). At equal rates ka = ke = 1
the where's slope in ka is an exact 0 (t - k t^2 / 2 at k = 1, t = 2), proven beside the equality the where takes its
branch at (the other branch's series in the step), so the leak is wrong there as at ka = ke = 0.5. And
tf.math.divide_no_nan's rule at 0 / 0 (slope 0 where (1 - e^-dt) / d has -t^2 / 2) is found wrong and named at its
own line, the equality it picks its 0 by (the one TensorFlow case here, and the file's costliest: TensorFlow's import
and graph capture).
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases34b  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("torch")

CHOSEN = {  # case id -> what it holds
    "torch_lib34b:hill_rate@s=0,n=0.5:float64":
        "Hill's equation at zero substrate with n = 0.5: s^n's infinite slope at its domain's edge, and 0 in n: domain",
    "torch_lib34b:bateman_where@ka=0.5,ke=0.5:float32":
        "the Bateman curve's limit chosen by torch.where at equal rates: the other branch's 0 / 0 leaks NaN into a "
        "slope that exists: wrong, at the where's line",
    "torch_lib34b:bateman_where@ka=1,ke=1:float64":
        "the same at ka = ke = 1, where the slope in ka is an exact 0 the where's other branch proves as the step "
        "falls to 0: wrong, not a point without an exact reference",
    "tf_lib34b:bateman_no_nan@ka=0.5,ke=0.5:float32":
        "tf.math.divide_no_nan's 0 at 0 / 0, whose slope 0 is not the curve's: wrong, named at its own line",
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases34b, CHOSEN)
