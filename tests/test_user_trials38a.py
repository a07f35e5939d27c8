"""The thirty-eighth round of user trials, first part (tests/trials/cases38a.py): in JAX, 2PL and 3PL items, a Rasch
test by jax.vmap and behind custom_jvp rules right and wrong, a 2PL test fitted from a parameter tree, Elo's and
Glicko's formulas; van der Waals' pressure, compressibility and fugacity, the molar volume by Newton in fori_loop and
behind custom_vjp rules right and wrong; Tsiolkovsky's delta-v, the propellant a delta-v takes, staged delta-v by
lax.scan, drag where the atmosphere underflows; Sersic profiles at their centre and behind lax.cond, their luminosity
by gammaln and the enclosed light by gammainc; Poisson regression by exp, poisson.logpmf and a softplus link; in plain
NumPy and SciPy the same as legacy code writes them.

The whole set runs with ``python tests/trials/run.py lib38a``; here, a few cheap NumPy ones, and the JAX one at a
Sersic disc's centre, where lax.cond takes a constant branch for a smooth function: the verdict ``wrong``, named at
the cond's line, not at that of b_n, a helper the branch calls.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases38a  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = [
    # a 3PL item with no guessing floor at an ability of -800: the floor's slope e^800 is beyond float64's range
    "numpy_lib38a:item_3pl@theta=-800,a=1,b=0,c=0:float64",
    # np.where guarding van der Waals' covolume, evaluated exactly at it: a pole, no slope
    "numpy_lib38a:vdw_pressure@V=0.04267,T=350:float64",
    # a Python if returning the centre's constant value of an exponential disc: its slope 0 is not -b e^b
    "numpy_lib38a:sersic_centre_guarded@R=0,n=1:float64",
    # the propellant a delta-v of 1e-12 takes by 1 - exp: the subtraction keeps no digit
    "numpy_lib38a:propellant_needed@dv=1e-12,wet=5000:float64",
    # lax.cond's constant branch at an exponential disc's centre: wrong, named at the cond's line, not at sersic_b's
    # inside the branch (tests/test_blame_branch_at_an_equality.py holds the class)
    "jax_lib38a:sersic_cond@R=0,n=1:float64",
]

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases38a, CHOSEN)
