"""A user's PyTorch code, fortieth round (b): colour science and gas dynamics. sRGB decoding by torch.where (its
knee, and an out-of-gamut negative value whose idle power branch is NaN), CIE L* as kornia writes f(t) (a cube root
at a black pixel, and its rounded knee constants), the same with the cube root's input clamped, CIE76 colour
differences by a norm and with an eps, chromaticity by F.normalize, an sRGB encoding autograd.Function (right, and
with its 1.055 forgotten in the backward), a colour-correction nn.Module read by its parameters' names, a highlight
clip done in place; isentropic pressure, the Prandtl-Meyer function near Mach 1, the stagnation-pressure loss of a
normal shock, the area-Mach relation, and the supersonic Mach number of a nozzle's area ratio by Newton's method in a
Python loop and as an autograd.Function whose backward is the implicit derivative (right, and with its division
forgotten)."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F


# ------------------------------------------------------------------------------------------- colour science
def srgb_to_linear(c):
    """Decode sRGB values (0..1) to linear light, summed over a pixel's channels (IEC 61966-2-1)."""
    return torch.where(c <= 0.04045, c / 12.92, ((c + 0.055) / 1.055) ** 2.4).sum()


def lab_lightness(y):
    """CIE L* of relative luminances Y (white = 1), f(t) as kornia writes it."""
    f = torch.where(y > 0.008856, torch.pow(y, 1 / 3), 7.787 * y + 4 / 29)
    return (116 * f - 16).sum()


def lab_lightness_clamped(y):
    """The same with the cube root's input clamped to the knee, so its idle branch stays finite at black."""
    f = torch.where(y > 0.008856, torch.pow(y.clamp(min=0.008856), 1 / 3), 7.787 * y + 4 / 29)
    return (116 * f - 16).sum()


def delta_e76(lab1, lab2):
    """The CIE76 colour difference: the Euclidean distance in L*a*b*."""
    return torch.linalg.vector_norm(lab1 - lab2)


def delta_e76_eps(lab1, lab2):
    """The same, with an eps under the root as training code adds."""
    return torch.sqrt(((lab1 - lab2) ** 2).sum() + 1e-12)


def redness(rgb):
    """The r chromaticity r / (r + g + b) of a linear pixel, by F.normalize with p = 1."""
    return F.normalize(rgb, p=1, dim=0)[0]


class SRGBEncode(torch.autograd.Function):
    """Linear light to sRGB, with its own backward."""

    @staticmethod
    def forward(ctx, lin):
        ctx.save_for_backward(lin)
        return torch.where(lin <= 0.0031308, 12.92 * lin, 1.055 * lin.clamp(min=0.0031308) ** (1 / 2.4) - 0.055)

    @staticmethod
    def backward(ctx, grad):
        (lin,) = ctx.saved_tensors
        slope = torch.where(lin <= 0.0031308, torch.full_like(lin, 12.92),
                            1.055 / 2.4 * lin.clamp(min=0.0031308) ** (1 / 2.4 - 1))
        return grad * slope


class SRGBEncodeSlip(SRGBEncode):
    """The same, its backward forgetting the 1.055 in front of the power."""

    @staticmethod
    def backward(ctx, grad):
        (lin,) = ctx.saved_tensors
        slope = torch.where(lin <= 0.0031308, torch.full_like(lin, 12.92),
                            lin.clamp(min=0.0031308) ** (1 / 2.4 - 1) / 2.4)
        return grad * slope


def srgb_encode(lin):
    return SRGBEncode.apply(lin).sum()


def srgb_encode_slip(lin):
    return SRGBEncodeSlip.apply(lin).sum()


CCM = [[1.6, -0.4, -0.1], [-0.3, 1.5, -0.2], [0.05, -0.5, 1.7]]
RAW = [[0.2, 0.3, 0.1], [0.5, 0.4, 0.3], [0.05, 0.1, 0.2]]
TARGET = [[0.45, 0.6, 0.35], [0.8, 0.65, 0.6], [0.2, 0.3, 0.5]]


