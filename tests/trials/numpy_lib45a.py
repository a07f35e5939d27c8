"""A legacy NumPy/SciPy module, forty-fifth round (first part): astrodynamics (the Stumpff function c2 as printed, by
np.where over its regimes, with a double where and its series, and by np.sinc; Kepler's equation by a Python Newton
loop; the hyperbolic anomaly by np.arccosh and np.arctanh), seismology (the Omori-Utsu integrated rate as printed and
by np.log1p / np.expm1; a truncated Gutenberg-Richter likelihood by 1 - 10^(-b dM) and np.expm1; detection by
scipy.special.expit and log_expit; a local magnitude by np.log10), copulas (Clayton's log density by powers and by
np.logaddexp; Frank's by np.expm1 and scipy.special.xlogy; a Gaussian copula by scipy.special.ndtri; a logit-link
weight by scipy.special.logit) and a Butler-Volmer overpotential by np.arcsinh; a Kepler solver by
scipy.optimize.newton, which gradcli.scipy may lack."""

import numpy as np
from scipy import optimize, special

# --- astrodynamics ---------------------------------------------------------------------------------------------------


def stumpff_c2(z):
    return (1.0 - np.cos(np.sqrt(z))) / z


def stumpff_c2_where(z):
    return np.where(z > 0, (1.0 - np.cos(np.sqrt(z))) / z,
                    np.where(z < 0, (np.cosh(np.sqrt(-z)) - 1.0) / (-z), 0.5))


def stumpff_c2_safe(z):
    small = np.abs(z) < 1e-3
    zp = np.where(z > 0, np.where(small, 1.0, z), 1.0)
    zn = np.where(z < 0, np.where(small, -1.0, z), -1.0)
    series = 0.5 - z / 24.0 + z * z / 720.0 - z * z * z / 40320.0
    ell = (1.0 - np.cos(np.sqrt(zp))) / zp
    hyp = (np.cosh(np.sqrt(-zn)) - 1.0) / (-zn)
    return np.where(small, series, np.where(z > 0, ell, hyp))


def stumpff_c2_sinc(z):
    return 0.5 * np.sinc(np.sqrt(z) / (2.0 * np.pi)) ** 2


def kepler_E(M, e):
    E = M + e * np.sin(M)
    for _ in range(30):
        E = E - (E - e * np.sin(E) - M) / (1.0 - e * np.cos(E))
    return E


def kepler_E_scipy(M, e):
    return optimize.newton(lambda E: E - e * np.sin(E) - M, M, fprime=lambda E: 1.0 - e * np.cos(E))


def hyperbolic_anomaly(nu, e):
    return np.arccosh((e + np.cos(nu)) / (1.0 + e * np.cos(nu)))


def hyperbolic_anomaly_atanh(nu, e):
    return 2.0 * np.arctanh(np.sqrt((e - 1.0) / (e + 1.0)) * np.tan(nu / 2.0))


# --- seismology ------------------------------------------------------------------------------------------------------


def omori_count(t, c, p):
    return 100.0 * ((c + t) ** (1.0 - p) - c ** (1.0 - p)) / (1.0 - p)


def omori_count_expm1(t, c, p):
    """c^q expm1(q log1p(t / c)) / q: no cancellation near p = 1, still 0 / 0 on it."""
    q = 1.0 - p
    return 100.0 * c ** q * np.expm1(q * np.log1p(t / c)) / q


MC, MMAX = 2.0, 8.0


def gr_truncated_ll(b, m):
    beta = b * np.log(10.0)
    return np.sum(np.log(beta) - beta * (m - MC) - np.log(1.0 - 10.0 ** (-b * (MMAX - MC))))


def gr_truncated_ll_expm1(b, m):
    beta = b * np.log(10.0)
    return np.sum(np.log(beta) - beta * (m - MC) - np.log(-np.expm1(-beta * (MMAX - MC))))


def detection_ll(m, mc):
    return np.sum(np.log(special.expit((m - mc) / 0.1)))


def detection_ll_stable(m, mc):
    return np.sum(special.log_expit((m - mc) / 0.1))


def local_magnitude(amp, dist):
    return np.log10(amp) + 2.76 * np.log10(dist) - 2.48


# --- copulas ---------------------------------------------------------------------------------------------------------


def clayton_logpdf(u, v, theta):
    s = u ** -theta + v ** -theta - 1.0
    return np.log1p(theta) - (1.0 + theta) * (np.log(u) + np.log(v)) - (2.0 + 1.0 / theta) * np.log(s)


def clayton_logpdf_lae(u, v, theta):
    """log(u^-theta + v^-theta - 1) = logaddexp(-theta log u, -theta log v) + log1p(-e^-that)."""
    l = np.logaddexp(-theta * np.log(u), -theta * np.log(v))
    log_s = l + np.log1p(-np.exp(-l))
    return np.log1p(theta) - (1.0 + theta) * (np.log(u) + np.log(v)) - (2.0 + 1.0 / theta) * log_s


def frank_logpdf_expm1(u, v, theta):
    a = -np.expm1(-theta)
    d = a - np.expm1(-theta * u) * np.expm1(-theta * v)
    return np.log(theta) + np.log(a) - theta * (u + v) - 2.0 * np.log(d)


def copula_entropy_term(c):
    """-sum c log c of copula cell masses, by scipy.special.xlogy."""
    return -np.sum(special.xlogy(c, c))


def gaussian_copula_score(u, rho):
    """log density of a bivariate Gaussian copula at (u0, u1) by ndtri."""
    x, y = special.ndtri(u[0]), special.ndtri(u[1])
    return (-0.5 * np.log1p(-rho * rho)
            - (rho * rho * (x * x + y * y) - 2.0 * rho * x * y) / (2.0 * (1.0 - rho * rho)))


def mix_weight(w):
    return special.logit(w)


# --- battery ---------------------------------------------------------------------------------------------------------


def bv_overpotential(i, i0):
    return 0.0513 * np.arcsinh(i / (2.0 * i0))
