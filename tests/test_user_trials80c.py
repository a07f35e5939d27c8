"""The eightieth round (c) of user trials (tests/trials/cases80c.py): queueing, inventory and reliability written with
gradcli.numpy and gradcli.scipy.special (tests/trials/lib80c.py): M/M/1 waits as rho -> 1 and at rho = 1, Little's
law over a tandem line, Pollaczek-Khinchine with a service variance of 0, Erlang C by the textbook sum (c = 1, 10, 50,
200; a -> c), by a cumulative product and in log space, Erlang B by its recurrence, the EOQ at h -> 0 and D = 0, the
newsvendor's fractile by ndtri (0, 1, 1e-300, subnormal), a base-stock cost by the normal loss function, safety stock
and the reorder point at L = 0, series / parallel / k-out-of-n reliability at r = 0 and 1, the Weibull hazard at
t = 0 (k < 1, = 1, > 1) by a power and through logs, the mean life by Gamma and gammaln, availability, and a capacity
plan with a softplus, a naive log(1 + exp) and a hinge penalty; float64 and float32.

Chosen here: eight cheap cases that show the round's kinds of verdicts, and F1, mended since (an exactly-0 derivative
through x**0 at x = 0 that the exact reference could not prove 0). Every case of the round runs with
`python tests/trials/run.py`.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases80c  # noqa: E402
from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "lib80c:k_of_n@r=1.0:float64": "F1, mended: 2-out-of-3 reliability at r = 1, the slope 0 proven through (1 - r)**0 "
                                   "at 0 (ok)",
    "lib80c:eoq@D=0.0,K=50.0,h=2.0:float64":
        "the EOQ sqrt(2 D K / h) at D = 0: no derivative in D (sqrt from the right only), while K and h keep Q = 0 "
        "(slopes 0) computed sqrt'(0) = inf times 0: wrong, at the line",
    "lib80c:erlang_c10@a=9.999999:float64":
        "Erlang C by the textbook sum near a = c: top / (s + top) with top = 1e7 s, the two paths of top's gradient "
        "cancel 7 digits (2.7e-10 off): unstable",
    "lib80c:mmc_p0@a=10.0:float64":
        "P0 of M/M/10 at a = c: 1 / (S + inf) = 0 is the smooth function's value, slope -10!/10^11; the rule's "
        "10 / (10 - a)^2 = inf times 0: wrong",
    "lib80c:parallel_rel@r=[1.0,0.9,0.8]:float64":
        "1 - prod(1 - r) at a perfect component: np.prod's rule with a zero factor gives 0.02, 0, 0 exactly: ok",
    "lib80c:newsvendor_p@p=1e-320,mu=100.0,sigma=20.0:float64":
        "the newsvendor's quantile at a subnormal fractile: sigma / phi(z) = 5.2e319 is beyond float64: domain",
    "lib80c:base_stock_cost@S=0.0,mu=100.0,sigma=10.0:float64":
        "a base-stock cost at z = -10: the sigma slope (h + b) phi(z) = 7.7e-22 is L - z L' = 10 + 10 (-1): unstable",
    "lib80c:weibull_hazard@t=0.0,k=1.0,lam=3.0:float64":
        "the Weibull hazard at t = 0, k = 1: 0^(k - 1) jumps from inf to 0 across k = 1 (domain); t's slope 0 and "
        "lam's -1/9 are right (x**0's rule is 0 at x = 0)",
    "lib80c:capacity_plan_naive@x=[120.0,95.0,140.0,-320.0]:float64":
        "a shortage penalty log(1 + exp(2 (d - x))) at a gap of 800: exp overflows, the slope is inf / inf: unstable",
}

KNOWN_WRONG = {}  # F1 mended: x**0.0 at x = 0 on proof numbers is the constant 1, its slope the exact 0
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases80c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
