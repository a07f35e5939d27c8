"""A user's plain NumPy code, eighty-seventh round (d): a small differentiable-physics script over a few unrolled
steps (dt = 1/64): a penalty contact k max(0, -y)^p by np.maximum (p = 1, 2, 1.5), a soft contact by log(1 + exp) and
by np.logaddexp, Coulomb friction by np.sign, a restitution bounce and a time of impact by np.where, an explicit Euler
spring, a pendulum by np.sin, the energy drift of an explicit Euler pendulum on a high pivot, a damped spring's
closed form, and a rope of springs by np.linalg.norm."""

import numpy as np

DT = 0.015625  # 1/64 s
G = 9.81
K_CONTACT = 1000.0
STEPS = 4
EPS = 1e-3
MU = 0.5
E_REST = 0.8
T_MAX = 10.0
K_SPRING = 100.0
L = 0.5
K_ROPE = 50.0
REST = 0.25


def _drop(y, v, p):
    for _ in range(STEPS):
        v = v + DT * (-G + K_CONTACT * np.maximum(-y, 0.0) ** p)
        y = y + DT * v
    return np.sum(y)


def drop_linear(y0, v0):
    return _drop(y0, v0, 1)


def drop_quadratic(y0, v0):
    return _drop(y0, v0, 2)


def drop_hertz(y0, v0):
    return _drop(y0, v0, 1.5)


def soft_contact_naive(d):
    return np.sum(EPS * np.log(1.0 + np.exp(-d / EPS)))


def soft_contact(d):
    return np.sum(EPS * np.logaddexp(0.0, -d / EPS))


def coulomb(v, fn):
    return np.sum(MU * np.abs(fn) * np.sign(v))


def bounce(y, v):
    v = np.where(y <= 0.0, -E_REST * v, v)
    return np.sum(y + DT * v)


def toi_capped(y, v):
    return np.sum(np.where(v < 0.0, -y / v, T_MAX))


def spring_explicit(x0, v0):
    x, v = x0, v0
    for _ in range(STEPS):
        x, v = x + DT * v, v - DT * K_SPRING * x
    return 0.5 * K_SPRING * x * x + 0.5 * v * v


def pendulum(theta0, w0):
    theta, w = theta0, w0
    for _ in range(STEPS):
        w = w - G / L * np.sin(theta) * DT
        theta = theta + w * DT
    return theta


def energy_drift(theta0, w0, h):
    def energy(th, w):
        return 0.5 * L * L * w * w + G * (h - L * np.cos(th))

    th, w = theta0, w0
    for _ in range(STEPS):
        th, w = th + DT * w, w - DT * G / L * np.sin(th)
    return (energy(th, w) - energy(theta0, w0)) ** 2


M, KD, T_OBS, X0, V0 = 1.0, 4.0, 0.5, 1.0, 0.0


def damped(c):
    w = np.sqrt(4.0 * M * KD - c * c) / (2.0 * M)
    a = c / (2.0 * M)
    return np.exp(-a * T_OBS) * (X0 * np.cos(w * T_OBS) + (V0 + a * X0) * np.sin(w * T_OBS) / w)


def rope(x):
    length = np.linalg.norm(x[1:] - x[:-1], axis=-1)
    return np.sum(0.5 * K_ROPE * (length - REST) ** 2)


def rope_zero_rest(x):
    length = np.linalg.norm(x[1:] - x[:-1], axis=-1)
    return np.sum(0.5 * K_ROPE * length ** 2)
