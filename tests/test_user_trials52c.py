"""The fifty-second round (c) of user trials (tests/trials/cases52c.py): a second probe of issue 27's classes, on the
high-precision paths of saturating and cancelling special functions (erfc, erfcx, ndtri, logit, exprel, gammaln,
digamma, betaln, betainc, gammainc, xlog1py, logsumexp with b= and return_sign, i0e / i1e / k0e, sinc, arctanh,
log-cosh, huber, pseudo-Huber), reductions whose exact result is tiny (norms, variance, std, dot, cumsum, cumprod,
hand-written logsumexp, a softmax at temperature 1e-3), where / abs / maximum / clip / sign at tiny points and at their
switch, and float32 subnormals and overflow. Here, cases the CPU budget allows: the log of a dot that is 1 exactly
and 0 in float64, 1 + 1e16 absorbing the 1 (unstable at its line); log |e^0 - e^-1e-300| by SciPy's logsumexp
with b = [1, -1], a 0 in float64 (unstable); a where whose switch is the point 1e-300 itself, where x meets
sin x with a jump of 1.7e-901 (domain); i0e = e^-|x| I0(x) at 0, a kink (domain); and erfcx at 1e300, whose slope
-5.6e-601 is 2x erfcx(x) - 2/sqrt(pi) cancelling 600 digits, float64's 0 (ok).
The whole set runs case by case through the CLI as tests/trials/run.py does (cases52c.ALL).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases52c  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "gn_lib52c:log_dot@x=[1,1e+16,-1e+16]:float64":
        "log of a dot that is 1 exactly and 0 in float64 (1 + 1e16 = 1e16): -inf for 0, unstable at the line",
    "gn_lib52c:logsumexp_signed@z=[0,-1e-300]:float64":
        "logsumexp(z, b=[1, -1], return_sign=True): 1 - e^-1e-300 is 0 in float64, the slopes +-1e300: unstable",
    "gn_lib52c:sin_guarded@x=1e-300:float64":
        "where(|x| < 1e-300, x, sin x) at its own switch: a jump of sin(1e-300) - 1e-300 = -1.7e-901, domain",
    "gn_lib52c:i0e_plain@x=0:float64":
        "e^-|x| I0(x) at 0: slopes -1 and 1 on the two sides, a kink: domain",
    "gn_lib52c:erfcx_plain@x=1e+300:float64":
        "erfcx' = 2x erfcx(x) - 2/sqrt(pi) = -5.6e-601 cancels 600 digits: float64's 0 is its rounding, ok",
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases52c, CHOSEN)
