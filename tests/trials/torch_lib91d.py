"""A user's PyTorch code, ninety-first round (d): causal inference and off-policy estimation: inverse propensity
weights with e = torch.sigmoid(logit) (bare and torch.clamp'ed), the self-normalised estimator, AIPW, the propensity
model's loss by F.binary_cross_entropy_with_logits, by F.binary_cross_entropy on probabilities and by the naive
log(sigmoid), the effective sample size, importance ratios pi / mu in probability and in log space, per-decision
products by torch.cumprod, V-trace's truncated ratios by torch.clamp(max=), a clipped weight with a straight-through
autograd.Function (and a wrong one), and an uplift model."""

import torch
import torch.nn.functional as F

T = [1.0, 0.0, 1.0]
Y = [2.0, 0.5, 1.5]
R = [1.0, 0.5, 2.0]
GAMMA = 0.5
EPS = 0.01
W_MAX = 10.0


def _t(values, like):
    return torch.tensor(values, dtype=like.dtype)


# ----------------------------------------------------------------------------------------- propensity weighting
def ipw_ate(logit):
    e = torch.sigmoid(logit)
    t, y = _t(T, logit), _t(Y, logit)
    return (t * y / e - (1 - t) * y / (1 - e)).mean()


def ipw_weights(logit):
    e = torch.sigmoid(logit)
    t = _t(T, logit)
    w = t / e + (1 - t) / (1 - e)
    return (w * _t(Y, logit)).sum()


def ipw_clipped(logit):
    e = torch.sigmoid(logit).clamp(EPS, 1 - EPS)
    t, y = _t(T, logit), _t(Y, logit)
    return (t * y / e - (1 - t) * y / (1 - e)).mean()


def snipw(w):
    return (w * _t(Y, w)).sum() / w.sum()


def aipw(logit, m1, m0):
    e = torch.sigmoid(logit)
    t, y = _t(T, logit), _t(Y, logit)
    psi = m1 - m0 + t * (y - m1) / e - (1 - t) * (y - m0) / (1 - e)
    return psi.mean()


def bce_stable(logit):
    return F.binary_cross_entropy_with_logits(logit, _t(T, logit))


def bce_probs(logit):
    return F.binary_cross_entropy(torch.sigmoid(logit), _t(T, logit))


def bce_naive(logit):
    p = torch.sigmoid(logit)
    t = _t(T, logit)
    return -(t * torch.log(p) + (1 - t) * torch.log(1 - p)).mean()


def ess(w):
    return w.sum() ** 2 / (w ** 2).sum()


# ----------------------------------------------------------------------------------------- off-policy evaluation
def is_return(pi, mu):
    return (pi / mu * _t(R, pi)).sum()


def ratio_probs(log_pi, log_mu):
    return (torch.exp(log_pi) / torch.exp(log_mu) * _t(R, log_pi)).sum()


def ratio_logspace(log_pi, log_mu):
    return (torch.exp(log_pi - log_mu) * _t(R, log_pi)).sum()


def per_decision(pi, mu):
    rho = torch.cumprod(pi / mu, dim=0)
    disc = GAMMA ** torch.arange(3, dtype=pi.dtype)
    return (disc * rho * _t(R, pi)).sum()


def vtrace(log_rho, v):
    rho = torch.exp(log_rho)
    rho_c = torch.clamp(rho, max=1.0)
    c = torch.clamp(rho, max=1.0)
    delta = rho_c * (_t(R, v) + GAMMA * v[1:] - v[:-1])
    acc = torch.zeros((), dtype=v.dtype)
    out = []
    for s in (2, 1, 0):
        acc = delta[s] + GAMMA * c[s] * acc
        out.append(v[s] + acc)
    return torch.stack(out).sum()


# ----------------------------------------------------------------------------------------- custom rules
class ClipST(torch.autograd.Function):
    @staticmethod
    def forward(ctx, w):
        return w.clamp(0.0, W_MAX)

    @staticmethod
    def backward(ctx, g):
        return g


class ClipBad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, w):
        ctx.save_for_backward(w)
        return w.clamp(0.0, W_MAX)

    @staticmethod
    def backward(ctx, g):
        (w,) = ctx.saved_tensors
        return g * w / W_MAX


def weighted_st(w):
    return (ClipST.apply(w) * _t(Y, w)).sum()


def weighted_bad(w):
    return (ClipBad.apply(w) * _t(Y, w)).sum()


# ----------------------------------------------------------------------------------------- uplift
def uplift(z1, z0):
    return (torch.sigmoid(z1) - torch.sigmoid(z0)).sum()


def uplift_abs(z1, z0):
    return (torch.sigmoid(z1) - torch.sigmoid(z0)).abs().sum()


# ----------------------------------------------------------------------------------------- log-weights
def snipw_exp(log_w):
    w = torch.exp(log_w)
    return (w * _t(Y, log_w)).sum() / w.sum()


def snipw_softmax(log_w):
    return (torch.softmax(log_w, dim=0) * _t(Y, log_w)).sum()


def snipw_clamped(w):
    """The Hajek estimate with its denominator kept off 0."""
    return (w * _t(Y, w)).sum() / w.sum().clamp_min(1e-12)
