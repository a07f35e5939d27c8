"""A user's JAX losses: some written the textbook way, some the library's way."""

import jax
import jax.numpy as jnp
from jax import nn
from jax.scipy.special import logsumexp, xlogy
import numpy as np


def naive_softplus(x):
    return jnp.log(1 + jnp.exp(x))


def library_softplus(x):
    return nn.softplus(x)


@jax.jit
def naive_logsumexp(x):
    return jnp.log(jnp.sum(jnp.exp(x)))


@jax.jit
def stable_logsumexp(x):
    return logsumexp(x)


def naive_sigmoid(x):
    e = jnp.exp(x)
    return e / (1 + e)


def log_of_softmax(x):
    p = nn.softmax(x)
    return jnp.log(p)[0]


def log_softmax_first(x):
    return nn.log_softmax(x)[0]


def log_where(x):
    return jnp.where(x > 0, jnp.log(x), 0.0)


def norm(x):
    return jnp.linalg.norm(x)


def smoothed_norm(x):
    return jnp.sqrt(jnp.sum(x ** 2) + 1e-12)


def bce_naive(z):
    p = nn.sigmoid(z)
    return -jnp.log(1 - p)


def bce_stable(z):
    return nn.softplus(z)


def kl(p, q):
    return jnp.sum(xlogy(p, p) - xlogy(p, q))


def logistic_regression(params, batch):
    z = batch["x"] @ params["w1"] + params["b"]
    return -jnp.mean(batch["y"] * nn.log_sigmoid(z) + (1 - batch["y"]) * nn.log_sigmoid(-z))


def data():
    rng = np.random.default_rng(1)
    params = {"w1": rng.normal(size=3), "b": np.float64(0.1)}
    batch = {"x": rng.normal(size=(4, 3)), "y": np.array([1.0, 0.0, 1.0, 1.0])}
    return params, batch


def sorted_top(x):
    return jnp.sort(x)[-1] ** 2


def squared_log_where(x):
    return jnp.where(x < 1, 0.0, jnp.log(x - 1) ** 2)
