"""The eighteenth round of user trials (tests/trials/cases18.py), all four frameworks: Adam's first step, logdiffexp,
Student-t log-densities at huge degrees of freedom, log-binomial coefficients at 1e15, Mahalanobis distances by
Cholesky factors, the Gumbel-max trick, angles between rotations, quaternion normalisation, clipped logits and sigmoid
cross-entropies in JAX, NumPy and SciPy, PyTorch and TensorFlow.

The whole set runs with ``python tests/trials/run.py jax_lib18 numpy_lib18 torch_lib18 tf_lib18``; here, a few cheap
NumPy ones (one framework import). Known disagreements are strict xfails naming their finding.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases18  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = [
    # (1 - y) z + logaddexp(0, -z) at +-800 and at 0
    "numpy_lib18:sigmoid_ce@z=[800,-800,0]:float64",
    # |q|^2 = 1e-400 underflows: the slopes 1e200 W_i come out NaN
    "numpy_lib18:quat_score@q=[1e-200,0,0,0]:float64",
    # the untaken branch of a where meets log1p's pole only through e^-1e-20 rounding to 1: unstable, not wrong
    "numpy_lib18:log1mexp@x=[-1e-20,-5]:float64",
    # the same rotation twice: the angle |b - a| is a cone, read off the matrix by atan2
    "numpy_lib18:rotation_angle@a=0.3,b=0.3:float64",
    # log1p(-exp(x)) where e^-1e-20 rounds to 1: the log1mexp fix guards its log1p branch with a second where
    "numpy_lib18:log1m_exp@x=[-1e-20,-5]:float64",
]
KNOWN_WRONG = {}


test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases18, CHOSEN, KNOWN_WRONG)
