"""Round 63d (JAX): losses that differentiate inside, and training-step utilities, as users write them: a WGAN-GP
gradient penalty with jax.grad of the critic (at a critic whose input gradient is 0), a MAML loss after one inner SGD
step (jax.nn.softplus and log(1 + exp) by hand), a Hessian-vector-product regulariser by jax.jvp of jax.grad, a
Jacobian-norm regulariser by jax.jacfwd, jax.vjp inside the loss, SAM's perturbation under jax.lax.stop_gradient,
jax.value_and_grad used for both its parts, optax-style clip-by-global-norm (at a zero and a tiny gradient), an Adam
step at step 1 (m / (sqrt(v) + eps) at v = 0), and gradient accumulation over micro-batches by lax.scan."""

import jax
import jax.numpy as jnp

A = jnp.array([1.0, 2.0])
B = jnp.array([1.0, -2.0])
M = jnp.array([[1.0, 2.0], [0.5, -1.0]])
V = jnp.array([1.0, -1.0])
XB = jnp.array([[1.0, 0.5], [-0.5, 2.0], [0.25, -1.0]])


def _inner(w):
    return jnp.sum(jnp.log(jnp.cosh(w)))


def wgan_gp(w, x):
    def critic(xi):
        return jnp.tanh(jnp.dot(w, xi))
    g = jax.grad(critic)(x)
    return (jnp.linalg.norm(g) - 1.0) ** 2


def maml(w):
    def train_loss(u):
        return jnp.sum(jax.nn.softplus(A * u))
    adapted = w - 0.1 * jax.grad(train_loss)(w)
    return jnp.sum((adapted - B) ** 2)


def maml_naive(w):
    def train_loss(u):
        return jnp.sum(jnp.log(1.0 + jnp.exp(A * u)))
    adapted = w - 0.1 * jax.grad(train_loss)(w)
    return jnp.sum((adapted - B) ** 2)


def hvp_reg(w):
    def f(u):
        return jnp.sum(jnp.cosh(u)) + u[0] * u[1]
    _, hv = jax.jvp(jax.grad(f), (w,), (V,))
    return 0.5 * jnp.sum(hv ** 2)


def jac_norm(x):
    jac = jax.jacfwd(lambda u: jnp.tanh(M @ u))(x)
    return jnp.sum(jac ** 2)


def vjp_loss(x):
    y, pullback = jax.vjp(lambda u: jnp.log1p(u ** 2), x)
    (g,) = pullback(jnp.ones_like(y))
    return jnp.sum(y) + 0.5 * jnp.sum(g ** 2)


def sam_loss(w):
    g = jax.lax.stop_gradient(jax.grad(_inner)(w))
    e = 0.05 * g / (jnp.linalg.norm(g) + 1e-12)
    return _inner(w + e)


def value_and_grad_loss(w):
    value, g = jax.value_and_grad(lambda u: jnp.sum(jax.nn.softplus(A * u)))(w)
    return value + 0.5 * jnp.sum(g ** 2)


def clip_step(w):
    g = jax.grad(_inner)(w)
    g_norm = jnp.sqrt(jnp.sum(g ** 2))
    clipped = jnp.where(g_norm < 1.0, g, g / g_norm * 1.0)
    return jnp.sum((w - 0.1 * clipped - B) ** 2)


def adam_step(w):
    g = jax.grad(_inner)(w)
    m = (1 - 0.9) * g
    v = (1 - 0.999) * g ** 2
    m_hat = m / (1 - 0.9 ** 1)
    v_hat = v / (1 - 0.999 ** 1)
    new_w = w - 0.1 * m_hat / (jnp.sqrt(v_hat) + 1e-8)
    return jnp.sum((new_w - B) ** 2)


def accum_step(w):
    def body(acc, xb):
        return acc + jax.grad(lambda u: jax.nn.softplus(jnp.dot(xb, u)))(w), None
    total, _ = jax.lax.scan(body, jnp.zeros_like(w), XB)
    new_w = w - 0.1 * total / 3
    return jnp.sum((new_w - B) ** 2)


def hessian_trace(w):
    h = jax.hessian(lambda u: jnp.sum(jnp.cosh(u)) + u[0] * u[1])(w)
    return jnp.trace(h) + _inner(w)


def scaled_step(w):
    scaled = jax.grad(lambda u: _inner(u) * 2.0 ** 15)(w)  # loss scaling: the loss times 2^15, its gradient unscaled
    g = scaled / 2.0 ** 15
    return jnp.sum((w - 0.1 * g - B) ** 2)


def dp_sgd(w):
    def per_loss(u, xb):
        z = jnp.dot(xb, u)
        return jax.nn.softplus(z) - 0.5 * z
    per = jax.vmap(jax.grad(per_loss), in_axes=(None, 0))(w, XB)
    norms = jnp.sqrt(jnp.sum(per ** 2, axis=1))
    factor = jnp.minimum(1.0, 1.0 / norms)  # per-example clipping to norm 1
    update = jnp.mean(per * factor[:, None], axis=0)
    return jnp.sum((w - 0.1 * update - B) ** 2)


def scaled_skip_step(w):
    scaled = jax.grad(lambda u: _inner(u) * 2.0 ** 15)(w)
    g = scaled / 2.0 ** 15
    finite = jnp.all(jnp.isfinite(g))
    new_w = jnp.where(finite, w - 0.1 * g, w)  # dynamic loss scaling: skip the step on an overflow
    return jnp.sum((new_w - B) ** 2)


def maml_until(w):
    def cond(state):
        k, u = state
        return k < 3

    def body(state):
        k, u = state
        return k + 1, u - 0.1 * jax.grad(lambda v: jnp.sum(jax.nn.softplus(A * v)))(u)
    _, adapted = jax.lax.while_loop(cond, body, (0, w))  # three inner steps, by a while_loop
    return jnp.sum((adapted - B) ** 2)


def dp_sgd_logcosh(w):
    per = jax.vmap(jax.grad(lambda u, xb: jnp.log(jnp.cosh(jnp.dot(xb, u)))), in_axes=(None, 0))(w, XB)
    norms = jnp.sqrt(jnp.sum(per ** 2, axis=1))
    factor = jnp.minimum(1.0, 1.0 / norms)
    update = jnp.mean(per * factor[:, None], axis=0)
    return jnp.sum((w - 0.1 * update - B) ** 2)
