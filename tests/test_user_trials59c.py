"""The fifty-ninth round (c) of user trials (tests/trials/cases59c.py): issue 27's exact reference on Python
functions doing ITERATIVE NUMERICS and ARRAY OPS with gradcli.numpy as libraries write them (unrolled Newton and
fixed-point iterations, Heron, series summed by value-dependent while-loops, continued fractions, Horner and
np.polyval near a root, RK4 and Euler loops, cumsum / cumprod / diff, maximum.accumulate, sort, np.interp, np.clip,
bisection, np.convolve, np.where chains, np.logaddexp.reduce), judged against the round's own mpmath truths at 2,000
digits. Here, cheap cases: bisection on a fixed bracket at a = 1, where the first midpoint's m^2 - a is exactly 0 (the
value jumps: domain); log by range reduction with LN2 = 0.6931471805599453 at x = 1.5, the switch of `while y > 1.5`
(the double LN2 is 2.3e-17 above ln 2, so the value jumps by that much: domain); Newton's sqrt from y = x at 1e-300,
stopped after 100 steps (float64's reverse mode cancels 5e299-sized partials and gives 0 where the exact slope is
4.2e29: unstable); sum sort(x)^2 at a tie (symmetric: ok, [2, 2, 4]); clip(x, lo, hi) at x = lo = hi = 1 in x and lo
(flat on both sides, the exact 0, where the rule gives x: 1: wrong).
F1, mended: clip(x, lo, hi) at x = lo = hi = 0 in all three had no exact reference (the proof of x's flat sides met
clip's tie of lo and hi beside the point); F3, mended: np.interp's jump at a repeated knot was named at NumPy's own
fromnumeric.py:54, not the user's line.
(F2, mended: a Taylor series summed `until s + term == s` never ended in the exact reference: see
tests/test_loop_ending_on_rounding.py.)
The whole set runs case by case through the CLI as tests/trials/run.py does (cases59c.ALL).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases59c  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "lib59c:bisect_fixed@a=1.0:float64":
        "50 bisections of m^2 - a on [0, 2] at a = 1: the first midpoint 1 is a tie (m^2 - a = 0 exactly), the "
        "value jumps from just below 1 to 1: domain",
    "lib59c:log_reduce@x=1.5:float64":
        "n * 0.6931471805599453 + log(y), y halved while y > 1.5, at x = 1.5: the double LN2 is ln 2 + 2.3e-17, so "
        "the pieces meet 2.3e-17 apart: a jump, domain",
    "lib59c:newton_sqrt_break@x=1e-300:float64":
        "Newton's sqrt from y = x at 1e-300, 100 steps (not converged: y = 7.9e-31): exact slope 4.2255e29, "
        "float64's reverse mode loses it to 5e299-sized partials cancelling at the first step (0): unstable",
    "lib59c:sorted_sumsq@x=[1.0,1.0,2.0]:float64":
        "sum sort(x)^2 at a tie: symmetric in the tied entries, so smooth: ok, [2, 2, 4]",
    "lib59c:clip_between@x=1.0,lo=1.0,hi=1.0:float64":
        "clip(x, lo, hi) at x = lo = hi = 1, --wrt x,lo: flat on both sides in x and in lo (the exact 0), the rule's "
        "d/dx = 1: wrong",
    "lib59c:clip_between@x=0.0,lo=0.0,hi=0.0:float64":
        "F1, mended: clip(x, lo, hi) at x = lo = hi = 0: beside the point in x the value is hi on one side, lo on the "
        "other, and the tie of lo and hi there picks one of two equal values (python_zero._ties_change_nothing): x: 0, "
        "lo: 0 proven, hi a kink; the rule's d/dx = 1: wrong",
    "lib59c:interp_step@x=1.0:float64":
        "F3, mended: np.interp(x, [0, 1, 1, 2], [0, 0, 1, 1]) at x = 1 jumps: domain, its switch named at the user's "
        "np.interp line, not NumPy's fromnumeric.py (provenance._numpys_own)",
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases59c, CHOSEN)
