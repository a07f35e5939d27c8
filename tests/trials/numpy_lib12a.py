"""A user's plain NumPy and SciPy code, twelfth round: a Gaussian process's negative log marginal likelihood through
scipy.linalg's Cholesky helpers, a scalar Kalman filter's log-likelihood, Poisson and negative-binomial
log-likelihoods through scipy.stats and gammaln, Sinkhorn in log space with scipy.special.logsumexp, a log-sum-exp
with zero weights on a whole row, Huber losses by np.select and np.piecewise, the angle between vectors by arccos and
by arctan2, a cross-entropy by integer indexing and by take_along_axis, and a softplus scale deep in its tail."""

import numpy as np
from scipy import linalg, stats
from scipy.special import gammaln, logsumexp, xlogy


def gp_nll(log_ell, log_s, noise_raw):
    x = np.array([-1.0, 0.0, 0.7, 2.0])
    y = np.array([0.3, -0.1, 0.5, 1.2])
    d = x[:, None] - x[None, :]
    k = np.exp(2 * log_s) * np.exp(-0.5 * d * d / np.exp(2 * log_ell))
    k = k + (np.logaddexp(0.0, noise_raw) + 1e-6) * np.eye(4)
    chol = linalg.cholesky(k, lower=True)
    alpha = linalg.solve_triangular(chol, y, lower=True)
    return 0.5 * alpha @ alpha + np.log(np.diag(chol)).sum() + 2.0 * np.log(2 * np.pi)


def kalman_loglik(log_q, log_r):
    mean, var, total = 0.0, 1.0, 0.0
    for obs in [0.5, -0.2, 1.1]:
        var = 0.95 ** 2 * var + np.exp(log_q)
        mean = 0.95 * mean
        s = var + np.exp(log_r)
        total += stats.norm.logpdf(obs, loc=mean, scale=np.sqrt(s))
        gain = var / s
        mean, var = mean + gain * (obs - mean), (1.0 - gain) * var
    return total


def poisson_nll(rate):
    counts = np.array([0, 3, 12])
    return -np.sum(stats.poisson.logpmf(counts, rate))


def poisson_xlogy(log_rate):
    counts = np.array([0.0, 3.0, 12.0])
    rate = np.exp(log_rate)
    return -np.sum(xlogy(counts, rate) - rate - gammaln(counts + 1))


def negbin_nll(r, p):
    counts = np.array([0.0, 3.0, 12.0])
    return -np.sum(gammaln(counts + r) - gammaln(r) - gammaln(counts + 1) + r * np.log1p(-p) + counts * np.log(p))


def negbin_stats(r, p):
    return -np.sum(stats.nbinom.logpmf(np.array([0, 3, 12]), r, p))


def sinkhorn_cost(a, c):
    eps = 0.05
    log_a, log_b = np.log(a), np.log(np.array([0.5, 0.5]))
    f, g = np.zeros(2), np.zeros(2)
    for _ in range(3):
        f = -eps * logsumexp((g[None, :] - c) / eps + log_b[None, :], axis=1)
        g = -eps * logsumexp((f[:, None] - c) / eps + log_a[:, None], axis=0)
    return a @ f + 0.5 * g.sum()


def weighted_row_lse(x):
    mask = np.array([[1.0, 0.0, 1.0], [0.0, 0.0, 0.0]])
    lse = logsumexp(x, axis=1, b=mask)
    return np.sum(np.where(mask.any(axis=1), lse, 0.0))


def huber_select(r):
    a = np.abs(r)
    return np.sum(np.select([a <= 1.0, a > 1.0], [0.5 * r * r, a - 0.5]))


def huber_piecewise(r):
    return np.sum(np.piecewise(r, [np.abs(r) <= 1.0], [lambda t: 0.5 * t * t, lambda t: np.abs(t) - 0.5]))


def angle_acos(a, b):
    cos = a @ b / (np.linalg.norm(a) * np.linalg.norm(b))
    return np.arccos(np.clip(cos, -1.0, 1.0))


def angle_atan2(a, b):
    return np.arctan2(np.linalg.norm(np.cross(a, b)), np.dot(a, b))


def heading(y, x):
    return np.arctan2(y, x)


def indexed_xent(logits):
    labels = np.array([0, 2, -1])
    logp = logits - logsumexp(logits, axis=1, keepdims=True)
    return -logp[np.arange(3), labels].mean()


def take_xent(logits):
    labels = np.array([[0], [2], [2]])
    logp = logits - logsumexp(logits, axis=1, keepdims=True)
    return -np.take_along_axis(logp, labels, axis=1).mean()


def scale_log_prob(rho, x):
    scale = np.log1p(np.exp(rho))
    return np.sum(-np.log(scale) - 0.5 * (x / scale) ** 2)


def log_softmax_pick(x):
    from scipy.special import log_softmax
    return -log_softmax(x)[0]


def signed_lse(x):
    value, sign = logsumexp(x, b=np.array([1.0, -1.0, 1.0]), return_sign=True)
    return value * sign


def kalman2d(q):
    f = np.array([[1.0, 1.0], [0.0, 1.0]])
    h = np.array([[1.0, 0.0]])
    p = np.eye(2)
    m = np.zeros(2)
    total = 0.0
    for obs in [0.5, 1.4, 2.2]:
        m = f @ m
        p = f @ p @ f.T + q * np.eye(2)
        s = h @ p @ h.T + 0.1
        k = p @ h.T / s
        resid = obs - (h @ m)[0]
        total = total + 0.5 * (np.log(s[0, 0]) + resid ** 2 / s[0, 0])
        m = m + k[:, 0] * resid
        p = (np.eye(2) - k @ h) @ p
    return total


def cumulative_softplus(x):
    return np.sum(np.cumsum(np.logaddexp(0.0, x)) ** 2)


def smoothstep_select(t):
    return np.sum(np.select([t < 0.0, t < 1.0], [0.0 * t, t * t * (3 - 2 * t)], default=1.0 + 0.0 * t))


def tail_lse(x):
    return np.logaddexp(0.0, logsumexp(x[3:])) + np.sum(x ** 2)
