"""A user's plain NumPy code, eightieth round (d): sequence alignment scores as evaluation scripts compute them. CTC's
forward variables by np.logaddexp (a target "ab" and a repeated one, "aa"); soft-DTW's soft-min by
scipy.special.logsumexp; a 2-state HMM's forward algorithm with np.logaddexp.reduce and a zero transition probability;
a monotonic attention's expected alignment by np.cumprod."""

import numpy as np
from scipy.special import log_softmax, logsumexp


# ------------------------------------------------------------------------------------------------- CTC
def _ctc(logits, ext, skips):
    lp = log_softmax(logits, axis=-1)
    S = len(ext)
    alpha = [lp[0, ext[0]], lp[0, ext[1]]] + [-np.inf] * (S - 2)
    for t in range(1, logits.shape[0]):
        new = []
        for s in range(S):
            a = alpha[s]
            if s >= 1:
                a = np.logaddexp(a, alpha[s - 1])
            if skips[s]:
                a = np.logaddexp(a, alpha[s - 2])
            new.append(a + lp[t, ext[s]])
        alpha = new
    return -np.logaddexp(alpha[-1], alpha[-2])


def ctc_ab(logits):
    return _ctc(logits, [0, 1, 0, 2, 0], [False, False, False, True, False])


def ctc_aa(logits):
    return _ctc(logits, [0, 1, 0, 1, 0], [False] * 5)


# ------------------------------------------------------------------------------------------------- soft-DTW
GAMMA = 0.1


def soft_dtw(x, y):
    D = (x[:, None] - y[None, :]) ** 2
    n, m = D.shape
    R = np.full((n + 1, m + 1), np.inf)
    R[0, 0] = 0.0
    for i in range(1, n + 1):
        for j in range(1, m + 1):
            r = np.array([R[i - 1, j - 1], R[i - 1, j], R[i, j - 1]])
            R[i, j] = D[i - 1, j - 1] - GAMMA * logsumexp(-r / GAMMA)
    return R[n, m]


# ------------------------------------------------------------------------------------------------- HMM
LOG_PI = np.log(np.array([0.6, 0.4]))
with np.errstate(divide="ignore"):
    LOG_A = np.log(np.array([[0.7, 0.3], [0.0, 1.0]]))


def hmm_forward(log_b):
    alpha = LOG_PI + log_b[0]
    for t in range(1, log_b.shape[0]):
        alpha = np.logaddexp.reduce(alpha[:, None] + LOG_A, axis=0) + log_b[t]
    return np.logaddexp.reduce(alpha)


# ------------------------------------------------------------------------------------------------- monotonic attention
V = np.array([1.0, -0.5, 2.0, 0.3])


def mono_cumprod(p):
    keep = np.cumprod(1 - p)
    excl = np.concatenate([np.ones(1), keep[:-1]])
    return np.sum(p * excl * V)
