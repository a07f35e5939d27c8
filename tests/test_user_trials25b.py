"""The twenty-fifth round of user trials, second half (tests/trials/cases25b.py): in JAX optax-style losses written by
hand, the Gaussian CRPS, InfoNCE, wing and Welsch losses, multigammaln, rel_entr, a Poisson likelihood, Heron's and
Kahan's areas, a sinh-arcsinh flow, the DiCE magic box, a custom_jvp soft clip with nondiff_argnums, a searchsorted
calibration table, a velocity-Verlet oscillator and Bradley-Terry rankings; in plain NumPy a cut Lennard-Jones
cluster, Coulomb and gravity energies, triangle areas, angles by arccos and arctan2, a dihedral on its cut, a
perimeter, Black-Scholes by math.erf, implied volatility by Newton steps, Bachelier's price, Planck's spectrum, the
inverse softplus, relativistic kinetic energy, a running variance and total variations.

The whole set runs with ``python tests/trials/run.py jax_lib25b numpy_lib25b``; here, a few cheap ones (NumPy, and
JAX for the DiCE magic box), in the long mode (`make trials`). The findings' classes are tested in every run by
tests/test_trial_findings25b.py.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases25b  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = [
    # finding E1: math.erf on the value gradcli differentiates, in a plain NumPy module (an error verdict whose advice
    # named np.erf, which NumPy does not have, before math stood in)
    "numpy_lib25b:black_scholes_call@s=100:float64",
    # total variation at a tie: a kink in the two tied entries, the third's slope 1
    "numpy_lib25b:total_variation@x=[1,1,2]:float64",
    # Planck's spectrum in its tail form at 800 (every slope below float64's least subnormal) and at 1e-10
    "numpy_lib25b:planck_tail@x=[800,1e-10,3]:float64",
    # e^-1e-300 rounds to 1: log1p(-1)
    "numpy_lib25b:softplus_inverse_tail@y=[1e-300]:float64",
    # finding H1: c = 299792458.0 meets float32 data (v / c) and Python's float64 arithmetic first (c ** 2): the exact
    # reference multiplies by float32's rounding of float64's c ** 2, as the program does (slope 1000.0000344605)
    "numpy_lib25b:relativistic_kinetic@v=[1000]:float32",
    # finding R1: DiCE's magic box exp(logp - stop_gradient(logp)) is an estimator by design: wrong against the exact 0,
    # named at the stop form's line with what such a form is for, not at the caller's log_sigmoid line
    "jax_lib25b:dice_surrogate@theta=[0.5,-1]:float64",
]
test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases25b, CHOSEN)
