"""A user's NumPy and SciPy code, eighteenth round: the log of a Bessel function of large order, log1mexp by one
where, a sigmoid cross-entropy by logaddexp, log-binomial coefficients by betaln, the angle between rotations by
atan2, and a quaternion normalised by its norm."""

import numpy as np
from scipy import special

# --- log I_v ---------------------------------------------------------------------------------------------------------

ORDER = 200.0


def log_iv(x):
    return np.sum(np.log(special.iv(ORDER, x)))


# --- log1mexp --------------------------------------------------------------------------------------------------------

def log1mexp(x):
    """log(1 - e^x) for x < 0, by Maechler's switch at -log 2."""
    return np.sum(np.where(x > -np.log(2.0), np.log(-np.expm1(x)), np.log1p(-np.exp(x))))


# --- sigmoid cross-entropy -------------------------------------------------------------------------------------------

LABELS = np.array([0.3, 1.0, 0.0])


def sigmoid_ce(z):
    """-y log s(z) - (1 - y) log s(-z) = (1 - y) z + log(1 + e^-z)."""
    return np.sum((1.0 - LABELS) * z + np.logaddexp(0.0, -z))


# --- binomial coefficients -------------------------------------------------------------------------------------------

def log_binom(n, k):
    """log C(n, k) = -log(n + 1) - log B(n - k + 1, k + 1)."""
    return -np.log(n + 1.0) - special.betaln(n - k + 1.0, k + 1.0)


# --- rotations ---------------------------------------------------------------------------------------------------------

def _rot_z(a):
    c, s = np.cos(a), np.sin(a)
    return np.array([[c, -s, 0.0], [s, c, 0.0], [0.0, 0.0, 1.0]])


def rotation_angle(a, b):
    """The angle of R(a)^T R(b) by atan2(|sin|, cos), both read off the matrix."""
    r = _rot_z(a).T @ _rot_z(b)
    skew = np.array([r[2, 1] - r[1, 2], r[0, 2] - r[2, 0], r[1, 0] - r[0, 1]])
    return np.arctan2(np.linalg.norm(skew) / 2.0, (np.trace(r) - 1.0) / 2.0)


def rotation_angle_acos(a, b):
    r = _rot_z(a).T @ _rot_z(b)
    return np.arccos((np.trace(r) - 1.0) / 2.0)


# --- quaternions -----------------------------------------------------------------------------------------------------

W_QUAT = np.array([0.5, -1.0, 2.0, 0.25])


def quat_score(q):
    return np.dot(q / np.linalg.norm(q), W_QUAT)


def log1m_exp(x):
    return np.sum(np.log1p(-np.exp(x)))
