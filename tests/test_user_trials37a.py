"""The thirty-seventh round of user trials, first part (tests/trials/cases37a.py): in JAX, Kepler's equation by Newton
in lax.fori_loop and behind custom_vjp rules right and wrong, true anomalies, orbital elements fitted from a parameter
tree, the non-rectangular hyperbola and Farquhar's co-limitation, d' by ndtri, Weibull and logistic psychometric
functions, Haldane's and Kosambi's map functions and LOD scores by xlogy, a slab's transmission by expn, li by expi,
a gamma shape's information by polygamma and jax.nn's hard_sigmoid and relu at their corners; in plain NumPy and
SciPy the same as legacy code writes them, with scipy.stats.norm, weibull_min and logistic and scipy.special.comb.

The whole set runs with ``python tests/trials/run.py lib37a``; here, a few cheap NumPy ones, among them Newton's steps
to an exact root, whose tiny exact slope is proven below every float64 (`ok`, the slope given as its bound). Its
fixed findings (N1: scipy.stats.logistic refused; N2: scipy.special.comb and binom refused) are tested in
test_trial_findings37a.py; J1 (at the double root of the hyperbola's sqrt(b*b - 4c), light's exact slope
given as the one-sided slopes' mean: the radicand at the kink test's shorter step, a square of the step, sat at the
rounding of b*b, in JAX and in NumPy alike) in test_kink_at_root_of_square.py.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases37a  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = [
    # a logistic psychometric fit by scipy.stats.logistic's logcdf and logsf where its cdf is e^-1000 (N1)
    "numpy_lib37a:logistic_nll_logcdf@threshold=1,width=0.001:float64",
    # a binomial likelihood with scipy.special.comb's coefficient (N2)
    "numpy_lib37a:binomial_loglik@theta=0.1:float64",
    # Haldane's map distance at r = 1/2: log(0), no slope
    "numpy_lib37a:haldane@r=0.5:float64",
    # Python's min at Farquhar's co-limitation, a tie in floats and exactly: a kink
    "numpy_lib37a:farquhar@ci=540:float64",
    # 40 Newton steps to the root E = 0: the exact dr/dM, about 2^-(4e18), is proven below 2^-32687 and no more, below
    # every float64: float64's 0 is its rounding, ok, the exact gradient given as that bound
    # (test_newton_to_an_exact_root.py)
    "numpy_lib37a:radius_fixed_steps@M=0,e=0.5:float64",
]

# the non-rectangular hyperbola at its double root, sqrt(b*b - 4c) of (alpha I - Pmax)^2 (J1): its JAX and NumPy
# spellings run in test_kink_at_root_of_square.py
RUN_ELSEWHERE = ["jax_lib37a:nrh_conjugate@light=400,theta=1:float64"]

KNOWN_WRONG = {}  # JAX's d' at a hit rate of 1 keeps the false-alarm rate's slope since (a selected infinity)
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases37a, CHOSEN, KNOWN_WRONG,
                                                                                   SYMPTOMS, run_elsewhere=RUN_ELSEWHERE)
