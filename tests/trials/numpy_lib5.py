"""A user's plain NumPy and SciPy numerics, fifth round, written the way SciPy and TensorFlow Probability write them:
weighted logsumexp, a masked log-softmax, logit of expit, the softplus inverse, log1mexp with both branches, log_ndtr
far left, Student-t and Gumbel log densities, log-cosh, entropy with xlogy, hypot norms, Welford's variance, sinc."""

import numpy as np
import scipy.special
import scipy.stats
from scipy.special import expit, logit, logsumexp, xlogy

B = np.array([0.5, 2.0, 1.0])


def weighted_lse(x):
    return logsumexp(x, b=B)


MASK = np.array([True, False, True])


def masked_log_softmax(x):
    z = np.where(MASK, x, -np.inf)
    return (z - logsumexp(z))[0]


def logit_expit(x):
    return np.sum(logit(expit(x)))


def softplus_inverse(y):
    # TensorFlow Probability's spelling: log(exp(y) - 1) = y + log(-expm1(-y))
    return np.sum(y + np.log(-np.expm1(-y)))


def log1mexp(x):
    x = -np.abs(x)
    return np.sum(np.where(x < -np.log(2.0), np.log1p(-np.exp(x)), np.log(-np.expm1(x))))


def log_ndtr_far(x):
    return np.sum(scipy.special.log_ndtr(x))


def _log1psquare(x):
    # TFP's log1psquare: log(1 + x^2) without squaring a huge x
    big = np.abs(x) * np.finfo(np.float64).eps > 1.0
    safe = np.where(big, 1.0, x)
    return np.where(big, 2.0 * np.log(np.abs(x)), np.log1p(safe * safe))


def student_t(x, df=3.0):
    return np.sum(-0.5 * (df + 1.0) * _log1psquare(x / np.sqrt(df)))


def gumbel(x):
    return np.sum(-(x + np.exp(-x)))


def log_cosh(x):
    return np.sum(x + np.logaddexp(0.0, -2.0 * x) - np.log(2.0))


def entropy(p):
    return -np.sum(xlogy(p, p))


def hypot_cosine(x):
    y = np.array([1.0, 1.0])
    return (x[0] * y[0] + x[1] * y[1]) / (np.hypot(x[0], x[1]) * np.hypot(y[0], y[1]))


def welford(x):
    mean, m2 = 0.0, 0.0
    for k in range(x.shape[0]):
        delta = x[k] - mean
        mean = mean + delta / (k + 1)
        m2 = m2 + delta * (x[k] - mean)
    return m2 / x.shape[0]


def sinc_sum(x):
    return np.sum(np.sinc(x))


def scipy_log_softmax(x):
    return scipy.special.log_softmax(x)[0]


def scipy_entr(p):
    return np.sum(scipy.special.entr(p))


SIGNS = np.array([1.0, -1.0])


def signed_lse(x):
    lse, sign = logsumexp(x, b=SIGNS, return_sign=True)
    return lse


def erfcx_far(x):
    return np.sum(scipy.special.erfcx(x))


def norm_cosine(x):
    y = np.array([1.0, 2.0])
    return np.dot(x, y) / (np.linalg.norm(x) * np.linalg.norm(y))


Q = np.array([0.25, 0.75])


def relative_entropy(p):
    return np.sum(scipy.special.rel_entr(p, Q))


def angle(x):
    return np.arctan2(x[0], x[1])


def xlogy_y(y):
    return np.sum(scipy.special.xlogy(np.array([0.0, 3.0]), y))


def xlog1py_y(y):
    return np.sum(scipy.special.xlog1py(np.array([0.0, 3.0]), y))


def ndtr_far(x):
    return np.sum(scipy.special.ndtr(x))


def norm_cdf_far(x):
    return np.sum(scipy.stats.norm.cdf(x))
