"""A user's plain NumPy code, twenty-sixth round (first half): the eccentric anomaly by Newton's method on Kepler's
equation, the apoapsis speed by vis-viva two ways at an eccentricity near 1, Fresnel's s-reflectance at grazing
incidence and past the critical angle, Arrhenius rates and their logs at small temperatures, Nernst potentials by the
log of a ratio and by a difference of logs, the Weibull log-cdf by log(1 - exp) and by log(-expm1), the generalised
Pareto NLL by log and by log1p at a tiny shape, the Gumbel NLL, a FIR filter's energy by np.convolve, a matched
filter's peak by np.correlate, a polynomial filter by np.polyval, np.linalg.norm regularisers (2-norm, its square, the
nuclear norm, the sup norm), np.clip and hinge losses at their corners, bits by np.log2 of np.exp2, the inverse
hyperbolic sine by np.arcsinh and by its logarithm, Arrhenius rate ratios, Kepler by a converging while loop, the true
anomaly by np.arctan2, a sinc pulse's power, np.linalg.cond, safe division and logs by a ufunc's out= and where=, a
metal's reflectance through complex numbers, scipy.stats.nbinom.logpmf and np.poly1d."""

import numpy as np
import scipy.stats

# --- orbital mechanics ----------------------------------------------------------------------------------------------


def kepler_x(mean_anomaly, e):
    """x / a of an orbit at the mean anomaly: cos(E) - e, E solved from E - e sin E = M by 30 Newton steps."""
    E = mean_anomaly + 0.0 * e
    for _ in range(30):
        E = E - (E - e * np.sin(E) - mean_anomaly) / (1.0 - e * np.cos(E))
    return np.sum(np.cos(E) - e)


GM, SEMI_MAJOR = 398600.4418, 7000.0


def apoapsis_speed(e):
    """The speed at apoapsis by vis-viva, v^2 = GM (2 / r - 1 / a), r = a (1 + e)."""
    r = SEMI_MAJOR * (1.0 + e)
    return np.sum(np.sqrt(GM * (2.0 / r - 1.0 / SEMI_MAJOR)))


def apoapsis_speed_closed(e):
    """The same speed from v^2 = GM / a (1 - e) / (1 + e)."""
    return np.sum(np.sqrt(GM / SEMI_MAJOR * (1.0 - e) / (1.0 + e)))


# --- optics ---------------------------------------------------------------------------------------------------------


def fresnel_rs(theta, n1=1.0, n2=1.5):
    """The s-polarised reflectance from a medium of index n1 into n2 at incidence theta."""
    cos_i = np.cos(theta)
    cos_t = np.sqrt(1.0 - (n1 / n2 * np.sin(theta)) ** 2)
    rs = (n1 * cos_i - n2 * cos_t) / (n1 * cos_i + n2 * cos_t)
    return np.sum(rs ** 2)


def fresnel_rs_inside(theta):
    """The same reflectance from glass (1.5) into air."""
    return fresnel_rs(theta, 1.5, 1.0)


# --- chemistry ------------------------------------------------------------------------------------------------------

EA, R_GAS, PREFACTOR = 5.0e4, 8.314, 1.0e13


def log_arrhenius(T):
    """The log of an Arrhenius rate, log A - Ea / (R T)."""
    return np.sum(np.log(PREFACTOR) - EA / (R_GAS * T))


def log_arrhenius_naive(T):
    """The same log, the rate made first."""
    return np.sum(np.log(PREFACTOR * np.exp(-EA / (R_GAS * T))))


FARADAY = 96485.33212


def nernst(c_out, c_in):
    """The Nernst potential of a monovalent ion at 310 K, by the log of the concentration ratio."""
    return np.sum(R_GAS * 310.0 / FARADAY * np.log(c_out / c_in))


def nernst_split(c_out, c_in):
    """The same potential by a difference of logs."""
    return np.sum(R_GAS * 310.0 / FARADAY * (np.log(c_out) - np.log(c_in)))


# --- statistics -----------------------------------------------------------------------------------------------------


def weibull_log_cdf(x):
    """log F(x) of Weibull(k = 1.5, lambda = 2), by log(1 - exp(-(x / lambda)^k))."""
    return np.sum(np.log(1.0 - np.exp(-(x / 2.0) ** 1.5)))


def weibull_log_cdf_stable(x):
    """The same log-cdf by log(-expm1(-(x / lambda)^k))."""
    return np.sum(np.log(-np.expm1(-(x / 2.0) ** 1.5)))


DATA = np.array([0.3, 1.7, 4.2])


def gpd_nll(xi):
    """The generalised Pareto NLL of three points (scale 1.3) in its shape, by np.log1p."""
    return np.sum(np.log(1.3) + (1.0 + 1.0 / xi) * np.log1p(xi * DATA / 1.3))


def gpd_nll_naive(xi):
    """The same NLL by np.log(1 + ...)."""
    return np.sum(np.log(1.3) + (1.0 + 1.0 / xi) * np.log(1.0 + xi * DATA / 1.3))


def gumbel_nll(mu):
    """The Gumbel NLL of the three data points, scale 0.5, in its location."""
    z = (DATA - mu) / 0.5
    return np.sum(np.log(0.5) + z + np.exp(-z))


