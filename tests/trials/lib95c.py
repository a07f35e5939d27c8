"""A user's code on gradcli.numpy, round 95c: meteorology and atmospheric science as data assimilation and parameter
fitting differentiate it (saturation vapour pressure by Magnus, Tetens and Goff-Gratch, the dew point, mixing ratio
and specific humidity, potential and virtual temperature, the hypsometric equation, the barometric formula with a
lapse rate, wind speed and direction, wind chill and the heat index, the logarithmic wind profile, Monin-Obukhov
stability functions, Clausius-Clapeyron, cloud fraction, a softplus precipitation threshold, radiative forcing)."""

import math

import gradcli.numpy as np

RD = 287.04  # J / (kg K), dry air
RV = 461.5  # J / (kg K), water vapour
CP = 1004.0  # J / (kg K)
EPS = RD / RV  # 0.622
KAPPA = RD / CP  # R / cp
G = 9.80665  # m / s^2
LV = 2.501e6  # J / kg
P0 = 1000.0  # hPa
VON_KARMAN = 0.4


# --- saturation vapour pressure ---------------------------------------------------------------------------------------


def svp_magnus(t):
    """Magnus (Bolton 1980) over water: hPa from deg C."""
    return 6.112 * np.exp(17.67 * t / (t + 243.5))


def svp_tetens(tk):
    """Tetens in kelvin: kPa."""
    return 0.61078 * np.exp(17.27 * (tk - 273.15) / (tk - 35.86))


def svp_goff_gratch(tk):
    """Goff-Gratch over water (WMO 1988), hPa, from the steam point."""
    ts = 373.15
    r = ts / tk
    log10_e = (-7.90298 * (r - 1.0) + 5.02808 * np.log10(r)
               - 1.3816e-7 * (10.0 ** (11.344 * (1.0 - 1.0 / r)) - 1.0)
               + 8.1328e-3 * (10.0 ** (-3.49149 * (r - 1.0)) - 1.0)
               + math.log10(1013.246))
    return 10.0 ** log10_e


def svp_goff_gratch_ice(tk):
    """Goff-Gratch over ice, from the triple point 273.16 K."""
    t0 = 273.16
    r = t0 / tk
    log10_e = (-9.09718 * (r - 1.0) - 3.56654 * np.log10(r) + 0.876793 * (1.0 - tk / t0) + math.log10(6.1071))
    return 10.0 ** log10_e


def svp_water_ice(tk):
    """Over ice below the triple point, over water above: the switch a model makes."""
    return np.where(tk < 273.16, svp_goff_gratch_ice(tk), svp_goff_gratch(tk))


def dew_point(t, rh):
    """The dew point (deg C) by inverting Magnus, rh in percent."""
    gam = np.log(rh / 100.0) + 17.67 * t / (t + 243.5)
    return 243.5 * gam / (17.67 - gam)


def relative_humidity(t, td):
    """Percent, from temperature and dew point by Magnus."""
    return 100.0 * np.exp(17.67 * td / (td + 243.5) - 17.67 * t / (t + 243.5))


# --- moisture and temperature -----------------------------------------------------------------------------------------


def mixing_ratio(e, p):
    """kg/kg from the vapour pressure e and pressure p (same units)."""
    return EPS * e / (p - e)


def specific_humidity(e, p):
    return EPS * e / (p - (1.0 - EPS) * e)


def potential_temperature(t, p):
    """theta = T (p0 / p)^(R/cp), T in kelvin, p in hPa."""
    return t * (P0 / p) ** KAPPA


def virtual_temperature(t, r):
    """T (1 + r / eps) / (1 + r) from the mixing ratio r."""
    return t * (1.0 + r / EPS) / (1.0 + r)


def thickness(tv, p1, p2):
    """The hypsometric equation: the layer's thickness (m) between p1 and p2 at the mean virtual temperature tv."""
    return RD * tv / G * np.log(p1 / p2)


def layer_temperature(dz, p1, p2):
    """The inverse: the mean virtual temperature of a layer from its thickness."""
    return G * dz / (RD * np.log(p1 / p2))


def barometric(h, lapse, t0):
    """The standard atmosphere's pressure (hPa) at height h (m) with a lapse rate (K/m) from t0 (K)."""
    m, r = 0.0289644, 8.3144598
    return 1013.25 * (1.0 - lapse * h / t0) ** (G * m / (r * lapse))


def barometric_isothermal(h, t0):
    m, r = 0.0289644, 8.3144598
    return 1013.25 * np.exp(-G * m * h / (r * t0))


# --- wind -------------------------------------------------------------------------------------------------------------


def wind_speed(u, v):
    return np.sqrt(u ** 2 + v ** 2)


