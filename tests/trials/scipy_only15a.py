"""A user's SciPy code that imports no NumPy: the normal distribution's log-CDF, twice, by scipy.special."""

from scipy import special


def log_normal_cdf(x):
    return special.log_ndtr(x) * 2.0
