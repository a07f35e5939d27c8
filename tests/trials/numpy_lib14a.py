"""A user's plain NumPy and SciPy code, fourteenth round: log-domain Sinkhorn by scipy.special.logsumexp, a
Gaussian-process marginal likelihood by np.linalg.cholesky and scipy.linalg.cho_solve, a bilinear form and a
trace by np.einsum, a log-determinant by np.linalg.slogdet near singularity, a clipped loss by np.clip at its
bounds, np.nan_to_num and np.errstate around a log, in-place updates of a copy, energy distances by np.sort,
quantiles by np.quantile and np.percentile, median / MAD and scipy.stats.trim_mean, logsumexp with negative
weights (b=, return_sign), and scipy.special's gammaln, digamma, betainc and xlog1py."""

import numpy as np
from scipy import linalg, special, stats


def sinkhorn_cost(shift, eps):
    x = np.array([0.0, 0.5, 1.0])
    y = np.array([0.2, 0.7, 1.1]) + shift
    cost = (x[:, None] - y[None, :]) ** 2
    log_w = np.log(np.full(3, 1.0 / 3.0))
    f = np.zeros(3)
    g = np.zeros(3)
    for _ in range(20):
        f = -eps * special.logsumexp((g[None, :] - cost) / eps + log_w[None, :], axis=1)
        g = -eps * special.logsumexp((f[:, None] - cost) / eps + log_w[:, None], axis=0)
    plan = np.exp((f[:, None] + g[None, :] - cost) / eps + log_w[:, None] + log_w[None, :])
    return np.sum(plan * cost)


def gp_nll(log_ls, log_noise):
    x = np.array([0.0, 0.3, 0.9, 2.0])
    y = np.array([0.5, -0.2, 1.0, 0.3])
    ls = np.exp(log_ls)
    d2 = (x[:, None] - x[None, :]) ** 2
    k = np.exp(-0.5 * d2 / ls ** 2) + (np.exp(log_noise) + 1e-6) * np.eye(4)
    chol = np.linalg.cholesky(k)
    alpha = linalg.cho_solve((chol, True), y)
    return 0.5 * y @ alpha + np.sum(np.log(np.diag(chol))) + 2.0 * np.log(2 * np.pi)


def bilinear(a, w):
    m = np.array([[2.0, -1.0], [0.5, 3.0]])
    return np.einsum("i,ij,j->", a, m, w) + np.einsum("ii->", np.outer(a, w))


def logdet_near_singular(t):
    m = np.array([[1.0, 1.0, 0.0], [1.0, 1.0 + t, 0.5], [0.0, 0.5, 2.0]])
    sign, logdet = np.linalg.slogdet(m)
    return sign * logdet


def clipped_loss(p):
    q = np.clip(p, 1e-7, 1 - 1e-7)
    return -np.sum(np.array([1.0, 0.0, 1.0]) * np.log(q) + np.array([0.0, 1.0, 0.0]) * np.log1p(-q))


def nan_guarded_log(x):
    with np.errstate(divide="ignore", invalid="ignore"):
        logs = np.log(x)
    logs = np.nan_to_num(logs, neginf=-50.0)
    return np.sum(logs * x)


def inplace_update(x):
    y = x.copy()
    y[0] += 2.0 * y[1]
    y *= 3.0
    y[1:] -= y[:-1]
    return np.sum(y ** 2)


def energy_distance(x, y):
    xs, ys = np.sort(x), np.sort(y)
    both = np.sort(np.concatenate([x, y]))
    return np.mean(np.abs(xs - ys)) + 0.1 * np.sum(both[1:] - both[:-1])


def quantile_of(x):
    return np.quantile(x, 0.3) + np.percentile(x, 90.0)


def median_mad(x):
    med = np.median(x)
    return np.median(np.abs(x - med))


def trimmed(x):
    return stats.trim_mean(x, 0.2)


def signed_lse(a):
    return special.logsumexp(a, b=np.array([1.0, -1.0]))


def lse_with_sign(a):
    value, sign = special.logsumexp(a, b=np.array([2.0, -1.0, 0.5]), return_sign=True)
    return value * sign


def beta_nll(a, b):
    x = np.array([0.1, 0.5, 0.9])
    log_beta = special.gammaln(a) + special.gammaln(b) - special.gammaln(a + b)
    return -np.sum((a - 1) * np.log(x) + (b - 1) * np.log1p(-x) - log_beta)


def digamma_sum(a):
    return np.sum(special.digamma(a))


def beta_cdf(x):
    return special.betainc(2.0, 3.0, x)


def xlog1py_loss(x, y):
    return np.sum(special.xlog1py(x, y))


def gp_nll_outer(log_ls):
    x = np.array([0.0, 0.3, 0.9])
    d2 = np.subtract.outer(x, x) ** 2
    k = np.exp(-0.5 * d2 / np.exp(2 * log_ls)) + 1e-6 * np.eye(3)
    return np.linalg.slogdet(k)[1]


def weighted_guarded_log(w, x):
    with np.errstate(divide="ignore"):
        logs = np.nan_to_num(np.log(x), neginf=-50.0)
    return np.sum(w * logs)


def weighted_guarded_log_args():
    return {"w": np.array([0.5, 2.0]), "x": np.array([0.0, 0.5])}


def masked_relu_loss(x):
    y = x.copy()
    y[y < 0] = 0.0
    return np.sum(np.array([1.0, 2.0, 3.0]) * y ** 2)


def capped_exp(x):
    with np.errstate(over="ignore"):
        return np.sum(np.minimum(np.exp(x), 1e300))
