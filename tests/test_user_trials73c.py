"""The seventy-third round (c) of user trials (tests/trials/cases73c.py): survival analysis and reliability written with
gradcli.numpy (tests/trials/lib73c.py): censored Weibull and exponential likelihoods, log S and log f at t = 0, log(1 - F)
naive, by log1p and by expm1 far in the tail, log-logistic and Gompertz hazards at huge ages, the Cox partial
likelihood by Breslow (risk sets by np.where on times, ties, a masked logsumexp, all-censored data, times as inputs) and
by Efron, a risk set of size 1, Kaplan-Meier products with d = n, a piecewise-constant hazard by np.searchsorted and
np.digitize on its knots, a smooth C-index, a log-normal AFT by 1 - Phi, erfc and log_ndtr at z = 10 and 40, mean
residual life by a trapezoid sum (cases73c.ALL: 89 cases; F1 mended since).
Here, cheap cases: log(1 - F) at z = 40 (1 - F rounds to 0: unstable at that line), -(t/lam)^k at t = 0 with k = 0.5
(lam's slope leaks NaN through the root's infinite slope: wrong), Breslow's partial likelihood at eta = 880 (exp
overflows: unstable) and the same by a masked logsumexp (ok), a Kaplan-Meier product with a factor 0 (np.prod's rule
keeps the one nonzero slope: ok), the digitize log-likelihood on a knot (a jump in t, log h's slopes kept: domain) and
the AFT's log(1 - Phi) at z = 10 (Phi rounds to 1: unstable at that line), the Weibull log-density at a
failure at time 0 (t[1] keeps its slope beside the pole: domain).
The whole set runs case by case through the CLI as tests/trials/run.py does (cases73c.ALL).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases73c  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "lib73c:weibull_log_sf_naive@t=[40.0],k=1.0,lam=1.0:float64":
        "log(1 - F) with F = 1 - exp(-z) at z = 40: F rounds to 1, log 0 = -inf where log S = -40: unstable, the "
        "user's line named",
    "lib73c:weibull_log_surv@t=[0.0,1.0],k=0.5,lam=2.0:float64":
        "-(t/lam)^k at t = [0, 1], k = 0.5: t[0] has no derivative, lam's exact slope 0.177 comes out NaN from "
        "k u^(k-1) x -t/lam^2 = inf x 0 at every precision: wrong",
    "lib73c:cox_breslow@beta=[800.0,0.0]:float64":
        "Breslow's log sum over risk sets of exp(eta) at eta = 880: exp overflows, the slopes -3.9 and 4.1 come out "
        "NaN: unstable",
    "lib73c:cox_breslow_lse@beta=[800.0,0.0]:float64":
        "the same by logsumexp over np.where(T_j >= T_i, eta, -inf): ok",
    "lib73c:km_survival@d=[1.0,0.0,2.0,1.0,1.0]:float64":
        "prod(1 - d/n) with d = n in the last factor: the slopes are 0 but the last's -5/24, which np.prod's rule "
        "keeps (no 0 / 0): ok",
    "lib73c:pch_loglik@t=[1.0],log_h=[0.0,-1.0,0.5,0.2]:float64":
        "log h(t) - H(t) with the piece by np.digitize at the knot t = 1: log h jumps (t none), log h keeps the "
        "program's piece's slopes [-h0, 1, 0, 0]: domain",
    "lib73c:weibull_log_pdf@t=[0.0,1.0],k=1.5,lam=2.0:float64":
        "the Weibull log-density at a failure at time 0 (value -inf), k differentiated too: t[1] keeps its slope "
        "-0.0303, as --wrt t alone says (F1, mended: the pole's entry alone is read, log(t)[0]): domain",
    "lib73c:aft_log_sf_naive@t=[1.0],mu=-10.0,sigma=1.0:float64":
        "a log-normal AFT's log(1 - Phi(z)) with Phi by erf at z = 10: Phi rounds to 1, log 0: unstable at that line",
}

KNOWN_WRONG = {}  # case id -> the finding, open
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases73c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
