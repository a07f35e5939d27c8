"""The forty-ninth round (b) of user trials (tests/trials/cases49b.py), JAX and plain NumPy / SciPy in observational
astronomy, paired comparisons, hydrology, audio and room acoustics. Here, cases the CPU budget allows: mu-law
companding at 0, smooth and odd there while sign' = 0 and sign(0) = 0 give slope 0 (wrong); Plackett-Luce by a reverse
lax.scan of logaddexp at [800, 0, -800, 400], whose first slope -1.9e-174 is a float64 number the scan rounds to 0
(unstable); JAX's spectral flatness at 1e200, whose quotient rule's AM^-2 underflows (unstable); an Eyring custom_vjp
that drops 1 / (1 - a), which no float64 gradient can tell at a = 1e-17 (ok); and scipy.stats.gmean, which gradcli
lacks (an input error naming it).
The whole set runs case by case through the CLI as tests/trials/run.py does (cases49b.ALL).
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases49b  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("jax")

CHOSEN = {  # case id -> what it holds
    "jax_lib49b:mu_law@x=0:float64":
        "sign(x) log1p(mu |x|) / log1p(mu) is smooth through 0 (slope 255 / ln 256 from both sides), but JAX's "
        "sign' = 0 and sign(0) = 0 give 0: wrong, not a kink",
    "jax_lib49b:pl_nll@s=[800,0,-800,400]:float64":
        "Plackett-Luce by a reverse lax.scan of logaddexp: the first slope -1.9e-174 is a float64 number the scan "
        "rounds to 0: unstable",
    "jax_lib49b:spectral_flatness@p=[1e200,2e200,4e200]:float64":
        "exp(mean(log p)) / mean(p): JAX's quotient rule forms mean(p)^-2 = 1.8e-401, which underflows: unstable",
    "jax_lib49b:eyring_rule_bad@alpha=1e-17:float64":
        "a custom_vjp that drops 1 / (1 - a) = 1 + 1e-17: no float64 gradient tells it from the right one: ok",
    "numpy_lib49b:spectral_flatness_gmean@p=[1,2,4]:float64":
        "scipy.stats.gmean, which gradcli lacks: an input error naming it",
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases49b, CHOSEN)
