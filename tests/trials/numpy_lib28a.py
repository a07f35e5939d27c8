"""A user's plain NumPy code, twenty-eighth round (first third): robotics (SE(3)'s exponential map by Rodrigues' formula
with np.cross, naive and with a Taylor switch, and its rotation's angle by np.arctan2), pharmacokinetics (Bateman's
oral dose by np.exp, by scipy.special.exprel, and a two-dose regimen), queueing (Erlang B by a Python loop, by
scipy.special.gammaln and logsumexp, Erlang C, Little's law at rho -> 1), signal processing (the log-spectral
distance between two framed signals by np.fft.rfft with and without a floor, the Itakura-Saito divergence in a loop,
a cepstral distance by np.fft.irfft of log magnitudes), geostatistics (the Matern 3/2 variogram in log space,
ordinary kriging with a distance matrix by np.sqrt of squared differences (its zero diagonal) and by np.abs, a
kriging variance by np.block and np.linalg.solve), special relativity (the Lorentz factor, the log of the kinetic
energy, np.arctanh rapidities, relativistic Doppler), biochemistry (Hill's equation by powers and by
scipy.special.expit of logs), graphics (GGX and Schlick's Fresnel) and the Gibbs energy of mixing by xlogy at the
pure ends; Erlang B by scipy.special.factorial too."""

import numpy as np
import scipy.special

# --- robotics: SE(3) ------------------------------------------------------------------------------------------------

RHO = np.array([1.0, 2.0, 3.0])


def se3_translation(w):
    """The translation of exp([w, rho]): rho + a (w x rho) + b (w x (w x rho)), Barfoot's coefficients."""
    theta = np.linalg.norm(w)
    a = (1.0 - np.cos(theta)) / theta ** 2
    b = (theta - np.sin(theta)) / theta ** 3
    wr = np.cross(w, RHO)
    return np.sum(RHO + a * wr + b * np.cross(w, wr))


def se3_translation_taylor(w):
    """The same with the series when theta^2 < 1e-6 (an if on the value: NumPy code branches in Python)."""
    theta_sq = np.dot(w, w)
    if theta_sq < 1e-6:
        a = 0.5 - theta_sq / 24.0
        b = 1.0 / 6.0 - theta_sq / 120.0
    else:
        theta = np.sqrt(theta_sq)
        a = (1.0 - np.cos(theta)) / theta_sq
        b = (theta - np.sin(theta)) / (theta_sq * theta)
    wr = np.cross(w, RHO)
    return np.sum(RHO + a * wr + b * np.cross(w, wr))


def rotation_angle_sq(w):
    """The squared angle of exp(W) recovered by arctan2(|sin| part, cos part) from the rotation matrix's trace."""
    theta = np.linalg.norm(w)
    c = np.cos(theta)
    s = np.sin(theta)
    return np.arctan2(s, c) ** 2


# --- pharmacokinetics -----------------------------------------------------------------------------------------------

DOSE, VOLUME = 100.0, 20.0


def oral_concentration(ka, ke):
    """Bateman's concentration at t = 3 after an oral dose."""
    t = 3.0
    return DOSE * ka / (VOLUME * (ka - ke)) * (np.exp(-ke * t) - np.exp(-ka * t))


def oral_concentration_exprel(ka, ke):
    """The same as D ka t e^(-ka t) exprel((ka - ke) t) / V, scipy's exprel(x) = (e^x - 1) / x."""
    t = 3.0
    return DOSE * ka * t * np.exp(-ka * t) * scipy.special.exprel((ka - ke) * t) / VOLUME


def two_dose_auc(ka, ke):
    """The trapezoid area under two doses 6 hours apart, sampled every half hour over a day."""
    t = np.linspace(0.0, 24.0, 49)
    c = np.zeros_like(t)
    for start in (0.0, 6.0):
        dt = np.maximum(t - start, 0.0)
        c = c + DOSE * ka / (VOLUME * (ka - ke)) * (np.exp(-ke * dt) - np.exp(-ka * dt))
    return np.trapezoid(c, t)


# --- queueing -------------------------------------------------------------------------------------------------------

SERVERS = 30


