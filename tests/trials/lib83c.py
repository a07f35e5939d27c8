"""A user's code on gradcli.numpy, round 83c: hydrology and environmental models as hydrologists and environmental
engineers calibrate them by gradient (Manning's velocity and discharge in a trapezoidal channel, its hydraulic radius,
Green-Ampt infiltration by Newton steps and the time to infiltrate a depth, Horton's decay and its cumulative
infiltration, the SCS curve-number runoff, a linear reservoir, its unit hydrograph and a Nash cascade, the FAO-56
Penman-Monteith reference evapotranspiration, Monod kinetics, first-order decay by half-lives, the Nash-Sutcliffe and
Kling-Gupta efficiencies and a log-NSE, a stage-discharge rating curve), checked at ordinary points and where they
break: a dry channel, a flat slope, F = 0, t = 0, k -> 0, P = Ia, CN = 100, T = -237.3, S = K = 0, constant
observations, a perfect fit, h = h0."""

import math

import gradcli.numpy as np
from gradcli.scipy.special import gammaln, lambertw

# --- open channels ----------------------------------------------------------------------------------------------------


def manning_velocity(n, R, S):
    """Manning's mean velocity (SI): V = (1/n) R^(2/3) sqrt(S)."""
    return (1.0 / n) * R ** (2.0 / 3.0) * np.sqrt(S)


def hydraulic_radius(b, z, y):
    """A trapezoid's hydraulic radius A / P: bottom width b, side slope z (horizontal per vertical), depth y."""
    area = (b + z * y) * y
    perimeter = b + 2.0 * y * np.sqrt(1.0 + z ** 2)
    return area / perimeter


def manning_velocity_depth(n, b, z, y, S):
    """Manning's velocity in a trapezoidal channel flowing at depth y."""
    area = (b + z * y) * y
    perimeter = b + 2.0 * y * np.sqrt(1.0 + z ** 2)
    R = area / perimeter
    return (1.0 / n) * R ** (2.0 / 3.0) * np.sqrt(S)


def manning_discharge(n, b, z, y, S):
    """The discharge Q = A V = (1/n) A R^(2/3) sqrt(S)."""
    area = (b + z * y) * y
    perimeter = b + 2.0 * y * np.sqrt(1.0 + z ** 2)
    R = area / perimeter
    return (1.0 / n) * area * R ** (2.0 / 3.0) * np.sqrt(S)


# --- infiltration -----------------------------------------------------------------------------------------------------


def ga_time(F, K, psi, dtheta):
    """Green-Ampt: the time to infiltrate a depth F, t = (F - psi dtheta ln(1 + F / (psi dtheta))) / K."""
    a = psi * dtheta
    return (F - a * np.log(1.0 + F / a)) / K


def ga_time_log1p(F, K, psi, dtheta):
    """The same with log1p."""
    a = psi * dtheta
    return (F - a * np.log1p(F / a)) / K


def ga_cumulative(K, psi, dtheta, t):
    """Green-Ampt's cumulative infiltration F(t), the root of F - a ln(1 + F/a) = K t, by eight Newton steps from
    K t + sqrt(2 a K t) (a = psi dtheta)."""
    a = psi * dtheta
    F = K * t + np.sqrt(2.0 * a * K * t)
    for _ in range(8):
        f = F - a * np.log(1.0 + F / a) - K * t
        fp = 1.0 - a / (a + F)
        F = F - f / fp
    return F


def ga_cumulative_guarded(K, psi, dtheta, t):
    """The same, with no infiltration before the storm starts: np.where(t > 0, F, 0)."""
    a = psi * dtheta
    F = K * t + np.sqrt(2.0 * a * K * t)
    for _ in range(8):
        f = F - a * np.log(1.0 + F / a) - K * t
        fp = 1.0 - a / (a + F)
        F = F - f / fp
    return np.where(t > 0.0, F, 0.0)


def ga_cumulative_tol(K, psi, dtheta, t):
    """The same by Newton steps until the step is below 1e-12 of F."""
    a = psi * dtheta
    F = K * t + np.sqrt(2.0 * a * K * t)
    for _ in range(50):
        f = F - a * np.log(1.0 + F / a) - K * t
        step = f / (1.0 - a / (a + F))
        F = F - step
        if np.abs(step) < 1e-12 * F:
            break
    return F


def ga_cumulative_lambertw(K, psi, dtheta, t):
    """The explicit solution by the lower branch of Lambert's W: F = a (-W_-1(-e^(-1 - K t / a)) - 1)."""
    a = psi * dtheta
    return a * (-lambertw(-np.exp(-1.0 - K * t / a), -1).real - 1.0)


def ga_rate(K, psi, dtheta, F):
    """Green-Ampt's infiltration capacity f = K (1 + psi dtheta / F)."""
    return K * (1.0 + psi * dtheta / F)


def horton_rate(f0, fc, k, t):
    """Horton's infiltration capacity f = fc + (f0 - fc) e^(-k t)."""
    return fc + (f0 - fc) * np.exp(-k * t)


def horton_cumulative(f0, fc, k, t):
    """Horton's cumulative infiltration F = fc t + (f0 - fc) (1 - e^(-k t)) / k."""
    return fc * t + (f0 - fc) * (1.0 - np.exp(-k * t)) / k


def horton_cumulative_guarded(f0, fc, k, t):
    """The same, with its limit f0 t where there is no decay: np.where(k > 0, ..., f0 t)."""
    return np.where(k > 0.0, fc * t + (f0 - fc) * (1.0 - np.exp(-k * t)) / k, f0 * t)


