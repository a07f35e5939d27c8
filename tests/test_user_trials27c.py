"""The twenty-seventh round (c) of user trials (tests/trials/cases27c.py, audit27c.toml): issue 27's classes on Python
functions written against gradcli.numpy and gradcli.scipy and on formulas (the von Mises-Fisher log-normaliser at
kappa 1e-8 and 1e8, Student-t and Cauchy tails, Gamma ratios at 1e15, softmax cross-entropies at +-1e308, Hurwitz
zeta, incomplete gamma and beta at their edges, Cholesky log-determinants, a Huber loss at its C1 switch, a
correlation whose norms overflow), and the other commands on user code of every kind: sweeps, audits (every report
format), @gradcli.audit, the gradcheck fixture and gradcli.check with pytrees.

The whole set runs case by case through the CLI as tests/trials/run.py does (cases27c.ALL); here, the cases the CPU
budget allows, in the long mode (`make trials`). Known disagreements are strict xfails naming their finding. The
findings' classes (A1, A2, I1, P1) are tested in every run by tests/test_trial_findings27c.py.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases27c  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "formula:logaddexp(x, y) - x@x=1e308,y=-1e308:float64":
        "slopes -+1/(1 + e^2e308): float64 holds 0, the exact gradient says the number",
    "formula:where(x < 1e-3, -x*x/6 + x**4/180, log(x) - x - log(-expm1(-2*x)) + log(2))@x=0:float64":
        "a single where's untaken log(0) leaks NaN at any precision: wrong",
    "gn_lib27c:softmax_xent_label@z=[1,2,3],label=0:float64":
        "I1: the label typed as an integer outside --wrt stays an int, so z[label] indexes: ok",
    "gn_lib27c:gamma_cdf_plus_survival@x=[1e-300,800],a=2:float64":
        "P1: gammaincc is 1 - gammainc in the proof, so the cdf plus the survival function has slope 0 by algebra: ok",
}
KNOWN_WRONG = {
}
SYMPTOMS = {
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases27c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
