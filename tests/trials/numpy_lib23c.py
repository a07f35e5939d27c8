"""A user's plain NumPy and SciPy code, twenty-third round (c): naive formulas with a known stable spelling
(log(1 - exp(-x)), (exp(x) - 1)/x, (1 - cos x)/x^2, log(cosh), atan(y/x), the log of a Gaussian cdf, sqrt of a sum of
squares, x log x, log(p / (1 - p)), the normal cdf by erf and by erfc)."""

import numpy as np
from scipy import special
from scipy.stats import norm


def log_one_minus_exp(x):
    return np.sum(np.log(1.0 - np.exp(-x)))


def relative_growth(x):
    return (np.exp(x) - 1.0) / x


def versine_ratio(x):
    return (1.0 - np.cos(x)) / x ** 2


def log_cosh_loss(x):
    return np.sum(np.log(np.cosh(x)))


def heading(x, y):
    return np.arctan(y / x)


def log_norm_cdf(x):
    return np.sum(np.log(norm.cdf(x)))


def radius(x, y):
    return np.sqrt(x * x + y * y)


def entropy_term(p):
    return np.sum(p * np.log(p))


def entropy_term_stable(p):
    return np.sum(special.xlogy(p, p))


def logit(p):
    return np.sum(np.log(p / (1.0 - p)))


def exprel_stable(x):
    return special.exprel(x)


def log_gauss_cdf_erf(x):
    return np.sum(np.log(0.5 * (1.0 + special.erf(x / np.sqrt(2.0)))))


def log_gauss_cdf_erfc(x):
    return np.sum(np.log(special.erfc(-x / 1.4142135623730951) / 2))
