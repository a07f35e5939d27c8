"""A user's PyTorch code, eighty-fifth round (d): molecular mechanics energies in reduced units on two to four atoms:
Lennard-Jones (plain, a masked distance matrix by torch.where, cut and shifted), Ewald's real-space Coulomb by
torch.special.erfc, the guarded self term, a bond through the minimum image by torch.round, a bond and a position
restraint by torch.linalg.norm, a bond angle by acos and a linear one, a torsion by atan2, Morse, a soft-core, a
Buckingham, LJ with its analytic force as an autograd.Function, and a neighbour list by torch.nonzero."""

import math

import torch

EPS, SIG, RC, Q, BOX = 1.0, 1.0, 2.5, 2.0, 10.0
K_BOND, R0 = 2.0, 1.5
K_ANG, THETA0 = 3.0, 1.9
K_TOR, N_TOR = 0.5, 3
D_M, A_M, R0_M = 2.0, 1.5, 1.0
A_B, B_B, C_B = 1000.0, 4.0, 10.0
XREF = [0.5, -1.0, 2.0]


def lj(r):
    sr6 = (SIG / r) ** 6
    return 4 * EPS * (sr6 * sr6 - sr6)


def lj_pairs(x):
    r = torch.linalg.norm(x[:, None, :] - x[None, :, :], dim=-1)
    mask = ~torch.eye(x.shape[0], dtype=torch.bool)
    return 0.5 * torch.where(mask, lj(r), torch.zeros_like(r)).sum()


def lj_cut(r):
    return torch.where(r < RC, lj(r) - lj(torch.tensor(RC, dtype=r.dtype)), torch.zeros_like(r))


def ewald_real(r, alpha):
    return Q * torch.special.erfc(alpha * r) / r


def ewald_self(r, alpha):
    return -Q * torch.where(r > 0, torch.erf(alpha * r) / r, 2 * alpha / math.sqrt(math.pi))


def mic_bond(x):
    d = x[0] - x[1]
    d = d - BOX * torch.round(d / BOX)
    return K_BOND * (torch.linalg.norm(d) - R0) ** 2


def bond(x):
    return K_BOND * (torch.linalg.norm(x[0] - x[1]) - R0) ** 2


def restraint(x):
    return K_BOND * torch.linalg.norm(x - torch.tensor(XREF, dtype=x.dtype)) ** 2


def _angle(x):
    a, b = x[0] - x[1], x[2] - x[1]
    return torch.acos(torch.dot(a, b) / (torch.linalg.norm(a) * torch.linalg.norm(b)))


def angle_acos(x):
    return K_ANG * (_angle(x) - THETA0) ** 2


def linear_acos(x):
    return K_ANG * (_angle(x) - math.pi) ** 2


def torsion(x):
    b1, b2, b3 = x[1] - x[0], x[2] - x[1], x[3] - x[2]
    n1, n2 = torch.linalg.cross(b1, b2), torch.linalg.cross(b2, b3)
    m1 = torch.linalg.cross(n1, b2 / torch.linalg.norm(b2))
    phi = torch.atan2(torch.dot(m1, n2), torch.dot(n1, n2))
    return K_TOR * (1 + torch.cos(N_TOR * phi))


def morse(r):
    return D_M * (1 - torch.exp(-A_M * (r - R0_M))) ** 2


def softcore_pos(x, alpha):
    r = torch.linalg.norm(x[0] - x[1])
    return 1 / (r ** 6 + alpha) ** 0.5


def buckingham(r):
    return A_B * torch.exp(-B_B * r) - C_B / r ** 6


class LJ(torch.autograd.Function):
    @staticmethod
    def forward(ctx, r):
        ctx.save_for_backward(r)
        return lj(r)

    @staticmethod
    def backward(ctx, grad_output):
        (r,) = ctx.saved_tensors
        return grad_output * 4 * EPS * (-12 * SIG ** 12 / r ** 13 + 6 * SIG ** 6 / r ** 7)


class LJForce(torch.autograd.Function):
    @staticmethod
    def forward(ctx, r):
        ctx.save_for_backward(r)
        return lj(r)

    @staticmethod
    def backward(ctx, grad_output):
        (r,) = ctx.saved_tensors
        return grad_output * 4 * EPS * (12 * SIG ** 12 / r ** 13 - 6 * SIG ** 6 / r ** 7)  # the force


def lj_custom(r):
    return LJ.apply(r)


def lj_force(r):
    return LJForce.apply(r)


def lj_neighbours(x):
    """LJ over the pairs inside the cutoff, found by a neighbour list."""
    r = torch.linalg.norm(x[:, None, :] - x[None, :, :], dim=-1)
    i, j = torch.nonzero((r < RC) & (r > 0), as_tuple=True)
    return 0.5 * lj(r[i, j]).sum()
