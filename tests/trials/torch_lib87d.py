"""A user's PyTorch code, eighty-seventh round (d): differentiable physics with contact over a few unrolled steps
(dt = 1/64) in plain Python loops: a penalty contact k relu(-y)^p (p = 1, 2, 1.5), a Hertzian force by torch.where,
a soft contact by torch.log(1 + exp) and by F.softplus, Coulomb friction by torch.sign and torch.tanh, a restitution
bounce and a capped time of impact by torch.where, symplectic and explicit Euler springs, the energy drift of an
explicit Euler pendulum on a high pivot, a damped spring's three regimes by torch.where, a rope of springs by
torch.linalg.norm, and the contact force as a torch.autograd.Function (right, and forgetting the contact indicator)."""

import torch
import torch.nn.functional as F

DT = 0.015625  # 1/64 s
G = 9.81
K_CONTACT = 1000.0
STEPS = 4
EPS = 1e-3
MU = 0.5
E_REST = 0.8
T_MAX = 10.0
K_SPRING = 100.0
L = 0.5
K_ROPE = 50.0
REST = 0.25


def _drop(y, v, p):
    for _ in range(STEPS):
        force = -G + K_CONTACT * F.relu(-y) ** p
        v = v + DT * force
        y = y + DT * v
    return y.sum()


def drop_linear(y0, v0):
    return _drop(y0, v0, 1)


def drop_quadratic(y0, v0):
    return _drop(y0, v0, 2)


def drop_hertz(y0, v0):
    return _drop(y0, v0, 1.5)


def contact_where(y):
    force = torch.where(y < 0, K_CONTACT * (-y) ** 1.5, torch.zeros_like(y))
    return force.sum()


def soft_contact_naive(d):
    return (EPS * torch.log(1 + torch.exp(-d / EPS))).sum()


def soft_contact(d):
    return (EPS * F.softplus(-d / EPS)).sum()


def coulomb(v, fn):
    return (MU * fn.abs() * torch.sign(v)).sum()


def coulomb_smooth(v, fn):
    return (MU * fn.abs() * torch.tanh(v / EPS)).sum()


def bounce(y, v):
    v = torch.where(y <= 0, -E_REST * v, v)
    return (y + DT * v).sum()


def toi_capped(y, v):
    t = torch.where(v < 0, -y / v, torch.full_like(v, T_MAX))
    return t.sum()


def spring_symplectic(x0, v0):
    x, v = x0, v0
    for _ in range(STEPS):
        v = v - DT * K_SPRING * x
        x = x + DT * v
    return 0.5 * K_SPRING * x * x + 0.5 * v * v


def spring_explicit(x0, v0):
    x, v = x0, v0
    for _ in range(STEPS):
        x, v = x + DT * v, v - DT * K_SPRING * x
    return 0.5 * K_SPRING * x * x + 0.5 * v * v


def _energy(th, w, h):
    return 0.5 * L * L * w * w + G * (h - L * torch.cos(th))


def energy_drift(theta0, w0, h):
    th, w = theta0, w0
    for _ in range(STEPS):
        th, w = th + DT * w, w - DT * G / L * torch.sin(th)
    return (_energy(th, w, h) - _energy(theta0, w0, h)) ** 2


M, KD, T_OBS, X0, V0 = 1.0, 4.0, 0.5, 1.0, 0.0


def damped_cases(c):
    disc = c * c - 4.0 * M * KD
    a = c / (2.0 * M)
    w = torch.sqrt(-disc) / (2.0 * M)
    r = torch.sqrt(disc) / (2.0 * M)
    under = X0 * torch.cos(w * T_OBS) + (V0 + a * X0) * torch.sin(w * T_OBS) / w
    over = X0 * torch.cosh(r * T_OBS) + (V0 + a * X0) * torch.sinh(r * T_OBS) / r
    crit = X0 + (V0 + a * X0) * T_OBS
    return torch.exp(-a * T_OBS) * torch.where(disc < 0, under, torch.where(disc > 0, over, crit))


def rope(x):
    length = torch.linalg.norm(x[1:] - x[:-1], dim=-1)
    return (0.5 * K_ROPE * (length - REST) ** 2).sum()


def rope_zero_rest(x):
    length = torch.linalg.norm(x[1:] - x[:-1], dim=-1)
    return (0.5 * K_ROPE * length ** 2).sum()


