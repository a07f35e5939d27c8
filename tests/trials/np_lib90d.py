"""A user's plain NumPy code, ninetieth round (d): a small state-space model: the zero-order-hold discretisation
(np.exp, (exp(A dt) - 1) / A * B, np.expm1, an np.where guard at A = 0), dt = np.logaddexp(0, raw) and log(1 +
exp(raw)), a selective scan h_t = a_t h_{t-1} + b_t x_t (a loop, exp(cumsum(log a)), np.cumprod / cumprod[s],
np.multiply.accumulate, the log-space scan by np.logaddexp.accumulate; scipy.signal.lfilter for a constant gate),
LSTM and GRU cells, and a linear recurrent unit with lambda = exp(-exp(nu) + i theta)."""

import numpy as np
from scipy.signal import lfilter

B = np.array([1.0, 0.5, -2.0])
C = np.array([0.25, 1.0, -1.0])
B_SEQ = np.array([0.5, 1.0, 2.0, 0.25])
TARGET = 0.25
A_DIAG = np.array([-1.0, -0.5])
BX = np.array([0.5, 2.0])
X_LRU = [1.0, -0.5, 0.25]


def sigmoid(x):
    return 1.0 / (1.0 + np.exp(-x))


def zoh(a, dt):
    a_bar = np.exp(a * dt)
    b_bar = (a_bar - 1.0) / a * B
    return np.sum(a_bar + C * b_bar)


def zoh_expm1(a, dt):
    a_bar = np.exp(a * dt)
    b_bar = np.expm1(a * dt) / a * B
    return np.sum(a_bar + C * b_bar)


def zoh_guarded(a, dt):
    a_bar = np.exp(a * dt)
    b_bar = np.where(np.abs(a) < 1e-6, dt, np.expm1(a * dt) / a) * B
    return np.sum(a_bar + C * b_bar)


def softplus_dt(raw):
    dt = np.logaddexp(0.0, raw)
    return np.sum(np.exp(A_DIAG * dt) + dt * BX)


def softplus_dt_naive(raw):
    dt = np.log(1.0 + np.exp(raw))
    return np.sum(np.exp(A_DIAG * dt) + dt * BX)


def _loss(h_last):
    return (h_last - TARGET) ** 2


def scan_loop(a, x):
    h = 0.0
    for t in range(len(a)):
        h = a[t] * h + B_SEQ[t] * x[t]
    return _loss(h)


def scan_logcumsum(a, x):
    log_a = np.cumsum(np.log(a))
    return _loss(np.sum(np.exp(log_a[-1] - log_a) * B_SEQ * x))


def scan_cumprod(a, x):
    p = np.cumprod(a)
    return _loss(np.sum(p[-1] / p * B_SEQ * x))


def scan_heinsen(a, x):
    a_star = np.cumsum(np.log(a))
    log_h = a_star + np.logaddexp.accumulate(np.log(B_SEQ * x) - a_star)
    return _loss(np.exp(log_h[-1]))


def scan_mulacc(a, x):
    """The gate products by np.multiply.accumulate: h_T = sum_s x_s b_s P_T / P_s."""
    p = np.multiply.accumulate(a)
    return _loss(np.sum(p[-1] / p * B_SEQ * x))


def ema_lfilter(a, x):
    """A constant gate a: h_t = a h_{t-1} + (1 - a) x_t, the recurrence as an IIR filter."""
    h = lfilter([1.0 - a], [1.0, -a], x)
    return _loss(h[-1])


def lstm_cell(u, c):
    return sigmoid(u[0]) * c + sigmoid(u[1]) * np.tanh(u[2])


def gru_step(u, h, hc):
    z = sigmoid(u)
    return (1.0 - z) * h + z * hc


def gru_step_stable(u, h, hc):
    return hc + sigmoid(-u) * (h - hc)


def lru(nu, theta):
    lam = np.exp(-np.exp(nu) + 1j * theta)
    gamma = np.sqrt(1.0 - np.abs(lam) ** 2)
    h = 0j
    for x_t in X_LRU:
        h = lam * h + gamma * x_t
    return np.abs(h) ** 2


def lru_stable(nu, theta):
    lam = np.exp(-np.exp(nu) + 1j * theta)
    gamma = np.sqrt(-np.expm1(-2.0 * np.exp(nu)))
    h = 0j
    for x_t in X_LRU:
        h = lam * h + gamma * x_t
    return np.real(h * np.conj(h))
