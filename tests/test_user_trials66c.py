"""A user's code on gradcli.numpy, round 66c: special functions approximated by hand as numerical libraries write them
(Horner, Clenshaw, Pade, continued fractions with a fixed count of levels, Stirling's series with a shift below a
breakpoint, Abramowitz-Stegun's erf made odd by sign, Lanczos's gamma with reflection, Eigen's clamped rational tanh,
exp by range reduction with np.round and np.ldexp, log by np.frexp, fixed Newton steps, np.where / np.select /
np.piecewise at and beside their breakpoints, Kahan and Neumaier summation), in float64 and float32
(tests/trials/lib66c.py, cases66c.ALL: 80 cases, all agreeing with gradcli).
What held, among others: exp by k = np.round(x / LN2) on an exact k + 1/2 (x = LN2 / 2) is domain (k jumps, and
e^x's two spellings differ by ln2 - LN2 = 2.3e-17); where float64's x / LN2 rounds onto 1.5 but the exact quotient is
below it the dtype picks the other k, and with a polynomial e^r the two ends differ by 5e-6: unstable; A-S 7.1.26 made
odd by np.sign jumps through 0 at 0 (its polynomial leaves 1e-9): domain; Legendre's fraction for Gamma(2, x) at x = 0
is 0 / 0: domain; np.where's unselected Stirling branch at 1e-300 (1 / x^3 = 1 / 0) poisons the gradient: unstable;
np.ldexp(e^r, 1024) at 709.78 has the adjoint 2^1024 = inf though the slope 1.79e308 is in range: unstable.
The whole set runs case by case through the CLI as tests/trials/run.py does (cases66c.ALL).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases66c  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "lib66c:exp_reduced@x=0.34657359027997264:float64":
        "e^x as np.ldexp(np.exp(x - k LN2), k) with k = np.round(x / LN2) at x = LN2 / 2, an exact k + 1/2: round half "
        "to even picks k = 0, the right side k = 1, and the two spellings differ by e^x (ln2 - LN2) = 2.3e-17 "
        "relative: a jump, domain",
    "lib66c:exp_reduced_poly@x=1.0397207708399179:float64":
        "the same reduction with a degree-5 polynomial for e^r: float64's x / LN2 rounds onto 1.5 (round: k = 2) where "
        "the exact quotient is below 1.5 (k = 1); the polynomial's ends at r = +-ln2/2 differ by 5e-6: unstable",
    "lib66c:gammaincc_cf@a=2.0,x=0.0:float64":
        "Legendre's continued fraction for Gamma(a, x), 30 levels bottom up, at a = 2, x = 0: the n = 2 level is 1 "
        "and the top -1 + 1 / 1 = 0, so the value is 0^2 / 0: no derivative, domain",
    "lib66c:erf_as@x=0.0:float64":
        "Abramowitz-Stegun 7.1.26 made odd by np.sign: its polynomial leaves 1 - 0.999999999 = 1e-9 at 0, so the value "
        "jumps from -1e-9 to 1e-9 through 0 at the point: domain (both one-sided quotients agree, the jump does not)",
    "lib66c:lgamma_shift@x=1e-300:float64":
        "Stirling's series shifted up below 7 by np.where: the unselected stirling(1e-300) has 1 / (360 x^3) = 1 / 0, "
        "whose rule's 0 * inf is NaN in the gradient while the exact slope is -1e300: unstable",
    "lib66c:exp_reduced@x=709.78:float64":
        "np.ldexp(e^r, 1024) at 709.78 is 1.79e308, in range, and so is its slope, but the reverse mode's adjoint of "
        "e^r is d ldexp(y, 1024) / dy = 2^1024 = inf: unstable",
}

KNOWN_WRONG = {}  # case id -> the finding, open
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases66c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
