"""The thirty-fourth round of user trials, first part (tests/trials/cases34a.py): in JAX, Kimura's fixation
probability near neutrality (naive, by expm1, behind a where with its series), allele frequencies by lax.scan, the
Jukes-Cantor log-likelihood at short branches and its distance behind custom_jvp rules right and wrong, Kimura's
two-parameter model from a parameter tree, a fin's efficiency near and at mL = 0 (a where, a lax.cond series at its
switch), tunnelling through a thick barrier, a comoving distance by jnp.trapezoid and a flat universe's age near
Einstein-de Sitter, Gompertz-Makeham log survival (expm1, custom_jvp exprel rules right and wrong), excess-of-loss
reinsurance at a loss exactly at the retention, the Brillouin function near 0, a mean-field magnet by fori_loop, by
jax.grad inside and by lax.custom_root, the Fermi-Dirac integral by spence (whose JAX gradient is NaN for
1 < x <= 2), a k-out-of-n system by betainc, Value at Risk by ndtri and a truncated normal 30 sigmas out; in plain
NumPy and SciPy the same as legacy code writes them, with exprel, bdtrc, spence, binom.sf, norm.ppf, truncnorm and
the Kumaraswamy log-density near 1.

The whole set runs with ``python tests/trials/run.py lib34a``; here, a few cheap NumPy ones. Its fixed findings N1
(scipy.stats.norm.ppf and isf refused), N2 (scipy.stats.binom refused), N3 (--at naming a parameter with a default
said nothing of the default) and N4 (log(1 - u) offered no log1p fix) are tested in test_trial_findings34a.py.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases34a  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = [
    # a 3-out-of-5 system's reliability by scipy.stats.binom.sf (N2)
    "numpy_lib34a:k_out_of_n_stats@p=0.9:float64",
    # a temperature with a default named after --at: the message says the check keeps it (N3)
    "numpy_lib34a:magnetisation@h=0.1,temperature=0.5:float64",
    # log(1 - 4p/3) at p = 1e-9 loses the value's digits: named at its line, fixed by log1p(-u) (N4)
    "numpy_lib34a:jc_distance@p=1e-09:float64",
    # np.maximum at a claim exactly at the retention: no derivative
    "numpy_lib34a:excess_of_loss@retention=12:float64",
    # Value at Risk by scipy.stats.norm.ppf (N1)
    "numpy_lib34a:value_at_risk@alpha=0.01:float64",
]

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases34a, CHOSEN)
