"""Old NumPy code for a logistic regression, never written for any autodiff tool."""

import numpy as np

np.random.seed(42)
X = np.random.randn(6, 2)
Y = np.where(np.random.rand(6) > 0.5, 1.0, -1.0)


def logistic_loss(w):
    margins = Y * (X @ w)
    return np.mean(np.log(1 + np.exp(-margins)))


def logistic_loss_stable(w):
    margins = Y * (X @ w)
    return np.mean(np.logaddexp(0, -margins))


def sigmoid(z):
    return 1.0 / (1.0 + np.exp(-z))


def log_where(x):
    return np.where(x > 0, np.sqrt(x), 0.0)


def sinc(x):
    return np.where(x == 0, 1.0, np.sin(x) / x)


def gaussian_nll(mu, log_sigma):
    sigma = np.exp(log_sigma)
    return 0.5 * np.log(2 * np.pi) + log_sigma + 0.5 * ((1.3 - mu) / sigma) ** 2


def interpolated(x):
    return np.interp(x, [0.0, 1.0], [0.0, 2.0]) ** 2
