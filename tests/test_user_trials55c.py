"""The fifty-fifth round (c) of user trials (tests/trials/cases55c.py): a randomised probe of issue 27's classes,
random compositions (depth 2-5) of gradcli.numpy / gradcli.scipy.special ops (exp, log, log1p, expm1, sqrt, tanh,
expit, logaddexp(0, x), logsumexp, xlogy, xlog1py, linalg.norm, softmax / log_softmax, where, abs, maximum, square,
reciprocal, sin, cos, erf, erfc, gammaln) in scalars and small vectors at points from 5e-324 to 1e300 and +-800,
judged against the round's own mpmath dual-number oracle at 2,000 digits (tests/trials/oracle55c.py). Here, cheap
cases: tanh(xlog1py(-1, expit(x))) at x = -1e100 (a slope of 10^-4.3e99 by its digits: ok); a composition whose
where picks by expit(40) >= 1, true in float64 only (unstable, the exact branch's slopes); log(exp(|x|)) at -0.0 (the
point's own kink: domain); e^-v v + e^-v e^v at +-1e-200 (the second slope 0, proven); logaddexp(log|x|, 0) at 0
(a kink with slopes -1 / +1: domain).
And the round's findings: F1, a finite value through an infinite intermediate at the point (exp(log(x * x)),
exp(-1/x^2), erf(log|x|) at 0) answered with the exact slope 0 and `wrong` for the rule's NaN at every precision:
kept, as gradcli's doctrine for a finite slope beside a NaN the rule's arithmetic makes (the cases hold `wrong`);
F2, logaddexp(log|x|, 1e7) at 0, a kink with slopes -+e^-1e7 whose bounded, unproven 0 beside the rule's NaN was
answered `wrong`: mended to no exact reference on a switch between two sides (tests/test_bounded_slope_on_a_switch.py);
F3, maximum(y, y + exp(x)) at x = -800, a tie in float64 only called `wrong` (the rule on balls weighed neither
operand): mended, ok (tests/test_pick_rule_on_balls.py).
The whole set runs case by case through the CLI as tests/trials/run.py does (cases55c.ALL).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases55c  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "rand_lib55c:r00@x=-1e+100:float64":
        "tanh(xlog1py(-1, expit(x))) at x = -1e100: the exact slope -2.0e-(4.3e99) by its digits, float64's 0 its "
        "rounding: ok",
    "rand_lib55c:r29@v=[5e-324,40.0,-800.0]:float64":
        "a composition with where(expit(v) >= 1, v * v, v): expit(40) is 1 in float64 only, the branch picked by "
        "rounding: unstable, the exact branch's slopes",
    "rand_lib55c:r30@x=-0.0,y=1e-300:float64":
        "log(exp(|x|)) at x = -0.0: the point's own kink, domain in x, 0 in y",
    "rand_lib55c:r10@v=[-1e-200,1e-200]:float64":
        "e^-v v + e^-v e^v (a where at +-1e-200): the second slope 0 exactly, proven: ok",
    "rand_lib55c:lae_log_abs_near@x=0:float64":
        "logaddexp(log|x|, 0) at 0, log(|x| + 1): a kink with slopes -1 / +1 through log(0) = -inf: domain",
    "rand_lib55c:max_rounded_tie@x=-800,y=1:float64":
        "F3, mended: maximum(y, y + exp(x)) at x = -800, apart by 3.7e-348: the rule on balls weighs the operand the "
        "pick chose (it weighed neither); the float64 gradient {0, 1} is the exact one rounded: ok",
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases55c, CHOSEN)
