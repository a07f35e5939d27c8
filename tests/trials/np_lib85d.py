"""A user's plain NumPy / SciPy code, eighty-fifth round (d): an analysis script's molecular mechanics energies in
reduced units: Lennard-Jones, Ewald's real space by scipy.special.erfc and by 1 - erf, a bond through the minimum image
by np.round, a bond and a position restraint by np.linalg.norm, a bond angle by arccos and by arctan2, a torsion by
arctan2, Morse, a soft-core and a Buckingham potential."""

import numpy as np
from scipy.special import erf, erfc

EPS, SIG, Q, BOX = 1.0, 1.0, 2.0, 10.0
K_BOND, R0 = 2.0, 1.5
K_ANG, THETA0 = 3.0, 1.9
K_TOR, N_TOR = 0.5, 3
D_M, A_M, R0_M = 2.0, 1.5, 1.0
A_B, B_B, C_B = 1000.0, 4.0, 10.0
XREF = np.array([0.5, -1.0, 2.0])


def lj(r):
    sr6 = (SIG / r) ** 6
    return 4 * EPS * (sr6 * sr6 - sr6)


def ewald_real(r, alpha):
    return Q * erfc(alpha * r) / r


def ewald_real_hand(r, alpha):
    return Q * (1.0 - erf(alpha * r)) / r


def mic_bond(x):
    d = x[0] - x[1]
    d = d - BOX * np.round(d / BOX)
    return K_BOND * (np.linalg.norm(d) - R0) ** 2


def bond(x):
    return K_BOND * (np.linalg.norm(x[0] - x[1]) - R0) ** 2


def restraint(x):
    return K_BOND * np.linalg.norm(x - XREF) ** 2


def angle_acos(x):
    a, b = x[0] - x[1], x[2] - x[1]
    theta = np.arccos(np.dot(a, b) / (np.linalg.norm(a) * np.linalg.norm(b)))
    return K_ANG * (theta - THETA0) ** 2


def angle_atan2(x):
    a, b = x[0] - x[1], x[2] - x[1]
    theta = np.arctan2(np.linalg.norm(np.cross(a, b)), np.dot(a, b))
    return K_ANG * (theta - THETA0) ** 2


def torsion(x):
    b1, b2, b3 = x[1] - x[0], x[2] - x[1], x[3] - x[2]
    n1, n2 = np.cross(b1, b2), np.cross(b2, b3)
    m1 = np.cross(n1, b2 / np.linalg.norm(b2))
    phi = np.arctan2(np.dot(m1, n2), np.dot(n1, n2))
    return K_TOR * (1 + np.cos(N_TOR * phi))


def morse(r):
    return D_M * (1 - np.exp(-A_M * (r - R0_M))) ** 2


def softcore(r, alpha):
    return 1 / (r ** 6 + alpha) ** 0.5


def buckingham(r):
    return A_B * np.exp(-B_B * r) - C_B / r ** 6
