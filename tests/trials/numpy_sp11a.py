"""A user's plain NumPy and SciPy code (`import numpy as np`, `from scipy.special import ...`, `from scipy import
stats`): a Poisson regression's log-likelihood by xlogy and gammaln at rates of 1e-300, a beta-binomial in its
concentration at 1e-300 and 1e300, a von Mises log-likelihood through i0e at kappa = 1e-300 and 1e4, a Student-t
log-likelihood through scipy.stats in its degrees of freedom, a Gaussian mixture through logsumexp's weights,
masked attention by -inf, a Cholesky Gaussian log-likelihood with scipy.linalg's triangular solve, a quantile loss by
np.where at its kink, Euler steps of a logistic growth in a Python loop, and ufunc methods users reach for
(np.logaddexp.reduce, np.maximum.reduce)."""

import numpy as np
from scipy import stats
from scipy.linalg import solve_triangular
from scipy.special import gammaln, i0e, logsumexp, xlogy

COUNTS = np.array([0.0, 3.0, 1.0])
ANGLES = np.array([0.1, -2.0, 3.0])
VALUES = np.array([1.0, 2.0, 3.0, 4.0])
MASK = np.array([True, False, True, True])


def poisson_ll(rate):
    return np.sum(xlogy(COUNTS, rate) - rate - gammaln(COUNTS + 1))


def beta_binomial_ll(conc):
    k, n, m = 2.0, 5.0, 0.3
    a, b = conc * m, conc * (1.0 - m)
    return (gammaln(n + 1) - gammaln(k + 1) - gammaln(n - k + 1)
            + gammaln(k + a) + gammaln(n - k + b) - gammaln(n + a + b)
            + gammaln(a + b) - gammaln(a) - gammaln(b))


def vonmises_ll(kappa):
    return np.sum(kappa * np.cos(ANGLES - 0.5) - np.log(2 * np.pi * i0e(kappa)) - kappa)


def student_df_ll(df):
    return np.sum(stats.t.logpdf(np.array([0.5, -3.0, 10.0]), df))


def mixture_lse(means):
    x = np.array([0.0, 1.5, 900.0])
    log_comp = -0.5 * (x[:, None] - means[None, :]) ** 2
    return np.sum(logsumexp(log_comp, axis=1, b=np.array([0.25, 0.75])[None, :]))


def masked_softmax_avg(s):
    logits = np.where(MASK, s, -np.inf)
    e = np.exp(logits - np.max(logits))
    return np.sum(e * VALUES) / np.sum(e)


def chol_nll(w):
    cov = np.outer(w, w) + 0.5 * np.eye(2)
    chol = np.linalg.cholesky(cov)
    y = np.array([1.0, -2.0])
    alpha = solve_triangular(chol, y, lower=True)
    return 0.5 * alpha @ alpha + np.sum(np.log(np.diag(chol)))


def quantile_loss(q):
    y = np.array([1.0, 2.0, 3.0])
    r = y - q
    return np.sum(np.where(r >= 0, 0.9 * r, -0.1 * r))


def logistic_growth(r):
    y = 0.01
    for _ in range(50):
        y = y + 0.1 * r * y * (1.0 - y)
    return y


def lse_reduce(x):
    return np.logaddexp.reduce(x)


def max_reduce(x):
    return np.maximum.reduce(x ** 2)


def interp_cost(x):
    return np.sum(np.interp(x, np.array([0.0, 1.0, 3.0]), np.array([0.0, 2.0, 3.0])))


def median_loss(x):
    return np.median(x) ** 2


def naive_masked_lse(s):
    return np.log(np.sum(np.where(MASK, np.exp(s), 0.0)))
