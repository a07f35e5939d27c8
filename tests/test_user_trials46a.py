"""The forty-sixth round (a) of user trials (tests/trials/cases46a.py): JAX code and plain NumPy/SciPy modules checked
unchanged, in rheology (Carreau-Yasuda at shear rates of 0, 1 and 1e300, and in float32 at 1e20, where (lam g)^2
overflows and the slope -7e-32 becomes 0, by powers, log1p and softplus in log space, under lax.cond, where the
plateau's 1000 and the model's limit 0.001 + fl(999.999) differ by 2.4e-14, a jump; the Cross model at rest;
Bingham-Papanastasiou by 1 - exp, -expm1, a double where with its series, lax.cond and a custom_jvp with
nondiff_argnums, right and with a slip; a power law g^(n - 1) at g = 0, n = 1; Carreau parameters as a NamedTuple),
phase transformations (Avrami at t = 0 and 1e-300, its linearisation at X = 1e-17, 1 - 2^-53 and 1, nucleation's
exp(-B / log(S)^2) at S = 1, where every derivative is 0 and JAX's is 0 * inf; log erfc beside log_ndtr; a mixing
entropy by xlogy / xlog1py), viscoelasticity (Prony series by lax.scan forward and reversed, under jax.checkpoint with a
policy and jax.jit with static_argnames, at tau = 1e-300 and 0; a Maxwell element as tau -> inf, by exp and expm1) and
room acoustics (Eyring by log and log1p at alpha = 1e-150, 1 - 2^-53 and 1; Sabine's; a room as a registered
dataclass, with a meta field; level sums at +-800 and 4000 dB beside logsumexp, and with b= weights, one of them 0,
where JAX's logsumexp masks the term and loses the weight's slope; point sources by vmap with in_axes None behind
one where, whose idle log10(0) leaks).

The whole set runs case by case through the CLI (python a scratch file, or as tests/trials/run.py does with
cases46a.ALL); here, the cases the CPU budget allows, among them the round's finding, mended: F1 (a coordinate whose
exact slope is finite but whose framework gradient is NaN at any precision was never judged when another coordinate
had no derivative: Eyring by log1p at alpha = 1 was `domain`, exit 0, with S's NaN unmentioned).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases46a  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "jax_lib46a:nucleation_rate@S=1:float64":
        "exp(-2 / log(S)^2) at S = 1: exp(-inf) = 0, the function's own limit, every derivative 0; JAX's 0 * inf: "
        "wrong at the line, exact slope 0",
    "jax_lib46a:carreau_yasuda@g=1e+20:float32":
        "Carreau-Yasuda in float32 at g = 1e20: (lam g)^2 overflows, the slope -7.0e-32 becomes 0: unstable",
    "jax_lib46a:papanastasiou_custom_bad@g=0.01:float64":
        "a custom_jvp with nondiff_argnums whose rule slips a sign in its expm1 regime: wrong, at the rule's def",
    "jax_lib46a:level_sum_weighted@L=[800,790,780],w=[1,0.5,0]:float32":
        "logsumexp with b= masks a zero weight's term: its slope 0.0414 is lost, wrong at the user's line",
    "jax_lib46a:carreau_fit_loss@carreau_args_all:float64":
        "a NamedTuple of parameters by --args, --wrt params: every leaf's slope to 1e-10",
    "jax_lib46a:eyring_log1p@alpha=1,V=200,S=150:float64":
        "F1: alpha has no derivative at 1, but S's slope is 0 and JAX's -0 * -inf is NaN at any precision: wrong",
    "numpy_lib46a:avrami_linear@X=1e-17:float64":
        "Avrami's log(-log(1 - X)) in plain NumPy at X = 1e-17: unstable at its line, np.log1p fix re-checked",
}

KNOWN_WRONG = {}
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases46a, CHOSEN, KNOWN_WRONG, SYMPTOMS)
