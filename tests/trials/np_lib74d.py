"""A user's plain NumPy code, seventy-fourth round (d): graph neural networks on the same tiny graph (a duplicate edge
1 -> 2, a self-loop 3 -> 3, node 4 isolated) with np.add.at and np.maximum.at: GCN's normalisation without
self-loops guarded by np.where; mean aggregation with the count clamped to 1; max aggregation from a -inf base with the
empty neighbourhood set to 0 by np.where; link prediction's BCE (naive, and by np.logaddexp); the Laplacian's
eigenvalues by np.linalg.eigh; an inverse-degree-weighted loss."""

import numpy as np

N = 5
SRC = np.array([0, 1, 1, 2, 2, 3, 1, 3])
DST = np.array([1, 0, 2, 1, 3, 2, 2, 3])
POS = (np.array([0, 2]), np.array([1, 3]))
NEG = (np.array([0, 1]), np.array([4, 3]))
TARGET = np.array([0.2, -0.1, 0.4, 0.0, 0.3])


def _degree(ew):
    deg = np.zeros(N)
    np.add.at(deg, DST, ew)
    return deg


def gcn_where(x, ew):
    deg = _degree(ew)
    dinv = np.where(deg > 0, deg ** -0.5, 0.0)
    out = np.zeros(N)
    np.add.at(out, DST, dinv[SRC] * ew * dinv[DST] * x[SRC])
    return 0.5 * np.sum((out - TARGET) ** 2)


def mean_agg(x, w):
    s, cnt = np.zeros(N), np.zeros(N)
    np.add.at(s, DST, x[SRC])
    np.add.at(cnt, DST, 1.0)
    h = w[0] * x + w[1] * s / np.maximum(cnt, 1.0)
    return 0.5 * np.sum(h ** 2)


def max_agg(x, w):
    m = np.full(N, -np.inf)
    np.maximum.at(m, DST, x[SRC])
    m = np.where(np.isinf(m), 0.0, m)
    h = w[0] * x + w[1] * m
    return 0.5 * np.sum(h ** 2)


def _scores(z):
    return np.sum(z[POS[0]] * z[POS[1]], axis=-1), np.sum(z[NEG[0]] * z[NEG[1]], axis=-1)


def link_bce_naive(z):
    pos, neg = _scores(z)
    p, q = 1.0 / (1.0 + np.exp(-pos)), 1.0 / (1.0 + np.exp(-neg))
    return -np.mean(np.log(p)) - np.mean(np.log(1.0 - q))


def link_bce_logaddexp(z):
    pos, neg = _scores(z)
    return np.mean(np.logaddexp(0.0, -pos)) + np.mean(np.logaddexp(0.0, neg))


def _laplacian(w):
    A = np.zeros((4, 4))
    np.add.at(A, (np.array([0, 1, 2, 3]), np.array([1, 2, 3, 0])), w)
    A = A + A.T
    return np.diag(A.sum(axis=1)) - A


def lap_lambda2(w):
    return np.linalg.eigh(_laplacian(w))[0][1]


def lap_energy(w):
    return np.sum(np.linalg.eigvalsh(_laplacian(w)) ** 2)


def degree_weighted(x, ew):
    deg = _degree(ew)
    h = np.zeros(N)
    np.add.at(h, DST, ew * x[SRC])
    wts = np.where(deg > 0, 1.0 / deg, 0.0)
    return np.sum(wts * (h - TARGET) ** 2)
