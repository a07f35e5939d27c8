"""The seventy-fifth round (c) of user trials (tests/trials/cases75c.py): optimisation building blocks written with
gradcli.numpy (tests/trials/lib75c.py): soft-thresholding at |x| = lam and at 0 (three spellings), ISTA steps and the
lasso objective, the simplex projection by sort / cumsum / argmax at ties and at its threshold, np.clip box projections
at their bounds, a log-barrier next to its boundary, Moreau envelopes (Huber), an augmented Lagrangian, unrolled
Nesterov and Adam (v = 0), an Armijo line search by a while loop, Sinkhorn in scaling and log form at eps = 1e-3
(cases75c.ALL: 89 cases; F1 mended since).
Here, cheap cases: the sign form of the prox at x = 0 with lam = 0 (wrong, its line named), the simplex projection
with an entry on its threshold (domain), the barrier at [1, 1] where float64 rounds the slack 2^-54 to 0 (unstable),
Adam with a coordinate at the minimum (sqrt's rule at v = 0: wrong, its line named), Huber by np.where at its join
(ok) and the scaling Sinkhorn at eps = 1e-3 (exp underflows to a zero row: unstable, its line named).
The whole set runs case by case through the CLI as tests/trials/run.py does (cases75c.ALL).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases75c  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "lib75c:lasso_objective@x=[0.0,0.5,0.25],lam=1e-08:float64":
        "the lasso objective at x[0] = 0 with lam = 1e-8: sides -0.625 -+ 1e-8, a kink however small its gap "
        "beside the slope (F1, mended): domain",
    "lib75c:soft_threshold_sum@x=[0.0,1.5,-2.0],lam=0.0:float64":
        "sign(x) max(|x| - 0, 0) is the identity: x[0]'s exact slope 3 at 0, sign's and abs's rules give 0: wrong, "
        "the user's line named",
    "lib75c:simplex_readout@v=[1.0,0.5,0.25,-1.0]:float64":
        "the simplex projection with v[2] exactly at theta = 0.25: a kink in v[0..2], v[3] keeps 0: domain",
    "lib75c:log_barrier@x=[1.0,1.0]:float64":
        "1 - (0.3 + 0.7) is 2^-54 for the doubles but 0 in float64: -log 0 where the slopes are 5.4e15, 1.3e16: "
        "unstable",
    "lib75c:adam@w0=[0.5,0.0],lr=0.001:float64":
        "Adam with w0[1] at the minimum: g = 0, v = 0, the exact slope 4.9e17 comes out NaN from sqrt's rule at 0: "
        "wrong, the user's line named",
    "lib75c:huber_where@x=[0.5,-0.5,2.0],mu=0.5:float64":
        "Huber in closed form by np.where exactly at |x| = mu: the C1 join, ok",
    "lib75c:sinkhorn@a=[0.2,0.5,0.3],b=[0.3,0.3,0.4],eps=0.001:float64":
        "Sinkhorn's scaling form at eps = 1e-3: K's third row underflows to 0, a / (K v) is inf: unstable, the "
        "user's line named",
}

KNOWN_WRONG = {}  # case id -> the finding, open
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases75c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
