"""A user's PyTorch code, forty-second round (b): photonics and fisheries science. A Fabry-Perot etalon's transmission in
decibels (by the log of 1/(1 + F sin^2) and by the log of 1 + F sin^2), a threshold photon detector's click
log-likelihood (by 1 - exp and by expm1), a Gaussian beam's radius, fused silica's Sellmeier index as an
autograd.Function answering what ctx.needs_input_grad asks (right, and with the square root's 1/2 forgotten), a fibre
link's received power in dBm through 10 ** (-loss / 10), a pulse-shaping Conv1d read by its parameters' names, the
degree of polarisation of a Stokes vector by torch.linalg.vector_norm; Baranov's catch equation (naive, and with its
F + M -> 0 limit put in by one torch.where and by the double where), a cohort's log survival by torch.cumprod, and
log-scale cumulative landings by the log of a cumsum of exp and by torch.logcumsumexp."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F

# ------------------------------------------------------------------------------------------- photonics
def transmission_db(phase, coeff):
    """A Fabry-Perot etalon's transmission in dB: T = 1 / (1 + F sin^2(phase / 2)), F its coefficient of finesse."""
    transmission = 1 / (1 + coeff * torch.sin(phase / 2) ** 2)
    return 10 * torch.log10(transmission)


def transmission_db_log(phase, coeff):
    """The same, the reciprocal taken out of the log."""
    return -10 * torch.log10(1 + coeff * torch.sin(phase / 2) ** 2)


TRIALS, CLICKS = 1000.0, 3.0


def click_loglik(mu):
    """Log-likelihood of CLICKS clicks in TRIALS pulses of a threshold detector, mu the mean detected photon number."""
    p_click = 1 - torch.exp(-mu)
    return CLICKS * torch.log(p_click) - (TRIALS - CLICKS) * mu


def click_loglik_expm1(mu):
    p_click = -torch.expm1(-mu)
    return CLICKS * torch.log(p_click) - (TRIALS - CLICKS) * mu


WAVELENGTH = 1.064e-6  # Nd:YAG, metres


def beam_radius(z, w0):
    """A Gaussian beam's radius at z from its waist w0."""
    zr = math.pi * w0 ** 2 / WAVELENGTH
    ratio = z / zr
    return w0 * torch.sqrt(1 + ratio ** 2)


B = (0.6961663, 0.4079426, 0.8974794)  # fused silica (Malitson), wavelengths in micrometres
C = (0.0684043 ** 2, 0.1162414 ** 2, 9.896161 ** 2)


class SellmeierIndex(torch.autograd.Function):
    """n(lam) = sqrt(1 + sum B_i lam^2 / (lam^2 - C_i)), the first oscillator's strength b1 fitted."""

    @staticmethod
    def forward(ctx, lam, b1):
        lam2 = lam ** 2
        n2 = 1 + b1 * lam2 / (lam2 - C[0]) + B[1] * lam2 / (lam2 - C[1]) + B[2] * lam2 / (lam2 - C[2])
        n = torch.sqrt(n2)
        ctx.save_for_backward(lam, b1, n)
        return n

    @staticmethod
    def backward(ctx, grad):
        lam, b1, n = ctx.saved_tensors
        lam2 = lam ** 2
        d_lam = d_b1 = None
        if ctx.needs_input_grad[0]:
            dn2 = -2 * lam * (b1 * C[0] / (lam2 - C[0]) ** 2 + B[1] * C[1] / (lam2 - C[1]) ** 2
                              + B[2] * C[2] / (lam2 - C[2]) ** 2)
            d_lam = grad * dn2 / (2 * n)
        if ctx.needs_input_grad[1]:
            d_b1 = grad * lam2 / (lam2 - C[0]) / (2 * n)
        return d_lam, d_b1


