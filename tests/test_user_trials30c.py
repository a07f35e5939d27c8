"""The thirtieth round (c) of user trials (tests/trials/cases30c.py, audit30c.toml): issue 27's classes on Python
functions written against gradcli.numpy and gradcli.scipy, on plain NumPy and on formulas, in domains not tried before
(a Breit-Wigner line at resonance and at a width of 2e-300, the Gamow factor e^-1000, the Airy disk at its centre and
at 1e-300, Beer-Lambert attenuation through a depth of 800, a Gumbel log density at 800 and -700, log of the
incomplete beta at both tails, a Poisson likelihood by xlogy and a binary entropy by entr at subnormal arguments,
log1p(expm1), log(expm1) and the inverse softplus from 5e-324 to 800, log of the Struve function at 1e-300, the angle
between nearly parallel vectors by arccos and by arctan2, cosine similarity and norms at 1e200 and 1e-200, PyTorch's
thresholded softplus by where at +-800, leaky ReLU and abs at subnormals, cross-entropies at +-800, and a slope of
1e-4341 shown by its digits), and the other commands on that code: `gradcli audit audit30c.toml` in every report format,
`gradcli sweep`, `gradcli grad` on formulas.

The whole set runs case by case through the CLI as tests/trials/run.py does (cases30c.ALL); here, the cases the CPU
budget allows. What the round taught about its own truths: H0(5) is negative (Struve's function oscillates), so log
H0 there has no value; `e` in a formula is Euler's number, not a variable; a subnormal value one or two steps off is
`unstable`, relative error counting there as everywhere (round 21c's float32 softmax). Tested in
tests/test_trial_findings30c.py:

- S1: xlogy(1.0, 1.0) = 0 where 1 - p had rounded p = 5e-324 away was blamed on SciPy's xlogy "stopping short of
  the subnormal range"; it is now the cancellation it is: xlogy takes the log of a number next to 1 and amplifies the
  rounding its input carries (the verdict `unstable`, as relative error counts in the subnormal range too).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases30c  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "gn_lib30c:breit_wigner@e=[1.5],e0=[1.5],gamma=[0.2]:float64":
        "a Breit-Wigner line exactly at resonance: every slope a proven 0",
    "gn_lib30c:threshold_softplus@x=[800]:float64":
        "PyTorch's thresholded softplus at 800: the idle branch's exp overflows, unstable (not wrong), its line named",
    "gn_lib30c:gaussian_overlap@x=[100,0.5]:float64":
        "a slope of -200 e^-10000 = -1.1e-4341 beside an ordinary one, by its digits",
    "gn_lib30c:angle_by_arctan2@u=[1,0],v=[2,0]:float64":
        "the angle between exactly parallel vectors: abs at its switch, a cone in u1 and v1, slopes 0 in u0 and v0",
    "formula:xlogy(p, p) + xlogy(1 - p, 1 - p)@p=5e-324:float64":
        "S1: a binary entropy by xlogy at the smallest subnormal: unstable, xlogy of the rounded 1 - p named",
}
KNOWN_WRONG = {}
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases30c, CHOSEN, KNOWN_WRONG, SYMPTOMS)
