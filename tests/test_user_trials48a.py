"""The forty-eighth round (a) of user trials (tests/trials/cases48a.py), JAX and plain NumPy / SciPy in
pharmacokinetics, astrophysics, queueing, optics, population genetics, actuarial mortality and psychometrics. Here,
cases the CPU budget allows: Fresnel's reflectance at float64's 2/3, where 1.5 s rounds to 1 and sqrt(0) leaves a
slope of 5e8 (unstable), float32's 2/3 beyond the critical angle behind a double where (ok, slope 0), the
total-internal-reflection where whose idle sqrt leaks NaN (wrong, the double where re-checked), Planck's Wien tail
in float32 at x = 100, where XLA flushes the subnormal e^-100 (unstable), Kimura's fixation by an exprel custom_jvp
whose series slope is slipped (wrong at its rule), a Gompertz limit put in by where(c == 0, ...) behind a double where
(flat in c where the slope is b x^2 / 2: wrong), NumPy's 2PL by expit at -800 (unstable), SciPy's wrightomega
(an input error naming it) and JAX's 2PL at -800, whose log_sigmoid fix is re-checked with the module's jnp.array
constants as the float64 run holds them.
The whole set runs case by case through the CLI as tests/trials/run.py does (cases48a.ALL).
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases48a  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("jax")

CHOSEN = {  # case id -> what it holds
    "jax_lib48a:fresnel_rs@s=0.6666666666666666:float64":
        "fl(2/3) is below the critical sine, but 1.5 s rounds to 1: sqrt(0)'s infinite slope for an exact 5e8: unstable",
    "jax_lib48a:fresnel_tir_safe@s=0.6666667:float32":
        "float32's 2/3 is beyond the critical angle: R = 1 around it, slope 0, as the double where computes: ok",
    "jax_lib48a:fresnel_tir@s=0.8:float64":
        "total internal reflection by one where: the idle sqrt of a negative number leaks NaN: wrong, a re-checked "
        "double where",
    "jax_lib48a:planck_wien@x=100:float32":
        "x^3 e^-x in float32: e^-100 is subnormal and XLA flushes it, the normal 3.7e-38 lost: unstable",
    "jax_lib48a:fixation_exprel_bad@s=1e-07:float64":
        "an exprel custom_jvp whose series slope x/3 is written x/6: wrong, at its rule",
    "jax_lib48a:gompertz_nll_limit_safe@log_b=-10,c=0:float64":
        "the limit b x put in by where(c == 0, ...) behind a double where is flat in c at the one point where the "
        "integrated hazard's slope is b x^2 / 2: wrong",
    "numpy_lib48a:irt2pl_nll@theta=-800:float64":
        "expit(-958.8) underflows to 0 and log(0): unstable, named at the expit line's log",
    "numpy_lib48a:irt2pl_nll_bad_lib@theta=1:float64":
        "scipy.special.wrightomega, which gradcli lacks: an input error naming it and the file",
    "jax_lib48a:irt2pl_nll@theta=-800:float64":
        "sigmoid(-958.8) underflows and log(0) follows: unstable; the log_sigmoid rewrite re-checked with the "
        "module's jnp.array constants in float64, as the original's are",
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases48a, CHOSEN)
