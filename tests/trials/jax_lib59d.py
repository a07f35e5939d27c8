"""Round 59d (JAX): sequences, normalisation and masked attention as users write them: lax.scan / fori_loop RNN
cells and Newton loops, cumulative products and cumlogsumexp, layer / RMS norm by hand and jax.nn.standardize at a
constant input, l2 normalisation, masked softmax attention (causal -inf masks, -1e9 masks, fully masked rows)."""

import jax
import jax.numpy as jnp
from jax import lax

V = jnp.array([[1.0, -2.0], [0.5, 3.0], [-1.0, 0.25]])
K = jnp.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]])
W = jnp.array([1.0, 2.0, -0.5])


def rnn_scan(w, xs):
    def cell(h, x):
        h = jnp.tanh(w * h + x)
        return h, h
    h, hs = lax.scan(cell, jnp.zeros_like(w), xs)
    return jnp.sum(hs) + h


def rnn_fori(w, xs):
    def body(i, h):
        return jnp.tanh(w * h + xs[i])
    return lax.fori_loop(0, xs.shape[0], body, jnp.zeros_like(w))


def newton_sqrt(a):
    def body(i, y):
        return 0.5 * (y + a / y)
    return lax.fori_loop(0, 8, body, a)


def newton_while(a):
    def cond(state):
        return state[0] < 8

    def body(state):
        i, y = state
        return i + 1, 0.5 * (y + a / y)
    return lax.while_loop(cond, body, (0, a))[1]


def cumprod_sum(x):
    return jnp.sum(jnp.cumprod(x))


def scan_cumprod(x):
    def step(c, v):
        c = c * v
        return c, c
    _, ps = lax.scan(step, jnp.ones((), x.dtype), x)
    return jnp.sum(ps)


def cumlse(x):
    return jnp.sum(lax.cumlogsumexp(x))


def naive_cumlse(x):
    return jnp.sum(jnp.log(jnp.cumsum(jnp.exp(x))))


def assoc_cumsum(x):
    c = lax.associative_scan(jnp.add, x)
    return jnp.sum(c * c)


def layer_norm(x):
    mu = jnp.mean(x)
    var = jnp.mean((x - mu) ** 2)
    y = (x - mu) / jnp.sqrt(var + 1e-5)
    return jnp.sum(W * y)


def layer_norm_eps_out(x):
    mu = jnp.mean(x)
    sigma = jnp.std(x)
    y = (x - mu) / (sigma + 1e-5)
    return jnp.sum(W * y)


def standardize(x):
    return jnp.sum(W * jax.nn.standardize(x, epsilon=1e-5))


def rms_norm(x):
    y = x * lax.rsqrt(jnp.mean(x * x) + 1e-6)
    return jnp.sum(W * y)


def l2_normalize(x):
    return jnp.sum(W[:2] * (x / jnp.linalg.norm(x)))


def _attend(q, mask, fill):
    scores = q @ K.T / jnp.sqrt(2.0)
    scores = jnp.where(mask, scores, fill)
    p = jax.nn.softmax(scores, axis=-1)
    return jnp.sum(p @ V)


def causal_attention(q):
    mask = jnp.tril(jnp.ones((3, 3), dtype=bool))
    return _attend(q, mask, -jnp.inf)


def causal_attention_big(q):
    mask = jnp.tril(jnp.ones((3, 3), dtype=bool))
    return _attend(q, mask, -1e9)


def padded_attention(q):
    mask = jnp.array([[True, True, False], [True, False, False], [False, False, False]])
    return _attend(q, mask, -1e9)


def padded_attention_inf(q):
    mask = jnp.array([[True, True, False], [True, False, False], [False, False, False]])
    return _attend(q, mask, -jnp.inf)


def dpa_causal(q):
    out = jax.nn.dot_product_attention(q[None, :, None, :], K[None, :, None, :], V[None, :, None, :], is_causal=True)
    return jnp.sum(out)
