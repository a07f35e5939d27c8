"""A user's plain NumPy and SciPy code, forty-first round (first part), written as legacy code is: Dixon and Coles'
0-0 probability by scipy.stats.poisson.logpmf, a season's Poisson likelihood in a Python loop over matches, the
chance of at most two goals by scipy.stats.poisson.logcdf and by log of the cdf; Heckman's inverse Mills ratio by
norm.pdf / norm.cdf and by exp(logpdf - logcdf); an ordered probit's middle category by norm.cdf and by norm.sf; the
ex-Gaussian log-density by scipy.special.log_ndtr and by erfcx, and by scipy.stats.exponnorm (which gradcli lacks);
a Kalman filter over a Python loop with np.linalg.solve and np.linalg.slogdet; a beta-binomial by
scipy.special.betaln and gammaln nearing its binomial limit; a shot's binary entropy by scipy.special.entr; the
z-score of a p-value by scipy.special.ndtri; a group-lasso penalty by np.linalg.norm."""

import numpy as np
from scipy import special, stats
from scipy.stats import norm


def dixon_coles_00(log_home, log_away, rho):
    lam, mu = np.exp(log_home), np.exp(log_away)
    tau = 1 - lam * mu * rho
    return np.log(tau) + stats.poisson.logpmf(0, lam) + stats.poisson.logpmf(0, mu)


MATCHES = [(0, 1, 2, 1), (1, 2, 0, 0), (2, 0, 3, 1), (0, 2, 1, 1)]


def season_nll(attack, defence, home):
    total = 0.0
    for h, a, hg, ag in MATCHES:
        lam = np.exp(home + attack[h] - defence[a])
        mu = np.exp(attack[a] - defence[h])
        total -= stats.poisson.logpmf(hg, lam) + stats.poisson.logpmf(ag, mu)
    return total


def at_most_two_goals(lam):
    return np.log(stats.poisson.cdf(2, lam))


def at_most_two_goals_logcdf(lam):
    return stats.poisson.logcdf(2, lam)


def mills_naive(z):
    return norm.pdf(z) / norm.cdf(z)


def mills_log(z):
    return np.exp(norm.logpdf(z) - norm.logcdf(z))


def ordered_probit_middle(eta):
    return np.log(norm.cdf(1.0 - eta) - norm.cdf(0.0 - eta))


def ordered_probit_middle_sf(eta):
    return np.log(norm.sf(0.0 - eta) - norm.sf(1.0 - eta))


def exgauss_log_ndtr(x, mu, sigma, tau):
    z = (x - mu) / sigma - sigma / tau
    return -np.log(tau) + sigma ** 2 / (2 * tau ** 2) - (x - mu) / tau + special.log_ndtr(z)


def exgauss_erfcx(x, mu, sigma, tau):
    z = (x - mu) / sigma - sigma / tau
    return (-np.log(2 * tau) + sigma ** 2 / (2 * tau ** 2) - (x - mu) / tau - z * z / 2
            + np.log(special.erfcx(-z / np.sqrt(2))))


def exgauss_scipy(x, mu, sigma, tau):
    return stats.exponnorm.logpdf(x, tau / sigma, loc=mu, scale=sigma)


TRACK = np.array([[0.9, 1.1], [2.1, 0.9], [2.8, 1.2], [4.2, 0.8], [5.0, 1.0]])


def kalman_nll(log_q, log_r):
    F = np.array([[1.0, 1.0], [0.0, 1.0]])
    Q = np.exp(log_q) * np.eye(2)
    R = np.exp(log_r) * np.eye(2)
    m, P = np.zeros(2), np.eye(2)
    total = 0.0
    for y in TRACK:
        m, P = F @ m, F @ P @ F.T + Q
        S = P + R
        e = y - m
        sign, logdet = np.linalg.slogdet(S)
        total += 0.5 * (logdet + e @ np.linalg.solve(S, e) + 2 * np.log(2 * np.pi))
        K = np.linalg.solve(S, P).T
        m, P = m + K @ e, P - K @ P
    return total


def free_throws(m, log_kappa):
    kappa = np.exp(log_kappa)
    a, b = m * kappa, (1 - m) * kappa
    log_choose = special.gammaln(11) - special.gammaln(8) - special.gammaln(4)
    return log_choose + special.betaln(7 + a, 3 + b) - special.betaln(a, b)


def shot_entropy(p):
    return special.entr(p) + special.entr(1 - p)


def z_score(p):
    return special.ndtri(p)


def group_lasso(w):
    return 0.1 * np.linalg.norm(w)
