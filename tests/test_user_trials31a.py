"""The thirty-first round of user trials, first part (tests/trials/cases31a.py): in JAX, saturation vapour pressure
by Magnus and Clausius-Clapeyron (to 5 K and 0 K), a dew point, Stefan-Boltzmann's effective temperature of a zero
flux, growing degree days by jnp.maximum and a vmapped lax.cond at a day at the base, an energy-balance model by
lax.scan (checkpointed, vmapped), a boiling point by Newton in a custom_vjp right and with a dropped factor, a
two-link arm's kinematics, elbow angle (arccos of a clipped cosine, atan2 of factored roots, a "safe" arccos
custom_jvp), manipulability at a singular pose and a reach error from a NamedTuple by --args; expm discretisation,
LQR's Riccati iteration and a gain fitted from a parameter tree; Planck's law three ways, faint magnitudes with a
floor, a weak acid's pH, Nelson-Siegel yields at a tiny maturity and a softplus flow's log |det| behind single and
double wheres and custom_jvp rules; in plain NumPy and SciPy the same as legacy code writes them (a loop branching on
float() of each day, a history array updated in place, a helper module's rotation, scipy.linalg.expm, a Riccati loop
stopping on .item(), solve_discrete_are, np.errstate, Python's max as a floor, np.roots, loadings filled in place).

The whole set runs with ``python tests/trials/run.py lib31a``; here, a few cheap NumPy ones. Its fixed classes K1 (a
root of a radicand 0 but for rounding tested for its kink) and K2 (a coordinate with no number on either side has
no derivative) are tested in test_trial_findings31a.py; N1 (where a cancellation amplifies the error an earlier one
made, the earlier one is named, expm1 offered at its line) here by its Nelson-Siegel curve and in
test_rootcause66_numpy.py.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases31a  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = [
    # a Python branch on float(day) at a day exactly at the base: a kink all the same
    "numpy_lib31a:growing_degree_days@t=[12,10,15]:float64",
    # the textbook root of the pH quadratic at 1e-14 mol/L: cancellation named at its line
    "numpy_lib31a:weak_acid_ph@conc=1e-14:float64",
    # the other root form there: stable
    "numpy_lib31a:weak_acid_ph_stable@conc=1e-14:float64",
    # Python's max as a flux floor at a non-detection: flat
    "numpy_lib31a:magnitude_floor@flux=0:float64",
    # SciPy's Riccati solver, which gradcli does not replay: an input error naming it and its line
    "numpy_lib31a:lqr_cost_scipy@r=0.5:float64",
    # slope - exp(-x) amplifies what 1 - exp(-x) lost a line before at a tiny maturity: that first cancellation named
    "numpy_lib31a:nelson_siegel_curve@taus=[1e-09,2,10]:float64",
]

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases31a, CHOSEN)
