"""A user's plain NumPy and SciPy code, forty-second round (first part), as legacy analysis scripts write it: the Cash
statistic of an X-ray spectrum with empty channels by np.where and by scipy.special.xlogy, a paralyzable counter's
Poisson likelihood by scipy.stats.poisson.logpmf; the Schechter function as printed and in log space; a
Cormack-Jolly-Seber likelihood in a Python loop with scipy.special.expit and log_expit; the hazard-rate detection
function by 1 - exp and by expm1; a smoothed softmax cross-entropy by the log of scipy.special.softmax and by
log_softmax, a mixture's log-density by scipy.special.logsumexp with weights; a levee's first overtopping by
np.cumprod and by np.cumsum of log_expit; the SCS runoff at its abstraction; a Huber loss by np.minimum; a spring
chain by np.linalg.eigvalsh, solve, slogdet, cholesky, inv and det, a modal energy by np.einsum; the paralyzable
counter's inversion by scipy.special.lambertw; and a Kolmogorov-Smirnov p-value of photon arrival times by
scipy.special.kolmogorov (which gradcli lacks)."""

import numpy as np
from scipy import special, stats

ENERGY = np.array([1.0, 2.0, 4.0, 8.0, 16.0, 32.0])
COUNTS = np.array([40.0, 12.0, 5.0, 0.0, 1.0, 0.0])


def cash_where(log_norm, index):
    mu = np.exp(log_norm) * ENERGY ** (-index)
    return 2 * np.sum(mu - COUNTS + np.where(COUNTS > 0, COUNTS * np.log(COUNTS / mu), 0.0))


def cash_xlogy(log_norm, index):
    mu = np.exp(log_norm) * ENERGY ** (-index)
    return 2 * np.sum(mu - COUNTS + special.xlogy(COUNTS, COUNTS / mu))


def paralyzable_nll(log_rate):
    n = np.exp(log_rate)
    m = n * np.exp(-n * 1e-6)
    return -stats.poisson.logpmf(1000, m)


def paralyzable_true_rate(m):
    """Inverting m = n e^(-n tau) on its low branch: n = -W(-m tau) / tau."""
    return -special.lambertw(-m * 1e-6).real / 1e-6


def schechter_naive(M, M_star, alpha):
    x = 10 ** (0.4 * (M_star - M))
    return np.log(0.4 * np.log(10) * 5e-3 * x ** (alpha + 1) * np.exp(-x))


def schechter_log(M, M_star, alpha):
    log_x = 0.4 * np.log(10) * (M_star - M)
    return np.log(0.4 * np.log(10) * 5e-3) + (alpha + 1) * log_x - np.exp(log_x)


HISTORIES = [[1, 0, 1, 1, 0], [1, 1, 0, 0, 0], [1, 1, 1, 1, 1], [1, 0, 0, 0, 0], [1, 0, 0, 1, 0]]


def cjs_nll(logit_phi, logit_p):
    phi, p = special.expit(logit_phi), special.expit(logit_p)
    chi = [1.0]
    for _ in range(4):
        chi.insert(0, (1 - phi) + phi * (1 - p) * chi[0])
    total = 0.0
    for h in HISTORIES:
        last = max(t for t in range(5) if h[t])
        for t in range(1, last + 1):
            total += np.log(phi) + (np.log(p) if h[t] else np.log(1 - p))
        total += np.log(chi[last])
    return -total


def cjs_nll_stable(logit_phi, logit_p):
    log_phi, log_1m_phi = special.log_expit(logit_phi), special.log_expit(-logit_phi)
    log_p, log_1m_p = special.log_expit(logit_p), special.log_expit(-logit_p)
    log_chi = [0.0]
    for _ in range(4):
        log_chi.insert(0, np.logaddexp(log_1m_phi, log_phi + log_1m_p + log_chi[0]))
    total = 0.0
    for h in HISTORIES:
        last = max(t for t in range(5) if h[t])
        for t in range(1, last + 1):
            total += log_phi + (log_p if h[t] else log_1m_p)
        total += log_chi[last]
    return -total


DISTANCES = np.array([5.0, 20.0, 40.0, 80.0])


def hazard_rate_naive(sigma, b):
    return np.sum(np.log(1 - np.exp(-(DISTANCES / sigma) ** (-b))))


def hazard_rate_expm1(sigma, b):
    return np.sum(np.log(-np.expm1(-(DISTANCES / sigma) ** (-b))))


TARGETS = np.array([0.9, 0.0, 0.0]) + 0.1 / 3


def smoothed_xent_naive(logits):
    return -np.sum(TARGETS * np.log(special.softmax(logits)))


def smoothed_xent(logits):
    return -np.sum(TARGETS * special.log_softmax(logits))


WEIGHTS = np.array([0.5, 0.3, 0.2])


def mixture_logpdf(m):
    """A three-component Gaussian mixture (sd 1) of a log-discharge, at means m."""
    return special.logsumexp(-0.5 * (2.0 - m) ** 2 - 0.5 * np.log(2 * np.pi), b=WEIGHTS)


YEARS = np.arange(10.0)


def levee_first_overtop(a, b):
    h = special.expit(a + b * YEARS)
    survival = np.cumprod(1 - h)
    return np.log(h[9]) + np.log(survival[8])


def levee_first_overtop_stable(a, b):
    z = a + b * YEARS
    return special.log_expit(z[9]) + np.cumsum(special.log_expit(-z))[8]


def scs_runoff(P, S):
    Ia = 0.2 * S
    return np.where(P > Ia, (P - Ia) ** 2 / (P - Ia + S), 0.0)


def huber_residuals(r):
    abs_errors = np.abs(r)
    quadratic = np.minimum(abs_errors, 1.0)
    return np.sum(0.5 * quadratic ** 2 + (abs_errors - quadratic))


def stiffness(k1, k2, k3):
    return np.array([[k1 + k2, -k2], [-k2, k2 + k3]])


def lowest_frequency(k1, k2, k3):
    return np.sqrt(np.linalg.eigvalsh(stiffness(k1, k2, k3))[0])


def compliance(k1, k2, k3):
    return np.linalg.solve(stiffness(k1, k2, k3), np.array([0.0, 1.0]))[1]


def chain_logdet(k1, k2, k3):
    sign, logdet = np.linalg.slogdet(stiffness(k1, k2, k3))
    return logdet


def chain_logdet_chol(k1, k2, k3):
    return 2 * np.sum(np.log(np.diag(np.linalg.cholesky(stiffness(k1, k2, k3)))))


def flexibility_det(k1, k2, k3):
    return np.linalg.det(np.linalg.inv(stiffness(k1, k2, k3)))


def modal_energy(u):
    """Strain energy u^T K u / 2 of a displacement u in a fixed chain k = (1, 0.5, 2), by einsum."""
    return 0.5 * np.einsum("i,ij,j->", u, stiffness(1.0, 0.5, 2.0), u)


def ks_uniformity_pvalue(d):
    """The Kolmogorov-Smirnov p-value of 40 photon arrival times at a largest gap d from uniform."""
    return special.kolmogorov(np.sqrt(40) * d)


def storey_logdet(k1, k2, k3):
    K = np.array([[k1 + k2, -k2, 0.0], [-k2, k2 + k3, -k3], [0.0, -k3, k3]])
    return np.linalg.slogdet(K)[1]


def storey_logdet_chol(k1, k2, k3):
    K = np.array([[k1 + k2, -k2, 0.0], [-k2, k2 + k3, -k3], [0.0, -k3, k3]])
    return 2 * np.sum(np.log(np.diag(np.linalg.cholesky(K))))
