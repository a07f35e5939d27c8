"""The sixty-fourth round (c) of user trials (tests/trials/cases64c.py): issue 27's exact reference on Python functions
doing ROBUST AND ORDER STATISTICS as data-analysis code writes them with gradcli.numpy and gradcli.scipy.stats (medians,
percentiles by NumPy's five methods, trimmed means by sort / partition / scipy.stats.trim_mean, winsorising by np.clip
at percentiles, the MAD, Huber / pseudo-Huber / Tukey / pinball losses, sorts, ranks and an ECDF, a Silverman KDE,
Laplace and Cauchy log-likelihoods, a softmin and soft ranks at a temperature of 1e-300, drawdowns, np.ptp,
np.nanmedian), judged against the round's own mpmath truths at 2,000 digits. Here, cheap cases: the median of four whose
middle pair ties (their mean whichever order: smooth, ok); the 30th percentile by the midpoint method with its two order
statistics tied (symmetric in them: ok); winsorising at [3, 3, 3, 3, 5] (four entries tie with the lower bound: slopes
0.6 and 1.4, domain); the softmin at t = 1e-300 (t's slope -1e300 e^(-1e300) is 0 in float64, the rule's (x - m) / t^2
meets t^2 = 0: NaN, unstable); the MAD of constant data (every partial 0: ok); np.minimum(np.maximum(x0, x1), x1), which
is x1 whatever x0 (slopes [0, 1]; the rule gives [1, 0] at x0 = x1: wrong).
F1, mended: np.clip(x0, x1, x1) at x0 = x1 (and winsorising constant data) took x0's piece for the exact gradient,
calling a wrong rule ok; F2, mended: np.nanmedian of an array whose NaN is not last came out NaN (domain).
The whole set runs case by case through the CLI as tests/trials/run.py does (cases64c.ALL).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases64c  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "lib64c:median@x=[2.0,3.0,1.0,2.0]:float64":
        "the median of four whose middle pair ties (2, 2): their mean whichever order, so the function is smooth "
        "there, slopes [0.5, 0, 0, 0.5]: ok, no kink",
    "lib64c:pct_midpoint@x=[5.0,1.0,4.0,2.0,2.0]:float64":
        "np.percentile(x, 30, method='midpoint') is (s1 + s2) / 2, symmetric in the tied pair x[3] = x[4] = 2: "
        "slopes [0, 0, 0, 0.5, 0.5], ok (the linear, lower and higher methods have a corner there)",
    "lib64c:winsorized_sum@x=[3.0,3.0,3.0,3.0,5.0]:float64":
        "winsorising at the 10th / 90th percentiles with four entries tied at the lower bound: one moved up becomes "
        "s3 and moves hi (1 + 0.4), moved down becomes s0 and drags lo (0.6): a corner, domain",
    "lib64c:softmin@x=[1.0,2.0,3.0],t=1e-300:float64":
        "softmin -t log sum e^(-x/t) at t = 1e-300: t's slope -1e300 e^(-1e300) rounds to 0 in float64, but the "
        "division's rule meets t^2 = 0 and gives NaN: unstable",
    "lib64c:mad@x=[3.0,3.0,3.0]:float64":
        "the median absolute deviation of constant data: moving one entry moves no median of |x - med|, every "
        "partial 0 (abs at 0 inside, its sides agreeing): ok",
    "lib64c:clip_pinned_minmax@x=[3.0,3.0]:float64":
        "np.minimum(np.maximum(x0, x1), x1) is x1 whatever x0: slopes [0, 1]; the rules give [1, 0] at x0 = x1: "
        "wrong (np.clip, the same function, is F1)",
    "lib64c:clip_pinned@x=[3.0,3.0]:float64":
        "F1, mended: clip(x0, x1, x1) at x0 = x1 is x1 on both sides: exact [0, 1], the rule's [1, 0] wrong (arb._clip_chosen: the decisions, not the equal balls, tell which argument clip picked)",
    "lib64c:winsorized_sum@x=[3.0,3.0,3.0,3.0,3.0]:float64":
        "F1, mended: np.clip(x, percentile 10, percentile 90) at constant data: each entry's sides 0.6 and 0.6 + "
        "1.1e-16 (the float weights 1 - 0.4 and frac(3.6)), a kink of the program as written: domain",
    "lib64c:nanmedian_masked@x=[1.0,3.0,2.0,5.0]:float64":
        "F2, mended: np.nanmedian with the NaN at index 1: NaN sorts last on exact numbers too (ops_shape._NAN_ORDER): the median of [1, 2, 5], ok",
    "lib64c:nanmedian_masked@x=[1.0,2.0,2.0,5.0]:float64":
        "F2, mended: the same with a tie in the numbers kept",
}

KNOWN_WRONG = {}  # case id -> the finding, open
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases64c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
