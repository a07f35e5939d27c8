"""The eighty-ninth round (d) of user trials (tests/trials/cases89d.py): option pricing and risk differentiated for
Greeks, as JAX (jax_lib89d), PyTorch (torch_lib89d), TensorFlow (tf_lib89d) and plain NumPy (np_lib89d) code writes it:
Black-Scholes with the normal CDF spelled each framework's way (jax.scipy.stats.norm.cdf, torch.special.ndtr,
0.5 * erfc(-x / sqrt(2)), scipy.special.erf) at ordinary points, at the money, at expiry (0 / 0 and +-inf), at sigma =
0 and deep out of the money (the put by cdf(-d) and by 1 - cdf(d)); Bachelier's model at t = 0; Hagan's SABR volatility
at the money (z / x(z) = 0 / 0) and guarded by where; Black's implied variance by Newton's method under a custom rule
(custom_vjp, autograd.Function, tf.custom_gradient; right, and with sqrt(T) forgotten in the vega); a digital smoothed
by a sigmoid at eps = 0; a barrier's survival probability at the barrier; expected shortfall by sorting (ties) and by
a softplus relaxation; realized variance with a zero price; the Kelly growth rate by log(1 + f r) and log1p; float64
and float32.

Chosen here, cheap cases: JAX's delta at expiry in the money (d1 = +inf: the price is s - k, its slope 1; the chain
rule's 0 * inf gives NaN: wrong); its put by 1 - norm.cdf(d) deep out of the money (unstable); its SABR volatility at
the money guarded by jnp.where (the untaken z / x's backward 0 / 0 leaks NaN: wrong); its expected shortfall at a tie
of the 2nd and 3rd worst losses (domain); its implied variance with sqrt(T)
forgotten in the custom_vjp's vega (wrong, at the rule); NumPy's hand-written sigmoid digital far from the strike
(exp overflows: NaN slope: unstable); NumPy's realized variance with a zero price (domain); PyTorch's call deep out
of the money in float64 (torch.special.ndtr(-10.44) is 0.5 * (1 + erf) = 0 where N(d1) = 8.5e-26: unstable).
No finding is open from this round (cases89d says what agreed and which of my truths were corrected).
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases89d  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("jax")
pytest.importorskip("torch")
pytest.importorskip("tensorflow")

CHOSEN = {  # case id -> what it holds
    "jax_lib89d:bs_call@s=110.0,k=100.0,sigma=0.2,t=0.0:float64":
        "the delta at expiry in the money (--wrt s): d1 = log(1.1) / 0 = +inf, the price s - k, its slope 1; the "
        "chain rule's pdf(inf) * (1 / 0) = 0 * inf gives NaN: wrong",
    "jax_lib89d:bs_put_one_minus@s=100.0,k=30.0,sigma=0.2,t=1.0:float64":
        "the put by 1 - norm.cdf(d) deep out of the money: N(-d2) = 3.4e-10 from 1 - 0.99999999966: unstable",
    "jax_lib89d:sabr_vol_guarded@f=0.03,k=0.03,alpha=0.035,beta=0.5,rho=-0.3,nu=0.4:float64":
        "Hagan's SABR at the money, z / x(z) guarded by jnp.where(|z| < 1e-7, 1, z / x): the untaken branch's "
        "backward 0 / 0 leaks NaN into the prefactor's finite slopes: wrong",
    "jax_lib89d:expected_shortfall@losses=[1.0,5.0,4.0,4.0,2.0]:float64":
        "the mean of the worst two by jnp.sort, the 2nd and 3rd worst tied: the kept set changes, slopes 1/2 or 0: "
        "domain",
    "torch_lib89d:bs_call@s=100.0,k=300.0,sigma=0.1,t=1.0:float64":
        "the call deep out of the money, d1 = -10.44: torch.special.ndtr is 0.5 * (1 + erf) there, 0 where N(d1) = "
        "8.5e-26: the value 0, delta 5e-29: unstable",
    "jax_lib89d:implied_var_bad@price=8.0,f=100.0:float64":
        "Black's implied variance by Newton under a custom_vjp whose vega forgets sqrt(T): slopes off by sqrt(2): "
        "wrong, at the rule",
    "np_lib89d:digital@s=99.0,eps=0.001:float64":
        "a digital smoothed by 1 / (1 + exp(-(s - K) / eps)) 1000 eps below the strike: exp(1000) overflows, the "
        "slope inf / inf = NaN where it is 1e-431: unstable",
    "np_lib89d:realized_var@prices=[100.0,0.0,99.0,102.0]:float64":
        "the sum of squared log-returns with a zero price: log(0 / 100) ** 2 = +inf: domain (the last price, in a "
        "finite term only, keeps its slope)",
}

KNOWN_WRONG = {}  # case id -> the finding, open
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases89d, CHOSEN, KNOWN_WRONG, SYMPTOMS)
