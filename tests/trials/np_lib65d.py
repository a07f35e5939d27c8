"""A user's plain NumPy code, sixty-fifth round (d): losses by hand at their edges. A log-softmax cross-entropy at
+-100, a binary cross-entropy clipped to Keras' [1e-7, 1 - 1e-7] at p = 0 and at 1e-7, a Huber by np.where at its
switch, a naive log(cosh) at 1e3 (and a stable one), a Poisson NLL with the Stirling term where t > 1, and a sigmoid
focal loss by hand."""
import numpy as np

LABELS = np.array([1, 0])


def xent(x):
    z = x.reshape(2, 3)
    m = np.max(z, axis=1, keepdims=True)
    logp = z - m - np.log(np.sum(np.exp(z - m), axis=1, keepdims=True))
    return -np.mean(logp[np.arange(2), LABELS])


def bce_clip(p):
    y = np.array([1.0, 0.0])
    q = np.clip(p, 1e-7, 1 - 1e-7)
    return -np.mean(y * np.log(q) + (1 - y) * np.log(1 - q))


def huber(x):
    a = np.abs(x)
    return np.sum(np.where(a <= 1.0, 0.5 * x ** 2, a - 0.5))


def logcosh_naive(x):
    return np.sum(np.log(np.cosh(x)))


def logcosh_stable(x):
    return np.sum(x + np.logaddexp(0.0, -2.0 * x) - np.log(2.0))


def poisson_full(x):
    t = np.array([0.0, 1.0, 4.0])
    safe = np.where(t > 1, t, 2.0)
    stirling = np.where(t > 1, safe * np.log(safe) - safe + 0.5 * np.log(2 * np.pi * safe), 0.0)
    return np.sum(np.exp(x) - t * x + stirling)


def focal(z):
    t = np.array([1.0, 0.0])
    p = 1 / (1 + np.exp(-z))
    ce = np.logaddexp(0.0, -z) * t + np.logaddexp(0.0, z) * (1 - t)
    p_t = p * t + (1 - p) * (1 - t)
    return np.mean((0.25 * t + 0.75 * (1 - t)) * ce * (1 - p_t) ** 2)
