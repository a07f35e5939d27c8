"""The ninety-sixth round (c) of user trials (tests/trials/cases96c.py): actuarial science and survival models written
with gradcli.numpy (tests/trials/lib96c.py): annuities certain and continuous at i = 0 (a removable 0 / 0) and i -> 0
(cancellation, and the log1p / expm1 spelling whose quotient rule still cancels), the force of interest, a loan's level
payment, Gompertz and Gompertz-Makeham survival at c = 1 and t = 0, Weibull, log-logistic and log-normal survival at t =
0, a Kaplan-Meier product through d = n, Greenwood's variance, curtate expectancy, net premiums at a zero denominator,
Lee-Carter rates and likelihood, Cox partial likelihood (Breslow, Efron, log-sum-exp, an empty risk set); float64 and
float32.

Chosen here: eight cheap cases that show the round's kinds of verdicts, and the cases of its findings, mended: F1, at 0 *
log(0) the exact slope of an input that never moves it depends on --wrt ((k - 1) log(t / lam) - (t / lam)^k at t = 0, k
= 1: lam's slope NaN in the full check, 0 with --wrt lam); F2, at a log(0) or 0 * log(0) no input moves, the slopes the
inputs keep depend on the spelling (an empty Cox risk set by logsumexp: NaN, by log(sum(exp)): kept; a Weibull subject
censored at t = 0 with log h in logs: k NaN, with log(h): kept). The whole set runs case by case through the CLI as
tests/trials/run.py does (cases96c.ALL).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases96c  # noqa: E402
from test_user_trials import round_tests  # noqa: E402


CHOSEN = {  # case id -> what it holds
    "lib96c:annuity_immediate@i=0.0,n=10.0:float64":
        "(1 - (1 + i)^-n) / i at i = 0: 0 / 0 for every n, no value (its limit n is not the program's): domain",
    "lib96c:annuity_guarded@i=0.0,n=10.0:float64":
        "where(i == 0, n, ...): the limit's slopes -55 and 1, but the unselected 0 / 0 leaks NaN: wrong",
    "lib96c:continuous_annuity_stable@delta=3.7e-12,n=20.0:float64":
        "-expm1(-delta n) / delta holds the value, but the quotient rule subtracts two 5e12 for -200: unstable",
    "lib96c:gompertz_survival@t=40.0,b=0.01,c=1.0000000001:float64":
        "Gompertz near c = 1: c^t - 1 and log c each keep 6 digits: unstable",
    "lib96c:kaplan_meier@d=[2.0,1.0,10.0],n=[20.0,15.0,10.0]:float64":
        "a product-limit estimate with a factor 1 - d/n = 0: a polynomial, every slope finite: ok",
    "lib96c:lognormal_survival@t=0.0,mu=1.5,sigma=0.8:float64":
        "log-normal survival at t = 0: S = 1 for every mu and sigma, sigma's 0 comes out erfc'(-inf) * inf: wrong",
    "lib96c:net_premium_arrears@i=0.04,q=[1.0,0.2,0.5]:float64":
        "a premium in arrears when death in the first year is certain: v / 0 whatever i and the later q: domain",
    "lib96c:cox_breslow@beta=[800.0,0.0]:float64":
        "Breslow's partial likelihood where exp(beta x) overflows: the exact -803.6 lost (log-sum-exp holds it): "
        "unstable",
}

CHOSEN["lib96c:weibull_log_density@t=0.0,k=1.0,lam=3.0:float64"] = (
    "F1 (mended): (k - 1) log(t / lam) at k = 1, t = 0 is the 0 the program means: lam keeps -1/3 with every input "
    "checked, as with --wrt lam")
CHOSEN["lib96c:weibull_censored_loglik_logs@k=2.0,lam=3.0:float64"] = (
    "F2 (b, mended): a subject censored at t = 0 with log h in logs: k keeps -0.13339, the held 0 * -inf passing "
    "nothing back to k through (k - 1) (log t - log lam) either")
CHOSEN["lib96c:cox_truncated_lse@beta=[0.5,-0.3]:float64"] = (
    "F2 (a, mended): an empty risk set by log-sum-exp keeps beta's slopes [0.4008, 1.8067], as log(sum(exp)) does: "
    "the where's -inf row leaves eta beside it")
KNOWN_WRONG = {}  # case id -> the finding it shows (cases96c says how)
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases96c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
