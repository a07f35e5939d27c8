"""A user's PyTorch code, ninety-eighth round (d): physics-informed losses and differentiable simulation: explicit
Euler on the stiff decay y' = -k y and Euler's amplification over the exact decay, RK4 on logistic growth, a state
normalised to the unit sphere (torch.linalg.vector_norm, and F.normalize), a heat-equation residual's mean square and
norm, a PINN residual of a tiny tanh MLP with u' by torch.autograd.grad(create_graph=True) (and u'' by it twice), an
adaptive Heun step whose factor is clamped on an error estimate, a log-barrier, and an autograd.Function adjoint of
one Euler step (right, and with dt forgotten)."""

import torch
import torch.nn.functional as F

DT = 0.125
T_END = 4 * DT
KCAP = 2.0
XC = [0.25, 0.5, 0.75]
V_OUT = [0.5, -0.25]
DX = 0.25
U_PREV = [0.0, 0.25, 0.5, 0.75, 1.0]
TOL = 2.0 ** -10
MU = 0.125
TARGET = [1.0, 1.0]
W_OBS = [0.5, -0.25]


def _t(values, like):
    return torch.tensor(values, dtype=like.dtype)


def euler_decay(y0, k):
    y = y0
    for _ in range(4):
        y = y + DT * (-k * y)
    return y


def euler_log_error(k):
    y = euler_decay(torch.ones_like(k), k)
    return torch.log(y.abs() / torch.exp(-k * T_END))


def euler_log_error_stable(k):
    y = euler_decay(torch.ones_like(k), k)
    return torch.log(y.abs()) + k * T_END


def rk4_logistic(y0, r):
    f = lambda y: r * y * (1.0 - y / KCAP)
    h = 0.25
    y = y0
    for _ in range(2):
        k1 = f(y)
        k2 = f(y + h / 2 * k1)
        k3 = f(y + h / 2 * k2)
        k4 = f(y + h * k3)
        y = y + h / 6 * (k1 + 2 * k2 + 2 * k3 + k4)
    return y


def logistic_exact(y0, r):
    return KCAP / (1.0 + (KCAP / y0 - 1.0) * torch.exp(-r))


def unit_state(s):
    return (_t(W_OBS, s) * s / torch.linalg.vector_norm(s)).sum()


def unit_state_normalize(s):
    """F.normalize divides by max(||s||, eps = 1e-12)."""
    return (_t(W_OBS, s) * F.normalize(s, dim=0)).sum()


def _heat_residual(u):
    lap = (u[2:] - 2 * u[1:-1] + u[:-2]) / DX ** 2
    return (u[1:-1] - _t(U_PREV, u)[1:-1]) / DT - lap


def heat_loss(u):
    return (_heat_residual(u) ** 2).mean()


def heat_norm(u):
    return torch.linalg.vector_norm(_heat_residual(u))


def pinn_loss(w, b):
    """u' + u = 0 at the collocation points, u' by autograd inside the loss."""
    x = _t(XC, w).requires_grad_(True)
    u = (_t(V_OUT, w) * torch.tanh(w * x[:, None] + b)).sum(dim=1)
    (du,) = torch.autograd.grad(u.sum(), x, create_graph=True)
    return ((du + u) ** 2).mean()


def pinn_loss2(w, b):
    """u'' + 4 u = 0, u'' by autograd twice."""
    x = _t(XC, w).requires_grad_(True)
    u = (_t(V_OUT, w) * torch.tanh(w * x[:, None] + b)).sum(dim=1)
    (du,) = torch.autograd.grad(u.sum(), x, create_graph=True)
    (d2u,) = torch.autograd.grad(du.sum(), x, create_graph=True)
    return ((d2u + 4.0 * u) ** 2).mean()


def adaptive_heun(k):
    y0 = 1.0
    y_e = y0 + DT * (-k * y0)
    y_h = y0 + DT / 2 * (-k * y0 - k * y_e)
    err = (y_h - y_e).abs()
    fac = torch.clamp(0.875 * (TOL / err) ** 0.2, 0.25, 4.0)
    return y_h * (1.0 - DT * fac * k)


def barrier(x):
    return ((x - _t(TARGET, x)) ** 2).sum() - MU * torch.log(1.0 - (x ** 2).sum())


class EulerStep(torch.autograd.Function):
    @staticmethod
    def forward(ctx, y, k):
        ctx.save_for_backward(y, k)
        return y - DT * k * y

    @staticmethod
    def backward(ctx, g):
        y, k = ctx.saved_tensors
        return g * (1.0 - DT * k), -g * DT * y


class EulerStepBad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, y, k):
        ctx.save_for_backward(y, k)
        return y - DT * k * y

    @staticmethod
    def backward(ctx, g):
        y, k = ctx.saved_tensors
        return g * (1.0 - DT * k), -g * y


def adjoint_rollout(y0, k):
    y = y0
    for _ in range(4):
        y = EulerStep.apply(y, k)
    return y ** 2


def adjoint_rollout_bad(y0, k):
    y = y0
    for _ in range(4):
        y = EulerStepBad.apply(y, k)
    return y ** 2


def pinn_loss_func(w, b):
    """u' by torch.func.grad under torch.func.vmap inside the loss."""
    from torch.func import grad, vmap
    u = lambda x: (_t(V_OUT, w) * torch.tanh(w * x + b)).sum()
    xs = _t(XC, w)
    du = vmap(grad(u))(xs)
    return ((du + vmap(u)(xs)) ** 2).mean()


def clamped_step(y0, dt):
    h = torch.clamp(dt, 2.0 ** -6, 0.25)
    y = y0
    for _ in range(4):
        y = y - h * 8.0 * y
    return y
