"""A user's PyTorch code, thirty-ninth round (b): electrochemistry and glaciology. The Nernst potential, the
Butler-Volmer current and its log by log(exp - exp) and by logaddexp-style Tafel branches, a Butler-Volmer
autograd.Function (right, and with the cathodic term's sign slipped in its backward), the Goldman-Hodgkin-Katz
flux whose u / (1 - e^-u) is 0/0 at 0 V; Glen's flow law's strain rate, the shallow-ice surface velocity, an ice
viscosity regularised by a small strain floor, and a basal-sliding nn.Module read by its parameters' names."""

import math

import torch
import torch.nn.functional as F

FARADAY_RT = 38.92  # F / (R T) at 298 K, per volt
ALPHA = 0.5
EXCHANGE = 1.0e-3


# ------------------------------------------------------------------------------------------- electrochemistry
def nernst(c_out, c_in):
    """The equilibrium potential of a monovalent ion, in volts."""
    return torch.log(c_out / c_in) / FARADAY_RT


def butler_volmer(eta):
    """The electrode current density at an overpotential eta."""
    return EXCHANGE * (torch.exp(ALPHA * FARADAY_RT * eta) - torch.exp(-(1 - ALPHA) * FARADAY_RT * eta))


def log_bv_current(eta):
    """The log of the anodic current, as a user writes it."""
    return torch.log(EXCHANGE * (torch.exp(ALPHA * FARADAY_RT * eta) - torch.exp(-(1 - ALPHA) * FARADAY_RT * eta)))


def log_bv_current_stable(eta):
    """log(i0 (e^a - e^-b)) = log i0 + a + log(1 - e^-(a + b)), by log1p(-exp)."""
    a = ALPHA * FARADAY_RT * eta
    b = (1 - ALPHA) * FARADAY_RT * eta
    return math.log(EXCHANGE) + a + torch.log1p(-torch.exp(-(a + b)))


class ButlerVolmer(torch.autograd.Function):
    """The Butler-Volmer current with its own backward."""

    @staticmethod
    def forward(ctx, eta):
        ctx.save_for_backward(eta)
        return EXCHANGE * (torch.exp(ALPHA * FARADAY_RT * eta) - torch.exp(-(1 - ALPHA) * FARADAY_RT * eta))

    @staticmethod
    def backward(ctx, grad):
        (eta,) = ctx.saved_tensors
        return grad * EXCHANGE * FARADAY_RT * (ALPHA * torch.exp(ALPHA * FARADAY_RT * eta)
                                               + (1 - ALPHA) * torch.exp(-(1 - ALPHA) * FARADAY_RT * eta))


class ButlerVolmerSlip(ButlerVolmer):
    """The same, the cathodic term's sign slipped in the backward."""

    @staticmethod
    def backward(ctx, grad):
        (eta,) = ctx.saved_tensors
        return grad * EXCHANGE * FARADAY_RT * (ALPHA * torch.exp(ALPHA * FARADAY_RT * eta)
                                               - (1 - ALPHA) * torch.exp(-(1 - ALPHA) * FARADAY_RT * eta))


def bv_custom(eta):
    return ButlerVolmer.apply(eta).sum()


def bv_custom_slip(eta):
    return ButlerVolmerSlip.apply(eta).sum()


def ghk_flux(v):
    """The Goldman-Hodgkin-Katz flux of a monovalent ion, c_in = 0.15 and c_out = 0.005, at a membrane voltage v."""
    u = FARADAY_RT * v
    return u * (0.15 - 0.005 * torch.exp(-u)) / (1 - torch.exp(-u))


# ------------------------------------------------------------------------------------------- glaciology
GLEN_A = 2.4e-24  # Pa^-3 s^-1
RHO_G = 917.0 * 9.81


def glen_strain_rate(stress):
    """Glen's flow law, n = 3, summed over a profile of stresses."""
    return (GLEN_A * stress ** 3).sum()


def sia_velocity(thickness, slope):
    """The shallow-ice surface velocity 2 A / (n + 1) (rho g sin slope)^n H^(n + 1), n = 3."""
    return 2 * GLEN_A / 4 * (RHO_G * torch.sin(slope)) ** 3 * thickness ** 4


def ice_viscosity(exx, exy):
    """Glen's effective viscosity, its strain rate floored as models do: 1 / (2 A^(1/3) (eps^2 + 1e-20)^(1/3))."""
    eps2 = exx ** 2 + exy ** 2 + 1.0e-20
    return 0.5 * GLEN_A ** (-1 / 3) * eps2 ** (-1 / 3)


def ice_viscosity_sqrt(exx, exy):
    """The same written with the norm first: sqrt(exx^2 + exy^2) has no slope at rest."""
    eps = torch.sqrt(exx ** 2 + exy ** 2)
    return 0.5 * GLEN_A ** (-1 / 3) * eps ** (-2 / 3)


class Sliding(torch.nn.Module):
    """Basal speed as softplus of a linear map of (effective pressure, water depth)."""

    def __init__(self):
        super().__init__()
        self.fc1 = torch.nn.Linear(2, 1, dtype=torch.float64)
        with torch.no_grad():
            self.fc1.weight.copy_(torch.tensor([[-0.8, 1.5]], dtype=torch.float64))
            self.fc1.bias.copy_(torch.tensor([0.25], dtype=torch.float64))

    def forward(self, x):
        return F.softplus(self.fc1(x))


FORCING = [[1.0, 0.5], [0.2, -1.0], [2.0, 0.1]]
OBSERVED = [0.7, 0.1, 0.4]


def sliding_loss(model, forcing, observed):
    return F.mse_loss(model(forcing).squeeze(-1), observed)


def sliding_args():
    return {"model": Sliding(), "forcing": torch.tensor(FORCING, dtype=torch.float64),
            "observed": torch.tensor(OBSERVED, dtype=torch.float64)}


# ------------------------------------------------------------------------------------------- semiconductor diodes
SAT_CURRENT = 1.0e-12  # amperes
THERMAL_V = 0.025852  # volts at 300 K
SERIES_R = 2.0  # ohms


def diode_current(v):
    """Shockley's diode equation."""
    return SAT_CURRENT * (torch.exp(v / THERMAL_V) - 1)


def diode_current_expm1(v):
    return SAT_CURRENT * torch.expm1(v / THERMAL_V)


def diode_series_current(v):
    """The current through a diode behind a series resistance, by 40 Newton steps on I = Is (e^((v - I R)/Vt) - 1)."""
    i = torch.zeros_like(v)
    for _ in range(40):
        e = torch.exp((v - i * SERIES_R) / THERMAL_V)
        residual = SAT_CURRENT * (e - 1) - i
        slope = -SAT_CURRENT * e * SERIES_R / THERMAL_V - 1
        i = i - residual / slope
    return i


def sliding_peak(model, forcing, observed):
    """The fastest predicted basal speed."""
    return model(forcing).max()
