"""A user's PyTorch code, forty-sixth round (b): directional statistics, hyperelasticity and porous media. The von
Mises-Fisher log normaliser on the sphere, log(kappa / (4 pi sinh kappa)), as printed and in the kappa - log1p(-e^-2k)
form, and as an autograd.Function whose backward is 1/k - coth k (as printed, with a series below a switch, and with
its sign slipped); the circular von Mises log normaliser log(2 pi I0(kappa)) by torch.special.i0 and by the scaled
torch.special.i0e (log i0e(k) + k); a neo-Hookean strain energy mu/2 (I1 - 3) - mu log J + lam/2 (log J)^2 of a
deformation gradient by torch.linalg.det and by torch.linalg.slogdet; an Ogden term mu / a (sum l^a - 3) as the
exponent a goes to 0; Kozeny-Carman's permeability d^2 eps^3 / (180 (1 - eps)^2) and Archie's water saturation by
torch.pow with a fractional exponent; and an nn.Module Kozeny-Carman fit read by --wrt model.log_d."""

import math

import torch
import torch.nn as nn

# ------------------------------------------------------------------------------------------- directional statistics


def vmf_log_norm(kappa):
    """log C_3(kappa) of the von Mises-Fisher density on the sphere S^2, as the textbook prints it."""
    return torch.log(kappa / (4 * math.pi * torch.sinh(kappa))).sum()


def vmf_log_norm_stable(kappa):
    """The same without sinh: log kappa - log 2 pi - kappa - log1p(-exp(-2 kappa))."""
    return (torch.log(kappa) - math.log(2 * math.pi) - kappa - torch.log1p(-torch.exp(-2 * kappa))).sum()


class VMFLogNorm(torch.autograd.Function):
    """log C_3(kappa), its derivative -A_3(kappa) = 1/kappa - coth(kappa) by hand."""

    @staticmethod
    def forward(ctx, kappa):
        ctx.save_for_backward(kappa)
        return torch.log(kappa) - math.log(2 * math.pi) - kappa - torch.log1p(-torch.exp(-2 * kappa))

    @staticmethod
    def backward(ctx, grad):
        (kappa,) = ctx.saved_tensors
        return grad * (1 / kappa - 1 / torch.tanh(kappa))


class VMFLogNormSeries(torch.autograd.Function):
    """The same with -kappa/3 + kappa^3/45 below 1e-3, where 1/k - coth k cancels."""

    @staticmethod
    def forward(ctx, kappa):
        ctx.save_for_backward(kappa)
        return torch.log(kappa) - math.log(2 * math.pi) - kappa - torch.log1p(-torch.exp(-2 * kappa))

    @staticmethod
    def backward(ctx, grad):
        (kappa,) = ctx.saved_tensors
        small = kappa < 1e-3
        safe = torch.where(small, torch.ones_like(kappa), kappa)
        series = -kappa / 3 + kappa ** 3 / 45
        return grad * torch.where(small, series, 1 / safe - 1 / torch.tanh(safe))


class VMFLogNormSlip(torch.autograd.Function):
    """The same, its mean resultant length A_3 returned with the wrong sign."""

    @staticmethod
    def forward(ctx, kappa):
        ctx.save_for_backward(kappa)
        return torch.log(kappa) - math.log(2 * math.pi) - kappa - torch.log1p(-torch.exp(-2 * kappa))

    @staticmethod
    def backward(ctx, grad):
        (kappa,) = ctx.saved_tensors
        return grad * (1 / torch.tanh(kappa) - 1 / kappa)


def vmf_rule(kappa):
    return VMFLogNorm.apply(kappa).sum()


def vmf_rule_series(kappa):
    return VMFLogNormSeries.apply(kappa).sum()


def vmf_rule_slip(kappa):
    return VMFLogNormSlip.apply(kappa).sum()


def von_mises_log_norm(kappa):
    """log(2 pi I0(kappa)) of the circular von Mises density."""
    return torch.log(2 * math.pi * torch.special.i0(kappa)).sum()


def von_mises_log_norm_scaled(kappa):
    """The same by the exponentially scaled Bessel function: log i0e(kappa) + kappa."""
    return (math.log(2 * math.pi) + torch.log(torch.special.i0e(kappa)) + kappa).sum()


# ------------------------------------------------------------------------------------------- hyperelasticity
MU, LAM = 1.0, 10.0  # shear and Lame moduli, MPa


