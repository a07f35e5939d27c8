"""A user's plain NumPy and SciPy code, fortieth round (first part), written as legacy code is: the Baranyi-Roberts
growth curve as printed, Haldane's rate, a chemostat's biomass, Ratkowsky's model by np.maximum and by a Python if;
the Flory-Huggins free energy by scipy.special.xlogy and the solvent's potential by np.log(1 - phi) and np.log1p; the
worm-like chain's extension by Newton in a while loop on float() of the step and its misfit in the contour length; Kubelka-Munk's reflectance as printed
and by its conjugate, and over wavelengths filled into an array in a loop; Reinhard's operator; the log bit error
rate by scipy.special.erfc and by scipy.special.log_ndtr; Shannon's capacity by np.log2."""

import numpy as np
from scipy import special

# --- predictive microbiology -----------------------------------------------------------------------------------------


def baranyi(t, mu, lam, y0, ymax):
    h0 = mu * lam
    A = t + np.log(np.exp(-mu * t) + np.exp(-h0) - np.exp(-mu * t - h0)) / mu
    return y0 + mu * A - np.log(1 + (np.exp(mu * A) - 1) / np.exp(ymax - y0))


def haldane(S, mu_max, Ks, Ki):
    return mu_max * S / (Ks + S + S ** 2 / Ki)


def chemostat_biomass(D, mu_max, Ks, S0, Y):
    S = Ks * D / (mu_max - D)
    return Y * (S0 - S)


TMIN = 4.0


def ratkowsky(T, b):
    return (b * np.maximum(T - TMIN, 0)) ** 2


def ratkowsky_if(T, b):
    if T > TMIN:
        return (b * (T - TMIN)) ** 2
    return 0.0 * T


# --- polymer physics -------------------------------------------------------------------------------------------------

N = 1000


def fh_free_energy(phi, chi):
    return special.xlogy(phi, phi) / N + special.xlogy(1 - phi, 1 - phi) + chi * phi * (1 - phi)


def fh_solvent_potential(phi, chi):
    return np.log(1 - phi) + (1 - 1 / N) * phi + chi * phi ** 2


def fh_solvent_potential_log1p(phi, chi):
    return np.log1p(-phi) + (1 - 1 / N) * phi + chi * phi ** 2


KT = 4.114


def wlc_extension(F, P):
    f = F * P / KT
    x = 1 - 0.5 / np.sqrt(f + 1)
    while True:
        g = 0.25 / (1 - x) ** 2 - 0.25 + x - f
        step = g / (0.5 / (1 - x) ** 3 + 1)
        x = x - step
        if abs(float(step)) < 1e-15:
            break
    return x


D_NM = np.array([200.0, 500.0, 800.0, 950.0])
F_PN = np.array([0.02, 0.1, 0.6, 8.0])


def wlc_misfit(L0):
    x = D_NM / L0
    model = KT / 50 * (0.25 / (1 - x) ** 2 - 0.25 + x)
    return np.mean((model - F_PN) ** 2)


# --- paint optics ----------------------------------------------------------------------------------------------------


def r_infinity(ks):
    return 1 + ks - np.sqrt(ks ** 2 + 2 * ks)


def r_infinity_conjugate(ks):
    return 1 / (1 + ks + np.sqrt(ks ** 2 + 2 * ks))


def mean_reflectance(ks):
    out = np.zeros(len(ks))
    for i in range(len(ks)):
        out[i] = r_infinity_conjugate(ks[i])
    return out.mean()


# --- tone mapping ----------------------------------------------------------------------------------------------------


def reinhard_extended(L, Lw):
    return L * (1 + L / Lw ** 2) / (1 + L)


# --- digital communications ------------------------------------------------------------------------------------------


def log_ber_naive(ebn0_db):
    snr = 10 ** (ebn0_db / 10)
    return np.log(0.5 * special.erfc(np.sqrt(snr)))


def log_ber(ebn0_db):
    snr = 10 ** (ebn0_db / 10)
    return special.log_ndtr(-np.sqrt(2 * snr))


def capacity(snr):
    return np.log2(1 + snr)
