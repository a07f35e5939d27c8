"""A user's code on gradcli.numpy, round 108c: the formulas remote-sensing and atmospheric scientists fit or
differentiate (spectral indices NDVI, EVI, EVI2, SAVI, NBR and dNBR; top-of-atmosphere reflectance; Beer-Lambert
transmittance along a slant path; brightness temperature by the inverse Planck function and by Landsat's K1 / K2;
Rayleigh and aerosol optical depth; the Angstrom exponent; two-stream and Kubelka-Munk albedo; split-window sea-surface
temperature; dark-object subtraction; the Ross-Thick BRDF kernel; Cox-Munk sun glint; a simple retrieval's Gaussian
log-likelihood)."""

import gradcli.numpy as np

C1 = 1.191042972e-16  # 2 h c^2, W m^2 sr^-1
C2 = 1.438776877e-2  # h c / k, m K
K1_B10 = 774.8853  # Landsat 8 TIRS band 10, W m^-2 sr^-1 um^-1
K2_B10 = 1321.0789  # K
L_SAVI = 0.5
P0 = 1013.25  # hPa


# --- spectral indices ------------------------------------------------------------------------------------------------


def ndvi(nir, red):
    return (nir - red) / (nir + red)


def ndvi_safe(nir, red):
    """The masked NDVI a processing chain writes for dark pixels: 0 where nir + red is not positive (double where)."""
    s = nir + red
    ok = s > 0
    return np.where(ok, (nir - red) / np.where(ok, s, 1.0), 0.0)


def ndvi_where(nir, red):
    """The single where: the unselected 0 / 0 still in the graph."""
    s = nir + red
    return np.where(s > 0, (nir - red) / s, 0.0)


def ndvi_mean(nir, red):
    """A scene's mean NDVI over pixels (arrays)."""
    return np.mean((nir - red) / (nir + red))


def evi(nir, red, blue):
    """MODIS EVI: G (nir - red) / (nir + C1 red - C2 blue + L), G = 2.5, C1 = 6, C2 = 7.5, L = 1."""
    return 2.5 * (nir - red) / (nir + 6.0 * red - 7.5 * blue + 1.0)


def evi2(nir, red):
    return 2.5 * (nir - red) / (nir + 2.4 * red + 1.0)


def savi(nir, red):
    return (1.0 + L_SAVI) * (nir - red) / (nir + red + L_SAVI)


def nbr(nir, swir2):
    return (nir - swir2) / (nir + swir2)


def dnbr(nir_pre, swir_pre, nir_post, swir_post):
    return (nir_pre - swir_pre) / (nir_pre + swir_pre) - (nir_post - swir_post) / (nir_post + swir_post)


# --- top-of-atmosphere reflectance, transmittance ----------------------------------------------------------------------


def toa_reflectance(L, d, esun, sza):
    """rho = pi L d^2 / (ESUN cos(theta_s)), sza in degrees."""
    return np.pi * L * d ** 2 / (esun * np.cos(np.deg2rad(sza)))


def toa_reflectance_hand(L, d, esun, sza):
    """The same with the radians written by hand."""
    return np.pi * L * d ** 2 / (esun * np.cos(sza * np.pi / 180.0))


def transmittance(tau, mu):
    """Beer-Lambert: T = exp(-tau / mu), mu = cos of the zenith angle."""
    return np.exp(-tau / mu)


def slant_transmittance(tau, sza):
    return np.exp(-tau / np.cos(np.deg2rad(sza)))


def two_way_transmittance(tau, mu_s, mu_v):
    return np.exp(-tau * (1.0 / mu_s + 1.0 / mu_v))


# --- brightness temperature -----------------------------------------------------------------------------------------


def planck_bt(L, lam):
    """T = c2 / (lam ln(1 + c1 / (lam^5 L))), L in W m^-2 sr^-1 m^-1, lam in m."""
    return C2 / (lam * np.log1p(C1 / (lam ** 5 * L)))


def planck_bt_naive(L, lam):
    return C2 / (lam * np.log(1.0 + C1 / (lam ** 5 * L)))


def landsat_bt(L):
    """Landsat 8 band 10: T = K2 / ln(K1 / L + 1)."""
    return K2_B10 / np.log(K1_B10 / L + 1.0)


def landsat_bt_log1p(L):
    return K2_B10 / np.log1p(K1_B10 / L)


# --- optical depths -------------------------------------------------------------------------------------------------


def rayleigh_tau(lam, p):
    """Hansen and Travis (1974): tau_R = 0.008569 lam^-4 (1 + 0.0113 lam^-2 + 0.00013 lam^-4) p / p0, lam in um."""
    return 0.008569 * lam ** -4 * (1.0 + 0.0113 * lam ** -2 + 0.00013 * lam ** -4) * p / P0


def aerosol_tau(tau550, alpha, lam):
    return tau550 * (lam / 0.55) ** -alpha


def angstrom(tau1, tau2, l1, l2):
    return -np.log(tau1 / tau2) / np.log(l1 / l2)


def angstrom_where(tau1, tau2, l1, l2):
    """0 where the two wavelengths coincide (the single where)."""
    return np.where(l1 != l2, -np.log(tau1 / tau2) / np.log(l1 / l2), 0.0)


# --- two-stream albedo ----------------------------------------------------------------------------------------------


