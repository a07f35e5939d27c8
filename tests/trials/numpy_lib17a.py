"""A user's plain NumPy and SciPy code, seventeenth round: label-smoothed cross-entropy, polynomials by Horner's
rule near a multiple root, a Pade approximant at its pole, geometric and power means, Fisher's z of a Pearson
correlation, beta-binomial log-probabilities by betaln and by products, the von Mises-Fisher normaliser by the
exponentially scaled Bessel function, cube-root transforms, Kahan summation in a loop, normalising by the largest
magnitude, the generalised IoU of two boxes, Plackett-Luce by a running logaddexp, the Langevin function by one
where, a truncated normal's log normaliser by a signed logsumexp, and a median with a constant among its values."""

import numpy as np
from scipy import special

# --- label-smoothed cross-entropy -------------------------------------------------------------------------------------

SMOOTHING = 0.1
TARGET = 1


def _smoothed(k):
    q = np.full(k, SMOOTHING / k)
    q[TARGET] += 1.0 - SMOOTHING
    return q


def smoothed_ce(z):
    """Cross-entropy against the smoothed one-hot target, log-softmax by shifting with the max."""
    shifted = z - np.max(z)
    log_p = shifted - np.log(np.sum(np.exp(shifted)))
    return -np.sum(_smoothed(z.shape[0]) * log_p)


def smoothed_ce_naive(z):
    p = np.exp(z) / np.sum(np.exp(z))
    return -np.sum(_smoothed(z.shape[0]) * np.log(p))


# --- Horner near a multiple root and a Pade approximant ------------------------------------------------------------

QUINTIC = [1.0, -5.0, 10.0, -10.0, 5.0, -1.0]  # (x - 1)^5 expanded


def quintic(x):
    return np.sum(np.polyval(QUINTIC, x))


def pade_exp(x):
    """exp's [2/1] Pade approximant (1 + 2x/3 + x^2/6) / (1 - x/3), by Horner's rule."""
    num = 1.0 + x * (2.0 / 3.0 + x / 6.0)
    den = 1.0 - x / 3.0
    return np.sum(num / den)


# --- means -----------------------------------------------------------------------------------------------------------

def geometric_mean_naive(x):
    return np.prod(x) ** (1.0 / x.shape[0])


def geometric_mean(x):
    return np.exp(np.mean(np.log(x)))


POWER = 1e-9


def power_mean(x):
    """The power mean of order POWER (near the geometric mean)."""
    return np.mean(x ** POWER) ** (1.0 / POWER)


# --- Fisher's z of a correlation ------------------------------------------------------------------------------------

def fisher_z(x, y):
    xc = x - np.mean(x)
    yc = y - np.mean(y)
    r = np.sum(xc * yc) / np.sqrt(np.sum(xc * xc) * np.sum(yc * yc))
    return np.arctanh(r)


# --- beta-binomial --------------------------------------------------------------------------------------------------

N_TRIALS, K_SUCCESS = 5, 2


def betabinom_logpmf(a, b):
    n, k = N_TRIALS, K_SUCCESS
    log_choose = special.gammaln(n + 1) - special.gammaln(k + 1) - special.gammaln(n - k + 1)
    return log_choose + special.betaln(k + a, n - k + b) - special.betaln(a, b)


def betabinom_logpmf_products(a, b):
    """B(k + a, n - k + b) / B(a, b) as rising factorials: whole-number n and k."""
    n, k = N_TRIALS, K_SUCCESS
    log_choose = np.log(10.0)  # C(5, 2)
    up_a = np.sum(np.log(a + np.arange(k)))
    up_b = np.sum(np.log(b + np.arange(n - k)))
    up_ab = np.sum(np.log(a + b + np.arange(n)))
    return log_choose + up_a + up_b - up_ab


# --- the von Mises-Fisher normaliser in five dimensions ----------------------------------------------------------

DIM = 5


def vmf_log_norm_iv(kappa):
    v = DIM / 2.0 - 1.0
    return v * np.log(kappa) - DIM / 2.0 * np.log(2 * np.pi) - np.log(special.iv(v, kappa))


def vmf_log_norm(kappa):
    """log I_v(kappa) = log ive(v, kappa) + kappa."""
    v = DIM / 2.0 - 1.0
    return v * np.log(kappa) - DIM / 2.0 * np.log(2 * np.pi) - np.log(special.ive(v, kappa)) - kappa


# --- cube roots ----------------------------------------------------------------------------------------------------

def cube_root_loss(x):
    return np.sum(np.cbrt(x) ** 2)


def cube_root_power(x):
    return np.sum((x ** (1.0 / 3.0)) ** 2)


# --- Kahan summation -------------------------------------------------------------------------------------------------

def kahan_energy(x):
    total = 0.0
    carry = 0.0
    for v in x * x:
        y = v - carry
        t = total + y
        carry = (t - total) - y
        total = t
    return total


# --- normalising by the largest magnitude ---------------------------------------------------------------------------

WEIGHTS = np.array([1.0, 2.0, 3.0])


def max_abs_score(x):
    return np.sum(WEIGHTS * (x / np.max(np.abs(x))))


# --- generalised IoU of two boxes [x1, y1, x2, y2] -----------------------------------------------------------------

def giou_loss(a, b):
    iw = np.maximum(np.minimum(a[2], b[2]) - np.maximum(a[0], b[0]), 0.0)
    ih = np.maximum(np.minimum(a[3], b[3]) - np.maximum(a[1], b[1]), 0.0)
    inter = iw * ih
    area_a = (a[2] - a[0]) * (a[3] - a[1])
    area_b = (b[2] - b[0]) * (b[3] - b[1])
    union = area_a + area_b - inter
    cw = np.maximum(a[2], b[2]) - np.minimum(a[0], b[0])
    ch = np.maximum(a[3], b[3]) - np.minimum(a[1], b[1])
    enclosing = cw * ch
    return 1.0 - inter / union + (enclosing - union) / enclosing


def pade_exp_scaled(x):
    """The same approximant with its denominator written (3 - x) / 3: 3 - x is exact near the pole."""
    num = 1.0 + x * (2.0 / 3.0 + x / 6.0)
    den = (3.0 - x) / 3.0
    return np.sum(num / den)


def plackett_luce_nll(s):
    """Scores in the observed order, best first: each place's log normaliser by a reversed running logaddexp."""
    tails = np.logaddexp.accumulate(s[::-1])[::-1]
    return np.sum(tails - s)


def langevin(x):
    """coth(x) - 1/x, its series below 1e-3."""
    series = x / 3.0 - x ** 3 / 45.0 + 2.0 * x ** 5 / 945.0
    return np.sum(np.where(np.abs(x) < 1e-3, series, 1.0 / np.tanh(x) - 1.0 / x))


def truncnorm_log_z(a, b):
    """log(Phi(b) - Phi(a)) for 0 < a < b, as a signed logsumexp of log Phi(-a) and log Phi(-b)."""
    return special.logsumexp([special.log_ndtr(-a), special.log_ndtr(-b)], b=[1.0, -1.0])


PRIOR = 0.3


def robust_centre(a, b):
    """The median of two estimates and a prior guess."""
    return np.median(np.array([a, b, PRIOR]))
