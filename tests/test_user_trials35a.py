"""The thirty-fifth round of user trials, first part (tests/trials/cases35a.py): in JAX, linear water waves (the
dispersion relation by Newton in a fori_loop, by lax.custom_root and behind custom_vjp implicit rules right and
wrong), Mercator's projection next to the pole and its inverse far north (log tan, asinh of tan, atanh of sin,
arctan of exp and of sinh, custom_jvp Gudermannians right and wrong, scale factors by jax.vmap of jax.grad), a
Butterworth magnitude where w^16 overflows, Chebyshev's T_5 by wheres of its trigonometric forms at and inside the
band edge and by its recurrence, a pendulum's period by the AGM up to the inverted position, the inverse Gaussian CDF
whose e^(2 lam) overflows, a skew-normal log-density by log(ndtr), jax.scipy.stats.wrapcauchy near rho = 1 and
laplace at its peak, Beverton-Holt recruitment by lax.scan from a parameter tree, Holling's type III response,
occupancy detection by log(1 - exp) and jax.nn.log1mexp, hard_swish's corners, sparse_plus's seams and Davies'
activity coefficient at zero ionic strength; in plain NumPy and SciPy the same as legacy code writes them, with
scipy.stats.invgauss, skewnorm and laplace.

The whole set runs with ``python tests/trials/run.py lib35a``; here, a few cheap NumPy ones. Its fixed finding N1
(scipy.stats.laplace, skewnorm and invgauss refused) is tested in test_trial_findings35a.py.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases35a  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = [
    # a gust's Laplace likelihood exactly at its location: a kink (N1)
    "numpy_lib35a:gust_loglik@loc=12:float64",
    # the inverse Gaussian CDF by scipy.stats.invgauss (N1)
    "numpy_lib35a:wald_cdf_stats@x=1,lam=2:float64",
    # a Python branch onto cos(5 arccos x) at the band edge: sin(0) times arccos' infinite slope
    "numpy_lib35a:chebyshev_t5_branch@x=1:float64",
    # 1 - e^-1e-10 keeps seven digits: named at its line
    "numpy_lib35a:log_detection@rate=5e-11:float64",
]

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases35a, CHOSEN)
