"""The twenty-ninth round of user trials, first part (tests/trials/cases29a.py): in JAX, Lotka-Volterra by Euler
scans (its rates, a log-scale fit by --args and --wrt path, a rematerialized step), smooth minima (exponential,
logaddexp, Quilez's polynomial at its junction, custom_jvp softmin weights right, swapped and with a static blend,
a lax.cond), a capsule's signed distance off, on and at the end of its axis and by vmap over a point cloud,
Butler-Volmer's log current near equilibrium and at 40 V, a bond's yield by Newton in a fori_loop, a while_loop
and lax.custom_root with implicit slopes (right, sign slipped, taken at a loosely solved yield), the modified duration
by jax.grad inside the loss, realized volatility and drawdowns on flat paths, a B-spline by lax.switch at its knots,
a projectile with drag, Freundlich's isotherm behind single, double and vmapped-cond wheres, mixed-precision
bfloat16 activations, a fixed dropout mask, hazards by cumsum and cumlogsumexp, weighted logsumexp smooth minima,
discounted returns by a reverse scan, masked attention and medians at ties; in plain NumPy and SciPy, the same
ecology by a loop and by scipy.integrate.odeint over a closure, the capsule, Butler-Volmer, Newton in a while loop,
brentq, B-splines, Tukey's biweight by np.piecewise and np.select, float32 features in a float64 check, value at
risk and expected shortfall by np.percentile, correlations, moving averages, log_softmax, np.gradient, a shader's
distance by math.hypot, a gamma likelihood by math.gamma and an Arrhenius fit by scipy.stats.linregress.

The whole set runs with ``python tests/trials/run.py lib29a``; here, a few cheap NumPy ones. Its fixed classes, O1
(odeint over a closure of the differentiated value: an input error at the call, naming the variable), B1 (a JAX
cast to bfloat16 replayed as the cast it is, named at its line), M1 (math.hypot of any number of coordinates,
math.gamma and math's tests of a number in a NumPy module) and S1 (scipy.stats.linregress), are tested in
test_trial_findings29a.py; F1 (float() of a value in a NumPy module for a print or a decision, followed as that value)
in test_numpyreads64.py, and its two cases here.
These trials run in the long mode (`make trials`, `pytest --long`); the finding classes run in every run.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases29a  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = [
    # O1: odeint's right-hand side closes over alpha, the value differentiated: an input error at the call's line
    "numpy_lib29a:lv_prey_odeint@alpha=1.1:float64",
    # on the capsule's axis: a cone across it (no derivative), flat along it (0)
    "numpy_lib29a:capsule_sdf@p=[0,0,0.5]:float64",
    # |x| and sign at 0 are kinks of no consequence where max(|x| - 0.5, 0) is 0 all around
    "numpy_lib29a:soft_threshold@x=[0,0.3,-2]:float64",
    # 1 + 1e-10 keeps 6 digits of the return: the log's value is lost, its slope is not
    "numpy_lib29a:log_wealth@returns=[1e-10,2e-10]:float64",
    # np.piecewise at the biweight's cutoff, where its pieces meet flat
    "numpy_lib29a:biweight_piecewise@r=[4.685,-4.685]:float64",
    # M1: math.hypot of three coordinates
    "numpy_lib29a:capsule_sdf_scalar@x=0.6,y=0.8,z=0.5:float64",
    # S1: the Arrhenius plot's slope by scipy.stats.linregress
    "numpy_lib29a:activation_energy@log_k=[-10,-8.5,-7.2,-6,-5.1]:float64",
    # F1: float() of the volatility for a print, and of the variance for the cap's decision, below the cap
    "numpy_lib29a:realized_vol_logged@prices=[100,101,99.5,100.2]:float64",
    "numpy_lib29a:capped_variance@returns=[0.01,-0.02,0.015]:float64",
]

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases29a, CHOSEN)
