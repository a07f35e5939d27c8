"""The forty-third round (a) of user trials (tests/trials/cases43a.py): JAX code and plain NumPy/SciPy modules checked
unchanged, in spiking neural networks (a Heaviside spike behind custom_jvp and custom_vjp surrogate gradients, judged
against the step's own derivative, 0 off its jump; leaky integrate-and-fire neurons by fori_loop, scan, lax.cond in
vmap and a while_loop, the reset through the surrogate or detached; a soft spike rate; log_softmax with where=;
escape noise by log_ndtr and erfcx, a spike train by xlogy of expit), petroleum engineering (Arps' decline as printed,
by log1p, by a where-guarded series and behind custom_jvp rules; its cumulative production near the harmonic b = 1;
Corey permeabilities clipped by jnp.clip; a choke by jnp.minimum; jnp.interp and jnp.diff of a production history; a
history match over a parameter tree; a tridiagonal solve and scipy.optimize.brentq, which gradcli cannot replay) and
chemical thermodynamics (Wilson's log(exp(-tau)), NRTL at infinite dilution by a sigmoid, Redlich-Kister by polyval,
a mixture's logsumexp with b=).

The whole set runs case by case through the CLI as tests/trials/run.py does (cases43a.ALL); here, the cases the CPU
budget allows. What the round decided about its truths: a surrogate gradient is, by design, not the derivative of
the spike; the truth is the derivative of the function the code computes (0 off the threshold, none on it), so a
surrogate rule is `wrong` at its def line (gradcli's wording could say it is a surrogate: F4 in cases43a's
docstring).

Findings (gradcli bugs), in cases43a's docstring, all mended in the same session: F1, a module constant read inside
a nested function (a fori_loop body reading CURRENT[t]) kept its float32 numbers in the float64 check; F2, the user's
float32 array handed to logsumexp as b= was held at its float64 meaning in the float32 check; F3, a spike's step that
rounding carried across its threshold was not named, the reset after it was; F4 (words), a surrogate rule is said to
be one.
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases43a  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "jax_lib43a:spike_count@v=[0.5,1.5]:float64":
        "a custom_jvp surrogate over a Heaviside step: wrong at the rule's def, the step's derivative 0",
    "jax_lib43a:arps_rate_series@b=0,Di=0.8:float64":
        "Arps' series guarded by a where: at b = 0 the idle log1p(0) / 0 leaks NaN; a double-where fix re-checked",
    "jax_lib43a:lif_cond_vmap@w=[3.3333333333333335,1]:float64":
        "lax.cond in vmap: w 0.3 rounds onto the threshold, the where that took the other side is named",
    "jax_lib43a:history_match@history_args_exponential:float64":
        "a parameter tree by --args at b = 1e-9: log1p(b D t) / b's slope in b cancels, named at the user's line",
    "jax_lib43a:pressure_step@k=0.5:float64":
        "lax.linalg.tridiagonal_solve, which gradcli cannot replay: an input error naming it and the line",
    "jax_lib43a:lif_fori_detached@w=[1,2,3]:float64":
        "F1: a float32 module array read inside a fori_loop's body is widened for the float64 check",
    "jax_lib43a:mixture_potential_lse@mu=[80,80.5,-80,3]:float32":
        "F2: the user's float32 array handed to logsumexp as b= is the user's, held in float32 by the reference",
    "numpy_lib43a:lif_final_potential@w=[3.3333333333333335,1]:float64":
        "F3: the cancellation v - 1 on the step's line is named, not the reset after the step took the other side",
}
KNOWN_WRONG = {}
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases43a, CHOSEN, KNOWN_WRONG,
                                                                                   SYMPTOMS)