def erlang_b(load):
    """Erlang B by the recursion, in a Python loop."""
    b = 1.0
    for k in range(1, SERVERS + 1):
        b = load * b / (k + load * b)
    return b


def erlang_b_logs(load):
    """Erlang B by gammaln and logsumexp."""
    k = np.arange(SERVERS + 1)
    log_terms = k * np.log(load) - scipy.special.gammaln(k + 1)
    return np.exp(log_terms[-1] - scipy.special.logsumexp(log_terms))


def erlang_b_factorial(load):
    """Erlang B from its definition by scipy.special.factorial."""
    k = np.arange(SERVERS + 1)
    terms = load ** k / scipy.special.factorial(k)
    return terms[-1] / terms.sum()


def erlang_c_wait(load):
    """The mean wait of an M/M/30 queue in service times, C(A) / (c - A)."""
    b = erlang_b(load)
    rho = load / SERVERS
    c = b / (1.0 - rho * (1.0 - b))
    return c / (SERVERS - load)


def mm1_log_wait(rho):
    """The log of an M/M/1 queue's mean wait, log(rho / (1 - rho))."""
    return np.log(rho / (1.0 - rho))


# --- signal processing ----------------------------------------------------------------------------------------------


def _frames(x):
    window = np.hanning(8)
    return np.stack([x[s:s + 8] * window for s in range(0, len(x) - 7, 4)])


REFERENCE = np.cos(0.9 * np.arange(16)) * np.linspace(1.0, 0.5, 16)


def log_spectral_distance(x):
    """The mean over frames of the log-spectral distance in decibels to the reference, with a floor of 1e-12."""
    px = np.abs(np.fft.rfft(_frames(x), axis=-1)) ** 2 + 1e-12
    py = np.abs(np.fft.rfft(_frames(REFERENCE), axis=-1)) ** 2 + 1e-12
    return np.mean(np.sqrt(np.mean((10.0 * np.log10(px / py)) ** 2, axis=-1)))


def log_spectral_distance_no_floor(x):
    """The same without a floor."""
    px = np.abs(np.fft.rfft(_frames(x), axis=-1)) ** 2
    py = np.abs(np.fft.rfft(_frames(REFERENCE), axis=-1)) ** 2
    return np.mean(np.sqrt(np.mean((10.0 * np.log10(px / py)) ** 2, axis=-1)))


def itakura_saito_loop(p, q):
    """The Itakura-Saito divergence bin by bin in a Python loop."""
    total = 0.0
    for a, b in zip(p, q):
        total += a / b - np.log(a / b) - 1.0
    return total


def cepstral_distance(x):
    """The distance between the first 4 real-cepstrum coefficients of x and of the reference."""
    cx = np.fft.irfft(np.log(np.abs(np.fft.rfft(x)) + 1e-9))[:4]
    cy = np.fft.irfft(np.log(np.abs(np.fft.rfft(REFERENCE)) + 1e-9))[:4]
    return np.sum((cx - cy) ** 2)


# --- geostatistics --------------------------------------------------------------------------------------------------

LAGS = np.array([1e-4, 0.01, 0.5, 2.0])
SEMIVARIANCE = np.array([1e-8, 1e-4, 0.2, 0.8])


def matern32_log_fit(rng):
    """Least squares in log space of the Matern 3/2 variogram 1 - (1 + u) e^(-u), u = sqrt(3) h / r."""
    u = np.sqrt(3.0) * LAGS / rng
    model = 1.0 - (1.0 + u) * np.exp(-u)
    return np.sum((np.log(model) - np.log(SEMIVARIANCE)) ** 2)


def matern32_log_fit_stable(rng):
    """The same with 1 - (1 + u) e^(-u) as -expm1(-u) - u e^(-u)."""
    u = np.sqrt(3.0) * LAGS / rng
    model = -np.expm1(-u) - u * np.exp(-u)
    return np.sum((np.log(model) - np.log(SEMIVARIANCE)) ** 2)


OBSERVED = np.array([1.2, 0.4, -0.3])
TARGET_SITE = np.array([0.5, 0.5])


