"""A user's PyTorch code, forty-seventh round (b): heat transfer, electrolyte chemistry and boundary-layer meteorology.
A straight fin's efficiency tanh(mL) / mL as printed, through one torch.where below a switch, through a double where,
and as an autograd.Function whose backward is right and has its series slope halved; a counterflow heat exchanger's
effectiveness by the epsilon-NTU formula, as printed, with torch.expm1, and with its Cr = 1 limit put in by a double
where; the Davies activity coefficient of a 1:1 salt from its ionic strength 0.5 sum c z^2 (sqrt at I = 0 and at a
subnormal I that rounds to 0); Paulson's Monin-Obukhov stability function psi_m by one torch.where (its idle quarter
power of a negative number) and by a double where, and an nn.Module log-wind profile fitted in its roughness length
and inverse Obukhov length (read by --wrt model.log_z0 and model.inv_L)."""

import math

import torch
import torch.nn as nn
from torch.autograd.function import once_differentiable

# ------------------------------------------------------------------------------------------- heat transfer: fins
FIN_LENGTH = 0.02  # m


def fin_efficiency(m):
    """eta = tanh(mL) / mL, m = sqrt(h P / k A)."""
    x = m * FIN_LENGTH
    return torch.tanh(x) / x


def fin_efficiency_where(m):
    """Below mL = 1e-4 the series 1 - (mL)^2 / 3 (one where: the quotient is still made at 0)."""
    x = m * FIN_LENGTH
    return torch.where(x < 1e-4, 1 - x * x / 3, torch.tanh(x) / x)


def fin_efficiency_safe(m):
    """The same with the quotient's argument kept off 0 (the double where)."""
    x = m * FIN_LENGTH
    small = x < 1e-4
    xs = torch.where(small, torch.ones_like(x), x)
    return torch.where(small, 1 - x * x / 3, torch.tanh(xs) / xs)


def fin_efficiency_nan_to_num(m):
    """The 0/0 at m = 0 patched in the value by torch.nan_to_num."""
    x = m * FIN_LENGTH
    return torch.nan_to_num(torch.tanh(x) / x, nan=1.0)


class FinEfficiency(torch.autograd.Function):
    """tanh(x) / x with its slope by hand: (x sech^2 x - tanh x) / x^2, and -2x/3 below the switch."""

    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        small = x < 1e-4
        xs = torch.where(small, torch.ones_like(x), x)
        return torch.where(small, 1 - x * x / 3, torch.tanh(xs) / xs)

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        small = x < 1e-4
        xs = torch.where(small, torch.ones_like(x), x)
        t = torch.tanh(xs)
        slope = torch.where(small, -2 * x / 3, (xs * (1 - t * t) - t) / (xs * xs))
        return grad * slope


class FinEfficiencySlip(torch.autograd.Function):
    """The same, the series' slope written -x/3 (the 2 of d/dx x^2 forgotten)."""

    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        small = x < 1e-4
        xs = torch.where(small, torch.ones_like(x), x)
        return torch.where(small, 1 - x * x / 3, torch.tanh(xs) / xs)

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        small = x < 1e-4
        xs = torch.where(small, torch.ones_like(x), x)
        t = torch.tanh(xs)
        slope = torch.where(small, -x / 3, (xs * (1 - t * t) - t) / (xs * xs))
        return grad * slope


def fin_rule(x):
    return FinEfficiency.apply(x).sum()


def fin_rule_slip(x):
    return FinEfficiencySlip.apply(x).sum()


def disc_fin(x):
    """A thin circular disc heated at its rim, x = m R: eta = 2 I1(x) / (x I0(x))."""
    return 2 * torch.special.i1(x) / (x * torch.special.i0(x))


def disc_fin_scaled(x):
    """The same by the exponentially scaled Bessel functions (e^-x cancels in the ratio)."""
    return 2 * torch.special.i1e(x) / (x * torch.special.i0e(x))


# ------------------------------------------------------------------------------------------- heat exchangers
def effectiveness(ntu, cr):
    """Counterflow: (1 - e^(-NTU (1 - Cr))) / (1 - Cr e^(-NTU (1 - Cr)))."""
    e = torch.exp(-ntu * (1 - cr))
    return (1 - e) / (1 - cr * e)


def effectiveness_expm1(ntu, cr):
    """The same by expm1: the numerator -expm1(-a), the denominator -expm1(-a) + (1 - Cr) e^-a."""
    a = ntu * (1 - cr)
    num = -torch.expm1(-a)
    return num / (num + (1 - cr) * torch.exp(-a))


def effectiveness_limit(ntu, cr):
    """With the balanced exchanger's NTU / (1 + NTU) at Cr = 1, the formula kept off 1 by a double where."""
    balanced = cr == 1
    cs = torch.where(balanced, torch.zeros_like(cr), cr)
    a = ntu * (1 - cs)
    num = -torch.expm1(-a)
    general = num / (num + (1 - cs) * torch.exp(-a))
    return torch.where(balanced, ntu / (1 + ntu), general)


# ------------------------------------------------------------------------------------------- electrolyte chemistry
CHARGES = [1.0, -1.0]  # Na+, Cl-
DAVIES_A = 0.509  # at 25 C, (mol/kg)^-1/2


def davies_log_gamma(c):
    """log10 of the mean activity coefficient of a 1:1 salt by the Davies equation."""
    z = torch.tensor(CHARGES, dtype=c.dtype)
    ionic = 0.5 * torch.sum(c * z ** 2)
    s = torch.sqrt(ionic)
    return -DAVIES_A * abs(CHARGES[0] * CHARGES[1]) * (s / (1 + s) - 0.3 * ionic)


