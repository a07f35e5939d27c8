"""A user's code on gradcli.numpy, round 89c: optics and electromagnetics as optical and RF design codes
differentiate them (Snell's law and total internal reflection, the Fresnel reflectances, the thin lens and the
lens-maker's formula, the Gaussian beam, single-slit diffraction, a grating, the skin depth, Beer-Lambert absorption,
thin-film interference and the Fabry-Perot Airy function). SI units unless a function says otherwise; angles in
radians."""

import gradcli.numpy as np


# --- refraction and reflection ----------------------------------------------------------------------------------------


def snell_angle(theta_i, n1, n2):
    """The refraction angle from Snell's law n1 sin(theta_i) = n2 sin(theta_t)."""
    return np.arcsin(n1 / n2 * np.sin(theta_i))


def _cos_t(theta_i, n1, n2):
    s = n1 / n2 * np.sin(theta_i)
    return np.sqrt(1.0 - s ** 2)


def fresnel_rs(theta_i, n1, n2):
    """The s-polarised power reflectance |r_s|^2 of a dielectric interface."""
    ci, ct = np.cos(theta_i), _cos_t(theta_i, n1, n2)
    r = (n1 * ci - n2 * ct) / (n1 * ci + n2 * ct)
    return r ** 2


def fresnel_rp(theta_i, n1, n2):
    """The p-polarised power reflectance |r_p|^2 (zero at Brewster's angle)."""
    ci, ct = np.cos(theta_i), _cos_t(theta_i, n1, n2)
    r = (n2 * ci - n1 * ct) / (n2 * ci + n1 * ct)
    return r ** 2


def unpolarised_reflectance(theta_i, n1, n2):
    """The mean of the two reflectances, for natural light."""
    return 0.5 * (fresnel_rs(theta_i, n1, n2) + fresnel_rp(theta_i, n1, n2))


def brewster_angle(n1, n2):
    """Brewster's angle arctan(n2 / n1)."""
    return np.arctan2(n2, n1)


# --- lenses -----------------------------------------------------------------------------------------------------------


def thin_lens_image(d_o, f):
    """The image distance from 1/f = 1/d_o + 1/d_i."""
    return 1.0 / (1.0 / f - 1.0 / d_o)


def thin_lens_magnification(d_o, f):
    """The lateral magnification -d_i / d_o, rearranged as f / (f - d_o)."""
    return f / (f - d_o)


def lensmaker_power(n, R1, R2):
    """The optical power (1/f) of a thin lens in air, (n - 1)(1/R1 - 1/R2); a flat face is R = inf."""
    return (n - 1.0) * (1.0 / R1 - 1.0 / R2)


def lensmaker_focal(n, R1, R2):
    """The focal length, 1 / power."""
    return 1.0 / ((n - 1.0) * (1.0 / R1 - 1.0 / R2))


# --- Gaussian beams ---------------------------------------------------------------------------------------------------


def beam_radius(z, w0, lam):
    """The 1/e^2 radius w(z) = w0 sqrt(1 + (z / zR)^2), zR = pi w0^2 / lam."""
    zr = np.pi * w0 ** 2 / lam
    return w0 * np.sqrt(1.0 + (z / zr) ** 2)


def beam_radius_hypot(z, w0, lam):
    """The same by hypot, which does not overflow."""
    zr = np.pi * w0 ** 2 / lam
    return w0 * np.hypot(1.0, z / zr)


def gouy_phase(z, w0, lam):
    """The Gouy phase arctan(z / zR)."""
    zr = np.pi * w0 ** 2 / lam
    return np.arctan(z / zr)


def wavefront_curvature_radius(z, w0, lam):
    """The radius of curvature R(z) = z (1 + (zR / z)^2) (infinite at the waist)."""
    zr = np.pi * w0 ** 2 / lam
    return z * (1.0 + (zr / z) ** 2)


# --- diffraction ------------------------------------------------------------------------------------------------------


def slit_intensity(x):
    """Single-slit Fraunhofer intensity (sin x / x)^2, x = pi a sin(theta) / lam."""
    return (np.sin(x) / x) ** 2


def slit_intensity_where(x):
    """The same with the central maximum 1 put in by np.where."""
    return np.where(x == 0.0, 1.0, (np.sin(x) / x) ** 2)


def slit_intensity_sinc(u):
    """The same by NumPy's normalised sinc, u = a sin(theta) / lam."""
    return np.sinc(u) ** 2


def grating_angle(theta_i, lam, d):
    """The first-order diffraction angle of a grating, sin(theta_1) = sin(theta_i) + lam / d."""
    return np.arcsin(np.sin(theta_i) + lam / d)


# --- conductors and absorbers -----------------------------------------------------------------------------------------


def skin_depth(omega, mu, sigma):
    """The skin depth sqrt(2 / (omega mu sigma)) of a good conductor."""
    return np.sqrt(2.0 / (omega * mu * sigma))


def beer_lambert(I0, alpha, L):
    """The transmitted intensity I0 exp(-alpha L)."""
    return I0 * np.exp(-alpha * L)


def absorbance(alpha, L):
    """The absorbance -log10(I / I0) of the transmitted fraction."""
    return -np.log10(np.exp(-alpha * L))


def attenuation_db(alpha, L):
    """The attenuation in dB, 10 log10(I0 / I), written through the transmitted intensity."""
    T = np.exp(-alpha * L)
    return 10.0 * np.log10(1.0 / T)


# --- interference -----------------------------------------------------------------------------------------------------


def thin_film_fringe(n, d, theta, lam):
    """The two-beam interference term cos(4 pi n d cos(theta) / lam) of a thin film (theta inside the film)."""
    return np.cos(4.0 * np.pi * n * d * np.cos(theta) / lam)


def airy_transmission(delta, F):
    """The Fabry-Perot (Airy) transmission 1 / (1 + F sin^2(delta / 2)), F the coefficient of finesse."""
    return 1.0 / (1.0 + F * np.sin(delta / 2.0) ** 2)


def airy_from_reflectance(delta, R):
    """The same with F = 4R / (1 - R)^2 from the mirrors' reflectance."""
    F = 4.0 * R / (1.0 - R) ** 2
    return 1.0 / (1.0 + F * np.sin(delta / 2.0) ** 2)
