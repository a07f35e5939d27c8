"""A user's JAX code, twenty-third round (c): naive formulas with a known stable spelling (log(1 - exp(-x)),
log(sigmoid), log of a softmax, sqrt of a sum of squares, (exp(x) - 1)/x, (1 - cos x)/x^2, log(cosh), tanh by
exponentials, atan(y/x), the log of a Gaussian cdf, a norm at zero, a where around a square root) and custom rules
wrong in new ways (a custom_vjp returning its cotangents in the wrong order, one forgetting the upstream)."""

import jax
import jax.numpy as jnp
from jax.scipy.special import erfc
from jax.scipy.stats import norm


def log_one_minus_exp(x):
    return jnp.sum(jnp.log(1.0 - jnp.exp(-x)))


def log_prob_positive(x):
    return jnp.sum(jnp.log(jax.nn.sigmoid(x)))


def log_probs_first(x):
    return jnp.log(jax.nn.softmax(x))[0]


def radius(x, y):
    return jnp.sqrt(x * x + y * y)


def relative_growth(x):
    return (jnp.exp(x) - 1.0) / x


def versine_ratio(x):
    return (1.0 - jnp.cos(x)) / x ** 2


def log_cosh_loss(x):
    return jnp.sum(jnp.log(jnp.cosh(x)))


def tanh_by_hand(x):
    return (jnp.exp(x) - jnp.exp(-x)) / (jnp.exp(x) + jnp.exp(-x))


def heading(x, y):
    return jnp.arctan(y / x)


def log_gauss_cdf(x):
    return jnp.sum(jnp.log(0.5 * erfc(-x / jnp.sqrt(2.0))))


def log_norm_cdf(x):
    return jnp.sum(jnp.log(norm.cdf(x)))


def log_norm_cdf_stable(x):
    return jnp.sum(norm.logcdf(x))


def vector_length(x):
    return jnp.sqrt(jnp.sum(x ** 2))


def root_or_zero(x):
    return jnp.sum(jnp.where(x > 0, jnp.sqrt(x), 0.0))


@jax.custom_vjp
def scaled_sine(x, y):
    return x * jnp.sin(y)


def _scaled_sine_fwd(x, y):
    return x * jnp.sin(y), (x, y)


def _scaled_sine_bwd(res, g):
    x, y = res
    return (g * x * jnp.cos(y), g * jnp.sin(y))


scaled_sine.defvjp(_scaled_sine_fwd, _scaled_sine_bwd)


def sine_energy(x, y):
    return jnp.sum(scaled_sine(x, y))


@jax.custom_vjp
def soft_cube(x):
    return x ** 3 / 3.0


def _soft_cube_fwd(x):
    return x ** 3 / 3.0, x


def _soft_cube_bwd(x, g):
    return (x * x,)


soft_cube.defvjp(_soft_cube_fwd, _soft_cube_bwd)


def cube_loss(x):
    return jnp.sum(2.0 * soft_cube(x))
