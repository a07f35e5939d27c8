"""A user's code on gradcli.numpy, round 105c: the formulas oceanographers and coastal engineers fit or differentiate
(the linear dispersion relation solved by Newton steps from Hunt's approximation, phase and group speeds, wave energy
flux, the Pierson-Moskowitz and JONSWAP spectra, depth-limited breaking, Stokes drift, tidal harmonics, a UNESCO-style
seawater density and the buoyancy frequency, the Ekman spiral, the logarithmic bottom layer and Manning's flow)."""

import gradcli.numpy as np

G = 9.81  # m s^-2
RHO = 1025.0  # kg m^-3
KAPPA = 0.41  # von Karman

# --- linear waves ---------------------------------------------------------------------------------------------------


def hunt_kh(omega, h):
    """Hunt's (1979) explicit approximation of k h from omega^2 h / g."""
    y = omega ** 2 * h / G
    d = 1.0 + 0.6666666666 * y + 0.3555555555 * y ** 2 + 0.1608465608 * y ** 3 + 0.0632098765 * y ** 4 \
        + 0.0217540484 * y ** 5 + 0.0065407983 * y ** 6
    return np.sqrt(y ** 2 + y / d)


def wavenumber(omega, h):
    """k from omega^2 = g k tanh(k h): Hunt's start, then three Newton steps."""
    k = hunt_kh(omega, h) / h
    for _ in range(3):
        t = np.tanh(k * h)
        f = G * k * t - omega ** 2
        df = G * t + G * k * h * (1.0 - t ** 2)
        k = k - f / df
    return k


def phase_speed(k, h):
    """c = omega / k = sqrt(g tanh(k h) / k)."""
    return np.sqrt(G * np.tanh(k * h) / k)


def shallow_speed(h):
    return np.sqrt(G * h)


def group_speed(k, h):
    """c_g = c / 2 (1 + 2 k h / sinh(2 k h))."""
    c = np.sqrt(G * np.tanh(k * h) / k)
    n = 0.5 * (1.0 + 2.0 * k * h / np.sinh(2.0 * k * h))
    return n * c


def energy_flux(H, omega, h):
    """Wave energy flux E c_g per metre of crest, with k from wavenumber()."""
    k = wavenumber(omega, h)
    E = RHO * G * H ** 2 / 8.0
    kh = k * h
    cg = 0.5 * (1.0 + 2.0 * kh / np.sinh(2.0 * kh)) * omega / k
    return E * cg


def deep_water_power(H, T):
    """Deep-water energy flux rho g^2 H^2 T / (64 pi)."""
    return RHO * G ** 2 * H ** 2 * T / (64.0 * np.pi)


def iribarren(slope, H, T):
    """The surf similarity parameter tan(beta) / sqrt(H / L0)."""
    L0 = G * T ** 2 / (2.0 * np.pi)
    return slope / np.sqrt(H / L0)


# --- spectra ---


def pierson_moskowitz(f, Hs, fp):
    """The Pierson-Moskowitz spectrum written in Hs and the peak frequency."""
    return 5.0 / 16.0 * Hs ** 2 * fp ** 4 * f ** -5 * np.exp(-1.25 * (fp / f) ** 4)


def jonswap(f, Hs, fp, gamma):
    """JONSWAP: Pierson-Moskowitz times the peak enhancement gamma^r (no normalisation)."""
    sigma = np.where(f <= fp, 0.07, 0.09)
    r = np.exp(-(f - fp) ** 2 / (2.0 * sigma ** 2 * fp ** 2))
    pm = 5.0 / 16.0 * Hs ** 2 * fp ** 4 * f ** -5 * np.exp(-1.25 * (fp / f) ** 4)
    return pm * gamma ** r