class SellmeierIndexSlip(SellmeierIndex):
    """The same, the wavelength's gradient forgetting the square root's 1/2."""

    @staticmethod
    def backward(ctx, grad):
        lam, b1, n = ctx.saved_tensors
        lam2 = lam ** 2
        d_lam = d_b1 = None
        if ctx.needs_input_grad[0]:
            dn2 = -2 * lam * (b1 * C[0] / (lam2 - C[0]) ** 2 + B[1] * C[1] / (lam2 - C[1]) ** 2
                              + B[2] * C[2] / (lam2 - C[2]) ** 2)
            d_lam = grad * dn2 / n
        if ctx.needs_input_grad[1]:
            d_b1 = grad * lam2 / (lam2 - C[0]) / (2 * n)
        return d_lam, d_b1


def silica_index(lam, b1):
    return SellmeierIndex.apply(lam, b1)


def silica_index_slip(lam, b1):
    return SellmeierIndexSlip.apply(lam, b1)


LAUNCH_MW = 1.0


def received_dbm(length, alpha_db):
    """Received power (dBm) after length km of fibre losing alpha_db dB per km."""
    power_mw = LAUNCH_MW * 10 ** (-alpha_db * length / 10)
    return 10 * torch.log10(power_mw)


def received_dbm_direct(length, alpha_db):
    return 10 * math.log10(LAUNCH_MW) - alpha_db * length


TRACE = [0.0, 1.0, 3.0, 0.5, 0.0]
WANTED = [0.2, 1.0, 2.0, 1.0, 0.2]


class PulseShaper(nn.Module):
    """A three-tap FIR filter on a photodiode trace, then a softplus for a positive intensity."""

    def __init__(self):
        super().__init__()
        self.conv = nn.Conv1d(1, 1, 3, padding=1, dtype=torch.float64)
        with torch.no_grad():
            self.conv.weight.copy_(torch.tensor([[[0.25, 0.5, 0.25]]], dtype=torch.float64))
            self.conv.bias.fill_(-0.1)

    def forward(self, x):
        return F.softplus(self.conv(x))


def shaper_loss(model, trace, wanted):
    return F.mse_loss(model(trace), wanted)


def shaper_args():
    return {"model": PulseShaper(), "trace": torch.tensor([[TRACE]], dtype=torch.float64),
            "wanted": torch.tensor([[WANTED]], dtype=torch.float64)}


def shaper_batch():
    """The same trace, for a second look at the filter."""
    return shaper_args()


def degree_of_polarisation(stokes):
    """|(S1, S2, S3)| / S0."""
    return torch.linalg.vector_norm(stokes[1:]) / stokes[0]


# ------------------------------------------------------------------------------------------- fisheries
RECRUITS = 1000.0


def baranov_catch(f, m):
    """Baranov's catch equation: the catch from a cohort under fishing mortality f and natural mortality m."""
    z = f + m
    return RECRUITS * f / z * (1 - torch.exp(-z))


def baranov_catch_where(f, m):
    """The same by expm1, its z -> 0 limit put in by torch.where."""
    z = f + m
    return RECRUITS * f * torch.where(z < 1e-6, 1 - z / 2, -torch.expm1(-z) / z)


def baranov_catch_safe(f, m):
    """The same with the double where: the idle quotient never sees z = 0."""
    z = f + m
    small = z < 1e-6
    z_safe = torch.where(small, torch.ones_like(z), z)
    return RECRUITS * f * torch.where(small, 1 - z / 2, -torch.expm1(-z_safe) / z_safe)


def log_cohort_survival(mortality):
    """Log of the survivors of a cohort after each year's instantaneous mortality."""
    survivors = RECRUITS * torch.cumprod(torch.exp(-mortality), 0)
    return torch.log(survivors[-1] / RECRUITS)


def log_total_landings(log_catch):
    """Log of the cumulative landings at the season's end, from log-scale catch indices."""
    return torch.log(torch.cumsum(torch.exp(log_catch), 0))[-1]


def log_total_landings_stable(log_catch):
    return torch.logcumsumexp(log_catch, 0)[-1]