# --- signal processing ----------------------------------------------------------------------------------------------

SIGNAL = np.array([1.0, -0.5, 0.25, 2.0, 0.0])


def fir_energy(h):
    """The energy of a signal filtered by the taps h, by np.convolve."""
    return np.sum(np.convolve(SIGNAL, h) ** 2)


def matched_peak(h):
    """The largest valid correlation of (1, 0, 1, 2) with the template h."""
    return np.max(np.correlate(np.array([1.0, 0.0, 1.0, 2.0]), h, mode="valid"))


def polynomial_gain(z):
    """The gain of the polynomial filter 1 - 0.5 z + 0.25 z^2 - 0.125 z^3 by np.polyval, squared."""
    return np.sum(np.polyval(np.array([-0.125, 0.25, -0.5, 1.0]), z) ** 2)


# --- regularisers and piecewise losses ------------------------------------------------------------------------------


def l2_penalty(w):
    """0.1 ||w||_2 by np.linalg.norm."""
    return 0.1 * np.linalg.norm(w)


def l2_penalty_squared(w):
    """0.1 ||w||_2^2 by the square of np.linalg.norm."""
    return 0.1 * np.linalg.norm(w) ** 2


def nuclear_penalty(w):
    """The nuclear norm of a 2x2 matrix by np.linalg.norm(..., 'nuc')."""
    return np.linalg.norm(w.reshape(2, 2), "nuc")


def clipped_error(x):
    """The squared error of predictions clipped to [-1, 1], against 0.5."""
    return np.sum((np.clip(x, -1.0, 1.0) - 0.5) ** 2)


def hinge(w):
    """The hinge loss of a linear classifier on two labelled points."""
    xs = np.array([[1.0, 2.0], [-1.0, 0.5]])
    ys = np.array([1.0, -1.0])
    return np.sum(np.maximum(0.0, 1.0 - ys * (xs @ w)))


# --- bits and hyperbolic functions ----------------------------------------------------------------------------------


def bits_round_trip(x):
    """log2(2^x) summed: x itself."""
    return np.sum(np.log2(np.exp2(x)))


def asinh_builtin(x):
    return np.sum(np.arcsinh(x))


def asinh_by_log(x):
    """The inverse hyperbolic sine by its logarithm."""
    return np.sum(np.log(x + np.sqrt(x * x + 1.0)))


def acosh_builtin(x):
    return np.sum(np.arccosh(x))


# --- more orbits, rates and norms -----------------------------------------------------------------------------------


def rate_ratio(T):
    """k(T1) / k(T0) of an Arrhenius rate, each rate made first."""
    return np.exp(-EA / (R_GAS * T[1])) / np.exp(-EA / (R_GAS * T[0]))


def kepler_until_converged(mean_anomaly):
    """cos(E) - e for e = 0.5, E by Newton steps until a step is below 1e-12."""
    e = 0.5
    E = mean_anomaly
    step = 1.0
    while np.abs(step) > 1e-12:
        step = (E - e * np.sin(E) - mean_anomaly) / (1.0 - e * np.cos(E))
        E = E - step
    return np.cos(E) - e


def true_anomaly(E, e):
    """The true anomaly from the eccentric one by the half-angle form with arctan2."""
    return 2.0 * np.arctan2(np.sqrt(1.0 + e) * np.sin(E / 2.0), np.sqrt(1.0 - e) * np.cos(E / 2.0))


def sinc_power(x):
    """The power of a sinc pulse at the samples x, by np.sinc."""
    return np.sum(np.sinc(x) ** 2)


def max_penalty(w):
    """The largest magnitude of w by np.linalg.norm(w, np.inf)."""
    return np.linalg.norm(w, np.inf)


def condition_number(a):
    """The 2-norm condition number of a 2x2 matrix by np.linalg.cond."""
    return np.linalg.cond(a.reshape(2, 2))


def safe_ratio(a):
    """a / b where b is not 0, else 0, by np.divide's out= and where=."""
    b = np.array([0.0, 2.0, 4.0])
    return np.sum(np.divide(a, b, out=np.zeros_like(a), where=b != 0) ** 2)


def safe_log_sum(x):
    """The logs of the positive entries, 0 for the rest, by np.log's out= and where= into an array made first."""
    logs = np.zeros_like(x)
    np.log(x, out=logs, where=x > 0)
    return np.sum(logs)


def metal_reflectance(theta):
    """The s-reflectance of a metal of complex index 0.2 + 3.4i, through complex arithmetic."""
    n = 0.2 + 3.4j
    c = np.cos(theta)
    ct = np.sqrt(n * n - np.sin(theta) ** 2)
    r = (c - ct) / (c + ct)
    return np.sum(np.abs(r) ** 2)


def nbinom_counts(p):
    """The negative-binomial log-likelihood of the counts 0, 3 and 10 (n = 2.5) in p, by scipy.stats.nbinom.logpmf."""
    return np.sum(scipy.stats.nbinom.logpmf(np.array([0, 3, 10]), 2.5, p))


def poly1d_gain(z):
    """The polynomial filter's gain again, by np.poly1d."""
    return np.sum(np.poly1d([-0.125, 0.25, -0.5, 1.0])(z) ** 2)
