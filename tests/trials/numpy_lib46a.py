"""A legacy NumPy/SciPy module, forty-sixth round (first part): rheology (Carreau-Yasuda by np.power, the Cross
model, Bingham-Papanastasiou by 1 - np.exp and np.expm1), phase transformations (Avrami by np.expm1, its
linearisation by np.log1p, nucleation by np.exp of -B / log(S)^2, logistic (Austin-Rickett-like) kinetics by
scipy.special expit and logit, mixing entropy by scipy.special xlogy / xlog1py), viscoelasticity (a Maxwell element by
np.expm1) and room acoustics (Eyring by np.log and np.log1p, level sums by np.log10 and np.power, and by
np.logaddexp.reduce)."""

import numpy as np
from scipy import special


def carreau_yasuda(g):
    return 0.001 + (1000.0 - 0.001) * np.power(1.0 + np.power(g, 2.0), (0.3 - 1.0) / 2.0)


def cross(g):
    return 0.001 + (1000.0 - 0.001) / (1.0 + np.power(g, 0.8))


def papanastasiou(g):
    return 0.1 + 10.0 * (1.0 - np.exp(-1000.0 * g)) / g


def papanastasiou_expm1(g):
    return 0.1 + 10.0 * -np.expm1(-1000.0 * g) / g


def avrami_expm1(t, k):
    return -np.expm1(-k * np.power(t, 0.5))


def avrami_linear(X):
    return np.log(-np.log(1.0 - X))


def avrami_linear_log1p(X):
    return np.log(-np.log1p(-X))


def nucleation_rate(S):
    return 1e30 * np.exp(-2.0 / np.log(S) ** 2)


def logistic_kinetics(t, k, t_half):
    """X(t) = expit(k (t - t_half)), and the time back by logit: a round trip a fitting script writes."""
    X = special.expit(k * (t - t_half))
    return special.logit(X) / k + t_half


def mixing_entropy(X):
    return special.xlogy(X, X) + special.xlog1py(1.0 - X, -X)


def maxwell_strain_expm1(t, tau):
    return -tau * np.expm1(-t / tau)


def eyring(alpha, V, S):
    return 0.161 * V / (-S * np.log(1.0 - alpha))


def eyring_log1p(alpha, V, S):
    return 0.161 * V / (-S * np.log1p(-alpha))


def level_sum(L):
    return 10.0 * np.log10(np.sum(np.power(10.0, L / 10.0)))


def level_sum_lae(L):
    """The energetic sum pairwise in natural-log units by np.logaddexp.reduce."""
    c = np.log(10.0) / 10.0
    return np.logaddexp.reduce(c * L) / c
