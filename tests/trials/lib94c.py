"""A user's code on gradcli.numpy, round 94c: geostatistics and spatial interpolation as people fit them by gradient
(inverse distance weighting, variogram models, Matern covariances in closed form and by the Bessel function,
simple kriging and its variance, great-circle distances, anisotropic distances, a Gaussian field's log-likelihood)."""

import math

import gradcli.numpy as np
from gradcli.scipy.special import gamma, kv

# three sampled locations (x, y) for the interpolators
PTS = np.array([[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]])
EPS = 1e-6  # the smoothing of IDW's squared distance
EARTH_R = 6371.0  # km


# --- inverse distance weighting -------------------------------------------------------------------------------------


def _idw(q, z, power):
    d = np.sqrt(np.sum((PTS - q) ** 2, axis=1))
    w = 1.0 / d ** power
    return np.sum(w * z) / np.sum(w)


def idw_p1(q, z):
    """Shepard's interpolation with power 1 at the query q (2,) from the values z (3,) at PTS."""
    return _idw(q, z, 1.0)


def idw_p2(q, z):
    """Shepard's interpolation with power 2."""
    return _idw(q, z, 2.0)


def idw_smoothed(q, z):
    """Power 2 with the squared distance smoothed: w = 1 / (d^2 + eps), d^2 summed directly."""
    d2 = np.sum((PTS - q) ** 2, axis=1)
    w = 1.0 / (d2 + EPS)
    return np.sum(w * z) / np.sum(w)


def idw_smoothed_dist(q, z):
    """The same smoothing written from the distance: w = 1 / (d^2 + eps) with d = the norm."""
    d = np.sqrt(np.sum((PTS - q) ** 2, axis=1))
    w = 1.0 / (d ** 2 + EPS)
    return np.sum(w * z) / np.sum(w)


# --- variogram models -----------------------------------------------------------------------------------------------


def spherical_variogram(h, a, c):
    """The spherical model: c (1.5 h / a - 0.5 (h / a)^3) below the range a, the sill c beyond."""
    return np.where(h < a, c * (1.5 * h / a - 0.5 * (h / a) ** 3), c)


def spherical_variogram_min(h, a, c):
    """The same with the lag clipped at the range: s = min(h / a, 1)."""
    s = np.minimum(h / a, 1.0)
    return c * (1.5 * s - 0.5 * s ** 3)


def nugget_spherical(h, c0, a, c):
    """A nugget c0 plus the spherical model for h > 0, and gamma(0) = 0."""
    return np.where(h > 0, c0 + c * np.where(h < a, 1.5 * h / a - 0.5 * (h / a) ** 3, 1.0), 0.0)


def exponential_variogram(h, a, c):
    """The exponential model with the practical range a: c (1 - exp(-3 h / a))."""
    return c * (1.0 - np.exp(-3.0 * h / a))


def exponential_variogram_expm1(h, a, c):
    return -c * np.expm1(-3.0 * h / a)


def gaussian_variogram(h, a, c):
    """The Gaussian model: c (1 - exp(-3 (h / a)^2))."""
    return c * (1.0 - np.exp(-3.0 * (h / a) ** 2))


def gaussian_variogram_xy(x1, x2, a, c):
    """The Gaussian model at the lag between two locations (2,)."""
    h = np.sqrt(np.sum((x1 - x2) ** 2))
    return c * (1.0 - np.exp(-3.0 * (h / a) ** 2))


# --- Matern covariances ---------------------------------------------------------------------------------------------


def matern12(r, l):
    return np.exp(-r / l)


def matern32(r, l):
    s = math.sqrt(3.0) * r / l
    return (1.0 + s) * np.exp(-s)


def matern52(r, l):
    s = math.sqrt(5.0) * r / l
    return (1.0 + s + s ** 2 / 3.0) * np.exp(-s)


def _dist(x1, x2):
    return np.sqrt(np.sum((x1 - x2) ** 2))


def matern12_xy(x1, x2, l):
    return matern12(_dist(x1, x2), l)


