"""A user's PyTorch code, ninety-fourth round (d): survival and event-stream losses on four subjects or three events:
the Cox partial likelihood (naive, torch.logcumsumexp on the flipped risk scores, a padded batch masked by
torch.where), a Weibull negative log-likelihood (by hand and by torch.distributions), a discrete-time hazard, a
Hawkes process, a Poisson process through F.softplus, a concordance surrogate with a hand-written sigmoid, and a
log1mexp as an autograd.Function (right, and a wrong backward)."""

import math

import torch
import torch.nn.functional as F

TIMES = [1.0, 2.0, 3.0, 4.0]
EVENTS = [1.0, 0.0, 1.0, 1.0]
EVENTS_PAD = [1.0, 0.0, 1.0, 0.0]
MASK = [1.0, 1.0, 1.0, 0.0]
W_TIMES = [0.5, 2.0, 1.5, 3.0]
W_EVENTS = [1.0, 0.0, 1.0, 0.0]
W_TIMES0 = [0.5, 2.0, 0.0, 3.0]
W_EVENTS0 = [1.0, 0.0, 0.0, 0.0]
SURVIVED = [1.0, 1.0, 0.0]
DIED = [0.0, 0.0, 1.0]
EV = [0.5, 1.25, 2.0]
HORIZON = 3.0
COUNTS = [2.0, 0.0, 1.0]
DT = 0.5


def _t(values, like):
    return torch.tensor(values, dtype=like.dtype)


# ----------------------------------------------------------------------------------------- Cox
def cox_naive(r):
    events = _t(EVENTS, r)
    log_risk = torch.log(torch.flip(torch.cumsum(torch.flip(torch.exp(r), [0]), 0), [0]))
    return -torch.sum((r - log_risk) * events) / events.sum()


def cox_stable(r):
    events = _t(EVENTS, r)
    log_risk = torch.flip(torch.logcumsumexp(torch.flip(r, [0]), dim=0), [0])
    return -torch.sum((r - log_risk) * events) / events.sum()


def cox_padded(r):
    events, mask = _t(EVENTS_PAD, r), _t(MASK, r)
    risk = torch.flip(torch.cumsum(torch.flip(torch.exp(r) * mask, [0]), 0), [0])
    term = torch.where(events * mask > 0, r - torch.log(risk), torch.zeros_like(r))
    return -term.sum() / events.sum()


# ----------------------------------------------------------------------------------------- parametric
def _weibull(k, lam, t, e):
    log_h = torch.log(k / lam) + (k - 1.0) * torch.log(t / lam)
    cum_h = (t / lam) ** k
    return -torch.where(e > 0, log_h, torch.zeros_like(log_h)).sum() + cum_h.sum()


def weibull_nll(k, lam):
    return _weibull(k, lam, _t(W_TIMES, k), _t(W_EVENTS, k))


def weibull_nll_zero(k, lam):
    return _weibull(k, lam, _t(W_TIMES0, k), _t(W_EVENTS0, k))


def weibull_dist(k, lam):
    """The same likelihood through torch.distributions: log f for events, log S for the censored."""
    t, e = _t(W_TIMES, k), _t(W_EVENTS, k)
    dist = torch.distributions.Weibull(lam, k)
    log_surv = -(t / lam) ** k
    return -(e * dist.log_prob(t) + (1 - e) * log_surv).sum()


def discrete_naive(z):
    h = torch.sigmoid(z)
    return -(_t(SURVIVED, z) * torch.log(1 - h) + _t(DIED, z) * torch.log(h)).sum()


def discrete_log1p(z):
    h = torch.sigmoid(z)
    return -(_t(SURVIVED, z) * torch.log1p(-h) + _t(DIED, z) * torch.log(h)).sum()


def discrete_stable(z):
    return -(_t(SURVIVED, z) * F.logsigmoid(-z) + _t(DIED, z) * F.logsigmoid(z)).sum()


# ----------------------------------------------------------------------------------------- point processes
def hawkes_nll(mu, alpha, beta):
    ev = _t(EV, mu)
    ll = 0.0
    for i in range(len(EV)):
        excite = sum(torch.exp(-beta * (ev[i] - ev[j])) for j in range(i))
        ll = ll + torch.log(mu + alpha * excite)
    compensator = mu * HORIZON + alpha / beta * torch.sum(1 - torch.exp(-beta * (HORIZON - ev)))
    return -(ll - compensator)


def poisson_softplus(z):
    lam = F.softplus(z)
    return -(_t(COUNTS, z) * torch.log(lam) - lam * DT).sum()


def concordance(r, s):
    times, events = _t(TIMES, r), _t(EVENTS, r)
    comparable = (times[:, None] < times[None, :]) & (events[:, None] > 0)
    pair = 1.0 / (1.0 + torch.exp(-(r[:, None] - r[None, :]) / s))
    return torch.where(comparable, pair, torch.zeros_like(pair)).sum() / comparable.sum()


# ----------------------------------------------------------------------------------------- log1mexp
class Log1mexp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return torch.where(x < math.log(2.0), torch.log(-torch.expm1(-x)), torch.log1p(-torch.exp(-x)))

    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        return g / torch.expm1(x)


class Log1mexpBad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return torch.log(-torch.expm1(-x))

    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        return g * torch.exp(-x)


def _grouped(f, log_lam):
    H = torch.exp(log_lam) * DT
    return -(_t([1.0, 1.0, 0.0], log_lam) * f(H)).sum() + (_t(SURVIVED, log_lam) * H).sum()


def grouped_naive(log_lam):
    return _grouped(lambda H: torch.log(1 - torch.exp(-H)), log_lam)


def grouped_custom(log_lam):
    return _grouped(Log1mexp.apply, log_lam)


def grouped_bad(log_lam):
    return _grouped(Log1mexpBad.apply, log_lam)


def cox_padded_inf(r):
    events, mask = _t(EVENTS_PAD, r), _t(MASK, r)
    masked = torch.where(mask > 0, r, torch.full_like(r, -math.inf))
    log_risk = torch.flip(torch.logcumsumexp(torch.flip(masked, [0]), dim=0), [0])
    term = torch.where(events * mask > 0, r - log_risk, torch.zeros_like(r))
    return -term.sum() / events.sum()


DEATHS = [1.0, 1.0, 0.0]
EXPOSURE = [[1.0, 0.5, 0.0], [1.0, 1.0, 0.25], [0.75, 0.0, 0.0]]


def piecewise_xlogy(lam):
    return -torch.xlogy(_t(DEATHS, lam), lam).sum() + (_t(EXPOSURE, lam) @ lam).sum()
