"""The ninety-first round (c) of user trials (tests/trials/cases91c.py): pharmacokinetics and pharmacodynamics written
with gradcli.numpy (tests/trials/lib91c.py): the one-compartment oral dose (the Bateman function) at ka = ke (0 / 0)
and ka -> ke, and its expm1 rewrite; the IV bolus at large k t (normal, subnormal, below the range); the half-life
ln 2 / k and the AUC D / (V k) as k -> 0; the Emax / Hill model at C = 0 with n < 1, n = 1 and n > 1, and as a
logistic in log C; Michaelis-Menten elimination by Euler steps at C = 0 and Km = 0; a two-compartment model's macro
rate constants at and near the double root and for a slow terminal phase (as written and without cancellation);
multiple-dose accumulation 1 / (1 - exp(-k tau)) at k tau -> 0 (and by expm1); the log-normal residual error at f = 0
and the proportional-plus-additive error sqrt(a^2 + b^2 f^2) at a = 0, f = 0; float64 and float32.

Chosen here: seven cheap cases that show the round's kinds of verdicts, and the cases of its one finding, open: F1, at
the two-compartment model's double root (k12 = 0, k10 = k21) gradcli reports k12's exact slope as 0 and calls the
gradient rule's inf wrong, where k12 has no derivative (an infinite slope from the right, no real root on the left).
The whole set runs case by case through the CLI as tests/trials/run.py does (cases91c.ALL).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases91c  # noqa: E402
from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "lib91c:two_compartment_alpha@k10=1.0,k12=0.0,k21=1.0:float64":
        "the larger macro rate at the double root: k12 has no real value on its left, so no derivative: domain "
        "(F1, mended)",
    "lib91c:bateman@ka=0.200000001,ke=0.2,D=100.0,V=10.0,t=2.0:float64":
        "the Bateman function with ka - ke = 1e-9: e^-0.4 - e^-0.400000002 loses 9 digits of the value: unstable",
    "lib91c:bateman@ka=0.2,ke=0.2,D=100.0,V=10.0,t=2.0:float64":
        "the Bateman function at ka = ke: 0 / 0, the program has no value (its limit D ka t e^-kt / V is not "
        "what it computes): domain",
    "lib91c:iv_bolus@C0=100.0,k=8.0,t=100.0:float64":
        "the IV bolus at k t = 800: the value 3.7e-346 and every slope lie below the range; the 0s computed are their "
        "rounding: ok",
    "lib91c:auc_iv@D=100.0,V=10.0,k=1e-160:float64":
        "AUC = D / (V k) at k = 1e-160: k's slope -1e321 is beyond the range, but V's -1e160 is not and comes out "
        "-inf (y^2 = 1e-318 in divide's rule): unstable",
    "lib91c:accumulation_ratio@k=1e-10,tau=12.0:float64":
        "the accumulation ratio 1 / (1 - exp(-k tau)) at k tau = 1.2e-9: 7 digits lost to the subtraction: unstable",
    "lib91c:emax_logistic@C=0.0,n=2.0,E0=1.0,Emax=10.0,EC50=2.0:float64":
        "the Emax model as a logistic in log C at C = 0: the value E0 holds, C has no left side, but EC50's and n's "
        "exact slopes 0 come out NaN from the logistic's inf / inf: wrong",
    "lib91c:emax_hill@C=0.0,n=2.0,E0=1.0,Emax=10.0,EC50=2.0:float64":
        "the Hill equation at C = 0 with n = 2: C^n = 0, slope 0 in C and 0 in n (no 0 * log 0 leaked): ok",
}

KNOWN_WRONG = {}  # F1 mended: the edge step confirmed at more bits (cases91c says how)
SYMPTOMS = {case_id: '"k12": 0.0,\n        "k21": "nan"\n      },\n      "fd_gradient"' for case_id in KNOWN_WRONG}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases91c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
