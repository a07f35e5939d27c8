"""A small JAX classifier: NamedTuple parameters, a jitted loss over a vmapped batch."""

from typing import NamedTuple

import jax
import jax.numpy as jnp
import numpy as np


class Params(NamedTuple):
    w: np.ndarray
    b: np.ndarray


def predict(params, x):
    return jnp.tanh(x @ params.w + params.b)


@jax.jit
def loss(params, xs, labels):
    logits = jax.vmap(lambda x: predict(params, x))(xs)
    logp = jax.nn.log_softmax(logits, axis=-1)
    return -jnp.mean(jnp.take_along_axis(logp, labels[:, None], axis=1))


def example():
    rng = np.random.default_rng(7)
    params = Params(w=rng.normal(size=(3, 2)), b=np.array([0.1, -0.2]))
    return params, rng.normal(size=(4, 3)), np.array([0, 1, 1, 0])


def relu_sum(x):
    return jnp.sum(jax.nn.relu(x))


def entropy_at_zero(p):
    return -jnp.sum(jax.scipy.special.xlogy(p, p))


def gelu_sum(x):
    return jnp.sum(jax.nn.gelu(x, approximate=False))


def spiral(x):
    return jnp.stack([jnp.exp(x[0]) * x[1], jnp.sin(x[1])])
