"""A user's plain NumPy code, twenty-fifth round (second half): a Lennard-Jones cluster's energy with a shifted cutoff,
softened and bare Coulomb energies, a triangle's area by Heron's formula and by Kahan's ordering, the angle between
two vectors by arccos of a dot and by arctan2 of the cross product, a dihedral angle by np.arctan2, a polygon's
perimeter by np.hypot of np.diff, Black-Scholes calls written with math.erf, implied volatility by Newton steps in a
for loop, Bachelier's normal-model price, the von Mises log-likelihood by np.i0, Planck's spectrum by np.exp, np.expm1
and its tail form, the inverse of softplus by np.log(np.expm1) and by np.log1p, relativistic kinetic energy, a running
variance from np.cumsum, a total variation by np.diff and a Charbonnier one, and log-returns' volatility."""

import math

import numpy as np

# --- physics --------------------------------------------------------------------------------------------------------


def _pair_distances(pos):
    diff = pos[:, None, :] - pos[None, :, :]
    i, j = np.triu_indices(pos.shape[0], k=1)
    return np.sqrt(np.sum(diff[i, j] ** 2, axis=-1))


def lennard_jones_energy(pos):
    """sum over pairs of 4 ((1/r)^12 - (1/r)^6), cut at r = 2.5 and shifted to 0 there."""
    r = _pair_distances(pos)
    rc = 2.5

    def lj(d):
        inv6 = (1.0 / d) ** 6
        return 4.0 * (inv6 ** 2 - inv6)

    return np.sum(np.where(r < rc, lj(r) - lj(rc), 0.0))


def softened_coulomb(pos):
    """Charges +1, -1, +1 with Plummer softening 0.1."""
    q = np.array([1.0, -1.0, 1.0])
    diff = pos[:, None, :] - pos[None, :, :]
    r2 = np.sum(diff ** 2, axis=-1) + 0.1 ** 2
    qq = q[:, None] * q[None, :]
    return 0.5 * np.sum(qq / np.sqrt(r2) * (1.0 - np.eye(3)))


def bare_gravity(pos):
    """-sum over pairs of 1 / |x_i - x_j| (unit masses), by np.linalg.norm."""
    total = 0.0
    for i in range(pos.shape[0]):
        for j in range(i + 1, pos.shape[0]):
            total = total - 1.0 / np.linalg.norm(pos[i] - pos[j])
    return total


def relativistic_kinetic(v):
    """m c^2 (gamma - 1) of a 1 kg body, c = 299792458 m/s."""
    c = 299792458.0
    gamma = 1.0 / np.sqrt(1.0 - (v / c) ** 2)
    return np.sum((gamma - 1.0) * c ** 2)


def relativistic_kinetic_stable(v):
    """The same energy as m v^2 gamma^2 / (gamma + 1), which cancels nothing."""
    c = 299792458.0
    gamma = 1.0 / np.sqrt(1.0 - (v / c) ** 2)
    return np.sum(v ** 2 * gamma ** 2 / (gamma + 1.0))


# --- geometry -------------------------------------------------------------------------------------------------------


def heron_area(sides):
    a, b, c = sides
    s = 0.5 * (a + b + c)
    return np.sqrt(s * (s - a) * (s - b) * (s - c))


def kahan_area(sides):
    a, b, c = np.sort(sides)[::-1]
    return 0.25 * np.sqrt((a + (b + c)) * (c - (a - b)) * (c + (a - b)) * (a + (b - c)))


def angle_by_arccos(u):
    v = np.array([1.0, 0.0, 0.0])
    return np.arccos(np.dot(u, v) / (np.linalg.norm(u) * np.linalg.norm(v)))


def angle_by_arctan2(u):
    v = np.array([1.0, 0.0, 0.0])
    return np.arctan2(np.linalg.norm(np.cross(u, v)), np.dot(u, v))


