"""A user's plain NumPy and SciPy code, round 52c: erfc / erfcx / ndtri / logit / exprel / gammaln / betaln / i0e /
k0e at their saturating or cancelling points, logsumexp with b= and return_sign, log-cosh both ways, pseudo-Huber, a
nearly constant variance and std, a cancelling dot, cumprod, and a softmax at temperature 1e-3."""

import numpy as np
from scipy import special


def log_erfc(x):
    return np.log(special.erfc(x))


def erfcx_plain(x):
    return special.erfcx(x)


def ndtri_plain(p):
    return special.ndtri(p)


def logit_plain(p):
    return special.logit(p)


def exprel_naive(x):
    return np.expm1(x) / x


def gammaln_plain(x):
    return special.gammaln(x)


def betaln_ab(a, b):
    return special.betaln(a, b)


def i0e_plain(x):
    return special.i0e(x)


def k0e_plain(x):
    return special.k0e(x)


def logsumexp_signed(z):
    value, sign = special.logsumexp(z, b=np.array([1.0, -1.0]), return_sign=True)
    return value


def log_cosh_naive(x):
    return np.log(np.cosh(x))


def log_cosh_softplus(x):
    return x + np.logaddexp(0.0, -2.0 * x) - np.log(2.0)


def pseudo_huber_naive(delta, r):
    return delta ** 2 * (np.sqrt(1.0 + (r / delta) ** 2) - 1.0)


def variance(x):
    return np.var(x)


def std_dev(x):
    return np.std(x)


def log_dot(x):
    return np.log(np.dot(x, np.ones(3)))


def prod_by_cumprod(x):
    return np.cumprod(x)[-1]


def softmax_cold(z):
    u = z / 1e-3
    e = np.exp(u - np.max(u))
    return e[0] / np.sum(e)


def sinc_plain(x):
    return np.sinc(x)


def arctanh_plain(x):
    return np.arctanh(x)


def digamma_plain(x):
    return special.digamma(x)
