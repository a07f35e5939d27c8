"""A user's plain NumPy and SciPy code, round 53c: log-likelihoods (negative binomial, Student-t, von Mises, Dirichlet,
zero-inflated Poisson), stable helpers (log1mexp, softplus-inverse, log-sigmoid, max-shifted logsumexp with keepdims,
logcumsumexp by np.logaddexp.accumulate), two-argument ops (arctan2, hypot, power) and norms / var with ddof."""

import numpy as np
from scipy import special


def negbin_ll(r, p, k):
    return special.gammaln(k + r) - special.gammaln(k + 1.0) - special.gammaln(r) + r * np.log(p) + k * np.log1p(-p)


def student_t_ll(x, nu):
    return special.gammaln((nu + 1.0) / 2.0) - special.gammaln(nu / 2.0) - 0.5 * np.log(nu * np.pi) \
        - (nu + 1.0) / 2.0 * np.log1p(x * x / nu)


def von_mises_ll(x, kappa):
    return kappa * np.cos(x) - np.log(2.0 * np.pi) - np.log(special.i0e(kappa)) - kappa


def dirichlet_ll(a, x):
    return special.gammaln(np.sum(a)) - np.sum(special.gammaln(a)) + np.sum((a - 1.0) * np.log(x))


def zip_zero(w, eta):
    log_pi = -np.logaddexp(0.0, -w)
    log_1mpi = -np.logaddexp(0.0, w)
    return np.logaddexp(log_pi, log_1mpi - np.exp(eta))


def log1mexp(x):
    return np.where(x < -np.log(2.0), np.log1p(-np.exp(x)), np.log(-np.expm1(x)))


def softplus_inv(x):
    return x + np.log(-np.expm1(-x))


def log_sigmoid(x):
    return -np.logaddexp(0.0, -x)


def lse_rows(z):
    m = np.max(z, axis=1, keepdims=True)
    return np.sum(m + np.log(np.sum(np.exp(z - m), axis=1, keepdims=True)))


def logcumsumexp_total(z):
    return np.sum(np.logaddexp.accumulate(z))


def logsumexp_by_reduce(z):
    return np.logaddexp.reduce(z)


def atan2_plain(y, x):
    return np.arctan2(y, x)


def hypot_plain(x, y):
    return np.hypot(x, y)


def power_plain(x, y):
    return np.power(x, y)


def norm2(x):
    return np.linalg.norm(x)


def norm_inf(x):
    return np.linalg.norm(x, ord=np.inf)


def var_ddof(x):
    return np.var(x, ddof=1)


def std_ddof(x):
    return np.std(x, ddof=1)
