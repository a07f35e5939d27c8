"""The seventy-seventh round (c) of user trials (tests/trials/cases77c.py): computational biology and epidemiology
written with gradcli.numpy (tests/trials/lib77c.py) and fitted by gradient: an SIR model by explicit Euler (attack rate,
a serosurvey's binomial likelihood where S underflows, Poisson counts where incidence underflows), an SEIR model by RK4
on log prevalence (dying out into subnormals), the final size by a fixed-point loop (1 - exp and expm1) and by Lambert's
W (R0 = 1), logistic and Gompertz growth (N0 = K, N0 = 1e-300: log(K / N)), Hill functions (x = 0 with n < 1, n = 2,
n = 3/2; as exp(n log x)), Michaelis-Menten with a competitive inhibitor (Ki = 1e-300), four-parameter log-logistic
curves with a dose-0 control (log, power, where, double where), Poisson and negative-binomial likelihoods (log of a
rate at 0, counts of 0, xlogy, k = 1e15 and 1e-300), Lotka-Volterra with prey near 0, selection on the simplex
(p -> e^-800), allele log-odds at p = 0 and 1, the Jukes-Cantor distance at p = 3/4 and likelihood at d -> 0, a star
tree's log-likelihood with a logsumexp over states (cases77c.ALL: 111 cases; F1 answered by round 48c's power at a zero base, F2 mended since: W at its branch point on proof numbers).
Here, cheap cases: the Jukes-Cantor distance written 1 - 4.0 / 3.0 * p at p = 0.75 (the product rounds to 1: log(0),
where the exact slope is 1.8e16: unstable) and written 1 - 4 * p / 3 (exactly log 0: domain); the log-logistic fit
with its control well at dose 0 (hill's slope NaN from (log 0 - e) times e^-inf's 0: wrong, at the line); the Hill
function as exp(n log x) at x = 0 (n's slope 0 computed NaN: wrong, at the line); Gompertz growth's log(K / N) from
N0 = 1e-300 (K / N is finite, its rule's K / N^2 is not: unstable); a tree's branch of 1e-300 (1/4 - 1/4 e^{-4t/3}
is 0: log 0 beside a logsumexp weight of 0: unstable); a Poisson likelihood through xlogy with a rate and a count of 0
(ok, slope 1); the final-size loop 1 - exp(-R0 z) at R0 = 1/2 (unstable; expm1 offered and re-checked).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases77c  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "lib77c:jc_distance@p=0.75:float64":
        "-0.75 log(1 - 4.0 / 3.0 * p): fl(4/3) 0.75 is 1 - 5.6e-17, which rounds to 1: log(0) where the exact distance "
        "is 27.9 and its slope 1.8e16: unstable",
    "lib77c:jc_distance_int@p=0.75:float64":
        "-3 / 4 log(1 - 4 * p / 3): 4 p / 3 is exactly 1, log(0): domain",
    "lib77c:ll4_sse_control@bottom=5.0,top=100.0,log_ec50=0.0,hill_slope=1.2:float64":
        "a four-parameter log-logistic fit with the control well at dose 0: the curve there is top for every slope, "
        "but the rule multiplies e^-inf's 0 by log(0) - log_ec50: hill's slope NaN, at the line: wrong",
    "lib77c:hill_exp@x=0.0,K=1.5,n=2.0:float64":
        "the Hill function with x^n as exp(n log x) at x = 0: x has no derivative (log's edge), n's slope is 0 but "
        "comes out 0 * -inf: wrong, at the line",
    "lib77c:gompertz_log_size@r=0.3,K=1.0,n0=1e-300:float64":
        "Gompertz growth N + r N log(K / N) from N0 = 1e-300: K / N = 1e300 is finite, the division's rule K / N^2 "
        "overflows: unstable",
    "lib77c:tree_loglik@t=[1e-300,0.2,0.3]:float64":
        "a star tree's Jukes-Cantor log-likelihood by logsumexp over the root's state, a branch of 1e-300: "
        "1/4 - 1/4 e^{-4t/3} is 0, log 0 = -inf beside a weight of 0: unstable",
    "lib77c:poisson_rate_nll_xlogy@lam=[0.0,3.0,1.0,0.5,7.0,12.0,4.0,0.5]:float64":
        "a Poisson likelihood through xlogy with a rate and a count of 0: xlogy(0, lam) is 0 on both sides: ok, "
        "slope 1",
    "lib77c:final_size@r0=0.5:float64":
        "the final-size loop z = 1 - exp(-R0 z) at R0 = 1/2: z falls as 2^-k, 1 - exp(-x) cancels it away: unstable, "
        "expm1 offered and re-checked",
}

KNOWN_WRONG = {}  # case id -> the finding, open
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases77c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
