"""A user's plain NumPy code with star and aliased imports (`from numpy import *`, `from scipy.special import expit
as sigmoid, gammaln as lgamma, digamma`): a focal loss, and a negative-binomial log-likelihood in its dispersion."""

from numpy import *  # noqa: F401,F403 - the user's own style
from scipy.special import expit as sigmoid, gammaln as lgamma

TARGETS = array([1.0, 0.0])  # noqa: F405
COUNTS = array([0.0, 3.0, 10.0])  # noqa: F405


def focal_loss(z):
    p = sigmoid(z)
    return -sum(TARGETS * (1 - p) ** 2 * log(p) + (1 - TARGETS) * p ** 2 * log(1 - p))  # noqa: F405


def negbin_ll(r):
    mu = 4.0
    k = COUNTS
    return sum(lgamma(k + r) - lgamma(r) - lgamma(k + 1) + r * log(r / (r + mu)) + k * log(mu / (r + mu)))  # noqa: F405
