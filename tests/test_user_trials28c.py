"""The twenty-eighth round (c) of user trials (tests/trials/cases28c.py, audit28c.toml): issue 27's classes on Python
functions written against gradcli.numpy and gradcli.scipy, on plain NumPy and on formulas, in domains not tried before
(Kimura's fixation probability at s = 1e-300 and 5e-324, the Bateman curve at ka a hair from ke, Erlang's B formula at
a traffic of 1e300, an M/M/1 queue at a load of 1 - 2^-52, Fermi-Dirac occupations at kT = 1e-3 and 1e-300,
Bose-Einstein log-occupations at 1e-300 and 800, the Hill equation at 1e-300 and 1e100, soft-thresholding and a leaky
ReLU at subnormal points, binary entropies at 5e-324, normal interval probabilities in both tails, 2-norms of
subnormal and 1e200 vectors, a pharmacokinetic fit over a parameter tree by --args), and the other commands on that
code: `gradcli sweep` with --at holding variables, `gradcli audit` with every report format, --baseline,
--update-baseline and --shard, @gradcli.audit (a range and points), the gradcheck fixture, `gradcli grad` and
`gradcli diff` on formulas.

The whole set runs case by case through the CLI as tests/trials/run.py does (cases28c.ALL); here, the cases the CPU
budget allows, in the long mode (`make trials`). What the round taught about its own truths: a value computed stably (expm1(-2s) / expm1(-4Ns)) can
still have an unstable gradient, since reverse mode adds a'/b and -a b'/b^2, two terms of 5e297 whose sum is 0.995 at
s = 1e-300 (gradcli says so, naming the accumulating add and its line); NumPy's vector 2-norm is sqrt(dot(x, x)),
unscaled, so np.linalg.norm breaks at 1e200 and at subnormals as the hand-written one does; formulas' xlogy and
xlog1py keep the binary entropy's slope at the least subnormal. Tested in tests/test_trial_findings28c.py:

- V1: an exact gradient or value a float cannot hold (a Fermi-Dirac slope of 5e-432) was shown as 0.0 in the
  gradcheck fixture's message, `gradcli check --junit`'s failure text and the HTML results table, so a CI reader saw
  "gradient nan (exact {'kt': 0.0})", a slope proven 0. They now give its digits, as the terminal table did.
- D1: `gradcli diff` wrote a formula's 1e-300 as 1/1000...0 (301 digits), in the formula and every derivative. A
  long number with an exact decimal form is now written as 1e-300 (10**600 beyond float64, as the parser asks),
  and reads back as the same number.
- W1: at x = 1e-300 the finite differences' complex steps (1e-180 wide) reach past 0, where -log(expm1(x)) is
  singular, and the note said "the function is not analytic here"; it now says the steps are wider than the point's
  distance from 0.
- S1: `gradcli sweep`'s threshold lines gave a Python function's finding without its file and line (the audit's
  one-line finding of the same sweep had them); they now end "at file.py:LINE".
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases28c  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "gn_lib28c:fermi_dirac@energy=[1,-1],mu=0,kt=0.001:float64":
        "slopes of e^-1000 size that float64 holds as 0: ok, the exact gradient by its digits",
    "gn_lib28c:fixation_probability@s=[1e-300]:float64":
        "a stable value whose reverse-mode slope is two terms of 5e297 cancelling to 0.995: unstable at the add",
    "gn_lib28c:soft_threshold_score@x=[3e-300,-3e-300,5e-324],lam=1e-300:float64":
        "abs, sign and maximum at points of 1e-300 away from their switches: their ordinary slopes",
    "gn_lib28c:pk_fit_loss@pk_fit_args:float64": "a parameter tree by --args, checked with respect to params",
    "formula:-(xlogy(p, p) + xlog1py(1 - p, -p))@p=5e-324:float64": "xlogy and xlog1py in a formula at 5e-324: ok, slope log((1 - p) / p)",
}
KNOWN_WRONG = {
}
SYMPTOMS = {
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases28c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
