"""A user's JAX code, fourth round: exact GELU, signed logsumexp, an optax-style safe norm, cond and fori_loop
losses, a checkpointed softplus, slogdet, and data drawn with jax.random through --args."""

import jax
import jax.numpy as jnp
from jax.scipy.special import logsumexp


def gelu_exact(x):
    return jnp.sum(jax.nn.gelu(x, approximate=False))


SIGNS = jnp.array([1.0, -1.0, 1.0])


def signed_lse(x):
    lse, sign = logsumexp(x, b=SIGNS, return_sign=True)
    return lse * sign


def safe_norm(x, min_norm=1e-3):
    norm = jnp.sqrt(jnp.sum(x * x))
    x = jnp.where(norm <= min_norm, jnp.ones_like(x), x)
    return jnp.where(norm <= min_norm, min_norm, jnp.linalg.norm(x))


def cond_loss(x):
    return jax.lax.cond(x > 0, lambda v: v * v, lambda v: jnp.exp(v) - 1.0, x)


def horner(x):
    def body(i, acc):
        return acc * x + 1.0

    return jax.lax.fori_loop(0, 5, body, 0.0 * x)


@jax.checkpoint
def _remat_softplus(x):
    return jnp.log(1.0 + jnp.exp(x))


def remat_loss(x):
    return jnp.sum(_remat_softplus(x))


def logdet(b):
    sign, value = jnp.linalg.slogdet(b)
    return value


def ridge(w, xs, ys):
    r = xs @ w - ys
    return jnp.mean(r * r) + 0.1 * jnp.sum(w * w)


def ridge_args():
    kx, ky = jax.random.split(jax.random.PRNGKey(0))
    xs = jax.random.normal(kx, (6, 2))
    ys = jax.random.normal(ky, (6,))
    return jnp.array([0.5, -0.2]), xs, ys


def hand_xent(x):
    e = jnp.exp(x)
    return -jnp.log(e[0] / jnp.sum(e))


def log1mexp(x):
    return jnp.sum(jnp.log(1.0 - jnp.exp(x)))


def xlogy_y(y):
    return jnp.sum(jax.scipy.special.xlogy(jnp.array([0.0, 2.0]), y))


def spectral(b):
    return jnp.linalg.norm(b, ord=2)
