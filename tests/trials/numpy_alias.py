import numpy as onp
from numpy import exp, log

rng = onp.random.default_rng(5)
WEIGHTS = rng.uniform(0.5, 1.5, size=3)


def logcosh(x):
    return onp.sum(WEIGHTS * log(onp.cosh(x)))


def expm1_naive(x):
    return (exp(x) - 1) / x


def hinge(x):
    return onp.maximum(0.0, 1.0 - x)
