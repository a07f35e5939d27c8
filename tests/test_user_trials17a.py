"""The seventeenth round of user trials, first half (tests/trials/cases17a.py): sparsemax, hyperbolic and great-circle
distances, the Langevin function, von Mises-Fisher normalisers, Plackett-Luce, soft-DTW, ordinal and GARCH models with
NamedTuple parameters, Clenshaw's recurrence, SciPy's special functions in JAX at their edges and custom rules, in JAX;
label smoothing, Horner near a multiple root, Pade poles, means, Fisher's z, beta-binomials, Bessel normalisers, cube
roots, Kahan sums, max-abs normalisation and the generalised IoU in plain NumPy and SciPy.

The whole set runs with ``python tests/trials/run.py jax_lib17a numpy_lib17a``; here, a few cheap ones. Known
disagreements are strict xfails naming their finding.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases17a  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = [
    # JAX's log_ndtr below -20 is a three-term asymptotic series: replayed as log Phi, the exact reference no longer
    # calls JAX's right rule wrong (finding F1)
    "jax_lib17a:truncnorm_log_z@a=0.5,b=30:float64",
    # a Python list of traced values into SciPy's signed logsumexp (finding N1: it raised TracedValueError)
    "numpy_lib17a:truncnorm_log_z@a=8,b=9:float64",
    # a tie of the largest magnitudes: a kink in both, the third entry's slope exact
    "numpy_lib17a:max_abs_score@x=[2,-2,1]:float64",
    # np.median of traced values and a float constant: the constant's comparisons decided on balls too (finding M1)
    "numpy_lib17a:robust_centre@a=0.7,b=0.4:float64",
    # JAX's spence joins Cephes' approximations at 0.5, 1.5 and 2: replayed as the dilogarithm, no seam is a jump
    # (finding F2)
    "jax_lib17a:dilog_sum@x=[0.5]:float64",
]
KNOWN_WRONG = {}


test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases17a, CHOSEN, KNOWN_WRONG)
