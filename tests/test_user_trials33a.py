"""The thirty-third round of user trials, first part (tests/trials/cases33a.py): in JAX, Vasicek's bond log price as
mean reversion fades, a Merton jump-diffusion call series, a Monte Carlo price from a fixed key; a weak acid's pH by
the quadratic formula and from its charge balance by Newton in a lax.while_loop under lax.custom_root (right, and with
its tangent solve read at pH 7) and unrolled by fori_loop; a Michaelis-Menten elasticity by jax.grad inside the loss;
a cure model's log survival, logsumexp with signed b=, the combined magnitude of faint stars, a Ricker population and
its rate fitted from a parameter tree, Theis' drawdown by exp1, gamma.logsf far out; in plain NumPy and SciPy the same
as legacy code writes them, with a forward curve by np.cumprod and np.searchsorted, a bond by np.einsum, a
minimum-variance portfolio by np.full, np.fill_diagonal and np.linalg.solve, and SciPy's genpareto and weibull_min
log survival functions.

The whole set runs with ``python tests/trials/run.py lib33a``; here, a few cheap NumPy ones. Its fixed findings N1 (an
underflowed weight that sent logsumexp down another path named no op), N2 (np.fill_diagonal on a traced array refused)
and N3 (np.full refused a traced fill, np.full_like dropped its gradient), and A1 (an audit worker left running a stuck
JAX call was given the next case) are tested in test_trial_findings33a.py. The charge balance's tangent solve read at the
wrong point is found wrong and named at the tangent solve's own line, as test_trial_findings32a.py tests for its class.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases33a  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = [
    # np.full with a traced fill and np.fill_diagonal written into it, then np.linalg.solve (N2, N3)
    "numpy_lib33a:min_variance@vols=[0.1,0.2,0.15],rho=0.3:float64",
    # logsumexp's weight expit(-800) underflows and its term is dropped: named at the expit line (N1)
    "numpy_lib33a:cure_log_survival@b=-800,k=2:float64",
    # np.searchsorted's interpolation at a knot of the curve: slopes -2 log(1.0125) and -log(1.03)
    "numpy_lib33a:log_discount@t=1:float64",
    # SciPy's generalised Pareto log survival at its exponential limit c = 0, analytic in c
    "numpy_lib33a:pareto_log_tail@x=3,c=0:float64",
]

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases33a, CHOSEN)