def horton_cumulative_expm1(f0, fc, k, t):
    """The same with expm1."""
    return fc * t - (f0 - fc) * np.expm1(-k * t) / k


# --- runoff -----------------------------------------------------------------------------------------------------------


def scs_runoff(P, CN):
    """The SCS curve-number direct runoff (mm): S = 25400 / CN - 254, Ia = 0.2 S, Q = (P - Ia)^2 / (P - Ia + S)."""
    S = 25400.0 / CN - 254.0
    Ia = 0.2 * S
    pe = np.maximum(P - Ia, 0.0)
    return pe ** 2 / (pe + S)


def scs_runoff_ia(P, S, Ia):
    """The same with the retention S and the initial abstraction Ia as parameters."""
    pe = np.maximum(P - Ia, 0.0)
    return pe ** 2 / (pe + S)


# --- reservoirs and unit hydrographs ----------------------------------------------------------------------------------


def reservoir_outflow(Q0, k, t):
    """A linear reservoir's recession Q(t) = Q0 e^(-t / k)."""
    return Q0 * np.exp(-t / k)


def unit_hydrograph(k, t):
    """The linear reservoir's instantaneous unit hydrograph u(t) = e^(-t / k) / k."""
    return np.exp(-t / k) / k


def nash_iuh(n, k, t):
    """Nash's cascade of n linear reservoirs: u(t) = (t / k)^(n - 1) e^(-t / k) / (k Gamma(n))."""
    return (t / k) ** (n - 1.0) * np.exp(-t / k) / (k * np.exp(gammaln(n)))


# --- evapotranspiration -----------------------------------------------------------------------------------------------


def svp(T):
    """The saturation vapour pressure (kPa) at T (deg C): 0.6108 exp(17.27 T / (T + 237.3))."""
    return 0.6108 * np.exp(17.27 * T / (T + 237.3))


def svp_slope(T):
    """Its slope Delta = 4098 e_s / (T + 237.3)^2 (FAO-56 eq. 13)."""
    es = 0.6108 * np.exp(17.27 * T / (T + 237.3))
    return 4098.0 * es / (T + 237.3) ** 2


PRESSURE = 101.3  # kPa
GAMMA = 0.665e-3 * PRESSURE


def penman_monteith(T, u2, Rn, G, ea):
    """FAO-56 reference evapotranspiration (mm/day)."""
    es = 0.6108 * np.exp(17.27 * T / (T + 237.3))
    delta = 4098.0 * es / (T + 237.3) ** 2
    num = 0.408 * delta * (Rn - G) + GAMMA * 900.0 / (T + 273.0) * u2 * (es - ea)
    return num / (delta + GAMMA * (1.0 + 0.34 * u2))


# --- kinetics and decay -----------------------------------------------------------------------------------------------


def monod(mu_max, K, S):
    """Monod's growth rate mu_max S / (K + S)."""
    return mu_max * S / (K + S)


def monod_inv(mu_max, K, S):
    """The same as mu_max / (1 + K / S)."""
    return mu_max / (1.0 + K / S)


def half_life(k):
    """A first-order decay's half-life ln 2 / k."""
    return np.log(2.0) / k


def decay_half(C0, t_half, t):
    """What is left after t: C0 (1/2)^(t / t_half)."""
    return C0 * 0.5 ** (t / t_half)


def decay_rate(C0, t_half, t):
    """The same as C0 e^(-k t) with k = ln 2 / t_half."""
    k = math.log(2.0) / t_half
    return C0 * np.exp(-k * t)


# --- goodness of fit --------------------------------------------------------------------------------------------------


def nse(s, o):
    """The Nash-Sutcliffe efficiency of simulated s against observed o."""
    return 1.0 - np.sum((o - s) ** 2) / np.sum((o - np.mean(o)) ** 2)


def kge(s, o):
    """The Kling-Gupta efficiency 1 - sqrt((r - 1)^2 + (alpha - 1)^2 + (beta - 1)^2)."""
    ms, mo = np.mean(s), np.mean(o)
    ds, do = s - ms, o - mo
    r = np.sum(ds * do) / np.sqrt(np.sum(ds ** 2) * np.sum(do ** 2))
    alpha = np.std(s) / np.std(o)
    beta = ms / mo
    return 1.0 - np.sqrt((r - 1.0) ** 2 + (alpha - 1.0) ** 2 + (beta - 1.0) ** 2)


def kge_corrcoef(s, o):
    """KGE with np.corrcoef for r."""
    r = np.corrcoef(s, o)[0, 1]
    alpha = np.std(s) / np.std(o)
    beta = np.mean(s) / np.mean(o)
    return 1.0 - np.sqrt((r - 1.0) ** 2 + (alpha - 1.0) ** 2 + (beta - 1.0) ** 2)


def log_nse(s, o):
    """The NSE of log flows, with an epsilon for zero flows: log(q + 0.01)."""
    ls, lo = np.log(s + 0.01), np.log(o + 0.01)
    return 1.0 - np.sum((lo - ls) ** 2) / np.sum((lo - np.mean(lo)) ** 2)


def log_nse_noeps(s, o):
    """The same without the epsilon."""
    ls, lo = np.log(s), np.log(o)
    return 1.0 - np.sum((lo - ls) ** 2) / np.sum((lo - np.mean(lo)) ** 2)


# --- rating curves ----------------------------------------------------------------------------------------------------


def rating_curve(a, h, h0, b):
    """A stage-discharge rating curve Q = a (h - h0)^b."""
    return a * (h - h0) ** b


def rating_curve_clipped(a, h, h0, b):
    """The same, no flow below the gauge's zero: a max(h - h0, 0)^b."""
    return a * np.maximum(h - h0, 0.0) ** b
