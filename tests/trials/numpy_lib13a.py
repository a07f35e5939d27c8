"""A user's plain NumPy and SciPy code, thirteenth round: an ODE integrated by a Python loop of RK4 steps, a
triangular flow's log-determinant with a softplus diagonal, pinball and Huber losses, a von Mises log-likelihood by
scipy.special.i0e, a Gaussian mixture by scipy.special.logsumexp at far-apart means, masked causal attention by
scipy.special.softmax, Student-t and Cauchy log-likelihoods through scipy.stats at a tiny scale, Box-Cox by
scipy.special.boxcox and by hand, moving averages by np.cumsum and np.convolve, least squares by np.linalg.lstsq and
np.linalg.pinv on nearly collinear designs, and eigenvalues by np.linalg.eigh and eigvalsh."""

import numpy as np
from scipy import special, stats


def rk4_loop(k, y0):
    h, y = 0.1, y0
    for _ in range(10):
        k1 = -k * y * y
        k2 = -k * (y + h / 2 * k1) ** 2
        k3 = -k * (y + h / 2 * k2) ** 2
        k4 = -k * (y + h * k3) ** 2
        y = y + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
    return y


def flow_logdet(raw, x):
    diag = np.logaddexp(0.0, np.diag(raw))
    lower = np.tril(raw, -1) + np.diag(diag)
    z = lower @ x
    return np.sum(np.log(diag)) - 0.5 * np.sum(z ** 2)


def pinball(y, yhat):
    q = 0.9
    r = y - yhat
    return np.mean(np.maximum(q * r, (q - 1) * r))


def huber(r):
    return np.sum(special.huber(1.0, r))


def von_mises_nll(kappa, mu):
    x = np.array([0.1, -0.4, 2.9])
    return np.sum(np.log(2 * np.pi * special.i0e(kappa)) + kappa - kappa * np.cos(x - mu))


def von_mises_scipy(kappa, mu):
    x = np.array([0.1, -0.4, 2.9])
    return -np.sum(stats.vonmises.logpdf(x, kappa, loc=mu))


def mixture_nll(means):
    x = np.array([0.0, 1.0])
    logits = stats.norm.logpdf(x[:, None], loc=means[None, :]) - np.log(len(means))
    return -np.sum(special.logsumexp(logits, axis=1))


def causal_attention(q, k):
    v = np.array([[1.0], [2.0], [3.0]], dtype=q.dtype)
    scores = q @ k.T / np.sqrt(q.shape[-1])
    scores = np.where(np.tril(np.ones((3, 3), dtype=bool)), scores, -np.inf)
    return np.sum(special.softmax(scores, axis=-1) @ v)


def causal_args():
    return np.array([[1.0, 0.5], [0.2, -1.0], [2.0, 1.0]]), np.array([[0.3, 0.1], [-0.5, 2.0], [1.0, 1.0]])


def student_t_nll(mu, scale):
    x = np.array([0.5, -1.0])
    return -np.sum(stats.t.logpdf(x, 3.0, loc=mu, scale=scale))


def cauchy_nll(mu, scale):
    x = np.array([0.5, -1.0])
    return -np.sum(stats.cauchy.logpdf(x, loc=mu, scale=scale))


def box_cox_scipy(lam):
    return np.sum(special.boxcox(np.array([0.5, 2.0, 7.0]), lam))


def box_cox_hand(lam):
    x = np.array([0.5, 2.0, 7.0])
    if lam == 0:
        return np.sum(np.log(x))
    return np.sum((x ** lam - 1) / lam)


def moving_average_loss(x):
    c = np.cumsum(np.concatenate([[0.0], x]))
    avg = (c[3:] - c[:-3]) / 3
    return np.sum(avg ** 2)


def conv_average_loss(x):
    avg = np.convolve(x, np.ones(3) / 3, mode="valid")
    return np.sum(avg ** 2)


def lstsq_fit(w):
    X = np.array([[1.0, 1.0], [1.0, 1.0 + 1e-7], [1.0, 1.0 - 1e-7]]) * np.array([1.0, w])
    y = np.array([1.0, 2.0, 0.5])
    beta = np.linalg.lstsq(X, y, rcond=None)[0]
    return np.sum((X @ beta - y) ** 2)


def pinv_fit(w):
    X = np.array([[1.0, 2.0], [2.0, 4.0], [3.0, 6.0 + w]])
    y = np.array([1.0, 2.0, 0.5])
    beta = np.linalg.pinv(X) @ y
    return np.sum(beta ** 2)


def top_eig(a, b, c):
    return np.linalg.eigvalsh(np.array([[a, b], [b, c]]))[-1]


def eig_gap(a, b, c):
    vals = np.linalg.eigh(np.array([[a, b], [b, c]]))[0]
    return vals[1] - vals[0]


def top_two_sum(d, e):
    m = np.array([[d, e, 0.0], [e, d, 0.0], [0.0, 0.0, 1.0]])
    return np.sum(np.linalg.eigvalsh(m)[1:])


def circular_variance(theta):
    c, s = np.mean(np.cos(theta)), np.mean(np.sin(theta))
    return 1 - np.hypot(c, s)
