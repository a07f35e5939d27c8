"""JAX losses with known broken and known sound gradients, for `gradcli check` (see the README's JAX section)."""

import jax
import jax.numpy as jnp
import numpy as np


def softplus(x):
    """Overflows in float32 from x = 89: exp(x) is inf, and so are the value and the gradient's NaN."""
    return jnp.log(1 + jnp.exp(x))


def softplus_stable(x):
    return jax.nn.softplus(x)


@jax.custom_vjp
def softplus_vjp(x):
    return jnp.log1p(jnp.exp(x))


def softplus_fwd(x):
    return softplus_vjp(x), x


def softplus_bwd(x, g):
    return (g * jnp.exp(x) / (1 + jnp.exp(x)) ** 2,)  # wrong: that is the derivative of the sigmoid


softplus_vjp.defvjp(softplus_fwd, softplus_bwd)


def wrong_rule(x):
    return softplus_vjp(x)


def sqrt_or_zero(x):
    """The `where` leak: the value is right for x <= 0, the gradient is NaN."""
    return jnp.where(x > 0, jnp.sqrt(x), 0.0)


def cross_entropy(params, batch):
    logits = jnp.tanh(batch["x"] @ params["w1"]) @ params["w2"]
    logp = jax.nn.log_softmax(logits)
    return -jnp.mean(jnp.take_along_axis(logp, batch["y"][:, None], axis=1))


def example_args():
    """One point of `cross_entropy`: a parameter tree and a batch (labels stay data)."""
    rng = np.random.default_rng(0)
    params = {"w1": rng.normal(size=(3, 4)), "w2": rng.normal(size=(4, 2))}
    batch = {"x": rng.normal(size=(5, 3)), "y": np.array([0, 1, 1, 0, 1])}
    return (params, batch)


def scaled(t, params):
    """A softplus of t scaled by a parameter vector: `gradcli sweep --range t=... --args` holds the vector."""
    return jnp.sum(jnp.log(1 + jnp.exp(t * params["w"])))


def held():
    return (1.0, {"w": np.array([1.0, 2.0])})


@jax.custom_jvp
def log1pexp(x):
    """JAX's custom_jvp tutorial's example, with the "stable" derivative it gives: 1 - 1/(1 + e^x)."""
    return jnp.log(1.0 + jnp.exp(x))


@log1pexp.defjvp
def log1pexp_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return log1pexp(x), t * (1 - 1 / (1 + jnp.exp(x)))
