"""A user's plain NumPy and SciPy code, thirty-first round (first part), written as legacy code is: saturation vapour
pressure and dew point with math-style constants, Stefan-Boltzmann's effective temperature, growing degree days by a
loop over days branching on float() of each day, an energy-balance model stepping a temperature history array in
place; a two-link arm's elbow angle by np.arccos of np.clip'd cosines and by np.arctan2, its forward kinematics
accumulated link by link into a position array, a reach error whose link lengths come from a helper module of the
user's; a mass-spring-damper discretised by scipy.linalg.expm, LQR's Riccati iteration by np.linalg.solve in a Python
loop that stops on .item() of the change and by scipy.linalg.solve_discrete_are; Planck's law under np.errstate,
faint magnitudes floored by Python's max; a weak acid's pH by np.roots of its quadratic and by the closed form,
Nelson-Siegel loadings filled into an array in place, a flow's log-determinant by np.logaddexp."""

import math

import numpy as np
import scipy.linalg

import arm_geometry31a as geometry

# --- climate ---------------------------------------------------------------------------------------------------------

A_MAGNUS, B_MAGNUS, C_MAGNUS = 6.1094, 17.625, 243.04
SIGMA = 5.670374419e-8


def saturation_pressure(t):
    """Magnus-Tetens saturation vapour pressure (hPa) at t degC."""
    return A_MAGNUS * np.exp(B_MAGNUS * t / (t + C_MAGNUS))


def dew_point(t, rh):
    """Dew point (degC) from temperature and relative humidity (%)."""
    gamma = np.log(rh / 100.0) + B_MAGNUS * t / (C_MAGNUS + t)
    return C_MAGNUS * gamma / (B_MAGNUS - gamma)


def effective_temperature(flux):
    """Black-body temperature radiating the flux (W/m^2)."""
    return np.power(flux / SIGMA, 0.25)


def growing_degree_days(t, base=10.0):
    """Growing degree days, day by day, counting only days warmer than the base."""
    total = 0.0
    for day in t:
        if float(day) > base:
            total = total + (day - base)
    return total


def ebm_temperature(solar_factor, years=200):
    """Global mean temperature after 200 years of an energy-balance model, the history kept in an array."""
    history = np.zeros(years + 1)
    history[0] = 288.0
    for n in range(years):
        t = history[n]
        albedo = 0.5 - 0.2 * np.tanh((t - 265.0) / 10.0)
        net = 1361.0 * solar_factor / 4.0 * (1.0 - albedo) - 0.61 * SIGMA * t ** 4
        history[n + 1] = t + 3.15e7 / 4.0e8 * net
    return history[-1]


# --- robotics --------------------------------------------------------------------------------------------------------


def elbow_angle(target):
    """The elbow angle reaching target by the law of cosines, the cosine clipped against rounding."""
    c = (target[0] ** 2 + target[1] ** 2 - geometry.L1 ** 2 - geometry.L2 ** 2) / (2 * geometry.L1 * geometry.L2)
    return np.arccos(np.clip(c, -1.0, 1.0))


def elbow_angle_atan2(target):
    """The same by 2 atan2 of the factored half-angle square roots."""
    r = np.hypot(target[0], target[1])
    total, diff = geometry.L1 + geometry.L2, geometry.L1 - geometry.L2
    return 2 * np.arctan2(np.sqrt((total - r) * (total + r)), np.sqrt((r - diff) * (r + diff)))


def hand_position(q):
    """The hand's (x, y), accumulated link by link into a position array."""
    pos = np.zeros(2)
    angle = 0.0
    for length, joint in zip(geometry.LINKS, q):
        angle = angle + joint
        pos += geometry.rotation(angle) @ np.array([length, 0.0])
    return pos


def reach_error(q):
    """Squared distance from the hand to the goal."""
    gap = hand_position(q) - geometry.GOAL
    return 0.5 * gap @ gap


# --- control ---------------------------------------------------------------------------------------------------------


def discrete_response(k, c=0.4, dt=0.5):
    """The (0, 0) entry of the zero-order-hold transition matrix of a mass-spring-damper."""
    a = np.array([[0.0, 1.0], [-k, -c]])
    return scipy.linalg.expm(a * dt)[0, 0]