def matern32_xy(x1, x2, l):
    return matern32(_dist(x1, x2), l)


def matern52_xy(x1, x2, l):
    return matern52(_dist(x1, x2), l)


def _matern_bessel(r, l, nu):
    x = math.sqrt(2.0 * nu) * r / l
    return 2.0 ** (1.0 - nu) / gamma(nu) * x ** nu * kv(nu, x)


def matern_bessel12(r, l):
    """The Matern covariance by its general formula 2^(1-nu) / Gamma(nu) x^nu K_nu(x), nu = 1/2."""
    return _matern_bessel(r, l, 0.5)


def matern_bessel32(r, l):
    return _matern_bessel(r, l, 1.5)


def matern_bessel52(r, l):
    return _matern_bessel(r, l, 2.5)


# --- simple kriging -------------------------------------------------------------------------------------------------

Z2 = np.array([1.0, 2.0])


def _gauss_cov(xa, xb):
    return np.exp(-((xa[:, None] - xb[None, :]) ** 2))


def _exp_cov(xa, xb):
    return np.exp(-np.abs(xa[:, None] - xb[None, :]))


def simple_kriging(x, x0, tau2):
    """The simple-kriging prediction at x0 from the data Z2 at x (2,), Gaussian covariance, nugget tau2."""
    C = _gauss_cov(x, x) + tau2 * np.eye(2)
    c0 = np.exp(-((x - x0) ** 2))
    w = np.linalg.solve(C, c0)
    return np.sum(w * Z2)


def simple_kriging_exp(x, x0, tau2):
    """The same with the exponential covariance exp(-|h|)."""
    C = _exp_cov(x, x) + tau2 * np.eye(2)
    c0 = np.exp(-np.abs(x - x0))
    w = np.linalg.solve(C, c0)
    return np.sum(w * Z2)


def kriging_variance(x0, x):
    """The simple-kriging variance 1 - c0' C^-1 c0 at x0 from the locations x (3,), Gaussian covariance."""
    C = _gauss_cov(x, x)
    c0 = np.exp(-((x - x0) ** 2))
    return 1.0 - np.dot(c0, np.linalg.solve(C, c0))


def kriging_variance_exp(x0, x):
    C = _exp_cov(x, x)
    c0 = np.exp(-np.abs(x - x0))
    return 1.0 - np.dot(c0, np.linalg.solve(C, c0))


# --- distances ------------------------------------------------------------------------------------------------------


def haversine(lat1, lon1, lat2, lon2):
    """The great-circle distance in km, angles in radians."""
    a = np.sin((lat2 - lat1) / 2) ** 2 + np.cos(lat1) * np.cos(lat2) * np.sin((lon2 - lon1) / 2) ** 2
    return 2 * EARTH_R * np.arcsin(np.sqrt(a))


def haversine_deg(lat1, lon1, lat2, lon2):
    """The same, angles in degrees."""
    return haversine(np.radians(lat1), np.radians(lon1), np.radians(lat2), np.radians(lon2))


def aniso_distance(dx, dy, ratio):
    """The geometric-anisotropy distance: the minor axis stretched by 1 / ratio."""
    return np.sqrt(dx ** 2 + (dy / ratio) ** 2)


def aniso_hypot(dx, dy, ratio):
    return np.hypot(dx, dy / ratio)


# --- a Gaussian field's likelihood ----------------------------------------------------------------------------------

XS = np.array([0.0, 0.5, 1.0, 1.5])
ZS = np.array([0.3, -0.1, 0.4, 0.2])


def gp_loglik(l, s2):
    """log N(ZS; 0, K), K = s2 exp(-(x - x')^2 / (2 l^2)) at XS."""
    K = s2 * np.exp(-0.5 * ((XS[:, None] - XS[None, :]) / l) ** 2)
    sign, logdet = np.linalg.slogdet(K)
    return -0.5 * np.dot(ZS, np.linalg.solve(K, ZS)) - 0.5 * logdet - 0.5 * len(ZS) * np.log(2 * np.pi)
