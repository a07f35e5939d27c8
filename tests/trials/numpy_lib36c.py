"""A user's plain NumPy and SciPy code, round 36c: Weibull hazards, 2-out-of-3 systems, a mixture's log-reliability,
chi-square log p-values, posterior probabilities, the Airy rainbow, Bessel Y0 and the perimeter of an ellipse."""

import numpy as np
from scipy import special


def weibull_hazard_naive(t):
    u = t / 1000.0
    return np.sum(2.0 / 1000.0 * u * np.exp(-u ** 2) / np.exp(-u ** 2))


def weibull_hazard(t):
    return np.sum(2.0 / 1000.0 * (t / 1000.0))


def two_of_three_unreliability_naive(q):
    return np.sum(1 - special.bdtrc(1, 3, 1 - q))


def two_of_three_unreliability(q):
    return np.sum(special.bdtrc(1, 3, q))


def mixture_log_reliability_naive(t):
    return np.log(np.sum(np.array([0.5, 0.3, 0.2]) * np.exp(-t / np.array([1.0, 10.0, 100.0]))))


def mixture_log_reliability(t):
    return special.logsumexp(-t / np.array([1.0, 10.0, 100.0]), b=np.array([0.5, 0.3, 0.2]))


def chi2_log_pvalue_naive(x):
    return np.sum(np.log(1 - special.chdtr(4, x)))


def chi2_log_pvalue(x):
    return np.sum(np.log1p(x / 2) - x / 2)


def posterior_naive(loglik):
    e = np.exp(loglik)
    return e[0] / np.sum(e)


def posterior(loglik):
    return special.softmax(loglik)[0]


def rainbow_intensity(x):
    ai, aip, bi, bip = special.airy(x)
    return np.sum(ai ** 2)


def bessel_y0(x):
    return np.sum(special.y0(x))


def ellipse_perimeter(a, b):
    return np.sum(4 * a * special.ellipe(1 - (b / a) ** 2))
