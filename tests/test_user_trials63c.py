"""The sixty-third round (c) of user trials (tests/trials/cases63c.py): issue 27's exact reference on Python functions
doing FINANCE and ECONOMICS, and functions with REMOVABLE SINGULARITIES, with gradcli.numpy and gradcli.scipy.special
as quantitative code writes them (Black-Scholes by ndtr / erfc / log_ndtr deep in and out of the money, at expiry and
at sigma's edges, discount fractions, compound interest, annuity factors with np.where and the double where, CRRA
utility and Box-Cox at their log limits, CES and Cobb-Douglas production, softmax weights and log-sum-exp, the Kelly
growth rate, (e^x - 1) / x, x log x, logit / expit, log returns, volatility, the Sharpe ratio and a Newton IRR),
judged against the round's own mpmath truths at 2,000 digits. Here, cheap cases: the annuity factor by the double-where
pattern at r = 0 (the limit n, its r-slope -n(n + 1) / 2 = -55; the where's branch gives 0: wrong); the Black-Scholes
call at the money at expiry t = 1e-300 (N(+-1e-151) both round to 0.5, the price 8e-152 lost: unstable); CRRA utility
by one np.where at g = 1 (the log limit's slopes [1/2, -log(2)^2 / 2]; the unselected 0/0 leaks NaN: wrong);
scipy.special.boxcox at lambda = 0 (its lambda-slope log(2)^2 / 2: ok); (1 + 1e-17)^100, whose n-slope 1e-15 float64
computes as log(1) = 0 (unstable); the Sharpe ratio of prices whose log returns are all exactly log 2 (log 2 / 0:
domain).
F1, mended: the Kelly optimum's slope -5.78e-17 (the rounding of its constants 0.6, 0.4 and its input 0.2)
computed as 0 was unstable at index 0 of an array and ok at index 1 (data_rounding's two sign patterns moved every
datum up at an even index); F2, mended: the same slope with f the only input was unstable though README's
data-rounding rule and its mirror say ok.
The whole set runs case by case through the CLI as tests/trials/run.py does (cases63c.ALL).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases63c  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "lib63c:annuity_double_where@r=0.0,n=10.0:float64":
        "np.where(r == 0, n, (1 - (1 + safe) ** -n) / safe) with safe = np.where(r == 0, 1.0, r): the function is the "
        "sum of (1 + r)^-k, k = 1..10, smooth at 0 with slopes [-55, 1]; the where takes its branch n at the very "
        "point and gives the r-slope 0: wrong",
    "lib63c:bs_call@s=1.0,sigma=0.2,t=1e-300:float64":
        "the Black-Scholes call at the money at expiry t = 1e-300: d1, d2 = +-1e-151, N(d1) and N(d2) both round to "
        "0.5 and the price sigma sqrt(t) / sqrt(2 pi) = 8e-152 is lost: unstable",
    "lib63c:crra_where@c=2.0,g=1.0:float64":
        "CRRA utility np.where(g == 1, log c, (c^(1 - g) - 1) / (1 - g)) at g = 1: the limit's slopes [1/2, "
        "-log(2)^2 / 2]; the unselected branch's 0/0 leaks NaN: wrong",
    "lib63c:boxcox_lib@x=2.0,lmbda=0.0:float64":
        "scipy.special.boxcox at lambda = 0: log x, its slopes [1/2, log(2)^2 / 2] (the limit's): ok",
    "lib63c:compound_pow@r=1e-17,n=100.0:float64":
        "(1 + r)^n at r = 1e-17: 1 + r rounds to 1, so the n-slope log1p(r) (1 + r)^n = 1e-15 comes out log(1) = 0: "
        "unstable (exp(n log1p(r)) is ok)",
    "lib63c:sharpe@p=[1.0,2.0,4.0,8.0,16.0]:float64":
        "the Sharpe ratio of prices whose log returns are all exactly log 2: mean log 2 over a standard deviation 0 "
        "(a cone): no derivative, domain",
    "lib63c:kelly_vec@z=[0.2,1.0]:float64":
        "F1, mended: the Kelly optimum's z[0]-slope -5.78e-17 is the rounding of 0.6, 0.4 and 0.2; float64's 0 is off "
        "by less than moving the data against each other by 2 ulps moves it (data_rounding.PATTERNS' third pattern, "
        "the inputs against the constants): ok, with the note",
    "lib63c:kelly_growth@f=0.2:float64":
        "F2, mended: the same slope with f the only input, measured by the data's reach as an exact 0 would pass "
        "(compare._passes_as_a_zero): ok",
}

KNOWN_WRONG = {}  # case id -> the finding, open
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases63c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
