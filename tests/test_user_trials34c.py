"""The thirty-fourth round (c) of user trials (tests/trials/cases34c.py): issue 27's classes on Python functions
written against gradcli.numpy and gradcli.scipy, on plain NumPy and on formulas, in domains not tried before (heat
exchangers' log-mean temperature difference, effectiveness and fin efficiency; Shockley's diode and an intrinsic
carrier density; logistic growth; generalised-mean pooling; Atkinson's index; Hellinger, Jensen-Shannon and
Bhattacharyya divergences; a log-logistic survival; a Zipf law's normaliser; special functions, soft-argmax and
attention pooling at subnormal and huge arguments), a parameter tree by --args and --wrt by path, and input errors.

The whole set runs case by case through the CLI as tests/trials/run.py does (cases34c.ALL); here, the cases the CPU
budget allows. What the round taught about its own truths: at a removable singularity the code's own expression
(an LMTD at equal ends, tanh(m)/m at 0) is 0/0, no number, while a step of mpmath.diff beside it cancels as the
program does (the effectiveness at C = 1, Atkinson's index at an aversion of 1): their truths there are the limit's
slopes, written here; a softmax's rule w (g - w.g) loses a representable e^-500 beside 1 (`unstable`, not `ok`), and
I_s (e^v - 1) at v = 1e-10 keeps its slope but not its value (`unstable`). Tested in
tests/test_trial_findings34c.py:

- Z1: Hurwitz's zeta(s, q) in s by a difference of values lost its slope where the value is its first term (zeta(300)
  = 1 + 2^-300: a phantom 0 in the program, an exact run out of time); mpmath's derivative of the series keeps it.
- R1: sqrt at an input's exact 0 hid another input's proven-0 slope (the Hellinger distance at p = [0, 0.5], q =
  [0.25, 0.5]: no exact reference); an input's own 0 seed now stands still through sqrt's tip.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases34c  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "gn_lib34c:fin_efficiency_naive@m=[1e-300]:float64":
        "tanh(m)/m at 1e-300: m^2 underflows in the quotient rule, unstable at its line",
    "gn_lib34c:log_mean_exp@x=[5e-324,5e-324,-800]:float64":
        "logsumexp at subnormal entries beside -800: ok, a slope of e^-800 by its digits",
    "gn_lib34c:diode_current_naive@v=[720]:float64":
        "e^720 overflows where the current I_s e^720 = 5e298 is a number: unstable at its line",
    "formula:tanh(m)/m@m=0:float64": "0/0 at a removable singularity as written: domain, no derivative",
    "gn_lib34c:exchanger_duty@exchanger_args:float64": "a parameter tree's LMTD with equal ends: ok, 1/2 there",
}
KNOWN_WRONG = {}
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases34c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
