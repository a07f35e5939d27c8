"""The fifty-third round (c) of user trials (tests/trials/cases53c.py): a third probe of issue 27's classes, on
library-style log-likelihoods (negative binomial, beta-binomial, Student-t, von Mises, Dirichlet, Poisson, a
zero-inflated Poisson by logaddexp, Tweedie-like, Gumbel) at extreme counts, rates and concentrations, stable helpers
users write (log1mexp, logdiffexp, softplus-inverse, log-sigmoid, logcumsumexp by logaddexp.accumulate), two-argument
ops (arctan2, hypot, copysign, maximum / minimum / fmax, power) at tiny and huge points, and reductions (norms with
ord 1, 2, inf, var / std with ddof, prod, clip) in float64 and float32, written on gradcli.numpy and as plain NumPy.
Here, cheap cases: the two-branch log1mexp at -1e-300, whose untaken branch's NaN is one of rounding (unstable, not
wrong); a Dirichlet slope psi(3e300) - psi(1e300) + log(1/3) = -5.6e-17 by its digits (unstable); a zero-inflated
Poisson at eta = 800, e^800 overflowing (unstable) with an exact slope of 10^-(1.18e347); 1e-300 ** 300's slopes
3e-89698 by their digits (ok); maximum + 2 minimum at 5e-324 / 0, away from its switch (ok).
The whole set runs case by case through the CLI as tests/trials/run.py does (cases53c.ALL).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases53c  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "gn_lib53c:log1mexp@x=-1e-300:float64":
        "where(x < -log 2, log1p(-exp x), log(-expm1 x)) at -1e-300: the untaken branch is log1p(-1) = -inf only "
        "because exp rounds to 1, its 0 / 0 slope leaks a NaN through the where: unstable (a NaN of rounding), "
        "exact slope -1e300",
    "gn_lib53c:dirichlet_ll@a=[1e+300,1e+300,1e+300],x=[0.3333333333333333,0.3333333333333333,0.3333333333333333]"
    ":float64":
        "Dirichlet's slope psi(3e300) - psi(1e300) + log(1/3 as float64) = -5.55e-17 to its digits; float64's "
        "digamma rounding gives 0: unstable",
    "gn_lib53c:zip_zero@w=0,eta=800:float64":
        "log(s(w) + s(-w) e^-e^eta) by logaddexp at eta = 800: e^800 overflows and the eta slope is 0 * inf = NaN "
        "(unstable); the exact slope -e^800 e^-e^800 / ... is 10^-(1.18e347) by its digits, not 0",
    "twoarg_lib53c:power_plain@x=1e-300,y=300:float64":
        "x ** y at 1e-300, 300: slopes 3e-89698 and -6.9e-89998 exact by their digits, float64's 0 their rounding: ok",
    "twoarg_lib53c:max_min@x=5e-324,y=0:float64":
        "maximum(x, y) + 2 minimum(x, y) one subnormal away from the tie: slopes (1, 2), the kink not the point's: ok",
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases53c, CHOSEN)
