"""Round 56d (JAX): control flow and structure as users write it: lax.cond / switch / scan / fori_loop /
while_loop, jax.checkpoint, jit with static arguments, vmap inside the loss, a custom rule wrong in one branch."""

from functools import partial

import jax
import jax.numpy as jnp
from jax import lax


@jax.custom_jvp
def softplus_rule(x):
    return jnp.logaddexp(0.0, x)


@softplus_rule.defjvp
def _softplus_rule_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    slope = lax.cond(x > 0, lambda u: jax.nn.sigmoid(u), lambda u: jax.nn.sigmoid(-u), x)  # wrong for x <= 0
    return softplus_rule(x), slope * t


def cond_rule(x):
    return softplus_rule(x) * 2.0


def scan_product(x):
    def body(c, v):
        c = c * jnp.exp(v)
        return c, c
    last, _ = lax.scan(body, jnp.ones((), x.dtype), x)
    return jnp.log(last)


def scan_where(x):
    def body(c, v):
        c = c + v
        out = jnp.where(c > 0, jnp.sqrt(c), 0.0)
        return c, out
    _, outs = lax.scan(body, jnp.zeros((), x.dtype), x)
    return jnp.sum(outs)


def fori_power(x):
    return lax.fori_loop(0, 3, lambda i, y: y * y, x)


def fori_softplus(x):
    def body(i, y):
        return jnp.log(1 + jnp.exp(y))
    return lax.fori_loop(0, 2, body, x)


def while_power(x):
    def cond(state):
        return state[0] < 3

    def body(state):
        i, y = state
        return i + 1, y * y
    return lax.while_loop(cond, body, (0, x))[1]


def switch_pieces(x):
    index = jnp.clip(jnp.floor(x), 0, 2).astype(jnp.int32)
    return lax.switch(index, [lambda u: u * u, lambda u: 2 * u - 1, lambda u: jnp.log(u) + 3 - jnp.log(2.0)], x)


def switch_leak(x):
    index = (x > 0).astype(jnp.int32)
    return lax.switch(index, [lambda u: -u, lambda u: jnp.sqrt(u)], x)


@jax.checkpoint
def _naive_block(x):
    return jnp.log(1 + jnp.exp(x))


def checkpointed(x):
    return jnp.sum(_naive_block(x))


@partial(jax.jit, static_argnums=1)
def _poly(x, degree):
    y = jnp.zeros_like(x)
    for k in range(degree + 1):
        y = y * x + (k + 1.0)
    return y


def static_poly(x):
    return jnp.sum(_poly(x, 3))


def vmapped_norms(x):
    rows = x.reshape(2, 2)
    return jnp.sum(jax.vmap(lambda r: jnp.sqrt(jnp.sum(r ** 2)))(rows))


def params_loss(params, batch):
    h = jnp.tanh(batch["x"] @ params["w"] + params["b"])
    z = jnp.sum(h, axis=-1)
    return jnp.sum(jnp.logaddexp(0.0, -batch["y"] * z))


def params_args():
    return {"params": {"w": jnp.array([[0.5, -1.0], [0.25, 2.0]]), "b": jnp.array([0.1, -0.3])},
            "batch": {"x": jnp.array([[1.0, 2.0], [-0.5, 0.75], [3.0, -1.0]]), "y": jnp.array([1.0, -1.0, 1.0])}}


def scan_sqrt(x):
    def body(c, v):
        return c * jnp.exp(v), None
    last, _ = lax.scan(body, jnp.ones((), x.dtype), x)
    return jnp.sqrt(last)


def cond_sqrt(x):
    return lax.cond(x > 0, jnp.sqrt, lambda u: -u, x)


@jax.custom_vjp
def tanh_vjp(x):
    return jnp.tanh(x)


def _tanh_fwd(x):
    return jnp.tanh(x), x


def _tanh_bwd(x, g):
    return (g * (1 - jnp.tanh(x) ** 2) * jnp.where(x > 2, 0.5, 1.0),)  # wrong past 2


tanh_vjp.defvjp(_tanh_fwd, _tanh_bwd)


def cond_vjp(x):
    return lax.cond(x < 0, lambda u: u * u, tanh_vjp, x)


def scan_rule(x):
    def body(c, v):
        return c + tanh_vjp(v * c), None
    return lax.scan(body, x, jnp.array([1.0, 2.0]))[0]
