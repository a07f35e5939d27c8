"""The forty-first round (a) of user trials (tests/trials/cases41a.py): JAX code and plain NumPy/SciPy modules checked
unchanged, in football analytics (Dixon-Coles by jax.scipy.stats.poisson, a season's likelihood from a nested dict
of team strengths, log1mexp behind custom_jvp rules with nondiff_argnums), econometrics (Heckman's inverse Mills
ratio, ordered probit and logit, a Student-t robust loss behind custom_vjp rules with right and wrong residuals, a
group lasso by jnp.linalg.norm), reaction-time models (ex-Gaussian by ndtr, log_ndtr and erfcx; the shifted Wald;
an attention HMM by lax.scan in probability and log space), a Kalman filter over a NamedTuple with slogdet and
solve, a Riccati recursion in fori_loop, and jax.scipy.stats / special tails (gamma.logcdf, beta.logcdf, betabinom,
betaln, entr at subnormals; scipy.special.ndtri, erfcx, betaln, gammaln; scipy.stats.exponnorm, which gradcli lacks).

The whole set runs case by case through the CLI as tests/trials/run.py does (cases41a.ALL); here, the cases the CPU
budget allows. What the round taught about its own truths: a JAX module's jnp.array made at import with x64 off and
handed back by an --args function is float32 data in the float64 check too (gradcli notes it); at the ordered
probit's centre the slope is a proven 0; NumPy's and JAX's norms both overflow at 1e200.

Findings (gradcli bugs), mended in the same session and held here as chosen cases:
F1 jax.scipy.special.betaln was replayed step by step, so the exact reference was JAX's own approximation (its
   b >= 8 branch, 1e-7 off log B): at (4, 8) the smooth log B was called `domain` ("jumps here in b at its switch
   less"), its exact d/da 1.7e-7 off psi(4) - psi(12). Its steps are now one call replayed as gradcli's betaln
   (jax_ops.LIBRARY_JITS): the exact reference is log B, and JAX's gradient, its series' slope, is `wrong` beside it,
   as JAX's spence is (tests/test_trial_findings41.py).
F2 a custom_jvp rule's own 1 / (exp(x) - 1) = 1/0 at x = 1e-20 was explained as a where leak of the primal (never
   differentiated under a custom rule), with the advice to guard the branch by a double where, and the rule's
   cancellation exp(1e-20) - 1 = 0 was named nowhere. A where no step of the framework's backward differentiates
   leaks nothing now, and the rule's cancellation is named at its line (tests/test_trial_findings41.py).
"""

import json
import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases41a  # noqa: E402

from test_user_trials import _run, round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "jax_lib41a:scores_at_all_slipped@lam=2:float64":
        "a custom_jvp rule with its switch in nondiff_argnums and its sign slipped: wrong at the rule's line",
    "jax_lib41a:t_loss_abs@r=-3,scale=2:float64":
        "a custom_vjp saving |z| as its residual for z: wrong at its backward's line, at a negative residual only",
    "jax_lib41a:ordered_probit_middle@eta=0.5:float32":
        "midway between the cuts phi(-0.5) - phi(0.5) = 0: float32's 9.4e-9 passes against a proven 0",
    "jax_lib41a:dixon_coles_00@log_home=-800,log_away=0.1,rho=-0.1:float64":
        "poisson.logpmf(0, e^-800): the rate underflows and xlogy's rule divides 0 by 0: unstable at the exp's line",
    "numpy_lib41a:exgauss_scipy@x=0.1,mu=0.5,sigma=0.01,tau=0.3:float64":
        "scipy.stats.exponnorm, which gradcli.scipy lacks: an input error naming it and its line",
}
BETALN = "jax_lib41a:beta_prior_norm@a=4,b=8:float64"
BETA_PDF = "jax_lib41a:shooting_percentage@x=0.6,a=4,b=9:float64"
CHOSEN[BETALN] = "F1: JAX's betaln judged against log B, not its series: wrong, d/da psi(4) - psi(12) to 1e-10"
CHOSEN[BETA_PDF] = "F1: beta.logpdf's betaln the same: wrong, d/da log x - psi(4) + psi(13)"
KNOWN_WRONG = {}
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases41a, CHOSEN, KNOWN_WRONG,
                                                                                   SYMPTOMS)


def test_a_custom_rules_own_cancellation_is_not_told_as_a_where_leak():
    """F2: the primal's where is never differentiated under the rule; the rule's exp(x) - 1 = 0 is the cause."""
    case = {c.id: c for c in cases41a.ALL}["jax_lib41a:scores_at_all_textbook@lam=1e-20:float64"]
    code, out, err = _run(case)
    findings = json.loads(out)["results"][0]["findings"]
    assert not any("leaks through" in (f.get("message") or "") for f in findings), findings
    assert any(f["kind"] == "cancellation" and f["phase"] == "backward"
               and "cancelled to exactly 0.0" in f["message"] for f in findings), findings
