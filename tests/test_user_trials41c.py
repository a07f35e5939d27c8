"""The forty-first round (c) of user trials (tests/trials/cases41c.py): issue 27's classes on Python functions written
against gradcli.numpy and gradcli.scipy, on plain NumPy/SciPy and on formulas, leaning on special functions at their
extreme arguments and on their compositions with reductions and piecewise code: Ewens's sampling formula by gammaln,
by the rising factorial in logs and by its product, the expected number of alleles by digamma and by its sum; the
Jeffreys prior of a gamma shape by polygamma; a Gaussian copula by ndtri and by erfinv; the normal-inverse Gaussian
log-density by kv, kve, k1e, hypot and a norm; an order statistic's Beta CDF and log-survival by betainc; Ricker's MSY
harvest rate by lambertw; a Boltzmann policy by softmax, log_softmax and log1p of the gaps; huber at its switch, a
clipped log-loss at its bound; a binary symmetric channel's capacity by xlogy and xlog1py; a discrete power law by
zeta; a chi-square log p-value by gammaincc and chi2.logsf; float32, formulas and input errors.

The whole set runs case by case through the CLI as tests/trials/run.py does (cases41c.ALL). What the round taught
about its own truths: a quotient's rule whose denominator is squared (-g x / y^2) overflows or underflows where y is
1e-300 or 1e300 (W(e/alpha) at alpha = 1e-300 is `unstable` by it, the slope 1e300 given as inf); a term that is the
constant 1 (theta/theta) still breaks float64's backward where its numerator's 1/theta = 1e300 absorbs the other terms'
slopes before the denominator's -1e300 meets it; SciPy's kve (AMOS) is NaN past arguments of about 1e9, so the
stable NIG spelling by kve is itself `unstable` at 1e300, where k1e is sound.

Findings (gradcli bugs):
F1 (mended in the same session, tests/test_trial_findings41.py; provenance only, no verdict moved) an underflow to 0
   inside scipy.special's kv, betainc (and exp1, expn, rgamma, tried beside them) was not named: the report said
   "log([0]) gave [-inf]" at the log's line, where for exp, erfc, ndtr, expit, gammainc and gammaincc it says "kv(...)
   underflowed to [0] (its true value is nonzero), and that 0 reached log ...: the root cause is the underflow, not
   log" at the underflowing op's own line. provenance._UNDERFLOWS, the ops whose 0 of nonzero finite arguments is
   only an underflow, now holds the Bessel K and scaled I functions, betainc, exp1, expn, erfcx and rgamma (its exact
   0 at 0, -1, -2, ... told apart; not jv, whose roots are zeros).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases41c  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "gn_lib41c:greedy_share@tau=0.001:float64":
        "softmax's rule p0 (1 - p0) with p0 = 1 - 7e-218 rounded to 1 flips the slope's sign: unstable at the line",
    "gn_lib41c:greedy_share@tau=1e-300:float64":
        "a slope of -10^(-2.2e299), given by its digits, where float64's q/tau^2 makes 0 * inf",
    "gn_lib41c:expected_alleles_sum@theta=[1e-300]:float64":
        "theta/theta is the constant 1, yet float64's backward absorbs H_19 = 3.55 in 1e300 before -1e300 meets it: "
        "unstable, slope 3.55",
    "gn_lib41c:bsc_capacity@p=[0.5]:float64":
        "a binary symmetric channel's capacity by xlogy and xlog1py at p = 1/2: log p - log1p(-p), a proven 0",
    "gn_lib41c:huber_total@r=[1,-1,0.5,3]:float64": "huber at |r| = delta is C1: no kink, slopes 1, -1",
    "gn_lib41c:nig_logpdf@x=[1e+300,-1e+300]:float64":
        "SciPy's kve is NaN at 2e300: unstable at the kve line, not wrong, the exact slopes -1.5 and 2.5",
}
CHOSEN["gn_lib41c:order_stat_log_cdf@x=[1e-120]:float64"] = "F1: betainc's underflow to 0 named at its own line"
CHOSEN["gn_lib41c:nig_logpdf_naive@x=[400]:float64"] = "F1: kv(1, 800)'s underflow to 0 named at its own line"
KNOWN_WRONG = {}
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases41c, CHOSEN, KNOWN_WRONG,
                                                                                   SYMPTOMS)
