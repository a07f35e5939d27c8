"""The twenty-first round of user trials, first half (tests/trials/cases21a.py): flax-style layers in jax.numpy (RMSNorm,
rotary embeddings, causal attention masked by -inf and by softmax's where=, ALiBi), jax.scipy.stats log-densities,
slogdet and eigenvalues at a tie, jnp.interp/clip/nan_to_num, custom_jvp rules with nondiff_argnums and an HMM by
lax.scan in JAX; a Beta log-density by betaln, logistic losses by expit and log_expit, logsumexp with signed weights,
gammaincc's tail, trigamma, zeta, Black-Scholes, log-returns, Planck's law, haversine distances, a polynomial at its
multiple root, np.linalg.norm's orders and np.convolve in plain NumPy and SciPy.

The whole set runs with ``python tests/trials/run.py jax_lib21a numpy_lib21a``; here, a few cheap ones (NumPy alone).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases21a  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = [
    # finding F1: a module importing scipy.special's log_expit was offered -np.logaddexp(0, -u), not log_expit(u)
    "numpy_lib21a:logistic_nll_naive@w=[-800,0]:float64",
    # the expanded (x - 1)^5 at its root: integer sums, the slope exactly 0
    "numpy_lib21a:poly_expanded@x=[1]:float64",
    # finding Z1: scipy.special.zeta(s) with q omitted (Riemann's, continued left of 1) raised an internal ValueError,
    # and zeta had no slope in s; test_special_integrals.py holds the class
    "numpy_lib21a:zeta_sum@s=[0]:float64",
    # a tie in the infinity norm is a kink; the untied entry keeps its slope 0
    "numpy_lib21a:max_norm@x=[3,-3,1]:float64",
    # finding E1: the sum of squared eigenvalues at a repeated eigenvalue (the identity) had no reference ("not
    # proven 0"): the eigenvalues are proven equal and their slopes meet only in their sum, so the off-diagonal 0
    # is proven (JAX's eigh the same: tests/test_eigen57_jax.py)
    "numpy_lib21a:eigen_energy@a=[[1,0],[0,1]]:float64",
]


test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases21a, CHOSEN)
