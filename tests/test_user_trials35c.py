"""The thirty-fifth round (c) of user trials (tests/trials/cases35c.py): issue 27's classes on Python functions
written against gradcli.numpy and gradcli.scipy, on plain NumPy and on formulas, in domains not tried before (a
pendulum's energy, period and travel time; Elo ratings and a rating fit over a parameter tree; astronomical
magnitudes and a distance modulus; the Butler-Volmer current and its inverse, plain and behind hand-written rules;
Poisson and Erlang tails; a slab's transmission 2 E_3 and an F test; the reciprocal gamma function at its zeros;
Carlson's R_C at a tie; norms, softmax entropies and a signed log-sum-exp at huge and subnormal arguments; kinks a
hair from their switches), and input errors.

The whole set runs case by case through the CLI as tests/trials/run.py does (cases35c.ALL); here, the cases the CPU
budget allows. What the round taught about its own truths: a Python float beside a float32 array is taken as float32
(0.4 in 10 ** (-0.4 * m), 2 / 38.92), so a float32 program's constants are float32's numbers; a squared hinge at its
corner has the slope 0 and no kink; a pendulum's period 2.65e-6 from pi, m = 1 - 1.76e-12, keeps only four digits
of 1 - m in its slope (`unstable`); near the uniform distribution a softmax entropy's slopes cancel (`unstable` at
subnormal logits). Tested in tests/test_trial_findings35c.py:

- E1: E_n(x) had no exact reference at small x (mpmath's expint through the incomplete gamma of 1 - n ran out of
  time) nor at 1e300 (its slope left to differences on balls); flint's enclosure, E_n' = -E_(n-1) on jets and a
  recurrence from E_1 on mpmath's numbers give it.
- B1: the incomplete beta on balls ran for minutes in one C call a hair below x = 1 (an F test's distribution at
  f = 1e300); past (a + 1) / (a + b + 2) it is reflected.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases35c  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "gn_lib35c:overpotential_rule_square@current=[1e+300]:float64":
        "a hand-written rule whose own x * x overflows: unstable at the rule's line",
    "gn_lib35c:slab_transmission@tau=[1e+300]:float64": "2 E_3 at 1e300: ok, a slope of e^-1e300 by its digits",
    "formula:1/(1 + 10^(-d/400))@d=-160000:float64":
        "10^400 overflows where the slope is 6e-403: unstable, its exact slope as text",
    "gn_lib35c:rating_loss_naive@rating_args:float64": "a parameter tree's upset overflows 10^403: unstable at its line",
}
KNOWN_WRONG = {}
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases35c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