class ColourCorrection(nn.Module):
    """A camera's 3x3 colour-correction matrix, then the sRGB encoding."""

    def __init__(self):
        super().__init__()
        self.ccm = nn.Linear(3, 3, bias=False, dtype=torch.float64)
        with torch.no_grad():
            self.ccm.weight.copy_(torch.tensor(CCM, dtype=torch.float64))

    def forward(self, raw):
        lin = self.ccm(raw)
        return torch.where(lin <= 0.0031308, 12.92 * lin, 1.055 * lin.clamp(min=0.0031308) ** (1 / 2.4) - 0.055)


def ccm_loss(model, raw, target):
    return F.mse_loss(model(raw), target)


def ccm_brightest(model, raw, target):
    """The brightest corrected channel value."""
    return model(raw).max()


def ccm_args():
    return {"model": ColourCorrection(), "raw": torch.tensor(RAW, dtype=torch.float64),
            "target": torch.tensor(TARGET, dtype=torch.float64)}


EXPOSURE = 2.0


def highlight_energy(c):
    """A pixel pushed two stops and its highlights clipped in place, then squared."""
    y = c * EXPOSURE
    y.clamp_(max=1.0)
    return (y ** 2).sum()


# ------------------------------------------------------------------------------------------- gas dynamics
GAMMA = 1.4


def isentropic_pressure(mach):
    """Static over stagnation pressure, p / p0 = (1 + (g - 1)/2 M^2)^(-g / (g - 1))."""
    return (1 + (GAMMA - 1) / 2 * mach ** 2) ** (-GAMMA / (GAMMA - 1))


def prandtl_meyer(mach):
    """The Prandtl-Meyer angle nu(M), in radians."""
    k = (GAMMA + 1) / (GAMMA - 1)
    m2 = mach ** 2 - 1
    return math.sqrt(k) * torch.atan(torch.sqrt(m2 / k)) - torch.atan(torch.sqrt(m2))


def shock_total_pressure(mach):
    """The stagnation-pressure ratio p02 / p01 across a normal shock at upstream Mach M."""
    m2 = mach ** 2
    a = ((GAMMA + 1) * m2 / ((GAMMA - 1) * m2 + 2)) ** (GAMMA / (GAMMA - 1))
    b = ((GAMMA + 1) / (2 * GAMMA * m2 - (GAMMA - 1))) ** (1 / (GAMMA - 1))
    return a * b


def area_ratio(mach):
    """A / A* of an isentropic nozzle at Mach M."""
    return (1 / mach) * (2 / (GAMMA + 1) * (1 + (GAMMA - 1) / 2 * mach ** 2)) ** ((GAMMA + 1) / (2 * (GAMMA - 1)))


def _area_slope(m):
    """d(A/A*)/dM."""
    e = (GAMMA + 1) / (2 * (GAMMA - 1))
    base = 2 / (GAMMA + 1) * (1 + (GAMMA - 1) / 2 * m ** 2)
    return -base ** e / m ** 2 + e * base ** (e - 1) * 2 / (GAMMA + 1) * (GAMMA - 1) * m / m


def supersonic_mach(area):
    """The supersonic Mach number where A / A* = area, by 40 Newton steps from M = 2."""
    m = torch.full_like(area, 2.0)
    for _ in range(40):
        m = m - (area_ratio(m) - area) / _area_slope(m)
    return m


class SupersonicMach(torch.autograd.Function):
    """The same root found without a graph, its backward the implicit derivative 1 / (dA/dM)."""

    @staticmethod
    def forward(ctx, area):
        m = torch.full_like(area, 2.0)
        for _ in range(40):
            m = m - (area_ratio(m) - area) / _area_slope(m)
        ctx.save_for_backward(m)
        return m

    @staticmethod
    def backward(ctx, grad):
        (m,) = ctx.saved_tensors
        return grad / _area_slope(m)


class SupersonicMachSlip(SupersonicMach):
    """The same, its backward multiplying by dA/dM where it should divide."""

    @staticmethod
    def backward(ctx, grad):
        (m,) = ctx.saved_tensors
        return grad * _area_slope(m)


def supersonic_mach_custom(area):
    return SupersonicMach.apply(area)


def supersonic_mach_slip(area):
    return SupersonicMachSlip.apply(area)
