"""The twenty-third round of user trials, third part (tests/trials/cases23c.py): naive formulas with a known stable
spelling in JAX, PyTorch, TensorFlow and plain NumPy (log(1 - exp(-x)), log(sigmoid), the log of a softmax, hypot,
(exp(x) - 1)/x, (1 - cos x)/x^2, log(cosh x), tanh by exponentials, atan(y/x), the log of a Gaussian cdf, a where
around a square root), each where it breaks, and custom rules wrong in new ways.

The whole set runs with ``python tests/trials/run.py lib23c``; here, a few cheap ones (NumPy alone), in
the long mode (`make trials`). Known disagreements are strict xfails naming their finding. The catalogue rewrites
the round added are tested in every run by tests/test_trial_findings23c.py.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases23c  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = [
    # finding L1: log(cosh(x)) past 710 had no fix; np.logaddexp's spelling of the catalogue's log cosh is re-checked ok
    "numpy_lib23c:log_cosh_loss@x=[800]:float64",
    # finding R1: (exp(x) - 1)/x was offered expm1(x)/x alone, whose slope still cancels; exprel's series is ok
    "numpy_lib23c:relative_growth@x=1e-12:float64",
    "numpy_lib23c:versine_ratio@x=1e-5:float64",
    # finding G1: the log of the normal CDF written by erf or erfc had no log_ndtr fix
    "numpy_lib23c:log_gauss_cdf_erf@x=[-40]:float64",
    "numpy_lib23c:log_gauss_cdf_erfc@x=[-40,1]:float64",
    # finding A1: atan(y/x) at a subnormal x (y/x = inf, its slope inf * 0) had no fix
    "numpy_lib23c:heading@x=1e-320,y=1:float64",
    # the log1mexp pattern in NumPy's spelling
    "numpy_lib23c:log_one_minus_exp@x=[1e-10]:float64",
]
KNOWN_WRONG = {}
# Each known-wrong case's words for its finding, seen at a ceiling of 120 digits (`known_wrong_problems`).
SYMPTOMS = {}


test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases23c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
