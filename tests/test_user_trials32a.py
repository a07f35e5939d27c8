"""The thirty-second round of user trials, first part (tests/trials/cases32a.py): in JAX, an SIR outbreak by lax.scan
(checkpointed under a policy), the final epidemic size by Newton in custom_vjp rules right and wrong and by
lax.custom_root near R0 = 1, a rate fitted from a parameter tree; Hodgkin-Huxley's rate at its removable singularity
(naive, single where, double where with a Taylor branch), FitzHugh-Nagumo by fori_loop; CRRA utility near log utility,
CES near Cobb-Douglas, Gini at ties, Theil with a zero income; sound pressure levels of 1e-170 Pa (naive, rescaled,
a held peak), A-weighting far out; Elo at a huge gap; neo-Hookean energy, its stress norm by jax.grad inside the
loss, Ogden, a volumetric energy at J -> 1; a one-pole IIR filter and its gain near the pole (also complex);
cumlogsumexp, glu, celu, log_softmax with where=, polyval near a triple root; in plain NumPy and SciPy the same as
legacy code writes them, and SciPy's special functions and distributions in far tails with np.trapezoid, np.interp,
np.convolve, np.cumsum and np.gradient.

The whole set runs with ``python tests/trials/run.py lib32a``; here, a few cheap NumPy ones. Its fixed finding F1 (a
fix's re-check labelled points to six digits, so points apart past the sixth shared one label) and its finding J1
(a wrong lax.custom_root tangent_solve found wrong but named at the solver's line) are tested in
test_trial_findings32a.py, the latter in-process: its trial here is run elsewhere.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases32a  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = [
    # a tie among incomes: |x1 - x2| is a kink in both, while the untied income keeps its slope
    "numpy_lib32a:gini@incomes=[1,2,2]:float64",
    # np.interp at a knot of its table: slopes 12 and -6
    "numpy_lib32a:interpolated_cost@x=1:float64",
    # 1 - exp(-3e-13): cancellation named at its line, expm1 re-checked
    "numpy_lib32a:cumulative_risk@h=[1e-13,2e-13]:float64",
    # SciPy's root finder, which gradcli does not replay: an input error naming it and the file
    "numpy_lib32a:final_size_brentq@r0=2.5:float64",
    # Phi(-40) underflows in log(norm.cdf(x)); the fix a tail function
    "numpy_lib32a:log_tail_naive@x=-40:float64",
]

# J1: tested in-process in test_trial_findings32a.py (a wrong tangent_solve named at its lambda)
RUN_ELSEWHERE = ["jax_lib32a:final_size_root_halved@r0=2.5:float64"]

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases32a, CHOSEN, run_elsewhere=RUN_ELSEWHERE)
