"""The fiftieth round (b) of user trials (tests/trials/cases50b.py), JAX and plain NumPy / SciPy in dark-matter halos
(NFW), radiotherapy, dielectric relaxation, Bayesian count models, quantum tunnelling and Matern kernels. Here, cases
the CPU budget allows: the Debye loss peak as 1 / cosh at x = 400, whose quotient rule's cosh^-2 underflows
(unstable); an NFW lensing function whose double where guards x = 1 but whose inner single where leaks arctanh's NaN
at x = 3 (wrong, at that line); Poisson tumour control whose survival fraction e^-720 XLA reads as 0 (unstable, at
the line that reads it); a log-sinh custom_jvp with tanh for coth, invisible at k a = 400 (ok); and a multinomial by
scipy's xlogy of a softmax that underflows, right in NumPy (ok).
The whole set runs case by case through the CLI as tests/trials/run.py does (cases50b.ALL).
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases50b  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("jax")

CHOSEN = {  # case id -> what it holds
    "jax_lib50b:debye_loss_cosh@logw=400,logtau=0:float64":
        "D / (2 cosh x) at x = 400: JAX's quotient rule forms cosh^-2 = 1.4e-347, which underflows, so the slope "
        "-1.4e-172 comes out 0: unstable",
    "jax_lib50b:nfw_lens@x=3:float32":
        "a double where guards x = 1, but the inner single where's idle arctanh(sqrt 8) is NaN and leaks: wrong, "
        "at that where's line",
    "jax_lib50b:tcp_naive@dose=2000,log_n0=690:float64":
        "exp(-N0 SF) with SF = e^-720 subnormal: XLA reads it as 0 at the product, the slopes 3.4e-14 and -9.4e-14 "
        "are lost: unstable, named at the line that read it",
    "jax_lib50b:barrier_log_T_rule_bad@E=9,a=400:float64":
        "a custom_jvp of log sinh with tanh for coth: at k a = 400 the two differ by 10^-347, no float64 gradient "
        "tells them apart: ok",
    "numpy_lib50b:multinomial_ll_naive@logits=[0,-800,1]:float64":
        "xlogy(0, softmax) where softmax underflows to 0: gradcli.scipy's xlogy rule is 0 at x = 0, and the lost "
        "slope 10^-348 is no float64 number: ok",
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases50b, CHOSEN)
