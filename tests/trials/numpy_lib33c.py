"""A user's plain NumPy and SciPy code, round 33c: a Schottky heat capacity, Bose-Einstein occupancies, the 1D Ising
chain's free energy, a Buckingham potential, the Goldman-Hodgkin-Katz current, a Nernst potential, Tukey's biweight
by np.where, Cauchy's loss, the Tsallis q-logarithm, scipy.special's entr, kl_div, rel_entr, xlogy/xlog1py, log_ndtr,
logit, boxcox1p and powm1, and linear algebra (np.linalg.slogdet, a Frobenius norm, scipy.linalg.expm of a
nilpotent matrix)."""

import numpy as np
from scipy import linalg, special


def schottky_naive(x):
    e = np.exp(x)
    return np.sum(x ** 2 * e / (1 + e) ** 2)


def schottky(x):
    return np.sum(x ** 2 * special.expit(x) * special.expit(-x))


def bose_occupancy_naive(x):
    return np.sum(1 / (np.exp(x) - 1))


def bose_occupancy(x):
    return np.sum(1 / np.expm1(x))


def ising_free_energy(coupling, field):
    return np.sum(coupling + np.log(np.cosh(field) + np.sqrt(np.sinh(field) ** 2 + np.exp(-4 * coupling))))


def buckingham(r):
    return np.sum(1388.77 * np.exp(-2.76 * r) - 175.0 / r ** 6)


def ghk_current_naive(v, inside, outside):
    return np.sum(v * (inside - outside * np.exp(-v)) / (1 - np.exp(-v)))


def ghk_current(v, inside, outside):
    return np.sum((inside - outside * np.exp(-v)) / special.exprel(-v))


def nernst_naive(oxidised, reduced):
    return np.sum(np.log(oxidised / reduced))


def tukey_biweight_naive(r):
    c = 4.685
    u = (r / c) ** 2
    return np.sum(np.where(np.abs(r) <= c, c ** 2 / 6 * (1 - (1 - u) ** 3), c ** 2 / 6))


def cauchy_loss(r):
    return np.sum(np.log1p(r ** 2))


def q_log_naive(x, q):
    return np.sum((x ** (1 - q) - 1) / (1 - q))


def q_log(x, q):
    return np.sum(special.powm1(x, 1 - q) / (1 - q))


def entropies(p):
    return np.sum(special.entr(p))


def generalised_kl(x, y):
    return np.sum(special.kl_div(x, y))


def bernoulli_log_likelihood(k, p):
    return np.sum(special.xlogy(k, p) + special.xlog1py(1 - k, -p))


def log_normal_tail(x):
    return np.sum(special.log_ndtr(x))


def logit_sum(p):
    return np.sum(special.logit(p))


def box_cox_shift(x, lmbda):
    return np.sum(special.boxcox1p(x, lmbda))


def log_abs_det(a):
    return np.linalg.slogdet(a)[1]


def frobenius_norm(a):
    return np.linalg.norm(a)


def weighted_expm(a):
    w = np.array([[1.0, 2.0, -1.0], [0.5, 3.0, 4.0], [-2.0, 1.5, 0.25]])
    return np.sum(w * linalg.expm(a))


def huber_loss(r):
    return np.sum(special.huber(1.0, r))


def pseudo_huber_loss(r):
    return np.sum(special.pseudo_huber(1.0, r))
