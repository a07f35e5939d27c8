"""The seventy-seventh round (d) of user trials (tests/trials/cases77d.py): time-series forecasting on short series as
JAX (jax_lib77d), PyTorch (torch_lib77d), TensorFlow (tf_lib77d) and plain NumPy (np_lib77d) code writes it:
exponential smoothing and Holt's trend (loops, lax.scan, alpha through a sigmoid), AR(2) forecasts, roots and
stationary variance at the unit root, Box-Cox at lambda = 0, RMSLE, MAPE / sMAPE / MASE at zero actuals and a
constant training series, pinball losses at a zero residual, a Gaussian CRPS by erf, DeepAR's negative binomial and
a Student-t likelihood (lgamma at huge arguments), Tweedie and Poisson deviances at y = 0, seasonal undifferencing by
cumsum, windows normalised by their std. Here, cheap cases: the "safe" double-where Box-Cox at lambda = 0 (the
lambda slope sum (log y)^2 / 2 is cut to 0: wrong); (x - mean) / (std + 1e-8) at a constant window in JAX (sqrt'(0) *
0 = NaN where the slope is (w - mean w) / eps: wrong) and in PyTorch (x.std()'s backward masks std = 0: ok); the
negative binomial at a dispersion softplus(-30) (lgamma(y + 1/alpha) - lgamma(1/alpha) cancels: unstable); the CRPS at
sigma = softplus(-30) (z (2 Phi - 1) - z cancels in the rule: unstable); the AR(2) variance at the unit root (a pole:
domain); sMAPE guarded by where at y = f = 0 (a jump in that entry, the others keep their slopes: domain); SES with
alpha = sigmoid(40) (s (1 - s) = 0 in float64: unstable).
F1, mended: MASE with a constant training series, 1 / mean|diff(train)|: the interior entries train[1..4] were given
the exact slope 0, though moving any one of them alone gives 5 / (3 |t|), a pole; they are NaN now, as the end entries.
The whole set runs case by case through the CLI as tests/trials/run.py does (cases77d.ALL).
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases77d  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("jax")
pytest.importorskip("torch")
pytest.importorskip("tensorflow")

CHOSEN = {  # case id -> what it holds
    "jax_lib77d:boxcox_safe@y=[2.0,0.5,3.0],lam=0.0:float64":
        "Box-Cox by the 'safe' double where at lambda = 0: the program is one analytic function of lambda there "
        "(log y, and (y^lam - 1)/lam beside it), its lambda slope sum (log y)^2 / 2 = 1.084; the where cuts it to 0: "
        "wrong",
    "jax_lib77d:normalise_eps@x=[2.0,2.0,2.0,2.0,2.0,2.0]:float64":
        "sum(w (x - mean) / (jnp.std(x) + 1e-8)) at a constant window: differentiable, slope (w - mean w) / eps; "
        "jnp.std's rule is sqrt'(0) * 0 = NaN: wrong",
    "torch_lib77d:normalise_eps@x=[2.0,2.0,2.0,2.0,2.0,2.0]:float64":
        "the same with x.std() (Bessel's n - 1): PyTorch's std backward masks std = 0, so the gradient is the exact "
        "(w - mean w) / eps: ok",
    "jax_lib77d:negbin_nll@m=1.5,a=-30.0:float64":
        "DeepAR's negative binomial at alpha = softplus(-30) = 9.4e-14: gammaln(y + 1/alpha) - gammaln(1/alpha) "
        "cancels (a's slope -1.04e-12 computed -0.094): unstable",
    "jax_lib77d:crps_gaussian@mu=1.0,raw=-30.0:float64":
        "the Gaussian CRPS at sigma = softplus(-30): the rule's -z + z (2 Phi - 1) - 1/sqrt(pi) at z = 1.07e13 "
        "loses 5e-4 of raw's slope: unstable",
    "jax_lib77d:ar2_gamma0@phi=[1.5,-0.5]:float64":
        "the AR(2) stationary variance at the unit root phi1 + phi2 = 1: a pole in both coefficients: domain",
    "jax_lib77d:smape_where@f=[6.5,0.0,5.0],y=[7.0,0.0,6.0]:float64":
        "sMAPE with its 0/0 guarded by jnp.where at y = f = 0: entry 1 jumps between 0 and 2 (no derivative), the "
        "other entries keep their slopes: domain",
    "np_lib77d:mase@f=[6.5,8.5,5.0],train=[5.0,5.0,5.0,5.0,5.0,5.0]:float64":
        "MASE at a constant training series: every train entry alone moves the scale mean|diff(train)| off 0, a "
        "pole (F1, mended: the interior ones had the slope 0): domain, every train entry NaN",
    "jax_lib77d:ses_logit@theta=40.0:float64":
        "SES with alpha = sigmoid(40): 1 - s is 4.2e-18, 0 in float64, and the slope 2.1e-17 is computed 0: unstable",
}

KNOWN_WRONG = {}  # case id -> the finding, open
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases77d, CHOSEN, KNOWN_WRONG, SYMPTOMS)
