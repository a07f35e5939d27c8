"""A user's PyTorch code, ninety-fifth round (d): quantization-aware training and sparsification: fake quantization
with a straight-through estimator (.detach(), and autograd.Functions with the clip mask and without it),
torch.fake_quantize_per_tensor_affine, LSQ by .detach() and by torch._fake_quantize_learnable_per_tensor_affine,
PACT's clip as an autograd.Function with the paper's alpha gradient, power-of-two quantization, the hard-concrete
gate, magnitude pruning by torch.topk, a binary network's sign with a clipped STE, and a straight-through Gumbel
softmax; a real quantized tensor (torch.quantize_per_tensor)."""

import math

import torch
import torch.nn.functional as F

STEP = 0.25
QMIN, QMAX = -4, 3
TARGET = [0.125, -0.5, 1.0]
C = [1.0, -0.5, 2.0]


def _t(values, like):
    return torch.tensor(values, dtype=like.dtype)


def _fq(x, s=STEP):
    return s * torch.clamp(torch.round(x / s), QMIN, QMAX)


def fq_ste(w):
    wq = w + (_fq(w) - w).detach()
    return ((wq - _t(TARGET, w)) ** 2).sum()


def fq_ste_clipped(w):
    wc = torch.clamp(w, STEP * QMIN, STEP * QMAX)
    wq = wc + (_fq(w) - wc).detach()
    return ((wq - _t(TARGET, w)) ** 2).sum()


class FakeQuant(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return _fq(x)

    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        inside = (x / STEP >= QMIN) & (x / STEP <= QMAX)
        return g * inside.to(g.dtype)


class FakeQuantNoMask(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return _fq(x)

    @staticmethod
    def backward(ctx, g):
        return g


def fq_custom(w):
    return ((FakeQuant.apply(w) - _t(TARGET, w)) ** 2).sum()


def fq_custom_nomask(w):
    return ((FakeQuantNoMask.apply(w) - _t(TARGET, w)) ** 2).sum()


def fq_library(w):
    """PyTorch's own fake quantization: scale 0.25, zero point 0, [-4, 3]."""
    wq = torch.fake_quantize_per_tensor_affine(w, STEP, 0, QMIN, QMAX)
    return ((wq - _t(TARGET, w)) ** 2).sum()


def lsq(w, s):
    g = 1.0 / math.sqrt(w.numel() * QMAX)
    s = (s - s * g).detach() + s * g
    v = torch.clamp(w / s, QMIN, QMAX)
    wq = ((v.round() - v).detach() + v) * s
    return ((wq - _t(TARGET, w)) ** 2).sum()


def lsq_library(w, s):
    """PyTorch's learnable fake quantization (LSQ's rules), zero point held at 0."""
    zp = torch.zeros(1, dtype=w.dtype)
    wq = torch._fake_quantize_learnable_per_tensor_affine(w, s.reshape(1), zp, QMIN, QMAX, 1.0)
    return ((wq - _t(TARGET, w)) ** 2).sum()


class PactClip(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, alpha):
        ctx.save_for_backward(x, alpha)
        return torch.clamp(x, min=0.0) - torch.clamp(x - alpha, min=0.0)

    @staticmethod
    def backward(ctx, g):
        x, alpha = ctx.saved_tensors
        gx = g * ((x >= 0) & (x < alpha)).to(g.dtype)
        galpha = (g * (x >= alpha).to(g.dtype)).sum().reshape(alpha.shape)
        return gx, galpha


def pact_rule(x, alpha):
    return (PactClip.apply(x, alpha) * _t(C, x)).sum()


def pow2_ste(x):
    q = torch.sign(x) * torch.exp2(torch.round(torch.log2(torch.abs(x))))
    return ((x + (q - x).detach() - _t(TARGET, x)) ** 2).sum()


BETA, GAMMA, ZETA = 2.0 / 3.0, -0.1, 1.1
U_EDGE = [0.0, 0.5, 1.0]


def hard_concrete_edge(log_alpha):
    u = _t(U_EDGE, log_alpha)
    s = torch.sigmoid((torch.log(u) - torch.log(1 - u) + log_alpha) / BETA)
    z = torch.clamp(s * (ZETA - GAMMA) + GAMMA, 0.0, 1.0)
    return (z * _t(C, log_alpha)).sum()


def expected_l0(log_alpha):
    return torch.sigmoid(log_alpha - BETA * math.log(-GAMMA / ZETA)).sum()


C4 = [1.0, -0.5, 2.0, 0.75]


def prune_topk(w):
    idx = torch.topk(w.abs(), 2).indices
    mask = torch.zeros_like(w).scatter(0, idx, 1.0)
    return (_t(C4, w) * w * mask).sum()


def prune_threshold(w):
    mask = (w.abs() >= 0.5).to(w.dtype)
    return (_t(C4, w) * w * mask).sum()


class SignSTE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return torch.sign(x)

    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        return g * (x.abs() <= 1).to(g.dtype)


def binarize_custom(x):
    return (SignSTE.apply(x) * _t(C, x)).sum()


def binarize_ste(x):
    xc = torch.clamp(x, -1.0, 1.0)
    return ((xc + (torch.sign(x) - xc).detach()) * _t(C, x)).sum()


TAU = 0.5
UG = [0.6, 0.6, 0.2]
VALUES = [1.0, -2.0, 0.5]


def st_gumbel(logits):
    g = -torch.log(-torch.log(_t(UG, logits)))
    y_soft = F.softmax((logits + g) / TAU, dim=-1)
    index = y_soft.argmax(dim=-1)
    y_hard = torch.zeros_like(y_soft).scatter(-1, index.unsqueeze(-1), 1.0)
    y = y_hard - y_soft.detach() + y_soft
    return (y * _t(VALUES, logits)).sum()


def int8_roundtrip(w):
    """A real quantized tensor: quantize to qint8 and back."""
    q = torch.quantize_per_tensor(w, STEP, 0, torch.qint8)
    return ((q.dequantize() - _t(TARGET, w)) ** 2).sum()
