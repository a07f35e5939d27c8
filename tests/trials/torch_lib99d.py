"""A user's PyTorch code, ninety-ninth round (d): hyperbolic and manifold embeddings: the Poincare-ball distance with
torch.acosh (plain, and clamped at 1 + 1e-7), geoopt's exponential map at 0 (the norm's clamp_min(1e-15)) and a
torch.where guard, the Mobius-addition distance, the Lorentz distance on the hyperboloid, the sphere (x / x.norm(),
F.normalize, the arccos geodesic clamped to [-1, 1]), a von Mises-Fisher log-normaliser with torch.special.i0e and
i1e, the Stiefel manifold's Cayley retraction by torch.linalg.solve and QR retraction by torch.linalg.qr, and an
autograd.Function arccosh with a clamped derivative (right, and wrong on purpose)."""

import math

import torch
import torch.nn.functional as F

EPS = 1e-5
MAXNORM = 1 - EPS
W2 = [0.5, -0.25]
W3 = [0.5, -0.25, 1.0]
C = [[0.5, -0.25], [1.0, 0.75], [-0.5, 0.25]]


def _t(values, like):
    return torch.tensor(values, dtype=like.dtype)


def poincare_dist(u, v):
    sq = ((u - v) ** 2).sum()
    den = (1 - (u ** 2).sum()) * (1 - (v ** 2).sum())
    return torch.acosh(1 + 2 * sq / den)


def poincare_dist_clamped(u, v):
    sq = ((u - v) ** 2).sum()
    den = (1 - (u ** 2).sum()) * (1 - (v ** 2).sum())
    return torch.acosh((1 + 2 * sq / den).clamp_min(1 + 1e-7))


def expmap0(v):
    """geoopt: u_norm = u.norm(dim=-1, p=2).clamp_min(1e-15); tanh(u_norm) u / u_norm."""
    n = v.norm(dim=-1, p=2).clamp_min(1e-15)
    return (_t(W2, v) * torch.tanh(n) * v / n).sum()


def expmap0_where(v):
    n = v.norm()
    return (_t(W2, v) * torch.where(n > 0, torch.tanh(n) * v / n, v)).sum()


def mobius_dist(u, v):
    w = -u
    uv, uu, vv = (w * v).sum(), (w ** 2).sum(), (v ** 2).sum()
    m = ((1 + 2 * uv + vv) * w + (1 - uu) * v) / (1 + 2 * uv + uu * vv)
    return 2 * torch.atanh(m.norm())


def _lift(a):
    return torch.cat([torch.sqrt(1 + (a ** 2).sum()).reshape(1), a])


def lorentz_dist(a, b):
    x, y = _lift(a), _lift(b)
    return torch.acosh(x[0] * y[0] - (x[1:] * y[1:]).sum())


def lorentz_dist_clamped(a, b):
    x, y = _lift(a), _lift(b)
    return torch.acosh((x[0] * y[0] - (x[1:] * y[1:]).sum()).clamp_min(1 + 1e-7))


def sphere_readout(x):
    return (_t(W3, x) * x / x.norm()).sum()


def sphere_readout_normalize(x):
    return (_t(W3, x) * F.normalize(x, dim=0)).sum()


def sphere_dist(x, y):
    return torch.arccos((F.normalize(x, dim=0) * F.normalize(y, dim=0)).sum().clamp(-1.0, 1.0))


def vmf_lognorm2(kappa):
    return -math.log(2 * math.pi) - (torch.log(torch.special.i0e(kappa)) + kappa)


def vmf_lognorm4(kappa):
    return torch.log(kappa) - 2 * math.log(2 * math.pi) - (torch.log(torch.special.i1e(kappa)) + kappa)


def cayley_retraction(x, xi):
    a = xi @ x.T - x @ xi.T
    eye = torch.eye(3, dtype=x.dtype)
    y = torch.linalg.solve(eye - a / 2, (eye + a / 2) @ x)
    return (_t(C, x) * y).sum()


def qr_retraction(x, xi):
    q, r = torch.linalg.qr(x + xi)
    q = q * torch.sign(torch.diagonal(r))
    return (_t(C, x) * q).sum()


class Arcosh(torch.autograd.Function):
    @staticmethod
    def forward(ctx, z):
        ctx.save_for_backward(z)
        return torch.log(z + torch.sqrt(z * z - 1))

    @staticmethod
    def backward(ctx, g):
        (z,) = ctx.saved_tensors
        return g / torch.sqrt((z * z - 1).clamp_min(1e-15))


class ArcoshBad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, z):
        ctx.save_for_backward(z)
        return torch.log(z + torch.sqrt(z * z - 1))

    @staticmethod
    def backward(ctx, g):
        (z,) = ctx.saved_tensors
        return g / torch.sqrt((z * z + 1).clamp_min(1e-15))


def poincare_dist_custom(u, v):
    sq = ((u - v) ** 2).sum()
    den = (1 - (u ** 2).sum()) * (1 - (v ** 2).sum())
    return Arcosh.apply(1 + 2 * sq / den)


def poincare_dist_custom_bad(u, v):
    sq = ((u - v) ** 2).sum()
    den = (1 - (u ** 2).sum()) * (1 - (v ** 2).sum())
    return ArcoshBad.apply(1 + 2 * sq / den)
