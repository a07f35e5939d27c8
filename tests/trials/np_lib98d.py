"""A user's plain NumPy code, ninety-eighth round (d): differentiable simulation written out: explicit Euler on the
stiff decay and Euler's amplification over the exact decay, RK4 on logistic growth, a state normalised by
np.linalg.norm, a heat-equation residual, a PINN residual of a tiny tanh MLP with u' by a central difference, an
adaptive Heun step clipped by np.clip, and a log-barrier."""

import numpy as np

DT = 0.125
T_END = 4 * DT
KCAP = 2.0
XC = np.array([0.25, 0.5, 0.75])
V_OUT = np.array([0.5, -0.25])
DX = 0.25
U_PREV = np.array([0.0, 0.25, 0.5, 0.75, 1.0])
TOL = 2.0 ** -10
MU = 0.125
TARGET = np.array([1.0, 1.0])
W_OBS = np.array([0.5, -0.25])


def euler_decay(y0, k):
    y = y0
    for _ in range(4):
        y = y + DT * (-k * y)
    return y


def euler_log_error(k):
    y = euler_decay(1.0, k)
    return np.log(np.abs(y) / np.exp(-k * T_END))


def rk4_logistic(y0, r):
    f = lambda y: r * y * (1.0 - y / KCAP)
    h = 0.25
    y = y0
    for _ in range(2):
        k1 = f(y)
        k2 = f(y + h / 2 * k1)
        k3 = f(y + h / 2 * k2)
        k4 = f(y + h * k3)
        y = y + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
    return y


def unit_state(s):
    return np.sum(W_OBS * s / np.linalg.norm(s))


def heat_loss(u):
    lap = (u[2:] - 2 * u[1:-1] + u[:-2]) / DX ** 2
    r = (u[1:-1] - U_PREV[1:-1]) / DT - lap
    return np.mean(r ** 2)


def pinn_loss_fd(w, b, h):
    u = lambda x: np.tanh(w * x[:, None] + b) @ V_OUT
    du = (u(XC + h) - u(XC - h)) / (2 * h)
    return np.mean((du + u(XC)) ** 2)


def adaptive_heun(k):
    y0 = 1.0
    y_e = y0 + DT * (-k * y0)
    y_h = y0 + DT / 2 * (-k * y0 - k * y_e)
    err = np.abs(y_h - y_e)
    fac = np.clip(0.875 * (TOL / err) ** 0.2, 0.25, 4.0)
    return y_h * (1.0 - DT * fac * k)


def barrier(x):
    return np.sum((x - TARGET) ** 2) - MU * np.log(1.0 - np.sum(x ** 2))


def clamped_step(y0, dt):
    h = np.clip(dt, 2.0 ** -6, 0.25)
    y = y0
    for _ in range(4):
        y = y - h * 8.0 * y
    return y