def dihedral(p):
    """The torsion angle of four points (p is 4 x 3), by the IUPAC arctan2 form."""
    b0, b1, b2 = p[0] - p[1], p[2] - p[1], p[3] - p[2]
    b1n = b1 / np.linalg.norm(b1)
    v = b0 - np.dot(b0, b1n) * b1n
    w = b2 - np.dot(b2, b1n) * b1n
    return np.arctan2(np.dot(np.cross(b1n, v), w), np.dot(v, w))


def perimeter(vertices):
    """The perimeter of a closed polygon (vertices n x 2)."""
    closed = np.vstack([vertices, vertices[:1]])
    steps = np.diff(closed, axis=0)
    return np.sum(np.hypot(steps[:, 0], steps[:, 1]))


# --- finance --------------------------------------------------------------------------------------------------------


def _norm_cdf(x):
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def black_scholes_call(s):
    """A call with K = 100, r = 1%, sigma = 20%, one year, written with math.erf as the textbook does."""
    k, r, sigma, t = 100.0, 0.01, 0.2, 1.0
    d1 = (np.log(s / k) + (r + 0.5 * sigma ** 2) * t) / (sigma * np.sqrt(t))
    d2 = d1 - sigma * np.sqrt(t)
    return s * _norm_cdf(d1) - k * np.exp(-r * t) * _norm_cdf(d2)


def _call_price(s, sigma):
    from scipy.stats import norm
    k, t = 100.0, 1.0
    d1 = (np.log(s / k) + 0.5 * sigma ** 2 * t) / (sigma * np.sqrt(t))
    d2 = d1 - sigma * np.sqrt(t)
    return s * norm.cdf(d1) - k * norm.cdf(d2)


def implied_vol(price):
    """Implied volatility of a zero-rate call (S = 100, K = 100, T = 1) by 30 Newton steps from 0.3."""
    s, t = 100.0, 1.0
    sigma = 0.3
    for _ in range(30):
        d1 = (0.5 * sigma ** 2 * t) / (sigma * np.sqrt(t))
        vega = s * np.exp(-0.5 * d1 ** 2) / np.sqrt(2.0 * np.pi) * np.sqrt(t)
        sigma = sigma - (_call_price(s, sigma) - price) / vega
    return sigma


def bachelier_call(f):
    """The normal-model call on a forward f, strike 0.02, normal vol 0.01, one year."""
    from scipy.stats import norm
    k, vol = 0.02, 0.01
    d = (f - k) / vol
    return np.sum((f - k) * norm.cdf(d) + vol * norm.pdf(d))


def log_return_volatility(prices):
    r = np.diff(np.log(prices))
    return np.std(r, ddof=1)


# --- special functions ----------------------------------------------------------------------------------------------


def von_mises_nll(kappa):
    """Negative log-likelihood of three angles under von Mises(0.2, kappa), normalised by np.i0."""
    x = np.array([0.1, 0.5, -0.3])
    return -np.sum(kappa * np.cos(x - 0.2) - np.log(2.0 * np.pi * np.i0(kappa)))


def planck(x):
    """The dimensionless blackbody spectrum x^3 / (e^x - 1)."""
    return np.sum(x ** 3 / (np.exp(x) - 1.0))


def planck_expm1(x):
    return np.sum(x ** 3 / np.expm1(x))


def planck_tail(x):
    return np.sum(x ** 3 * np.exp(-x) / -np.expm1(-x))


def softplus_inverse(y):
    return np.sum(np.log(np.expm1(y)))


def softplus_inverse_tail(y):
    return np.sum(y + np.log1p(-np.exp(-y)))


# --- running statistics and finite differences ----------------------------------------------------------------------


def running_variance_last(x):
    """The variance of the whole series from cumulative sums (E[x^2] - E[x]^2), the last entry of the running one."""
    n = np.arange(1, x.shape[0] + 1)
    mean = np.cumsum(x) / n
    mean_sq = np.cumsum(x ** 2) / n
    return (mean_sq - mean ** 2)[-1]


def total_variation(x):
    return np.sum(np.abs(np.diff(x)))


def charbonnier_variation(x):
    return np.sum(np.sqrt(np.diff(x) ** 2 + 1e-6))
