"""A user's plain NumPy code, seventy-ninth round (d): uncertainty losses as evaluation scripts write them. A Gaussian
NLL with np.exp(-log_var), a Laplace NLL, the Normal-Inverse-Gamma NLL with scipy.special.gammaln, the expected
calibration error by bin masks, MC dropout's mean + np.std, quantile regression's crossing penalty np.maximum(0, .),
and a mixture density network by scipy.special.logsumexp."""

import math

import numpy as np
from scipy.special import gammaln, logsumexp

Y3 = np.array([1.3, -0.2, 0.7])
Y_REG = 1.0
CORRECT = np.array([1.0, 0.0, 1.0, 1.0, 0.0, 1.0])
N_BINS = 10
X_MC = np.array([0.8, -1.2, 0.5])
MASKS = np.array([[1.0, 1.0, 0.0], [1.0, 0.0, 1.0], [1.0, 1.0, 1.0], [1.0, 0.0, 0.0]])
KEEP = 0.5
Y_Q, TAUS, LAM = 0.5, (0.1, 0.9), 1.0
Y_MDN = 0.5


def gauss_nll(mu, log_var):
    return np.sum(0.5 * (log_var + (Y3 - mu) ** 2 * np.exp(-log_var)))


def laplace_nll(mu, log_b):
    return np.sum(np.abs(Y3 - mu) * np.exp(-log_b) + log_b + math.log(2.0))


def nig_nll(gamma, nu, alpha, beta):
    two_b_lambda = 2 * beta * (1 + nu)
    return (0.5 * np.log(np.pi / nu)
            - alpha * np.log(two_b_lambda)
            + (alpha + 0.5) * np.log(nu * (Y_REG - gamma) ** 2 + two_b_lambda)
            + gammaln(alpha) - gammaln(alpha + 0.5))


def ece(conf):
    edges = np.linspace(0.0, 1.0, N_BINS + 1)
    total = 0.0
    for lo, hi in zip(edges[:-1], edges[1:]):
        in_bin = (conf > lo) & (conf <= hi)
        total = total + np.abs(np.sum(np.where(in_bin, CORRECT - conf, 0.0)))
    return total / len(conf)


def mc_ucb(w):
    p = (MASKS * X_MC) @ w / KEEP
    return np.mean(p) + np.std(p)


def quantile_loss(q):
    def pinball(qq, tau):
        d = Y_Q - qq
        return np.maximum(tau * d, (tau - 1) * d)
    return pinball(q[0], TAUS[0]) + pinball(q[1], TAUS[1]) + LAM * np.maximum(q[0] - q[1], 0.0)


def mdn_nll(logit_pi, mu, log_sigma):
    log_pi = logit_pi - logsumexp(logit_pi)
    z = (Y_MDN - mu) / np.exp(log_sigma)
    comp = log_pi - log_sigma - 0.5 * math.log(2 * math.pi) - 0.5 * z ** 2
    return -logsumexp(comp)