def albedo_semi_infinite(omega):
    """Isotropic two-stream, a semi-infinite layer: r = (1 - sqrt(1 - w)) / (1 + sqrt(1 - w))."""
    s = np.sqrt(1.0 - omega)
    return (1.0 - s) / (1.0 + s)


def kubelka_munk(tau, omega):
    """A finite layer over a black ground: a = 1 / w, b = sqrt(a^2 - 1), R = 1 / (a + b / tanh(b tau))."""
    a = 1.0 / omega
    b = np.sqrt(a ** 2 - 1.0)
    return 1.0 / (a + b / np.tanh(b * tau))


def cloud_albedo(tau, g):
    """Conservative two-stream: R = (1 - g) tau / (2 / sqrt(3) + (1 - g) tau) ... written as the Eddington form
    R = 0.75 (1 - g) tau / (1 + 0.75 (1 - g) tau)."""
    x = 0.75 * (1.0 - g) * tau
    return x / (1.0 + x)


# --- split-window SST ------------------------------------------------------------------------------------------------


def split_window_sst(T11, T12, theta):
    """MCSST: a0 + a1 T11 + a2 (T11 - T12) + a3 (T11 - T12)(sec theta - 1), in kelvin in and Celsius out."""
    sec = 1.0 / np.cos(np.deg2rad(theta))
    d = T11 - T12
    return -273.15 + 1.0346 * T11 - 9.2 + 2.5779 * d + 0.7 * d * (sec - 1.0)


def nlsst(T11, T12, Tref, theta):
    sec = 1.0 / np.cos(np.deg2rad(theta))
    d = T11 - T12
    return 0.9387 * T11 + 0.0807 * Tref * d + 0.8 * d * (sec - 1.0) - 253.6


# --- dark-object subtraction -----------------------------------------------------------------------------------------


def dark_object(L, Ldark):
    return np.maximum(L - Ldark, 0.0)


def dos_reflectance(L, Ldark, esun, sza):
    return np.pi * np.maximum(L - Ldark, 0.0) / (esun * np.cos(np.deg2rad(sza)))


def dos_ndvi(nir, red, nir_dark, red_dark):
    n = np.maximum(nir - nir_dark, 0.0)
    r = np.maximum(red - red_dark, 0.0)
    return (n - r) / (n + r)


def dos_log(L, Ldark):
    """An apparent optical depth after the subtraction: -log of the clamped signal, floored at 1e-6."""
    return -np.log(np.maximum(L - Ldark, 1e-6))


# --- BRDF ------------------------------------------------------------------------------------------------------------


def ross_thick(sza, vza, phi):
    """The Ross-Thick volume kernel (radians): the phase angle by arccos of its cosine."""
    cos_xi = np.cos(sza) * np.cos(vza) + np.sin(sza) * np.sin(vza) * np.cos(phi)
    xi = np.arccos(cos_xi)
    return ((np.pi / 2.0 - xi) * np.cos(xi) + np.sin(xi)) / (np.cos(sza) + np.cos(vza)) - np.pi / 4.0


def ross_thick_clipped(sza, vza, phi):
    cos_xi = np.cos(sza) * np.cos(vza) + np.sin(sza) * np.sin(vza) * np.cos(phi)
    xi = np.arccos(np.clip(cos_xi, -1.0, 1.0))
    return ((np.pi / 2.0 - xi) * np.cos(xi) + np.sin(xi)) / (np.cos(sza) + np.cos(vza)) - np.pi / 4.0


# --- sun glint -------------------------------------------------------------------------------------------------------


def cox_munk(zx, zy, W):
    """Isotropic Cox-Munk slope density: sigma^2 = 0.003 + 0.00512 W, p = exp(-(zx^2 + zy^2) / sigma^2) / (pi sigma^2)."""
    s2 = 0.003 + 0.00512 * W
    return np.exp(-(zx ** 2 + zy ** 2) / s2) / (np.pi * s2)


def cox_munk_log(zx, zy, W):
    s2 = 0.003 + 0.00512 * W
    return -(zx ** 2 + zy ** 2) / s2 - np.log(np.pi * s2)


# --- a retrieval's log-likelihood ------------------------------------------------------------------------------------

MU_S, MU_V = 0.8, 0.95
OBS = np.array([0.112, 0.085, 0.061, 0.044])
SIGMA = np.array([0.002, 0.002, 0.0015, 0.0015])
RHO_PATH = np.array([0.09, 0.06, 0.035, 0.02])  # path reflectance per unit aerosol optical depth
S_SPH = 0.1  # spherical albedo


def forward_model(tau, rho_s):
    T = np.exp(-tau * (1.0 / MU_S + 1.0 / MU_V))
    return RHO_PATH * tau + T * rho_s / (1.0 - S_SPH * rho_s)


def loglik(tau, rho_s):
    r = (OBS - forward_model(tau, rho_s)) / SIGMA
    return -0.5 * np.sum(r ** 2) - np.sum(np.log(SIGMA)) - 2.0 * np.log(2.0 * np.pi)


def loglik_naive(tau, rho_s):
    """The product of Gaussian densities, then its log."""
    r = (OBS - forward_model(tau, rho_s)) / SIGMA
    return np.log(np.prod(np.exp(-0.5 * r ** 2) / (SIGMA * np.sqrt(2.0 * np.pi))))
