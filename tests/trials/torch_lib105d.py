"""A user's PyTorch code, hundred-and-fifth round (d): signed distance fields as neural-implicit code writes them in
PyTorch: a sphere and a box SDF (torch.linalg.vector_norm, torch.clamp(q, min=0), torch.amax), a capsule's clamped
projection, CSG by torch.minimum, the polynomial and exponential smooth minima, an occupancy by torch.sigmoid and by
hand, sphere tracing, a SIREN layer, a positional encoding, the eikonal loss with grad f by
torch.autograd.grad(create_graph=True) (as an IGR / SIREN training loop takes it), a surface normal, and a safe norm as
a torch.autograd.Function with the right backward and with a slipped one."""

import math

import torch

BOX = [1.0, 0.5, 0.25]
CAP_B = [0.0, 1.0, 0.0]
C1, C2 = [-1.0, 0.0, 0.0], [1.0, 0.0, 0.0]
EPS_OCC = 1e-3
TARGET, RAY = [0.0, 0.0, 3.0], [0.0, 0.0, 1.0]
W1 = [[0.5, -0.25], [0.75, 0.5], [-0.5, 1.25]]
B1 = [0.125, -0.25, 0.0625]
V = [0.5, -0.75, 0.25]
W0 = 30.0
READ = [0.5, -0.25, 1.0]


def _t(a, like):
    return torch.as_tensor(a, dtype=like.dtype)


def _grad(f, p):
    if not p.requires_grad:
        p = p.requires_grad_()
    (g,) = torch.autograd.grad(f(p), p, create_graph=True)
    return g


def sphere(p, r):
    return torch.linalg.vector_norm(p) - r


def _box(p):
    q = p.abs() - _t(BOX, p)
    return torch.linalg.vector_norm(torch.clamp(q, min=0.0)) + torch.clamp(torch.amax(q), max=0.0)


def box(p):
    return _box(p)


def capsule(p, r):
    ba = _t(CAP_B, p)
    h = torch.clamp(torch.dot(p, ba) / torch.dot(ba, ba), 0.0, 1.0)
    return torch.linalg.vector_norm(p - ba * h) - r


def union(p):
    return torch.minimum(torch.linalg.vector_norm(p - _t(C1, p)) - 1.0, torch.linalg.vector_norm(p - _t(C2, p)) - 1.0)


def smin_poly(a, b, k):
    h = torch.clamp(0.5 + 0.5 * (b - a) / k, 0.0, 1.0)
    return torch.lerp(b, a, h) - k * h * (1.0 - h)


def smin_exp(a, b, k):
    return -k * torch.log(torch.exp(-a / k) + torch.exp(-b / k))


def occupancy(p):
    return torch.sigmoid(-(torch.linalg.vector_norm(p) - 1.0) / EPS_OCC)


def occupancy_naive(p):
    return 1.0 / (1.0 + torch.exp((torch.linalg.vector_norm(p) - 1.0) / EPS_OCC))


def sphere_trace(o):
    t = torch.zeros((), dtype=o.dtype)
    for _ in range(4):
        t = t + torch.linalg.vector_norm(o + t * _t(RAY, o) - _t(TARGET, o)) - 1.0
    return t


def _siren(x):
    return torch.dot(_t(V, x), torch.sin(W0 * (_t(W1, x) @ x + _t(B1, x))))


def siren(x):
    return _siren(x)


def posenc20(x):
    k = torch.arange(20, dtype=x.dtype)
    return torch.sin(2.0 ** k * math.pi * x).sum()


def _sq(p):
    return (p * p).sum() - 1.0


def eikonal_sq(p):
    return (torch.linalg.vector_norm(_grad(_sq, p)) - 1.0) ** 2


def eikonal_box(p):
    return (torch.linalg.vector_norm(_grad(_box, p)) - 1.0) ** 2


def eikonal_siren(x):
    return (torch.linalg.vector_norm(_grad(_siren, x)) - 1.0) ** 2


def normal_sq(p):
    g = _grad(_sq, p)
    return torch.dot(g / torch.linalg.vector_norm(g), _t(READ, p))


class SafeNorm(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        n = torch.linalg.vector_norm(x)
        ctx.save_for_backward(x, n)
        return n

    @staticmethod
    def backward(ctx, grad):
        x, n = ctx.saved_tensors
        return grad * torch.where(n > 0, x / torch.where(n > 0, n, torch.ones_like(n)), torch.zeros_like(x))


class SlippedNorm(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        n = torch.linalg.vector_norm(x)
        ctx.save_for_backward(x, n)
        return n

    @staticmethod
    def backward(ctx, grad):
        x, n = ctx.saved_tensors
        return grad * x / (n * n + 1e-12)  # divides by n^2 where n is meant


def sphere_safe(p, r):
    return SafeNorm.apply(p) - r


def sphere_slipped(p, r):
    return SlippedNorm.apply(p) - r


def box_slipped(p):
    q = p.abs() - _t(BOX, p)
    return SlippedNorm.apply(torch.clamp(q, min=0.0)) + torch.clamp(torch.amax(q), max=0.0)
