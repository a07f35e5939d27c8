"""A user's JAX code, hundred-and-sixth round (d): colour science, tone mapping and image-quality losses as a learned
ISP or a perceptual loss writes them with jax.numpy: sRGB encode / decode by jnp.where (the 12.92 x piece and 1.055
x^(1/2.4) - 0.055), a gamma 1/2.2, linear RGB -> XYZ -> CIELAB (jnp.cbrt with the linear piece below (6/29)^3),
delta E 1976, chroma and hue by jnp.arctan2, RGB -> HSV hue and saturation (jnp.max / jnp.min, hue mod 6), log and
Reinhard tone mapping, ACES filmic's rational fit under jnp.clip, exposure 2^EV, white balance by per-channel gains,
a soft histogram's entropy, PSNR and SSIM, and custom_vjp rules for a clipped sRGB encode and a straight-through
8-bit quantiser, right and slipped."""

import math

import jax
import jax.numpy as jnp

T_ENC, T_DEC = 0.0031308, 0.04045
A, B, S = 1.055, 0.055, 12.92
INV_G, G = 1 / 2.4, 2.4
WY = [0.2126, 0.7152, 0.0722]
M = [[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]]
WHITE = [0.95047, 1.0, 1.08883]
LAB_E = (6 / 29) ** 3
LAB_K = 1 / (3 * (6 / 29) ** 2)
LAB_C = 4 / 29
RAD = 180 / math.pi
EPS_LOG = 1e-6
HIST_K = 1 / (2 * 0.02 ** 2)
C1, C2 = 0.01 ** 2, 0.03 ** 2


def srgb_encode(x):
    return jnp.where(x <= T_ENC, S * x, A * x ** INV_G - B)


def srgb_decode(v):
    return jnp.where(v <= T_DEC, v / S, ((v + B) / A) ** G)


def srgb_encode_clip(x):
    x = jnp.clip(x, 0.0, 1.0)
    safe = jnp.maximum(x, T_ENC)  # the double where: the power never sees 0
    return jnp.where(x <= T_ENC, S * x, A * safe ** INV_G - B)


def gamma22(x):
    return x ** (1 / 2.2)


def _lum(rgb):
    return jnp.dot(jnp.asarray(WY, dtype=rgb.dtype), rgb)


def _f(t):
    return jnp.where(t > LAB_E, jnp.cbrt(t), t * LAB_K + LAB_C)


def _lab(rgb):
    xyz = jnp.asarray(M, dtype=rgb.dtype) @ rgb
    fx, fy, fz = _f(xyz[0] / WHITE[0]), _f(xyz[1] / WHITE[1]), _f(xyz[2] / WHITE[2])
    return jnp.stack([116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)])


def lab_L(rgb):
    return _lab(rgb)[0]


def lab_a(rgb):
    return _lab(rgb)[1]


def lab_L_safe(rgb):
    t = _lum(rgb) / WHITE[1]
    big = t > LAB_E
    return 116.0 * jnp.where(big, jnp.cbrt(jnp.where(big, t, 1.0)), t * LAB_K + LAB_C) - 16.0


def delta_e76(rgb1, rgb2):
    return jnp.linalg.norm(_lab(rgb1) - _lab(rgb2))


def chroma(a, b):
    return jnp.sqrt(a * a + b * b)


def hue_deg(a, b):
    return (jnp.arctan2(b, a) * RAD) % 360.0


def ciede_hue(a, b):
    h = jnp.where((a == 0) & (b == 0), 0.0, jnp.arctan2(b, a) * RAD)
    return h % 360.0


def hsv_h(rgb):
    r, g, b = rgb[0], rgb[1], rgb[2]
    mx, mn = jnp.max(rgb), jnp.min(rgb)
    c = mx - mn
    safe = jnp.where(c > 0, c, 1.0)
    h = jnp.where(mx == r, ((g - b) / safe) % 6.0, jnp.where(mx == g, (b - r) / safe + 2.0, (r - g) / safe + 4.0))
    return jnp.where(c > 0, 60.0 * h, 0.0)


