"""A user's JAX code, twelfth round: training and inference steps as libraries write them. A meta-gradient through
one Adam step (whose update divides by sqrt(v) + eps, at a coordinate whose gradient is 0), a Gaussian process's
negative log marginal likelihood (Cholesky, triangular solves, softplus-parametrised hyperparameters), one Kalman
filter step's predictive log-likelihood, Poisson and negative-binomial log-likelihoods through gammaln, entropic
optimal transport by Sinkhorn iterations in log space, a log-sum-exp over rows some of which are fully masked, a log
scale from softplus deep in its tail, angles by arccos of a cosine and by arctan2, a Huber loss by jnp.piecewise, a
cross-entropy by integer indexing, embeddings gathered with repeated ids, a vmapped per-example loss with in_axes, a
rematerialised residual block, custom_jvp rules with nondiff_argnums (one right, one wrong), and a float16 softmax."""

from functools import partial

import jax
import jax.numpy as jnp
from jax.scipy.linalg import solve_triangular
from jax.scipy.special import gammaln, logsumexp, xlogy

B1, B2, EPS = 0.9, 0.999, 1e-8


def inner_loss(w):
    return jnp.sum(jnp.maximum(w, 0.0) ** 2)


def adam_meta(w0, lr):
    g = jax.grad(inner_loss)(w0)
    m = (1 - B1) * g
    v = (1 - B2) * g * g
    m_hat = m / (1 - B1)
    v_hat = v / (1 - B2)
    w1 = w0 - lr * m_hat / (jnp.sqrt(v_hat) + EPS)
    return jnp.sum((w1 - 1.0) ** 2)


def _rbf(x, log_ell, log_s):
    d = x[:, None] - x[None, :]
    return jnp.exp(2 * log_s) * jnp.exp(-0.5 * d * d / jnp.exp(2 * log_ell))


def gp_nll(raw, x, y):
    noise = jax.nn.softplus(raw["noise"]) + 1e-6
    k = _rbf(x, raw["log_ell"], raw["log_s"]) + noise * jnp.eye(x.shape[0])
    chol = jnp.linalg.cholesky(k)
    alpha = solve_triangular(chol, y, lower=True)
    return 0.5 * jnp.sum(alpha ** 2) + jnp.sum(jnp.log(jnp.diagonal(chol))) + 0.5 * x.shape[0] * jnp.log(2 * jnp.pi)


def gp_args():
    raw = {"log_ell": jnp.array(0.2), "log_s": jnp.array(-0.1), "noise": jnp.array(-2.0)}
    return raw, jnp.array([-1.0, 0.0, 0.7, 2.0]), jnp.array([0.3, -0.1, 0.5, 1.2])


def gp_tiny_noise_args():
    raw = {"log_ell": jnp.array(0.2), "log_s": jnp.array(-0.1), "noise": jnp.array(-40.0)}
    return raw, jnp.array([-1.0, 0.0, 0.7, 2.0]), jnp.array([0.3, -0.1, 0.5, 1.2])


def kalman_loglik(log_q, log_r):
    mean, var = 0.0, 1.0
    total = 0.0
    for obs in (0.5, -0.2, 1.1):
        var = 0.95 * 0.95 * var + jnp.exp(log_q)
        mean = 0.95 * mean
        s = var + jnp.exp(log_r)
        total = total - 0.5 * (jnp.log(2 * jnp.pi * s) + (obs - mean) ** 2 / s)
        gain = var / s
        mean = mean + gain * (obs - mean)
        var = (1 - gain) * var
    return total


def poisson_nll(log_rate):
    counts = jnp.array([0.0, 3.0, 12.0])
    rate = jnp.exp(log_rate)
    return -jnp.sum(xlogy(counts, rate) - rate - gammaln(counts + 1))


def negbin_nll(r, logit):
    counts = jnp.array([0.0, 3.0, 12.0])
    log_p = jax.nn.log_sigmoid(logit)
    log_1mp = jax.nn.log_sigmoid(-logit)
    ll = gammaln(counts + r) - gammaln(r) - gammaln(counts + 1) + r * log_1mp + counts * log_p
    return -jnp.sum(ll)


def sinkhorn_cost(a, c):
    eps = 0.05
    log_a = jnp.log(a)
    log_b = jnp.log(jnp.array([0.5, 0.5]))
    f = jnp.zeros(2)
    g = jnp.zeros(2)
    for _ in range(3):
        f = -eps * logsumexp((g[None, :] - c) / eps + log_b[None, :], axis=1)
        g = -eps * logsumexp((f[:, None] - c) / eps + log_a[:, None], axis=0)
    return jnp.sum(a * f) + jnp.sum(jnp.array([0.5, 0.5]) * g)


def masked_row_lse(x, mask):
    has_any = jnp.any(mask, axis=1)
    lse = logsumexp(jnp.where(mask, x, -jnp.inf), axis=1)
    return jnp.sum(jnp.where(has_any, lse, 0.0))


def masked_rows_args():
    x = jnp.array([[0.5, -1.0, 2.0], [3.0, 0.1, -0.4]])
    mask = jnp.array([[True, False, True], [False, False, False]])
    return x, mask


