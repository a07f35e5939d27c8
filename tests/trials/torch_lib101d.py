"""A user's PyTorch code, hundred-and-first round (d): robust losses with torch.nn.HuberLoss, F.smooth_l1_loss (beta
= 0, its L1 limit, and beta = 1e-8), a smooth L1 written with torch.where and its beta as an argument, Charbonnier
sqrt(r^2 + eps^2), log-cosh (naive), Barron's general loss as robust_loss_pytorch writes it (a where per special
case), Huber's IRLS weights psi(r) / r, the MAD scale by torch.median, and an autograd.Function Huber whose backward
clips the residual (right, and wrong on purpose at |r| = delta)."""

import torch
import torch.nn.functional as F

DELTA = 1.0
W = [0.5, -0.25, 1.0, 0.75]


def _w(r):
    return torch.tensor(W[: r.shape[0]], dtype=r.dtype)


def huber_module(r):
    return torch.nn.HuberLoss(reduction="sum", delta=DELTA)(r, torch.zeros_like(r))


def smooth_l1_beta0(r):
    return F.smooth_l1_loss(r, torch.zeros_like(r), reduction="sum", beta=0.0)


def smooth_l1_tiny(r):
    return F.smooth_l1_loss(r, torch.zeros_like(r), reduction="sum", beta=1e-8)


def smooth_l1(r, beta):
    n = torch.abs(r)
    return torch.where(n < beta, 0.5 * n ** 2 / beta, n - 0.5 * beta).sum()


def charbonnier_eps(r, eps):
    return torch.sqrt(r ** 2 + eps ** 2).sum()


def log_cosh(r):
    return torch.log(torch.cosh(r)).sum()


def barron(x, alpha, c):
    """robust_loss_pytorch.general.lossfun."""
    squared_scaled_x = (x / c) ** 2
    loss_two = 0.5 * squared_scaled_x
    loss_zero = torch.log1p(torch.clamp(0.5 * squared_scaled_x, max=3e37))
    loss_neginf = -torch.expm1(torch.clamp(-0.5 * squared_scaled_x, max=87.5))
    loss_posinf = torch.expm1(torch.clamp(0.5 * squared_scaled_x, max=87.5))
    machine_epsilon = torch.tensor(torch.finfo(x.dtype).eps, dtype=x.dtype)
    beta_safe = torch.max(machine_epsilon, torch.abs(alpha - 2.0))
    alpha_safe = torch.where(alpha >= 0, torch.ones_like(alpha), -torch.ones_like(alpha)) * torch.max(
        machine_epsilon, torch.abs(alpha))
    loss_otherwise = (beta_safe / alpha_safe) * (torch.pow(squared_scaled_x / beta_safe + 1.0, 0.5 * alpha) - 1.0)
    loss = torch.where(alpha == -float("inf"), loss_neginf,
                       torch.where(alpha == 0, loss_zero,
                                   torch.where(alpha == 2, loss_two,
                                               torch.where(alpha == float("inf"), loss_posinf, loss_otherwise))))
    return loss.sum()


def irls_weights(r):
    psi = torch.clamp(r, -DELTA, DELTA)
    return (_w(r) * psi / r).sum()


def mad_scale(r):
    return 1.4826 * torch.median(torch.abs(r - torch.median(r)))


class HuberFn(torch.autograd.Function):
    @staticmethod
    def forward(ctx, r):
        ctx.save_for_backward(r)
        a = r.abs()
        return torch.where(a <= DELTA, 0.5 * r ** 2, DELTA * (a - 0.5 * DELTA))

    @staticmethod
    def backward(ctx, g):
        (r,) = ctx.saved_tensors
        return g * r.clamp(-DELTA, DELTA)


class HuberBad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, r):
        ctx.save_for_backward(r)
        a = r.abs()
        return torch.where(a <= DELTA, 0.5 * r ** 2, DELTA * (a - 0.5 * DELTA))

    @staticmethod
    def backward(ctx, g):
        (r,) = ctx.saved_tensors
        a = r.abs()
        return g * torch.where(a < DELTA, r, torch.where(a > DELTA, DELTA * torch.sign(r), torch.zeros_like(r)))


def huber_custom(r):
    return (_w(r) * HuberFn.apply(r)).sum()


def huber_custom_bad(r):
    return (_w(r) * HuberBad.apply(r)).sum()
