"""The sixty-third round (d) of user trials (tests/trials/cases63d.py): losses that differentiate inside, and
training-step utilities, as users write them on the JAX, PyTorch, TensorFlow and plain-NumPy bridges: WGAN-GP gradient
penalties (jax.grad, torch.autograd.grad(create_graph=True), a nested tf.GradientTape; at a critic whose input gradient
is 0), MAML after one inner SGD step (and first-order MAML), Hessian-vector products (jax.jvp of jax.grad, double
backward, torch.autograd.functional.hvp, nested tapes), Jacobian-norm regularisers (jax.jacfwd, torch.func.jacrev),
jax.vjp and jax.value_and_grad inside a loss, SAM's stop_gradient perturbation, the traces of jax.hessian and
torch.func.hessian, clip-by-global-norm (optax's where, clip_grad_norm_'s clamp, tf.clip_by_global_norm, NumPy by hand)
at a zero and a tiny gradient, DP-SGD's per-example clipping by vmap(grad), Adam / AdamW steps at step 1 (sqrt(v) at
v = 0), weight decay, an EMA, loss scaling by 2^15 in float16, gradient accumulation by lax.scan. Here, cheap cases:
NumPy's where-clipping at a zero gradient (wrong at the where) and at a tiny one in float32 (unstable), NumPy's Adam
step at a zero gradient (wrong at the sqrt's line), a hand-written gradient penalty at a zero input gradient
(domain), optax-style clipping in JAX at a zero gradient (wrong at the where), and a Hessian-vector product by
jax.jvp of jax.grad whose cosh(1e-4) - 1 cancels (unstable). K1, open: DP-SGD's per-example clipping at an example
whose gradient is exactly 0 is called unstable (a "cancellation"), where the NaN is the rule's 0 * inf at every
precision (wrong, as the same leak at tanh(0) = 0 is judged).
The whole set runs case by case through the CLI as tests/trials/run.py does (cases63d.ALL).
"""

import os
import sys

import pytest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

import cases63d  # noqa: E402

from test_user_trials import round_tests  # noqa: E402

pytest.importorskip("torch")
pytest.importorskip("jax")
pytest.importorskip("tensorflow")

CHOSEN = {  # case id -> what it holds
    "np_lib63d:clip_step_where@w=[0,0]:float64":
        "where(norm < 1, g, g / norm) of a hand-written gradient tanh(w) at w = 0: g / norm = 0 / 0 leaks NaN through "
        "the where, the step smooth there: wrong at the where's line",
    "np_lib63d:clip_step_where@w=[1e-30,1e-30]:float32":
        "the same clipping at a gradient of 1e-30 in float32: g^2 underflows, norm 0, the NaN a rounding one: unstable",
    "np_lib63d:adam_step@w=[0,0.5]:float64":
        "an Adam step at step 1, m_hat / (sqrt(v_hat) + 1e-8), at a zero gradient: slope 1 / eps, sqrt's rule 0 * inf: "
        "wrong at the sqrt's line",
    "np_lib63d:grad_penalty@w=[0,0],x=[1,0.5]:float64":
        "(||w (1 - tanh^2(w . x))|| - 1)^2 at w = 0: the input gradient's norm is a cone in w, domain",
    "jax_lib63d:clip_step@w=[0,0]:float64":
        "optax's clip-by-global-norm (jnp.where(g_norm < 1, g, g / g_norm)) of jax.grad at a zero gradient: wrong at "
        "the where",
    "jax_lib63d:hvp_reg@w=[0.0001,0.5]:float64":
        "0.5 ||H v||^2 by jax.jvp(jax.grad(f)): cosh(1e-4) * 1 - 1 cancels 8 digits, unstable",
}

KNOWN_WRONG = {  # case id -> the finding, open
    "jax_lib63d:dp_sgd@w=[1,-2]:float64":
        "K1: per-example clipping min(1, 1 / norm) at an example whose gradient (sigmoid(0) - 1/2) x_0 is exactly 0: "
        "the rule's -1 / 0^2 times the unselected 0 is NaN at every precision, wrong; gradcli says unstable, naming "
        "a cancellation of rounded operands as the root cause",
}
SYMPTOMS = {
    "jax_lib63d:dp_sgd@w=[1,-2]:float64": "cancelled to exactly [0, -0.4890131",
}

test_trial, test_the_chosen_trials_exist_and_every_case_has_a_truth = round_tests(
    cases63d, CHOSEN, KNOWN_WRONG, SYMPTOMS)