def scale_log_prob(rho, x):
    scale = jax.nn.softplus(rho)
    return jnp.sum(-jnp.log(scale) - 0.5 * (x / scale) ** 2)


def angle_acos(a, b):
    cos = jnp.dot(a, b) / (jnp.linalg.norm(a) * jnp.linalg.norm(b))
    return jnp.arccos(jnp.clip(cos, -1.0, 1.0))


def angle_atan2(a, b):
    cross = a[0] * b[1] - a[1] * b[0]
    return jnp.arctan2(cross, jnp.dot(a, b))


def heading(y, x):
    return jnp.arctan2(y, x)


def huber_piecewise(r):
    delta = 1.0
    loss = jnp.piecewise(r, [jnp.abs(r) <= delta, jnp.abs(r) > delta],
                         [lambda t: 0.5 * t * t, lambda t: delta * (jnp.abs(t) - 0.5 * delta)])
    return jnp.sum(loss)


def indexed_xent(logits, labels):
    logp = jax.nn.log_softmax(logits, axis=-1)
    return -jnp.mean(logp[jnp.arange(logits.shape[0]), labels])


def indexed_xent_args():
    logits = jnp.array([[2.0, -1.0, 0.5], [0.1, 0.2, -3.0], [1.5, 1.5, -0.5]])
    return logits, jnp.array([0, 2, -1])


def embed_loss(table, ids):
    vecs = table[ids]
    return jnp.sum(jnp.tanh(vecs.sum(axis=0)) ** 2)


def embed_args():
    return jnp.array([[0.1, -0.2], [0.3, 0.4], [-0.5, 0.6]]), jnp.array([1, 1, 2, 1])


def _example_loss(w, xy):
    x, y = xy[0], xy[1]
    return jnp.logaddexp(0.0, -y * (w[0] * x + w[1]))


def vmapped_logistic(w, batch):
    return jnp.mean(jax.vmap(_example_loss, in_axes=(None, 0))(w, batch))


def vmapped_args():
    return jnp.array([0.7, -0.3]), jnp.array([[1.0, 1.0], [-2.0, 1.0], [0.5, -1.0]])


@jax.checkpoint
def _block(h, w):
    return h + jnp.tanh(w * h)


def remat_net(w, h):
    for _ in range(3):
        h = _block(h, w)
    return jnp.sum(h ** 2)


@partial(jax.custom_jvp, nondiff_argnums=(0,))
def floored_log(floor, x):
    return jnp.log(jnp.maximum(x, floor))


@floored_log.defjvp
def _floored_log_jvp(floor, primals, tangents):
    (x,), (dx,) = primals, tangents
    return floored_log(floor, x), jnp.where(x > floor, dx / x, 0.0)


def floored_log_loss(x):
    return jnp.sum(floored_log(1e-3, x))


@partial(jax.custom_jvp, nondiff_argnums=(1,))
def tempered_softplus(x, temperature):
    return temperature * jnp.logaddexp(0.0, x / temperature)


@tempered_softplus.defjvp
def _tempered_softplus_jvp(temperature, primals, tangents):
    (x,), (dx,) = primals, tangents
    return tempered_softplus(x, temperature), jax.nn.sigmoid(x) * dx


def tempered_loss(x):
    return jnp.sum(tempered_softplus(x, 2.0))


def softmax_pick(x):
    e = jnp.exp(x)
    return e[0] / jnp.sum(e)


def masked_where_lse(x, mask):
    has_any = jnp.any(mask, axis=1)
    lse = jax.nn.logsumexp(x, axis=1, where=mask)
    return jnp.sum(jnp.where(has_any, lse, 0.0))


def segment_pool(x, ids):
    sums = jax.ops.segment_sum(jnp.exp(x), ids, num_segments=3)
    return jnp.sum(jnp.log1p(sums))


def segment_args():
    return jnp.array([0.5, -1.0, 2.0, 0.3]), jnp.array([0, 2, 0, 2])


def scatter_max_loss(x):
    pooled = jnp.zeros(2).at[jnp.array([0, 0, 1])].max(x)
    return jnp.sum(pooled ** 2)


def cum_lse(x):
    return jnp.sum(jax.lax.cumlogsumexp(x))


def top2_mean(x):
    values, _ = jax.lax.top_k(x, 2)
    return jnp.mean(values)


def select_piecewise(t):
    return jnp.sum(jnp.select([t < 0.0, t < 1.0], [jnp.zeros_like(t), t * t * (3 - 2 * t)], jnp.ones_like(t)))


def switch_loss(x, k):
    branches = [lambda v: jnp.sin(v), lambda v: jnp.cos(v), lambda v: v ** 3]
    return jax.lax.switch(k, branches, x)


def switch_args():
    return jnp.array(0.7), 2


def batch_scores(w, xs):
    def score(x, bias):
        return jnp.tanh(jnp.dot(w, x) + bias)
    return jnp.sum(jax.vmap(score, in_axes=(0, None))(xs, 0.1) ** 2)


def batch_args():
    return jnp.array([0.5, -0.25]), jnp.array([[1.0, 2.0], [-1.0, 0.5], [0.0, 3.0]])


def tail_lse(x):
    return jnp.logaddexp(0.0, logsumexp(x[3:])) + jnp.sum(x ** 2)
