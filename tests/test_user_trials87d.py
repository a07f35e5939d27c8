"""The eighty-seventh round (d) of user trials (tests/trials/cases87d.py): differentiable physics with contact, the
losses a differentiable simulator backpropagates through for a ball or a few particles over four unrolled steps
(dt = 1/64), as JAX (jax_lib87d), PyTorch (torch_lib87d), TensorFlow (tf_lib87d) and plain NumPy (np_lib87d) code
writes them: a penalty contact k max(0, -y)^p at exactly touching (p = 1, 2, 1.5; at the start and landing exactly
after one step), with a learned exponent, from a potential's gradient (jax.grad, torch.autograd.grad, torch.func.grad,
a nested GradientTape), under jax.lax.fori_loop, lax.scan, tf.while_loop, tf.function and jit_compile; a Hertzian
force by where over (-y)^1.5; the soft contact eps softplus(-d / eps) naive and by the library (overflow of exp), with
a learned eps; Coulomb friction mu |F_n| sign(v) at v = 0, tanh(v / eps) smoothed, clamped, and a custom_jvp surrogate;
a restitution bounce by where (and lax.cond) at y = 0; the time of impact -y / v at v = 0 plain, capped by where,
double-where, divide_no_nan, and by bisection in a lax.while_loop; symplectic and explicit Euler springs; a pendulum
by sin and small-angle; an explicit Euler pendulum's energy drift on a pivot at 1e12 (two large energies cancel); a
damped spring's closed form at critical damping (sqrt of c^2 - 4mk at 0) and its three regimes by where; a rope of
springs and particle pairs by the norm of a zero-length segment; the contact force's hand-written backward (custom_vjp,
autograd.Function, tf.custom_gradient: right, forgetting the contact indicator, a learned stiffness given None); an
in-place state update; contacts gathered by a boolean mask.

Chosen here, cheap cases: NumPy's soft contact log(1 + exp(-d / eps)) at d = -1 (exp(1000) overflows: unstable, at
the line); NumPy's capped time of impact np.where(v < 0, -y / v, T_MAX) at a ball at rest (the untaken -y / 0 leaks
NaN into y's exact slope 0: wrong); a JAX drop whose ball lands exactly on the floor after one step (y1 = g/4096 -
g/4096 = 0: the linear penalty's kink in both y0[0] and v0[0], domain); JAX's tanh-smoothed friction at v / eps = 20
(tanh rounds to 1, its rule (1 + ans)(1 - ans) gives 0 where the slope is 1.7e-14: unstable); JAX particle-pair contact
through jnp.linalg.norm of x_i - x_j over all pairs (the masked diagonal's 0 / 0 leaks NaN: wrong, at the line); the
damped spring's three regimes by jnp.where at critical damping (the untaken branches' sqrt(0) and sin(0)/0: wrong);
a learned softness eps (softplus(z) - z sigmoid(z) at z = 30, 25 cancels: unstable); and contacts gathered by y[y <
0] in JAX (refused, exit 2, naming NonConcreteBooleanIndexError and the line).
No finding: every case agrees with its truth.
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases87d  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("jax")
pytest.importorskip("torch")
pytest.importorskip("tensorflow")

CHOSEN = {  # case id -> what it holds
    "np_lib87d:soft_contact_naive@d=[-1.0,0.002,0.0]:float64":
        "the soft contact eps log(1 + exp(-d / eps)) at d = -1, eps = 1e-3: exp(1000) overflows, the slope -1 comes "
        "out NaN: unstable, at the line",
    "np_lib87d:toi_capped@y=[1.0,0.5],v=[0.0,-0.25]:float64":
        "the time of impact np.where(v < 0, -y / v, T_MAX) for a ball at rest: the untaken -y / 0 leaks NaN into "
        "y[0]'s exact slope 0 (v[0] has none: -y / v runs to +inf beside it): wrong",
    "jax_lib87d:drop_linear@y0=[0.00239501953125,0.25],v0=[0.0,-1.0]:float64":
        "a ball landing exactly on the floor after one step (y1 = g/4096 - g/4096 = 0): the penalty k max(0, -y) meets "
        "its kink in the second step, y0[0] and v0[0] have no derivative: domain",
    "jax_lib87d:coulomb_smooth@v=[0.02,0.0005],fn=[-2.0,1.5]:float64":
        "friction mu |F_n| tanh(v / eps) at v / eps = 20: tanh rounds to 1, its rule's (1 - ans) gives 0 where the "
        "slope is 1.7e-14: unstable",
    "jax_lib87d:pair_penalty@x=[[0.0,0.0],[0.15,0.0],[1.0,0.0]]:float64":
        "particle-pair contact by jnp.linalg.norm over all pairs, the diagonal masked by a multiply: the norm's rule "
        "0 / 0 at each x_i - x_i leaks NaN: wrong, at the line",
    "jax_lib87d:damped_cases@c=4.0:float64":
        "a damped spring's three regimes chosen by jnp.where on c^2 - 4mk, at critical damping: the untaken branches' "
        "sqrt(0) and sin(0)/0 leak NaN into a smooth function's slope: wrong",
    "jax_lib87d:soft_contact_eps@d=[-0.03,-0.025],eps=0.001:float64":
        "the soft contact's learned softness: d/deps = softplus(z) - z sigmoid(z) at z = 30, 25 cancels (2.9e-12 + "
        "3.6e-10 from numbers near 30 and 25), 1e-4 relative off: unstable",
    "jax_lib87d:contact_energy_masked@y=[-0.01,0.3]:float64":
        "contacts gathered by y[y < 0.0]: refused (exit 2), naming NonConcreteBooleanIndexError and the line",
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(cases87d, CHOSEN, {}, {})
