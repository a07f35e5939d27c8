"""A user's PyTorch code, hundred-and-second round (d): GAN and energy-based losses: the minimax loss log(1 -
sigmoid(d)) naive and by F.logsigmoid(-d); the non-saturating loss naive and by F.logsigmoid;
F.binary_cross_entropy_with_logits; F.binary_cross_entropy of probabilities (BCELoss: its log clamped at -100, its
backward dividing by max(p (1 - p), 1e-12)); the hinge loss by F.relu; the relativistic average loss by
F.binary_cross_entropy_with_logits; a gradient penalty by torch.linalg.vector_norm (bare, at w = 0) and with an eps;
spectral normalisation by F.normalize (eps = 1e-12) power iterations; torch.logsumexp and its naive spelling; an RBM's
free-energy difference by F.softplus; and autograd.Functions: a gradient reversal layer (wrong on purpose) and a
straight-through clamp, and the .detach() spelling of it."""

import torch
import torch.nn.functional as F

A = [1.0, -1.0]
LAMBDA = 1.0


def _a(x):
    return torch.tensor(A, dtype=x.dtype)


def minimax_naive(d):
    return torch.log(1 - torch.sigmoid(d)).sum()


def minimax_stable(d):
    return F.logsigmoid(-d).sum()


def nonsat_naive(d):
    return -torch.log(torch.sigmoid(d)).sum()


def nonsat_stable(d):
    return -F.logsigmoid(d).sum()


def bce_logits(d):
    """The discriminator's BCE on a real (1) and a fake (0) logit."""
    y = torch.tensor([1.0, 0.0], dtype=d.dtype)
    return F.binary_cross_entropy_with_logits(d, y, reduction="sum")


def bce_probs(p):
    """nn.BCELoss on probabilities: targets real (1) and fake (0)."""
    y = torch.tensor([1.0, 0.0], dtype=p.dtype)
    return F.binary_cross_entropy(p, y, reduction="sum")


def hinge_d(d_real, d_fake):
    return F.relu(1.0 - d_real).mean() + F.relu(1.0 + d_fake).mean()


def relativistic_d(d_real, d_fake):
    ones, zeros = torch.ones_like(d_real), torch.zeros_like(d_fake)
    return (F.binary_cross_entropy_with_logits(d_real - d_fake.mean(), ones)
            + F.binary_cross_entropy_with_logits(d_fake - d_real.mean(), zeros))


def gradient_penalty(w):
    return (torch.linalg.vector_norm(w) - 1.0) ** 2


def gradient_penalty_eps(w):
    return (torch.sqrt((w ** 2).sum() + 1e-12) - 1.0) ** 2


def spectral_sigma(W):
    """torch.nn.utils.spectral_norm's computation, two power-iteration steps from u = e1."""
    u = torch.tensor([1.0, 0.0], dtype=W.dtype)
    for _ in range(2):
        v = F.normalize(torch.mv(W.t(), u), dim=0, eps=1e-12)
        u = F.normalize(torch.mv(W, v), dim=0, eps=1e-12)
    return torch.dot(u, torch.mv(W, v))


def log_partition_naive(E):
    return torch.log(torch.exp(-E).sum())


def log_partition(E):
    return torch.logsumexp(-E, dim=0)


def cd(c):
    W = torch.tensor([[1.0, -1.0], [0.5, 2.0]], dtype=c.dtype)
    v_data = torch.tensor([1.0, 0.0], dtype=c.dtype)
    v_model = torch.tensor([0.0, 1.0], dtype=c.dtype)
    return -F.softplus(c + W @ v_data).sum() + F.softplus(c + W @ v_model).sum()


class GradReverse(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x.view_as(x)

    @staticmethod
    def backward(ctx, g):
        return -LAMBDA * g


def dann_loss(x):
    return F.softplus((_a(x) * GradReverse.apply(x)).sum())


class STEClamp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return x.clamp(-1.0, 1.0)

    @staticmethod
    def backward(ctx, g):
        return g


def ste_loss(x):
    return (_a(x) * STEClamp.apply(x)).sum()


def ste_detach(x):
    return (_a(x) * (x + (x.clamp(-1.0, 1.0) - x).detach())).sum()


def wgan_gp(W):
    """WGAN-GP: the critic's gradient by torch.autograd.grad(create_graph=True) at the interpolate."""
    x = torch.tensor([0.5, -1.0], dtype=W.dtype, requires_grad=True)
    d = (_a(W) * torch.tanh(W @ x)).sum()
    (g,) = torch.autograd.grad(d, x, create_graph=True)
    return (g.norm(2) - 1.0) ** 2
