"""The thirtieth round of user trials, first part (tests/trials/cases30a.py): in JAX, travel times through flat
layers and by shooting with Newton in a fori_loop, moment magnitudes, Manning's velocity at zero depth and behind
single and double wheres, Green-Ampt infiltration by a fixed-point loop and by custom_vjp implicit slopes (right and
forgetting the chain), an SEIR epidemic by an Euler scan (checkpointed, fitted from a parameter tree), R0 by a
characteristic polynomial, eigvals and power iteration at and near a double eigenvalue, 2PL and 3PL item response at
extreme ability, cumulative-logit categories whose sigmoids cancel, a custom_jvp test information, A-weighting whose
float32 quotient rule overflows, sound levels, Beer-Lambert absorbance, a Langmuir fit and van Genuchten's curve; in
plain NumPy and SciPy, the same as legacy code writes them (np.errstate, float() of a Newton step, an in-place masked
assignment, a fixed-point while loop, scipy.special.lambertw, an SEIR state array updated in place, a scalar
log-sigmoid branching on float(z), Python's max of a power and a floor, .item() of a printed loss).

The whole set runs with ``python tests/trials/run.py lib30a``; here, a few cheap NumPy ones. Its fixed classes W1 (a
where's risky local guarded at its assignment), W2 (a where apart from the helper that breaks, named at its line and
given its double where) and C1 (a cancellation between JAX slices named as the root cause) are tested in
test_trial_findings30a.py, and W2 here by its case.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases30a  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = [
    # W2: the where at its own line, the helper's power guarded through its argument, re-checked
    "numpy_lib30a:manning_wet_cells_where@depth=[-0.1,1]:float64",
    # dry cells left at 0 by an in-place masked assignment: no leak
    "numpy_lib30a:manning_wet_cells@depth=[-0.1,1]:float64",
    # a scalar log-sigmoid that branches on float(z): stable at an ability of 40
    "numpy_lib30a:irt_2pl_loglik@theta=40:float64",
    # |alpha h|^1.4 is flat at 0: the abs's kink is of no consequence
    "numpy_lib30a:van_genuchten@h=0:float64",
    # Python's max of the mean power and a floor, at silence: flat
    "numpy_lib30a:sound_level_floor@p=[0,0,0]:float64",
]

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases30a, CHOSEN)