class ContactForce(torch.autograd.Function):
    @staticmethod
    def forward(ctx, y):
        ctx.save_for_backward(y)
        return K_CONTACT * torch.clamp(-y, min=0)

    @staticmethod
    def backward(ctx, g):
        (y,) = ctx.saved_tensors
        return -K_CONTACT * g * (y < 0).to(g.dtype)


class ContactForceBad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, y):
        return K_CONTACT * torch.clamp(-y, min=0)

    @staticmethod
    def backward(ctx, g):
        return -K_CONTACT * g


def step_custom(y, v):
    v = v + DT * (-G + ContactForce.apply(y))
    return (y + DT * v).sum()


def step_custom_bad(y, v):
    v = v + DT * (-G + ContactForceBad.apply(y))
    return (y + DT * v).sum()


def penalty_energy(y, p):
    return (K_CONTACT * F.relu(-y) ** p).sum()


RADIUS = 0.1


def pair_penalty(x):
    dist = torch.linalg.norm(x[:, None, :] - x[None, :, :], dim=-1)
    mask = 1.0 - torch.eye(x.shape[0], dtype=x.dtype)
    return (mask * K_CONTACT * F.relu(2.0 * RADIUS - dist)).sum()


def drop_inplace(y0, v0):
    """The state kept in one tensor, updated row by row in place."""
    state = torch.stack([y0, v0])
    for _ in range(STEPS):
        state[1] = state[1] + DT * (-G + K_CONTACT * F.relu(-state[0]) ** 2)
        state[0] = state[0] + DT * state[1]
    return state[0].sum()


def soft_contact_eps(d, eps):
    return (eps * F.softplus(-d / eps)).sum()


class ContactForceK(torch.autograd.Function):
    """The penalty force with its stiffness learned too; the backward written for y alone."""

    @staticmethod
    def forward(ctx, y, k):
        ctx.save_for_backward(y, k)
        return k * torch.clamp(-y, min=0)

    @staticmethod
    def backward(ctx, g):
        y, k = ctx.saved_tensors
        return -k * g * (y < 0).to(g.dtype), None


def step_stiffness(y, v, k):
    v = v + DT * (-G + ContactForceK.apply(y, k))
    return (y + DT * v).sum()


def _potential(y):
    return (G * y + 0.5 * K_CONTACT * F.relu(-y) ** 2).sum()


def drop_potential(y0, v0):
    y, v = y0, v0
    for _ in range(STEPS):
        (grad_u,) = torch.autograd.grad(_potential(y), y, create_graph=True)
        v = v - DT * grad_u
        y = y + DT * v
    return y.sum()


def coulomb_clamped(v, fn):
    """Regularised Coulomb friction: linear in v inside |v| < eps, mu |F_n| outside."""
    return (MU * fn.abs() * torch.clamp(v / EPS, -1.0, 1.0)).sum()


def drop_functorch(y0, v0):
    """The force as minus the potential's gradient by torch.func.grad."""
    force_of = torch.func.grad(_potential)
    y, v = y0, v0
    for _ in range(STEPS):
        v = v - DT * force_of(y)
        y = y + DT * v
    return y.sum()


def drop_custom(y0, v0):
    """The drop with the hand-written contact force, applied once per step."""
    y, v = y0, v0
    for _ in range(STEPS):
        v = v + DT * (-G + ContactForce.apply(y))
        y = y + DT * v
    return y.sum()


def drop_custom_bad(y0, v0):
    y, v = y0, v0
    for _ in range(STEPS):
        v = v + DT * (-G + ContactForceBad.apply(y))
        y = y + DT * v
    return y.sum()


class ContactForceCtx(torch.autograd.Function):
    """The same force in PyTorch 2's spelling: forward without ctx, setup_context saving what backward needs."""

    @staticmethod
    def forward(y):
        return K_CONTACT * torch.clamp(-y, min=0)

    @staticmethod
    def setup_context(ctx, inputs, output):
        ctx.save_for_backward(inputs[0])

    @staticmethod
    def backward(ctx, g):
        (y,) = ctx.saved_tensors
        return -K_CONTACT * g * (y <= 0).to(g.dtype)


def step_ctx(y, v):
    v = v + DT * (-G + ContactForceCtx.apply(y))
    return (y + DT * v).sum()
