"""A legacy NumPy/SciPy module, forty-fourth round (first part): camera models (an equidistant fisheye by np.hypot and
np.arctan2, Brown-Conrady distortion by np.polyval, a homography near the horizon, the Sampson error, a triangulation
angle by np.arccos and by np.arctan2 of np.cross), quantitative finance (Hagan's SABR volatility as printed and with its
series behind np.where; a call spread by np.select and by np.piecewise) and generalized linear models (the cloglog
link by log and by log1p, a probit link by scipy.special.ndtri and its likelihood by log_ndtr, gamma and
inverse-Gaussian deviances, a Box-Cox transform by hand, by expm1 and by scipy.special.boxcox; a Tweedie fit by
scipy.optimize.minimize_scalar, which gradcli.scipy lacks)."""

import numpy as np
from scipy import optimize, special

# --- camera models ---------------------------------------------------------------------------------------------------

FOCAL = 800.0
CX = 320.0


def fisheye_u(a, b):
    r = np.hypot(a, b)
    theta = np.arctan2(r, 1.0)
    return FOCAL * theta / r * a + CX


def distort(x, y, k1, k2, k3):
    r2 = x * x + y * y
    return x * np.polyval([k3, k2, k1, 1.0], r2)


H = np.array([[1.0, 0.2, 3.0], [0.1, 1.0, -2.0], [0.001, 0.002, 1.0]])


def homography_u(x, y):
    p = H.dot(np.array([x, y, 1.0]))
    return p[0] / p[2]


def homography_u_matmul(x, y):
    p = H @ np.array([x, y, 1.0])
    return p[0] / p[2]


F_MAT = np.array([[0.0, -1.0, 0.25], [1.0, 0.0, -0.5], [-0.25, 0.5, 0.0]])


def sampson(x1, x2):
    p1 = np.append(x1, 1.0)
    p2 = np.append(x2, 1.0)
    fx1 = F_MAT.dot(p1)
    ftx2 = F_MAT.T.dot(p2)
    num = p2.dot(fx1) ** 2
    den = fx1[0] ** 2 + fx1[1] ** 2 + ftx2[0] ** 2 + ftx2[1] ** 2
    return num / den


RAY1 = np.array([0.0, 0.0, 1.0])


def triangulation_angle(r2):
    c = RAY1.dot(r2) / (np.linalg.norm(RAY1) * np.linalg.norm(r2))
    return np.arccos(np.clip(c, -1.0, 1.0))


def triangulation_angle_matmul(r2):
    c = (RAY1 @ r2) / (np.linalg.norm(RAY1) * np.linalg.norm(r2))
    return np.arccos(np.clip(c, -1.0, 1.0))


def triangulation_angle_atan2(r2):
    return np.arctan2(np.linalg.norm(np.cross(RAY1, r2)), RAY1.dot(r2))


# --- quantitative finance --------------------------------------------------------------------------------------------

BETA = 0.5
EXPIRY = 2.0


def sabr_vol(F, K, alpha, rho, nu):
    fk = (F * K) ** ((1.0 - BETA) / 2.0)
    logfk = np.log(F / K)
    z = nu / alpha * fk * logfk
    x = np.log((np.sqrt(1.0 - 2.0 * rho * z + z * z) + z - rho) / (1.0 - rho))
    denom = fk * (1.0 + (1.0 - BETA) ** 2 / 24.0 * logfk ** 2 + (1.0 - BETA) ** 4 / 1920.0 * logfk ** 4)
    corr = 1.0 + ((1.0 - BETA) ** 2 / 24.0 * alpha ** 2 / fk ** 2 + rho * BETA * nu * alpha / (4.0 * fk)
                  + (2.0 - 3.0 * rho ** 2) / 24.0 * nu ** 2) * EXPIRY
    return alpha / denom * (z / x) * corr


def sabr_vol_safe(F, K, alpha, rho, nu):
    fk = (F * K) ** ((1.0 - BETA) / 2.0)
    logfk = np.log(F / K)
    z = nu / alpha * fk * logfk
    small = np.abs(z) < 1e-6
    zs = np.where(small, 1.0, z)
    x = np.log((np.sqrt(1.0 - 2.0 * rho * zs + zs * zs) + zs - rho) / (1.0 - rho))
    ratio = np.where(small, 1.0 - 0.5 * rho * z + (2.0 - 3.0 * rho ** 2) / 12.0 * z * z, zs / x)
    denom = fk * (1.0 + (1.0 - BETA) ** 2 / 24.0 * logfk ** 2 + (1.0 - BETA) ** 4 / 1920.0 * logfk ** 4)
    corr = 1.0 + ((1.0 - BETA) ** 2 / 24.0 * alpha ** 2 / fk ** 2 + rho * BETA * nu * alpha / (4.0 * fk)
                  + (2.0 - 3.0 * rho ** 2) / 24.0 * nu ** 2) * EXPIRY
    return alpha / denom * ratio * corr


def call_spread(S):
    return np.sum(np.select([S < 90.0, S < 110.0], [np.zeros_like(S), (S - 90.0) / 20.0], 1.0))


def call_spread_piecewise(S):
    return np.sum(np.piecewise(S, [S < 90.0, (S >= 90.0) & (S < 110.0), S >= 110.0],
                                [0.0, lambda s: (s - 90.0) / 20.0, 1.0]))


# --- generalized linear models ---------------------------------------------------------------------------------------

def cloglog_link(p):
    return np.log(-np.log(1.0 - p))


def cloglog_link_log1p(p):
    return np.log(-np.log1p(-p))


def probit_link(p):
    return special.ndtri(p)


def probit_nll(eta):
    return -np.log(special.ndtr(eta))


def probit_nll_stable(eta):
    return -special.log_ndtr(eta)


def gamma_deviance(y, mu):
    return 2.0 * (-np.log(y / mu) + (y - mu) / mu)


def inverse_gaussian_deviance(y, mu):
    return (y - mu) ** 2 / (y * mu ** 2)


def inverse_gaussian_deviance_scaled(y, mu):
    return (y / mu - 1.0) ** 2 / y


def boxcox_by_hand(y, lam):
    return (y ** lam - 1.0) / lam


def boxcox_expm1(y, lam):
    return np.expm1(lam * np.log(y)) / lam


def boxcox_scipy(y, lam):
    return special.boxcox(y, lam)


def tweedie_fit(p):
    """The mean that minimises a Tweedie deviance, by scipy.optimize.minimize_scalar."""
    y = np.array([0.0, 2.0, 0.5])
    dev = lambda m: np.sum(-y * m ** (1.0 - p) / (1.0 - p) + m ** (2.0 - p) / (2.0 - p))  # noqa: E731
    return optimize.minimize_scalar(dev, bounds=(1e-6, 10.0), method="bounded").x
