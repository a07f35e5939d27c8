"""A user's plain NumPy and SciPy code, round 44c: SO(3)'s exponential map by Rodrigues' formula and the log map's
theta / (2 sin theta), the Poincare distance by np.arccosh, Hagan's SABR z / x(z), the Student-t log density by
scipy.special.gammaln and by scipy.stats.t.logpdf, the von Mises log normaliser by scipy.special.i0 and i0e, the GEV
and generalized-Pareto log densities by np.log1p and by scipy.stats.genextreme / genpareto, log(-log(1 - p)), the Tweedie
deviance, and scipy.spatial.transform.Rotation (which gradcli does not replay)."""

import numpy as np
from scipy import special, stats
from scipy.spatial.transform import Rotation


def so3_exp_apply(w):
    theta = np.linalg.norm(w)
    k = np.array([[0.0, -w[2], w[1]], [w[2], 0.0, -w[0]], [-w[1], w[0], 0.0]])
    p = np.array([1.0, 2.0, 3.0])
    rotated = p + np.sin(theta) / theta * (k @ p) + (1 - np.cos(theta)) / theta ** 2 * (k @ (k @ p))
    return rotated[1]


def so3_log_coeff(theta):
    return theta / (2 * np.sin(theta))


def poincare_distance(u, v):
    duv = np.sum((u - v) ** 2)
    return np.arccosh(1 + 2 * duv / ((1 - np.sum(u ** 2)) * (1 - np.sum(v ** 2))))


def sabr_z_over_x(z, rho):
    x = np.log((np.sqrt(1 - 2 * rho * z + z ** 2) + z - rho) / (1 - rho))
    return z / x


def student_t_logpdf(x, nu):
    return (special.gammaln((nu + 1) / 2) - special.gammaln(nu / 2) - 0.5 * np.log(nu * np.pi)
            - (nu + 1) / 2 * np.log1p(x ** 2 / nu))


def student_t_scipy(x, nu):
    return stats.t.logpdf(x, nu)


def von_mises_log_norm(kappa):
    return np.log(2 * np.pi * special.i0(kappa))


def von_mises_log_norm_i0e(kappa):
    return np.log(2 * np.pi) + np.log(special.i0e(kappa)) + kappa


def gev_logpdf_log1p(x, xi):
    y = np.log1p(xi * x) / xi
    return -(1 + xi) * y - np.exp(-y)


def gev_scipy(x, c):
    """SciPy's shape c is -xi."""
    return stats.genextreme.logpdf(x, c)


def gpd_scipy(x, c):
    return stats.genpareto.logpdf(x, c)


def cloglog(p):
    return np.log(-np.log(1 - p))


def cloglog_log1p(p):
    return np.log(-np.log1p(-p))


def tweedie_deviance(y, mu, p):
    return 2 * (y ** (2 - p) / ((1 - p) * (2 - p)) - y * mu ** (1 - p) / (1 - p) + mu ** (2 - p) / (2 - p))


def rotate_scipy(w):
    return Rotation.from_rotvec(w).apply(np.array([1.0, 2.0, 3.0]))[1]
