"""The thirty-sixth round (c) of user trials (tests/trials/cases36c.py): issue 27's classes on Python functions
written against gradcli.numpy and gradcli.scipy, on plain NumPy and on formulas, in domains not tried before
(Weibull hazards and log-reliabilities, k-out-of-n systems by binomial tails, a mixture of lifetimes by logsumexp with
weights, a Weibull fit over a parameter tree; chi-square p-values and posterior probabilities; the Airy rainbow and
Bessel J and Y modes; an ellipse's perimeter and an ellipsoid's surface by E(m) and Carlson's R_G, plain and scaled;
1/Gamma by gammasgn and gammaln; kinks of abs, clip, maximum and where), and input errors.

The whole set runs case by case through the CLI as tests/trials/run.py does (cases36c.ALL); here, the cases the CPU
budget allows. What the round taught about its own truths: a formula's literal beside a variable is the number the
dtype holds (abs(x - 0.3) at float64's 0.3 is at its kink); SciPy's own float64 answers lose digits where their
arguments are reduced in float64 (j1 and y1 at 1e300 and 1e22, Ai at -1e4 by its phase, j0 1e-16 from its zero,
airy's NaN at 1e10), which is `unstable` at the library call's line; a log-sum-exp whose exact value -2.6e-324 is
float64's -5e-324 and comes out 0 is `unstable` as any lost subnormal is. Tested in
tests/test_trial_findings36c.py:

- A1: an answer of airy nothing read (Bi') was named the root cause of Ai's loss.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases36c  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "gn_lib36c:two_of_three_unreliability_naive@q=[1e-300]:float64":
        "1 - q rounds to 1 under a binomial tail: unstable at its line, the slope 6e-300 exact",
    "gn_lib36c:ellipsoid_area_scaled@a=[1],b=[1],c=[1]:float64":
        "scaled by max(a, b, c) at a three-way tie: no kink, the surface's smooth slope 8 pi / 3",
    "gn_lib36c:weibull_nll_naive@weibull_fit_args:float64": "a parameter tree's density underflows: unstable at its line",
    "formula:log(clip(p, 1e-300, 1))@p=1e-300:float64": "a formula's bound beside a variable is float64's: on the switch",
}
KNOWN_WRONG = {}
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases36c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
