"""A user's plain NumPy code, hundred-and-sixth round (d): sRGB encode / decode by np.where, CIELAB lightness with
np.cbrt, HSV hue and saturation (np.max / np.min, hue mod 6), Reinhard and ACES tone mapping (np.clip), exposure,
gray-world white balance, a soft histogram's entropy, PSNR and SSIM."""

import numpy as np

T_ENC, T_DEC = 0.0031308, 0.04045
A, B, S = 1.055, 0.055, 12.92
INV_G, G = 1 / 2.4, 2.4
WY = np.array([0.2126, 0.7152, 0.0722])
LAB_E = (6 / 29) ** 3
LAB_K = 1 / (3 * (6 / 29) ** 2)
LAB_C = 4 / 29
HIST_K = 1 / (2 * 0.02 ** 2)
CENTERS = np.linspace(0.0, 1.0, 5)
C1, C2 = 0.01 ** 2, 0.03 ** 2


def srgb_encode(x):
    return np.where(x <= T_ENC, S * x, A * x ** INV_G - B)


def srgb_decode(v):
    return np.where(v <= T_DEC, v / S, ((v + B) / A) ** G)


def lab_L(rgb):
    t = np.dot(WY, rgb)
    return 116.0 * np.where(t > LAB_E, np.cbrt(t), t * LAB_K + LAB_C) - 16.0


def hsv_h(rgb):
    r, g, b = rgb[0], rgb[1], rgb[2]
    mx, mn = np.max(rgb), np.min(rgb)
    c = mx - mn
    safe = np.where(c > 0, c, 1.0)
    h = np.where(mx == r, np.mod((g - b) / safe, 6.0), np.where(mx == g, (b - r) / safe + 2.0, (r - g) / safe + 4.0))
    return np.where(c > 0, 60.0 * h, 0.0)


def hsv_s(rgb):
    mx = np.max(rgb)
    c = mx - np.min(rgb)
    return np.where(mx > 0, c / np.where(mx > 0, mx, 1.0), 0.0)


def reinhard(L):
    return L / (1.0 + L)


def aces(x):
    return np.clip((x * (2.51 * x + 0.03)) / (x * (2.43 * x + 0.59) + 0.14), 0.0, 1.0)


def exposure(x, ev):
    return x * 2.0 ** ev


def grayworld(px):
    mu = np.mean(px, axis=0)
    gains = np.mean(mu) / mu
    return np.sum(px[0] * gains)


def hist_entropy(rgb):
    w = np.exp(-((np.dot(WY, rgb) - CENTERS) ** 2) * HIST_K)
    p = w / np.sum(w)
    return -np.sum(p * np.log(p))


def psnr(x, y):
    mse = np.mean((x - y) ** 2)
    return 10.0 * np.log10(1.0 / mse)


def ssim(x, y):
    mx, my = np.mean(x), np.mean(y)
    vx = np.mean(x * x) - mx ** 2
    vy = np.mean(y * y) - my ** 2
    cxy = np.mean(x * y) - mx * my
    return (2.0 * mx * my + C1) * (2.0 * cxy + C2) / ((mx * mx + my * my + C1) * (vx + vy + C2))
