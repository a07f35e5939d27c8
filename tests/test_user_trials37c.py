"""The thirty-seventh round (c) of user trials (tests/trials/cases37c.py): issue 27's classes on Python functions
written against gradcli.numpy and gradcli.scipy, on plain NumPy and on formulas, in domains not tried before
(Black-Scholes calls, their parity form, digitals and vegas far out of the money, a book of options over a parameter
tree; the focal loss and InfoNCE at a temperature of 1e-3; Holling's type III response, the Ricker map and
Beverton-Holt; negative-binomial log-pmfs in their size and cdfs in p; the sine, cosine and exponential integrals, a
Voigt line's width, the Lambert W beside its branch point; kinks of hinges, payoffs, relu by where, max at a tie and
|x|^2 at 0), and input errors.

The whole set runs case by case through the CLI as tests/trials/run.py does (cases37c.ALL); here, the cases the CPU
budget allows. What the round taught about its own truths: a spelling's instability is judged on the gradient, not
the value (gammaln(3 + r) - gammaln(r) cancels its digammas at r = 1e15 by less than r log p's rounding: ok); the
reciprocal forms that save a response at 1e200 break at 1e-200 (1/n^2 overflowing in the slope); a Python float
beside a float32 array is float32's number in the truth too. Tested in tests/test_trial_findings37c.py:

- W1: the Faddeeva function far from 0 (voigt_profile's value and slopes in a float dtype) came out of mpmath's
  exp(-z^2) erfc(-iz) as noise.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases37c  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "gn_lib37c:voigt_in_width@sigma=[1e-300]:float64": "W1: a Voigt line's width slope 2.68e-300, ok",
    "gn_lib37c:focal_loss_naive@z=[40]:float64": "1 - sigmoid(40) rounds to 0: the slope -2.3e-52 lost, unstable at its line",
    "gn_lib37c:best_score@scores=[1,1,0.5]:float64": "max at a tie: no derivative in the tied entries, the third's 0",
    "formula:maximum(0, 1 - z)^2@z=1:float64": "a squared hinge at its switch: C1, the slope 0",
}
KNOWN_WRONG = {}
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases37c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