def kriging_at_sites(sites):
    """Ordinary kriging at (0.5, 0.5) from three sites (rows of x, y), exponential covariance of range 1, as a
    function of where the sites are; distances by the square root of summed squares."""
    diff = sites[:, None, :] - sites[None, :, :]
    dist = np.sqrt(np.sum(diff ** 2, axis=-1))
    cov = np.exp(-dist)
    n = len(sites)
    system = np.ones((n + 1, n + 1))
    system[:n, :n] = cov
    system[n, n] = 0.0
    rhs = np.append(np.exp(-np.sqrt(np.sum((sites - TARGET_SITE) ** 2, axis=-1))), 1.0)
    weights = np.linalg.solve(system, rhs)[:n]
    return weights @ OBSERVED


def kriging_at_sites_1d(sites):
    """The same on a line, distances by np.abs."""
    dist = np.abs(sites[:, None] - sites[None, :])
    cov = np.exp(-dist)
    n = len(sites)
    system = np.ones((n + 1, n + 1))
    system[:n, :n] = cov
    system[n, n] = 0.0
    rhs = np.append(np.exp(-np.abs(sites - 0.5)), 1.0)
    weights = np.linalg.solve(system, rhs)[:n]
    return weights @ OBSERVED


def kriging_variance(rng):
    """Ordinary kriging's variance at 1.7 for sites 0, 1, 2.5, exponential covariance e^(-d / r)."""
    sites = np.array([0.0, 1.0, 2.5])
    cov = np.exp(-np.abs(sites[:, None] - sites[None, :]) / rng)
    system = np.block([[cov, np.ones((3, 1))], [np.ones((1, 3)), np.zeros((1, 1))]])
    rhs = np.append(np.exp(-np.abs(sites - 1.7) / rng), 1.0)
    solution = np.linalg.solve(system, rhs)
    return 1.0 - solution @ rhs


# --- special relativity ---------------------------------------------------------------------------------------------


def lorentz_factor(v):
    return np.sum(1.0 / np.sqrt(1.0 - v ** 2))


def log_kinetic_energy(v):
    """log(gamma - 1), gamma = 1 / sqrt(1 - v^2)."""
    return np.sum(np.log(1.0 / np.sqrt(1.0 - v ** 2) - 1.0))


def log_kinetic_energy_stable(v):
    """The same as log(v^2) - log(s) - log1p(s), s = sqrt((1 - v)(1 + v))."""
    s = np.sqrt((1.0 - v) * (1.0 + v))
    return np.sum(np.log(v ** 2) - np.log(s) - np.log1p(s))


def rapidity(v):
    return np.sum(np.arctanh(v))


def doppler_log_shift(beta):
    """The log of the relativistic Doppler factor sqrt((1 + beta) / (1 - beta))."""
    return np.sum(np.log(np.sqrt((1.0 + beta) / (1.0 - beta))))


# --- biochemistry ---------------------------------------------------------------------------------------------------

K_HALF = 2.0


def hill(s, n):
    return np.sum(s ** n / (K_HALF ** n + s ** n))


def hill_expit(s, n):
    return np.sum(scipy.special.expit(n * (np.log(s) - np.log(K_HALF))))


# --- graphics -------------------------------------------------------------------------------------------------------


def ggx_ndf(alpha, n_dot_h):
    """GGX's normal distribution with Disney's a = alpha^2."""
    a2 = alpha ** 4
    d = n_dot_h ** 2 * (a2 - 1.0) + 1.0
    return a2 / (np.pi * d ** 2)


def schlick_fresnel(cos_theta):
    """Schlick's approximation for glass (F0 = 0.04), summed over angles."""
    return np.sum(0.04 + 0.96 * (1.0 - cos_theta) ** 5)


# --- thermodynamics -------------------------------------------------------------------------------------------------


def gibbs_mixing(x):
    """The Gibbs energy of a regular binary solution per RT: x log x + (1 - x) log(1 - x) + 2 x (1 - x)."""
    return np.sum(scipy.special.xlogy(x, x) + scipy.special.xlogy(1.0 - x, 1.0 - x) + 2.0 * x * (1.0 - x))


def gibbs_mixing_naive(x):
    return np.sum(x * np.log(x) + (1.0 - x) * np.log(1.0 - x) + 2.0 * x * (1.0 - x))
