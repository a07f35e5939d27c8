"""A user's plain NumPy and SciPy code, forty-ninth round (second part): the same models as an analysis script
writes them: airmass and extinction, Glicko's expected score and Bradley-Terry by scipy.special.expit / log_expit,
Plackett-Luce rankings by scipy.special.logsumexp and by np.logaddexp.accumulate over a batch's axis, the SCS runoff
and its ratio by np.where, mu-law by np.sign, decibels, spectral flatness (by scipy.stats.gmean too) and Eyring's
reverberation time by np.log and np.log1p."""

import math

import numpy as np
from scipy import special, stats

KY_A, KY_B, KY_C = 0.50572, 96.07995, 1.6364


def kasten_young(z):
    return 1.0 / (np.cos(np.radians(z)) + KY_A * (KY_B - z) ** -KY_C)


def extinction_mag_naive(tau, z):
    return -2.5 * np.log10(np.exp(-tau * kasten_young(z)))


def transmittance(tau, z):
    return np.exp(-tau * kasten_young(z))


G_RD = 1.0 / math.sqrt(1.0 + 3.0 * (math.log(10.0) / 400.0) ** 2 * 50.0 ** 2 / math.pi ** 2)


def glicko_expected_naive(d):
    return 1.0 / (1.0 + 10.0 ** (-G_RD * d / 400.0))


def bt_logp_naive(d):
    return np.log(special.expit(d))


def bt_logp(d):
    return special.log_expit(d)


def bt_bernoulli(d):
    y = 1.0
    p = special.expit(d)
    return special.xlogy(y, p) + special.xlog1py(1.0 - y, -p)


def pl_nll(s):
    """Plackett-Luce for the ranking 0 > 1 > ... by the tails' logsumexp."""
    return -sum(s[k] - special.logsumexp(s[k:]) for k in range(len(s)))


RANKINGS = np.array([[0, 1, 2, 3], [2, 0, 3, 1], [1, 0, 2, 3]])  # three judges' orders of four items


def pl_nll_batch(s):
    """Every judge's ranking at once: scores in ranked order, the tails by a reversed logaddexp.accumulate."""
    ranked = s[RANKINGS]
    tails = np.logaddexp.accumulate(ranked[:, ::-1], axis=1)[:, ::-1]
    return -np.sum(ranked - tails)


CN = 80.0
S_RET = 25400.0 / CN - 254.0
IA = 0.2 * S_RET


def scs_runoff(P):
    return np.where(P > IA, (P - IA) ** 2 / (P - IA + S_RET), 0.0)


def runoff_ratio(P):
    return np.where(P > IA, (P - IA) ** 2 / ((P - IA + S_RET) * P), 0.0)


MU = 255.0


def mu_law(x):
    return np.sign(x) * np.log1p(MU * np.abs(x)) / np.log1p(MU)


def power_db_eps(p):
    return 10.0 * np.log10(p + 1e-10)


def spectral_flatness(p):
    return np.exp(np.mean(np.log(p))) / np.mean(p)


def spectral_flatness_gmean(p):
    return stats.gmean(p) / np.mean(p)


V_ROOM, S_ROOM, K_SABINE = 200.0, 220.0, 0.161


def eyring_rt(alpha):
    return K_SABINE * V_ROOM / (-S_ROOM * np.log(1.0 - alpha))


def eyring_rt_log1p(alpha):
    return K_SABINE * V_ROOM / (-S_ROOM * np.log1p(-alpha))
