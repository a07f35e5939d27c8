"""A user's PyTorch code, forty-third round (b): semiconductor device modelling and neural volume rendering. A Shockley
diode's log-current by the log of Is (e^(V / n Vt) - 1) and in log space by u + log(-expm1(-u)), the same as an
autograd.Function (right; its slope written 1 / expm1(u), the e^u forgotten; and as e^u / expm1(u), which is inf / inf
once e^u overflows), an EKV MOSFET's log drain current by log(1 + e^x)^2 and by F.softplus, an EKV nn.Module whose
threshold voltage and slope factor are fitted by a squared error on log currents, an electrode's overpotential by the
inverse of symmetric Butler-Volmer kinetics (asinh, by hand and by torch.asinh); a NeRF ray's expected depth by the
NeRF code's exclusive cumprod of 1 - alpha + 1e-10 and by expm1 and an exclusive cumsum of optical depths, the
ray's composited colour (with the 1e-10 and without it, an opaque sample's 1 - alpha rounding to 0), and an
occupancy entropy regulariser by xlogy and xlog1py and in log space."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F

# ------------------------------------------------------------------------------------------- diodes
IS = 1e-12  # saturation current, A
N_IDEAL = 1.0  # ideality factor
VT = 0.025852  # thermal voltage kT/q at 300 K, V


def log_diode_current(v):
    """log of the Shockley diode's current at forward bias v."""
    return torch.log(IS * (torch.exp(v / (N_IDEAL * VT)) - 1))


def log_diode_current_stable(v):
    """The same in log space: log(e^u - 1) = u + log(1 - e^-u)."""
    u = v / (N_IDEAL * VT)
    return math.log(IS) + u + torch.log(-torch.expm1(-u))


class DiodeLogCurrent(torch.autograd.Function):
    """log(Is (e^u - 1)), u = v / (n Vt), with its slope (1 / n Vt) / (1 - e^-u)."""

    @staticmethod
    def forward(ctx, v):
        u = v / (N_IDEAL * VT)
        ctx.save_for_backward(u)
        return math.log(IS) + u + torch.log(-torch.expm1(-u))

    @staticmethod
    def backward(ctx, grad):
        (u,) = ctx.saved_tensors
        return grad / (N_IDEAL * VT) / -torch.expm1(-u)


class DiodeLogCurrentSlip(DiodeLogCurrent):
    """The same, its slope written 1 / expm1(u): the e^u of d/du log(e^u - 1) forgotten."""

    @staticmethod
    def backward(ctx, grad):
        (u,) = ctx.saved_tensors
        return grad / (N_IDEAL * VT) / torch.expm1(u)


class DiodeLogCurrentTextbook(DiodeLogCurrent):
    """The same, its slope written as the textbook's e^u / (e^u - 1)."""

    @staticmethod
    def backward(ctx, grad):
        (u,) = ctx.saved_tensors
        return grad / (N_IDEAL * VT) * torch.exp(u) / torch.expm1(u)


def diode_fn(v):
    return DiodeLogCurrent.apply(v)


def diode_fn_slip(v):
    return DiodeLogCurrentSlip.apply(v)


def diode_fn_textbook(v):
    return DiodeLogCurrentTextbook.apply(v)


# ------------------------------------------------------------------------------------------- EKV MOSFET
VTH = 0.4  # threshold voltage, V
SLOPE = 1.3  # subthreshold slope factor
I_SPEC = 1e-6  # specific current, A


def ekv_log_current_naive(vg, vd):
    """log drain current of the EKV model, its interpolation log(1 + e^x)^2 written out (source grounded)."""
    vp = (vg - VTH) / SLOPE
    forward = torch.log(1 + torch.exp(vp / (2 * VT))) ** 2
    reverse = torch.log(1 + torch.exp((vp - vd) / (2 * VT))) ** 2
    return torch.log(I_SPEC * (forward - reverse))


def ekv_log_current(vg, vd):
    vp = (vg - VTH) / SLOPE
    forward = F.softplus(vp / (2 * VT)) ** 2
    reverse = F.softplus((vp - vd) / (2 * VT)) ** 2
    return torch.log(I_SPEC * (forward - reverse))


class EKVTransistor(nn.Module):
    """An EKV transistor whose threshold voltage and slope factor are fitted to measured currents."""

    def __init__(self):
        super().__init__()
        self.vth = nn.Parameter(torch.tensor(0.45, dtype=torch.float64))
        self.slope = nn.Parameter(torch.tensor(1.25, dtype=torch.float64))

    def forward(self, vg, vd):
        vp = (vg - self.vth) / self.slope
        return I_SPEC * (F.softplus(vp / (2 * VT)) ** 2 - F.softplus((vp - vd) / (2 * VT)) ** 2)


