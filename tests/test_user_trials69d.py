"""The sixty-ninth round (d) of user trials (tests/trials/cases69d.py): scientific ML as users write it in JAX
(jax_lib69d), PyTorch (torch_lib69d), TensorFlow (tf_lib69d) and plain NumPy (np_lib69d): explicit Euler, RK4 and
symplectic / leapfrog loops over 20-100 steps (lax.fori_loop, lax.scan, tf.while_loop, Python loops), a stiff decay
past explicit Euler's limit, jax.experimental.ode.odeint and its adjoint rule, a fixed point x = tanh(W x + b)
unrolled and by implicit differentiation (jax.custom_vjp, torch.autograd.Function, tf.custom_gradient; right,
transposed, sign slipped), Newton's square and cube roots (a = 0), steady heat and reaction-diffusion solves by
linalg.solve, a tiny neural ODE (cases69d.ALL: 81 cases, 74 agreeing with gradcli when written; F2's linear
convergence, F1 and F4 mended since).
Here, cheap cases: the implicit rule with its transpose forgotten (wrong), a custom_vjp fixed point whose 30 trips end
1.2e-6 from their limit (unstable against the limit's slope), PyTorch's Newton cube root at a = 0 with the implicit
rule 1 / (3 x^2) (its forward as written: wrong), Newton's sqrt from x0 = a = 1e-300 (the backward's 1/x - a/x^2
cancels: unstable), a reaction-diffusion solve on L's eigenvalue (domain), explicit Euler at k = 20 (1 - 0.05 k is
-5.6e-17 exactly: a slope of 1e-633, float64's 0: ok).
The whole set runs case by case through the CLI as tests/trials/run.py does (cases69d.ALL).
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases69d  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("jax")

CHOSEN = {  # case id -> what it holds
    "jax_lib69d:odeint_decay@k=3.0:float64":
        "F4, mended: odeint's adjoint rule is 1.6e-6 off the discrete program's slope: wrong, named at the odeint "
        "call's line (past ys[-1]'s transpose, which only moves the cotangent: provenance._first_rule_line)",
    "jax_lib69d:fp_implicit_transposed@b=[0.3,-0.5,0.8]:float64":
        "an implicit-function custom_vjp solving (I - J) v = g where (I - J)^T v = g is meant (J = diag(1 - x^2) W, not "
        "symmetric): wrong at the rule's def",
    "jax_lib69d:fp_scalar_implicit@b=0.1:float64":
        "x = tanh(x + b) by 30 trips in a custom_vjp's primal ends 1.2e-6 from its limit; judged against the limit's "
        "slope d / (1 - d) = 1.6715582637: unstable",
    "torch_lib69d:cbrt_implicit@a=0.0:float64":
        "Newton's cube root in an autograd.Function at a = 0: the forward's 30 steps end at (2/3)^30, whose slope "
        "7.74e9 the rule g / (3 x^2) = 1.23e10 misses: wrong",
    "np_lib69d:newton_sqrt@a=1e-300:float64":
        "Newton's sqrt from x0 = a = 1e-300: a / x's two partials 1/x and -a/x^2 (1e300 each) cancel in the backward, "
        "the slope 349525.33 comes out 0: unstable",
    "np_lib69d:reaction_diffusion@s=2.0:float64":
        "(L - 2 I) u = f by np.linalg.solve: 2 is L's eigenvalue, f its eigenvector, f . u = 2 / (2 - s): domain",
    "jax_lib69d:fp_scalar_implicit@b=0.01:float64":
        "x = tanh(x + b) contracting by 0.91 a trip: run past its 30 trips to its limit (F2, mended), the rule judged "
        "against the limit's slope 9.7658, the program's end 0.018 off it: unstable",
    "jax_lib69d:euler_decay@k=20.0:float64":
        "explicit Euler's factor 1 - 0.05 k is exactly -5.55e-17 at k = 20 (0.05 as the double): the slope "
        "-40 dt (1 - dt k)^39 ~ 1e-633, float64's 0 (float64 rounds the factor to 0): ok",
}

KNOWN_WRONG = {  # case id -> the finding, open
    "jax_lib69d:fp_scalar_implicit@b=0.0:float64":
        "F3: a custom_vjp over x = tanh(x + b) at b = 0: the note says the rule is judged against the limit's slope, "
        "but the exact derivative given is the 30-trip loop's 30; the limit (3b)^(1/3) has none: domain",
    "jax_lib69d:cbrt_implicit@a=0.0:float64":
        "F2: Newton's cube root at a = 0 converges linearly to 0 (x <- 2x/3): called 'no solver gradcli can run to a "
        "limit', judged as the 30-step loop (wrong, 7.74e9) where the limit cbrt(a) has no slope at 0: domain",
}
SYMPTOMS = {
    "jax_lib69d:fp_scalar_implicit@b=0.0:float64": "where the exact derivative is {b: 30.0}",
    "jax_lib69d:cbrt_implicit@a=0.0:float64": "is no solver gradcli can run to a limit",
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases69d, CHOSEN, KNOWN_WRONG, SYMPTOMS)