def wind_direction(u, v):
    """The direction the wind blows FROM, degrees clockwise from north."""
    return np.mod(np.degrees(np.arctan2(-u, -v)), 360.0)


def wind_chill(t, v):
    """The North American wind chill index (deg C, km/h), valid at t <= 10 and v > 4.8; the air temperature
    elsewhere."""
    vp = v ** 0.16
    wci = 13.12 + 0.6215 * t - 11.37 * vp + 0.3965 * t * vp
    return np.where((t <= 10.0) & (v > 4.8), wci, t)


def heat_index(t, rh):
    """The NWS heat index (deg F): Steadman's simple form, Rothfusz's regression where that reaches 80 F."""
    simple = 0.5 * (t + 61.0 + (t - 68.0) * 1.2 + rh * 0.094)
    full = (-42.379 + 2.04901523 * t + 10.14333127 * rh - 0.22475541 * t * rh - 6.83783e-3 * t * t
            - 5.481717e-2 * rh * rh + 1.22874e-3 * t * t * rh + 8.5282e-4 * t * rh * rh - 1.99e-6 * t * t * rh * rh)
    return np.where((simple + t) / 2.0 >= 80.0, full, simple)


def log_wind(z, z0, ustar):
    """The neutral logarithmic profile u(z) = u* / kappa log(z / z0)."""
    return ustar / VON_KARMAN * np.log(z / z0)


def psi_m(zeta):
    """Businger-Dyer's stability correction for momentum, zeta = z / L."""
    x = (1.0 - 16.0 * zeta) ** 0.25
    unstable = 2.0 * np.log((1.0 + x) / 2.0) + np.log((1.0 + x * x) / 2.0) - 2.0 * np.arctan(x) + np.pi / 2.0
    return np.where(zeta < 0.0, unstable, -5.0 * zeta)


def psi_m_safe(zeta):
    """The same with the unstable branch's argument kept in its domain."""
    x = (1.0 - 16.0 * np.minimum(zeta, 0.0)) ** 0.25
    unstable = 2.0 * np.log((1.0 + x) / 2.0) + np.log((1.0 + x * x) / 2.0) - 2.0 * np.arctan(x) + np.pi / 2.0
    return np.where(zeta < 0.0, unstable, -5.0 * zeta)


def psi_h(zeta):
    x = (1.0 - 16.0 * zeta) ** 0.25
    return np.where(zeta < 0.0, 2.0 * np.log((1.0 + x * x) / 2.0), -5.0 * zeta)


def mo_wind(z, z0, ustar, inv_l):
    """The Monin-Obukhov profile with the inverse Obukhov length (0: neutral, L -> inf)."""
    return ustar / VON_KARMAN * (np.log(z / z0) - psi_m_safe(z * inv_l) + psi_m_safe(z0 * inv_l))


# --- thermodynamics, clouds, precipitation, forcing -------------------------------------------------------------------


def cc_slope(t):
    """Clausius-Clapeyron: de_s/dT = L e_s / (Rv T^2) with e_s by Magnus (t in deg C)."""
    tk = t + 273.15
    return LV * svp_magnus(t) / (RV * tk ** 2)


def cc_integrated(tk):
    """e_s = e0 exp(L / Rv (1 / T0 - 1 / T)): hPa."""
    return 6.11 * np.exp(LV / RV * (1.0 / 273.15 - 1.0 / tk))


def cloud_fraction(rh, rhc):
    """Sundqvist: 1 - sqrt((1 - RH) / (1 - RHc)), RH clipped to [RHc, 1]."""
    s = np.clip((1.0 - rh) / (1.0 - rhc), 0.0, 1.0)
    return 1.0 - np.sqrt(s)


def cloud_fraction_linear(rh, rhc):
    return np.clip((rh - rhc) / (1.0 - rhc), 0.0, 1.0)


def precip_rate(q, qc, tau):
    """Precipitation as a smoothed threshold: tau log(1 + exp((q - qc) / tau))."""
    return tau * np.log(1.0 + np.exp((q - qc) / tau))


def precip_rate_stable(q, qc, tau):
    return tau * np.logaddexp(0.0, (q - qc) / tau)


def co2_forcing(c, c0):
    """Myhre et al. 1998: W/m^2."""
    return 5.35 * np.log(c / c0)


def ch4_forcing(m, m0, n0):
    """Methane's forcing with the CH4-N2O overlap (IPCC TAR), ppb."""
    def overlap(mm, nn):
        return 0.47 * np.log(1.0 + 2.01e-5 * (mm * nn) ** 0.75 + 5.31e-15 * mm * (mm * nn) ** 1.52)
    return 0.036 * (np.sqrt(m) - np.sqrt(m0)) - (overlap(m, n0) - overlap(m0, n0))
