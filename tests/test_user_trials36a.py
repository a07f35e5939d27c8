"""The thirty-sixth round of user trials, first part (tests/trials/cases36a.py): in JAX, a Rician envelope's
log-density by log(i0) and i0e, its mean by the Laguerre form, a Nakagami shape far out, custom_jvp log I0 rules
right and wrong, the generalised extreme value log-density near and at the Gumbel limit (naive, one where, a double
where, lax.cond), 100-year return levels, a GEV fitted from a parameter tree, Erlang B by lax.fori_loop, by powers
over factorials, by jax.scipy.stats.poisson and behind custom_vjp rules right and wrong, Lindley's queue by lax.scan
at a tie, Hill numbers near q = 1, Eyring's reverberation time and jax.nn's selu, celu, soft_sign and hard_tanh at
their switches; in plain NumPy and SciPy the same as legacy code writes them, with scipy.stats.rice and genextreme.

The whole set runs with ``python tests/trials/run.py lib36a``; here, a few cheap NumPy ones. Its fixed findings (N1:
scipy.stats.rice and genextreme refused; N2: a where on an integer condition lost its exact slope; N3: scipy.special's
expm1 and log1p refused; N4: entr on constants computed in float64 in the exact run) are tested in
test_trial_findings36a.py.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases36a  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = [
    # the GEV's CDF at the Gumbel limit, in the flood and the shape (N1)
    "numpy_lib36a:gev_cdf_stats@x=150,xi=0:float64",
    # a Rician likelihood by scipy.stats.rice where i0(800) would overflow (N1)
    "numpy_lib36a:rice_logpdf_stats@x=20,nu=40:float64",
    # a Python branch onto the Gumbel limit at xi == 0: the branch has no slope in xi where the density has
    "numpy_lib36a:gev_logpdf@xi=0:float64",
    # log(1 - 1e-10) keeps seven digits: named at its line
    "numpy_lib36a:eyring_time@alpha=1e-10:float64",
    # a Python branch onto exp(sum(entr(P))) at q == 1: its constants exact (N4), its missing slope in q found
    "numpy_lib36a:hill_number@q=1:float64",
]

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases36a, CHOSEN)
