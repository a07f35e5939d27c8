"""A user's PyTorch code, ninetieth round (d): state-space models and linear recurrences: the zero-order-hold
discretisation of a diagonal state matrix (exp(A dt), (exp(A dt) - 1) / A * B, torch.expm1, a torch.where guard at
A = 0), dt = F.softplus(raw) and the textbook log(1 + exp(raw)), a selective scan h_t = a_t h_{t-1} + b_t x_t (a
Python loop, exp(cumsum(log a)), torch.cumprod / cumprod[s], the log-space scan by torch.logcumsumexp), LSTM and GRU
cells, and a minimal linear recurrent unit with lambda = exp(-exp(nu) + i theta) by torch.polar / torch.complex."""

import torch
import torch.nn.functional as F

B = [1.0, 0.5, -2.0]
C = [0.25, 1.0, -1.0]
B_SEQ = [0.5, 1.0, 2.0, 0.25]
TARGET = 0.25
A_DIAG = [-1.0, -0.5]
BX = [0.5, 2.0]
X_LRU = [1.0, -0.5, 0.25]


def _t(values, like):
    return torch.tensor(values, dtype=like.dtype)


# ----------------------------------------------------------------------------------------- discretisation
def zoh(a, dt):
    a_bar = torch.exp(a * dt)
    b_bar = (a_bar - 1.0) / a * _t(B, a)
    return (a_bar + _t(C, a) * b_bar).sum()


def zoh_expm1(a, dt):
    a_bar = torch.exp(a * dt)
    b_bar = torch.expm1(a * dt) / a * _t(B, a)
    return (a_bar + _t(C, a) * b_bar).sum()


def zoh_guarded(a, dt):
    a_bar = torch.exp(a * dt)
    b_bar = torch.where(a.abs() < 1e-6, dt.expand_as(a), torch.expm1(a * dt) / a) * _t(B, a)
    return (a_bar + _t(C, a) * b_bar).sum()


def softplus_dt(raw):
    dt = F.softplus(raw)
    return (torch.exp(_t(A_DIAG, raw) * dt) + dt * _t(BX, raw)).sum()


def softplus_dt_naive(raw):
    dt = torch.log(1 + torch.exp(raw))
    return (torch.exp(_t(A_DIAG, raw) * dt) + dt * _t(BX, raw)).sum()


# ----------------------------------------------------------------------------------------- selective scan
def _loss(h_last):
    return (h_last - TARGET) ** 2


def scan_loop(a, x):
    b = _t(B_SEQ, a)
    h = torch.zeros((), dtype=a.dtype)
    for t in range(a.shape[0]):
        h = a[t] * h + b[t] * x[t]
    return _loss(h)


def scan_logcumsum(a, x):
    log_a = torch.cumsum(torch.log(a), dim=0)
    h = (torch.exp(log_a[-1] - log_a) * _t(B_SEQ, a) * x).sum()
    return _loss(h)


def scan_cumprod(a, x):
    p = torch.cumprod(a, dim=0)
    h = (p[-1] / p * _t(B_SEQ, a) * x).sum()
    return _loss(h)


def scan_heinsen(a, x):
    a_star = torch.cumsum(torch.log(a), dim=0)
    log_h = a_star + torch.logcumsumexp(torch.log(_t(B_SEQ, a) * x) - a_star, dim=0)
    return _loss(torch.exp(log_h[-1]))


# ----------------------------------------------------------------------------------------- gated cells
def lstm_cell(u, c):
    f, i, g = torch.sigmoid(u[0]), torch.sigmoid(u[1]), torch.tanh(u[2])
    return f * c + i * g


def gru_step(u, h, hc):
    z = torch.sigmoid(u)
    return (1 - z) * h + z * hc


def gru_step_stable(u, h, hc):
    return hc + torch.sigmoid(-u) * (h - hc)


# ----------------------------------------------------------------------------------------- linear recurrent unit
def lru(nu, theta):
    lam = torch.polar(torch.exp(-torch.exp(nu)), theta)
    gamma = torch.sqrt(1 - lam.abs() ** 2)
    h = torch.zeros((), dtype=lam.dtype)
    for x_t in X_LRU:
        h = lam * h + gamma * x_t
    return h.abs() ** 2


def lru_stable(nu, theta):
    lam = torch.exp(torch.complex(-torch.exp(nu), theta))
    gamma = torch.sqrt(-torch.expm1(-2 * torch.exp(nu)))
    h = torch.zeros((), dtype=lam.dtype)
    for x_t in X_LRU:
        h = lam * h + gamma * x_t
    return (h * h.conj()).real
