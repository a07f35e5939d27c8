"""The forty-fourth round (a) of user trials (tests/trials/cases44a.py): JAX code and plain NumPy/SciPy modules checked
unchanged, in camera models and multi-view geometry (an equidistant fisheye's atan(r) / r at the axis and at 1e-300, by
sqrt, jnp.hypot and a double-where series; Brown-Conrady distortion by polyval and its inversion by Newton in fori_loop
and behind custom_vjp rules; a homography at and near its horizon; the Sampson error; a triangulation angle by arccos,
clip and arctan2; intrinsics in a NamedTuple by --args), quantitative finance (Hagan's SABR at and near the money, by
one where, a double where and jnp.piecewise; Black's implied volatility by Newton and custom_vjp rules; lax.cond in
vmap, jnp.select and jnp.clip at their switches) and generalized linear models (cloglog likelihoods and links, probit
by ndtri and log_ndtr, Tweedie, gamma and inverse-Gaussian deviances at y = 0 and 1e-300, xlog1py, betaln, Box-Cox).

The whole set runs case by case through the CLI as tests/trials/run.py does (cases44a.ALL); here, the cases the CPU
budget allows. What the round decided about its truths: a Python constant a JAX program multiplies into a float32
array is float32's (SABR's (1 - beta)^2 / 24); a removable singularity taken by its limit in the truth is
differentiated by an explicit central difference, not mpmath.diff's own step (1e-9 off there); gradcli.numpy's own
rules are the NumPy "framework" (its quotient rule never squares 1e-300, so NumPy's fisheye is ok where JAX's is not).

Findings (gradcli bugs), in cases44a's docstring: F1 (mended: each x.dot(y) in a plain NumPy module's function is
gradcli's dot where x is an array and y the differentiated value, tests/test_numpy_module_dot_method.py), a module-level NumPy array's method on the differentiated
value (H.dot(v), RAY1.dot(r2), F_MAT.T.dot(p2)) ends the check with status error and a TracedValueError naming
"np.asarray / np.array", which the user never wrote; H @ v and np.dot(H, v) are judged. F2 (words only): at
jax.scipy.special.zeta(0.5, 1), NaN as a primal while JAX's custom_jvp rule computes -1.46, gradcli's note blames
XLA's compilation for the two values (mended: the note names the differentiation rule where the function alone
agrees with the replay, tests/test_jax_value_by_the_rule.py).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases44a  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

ATM = "F=0.03,K=0.03,alpha=0.02,rho=-0.3,nu=0.4"

CHOSEN = {  # case id -> what it holds
    "jax_lib44a:fisheye_u_hypot@a=1e-300,b=0:float64":
        "jnp.hypot's own backward squares its larger argument (1e-600): unstable, named at hypot's line",
    f"jax_lib44a:sabr_vol_where@{ATM}:float64":
        "SABR's series behind one where at the money: the idle z / x(z)'s 0 / 0 leaks NaN, wrong at the where",
    f"jax_lib44a:sabr_vol_safe@{ATM}:float32":
        "the double where at the money in float32: the exact slope with the program's constants cast to float32",
    "jax_lib44a:beta_binomial_ll@a=1e-300,b=2:float64":
        "JAX's betaln differentiates its own correction series: d/db 1e-6 off, wrong at the user's line",
    "jax_lib44a:bernoulli_ll@mu=1,y=1:float64":
        "xlog1py(0, -mu) at mu = 1: JAX's rule is 0 * inf, wrong, the guarded xlog1py fix re-checked",
    "numpy_lib44a:boxcox_expm1@y=2,lam=1e-300:float64":
        "Box-Cox by expm1 at lambda 1e-300: the value holds, the quotient rule's slope in lambda cancels",
    "numpy_lib44a:sampson@x1=[0,0],x2=[2,1]:float64":
        "mended F1: F_MAT.dot(p1), a module array's method on the differentiated vector, is gradcli's dot: judged",
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases44a, CHOSEN)
