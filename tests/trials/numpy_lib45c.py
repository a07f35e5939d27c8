"""A user's plain NumPy and SciPy code, round 45c: the Langevin function by np.tanh and by its series, the Brillouin
function, Fermi-Dirac occupancy by np.exp and by scipy.special.expit, its log by scipy.special.log_expit,
Bose-Einstein's log(1 - e^-x) and log(-expm1(-x)), Debye's integrand by np.expm1, Cohen's inverse Langevin, the
Marko-Siggia force, the Gaussian KL divergence, a Renyi entropy, the Airy pattern by scipy.special.j1, a slit by
np.sinc, Yeo-Johnson by scipy.special.boxcox1p, the Tsallis q-logarithm, and scipy.stats.yeojohnson_llf (which gradcli
does not replay)."""

import numpy as np
from scipy import special, stats


def langevin(x):
    return 1 / np.tanh(x) - 1 / x


def langevin_series(x):
    small = np.abs(x) < 1e-3
    safe = np.where(small, 1.0, x)
    return np.where(small, x / 3 - x ** 3 / 45, 1 / np.tanh(safe) - 1 / safe)


def brillouin(x):
    j = 2.0
    a = (2 * j + 1) / (2 * j)
    c = 1 / (2 * j)
    return a / np.tanh(a * x) - c / np.tanh(c * x)


def fermi_dirac(x):
    return 1 / (np.exp(x) + 1)


def fermi_dirac_expit(x):
    return special.expit(-x)


def log_fermi_expit(x):
    return special.log_expit(-x)


def bose_log(x):
    return np.log(1 - np.exp(-x))


def bose_log_expm1(x):
    return np.log(-np.expm1(-x))


def debye_integrand_expm1(x):
    return x ** 3 / np.expm1(x)


def inverse_langevin_cohen(y):
    return y * (3 - y ** 2) / (1 - y ** 2)


def marko_siggia(x):
    return 1 / (4 * (1 - x) ** 2) - 1 / 4 + x


def kl_gauss(m1, s1, m2, s2):
    return np.log(s2 / s1) + (s1 ** 2 + (m1 - m2) ** 2) / (2 * s2 ** 2) - 0.5


def renyi_entropy(p, alpha):
    return np.log(np.sum(p ** alpha)) / (1 - alpha)


def airy_pattern(x):
    return (2 * special.j1(x) / x) ** 2


def slit_pattern_sinc(x):
    return np.sinc(x / np.pi) ** 2


def yeo_johnson_boxcox1p(y, lam):
    """Yeo-Johnson of y >= 0 is Box-Cox of 1 + y."""
    return special.boxcox1p(y, lam)


def tsallis_log(x, q):
    return (x ** (1 - q) - 1) / (1 - q)


def yeo_johnson_llf(lam):
    return stats.yeojohnson_llf(lam, np.array([0.5, 1.5, 2.5]))