class DaviesFn(torch.autograd.Function):
    """The Davies log10 gamma and the ionic strength (returned, not differentiable), the slope in c by hand."""

    @staticmethod
    def forward(ctx, c):
        z = torch.tensor(CHARGES, dtype=c.dtype)
        ionic = 0.5 * torch.sum(c * z ** 2)
        s = torch.sqrt(ionic)
        ctx.save_for_backward(ionic, z)
        ctx.mark_non_differentiable(ionic)
        return -DAVIES_A * (s / (1 + s) - 0.3 * ionic), ionic

    @staticmethod
    @once_differentiable
    def backward(ctx, grad, grad_ionic):
        ionic, z = ctx.saved_tensors
        s = torch.sqrt(ionic)
        d_ionic = -DAVIES_A * (1 / (2 * s * (1 + s) ** 2) - 0.3)
        return grad * d_ionic * 0.5 * z ** 2


class DaviesFnSlip(torch.autograd.Function):
    """The same, d/ds s / (1 + s) written 1 / (1 + s) (the square forgotten)."""

    @staticmethod
    def forward(ctx, c):
        z = torch.tensor(CHARGES, dtype=c.dtype)
        ionic = 0.5 * torch.sum(c * z ** 2)
        s = torch.sqrt(ionic)
        ctx.save_for_backward(ionic, z)
        ctx.mark_non_differentiable(ionic)
        return -DAVIES_A * (s / (1 + s) - 0.3 * ionic), ionic

    @staticmethod
    @once_differentiable
    def backward(ctx, grad, grad_ionic):
        ionic, z = ctx.saved_tensors
        s = torch.sqrt(ionic)
        d_ionic = -DAVIES_A * (1 / (2 * s * (1 + s)) - 0.3)
        return grad * d_ionic * 0.5 * z ** 2


def davies_rule(c):
    log_gamma, _ = DaviesFn.apply(c)
    return log_gamma


def davies_rule_slip(c):
    log_gamma, _ = DaviesFnSlip.apply(c)
    return log_gamma


# ------------------------------------------------------------------------------------------- soil water retention
VG_ALPHA, VG_N = 0.02, 1.5  # 1/cm, van Genuchten's n (m = 1 - 1/n)


def van_genuchten(h):
    """Effective saturation (1 + (alpha h)^n)^-m at suction head h >= 0."""
    m = 1 - 1 / VG_N
    return torch.sum((1 + torch.pow(VG_ALPHA * h, VG_N)) ** -m)


# ------------------------------------------------------------------------------------------- boundary-layer meteorology
def psi_m(zeta):
    """Paulson's (1970) integrated stability function for momentum: Businger-Dyer above the unstable side, -5 zeta
    on the stable side."""
    x = (1 - 16 * zeta) ** 0.25
    unstable = 2 * torch.log((1 + x) / 2) + torch.log((1 + x * x) / 2) - 2 * torch.atan(x) + math.pi / 2
    return torch.where(zeta < 0, unstable, -5 * zeta)


def psi_m_sum(zeta):
    return psi_m(zeta).sum()


def psi_m_safe(zeta):
    """The same with the quarter power kept on the unstable side (the double where)."""
    zu = torch.where(zeta < 0, zeta, torch.zeros_like(zeta))
    x = (1 - 16 * zu) ** 0.25
    unstable = 2 * torch.log((1 + x) / 2) + torch.log((1 + x * x) / 2) - 2 * torch.atan(x) + math.pi / 2
    return torch.where(zeta < 0, unstable, -5 * zeta).sum()


def phi_m(zeta):
    """The dimensionless wind shear 1 - zeta psi_m'(zeta), psi_m' by torch.func.grad."""
    slope = torch.func.grad(lambda z: psi_m(z).sum())(zeta)
    return (1 - zeta * slope).sum()


def phi_m_safe(zeta):
    """The same through the double-where psi_m."""
    slope = torch.func.grad(psi_m_safe)(zeta)
    return (1 - zeta * slope).sum()


KARMAN, U_STAR = 0.4, 0.3
HEIGHTS = [2.0, 10.0, 40.0]
U_OBS = [3.0, 4.2, 5.0]


class WindProfile(nn.Module):
    """u(z) = u* / kappa (log z - log z0 - psi_m(z / L)), fitted in log z0 and 1 / L."""

    def __init__(self, log_z0, inv_L):
        super().__init__()
        self.log_z0 = nn.Parameter(torch.tensor(log_z0, dtype=torch.float64))
        self.inv_L = nn.Parameter(torch.tensor(inv_L, dtype=torch.float64))

    def forward(self, z):
        return U_STAR / KARMAN * (torch.log(z) - self.log_z0 - psi_m(z * self.inv_L))


def wind_loss(model, z, u_obs):
    return torch.sum((model(z) - u_obs) ** 2)


def _wind_args(inv_L):
    return {"model": WindProfile(-3.0, inv_L), "z": torch.tensor(HEIGHTS, dtype=torch.float64),
            "u_obs": torch.tensor(U_OBS, dtype=torch.float64)}


def wind_stable_args():
    """A stable night: L = 20 m."""
    return _wind_args(0.05)


def wind_unstable_args():
    """A convective afternoon: L = -20 m."""
    return _wind_args(-0.05)


def wind_night_args():
    """The stable night again, for a look at the roughness length alone."""
    return _wind_args(0.05)


def wind_night_data():
    return _wind_args(0.05)
