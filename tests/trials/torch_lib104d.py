"""A user's PyTorch code, hundred-and-fourth round (d): gradients through optimiser updates, the inner gradient taken
by torch.autograd.grad(..., create_graph=True) as higher-style meta-learning code takes it: three unrolled steps of
SGD with momentum and with Nesterov's (torch.optim.SGD's update rules) on a tiny quadratic, differentiated in lr, mu
and the initial weights; MAML's two inner steps on a logistic loss (F.softplus, and torch.log(1 + torch.exp(-m)));
Adam's first update with bias correction; RMSprop from a zero accumulator; clipping by the global norm
(torch.linalg.vector_norm, bare and as clip_grad_norm_ writes it: clamp(c / (norm + 1e-6), max=1)); signSGD
(torch.sign); AdamW's decoupled decay; linear warmup and cosine decay by torch.where; a learned optimiser's MLP on
(log(|g| + eps), sign(g), m); and two autograd.Functions: a clip of the update with a masked backward (right) and
signSGD's sign with a straight-through backward (slipped)."""

import math

import torch
import torch.nn.functional as F

A = [2.0, 0.5]
B = [1.0, -1.0]
C = [0.5, 0.5]
CW = [1.0, -2.0]
X = [[1.0, 2.0], [-1.5, 0.5]]
Y = [1.0, -1.0]
XV = [0.5, -1.0]
LR, B1, B2, EPS = 1e-3, 0.9, 0.999, 1e-8
CLIP = 5.0


def _t(a, like):
    return torch.as_tensor(a, dtype=like.dtype)


def _train(w):
    return 0.5 * (_t(A, w) * (w - _t(B, w)) ** 2).sum()


def _val(w):
    return 0.5 * ((w - _t(C, w)) ** 2).sum()


def _grad(loss_fn, w):
    if not w.requires_grad:
        w = w.requires_grad_()
    (g,) = torch.autograd.grad(loss_fn(w), w, create_graph=True)
    return g


def momentum_unroll(lr, mu, w0):
    w, v = w0, torch.zeros_like(w0)
    for _ in range(3):
        g = _grad(_train, w)
        v = mu * v + g
        w = w - lr * v
    return _val(w)


def nesterov_unroll(lr, mu, w0):
    w, v = w0, torch.zeros_like(w0)
    for _ in range(3):
        g = _grad(_train, w)
        v = mu * v + g
        w = w - lr * (g + mu * v)
    return _val(w)


def _logistic(w):
    return F.softplus(-_t(Y, w) * (_t(X, w) @ w)).mean()


def _logistic_naive(w):
    return torch.log(1.0 + torch.exp(-_t(Y, w) * (_t(X, w) @ w))).mean()


def maml_logistic(w, alpha):
    for _ in range(2):
        w = w - alpha * _grad(_logistic, w)
    return F.softplus(-(_t(XV, w) @ w))


def maml_logistic_naive(w, alpha):
    for _ in range(2):
        w = w - alpha * _grad(_logistic_naive, w)
    return torch.log(1.0 + torch.exp(-(_t(XV, w) @ w)))


def _adam_dir(g, eps=EPS):
    t = 1
    m = (1 - B1) * g
    v = (1 - B2) * g * g
    m_hat = m / (1 - B1 ** t)
    v_hat = v / (1 - B2 ** t)
    return m_hat / (v_hat.sqrt() + eps)


def adam_step(g):
    return (_t(CW, g) * LR * _adam_dir(g)).sum()


def rmsprop_step(w):
    g = _grad(_train, w)
    s = (1 - 0.9) * g * g
    return _val(w - 0.01 * g / (s.sqrt() + EPS))


def adamw_step(w):
    g = _grad(_train, w)
    return _val(w - 0.01 * (_adam_dir(g) + 0.1 * w))


def sign_sgd(w, lr):
    g = _grad(_train, w)
    return _val(w - lr * torch.sign(g))


def clip_global(g):
    """g * min(1, c / ||g||) by torch.clamp."""
    scale = torch.clamp(CLIP / torch.linalg.vector_norm(g), max=1.0)
    return (_t(CW, g) * g * scale).sum()


def clip_grad_norm(g):
    """clip_grad_norm_'s arithmetic: clip_coef = max_norm / (total_norm + 1e-6), clamped at 1."""
    total_norm = torch.linalg.vector_norm(g, 2.0)
    clip_coef = CLIP / (total_norm + 1e-6)
    clip_coef_clamped = torch.clamp(clip_coef, max=1.0)
    return (_t(CW, g) * g * clip_coef_clamped).sum()


def warmup_cosine(step, base):
    warm = base * step / 10.0
    cos = base * 0.5 * (1.0 + torch.cos(math.pi * (step - 10.0) / (110.0 - 10.0)))
    return torch.where(step < 10.0, warm, cos)


W1 = [[0.1, 0.5, -0.3], [-0.2, 0.4, 0.6]]
BH = [0.05, -0.1]


def learned_opt(w, m, W2):
    g = _grad(lambda u: (u - 1.0) ** 2, w)
    feats = torch.stack([torch.log(torch.abs(g) + 1e-8), torch.sign(g), m])
    h = torch.tanh(_t(W1, w) @ feats + _t(BH, w))
    w1 = w - 0.01 * (W2 * h).sum()
    return 0.5 * (w1 - 0.5) ** 2


class Clip1(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x.clamp(-1.0, 1.0)

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return grad * (x.abs() < 1.0).to(grad.dtype)


def clipped_sgd(w):
    g = _grad(_train, w)
    return _val(w - 0.1 * Clip1.apply(g))


class SignSTE(torch.autograd.Function):
    """sign with a straight-through backward (the hard-tanh estimator)."""

    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return torch.sign(x)

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return grad * (x.abs() <= 1.0).to(grad.dtype)


def sign_ste_sgd(w, lr):
    g = _grad(_train, w)
    return _val(w - lr * SignSTE.apply(g))
