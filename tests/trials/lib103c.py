"""A user's code on gradcli.numpy, round 103c: the formulas seismologists and geophysicists invert by gradient
(Gutenberg-Richter counts and Aki's maximum-likelihood b-value, moment magnitude, the modified Omori law and its
integral, the Brune source spectrum and corner frequency, geometric and anelastic attenuation, reflection and
head-wave travel times, Snell's law, the gravity of a buried sphere, the Bouguer anomaly, Archie's law and Gassmann's
fluid substitution)."""

import gradcli.numpy as np

G = 6.674e-11  # m^3 kg^-1 s^-2

# --- earthquake statistics ----------------------------------------------------------------------------------------


def gr_count(M, a, b):
    """Gutenberg-Richter: the number of events of magnitude >= M, N = 10^(a - b M)."""
    return 10.0 ** (a - b * M)


def b_value(M, Mc):
    """Aki's maximum-likelihood b-value from a catalogue M above completeness Mc."""
    return np.log10(np.e) / (np.mean(M) - Mc)


def b_value_utsu(M, Mc, dM):
    """Utsu's correction for magnitudes binned to dM."""
    return np.log10(np.e) / (np.mean(M) - (Mc - dM / 2.0))


def moment_magnitude(M0):
    """Hanks-Kanamori moment magnitude, M0 in N m."""
    return 2.0 / 3.0 * np.log10(M0) - 6.07


def seismic_moment(Mw):
    return 10.0 ** (1.5 * Mw + 9.1)


def omori_rate(t, K, c, p):
    """The modified Omori law: aftershock rate K / (t + c)^p."""
    return K / (t + c) ** p


def omori_count(t, K, c, p):
    """The number of aftershocks in [0, t], the integral of the modified Omori law (p != 1)."""
    return K * ((t + c) ** (1.0 - p) - c ** (1.0 - p)) / (1.0 - p)


def omori_count_p1(t, K, c):
    """The same for p = 1: K log(1 + t / c)."""
    return K * np.log(1.0 + t / c)


def omori_count_guarded(t, K, c, p):
    """Both forms, switched at p = 1."""
    return np.where(p == 1.0, K * np.log1p(t / c), K * ((t + c) ** (1.0 - p) - c ** (1.0 - p)) / (1.0 - p))


# --- source and path ----------------------------------------------------------------------------------------------


def brune_spectrum(f, omega0, fc):
    """Brune's omega-squared displacement spectrum."""
    return omega0 / (1.0 + (f / fc) ** 2)


def brune_log_spectrum(f, omega0, fc):
    """Its logarithm, as fitted to observed spectra."""
    return np.log(omega0) - np.log1p((f / fc) ** 2)


def corner_frequency(M0, dsigma, beta):
    """Brune's corner frequency from the stress drop: fc = 0.4906 beta (dsigma / M0)^(1/3)."""
    return 0.4906 * beta * (dsigma / M0) ** (1.0 / 3.0)


def attenuation(r, f, A, Q, v):
    """Geometric spreading and anelastic attenuation: A / r exp(-pi f r / (Q v))."""
    return A / r * np.exp(-np.pi * f * r / (Q * v))


# --- travel times -------------------------------------------------------------------------------------------------


def reflection_time(x, h, v):
    """Two-way time of a reflection from a flat layer at depth h, offset x."""
    return np.sqrt(x ** 2 + 4.0 * h ** 2) / v


def refraction_angle(i, v1, v2):
    """Snell's law: the transmitted angle arcsin(v2 / v1 sin i)."""
    return np.arcsin(v2 / v1 * np.sin(i))


def transmitted_angle(p, v2):
    """The same from the ray parameter p = sin(i) / v1."""
    return np.arcsin(p * v2)


def head_wave_time(x, h, v1, v2):
    """The head wave's travel time: x / v2 + 2 h sqrt(1 - (v1 / v2)^2) / v1."""
    return x / v2 + 2.0 * h * np.sqrt(1.0 - (v1 / v2) ** 2) / v1


def intercept_time(h, v1, v2):
    """The intercept time through the critical angle: 2 h cos(i_c) / v1, i_c = arcsin(v1 / v2)."""
    return 2.0 * h * np.cos(np.arcsin(v1 / v2)) / v1


# --- potential fields ---------------------------------------------------------------------------------------------


def buried_sphere(x, z, GM):
    """The vertical gravity of a buried sphere (mass M at depth z) at horizontal offset x."""
    return GM * z / (x ** 2 + z ** 2) ** 1.5


def bouguer_slab(h, rho):
    """The Bouguer slab correction 2 pi G rho h."""
    return 2.0 * np.pi * G * rho * h


def bouguer_anomaly(g_obs, g_normal, h, rho):
    """The simple Bouguer anomaly in mGal: free-air 0.3086 h minus the slab 0.04193 rho h (rho in g/cc)."""
    return g_obs - g_normal + 0.3086 * h - 0.04193 * rho * h


# --- rock physics -------------------------------------------------------------------------------------------------


def archie_resistivity(phi, Sw, Rw, a, m, n):
    """Archie's law: the formation resistivity a Rw phi^-m Sw^-n."""
    return a * Rw * phi ** (-m) * Sw ** (-n)


def archie_sw(phi, Rt, Rw, a, m, n):
    """The water saturation from Archie's law."""
    return (a * Rw / (phi ** m * Rt)) ** (1.0 / n)


def gassmann(K_dry, K_min, K_fl, phi):
    """Gassmann's saturated bulk modulus."""
    num = (1.0 - K_dry / K_min) ** 2
    den = phi / K_fl + (1.0 - phi) / K_min - K_dry / K_min ** 2
    return K_dry + num / den
