"""A user's plain NumPy and SciPy code, sixteenth round: Adam steps in a Python loop with in-place moment updates, a
hidden-Markov forward algorithm with scipy.special.logsumexp and impossible transitions, a robust loss by np.select
and a softplus by np.piecewise (both smooth at their switches), np.vectorize over a scalar Huber, a quadratic form by
np.einsum, a mean over the finite entries by a boolean mask, a piecewise function by in-place index assignment, a
radial flow, the log of a variance (Welford in a loop, and shifted samples), an entropy with a subnormal probability,
a median at a tie, explicit Euler in float32, and a Cauchy loss at 1e300."""

import numpy as np
from scipy import special

B1, B2, EPS, LR = 0.9, 0.999, 1e-8, 0.1


def adam_meta(w):
    """Three Adam steps on sum(w^2)/2, moments updated in place, then the validation loss."""
    m = np.zeros_like(w)
    v = np.zeros_like(w)
    for t in range(1, 4):
        g = w
        m *= B1
        m += (1 - B1) * g
        v *= B2
        v += (1 - B2) * g * g
        m_hat = m / (1 - B1 ** t)
        v_hat = v / (1 - B2 ** t)
        w = w - LR * m_hat / (np.sqrt(v_hat) + EPS)
    return np.sum((w - 0.25) ** 2)


with np.errstate(divide="ignore"):
    LOG_A = np.log(np.array([[0.9, 0.1], [0.0, 1.0]]))
    LOG_PI = np.log(np.array([1.0, 0.0]))


def hmm_loglik(log_b):
    log_alpha = LOG_PI + log_b[0]
    for t in range(1, log_b.shape[0]):
        log_alpha = special.logsumexp(log_alpha[:, None] + LOG_A, axis=0) + log_b[t]
    return special.logsumexp(log_alpha)


def smooth_robust(r):
    """Quadratic near 0, linear to |r| = 3, logarithmic beyond: continuous with a continuous slope."""
    a = np.abs(r)
    pieces = np.select([a <= 1.0, a <= 3.0], [0.5 * r * r, a - 0.5], default=3.0 * np.log(a / 3.0) + 2.5)
    return np.sum(pieces)


def piecewise_softplus(x):
    return np.sum(np.piecewise(x, [x < 0, x >= 0],
                               [lambda v: np.log1p(np.exp(v)), lambda v: v + np.log1p(np.exp(-v))]))


def _huber(r):
    return 0.5 * r * r if abs(r) <= 1.0 else abs(r) - 0.5


huber_each = np.vectorize(_huber)


def vectorized_huber(r):
    return np.sum(huber_each(r))


QUAD = np.array([[2.0, 0.5], [0.5, 1.0]])


def einsum_energy(x):
    return np.einsum("i,ij,j->", x, QUAD, x)


def finite_mean_log(x):
    """The mean of log(x) over the entries where it is finite."""
    with np.errstate(divide="ignore"):
        values = np.log(x)
    keep = np.isfinite(values)
    return np.sum(values[keep]) / np.sum(keep)


def masked_mean_log(x):
    with np.errstate(divide="ignore"):
        return np.ma.masked_invalid(np.log(x)).mean()


def log1p_or_linear(x):
    out = np.empty_like(x)
    pos = x > 0
    out[pos] = np.log1p(x[pos])
    out[~pos] = x[~pos]
    return np.sum(out)


Z0 = np.array([0.5, -0.5])


def radial_loss(z):
    alpha, beta = 1.0, 2.0
    diff = z - Z0
    r = np.linalg.norm(diff)
    h = 1.0 / (alpha + r)
    f = z + beta * h * diff
    log_det = np.log1p(beta * h) + np.log1p(beta * h - beta * h * h * r)
    return 0.5 * np.sum(f ** 2) - log_det


def welford_log_var(x):
    n, mean, m2 = 0, 0.0, 0.0
    for xi in x:
        n += 1
        delta = xi - mean
        mean += delta / n
        m2 += delta * (xi - mean)
    return np.log(m2 / n)


def log_var_naive(x):
    return np.log(np.mean(x * x) - np.mean(x) ** 2)


SAMPLES = np.array([0.3, 1.7, -2.2])


def log_var_shift(t):
    return np.log(np.var(SAMPLES + t))


def entropy(p):
    return -np.sum(p * np.log(p))


def median_loss(x):
    return np.median(x)


def euler_energy(y0, k):
    y = y0
    for _ in range(100):
        y = y - 0.1 * k * y
    return y * y


def cauchy_loss(r):
    return np.sum(np.log1p((r / 2.3849) ** 2))


def spectral_norm(w):
    return np.linalg.norm(w.reshape(2, 2), 2)


def masked_pool(x):
    scores = np.where(np.array([True, False, False]), x, -1e9)
    return np.sum(special.softmax(scores) * np.array([3.0, 1.0, 2.0]))