def spectrum_hm0(Hs, fp, gamma):
    """Hm0 = 4 sqrt(m0) of a JONSWAP spectrum summed over a frequency grid."""
    f = np.linspace(0.02, 1.0, 50)
    df = f[1] - f[0]
    sigma = np.where(f <= fp, 0.07, 0.09)
    r = np.exp(-(f - fp) ** 2 / (2.0 * sigma ** 2 * fp ** 2))
    S = 5.0 / 16.0 * Hs ** 2 * fp ** 4 * f ** -5 * np.exp(-1.25 * (fp / f) ** 4) * gamma ** r
    return 4.0 * np.sqrt(np.sum(S) * df)


# --- breaking, drift ---


def breaking_energy(H, h):
    """Wave energy with the height capped by depth-limited breaking, H / h > 0.78."""
    Hb = np.where(H / h > 0.78, 0.78 * h, H)
    return RHO * G * Hb ** 2 / 8.0


def stokes_drift(a, k, omega, h, z):
    """Stokes drift at depth z (z <= 0) in water of depth h."""
    return omega * k * a ** 2 * np.cosh(2.0 * k * (z + h)) / (2.0 * np.sinh(k * h) ** 2)


def stokes_drift_deep(a, k, omega, z):
    return omega * k * a ** 2 * np.exp(2.0 * k * z)


# --- tides ---


def tide_height(t, A, omega, phi):
    """Sum of tidal constituents A cos(omega t - phi)."""
    return np.sum(A * np.cos(omega * t - phi))


def tidal_amplitude(a, b):
    """Amplitude of a constituent fitted as a cos + b sin."""
    return np.sqrt(a ** 2 + b ** 2)


def tidal_phase(a, b):
    return np.arctan2(b, a)


# --- seawater ---


def seawater_density(T, S):
    """UNESCO (1981) density of seawater at the surface (p = 0), T in degC, S in PSU."""
    rho_w = (999.842594 + 6.793952e-2 * T - 9.095290e-3 * T ** 2 + 1.001685e-4 * T ** 3
             - 1.120083e-6 * T ** 4 + 6.536332e-9 * T ** 5)
    A = 8.24493e-1 - 4.0899e-3 * T + 7.6438e-5 * T ** 2 - 8.2467e-7 * T ** 3 + 5.3875e-9 * T ** 4
    B = -5.72466e-3 + 1.0227e-4 * T - 1.6546e-6 * T ** 2
    C = 4.8314e-4
    return rho_w + A * S + B * S ** 1.5 + C * S ** 2


def buoyancy_frequency(T_top, T_bot, S, dz):
    """N = sqrt(-(g / rho) d rho / dz) between two levels dz apart (z up): rho_bot lies dz below rho_top."""
    rho_top = seawater_density(T_top, S)
    rho_bot = seawater_density(T_bot, S)
    N2 = -G / rho_top * (rho_top - rho_bot) / dz
    return np.sqrt(N2)


# --- boundary layers and channels ---


def ekman_u(z, D, V0):
    """The Ekman spiral's eastward current at depth z (z <= 0), depth scale D."""
    return V0 * np.exp(z / D) * np.cos(np.pi / 4.0 + z / D)


def log_layer(z, ustar, z0):
    """The law of the wall u = u* / kappa log(z / z0)."""
    return ustar / KAPPA * np.log(z / z0)


def log_layer_clamped(z, ustar, z0):
    """The same, held at 0 below the roughness length."""
    return ustar / KAPPA * np.log(np.maximum(z, z0) / z0)


def drag_coefficient(z, z0):
    """C_D = (kappa / log(z / z0))^2 for a velocity measured at height z."""
    return (KAPPA / np.log(z / z0)) ** 2


def manning_velocity(R, S, n):
    return R ** (2.0 / 3.0) * np.sqrt(S) / n


def manning_discharge(y, b, S, n):
    """Discharge of a rectangular channel of width b at flow depth y."""
    A = b * y
    R = A / (b + 2.0 * y)
    return A * R ** (2.0 / 3.0) * np.sqrt(S) / n
