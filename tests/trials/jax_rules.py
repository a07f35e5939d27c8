"""A user's JAX custom derivatives, right and wrong."""

import jax
import jax.numpy as jnp


@jax.custom_vjp
def xsin(x):
    return x * jnp.sin(x)


def xsin_fwd(x):
    return xsin(x), x


def xsin_bwd(x, g):
    return (g * (x * jnp.cos(x) - jnp.sin(x)),)


xsin.defvjp(xsin_fwd, xsin_bwd)


def wrong_vjp(x):
    return xsin(x)


@jax.custom_vjp
def clipped_log(x):
    return jnp.log(x)


def clipped_log_fwd(x):
    return jnp.log(x), x


def clipped_log_bwd(x, g):
    return (g / x,)


clipped_log.defvjp(clipped_log_fwd, clipped_log_bwd)


def right_vjp(x):
    return clipped_log(x) * 2.0


@jax.custom_jvp
def log1pexp(x):
    return jnp.log1p(jnp.exp(x))


@log1pexp.defjvp
def log1pexp_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return log1pexp(x), t * (1 - 1 / (1 + jnp.exp(x)))


def tutorial_jvp(x):
    return log1pexp(x)


@jax.custom_jvp
def sigmoid_ok(x):
    return 1 / (1 + jnp.exp(-x))


@sigmoid_ok.defjvp
def sigmoid_ok_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    s = sigmoid_ok(x)
    return s, t * s * (1 - s)


def right_jvp(x):
    return sigmoid_ok(x)


@jax.custom_jvp
def cube(x):
    return x ** 3


@cube.defjvp
def cube_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return cube(x), t * 3 * x


def wrong_jvp(x):
    return cube(x)