def hsv_s(rgb):
    mx = jnp.max(rgb)
    c = mx - jnp.min(rgb)
    return jnp.where(mx > 0, c / jnp.where(mx > 0, mx, 1.0), 0.0)


def log_tonemap(rgb):
    return jnp.log(EPS_LOG + _lum(rgb))


def log_lum(rgb):
    return jnp.log(_lum(rgb))


def reinhard(L):
    return L / (1.0 + L)


def reinhard_ext(L, Lw):
    return L * (1.0 + L / (Lw * Lw)) / (1.0 + L)


def reinhard_color(rgb):
    L = _lum(rgb)
    return rgb[0] * (L / (1.0 + L)) / L


def aces(x):
    return jnp.clip((x * (2.51 * x + 0.03)) / (x * (2.43 * x + 0.59) + 0.14), 0.0, 1.0)


def exposure(x, ev):
    return x * 2.0 ** ev


def white_balance(rgb, gains):
    return jnp.sum(jnp.clip(rgb * gains, 0.0, 1.0))


def grayworld(px):
    mu = jnp.mean(px, axis=0)
    gains = jnp.mean(mu) / mu
    return jnp.sum(px[0] * gains)


def hist_entropy(rgb):
    centers = jnp.linspace(0.0, 1.0, 5, dtype=rgb.dtype)
    w = jnp.exp(-((_lum(rgb) - centers) ** 2) * HIST_K)
    p = w / jnp.sum(w)
    return -jnp.sum(p * jnp.log(p))


def psnr(x, y):
    mse = jnp.mean((x - y) ** 2)
    return 10.0 * jnp.log10(1.0 / mse)


def ssim_lum(mx, my):
    return (2.0 * mx * my + C1) / (mx * mx + my * my + C1)


def ssim(x, y):
    mx, my = jnp.mean(x), jnp.mean(y)
    vx = jnp.mean(x * x) - mx ** 2
    vy = jnp.mean(y * y) - my ** 2
    cxy = jnp.mean(x * y) - mx * my
    return (2.0 * mx * my + C1) * (2.0 * cxy + C2) / ((mx * mx + my * my + C1) * (vx + vy + C2))


# ---------------------------------------------------------------------------------------------- custom rules
@jax.custom_vjp
def _enc(x):
    return srgb_encode_clip(x)


def _enc_fwd(x):
    return _enc(x), x


def _enc_bwd(x, g):
    xc = jnp.clip(x, T_ENC, 1.0)
    slope = jnp.where(x <= T_ENC, S, A * INV_G * xc ** (INV_G - 1.0))
    return (g * jnp.where((x > 0.0) & (x < 1.0), slope, 0.0),)


_enc.defvjp(_enc_fwd, _enc_bwd)


@jax.custom_vjp
def _enc_slipped(x):
    return srgb_encode_clip(x)


def _enc_slipped_fwd(x):
    return _enc_slipped(x), x


def _enc_slipped_bwd(x, g):
    xc = jnp.clip(x, T_ENC, 1.0)
    return (g * jnp.where(x <= T_ENC, S, A * INV_G * xc ** (INV_G - 1.0)),)  # forgets the clip's mask


_enc_slipped.defvjp(_enc_slipped_fwd, _enc_slipped_bwd)


def encode_custom(x):
    return _enc(x)


def encode_slipped(x):
    return _enc_slipped(x)


@jax.custom_vjp
def _quant(x):
    return jnp.round(x * 255.0) / 255.0


def _quant_fwd(x):
    return _quant(x), None


def _quant_bwd(_, g):
    return (g,)


_quant.defvjp(_quant_fwd, _quant_bwd)


def quant8_ste(x):
    return _quant(x)


def quant8_sg(x):
    return x + jax.lax.stop_gradient(jnp.round(x * 255.0) / 255.0 - x)


def lab_f(t):
    return jnp.where(t > LAB_E, jnp.cbrt(t), t * LAB_K + LAB_C)
