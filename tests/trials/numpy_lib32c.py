"""A user's plain NumPy and SciPy code, round 32c: a relativistic kinetic energy, rapidity by np.arctanh and by its
log form, a barrier's transmission, Hermite functions by recurrence, binary entropy by scipy.special.xlogy, a
half-plane distance by np.arccosh, log E1 and log Student-t tails by scipy.special, a continued fraction for log erfc,
log1p(x)/x with its series by np.where, and switches (np.maximum, np.minimum, np.clip) at tiny points."""

import numpy as np
from scipy import special


def kinetic_energy_naive(v, m):
    return np.sum(m * (1 / np.sqrt(1 - v ** 2) - 1))


def kinetic_energy(v, m):
    s = np.sqrt(1 - v ** 2)
    return np.sum(m * v ** 2 / (s * (1 + s)))


def rapidity(v):
    return np.sum(np.arctanh(v))


def rapidity_by_log(v):
    return np.sum(0.5 * np.log((1 + v) / (1 - v)))


def transmission(energy, width):
    k = np.sqrt(2 * (1 - energy))
    return np.sum(1 / (1 + np.sinh(k * width) ** 2 / (4 * energy * (1 - energy))))


def hermite_function(x):
    previous = np.zeros_like(x)
    current = np.pi ** -0.25 * np.exp(-x ** 2 / 2)
    for k in range(60):
        previous, current = current, np.sqrt(2 / (k + 1)) * x * current - np.sqrt(k / (k + 1)) * previous
    return np.sum(current)


def binary_entropy_bits(p):
    return np.sum(-(special.xlogy(p, p) + special.xlog1py(1 - p, -p)) / np.log(2))


def halfplane_distance_naive(u, v):
    d2 = (u[0] - v[0]) ** 2 + (u[1] - v[1]) ** 2
    return np.arccosh(1 + d2 / (2 * u[1] * v[1]))


def halfplane_distance(u, v):
    return 2 * np.arcsinh(np.hypot(u[0] - v[0], u[1] - v[1]) / (2 * np.sqrt(u[1]) * np.sqrt(v[1])))


def log_exp1(x):
    return np.sum(np.log(special.exp1(x)))


def log_student_tail(t):
    return np.sum(np.log(special.stdtr(3.0, t)))


def log_erfc_continued_fraction(x):
    tail = x
    for k in range(24, 0, -1):
        tail = x + (k / 2) / tail
    return np.sum(-x ** 2 - 0.5 * np.log(np.pi) - np.log(tail))


def log1p_over_x(x):
    return np.sum(np.where(np.abs(x) < 1e-300, 1 - x / 2, np.log1p(x) / x))


def leaky_relu(x):
    return np.sum(np.maximum(x, 1e-3 * x))


def distance_to_edge(x):
    return np.sum(np.minimum(x, 1 - x))


def clipped_log(p):
    return np.sum(np.log(np.clip(p, 1e-300, 0.5)))


def softmax_cross_entropy(z):
    return -special.log_softmax(z)[0]


def awgn_capacity_naive(snr):
    return np.sum(np.log2(1 + snr))


def fresnel_sum(x):
    s, c = special.fresnel(x)
    return np.sum(s + 2 * c)


def compound_growth_naive(rate, years):
    return np.sum((1 + rate / 1e17) ** (1e17 * years))


def compound_growth(rate, years):
    return np.sum(np.exp(1e17 * years * np.log1p(rate / 1e17)))