GATE = [0.2, 0.4, 0.6, 0.8]
DRAIN = 0.5
MEASURED = [2.0e-9, 1.5e-7, 2.5e-6, 9.0e-6]


def ekv_fit_loss(model, vg, vd, measured):
    return F.mse_loss(torch.log(model(vg, vd)), torch.log(measured))


def ekv_fit_args():
    return {"model": EKVTransistor(), "vg": torch.tensor(GATE, dtype=torch.float64),
            "vd": torch.tensor(DRAIN, dtype=torch.float64), "measured": torch.tensor(MEASURED, dtype=torch.float64)}


def ekv_fit_both():
    """The same device and readings, for a fit of both parameters."""
    return ekv_fit_args()


def ekv_fit_batch():
    """The same device and readings, for a second look."""
    return ekv_fit_args()


# ------------------------------------------------------------------------------------------- electrodes
I0 = 1e-3  # exchange current density, A/cm^2


def overpotential_naive(i):
    """The overpotential that drives current density i by symmetric Butler-Volmer kinetics: 2 Vt asinh(i / 2 i0)."""
    x = i / (2 * I0)
    return 2 * VT * torch.log(x + torch.sqrt(x ** 2 + 1))


def overpotential(i):
    return 2 * VT * torch.asinh(i / (2 * I0))


# ------------------------------------------------------------------------------------------- volume rendering
T_MID = [1.0, 2.0, 3.0, 4.0]  # sample depths along the ray
DELTA = 1.0  # spacing between samples
RGB = [0.9, 0.1, 0.4, 0.7]  # one colour channel of each sample


def expected_depth_nerf(sigma):
    """A ray's expected depth, compositing as the NeRF code does (exclusive cumprod of 1 - alpha + 1e-10)."""
    alpha = 1 - torch.exp(-sigma * DELTA)
    ones = torch.ones(1, dtype=sigma.dtype)
    trans = torch.cumprod(torch.cat([ones, 1 - alpha + 1e-10]), 0)[:-1]
    weights = alpha * trans
    t = torch.tensor(T_MID, dtype=sigma.dtype)
    return (weights * t).sum() / weights.sum()


def expected_depth(sigma):
    """The same by expm1 and an exclusive cumulative sum of optical depths."""
    tau = sigma * DELTA
    alpha = -torch.expm1(-tau)
    trans = torch.exp(-torch.cat([torch.zeros(1, dtype=sigma.dtype), torch.cumsum(tau, 0)[:-1]]))
    weights = alpha * trans
    t = torch.tensor(T_MID, dtype=sigma.dtype)
    return (weights * t).sum() / weights.sum()


def composite_nerf(sigma):
    """One colour channel of the ray, composited as the NeRF code does."""
    alpha = 1 - torch.exp(-sigma * DELTA)
    ones = torch.ones(1, dtype=sigma.dtype)
    trans = torch.cumprod(torch.cat([ones, 1 - alpha + 1e-10]), 0)[:-1]
    return (alpha * trans * torch.tensor(RGB, dtype=sigma.dtype)).sum()


def composite_exact(sigma):
    """The same without the 1e-10: an opaque sample's 1 - alpha is 0 inside the cumprod."""
    alpha = 1 - torch.exp(-sigma * DELTA)
    ones = torch.ones(1, dtype=sigma.dtype)
    trans = torch.cumprod(torch.cat([ones, 1 - alpha]), 0)[:-1]
    return (alpha * trans * torch.tensor(RGB, dtype=sigma.dtype)).sum()


def occupancy_entropy(sigma):
    """The binary entropy of a sample's occupancy o = 1 - e^-sigma, a regulariser pushing samples to 0 or 1."""
    o = 1 - torch.exp(-sigma)
    return -(torch.special.xlogy(o, o) + torch.special.xlog1py(1 - o, -o))


def occupancy_entropy_stable(sigma):
    """The same in log space: log o = log(-expm1(-sigma)), log(1 - o) = -sigma."""
    o = -torch.expm1(-sigma)
    return -(o * torch.log(o) - torch.exp(-sigma) * sigma)


def occupancy_entropy_log1p(sigma):
    """The same, log o by log1p(-e^-sigma) and o by 1 - e^-sigma, whose slopes are e^-sigma to the last digit."""
    e = torch.exp(-sigma)
    o = 1 - e
    return -(o * torch.log1p(-e) - e * sigma)
