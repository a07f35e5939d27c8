"""A user's code on gradcli.numpy, round 101c: the formulas nuclear physicists, health physicists and detector people
fit or differentiate (the Bateman solution of a two-member decay chain, naive and guarded, half-lives and mean lives,
dead-time corrections, Beer-Lambert attenuation with buildup, the Breit-Wigner resonance, the Gamow factor,
Rutherford's cross section, the Bethe-Bloch stopping power, the semi-empirical mass formula, Poisson counting
likelihoods, Currie's detection limit and the dose from a point source)."""

import gradcli.numpy as np
from gradcli.scipy import special

# --- radioactive decay ------------------------------------------------------------------------------------------------


def bateman(t, n1, l1, l2):
    """Daughter atoms at t from N1(0) parent atoms (no daughter at 0): N1 l1 / (l2 - l1) (e^-l1 t - e^-l2 t)."""
    return n1 * l1 / (l2 - l1) * (np.exp(-l1 * t) - np.exp(-l2 * t))


def bateman_expm1(t, n1, l1, l2):
    """The same as N1 l1 e^-l1 t (1 - e^-(l2 - l1) t) / (l2 - l1), by expm1."""
    d = l2 - l1
    return n1 * l1 * np.exp(-l1 * t) * -np.expm1(-d * t) / d


def bateman_where(t, n1, l1, l2):
    """The secular-equilibrium limit N1 l1 t e^-l1 t where the constants coincide."""
    general = n1 * l1 / (l2 - l1) * (np.exp(-l1 * t) - np.exp(-l2 * t))
    return np.where(np.abs(l2 - l1) < 1e-9 * l1, n1 * l1 * t * np.exp(-l1 * t), general)


def bateman_safe(t, n1, l1, l2):
    """Guarded twice: a safe denominator in the unselected branch, and the series to first order where d t is small."""
    d = l2 - l1
    small = np.abs(d * t) < 1e-6
    safe_d = np.where(small, 1.0, d)
    general = n1 * l1 * np.exp(-l1 * t) * -np.expm1(-safe_d * t) / safe_d
    series = n1 * l1 * np.exp(-l1 * t) * t * (1.0 - d * t / 2.0)
    return np.where(small, series, general)


def half_life(lam):
    return np.log(2.0) / lam


def mean_life(activities, lams):
    """Activity-weighted mean life of a mixture: sum A_i / l_i / sum A_i."""
    return np.sum(activities / lams) / np.sum(activities)


def activity(t, a0, t_half):
    """A0 2^(-t / T1/2)."""
    return a0 * 2.0 ** (-t / t_half)


# --- counting: dead time, statistics, detection limits ----------------------------------------------------------------


def dead_time_nonparalysable(m, tau):
    """True rate from the measured rate m: m / (1 - m tau)."""
    return m / (1.0 - m * tau)


def dead_time_paralysable(n, tau):
    """Measured rate for a true rate n: n e^(-n tau)."""
    return n * np.exp(-n * tau)


def true_rate_paralysable(m, tau):
    """Its inverse on the lower branch: n = -W(-m tau) / tau."""
    return -np.real(special.lambertw(-m * tau)) / tau


COUNTS = np.array([0.0, 3.0, 1.0, 0.0, 7.0])
CHANNELS = np.array([0.0, 1.0, 2.0, 3.0, 4.0])


def poisson_nll(a, b):
    """Negative Poisson log-likelihood of a linear background a + b x over the channels, as written first."""
    mu = a + b * CHANNELS
    return -np.sum(COUNTS * np.log(mu) - mu - special.gammaln(COUNTS + 1.0))


def poisson_nll_xlogy(a, b):
    mu = a + b * CHANNELS
    return -np.sum(special.xlogy(COUNTS, mu) - mu - special.gammaln(COUNTS + 1.0))


def poisson_loglik(n, mu):
    """One bin's log-likelihood n log(mu) - mu - log n!, the count as a continuous parameter."""
    return special.xlogy(n, mu) - mu - special.gammaln(n + 1.0)


def currie_ld(b):
    """Currie's detection limit (counts) for a background of B counts: 2.71 + 4.65 sqrt(B)."""
    return 2.71 + 4.65 * np.sqrt(b)


def mda(b, eff, t):
    """Minimum detectable activity (Bq): L_D / (efficiency t)."""
    return (2.71 + 4.65 * np.sqrt(b)) / (eff * t)


# --- attenuation, dose ------------------------------------------------------------------------------------------------


def attenuation_buildup(mu, x, a, b):
    """Transmitted fraction with Berger's buildup: B(mu x) e^(-mu x), B = 1 + a mu x e^(b mu x)."""
    mux = mu * x
    return (1.0 + a * mux * np.exp(b * mux)) * np.exp(-mux)


