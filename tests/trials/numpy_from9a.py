"""A user's NumPy code by `from numpy import ...`: a relative growth whose value cancels and whose slope does not, and
a log of a difference of exponentials."""

from numpy import exp, log, sqrt


def growth(x):
    return sqrt(1 + x) - 1


def log_diff_exp(a, b):
    return log(exp(a) - exp(b))
