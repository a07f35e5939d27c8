"""A user's plain NumPy code, ninety-second round (d): the losses of training and aligning a small language model:
DPO by np.log(1 / (1 + np.exp(-m))) and by np.logaddexp, IPO, the per-token KL penalty exp(d) - 1 - d (naive and
np.expm1), the z-loss naively and by scipy.special.logsumexp, label-smoothed cross-entropy by
scipy.special.log_softmax, perplexity, a temperature-scaled log-softmax (max-subtracted by hand), top-k masking by
np.sort, logit soft-capping, RMSNorm, and a nucleus cut-off by np.searchsorted."""

import numpy as np
from scipy.special import log_softmax, logsumexp

BETA = 0.5
TAU = 0.1
REF_C = np.array([-4.0, -6.0])
REF_R = np.array([-5.0, -6.0])
TARGETS = np.array([2, 0])
VOCAB = 4
SMOOTH = 0.25
CAP = 30.0
TOP_K = 2
TOP_TARGET = 1
EPS_NORM = 1e-6
GAIN = np.array([1.0, 0.5, 2.0, 1.5])
W_OUT = np.array([0.25, -1.0, 0.5, 2.0])


def sigmoid(z):
    return 1.0 / (1.0 + np.exp(-z))


# ----------------------------------------------------------------------------------------- preference losses
def _margin(lp_c, lp_r):
    return BETA * ((lp_c - REF_C) - (lp_r - REF_R))


def dpo_naive(lp_c, lp_r):
    return -np.mean(np.log(sigmoid(_margin(lp_c, lp_r))))


def dpo_logaddexp(lp_c, lp_r):
    return np.mean(np.logaddexp(0.0, -_margin(lp_c, lp_r)))


def ipo(lp_c, lp_r):
    h = (lp_c - REF_C) - (lp_r - REF_R)
    return np.mean((h - 1 / (2 * TAU)) ** 2)


# ----------------------------------------------------------------------------------------- KL penalty, z-loss
def kl_naive(logp, logq):
    d = logp - logq
    return np.sum(np.exp(d) - 1 - d)


def kl_expm1(logp, logq):
    d = logp - logq
    return np.sum(np.expm1(d) - d)


def z_loss(z):
    return np.mean(logsumexp(z, axis=-1) ** 2)


def z_loss_naive(z):
    return np.mean(np.log(np.sum(np.exp(z), axis=-1)) ** 2)


# ----------------------------------------------------------------------------------------- cross-entropies
def ls_ce(z):
    q = (1 - SMOOTH) * np.eye(VOCAB)[TARGETS] + SMOOTH / VOCAB
    return -np.mean(np.sum(q * log_softmax(z, axis=-1), axis=-1))


def perplexity(z):
    logp = z - logsumexp(z, axis=-1, keepdims=True)
    nll = -logp[np.arange(2), TARGETS]
    return np.exp(np.mean(nll))


def temp_ce(z, temp):
    s = z / temp
    s = s - np.max(s)
    return -(s[TOP_TARGET] - np.log(np.sum(np.exp(s))))


def topk_ce(z):
    kth = np.sort(z)[-TOP_K]
    masked = np.where(z >= kth, z, -np.inf)
    return -log_softmax(masked)[TOP_TARGET]


def softcap_ce(z):
    capped = CAP * np.tanh(z / CAP)
    logp = log_softmax(capped, axis=-1)
    return -np.mean(logp[np.arange(2), TARGETS])


def rmsnorm(x):
    y = x / np.sqrt(np.mean(x ** 2) + EPS_NORM) * GAIN
    return np.sum(y * W_OUT)


def nucleus_ce(z):
    """The target's log-probability renormalised over the smallest set of tokens holding 90% of the mass."""
    p = np.exp(log_softmax(z))
    order = np.argsort(-p)
    cut = np.searchsorted(np.cumsum(p[order]), 0.9) + 1
    keep = np.zeros_like(p, dtype=bool)
    keep[order[:cut]] = True
    return -np.log(p[TOP_TARGET] / np.sum(p[keep]))


def calibrated_ce(z):
    """The cross-entropy after temperature scaling, the temperature fitted by scipy (calibration on the same logits)."""
    from scipy.optimize import minimize_scalar

    def nll(t):
        logp = log_softmax(z / t, axis=-1)
        return -np.mean(logp[np.arange(2), TARGETS])
    best = minimize_scalar(nll, bounds=(0.05, 10.0), method="bounded")
    return nll(best.x)
