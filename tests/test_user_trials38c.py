"""The thirty-eighth round (c) of user trials (tests/trials/cases38c.py): issue 27's classes on Python functions
written against gradcli.numpy and gradcli.scipy, on plain NumPy and on formulas, in domains not tried before (the
Snake activation in its frequency; Saha's ionisation fraction three ways and Saha's ratio; Hardy-Weinberg
log-likelihoods and LOD scores by xlogy at 0 and at subnormals; sound pressure levels and levels added by powers of
ten and by logsumexp; the Nelson-Siegel loadings by hand and by exprel; Yukawa energies over a norm; the Rayleigh
log-cdf and log-density; the arithmetic-geometric mean, Jacobi's sn and E(phi | m); a dead zone's kinks), float32 and
input errors.

The whole set runs case by case through the CLI as tests/trials/run.py does (cases38c.ALL); here, the cases the CPU
budget allows. What the round taught about its own truths: a norm's backward through sqrt overflows (5e299 / 2r =
1.8e449) where the slopes 3.5e299 are float64 numbers, in gradcli.numpy's norm as in JAX's; a value past float64
(log x - x^2/2 at 1e200) is `domain` before it is `unstable`; -1/t's slope 1/t^2 = 1e600 meets an upstream e^-1e300
underflowed to 0 (t^1.5 e^-1/t at 1e-300: NaN, unstable); SciPy's ellipj(400, 1) is NaN. Tested in
tests/test_trial_findings38c.py:

- S1: a coordinate at 0 took its difference step from another entry's underflowed term (e^-5e299), so the point
  had no exact reference; a program value below 1e-400 now sets no scale for that step.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases38c  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "gn_lib38c:lod_score@theta=[0]:float64": "xlogy(0, theta) is 0 for every theta: the slope -12 / log 10 at 0",
    "gn_lib38c:ionisation_naive@s=[1e+20]:float64": "-s + sqrt(s^2 + 4 s) cancels to 0: unstable at its line",
    "gn_lib38c:total_level@levels=[1e+300,0]:float64": "logsumexp's second weight e^-2.3e299, by its digits",
    "formula:maximum(abs(x) - 1, 0)^2@x=0:float64": "abs's kink inside max's flat zero: the slope a proven 0",
    "gn_lib38c:curvature_loading@t=[0,3,5e-324,1e+300]:float64": "S1: the slope 1/4 at 0 beside e^-5e299, ok",
}
KNOWN_WRONG = {}
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases38c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
