"""Round 55d (JAX): the same compositions in jax.numpy, jax.nn and jax.scipy.special."""

import jax
import jax.numpy as jnp
import jax.scipy.special as jss


def clip_log1p(x):
    return jnp.sum(jnp.clip(jnp.log1p(x), -5.0, 5.0))


def lse_sig(x):
    return jss.logsumexp(jax.nn.sigmoid(x))


def tanh_twice(x):
    return jnp.sum(jnp.tanh(x + x))


def sp_exp(x):
    return jnp.sum(jax.nn.softplus(jnp.exp(x)))


def sp_plain(x):
    return jnp.sum(jax.nn.softplus(x))


def sqrt_exp_log(x):
    return jnp.sum(jnp.sqrt(jnp.exp(jnp.log(x))))


def abs_max(x, y):
    return jnp.sum(jnp.maximum(jnp.abs(x), jnp.maximum(x, y)))


def erf_recip(y):
    return jnp.sum(jss.erf(1.0 / y))


def log_exp_expm1(x):
    return jnp.sum(jnp.log(jnp.exp(jnp.expm1(x))))
