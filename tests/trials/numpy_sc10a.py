"""A user's plain NumPy and SciPy code, written against `import numpy as onp` and `import scipy.special as sc`:
a logistic regression through log_expit at margins of +-800, the naive log(expit(z)), Gaussian tails through
log_ndtr, a log of erfcx, a signed log-sum-exp with negative weights, a batch of log-softmax cross-entropies, and a
Box-Cox likelihood in its lambda."""

import numpy as onp
import scipy.special as sc

X = onp.array([[1.0, 2.0], [-3.0, 0.5], [2.0, -1.0]])
Y = onp.array([1.0, -1.0, 1.0])
W = onp.array([1.0, -1.0, 0.5])
ONE_HOT = onp.array([[1.0, 0.0, 0.0], [0.0, 0.0, 1.0]])
DATA = onp.array([0.5, 2.0, 7.0])


def logistic_loss(w):
    return -onp.sum(sc.log_expit(Y * (X @ w)))


def log_expit_naive(z):
    return onp.sum(onp.log(sc.expit(z)))


def gauss_tail(x):
    return onp.sum(sc.log_ndtr(x))


def log_erfcx(x):
    return onp.sum(onp.log(sc.erfcx(x)))


def weighted_lse(a):
    value, sign = sc.logsumexp(a, b=W, return_sign=True)
    return value


def batch_ce(z):
    return -onp.sum(ONE_HOT * sc.log_softmax(z, axis=1)) / z.shape[0]


def boxcox_ll(lmbda):
    return onp.sum(sc.boxcox(DATA, lmbda))


def gauss_bump(x):
    return onp.sum(onp.exp(-x * x))


def erfc_far(x):
    return onp.sum(sc.erfc(x))


def tanh_far(x):
    return onp.sum(onp.tanh(x))
