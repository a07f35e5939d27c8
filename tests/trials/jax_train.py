"""A user's JAX training code: dict params, batches, masks, hand-written layers and an Adam step."""

import jax
import jax.numpy as jnp
import numpy as np
from jax.scipy.special import gammaln


def init():
    rng = np.random.default_rng(7)
    params = {"w1": rng.normal(size=(3, 4)) * 0.5, "b1": np.zeros(4),
              "w2": rng.normal(size=(4, 2)) * 0.5, "b2": np.array([0.1, -0.1])}
    batch = {"x": rng.normal(size=(5, 3)), "y": np.array([0, 1, 1, 0, 1])}
    return params, batch


def mlp_loss(params, batch):
    h = jax.nn.silu(batch["x"] @ params["w1"] + params["b1"])
    logits = h @ params["w2"] + params["b2"]
    logp = jax.nn.log_softmax(logits, axis=-1)
    return -jnp.mean(jnp.take_along_axis(logp, batch["y"][:, None], axis=1))


MASK = np.array([True, True, False, True])


def masked_attention(scores):
    scores = jnp.where(MASK, scores, -jnp.inf)
    weights = jax.nn.softmax(scores)
    return jnp.sum(weights * jnp.array([1.0, 2.0, 3.0, 4.0]))


def masked_lse(x):
    return jax.nn.logsumexp(jnp.where(MASK, x, -1e9))


def focal_loss(z):
    p = jax.nn.sigmoid(z)
    return -((1 - p) ** 2) * jnp.log(p)


def poisson_nll(log_rate):
    k = 3.0
    return jnp.exp(log_rate) - k * log_rate + gammaln(k + 1)


def beta_nll(a, b):
    x = 0.3
    log_beta = gammaln(a) + gammaln(b) - gammaln(a + b)
    return log_beta - (a - 1) * jnp.log(x) - (b - 1) * jnp.log1p(-x)


def logdet_chol(b):
    a = b @ b.T + jnp.eye(2)
    chol = jnp.linalg.cholesky(a)
    return 2.0 * jnp.sum(jnp.log(jnp.diag(chol)))


def logdet_slogdet(b):
    sign, logdet = jnp.linalg.slogdet(b @ b.T + jnp.eye(2))
    return logdet


def cosine(a):
    b = jnp.array([1.0, 2.0])
    return jnp.dot(a, b) / jnp.maximum(jnp.linalg.norm(a) * jnp.linalg.norm(b), 1e-8)


def layer_norm(x):
    w = jnp.array([1.0, 2.0, 4.0])
    mean = jnp.mean(x)
    var = jnp.mean((x - mean) ** 2)
    return jnp.sum(w * (x - mean) / jnp.sqrt(var + 1e-5))


def angle(p):
    return jnp.arctan2(p[1], p[0])


def huber(r):
    delta = 1.0
    return jnp.where(jnp.abs(r) < delta, 0.5 * r ** 2, delta * (jnp.abs(r) - 0.5 * delta))


def clipped(x):
    return jnp.sum(jnp.clip(x, -1.0, 1.0) * jnp.array([2.0, 3.0]))


def adam_step(p):
    g = 2.0 * p  # the gradient of sum(p**2), written out
    m = 0.1 * g
    v = 0.001 * g * g
    m_hat, v_hat = m / 0.1, v / 0.001
    new_p = p - 0.01 * m_hat / (jnp.sqrt(v_hat) + 1e-8)
    return jnp.sum(new_p ** 2)


@jax.custom_vjp
def ste_round(x):
    return jnp.round(x)


def ste_fwd(x):
    return jnp.round(x), None


def ste_bwd(_, g):
    return (g,)


ste_round.defvjp(ste_fwd, ste_bwd)


def quantized(x):
    return jnp.sum(ste_round(x) * jnp.array([1.0, 2.0]))
