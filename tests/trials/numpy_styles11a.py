"""A user's plain NumPy code in two more import styles (`import numpy as xp`, `from numpy import linalg as LA`,
`import scipy.special as sps`, `from scipy.stats import gamma, beta as beta_law`): a gamma log-likelihood in its
shape at 1e-300 and 1e300, a beta log-likelihood with data at 1e-300, a log-determinant by slogdet of a nearly
singular correlation, a log-sum-exp written by hand with the max subtracted at +-800, a Huber loss by abs and
minimum, entropy by sps.entr at 5e-324, a softplus flow's log-density with the scale at -800, and log1p-of-exp
spellings."""

import numpy as xp
import scipy.special as sps
from numpy import linalg as LA
from scipy.stats import beta as beta_law
from scipy.stats import gamma

SAMPLES = xp.array([0.5, 2.0])


def gamma_shape(a):
    return xp.sum(gamma.logpdf(SAMPLES, a))


def beta_tiny_data(a):
    return xp.sum(beta_law.logpdf(xp.array([1e-300, 0.3]), a, 2.0))


def corr_logdet(rho):
    c = xp.array([[1.0, 0.0], [0.0, 1.0]]) + rho * xp.array([[0.0, 1.0], [1.0, 0.0]])
    sign, logdet = LA.slogdet(c)
    return logdet


def hand_lse(x):
    m = xp.max(x)
    return m + xp.log(xp.sum(xp.exp(x - m)))


def huber_minimum(r):
    a = xp.abs(r)
    q = xp.minimum(a, 1.0)
    return xp.sum(0.5 * q ** 2 + (a - q))


def entropy(p):
    return xp.sum(sps.entr(p))


def softplus_flow(raw):
    scale = xp.log1p(xp.exp(raw))
    z = (1.5 - 0.5) / scale
    return -0.5 * z ** 2 - xp.log(scale)


def softplus_flow_stable(raw):
    scale = xp.logaddexp(0.0, raw)
    z = (1.5 - 0.5) / scale
    return -0.5 * z ** 2 - xp.log(scale)


def eigh_logdet(w):
    cov = w @ w.T + 0.1 * xp.eye(2)
    return xp.sum(xp.log(LA.eigh(cov)[0]))
