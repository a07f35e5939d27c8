"""Round 57d (JAX): subnormals and flush-to-zero. XLA on the CPU flushes subnormal results to 0 and reads subnormal
operands as 0, eagerly and under jax.jit alike: lax.cond / jnp.where / jnp.maximum on values subnormal at the point or
made subnormal inside (exp(-90) in float32, exp(-720) in float64, x * x at 1e-20 in float32, products of small
numbers)."""

import jax
import jax.numpy as jnp
from jax import lax


def cond_exp(x):
    e = jnp.exp(x)
    return lax.cond(e > 0, lambda: jnp.log(e), lambda: jnp.zeros_like(x))


def safe_abs(x):
    s = x * x
    safe = jnp.where(s > 0, s, 1.0)
    return jnp.sum(jnp.where(s > 0, jnp.sqrt(safe), 0.0))


jit_safe_abs = jax.jit(safe_abs)


def max_floor(x):
    return jnp.log(jnp.maximum(jnp.exp(x), 1e-30))


def max_tiny(x):
    return jnp.log(jnp.maximum(jnp.exp(x), 1e-45))


def cond_sinc(x):
    return lax.cond(x != 0, lambda: jnp.sin(x) / x, lambda: jnp.ones_like(x))


def product(x):
    p = x[0] * x[1]
    return p * x[2]


def where_sqrt(x):
    return jnp.sum(jnp.where(x > 0, jnp.sqrt(x), 0.0))


def relu_sum(x):
    return jnp.sum(jnp.maximum(x, 0.0))


@jax.jit
def scaled_exp(x):
    e = jnp.exp(x)
    return e * 1e30


def scaled_exp64(x):
    e = jnp.exp(x)
    return e * 1e300


def log_square(x):
    s = x * x
    return jnp.log(s)


def scale_input(x):
    return jnp.sum(x * 1e30)
