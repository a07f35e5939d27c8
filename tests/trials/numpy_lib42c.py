"""A user's plain NumPy code, round 42c: a tide's height at far-off times (np.cos of a rounded phase, and the phase
reduced by np.fmod first), a traverse leg's bearing by np.arctan2 and its length by np.linalg.norm and np.hypot, a
two-link arm's elbow angle by np.arccos and its manipulability by np.linalg.det, a seventh power by np.polyval near its
root, arccosh by its logarithm, the textbook variance, and a survival curve's log by np.cumprod."""

import numpy as np

M2_PERIOD = 44714.16
M2_OMEGA = 2 * np.pi / M2_PERIOD


def tide_height(t):
    return np.sum(1.2 * np.cos(M2_OMEGA * t - 0.7))


def tide_height_reduced(t):
    return np.sum(1.2 * np.cos(M2_OMEGA * np.fmod(t, M2_PERIOD) - 0.7))


def bearing(d):
    return np.arctan2(d[0], d[1])


def leg_length_norm(d):
    return np.linalg.norm(d)


def leg_length(d):
    return np.hypot(d[0], d[1])


def elbow_angle(x, y):
    return np.arccos((x ** 2 + y ** 2 - 1.0 - 0.25) / (2 * 1.0 * 0.5))


def det_jacobian(q):
    s1, c1, s12, c12 = np.sin(q[0]), np.cos(q[0]), np.sin(q[0] + q[1]), np.cos(q[0] + q[1])
    return np.linalg.det(np.array([[-s1 - 0.5 * s12, -0.5 * s12], [c1 + 0.5 * c12, 0.5 * c12]]))


def septic_polyval(x):
    return np.sum(np.polyval([1.0, -7.0, 21.0, -35.0, 35.0, -21.0, 7.0, -1.0], x))


def arccosh_log(x):
    return np.sum(np.log(x + np.sqrt(x * x - 1)))


def variance_textbook(x):
    return np.mean(x ** 2) - np.mean(x) ** 2


def log_partial_products(x):
    return np.sum(np.log(np.cumprod(x)))

