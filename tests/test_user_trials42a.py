"""The forty-second round (a) of user trials (tests/trials/cases42a.py): JAX code and plain NumPy/SciPy modules checked
unchanged, in photon counting (a paralyzable counter's dead time, Cash's statistic with empty channels by a where, by
xlogy(k, k / mu) and split, a click probability behind custom_jvp rules, a pile-up fraction behind defjvps rules, an
afterglow by a checkpointed rate under vmap), astronomy (the Schechter function as printed and in log space, behind
custom_vjp rules), wildlife ecology (a Cormack-Jolly-Seber likelihood by a reversed lax.scan and vmap from a parameter
tree, hazard-rate detection, a camera-trap classifier with gelu, einsum, one_hot and label smoothing), hydrology (SCS
runoff at its abstraction by where and lax.cond, snowmelt by lax.switch, a levee's overtopping by cumprod and by
cumsum of log_sigmoid, optax's huber_loss, least trimmed squares by sort, a rating curve behind custom_vjp rules) and
structural dynamics (eigvalsh at a repeated eigenvalue, solve, slogdet, cholesky, inv and det of a spring chain and
a three-storey building); jax.nn's gelu, sparse_plus and relu6; jax.random.gamma, which gradcli cannot replay.

The whole set runs case by case through the CLI as tests/trials/run.py does (cases42a.ALL); here, the cases the CPU
budget allows. What the round taught about its own truths: jax.nn.gelu's constants are the library's, the mathematics
it means in every dtype, so its float32 truth takes sqrt(0.5) and sqrt(2 / pi) in float64; the user's own constants
are the dtype's.

Findings (gradcli bugs): F2, F3, F4 and F5 were mended in the same session (tests/test_trial_findings42.py); the
storey's slogdet at k1 = 1e-300, whose absorbed k1 is now named at the matrix's line (F5), is a chosen case.
F1 (message only: JAX's slogdet of a nearly singular 2x2 is explained by a note blaming XLA's exp folding, and of a
singular 3x3 by the log of its 0 pivot alone) moves no verdict and no line; it is in cases42a's docstring.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases42a  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "jax_lib42a:cash_xlogy@log_norm=1,index=1.5:float64":
        "xlogy(k, k / mu) at empty channels: JAX's rule's x / y is 0 / 0 at any precision: wrong, an xlogy guard fix",
    "jax_lib42a:huber_residuals@r=[0,1,-1,2.5]:float64":
        "optax's huber_loss at 0 and at delta: kinks of |r| and minimum(|r|, delta) that cancel: ok, [0, 1, -1, 1]",
    "jax_lib42a:snowmelt@T=10,ddf=3:float64":
        "lax.switch at the melt cap: a kink in T (no derivative), ddf's slope 10 on both sides: domain",
    "jax_lib42a:gelu_tanh@x=-5:float32":
        "jax.nn.gelu(approximate=True) in float32: 1 + tanh cancels at the user's line; the library's constants in float64",
    "jax_lib42a:cjs_nll@cjs_shy_args:float64":
        "a CJS likelihood by a reversed scan and vmap from an --args tree: sigmoid(-800) underflows, log_sigmoid offered",
    "numpy_lib42a:storey_logdet@k1=1e-300,k2=1,k3=1:float64":
        "F5: k1 + k2 absorbs k1 at the matrix's line, named there before slogdet's -inf at a matrix singular in float64",
}
KNOWN_WRONG = {}
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases42a, CHOSEN, KNOWN_WRONG,
                                                                                   SYMPTOMS)