def attenuation_buildup_combined(mu, x, a, b):
    mux = mu * x
    return np.exp(-mux) + a * mux * np.exp((b - 1.0) * mux)


def point_dose(r, s):
    """Fluence rate at r from an isotropic point source: S / (4 pi r^2)."""
    return s / (4.0 * np.pi * r ** 2)


def dose_at(p, src, gamma_a):
    """Dose rate at a point p from a source at src (3-D): Gamma A / |p - src|^2."""
    return gamma_a / np.sum((p - src) ** 2)


def shielded_dose(r, s, mu):
    return s * np.exp(-mu * r) / (4.0 * np.pi * r ** 2)


# --- nuclear reactions and scattering ---------------------------------------------------------------------------------


def breit_wigner(e, e0, gamma):
    """Single-level resonance shape (peak 1): (Gamma^2 / 4) / ((E - E0)^2 + Gamma^2 / 4)."""
    g2 = gamma ** 2 / 4.0
    return g2 / ((e - e0) ** 2 + g2)


def breit_wigner_normalised(e, e0, gamma):
    """The Lorentzian (area 1): (Gamma / 2 pi) / ((E - E0)^2 + Gamma^2 / 4)."""
    return gamma / (2.0 * np.pi) / ((e - e0) ** 2 + gamma ** 2 / 4.0)


def gamow(e, eg):
    """Tunnelling probability e^(-2 pi eta) = e^(-sqrt(E_G / E)) (E_G the Gamow energy)."""
    return np.exp(-np.sqrt(eg / e))


def gamow_log(e, eg):
    return -np.sqrt(eg / e)


def rutherford(theta, k):
    """Rutherford's differential cross section k / sin^4(theta / 2)."""
    return k / np.sin(theta / 2.0) ** 4


ME = 0.51099895e6  # electron rest energy, eV
K_BB = 0.307075  # MeV cm^2 / mol


def bethe_bloch(beta, i_exc):
    """Stopping power (per unit Z/A, z = 1): K / beta^2 (ln(2 me beta^2 gamma^2 / I) - beta^2)."""
    b2 = beta ** 2
    gamma2 = 1.0 / (1.0 - b2)
    return K_BB / b2 * (np.log(2.0 * ME * b2 * gamma2 / i_exc) - b2)


def bethe_bloch_factored(beta, i_exc):
    b2 = beta ** 2
    gamma2 = 1.0 / ((1.0 - beta) * (1.0 + beta))
    return K_BB / b2 * (np.log(2.0 * ME * b2 * gamma2 / i_exc) - b2)


# --- the semi-empirical mass formula ----------------------------------------------------------------------------------

NUCLEI = np.array([[56.0, 26.0], [208.0, 82.0], [40.0, 20.0], [14.0, 7.0], [235.0, 92.0], [27.0, 13.0]])
MEASURED = np.array([492.254, 1636.43, 342.052, 104.659, 1783.87, 224.952])  # binding energies, MeV


def _pairing(a, z):
    n = a - z
    even_even = (np.mod(z, 2.0) == 0.0) & (np.mod(n, 2.0) == 0.0)
    odd_odd = (np.mod(z, 2.0) == 1.0) & (np.mod(n, 2.0) == 1.0)
    return np.where(even_even, 1.0, np.where(odd_odd, -1.0, 0.0))


def semf(a, z, coef=(15.8, 18.3, 0.714, 23.2, 12.0)):
    """Binding energy (MeV) of a nucleus (A, Z): volume, surface, Coulomb, asymmetry and pairing terms."""
    av, as_, ac, aa, ap = coef
    return (av * a - as_ * a ** (2.0 / 3.0) - ac * z * (z - 1.0) / a ** (1.0 / 3.0)
            - aa * (a - 2.0 * z) ** 2 / a + ap * _pairing(a, z) / np.sqrt(a))


def semf_z(z):
    """Binding energy of A = 56 as a function of Z (for the valley of stability)."""
    return semf(56.0, z)


def semf_fit(coef):
    """Least squares of the formula's five coefficients against measured binding energies."""
    a, z = NUCLEI[:, 0], NUCLEI[:, 1]
    model = (coef[0] * a - coef[1] * a ** (2.0 / 3.0) - coef[2] * z * (z - 1.0) / a ** (1.0 / 3.0)
             - coef[3] * (a - 2.0 * z) ** 2 / a + coef[4] * _pairing(a, z) / np.sqrt(a))
    return np.sum((model - MEASURED) ** 2)
