"""A user's plain NumPy and SciPy code, round 40c: a qubit's von Neumann entropy by eigvalsh, a thermal free energy by
expm and by eigvalsh with logsumexp, Kirchhoff's spanning trees by slogdet and det, a two-state chain's stationary
law by solve, a Gaussian process's likelihood by Cholesky, the spectral norm, the top two of a sort, a survival curve
by cumsum and a product of reliabilities."""

import numpy as np
from scipy import linalg
from scipy.special import logsumexp, xlogy


def von_neumann_entropy(r):
    x, z = r
    rho = 0.5 * np.array([[1.0 + z, x], [x, 1.0 - z]])
    levels = np.linalg.eigvalsh(rho)
    return -np.sum(xlogy(levels, levels))


def free_energy_expm(h):
    a, b, c = h
    return -np.log(np.trace(linalg.expm(-np.array([[a, c], [c, b]]))))


def free_energy_eig(h):
    a, b, c = h
    return -logsumexp(-np.linalg.eigvalsh(np.array([[a, c], [c, b]])))


def reduced_laplacian(w):
    w01, w02, w12 = w
    return np.array([[w01 + w12, -w12], [-w12, w02 + w12]])


def log_spanning_trees(w):
    return np.linalg.slogdet(reduced_laplacian(w))[1]


def log_spanning_trees_det(w):
    return np.log(np.linalg.det(reduced_laplacian(w)))


def stationary_first(rates):
    a, b = rates
    return np.linalg.solve(np.array([[-a, b], [1.0, 1.0]]), np.array([0.0, 1.0]))[0]


def gp_log_marginal(theta):
    ell, s = theta
    k = np.exp(-1.0 / (2 * ell ** 2))
    chol = np.linalg.cholesky(np.array([[1 + s ** 2, k], [k, 1 + s ** 2]]))
    alpha = linalg.solve_triangular(chol, np.array([0.5, -0.25]), lower=True)
    return -0.5 * np.sum(alpha ** 2) - np.sum(np.log(np.diag(chol))) - np.log(2 * np.pi)


def spectral_norm(a):
    return np.linalg.norm(a, 2)


def top_two(x):
    return np.sum(np.sort(x)[-2:])


def expected_lifetime(h):
    return np.sum(np.exp(-np.cumsum(h)))


def all_working(x):
    return np.prod(x)
