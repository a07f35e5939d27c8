"""A user's plain NumPy and SciPy code, round 43c: a heat exchanger's log-mean temperature difference (as printed, and
guarded by np.where at equal ends), a reactor's exponential-integrator outlet by np.exp and by scipy.special.exprel,
sin x / x and np.sinc, (1 - cos x) / x^2, Heron's formula and Kahan's, the angle between vectors by np.arccos and by
np.arctan2 of np.cross, a Bernoulli KL divergence by scipy.special.xlogy and rel_entr, a Jensen-Shannon divergence by
rel_entr, a divided difference of exp, an explicit Euler loop toward an equilibrium, and scipy.integrate.solve_ivp
(which gradcli.scipy lacks)."""

import numpy as np
from scipy import special
from scipy.integrate import solve_ivp


def lmtd(dt1, dt2):
    return (dt1 - dt2) / np.log(dt1 / dt2)


def lmtd_guarded(dt1, dt2):
    return np.where(dt1 == dt2, dt1, (dt1 - dt2) / np.log(dt1 / dt2))


def reactor_outlet(k, t):
    decay = np.exp(-k * t)
    return 2.0 * decay + 0.5 * (1 - decay) / k


def reactor_outlet_exprel(k, t):
    return 2.0 * np.exp(-k * t) + 0.5 * t * special.exprel(-k * t)


def sinc_naive(x):
    return np.sum(np.sin(x) / x)


def sinc_normalized(x):
    return np.sum(np.sinc(x))


def versine_ratio(x):
    return np.sum((1 - np.cos(x)) / x ** 2)


def heron(a, b, c):
    s = (a + b + c) / 2
    return np.sqrt(s * (s - a) * (s - b) * (s - c))


def heron_kahan(a, b, c):
    return 0.25 * np.sqrt((a + (b + c)) * (c - (a - b)) * (c + (a - b)) * (a + (b - c)))


def angle_arccos(u, v):
    return np.arccos(np.dot(u, v) / (np.linalg.norm(u) * np.linalg.norm(v)))


def angle_atan2(u, v):
    return np.arctan2(np.linalg.norm(np.cross(u, v)), np.dot(u, v))


def bernoulli_kl_xlogy(p, q):
    return special.xlogy(p, p / q) + special.xlogy(1 - p, (1 - p) / (1 - q))


def bernoulli_kl_rel_entr(p, q):
    return special.rel_entr(p, q) + special.rel_entr(1 - p, 1 - q)


def js_rel_entr(p, q):
    m = (p + q) / 2
    return 0.5 * np.sum(special.rel_entr(p, m) + special.rel_entr(q, m))


def divided_difference_exp(x, y):
    return (np.exp(x) - np.exp(y)) / (x - y)


def equilibration_euler(y0, k):
    y = y0
    for _ in range(10):
        y = y + 0.1 * k * (1 - y)
    return y


def decay_solve_ivp(k):
    sol = solve_ivp(lambda t, y: -k * y, (0.0, 1.0), [1.0], method="RK45", rtol=1e-10)
    return sol.y[0, -1]


def js_scipy_distance(p, q):
    from scipy.spatial.distance import jensenshannon
    return jensenshannon(p, q) ** 2
