"""A user's code on gradcli.numpy, round 104c: the formulas crop and plant modellers calibrate by gradient
(Farquhar's photosynthesis as the minimum of its Rubisco- and light-limited rates and its smoothed co-limitation,
the non-rectangular light response, Michaelis-Menten and Monod uptake, Q10 and peaked Arrhenius temperature
responses, Tetens' saturation vapour pressure, FAO-56 Penman-Monteith evapotranspiration, Beer's law in a canopy, a
logistic crop growth curve, growing degree days, a triangular temperature response and a water-stress factor)."""

import gradcli.numpy as np

R_GAS = 8.314  # J mol^-1 K^-1
T_REF = 298.15  # K, 25 degC

# --- leaf photosynthesis ------------------------------------------------------------------------------------------


def farquhar_min(Vcmax, J, Ci, Gstar, Km):
    """Farquhar, von Caemmerer and Berry: net assimilation as the lesser of the Rubisco-limited rate Ac and the
    electron-transport-limited rate Aj (respiration left out)."""
    Ac = Vcmax * (Ci - Gstar) / (Ci + Km)
    Aj = J * (Ci - Gstar) / (4.0 * Ci + 8.0 * Gstar)
    return np.minimum(Ac, Aj)


def colimited(a, b, theta):
    """Smoothed co-limitation: the smaller root of theta A^2 - (a + b) A + a b = 0 (Collatz et al.)."""
    s = a + b
    return (s - np.sqrt(s * s - 4.0 * theta * a * b)) / (2.0 * theta)


def colimited_stable(a, b, theta):
    """The same root written without the cancellation: 2 a b / (s + sqrt(s^2 - 4 theta a b))."""
    s = a + b
    return 2.0 * a * b / (s + np.sqrt(s * s - 4.0 * theta * a * b))


def light_response(I, alpha, Pmax, theta):
    """The non-rectangular hyperbola of leaf photosynthesis against light I."""
    s = alpha * I + Pmax
    return (s - np.sqrt(s ** 2 - 4.0 * theta * alpha * I * Pmax)) / (2.0 * theta)


def michaelis_menten(C, Vmax, Km):
    return Vmax * C / (Km + C)


def monod_log(S, mu_max, Ks):
    """The log of the Monod growth rate (fitted in log space)."""
    return np.log(mu_max * S / (Ks + S))


def liebig(N, P, KN, KP):
    """Liebig's law of the minimum over two Monod nutrient limitations."""
    fN = N / (KN + N)
    fP = P / (KP + P)
    return np.min(np.stack([fN, fP]))


# --- temperature --------------------------------------------------------------------------------------------------


def q10_response(T, R_ref, Q10, T_ref):
    """Respiration R_ref Q10^((T - T_ref) / 10)."""
    return R_ref * Q10 ** ((T - T_ref) / 10.0)


def arrhenius_peaked(T, k25, Ha, Hd, dS):
    """A rate's temperature response with high-temperature deactivation (Medlyn et al. 2002), T in K."""
    rise = np.exp(Ha * (T - T_REF) / (T_REF * R_GAS * T))
    fall = (1.0 + np.exp((T_REF * dS - Hd) / (T_REF * R_GAS))) / (1.0 + np.exp((T * dS - Hd) / (R_GAS * T)))
    return k25 * rise * fall


def tetens(T):
    """Saturation vapour pressure in kPa, T in degC."""
    return 0.6108 * np.exp(17.27 * T / (T + 237.3))


def vpd(T, RH):
    """Vapour pressure deficit, RH as a fraction."""
    return tetens(T) * (1.0 - RH)


def penman_monteith(Rn, G, T, u2, ea, gamma):
    """FAO-56 reference evapotranspiration (mm/day): Rn, G in MJ m^-2 d^-1, T in degC, u2 in m/s, ea and gamma in
    kPa (kPa/degC)."""
    es = tetens(T)
    delta = 4098.0 * es / (T + 237.3) ** 2
    num = 0.408 * delta * (Rn - G) + gamma * 900.0 / (T + 273.0) * u2 * (es - ea)
    return num / (delta + gamma * (1.0 + 0.34 * u2))


# --- canopy and crop ----------------------------------------------------------------------------------------------


def beer_light(I0, k, LAI):
    """Light at the bottom of a canopy."""
    return I0 * np.exp(-k * LAI)


def cover_naive(k, LAI):
    """Fractional ground cover (light intercepted)."""
    return 1.0 - np.exp(-k * LAI)


def cover_expm1(k, LAI):
    return -np.expm1(-k * LAI)


def logistic_growth(t, W0, Wmax, r):
    """Biomass of a logistic crop."""
    return Wmax / (1.0 + (Wmax / W0 - 1.0) * np.exp(-r * t))


def inflection_time(W0, Wmax, r):
    """When the logistic crop grows fastest (W = Wmax / 2)."""
    return np.log(Wmax / W0 - 1.0) / r


def gdd_season(Tmax, Tmin, Tbase):
    """Growing degree days, the daily mean above Tbase summed over the season."""
    return np.sum(np.maximum(0.0, (Tmax + Tmin) / 2.0 - Tbase))


def gdd_capped(Tmax, Tmin, Tbase, Tcap):
    """The same with the daily mean capped (the maize method)."""
    return np.sum(np.clip((Tmax + Tmin) / 2.0, Tbase, Tcap) - Tbase)


def triangular_response(T, Tmin, Topt, Tmax):
    """A development rate's triangular (cardinal temperature) response, 0 outside (Tmin, Tmax), 1 at Topt."""
    up = (T - Tmin) / (Topt - Tmin)
    down = (Tmax - T) / (Tmax - Topt)
    return np.maximum(0.0, np.minimum(up, down))


def water_stress(theta, wp, fc, p):
    """FAO-56's Ks: 1 while the soil water theta is above (1 - p) of the available water, falling to 0 at wilting."""
    return np.clip((theta - wp) / ((1.0 - p) * (fc - wp)), 0.0, 1.0)


def mitscherlich(N, A, c, b):
    """Mitscherlich's yield response to nitrogen N."""
    return A * (1.0 - np.exp(-c * (N + b)))
