"""Round 54d (JAX): unstable spellings as users write them; the module imports jax.numpy as jnp and sigmoid /
softmax by name, never `jax` itself (a fix spelled jax.nn.* must bring its import)."""

import jax.numpy as jnp
from jax.nn import sigmoid, softmax


def sp_naive(x):
    return jnp.sum(jnp.log(1 + jnp.exp(x)))


def sp_log1p(x):
    return jnp.sum(jnp.log1p(jnp.exp(x)))


def sp_two(x):
    return jnp.sum(jnp.log(2 + jnp.exp(x)))


def lse_naive(z):
    return jnp.log(jnp.sum(jnp.exp(z)))


def lae_naive(a, b):
    return jnp.sum(jnp.log(jnp.exp(a) + jnp.exp(b)))


def lde_naive(a, b):
    return jnp.sum(jnp.log(jnp.exp(a) - jnp.exp(b)))


def log_sig(x):
    return jnp.sum(jnp.log(sigmoid(x)))


def log_one_minus_sig(x):
    return jnp.sum(jnp.log(1 - sigmoid(x)))


def bce_probs(z, y):
    p = sigmoid(z)
    return -jnp.sum(y * jnp.log(p) + (1 - y) * jnp.log(1 - p))


def entropy_softmax(x):
    p = softmax(x)
    return -jnp.sum(p * jnp.log(p))


def log1p_ratio(x):
    return jnp.sum(jnp.log(1 + x) / x)


def expm1_ratio(x):
    return jnp.sum((jnp.exp(x) - 1) / x)


def hypot_naive(x, y):
    return jnp.sum(jnp.sqrt(x * x + y * y))


def log_of_softmax(x):
    return jnp.log(softmax(x))[0]


def sqrt_guard(x):
    return jnp.sum(jnp.where(x > 0, jnp.sqrt(x), 0.0))


def sinc_guard(x):
    return jnp.sum(jnp.where(x == 0, 1.0, jnp.sin(x) / x))


def versine_ratio(x):
    return jnp.sum((1 - jnp.cos(x)) / (x * x))