def neo_hookean(F):
    """Compressible neo-Hookean energy density of a deformation gradient F (3 x 3)."""
    I1 = torch.trace(F.T @ F)
    J = torch.linalg.det(F)
    log_j = torch.log(J)
    return MU / 2 * (I1 - 3) - MU * log_j + LAM / 2 * log_j ** 2


def neo_hookean_slogdet(F):
    """The same with log |J| by slogdet."""
    I1 = torch.trace(F.T @ F)
    _, log_j = torch.linalg.slogdet(F)
    return MU / 2 * (I1 - 3) - MU * log_j + LAM / 2 * log_j ** 2


OGDEN_STRETCH = [1.25, 0.9, 0.8]
OGDEN_MU = 2.0


def ogden(alpha):
    """One Ogden term mu / alpha (l1^alpha + l2^alpha + l3^alpha - 3) at fixed principal stretches."""
    stretch = torch.tensor(OGDEN_STRETCH, dtype=alpha.dtype)
    return OGDEN_MU / alpha * (torch.pow(stretch, alpha).sum() - 3)


# ------------------------------------------------------------------------------------------- porous media
GRAIN = 2e-4  # grain diameter, m


def kozeny_carman(eps):
    """Permeability d^2 eps^3 / (180 (1 - eps)^2)."""
    return (GRAIN ** 2 * eps ** 3 / (180 * (1 - eps) ** 2)).sum()


ARCHIE_A, ARCHIE_M, ARCHIE_N, RW = 1.0, 2.0, 2.0, 0.05


def archie_saturation(phi, rt):
    """Water saturation S_w = (a R_w / (phi^m R_t))^(1/n)."""
    return torch.pow(ARCHIE_A * RW / (phi ** ARCHIE_M * rt), 1 / ARCHIE_N)


def archie_bulk_volume_water(phi, rt):
    """phi S_w."""
    return phi * archie_saturation(phi, rt)


class KozenyCarman(nn.Module):
    """A permeability model whose grain size is fitted in log space."""

    def __init__(self):
        super().__init__()
        self.log_d = nn.Parameter(torch.tensor(math.log(2e-4), dtype=torch.float64))

    def forward(self, eps):
        d = torch.exp(self.log_d)
        return d ** 2 * eps ** 3 / (180 * (1 - eps) ** 2)


POROSITY = [0.1, 0.25, 0.4]
LOG_K = [-30.0, -27.5, -25.5]


def kc_fit(model, eps, log_k):
    return ((torch.log(model(eps)) - log_k) ** 2).sum()


def kc_fit_args():
    return {"model": KozenyCarman(), "eps": torch.tensor(POROSITY, dtype=torch.float64),
            "log_k": torch.tensor(LOG_K, dtype=torch.float64)}


def mean_resultant_length(kappa):
    """A_3(kappa) = -d/dkappa log C_3(kappa), by torch.func.grad of the stable log normaliser."""
    log_c = lambda k: torch.log(k) - math.log(2 * math.pi) - k - torch.log1p(-torch.exp(-2 * k))  # noqa: E731
    return -torch.func.grad(log_c)(kappa)


def kozeny_carman_capped(eps):
    """Kozeny-Carman with its pole at eps = 1 replaced by a cap through torch.nan_to_num."""
    k = GRAIN ** 2 * eps ** 3 / (180 * (1 - eps) ** 2)
    return torch.nan_to_num(k, posinf=1e10).sum()


def power_spherical_log_norm(kappa):
    """The power spherical distribution on S^2 (De Cao and Aziz): log C = -((a + b) log 2 + b log pi + lgamma(a)
    - lgamma(a + b)), a = 1 + kappa, b = 1."""
    a, b = 1 + kappa, 1.0
    return -((a + b) * math.log(2) + b * math.log(math.pi) + torch.lgamma(a) - torch.lgamma(a + b)).sum()


CL_PERVEANCE = 2.33e-6  # A / V^1.5 of a planar diode


def child_langmuir_sqrt(V):
    """Child-Langmuir current P V^(3/2), written V sqrt(V)."""
    return CL_PERVEANCE * V * torch.sqrt(V)


def overpressure_softplus(x):
    """A smooth positive part of the overpressure, sharp: F.softplus(x, beta=100) (threshold 20)."""
    return torch.nn.functional.softplus(x, beta=100).sum()