def lqr_cost(r):
    """trace P of the double integrator's discrete Riccati equation, iterated until P stops changing."""
    a = np.array([[1.0, 0.1], [0.0, 1.0]])
    b = np.array([[0.0], [0.1]])
    p = np.eye(2)
    for _ in range(2000):
        gain = np.linalg.solve(r + b.T @ p @ b, b.T @ p @ a)
        p_new = np.eye(2) + a.T @ p @ a - (b.T @ p @ a).T @ gain
        change = np.abs(p_new - p).max().item()
        p = p_new
        if change < 1e-13:
            break
    return np.trace(p)


def lqr_cost_scipy(r):
    """The same from SciPy's solver of the discrete algebraic Riccati equation."""
    a = np.array([[1.0, 0.1], [0.0, 1.0]])
    b = np.array([[0.0], [0.1]])
    p = scipy.linalg.solve_discrete_are(a, b, np.eye(2), np.array([[r]]))
    return np.trace(p)


# --- astronomy -------------------------------------------------------------------------------------------------------

H, C, K = 6.62607015e-34, 2.99792458e8, 1.380649e-23


def planck(temp, wavelength=500e-9):
    """Spectral radiance at 500 nm, overflow warnings silenced."""
    with np.errstate(over="ignore"):
        x = H * C / (wavelength * K * temp)
        return 2 * H * C ** 2 / wavelength ** 5 / (np.exp(x) - 1)


def planck_safe(temp, wavelength=500e-9):
    """The same as exp(-x) / -expm1(-x)."""
    x = H * C / (wavelength * K * temp)
    return 2 * H * C ** 2 / wavelength ** 5 * np.exp(-x) / -np.expm1(-x)


ZERO_POINT_MAG = 2.5 * math.log10(3631.0)


def magnitude_floor(flux):
    """AB magnitude of a flux in Jy, non-detections floored at 1e-12 Jy."""
    return -2.5 * np.log10(max(flux, 1e-12)) + ZERO_POINT_MAG


# --- chemistry -------------------------------------------------------------------------------------------------------

KA = 1.8e-5


def weak_acid_ph(conc):
    """pH of acetic acid from the positive root of h^2 + Ka h - Ka c."""
    h = (-KA + np.sqrt(KA * KA + 4 * KA * conc)) / 2
    return -np.log10(h)


def weak_acid_ph_roots(conc):
    """The same from np.roots, the larger root."""
    return -np.log10(np.roots([1.0, KA, -KA * conc]).max())


def weak_acid_ph_stable(conc):
    """The same root by the other form of the quadratic formula."""
    h = 2 * KA * conc / (KA + np.sqrt(KA * KA + 4 * KA * conc))
    return -np.log10(h)


# --- finance ---------------------------------------------------------------------------------------------------------


def nelson_siegel_curve(taus, b0=0.03, b1=-0.02, b2=0.01, lam=1.5):
    """Mean Nelson-Siegel yield over maturities, the loadings filled in place."""
    loadings = np.zeros((len(taus), 3))
    for i in range(len(taus)):
        x = taus[i] / lam
        slope = (1 - np.exp(-x)) / x
        loadings[i, 0] = 1.0
        loadings[i, 1] = slope
        loadings[i, 2] = slope - np.exp(-x)
    return np.mean(loadings @ np.array([b0, b1, b2]))


def nelson_siegel_curve_stable(taus, b0=0.03, b1=-0.02, b2=0.01, lam=1.5):
    """The same with the slope loading as -expm1(-x) / x."""
    x = np.asarray(taus) / lam
    slope = -np.expm1(-x) / x
    return np.mean(b0 + b1 * slope + b2 * (slope - np.exp(-x)))


# --- normalising flows -----------------------------------------------------------------------------------------------


def flow_logdet(s):
    """log |det J| of an affine flow with softplus scales, softplus by np.logaddexp."""
    with np.errstate(divide="ignore"):
        return np.sum(np.log(np.logaddexp(0.0, s)))
