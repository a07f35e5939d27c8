"""The forty-fifth round (a) of user trials (tests/trials/cases45a.py): JAX code and plain NumPy/SciPy modules checked
unchanged, in astrodynamics (the Stumpff functions c2 and c3 at z = 0, 1e-300, 1e-8 and negative z, as printed, behind
poliastro's one where per regime, behind a double where with their series, by jnp.sinc and under vmap; Kepler's
equation by Newton in lax.fori_loop, lax.scan, a jitted loop with static_argnums and jax.checkpoint, lax.custom_root
and custom_vjp rules, right and with slips; the hyperbolic anomaly by arccosh at periapsis; vis-viva at e = 1; an orbit
as a registered dataclass), seismology (Omori-Utsu's count at and near p = 1, its likelihood from a nested dict by
--args; a truncated Gutenberg-Richter likelihood at b = 1e-10; detection by log(sigmoid) and log_sigmoid; log10 of a
zero amplitude; relu and softplus) and copulas (Clayton's CDF near independence and log density at u = 1e-300 by
powers and by logsumexp with b= and return_sign; Frank's by exp and expm1 near theta = 0; Gumbel's at theta = 1; a
mixture from a nested dict), with a Butler-Volmer overpotential by arcsinh at a ratio of 5e299.

The whole set runs case by case through the CLI as tests/trials/run.py does (cases45a.ALL); here, the cases the CPU
budget allows, and the round's findings, all mended, by a case each: F1
(frank_logpdf: gradcli named line 307's 1 - e^-(theta u) as where "the digits were lost here first", while the digits
the result loses are line 306's 1 - e^-theta; an error handed on through a sum is now followed back by the operand
whose absolute error reaches it, tests/test_provenance_entries_and_origins.py), F3 (a dataclass registered by
jax.tree_util.register_dataclass, a JAX pytree, was no tree to gradcli; dataclasses are trees now,
tests/test_dataclass_trees.py), F4 (jax.scipy.special.entr at 0: exact slope NaN, where the same entropy by
-xlogy(p, p) gets +inf; a side of one infinity beside a finite side is outside the domain,
tests/test_extended_valued_sides.py), F2 (a lax.custom_root whose tangent_solve is the identity `lambda g, y: y` was
blamed on "jax.numpy.cos"'s built-in rule inside the solver JAX never differentiates; the lines a custom call's primal
runs alone are now judged as that call, tests/test_custom_root_rule_named.py).
"""

import os
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases45a  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

CHOSEN = {  # case id -> what it holds
    "jax_lib45a:stumpff_c2_where@z=1:float64":
        "poliastro's one where per regime: the idle cosh branch's sqrt(-z) is NaN and leaks: wrong at its line",
    "jax_lib45a:stumpff_c2_sinc@z=1e-300:float64":
        "jnp.sinc's quotient rule at pi x = 5e-151 cancels 2e150 - 2e150: unstable where the slope is -1/24",
    "jax_lib45a:vis_viva@r=7000,p=14000,e=1:float64":
        "vis-viva through a = p / 0 at the parabola: 0 * inf even at high precision, wrong, exact slope 56.94",
    "jax_lib45a:kepler_root_sign@M=0.1,e=0.9:float64":
        "lax.custom_root's tangent_solve with its sign slipped: wrong, named at the tangent_solve's line",
    "numpy_lib45a:omori_count_expm1@t=10,c=0.05,p=1.000000000001:float64":
        "Omori-Utsu by expm1 near p = 1: the value holds, the quotient rule's slope in p cancels 5e14 - 5e14",
    "jax_lib45a:clayton_logpdf_lse@u=1e-300,v=0.5,theta=2:float64":
        "Clayton's log density by logsumexp with b= and return_sign at u = 1e-300: ok, exact to 1e-10",
    "jax_lib45a:frank_logpdf@u=0.3,v=0.6,theta=1e-08:float64":
        "mended F1: the cancellation whose error reaches the result (line 306's 1 - e^-theta) is the one named",
    "jax_lib45a:radius@orbit_args:float64":
        "mended F3: a registered dataclass is a tree, --wrt orbit.e a leaf",
    "jax_lib45a:cell_entropy@c=[0,0.25,0.75]:float64":
        "mended F4: entr's -inf below 0 is outside its domain: the slope at 0 is +inf from the right",
    "jax_lib45a:kepler_root_bad@M=0.1,e=0.9:float64":
        "mended F2: an identity tangent_solve of lax.custom_root is named at the custom_root call, not at a cos",
}

KNOWN_WRONG = {}
SYMPTOMS = {}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases45a, CHOSEN, KNOWN_WRONG, SYMPTOMS)
