"""A user's PyTorch code, ninety-second round (d): the losses of training and aligning a small language model: DPO by
torch.log(torch.sigmoid(.)), F.logsigmoid and F.softplus, a Bradley-Terry reward loss, the per-token KL penalty
exp(d) - 1 - d (naive and torch.expm1), the z-loss by torch.logsumexp, F.cross_entropy with label_smoothing,
perplexity, a temperature-scaled cross-entropy, top-k masking by torch.topk and masked_fill(-inf), logit
soft-capping, RMSNorm by hand and by F.rms_norm, and autograd.Functions (a straight-through top-1 pick, a wrong
softmax pick)."""

import torch
import torch.nn.functional as F

BETA = 0.5
REF_C = [-4.0, -6.0]
REF_R = [-5.0, -6.0]
TARGETS = [2, 0]
SMOOTH = 0.25
CAP = 30.0
TOP_K = 2
TOP_TARGET = 1
EPS_NORM = 1e-6
GAIN = [1.0, 0.5, 2.0, 1.5]
W_OUT = [0.25, -1.0, 0.5, 2.0]
VALUES = [1.0, -2.0, 0.5]


def _t(values, like):
    return torch.tensor(values, dtype=like.dtype)


def _targets():
    return torch.tensor(TARGETS)


# ----------------------------------------------------------------------------------------- preference losses
def _margin(lp_c, lp_r):
    return BETA * ((lp_c - _t(REF_C, lp_c)) - (lp_r - _t(REF_R, lp_r)))


def dpo_naive(lp_c, lp_r):
    return -torch.log(torch.sigmoid(_margin(lp_c, lp_r))).mean()


def dpo_logsigmoid(lp_c, lp_r):
    return -F.logsigmoid(_margin(lp_c, lp_r)).mean()


def dpo_softplus(lp_c, lp_r):
    return F.softplus(-_margin(lp_c, lp_r)).mean()


def bt_loss(r_c, r_r):
    return -F.logsigmoid(r_c - r_r).mean()


# ----------------------------------------------------------------------------------------- KL penalty, z-loss
def kl_naive(logp, logq):
    d = logp - logq
    return (torch.exp(d) - 1 - d).sum()


def kl_expm1(logp, logq):
    d = logp - logq
    return (torch.expm1(d) - d).sum()


def z_loss(z):
    return (torch.logsumexp(z, dim=-1) ** 2).mean()


# ----------------------------------------------------------------------------------------- cross-entropies
def ls_ce(z):
    return F.cross_entropy(z, _targets(), label_smoothing=SMOOTH)


def perplexity(z):
    return torch.exp(F.cross_entropy(z, _targets()))


def temp_ce(z, temp):
    return -F.log_softmax(z / temp, dim=-1)[TOP_TARGET]


def topk_ce(z):
    kth = torch.topk(z, TOP_K).values[-1]
    masked = z.masked_fill(z < kth, float("-inf"))
    return -F.log_softmax(masked, dim=-1)[TOP_TARGET]


def softcap_ce(z):
    capped = CAP * torch.tanh(z / CAP)
    return F.cross_entropy(capped, _targets())


# ----------------------------------------------------------------------------------------- RMSNorm
def rmsnorm(x):
    y = x * torch.rsqrt(x.pow(2).mean() + EPS_NORM) * _t(GAIN, x)
    return (y * _t(W_OUT, x)).sum()


def rmsnorm_f(x):
    y = F.rms_norm(x, (4,), weight=_t(GAIN, x), eps=EPS_NORM)
    return (y * _t(W_OUT, x)).sum()


# ----------------------------------------------------------------------------------------- custom rules
class StraightThroughTop1(torch.autograd.Function):
    @staticmethod
    def forward(ctx, z):
        return F.one_hot(z.argmax(), z.shape[0]).to(z.dtype)

    @staticmethod
    def backward(ctx, g):
        return g


class SoftPickBad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, z):
        p = torch.softmax(z, dim=0)
        ctx.save_for_backward(p)
        return p

    @staticmethod
    def backward(ctx, g):
        (p,) = ctx.saved_tensors
        return p * g


def st_value(z):
    return (StraightThroughTop1.apply(z) * _t(VALUES, z)).sum()


def soft_value_bad(z):
    return (SoftPickBad.apply(z) * _t(VALUES, z)).sum()
