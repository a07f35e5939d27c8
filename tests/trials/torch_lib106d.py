"""A user's PyTorch code, hundred-and-sixth round (d): colour conversions and image losses as a learned ISP writes
them in PyTorch: sRGB encode by torch.where and its clipped form (torch.clamp), CIELAB lightness with torch.pow(t,
1/3), HSV hue with torch.amax / torch.amin, hue by torch.atan2 mod 360, Reinhard and ACES tone mapping, PSNR and SSIM,
and torch.autograd.Function rules for a clipped sRGB encode (right and slipped) and a straight-through quantiser."""

import math

import torch

T_ENC = 0.0031308
A, B, S = 1.055, 0.055, 12.92
INV_G = 1 / 2.4
WY = [0.2126, 0.7152, 0.0722]
LAB_E = (6 / 29) ** 3
LAB_K = 1 / (3 * (6 / 29) ** 2)
LAB_C = 4 / 29
RAD = 180 / math.pi
C1, C2 = 0.01 ** 2, 0.03 ** 2


def srgb_encode(x):
    return torch.where(x <= T_ENC, S * x, A * torch.pow(x, INV_G) - B)


def srgb_encode_clip(x):
    x = torch.clamp(x, 0.0, 1.0)
    safe = torch.clamp(x, min=T_ENC)
    return torch.where(x <= T_ENC, S * x, A * torch.pow(safe, INV_G) - B)


def _lum(rgb):
    return torch.dot(torch.as_tensor(WY, dtype=rgb.dtype), rgb)


def lab_L(rgb):
    t = _lum(rgb)
    return 116.0 * torch.where(t > LAB_E, torch.pow(t, 1 / 3), t * LAB_K + LAB_C) - 16.0


def hsv_h(rgb):
    r, g, b = rgb[0], rgb[1], rgb[2]
    mx, mn = torch.amax(rgb), torch.amin(rgb)
    c = mx - mn
    safe = torch.where(c > 0, c, torch.ones_like(c))
    h = torch.where(mx == r, torch.remainder((g - b) / safe, 6.0),
                    torch.where(mx == g, (b - r) / safe + 2.0, (r - g) / safe + 4.0))
    return torch.where(c > 0, 60.0 * h, torch.zeros_like(h))


def hue_deg(a, b):
    return torch.remainder(torch.atan2(b, a) * RAD, 360.0)


def reinhard(L):
    return L / (1.0 + L)


def aces(x):
    return torch.clamp((x * (2.51 * x + 0.03)) / (x * (2.43 * x + 0.59) + 0.14), 0.0, 1.0)


def psnr(x, y):
    mse = torch.mean((x - y) ** 2)
    return 10.0 * torch.log10(1.0 / mse)


def ssim(x, y):
    mx, my = torch.mean(x), torch.mean(y)
    vx = torch.mean(x * x) - mx ** 2
    vy = torch.mean(y * y) - my ** 2
    cxy = torch.mean(x * y) - mx * my
    return (2.0 * mx * my + C1) * (2.0 * cxy + C2) / ((mx * mx + my * my + C1) * (vx + vy + C2))


class ClippedEncode(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return srgb_encode_clip(x)

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        xc = torch.clamp(x, T_ENC, 1.0)
        slope = torch.where(x <= T_ENC, torch.full_like(x, S), A * INV_G * torch.pow(xc, INV_G - 1.0))
        return grad * torch.where((x > 0) & (x < 1), slope, torch.zeros_like(x))


class SlippedEncode(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return srgb_encode_clip(x)

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        xc = torch.clamp(x, T_ENC, 1.0)
        return grad * A * INV_G * torch.pow(xc, INV_G - 1.0)  # the power piece everywhere: no clip mask, no 12.92


class Quant8(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return torch.round(x * 255.0) / 255.0

    @staticmethod
    def backward(ctx, grad):
        return grad


def encode_custom(x):
    return ClippedEncode.apply(x)


def encode_slipped(x):
    return SlippedEncode.apply(x)


def quant8_ste(x):
    return Quant8.apply(x)
