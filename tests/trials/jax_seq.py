"""A user's JAX sequence and optimiser code: a scan RNN, weighted log-sum-exp, clipping by global norm, hand softmax, sinc."""

import jax
import jax.numpy as jnp
import numpy as np

XS = np.array([0.5, -0.3, 0.8, 0.1])


def rnn_loss(w):
    def step(h, x):
        h = jnp.tanh(w[0] * h + w[1] * x)
        return h, h

    _, hs = jax.lax.scan(step, 0.0, jnp.asarray(XS, dtype=w.dtype))
    return jnp.sum(hs ** 2)


B = np.array([0.5, 2.0, 1.0])


def weighted_lse(x):
    return jax.nn.logsumexp(x, b=jnp.asarray(B, dtype=x.dtype))


def signed_lse(x):
    return jax.nn.logsumexp(x, b=jnp.array([1.0, -0.5], dtype=x.dtype))


def clip_by_global_norm(g):
    norm = jnp.sqrt(jnp.sum(g ** 2))
    clipped = jnp.where(norm < 1.0, g, g / norm)
    return jnp.sum(clipped * jnp.array([1.0, 2.0], dtype=g.dtype))


def row_norms(w):
    return jnp.sum(jnp.linalg.norm(w, axis=1))


def naive_xent(x):
    e = jnp.exp(x)
    return -jnp.log(e[1] / jnp.sum(e))


def sinc_eq(x):
    return jnp.sum(jnp.where(x == 0, 1.0, jnp.sin(x) / x))


def sinc_taylor(x):
    return jnp.sum(jnp.where(jnp.abs(x) < 1e-3, 1.0 - x * x / 6.0, jnp.sin(x) / x))
