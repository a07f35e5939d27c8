"""The fifty-first round (c) of user trials (tests/trials/cases51c.py): issue 27's classes on the stable
implementations libraries ship (TFP, Keras, PyTorch, JAX, SciPy) written against gradcli.numpy / gradcli.scipy and as
plain NumPy / SciPy, and on formulas. Here, cases the CPU budget allows: Keras' tanh GELU at -15, whose 1 + tanh u
cancels a slope of -7.7e-113 that float64 holds (unstable); TFP's log1mexp at 1e-300, whose idle log1p(-exp(-x)) is
log1p(-1), its slope 0/0 leaking through the one where (unstable, not wrong); a label-smoothed cross-entropy from
logits at -800, its labels summing to 1 + 2^-54 in float64 (ok); x log x behind a where whose switch is the point
1e-300 itself, a jump of 6.9e-298 (domain); and F1's formula x (1 + tanh x) at -80, mended (unstable).
The whole set runs case by case through the CLI as tests/trials/run.py does (cases51c.ALL).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases51c  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "gn_lib51c:gelu_tanh@x=-15:float64":
        "0.5 x (1 + tanh u) at u = -132: 1 + tanh u is 0 in float64, the slope -7.7e-113 a float64 number: unstable "
        "at the line",
    "gn_lib51c:log1mexp_tfp@x=1e-300:float64":
        "TFP's log1mexp: the idle log1p(-exp(-x)) is log1p(-1) in float64 only, its 0/0 slope leaks through the "
        "where: unstable, not wrong",
    "gn_lib51c:smoothed_cross_entropy@z=[-800,-800,-800]:float64":
        "-sum t log_softmax(z) with t = [0.9, 0.05, 0.05] as float64 holds them: slopes -t + (sum t) / 3, ok",
    "gn_lib51c:xlogx_guarded@x=1e-300:float64":
        "x log x above 1e-300 behind a double where, at the switch 1e-300 itself: a jump of 6.9e-298, domain",
    "formula:x*(1 + tanh(x))@x=-80:float64":
        "F1, mended: the rule's 1 + tanh(-80) = 3.6e-70 is lost at 60 digits, which the directed runs now see "
        "(tests/test_tanh_rounding_noise.py): the rule right, float64's 1 + tanh x cancelling, unstable",
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases51c, CHOSEN)
