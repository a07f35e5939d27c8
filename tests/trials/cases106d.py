"""The hundred-and-sixth trial set (d): COLOUR SCIENCE, TONE MAPPING AND IMAGE PIPELINES as JAX, PyTorch, TensorFlow and
plain NumPy code writes them (jax_lib106d, torch_lib106d, tf_lib106d, np_lib106d): learned ISPs and perceptual losses
that differentiate hand-written colour conversions. sRGB encode where(x <= 0.0031308, 12.92 x, 1.055 x^(1/2.4) - 0.055)
(at 0, at the switch, below 0, at a subnormal float32 input) and decode (below 0, where the untaken power's base is 0,
at the switch); the clipped encode with the double where (both clip edges, outside); a gamma x^(1/2.2) at 0 and at
5e-324; linear RGB -> XYZ -> CIELAB with jnp.cbrt / torch.pow(t, 1/3) / tf.pow / np.cbrt and the linear piece below
(6/29)^3 (black, an ordinary pixel, the double-where form, the pieces' meeting point as held); delta E 1976 (identical
pixels: a cone); chroma and hue by arctan2 mod 360 (zero chroma, atan2's cut, mod's jump) and a CIEDE2000-style hue
guarded at a* = b* = 0; RGB -> HSV hue and saturation (grey, black, a tie of the maximum, a tie of the minimum);
log(eps + L) and log L; Reinhard L / (1 + L) (at 1e200 and float32's 1e30), extended Reinhard (Lw = 0), Reinhard on
colour rgb_r L_d / L (black: 0 * 0 / 0); ACES filmic's rational fit under clip (its edge at 0); exposure x 2^EV
(float32 2^200, 2^-140; float64 0 * 2^1100); white balance clip(rgb * gains) (ties at 1) and gray world (a channel
all 0); a soft histogram's entropy (float32's exp(-450) = 0); PSNR (identical images; float32's (1e-20)^2 underflow);
SSIM's luminance term at mu = 0 and SSIM with var = mean(x^2) - mu^2 (identical patches at 0.5, 1e3 and 1e5; float32 at
1e3); custom rules for the clipped encode (jax.custom_vjp, torch.autograd.Function, tf.custom_gradient) right and
slipped (JAX and TensorFlow forget the clip's mask; PyTorch also forgets the 12.92 piece), a straight-through 8-bit
quantiser as a custom rule in all three, and JAX's x + stop_gradient(round(255 x) / 255 - x).

Truths: my own mpmath expressions of the mathematics (the sRGB pieces, the XYZ matrix and D65 white point, CIELAB's f,
atan2 with a floor-mod, HSV's case split, the tone curves, SSIM with the exact variance and covariance mean((x - mu)^2),
not the program's mean(x^2) - mu^2), never the library code or gradcli, at 2,000 digits by cases30b's `sided_grad`
with finite_sides (cases73d's `S`): each entry's slope from each side at the point as the dtype holds it, NaN where
they differ or a side is undefined (a jump shows as an unbounded one-sided slope); by hand (`Nan`) where the value
itself is undefined (Reinhard on colour at black, gray world with a zero channel, the quantiser at 127.5), and
(`Hand`) the quantisers at 0.31 (the custom rule's primal, round, has slope 0; the stop_gradient form's slope is 1 with
the held value frozen, as the README's differences freeze it) and the gamma at the subnormal 5e-324 (mpmath's
differences would step below 0). Constants as the program holds them: every Python literal (0.0031308, 1.055, 12.92,
1/2.4, the matrix, the white point, (6/29)^3, 1 / (3 (6/29)^2), 4/29, 180/pi, 1e-6, 1 / (2 * 0.02^2), 0.01^2, 0.03^2,
ACES's five) held in the dtype, except PyTorch's torch.pow(tensor, 1 / 2.4), whose exponent stays a double (see
corrections). NumPy's weights are float64 arrays, so NumPy's cases are float64.

Counts: 120 cases in ALL (JAX 76, PyTorch 19, TensorFlow 12, NumPy 13; 101 float64, 19 float32): 46 ok, 37 domain, 28
wrong, 9 unstable; 43 JAX, 16 PyTorch, 14 TensorFlow and 12 NumPy functions (with helpers and rule halves). Each case
through the CLI exactly as tests/trials/judge.py runs it (/tmp/106d/run.py: two CLI runs at a time, judged as they
finish; the machine shared). First pass: 130 cases (JAX 85 at 4.5-12 s a check, about 6 minutes wall; NumPy 15 at 2-3
s; PyTorch 19 at 6-18 s; TensorFlow 11 at 8-10 s): 126 agreed at once, 4 disagreed, all 4 mine (corrected below).
Then 4 probes added (JAX's lab_f at (6/29)^3 in both dtypes, the gamma at 5e-324, exposure 0 * 2^1100), 4 more after
one-off CLI runs (the subnormal encode, PSNR's underflow, SSIM of identical patches at 1e3 and 1e5) and TensorFlow's
float32 encode; the 9 new and 4 corrected cases run again: all agree. 19 dropped to keep 120, each a repeat of a kept
verdict at a kept kind of point (ordinary decode, clip, Lab a*, log tone map, Reinhard, ACES, HSV float32, SSIM's
luminance float32, chroma, exposure, CIEDE hue, the HSV saturation's max tie and black, the stop_gradient
quantiser's jump, the custom encode past 1, NumPy's ordinary encode and exposure, the clipped encode in
float32); each had agreed.
tests/test_user_trials106d.py (20 chosen JAX and NumPy cases): 21 passed (20 trials and the existence test), no xfails
(no findings).

Agreed (verdicts and exact slopes):
- the sRGB encode by where at 0: wrong in all four (JAX, PyTorch, TensorFlow, NumPy; float32 too): the untaken
  1.055 x^(1/2.4) branch's slope is inf at 0 and its cotangent 0, 0 * inf = NaN, where the slope is 12.92 from both
  sides; below 0 wrong (the power of a negative number is NaN in the untaken branch); at its switch 0.0031308 domain
  (the pieces miss by 3e-5 and their slopes are 12.92 and 12.70); ok at 0.5; at float32's subnormal 1e-40 ok (XLA
  reads it as 0, the value 0 is the best float32 holds for 1.3e-39, and JAX's compiled gradient is 12.92);
- the decode at -0.1 wrong (JAX, TensorFlow, NumPy: ((v + 0.055) / 1.055)^2.4 of a negative base), at -0.055 ok (the
  untaken power's base is exactly 0 and 0^1.4's slope 0), at its switch domain;
- the clipped encode: domain at both clip edges (JAX, PyTorch), ok inside and outside;
- the gamma 1/2.2 domain at 0 (an infinite slope), ok at 0.18 in float32, unstable at 5e-324 (XLA reads the subnormal
  as 0: value 0 for 1.5e-147 and an infinite slope for 1.0e176);
- CIELAB L* and a* at black wrong (JAX float64 and float32, PyTorch's pow(t, 1/3), TensorFlow's, NumPy's cbrt: the
  cube root's infinite slope at 0 leaks through where), ok at an ordinary pixel and in the double-where form; Lab's f
  at (6/29)^3 as typed, 0.008856451679035631, domain in float64 (cbrt of the held constant and the held line miss by
  8.3e-18, the slopes by 5.6e-16) and float32 (1.8e-9 apart);
- delta E 1976 ok, domain at identical pixels (a cone); chroma domain at 0; the hue by arctan2 mod 360 ok in the
  fourth quadrant, domain at (1, 0) (mod's 0 <-> 360), at (0, 0), and at (-1, 0) (see corrections); the guarded
  CIEDE hue domain at a* = b* = 0;
- HSV hue: ok off the ties; at a tie of the maximum (0.8, 0.8, 0.2) wrong in all four: the hue is smooth there (both
  sides' slopes are (-100, 100, 0)), but jnp.max, torch.amax, tf.reduce_max and gradcli's np.max rule share c's slope
  between the tied entries; at the minimum's tie (0.8, 0.3, 0.3) domain (mod 6 jumps 0 <-> 360); grey domain; the
  saturation domain at grey, ok off it;
- log(eps + L) ok at black (float32 too), log L domain there; Reinhard unstable at 1e200 in JAX (integer_pow(1 + L, -2)
  = 0 keeps 1e-200 for 1e-400) and at float32's 1e30, ok in PyTorch and NumPy (see corrections); extended Reinhard ok,
  domain at Lw = 0; Reinhard on colour ok, domain at black;
- ACES ok (float32 too), domain at its clip's edge 0 (JAX, PyTorch, TensorFlow, NumPy); exposure domain at
  float32's 2^200, ok at float32's 2^-140 (flushed: 0 the best), unstable at 0 * 2^1100 (the value 0 lost to NaN beside
  a slope 1.4e331 no float64 holds: the README's x (1 + (1/x)^2) rule); white balance ok, domain at two ties at 1;
  gray world ok, domain with a zero channel;
- the histogram entropy ok in float64 (NumPy too), unstable in float32 (exp(-450) = 0, 0 log 0); PSNR ok, domain at
  identical images (all four), unstable in float32 at x = (1e-20, 0, 0) ((1e-20)^2 underflows: 1 / 0 for 404.8 dB);
  SSIM's luminance ok at mu = 0 (C1 / C1) and in float32 (TensorFlow); SSIM ok (NumPy too), unstable in float32 at
  1e3 (JAX, PyTorch: mean(x^2) - mu^2 cancels); on identical patches, where every exact entry is 0, ok at 0.5 and 1e3
  (JAX's compiled noise, 1.8e-12 at 1e3, within rtol x 1, as the README says) and unstable at 1e5 (1.5e-10, past it);
- custom rules: the right clipped encode ok at 0.5 (all three), domain at 0; the slipped ones wrong at their rule's
  def line past the clip (JAX at 1.5 and -0.5, PyTorch at 1.5 and at 0.002 where it hands 12.70 for 12.92, TensorFlow
  at 1.5), ok where the slip does not show (JAX at 0.5); the straight-through quantiser as a custom rule wrong at its
  rule (JAX, PyTorch, TensorFlow: round's slope is 0, the rule hands 1), domain at its jump 127.5 (JAX); the
  stop_gradient form ok at 0.31 (slope 1, the held value frozen).

My truths corrected (gradcli right, each re-derived):
- the hue arctan2(b, a) * (180 / pi) % 360 at (-1, 0) I labelled ok (mod 360 mends atan2's cut): held, RAD = 180 / pi
  rounds so that pi * RAD - 180 = 6.2e-15, so the values from below and above are 180 - 6.2e-15 and 180 + 6.2e-15: a
  jump of 1.25e-14 (gradcli names it): domain. My sided truth had b NaN already; only the label was wrong;
- PyTorch's float32 encode at 0.5: I held 1 / 2.4 in float32; torch.pow(tensor, 1 / 2.4) keeps the Python exponent a
  double (checked directly, /tmp/106d: torch.pow(float32 1e-30, 1 / 2.4) is float32 of (1e-30)^(double 1/2.4), not of
  its float32 exponent; its slope likewise), so the exact slope is 0.658630786464819 (gradcli's) not 0.658630775297
  (mine). TensorFlow's tf.pow casts the exponent to float32: there my first truth stands (case added);
- Reinhard at L = 1e200 I called unstable in NumPy and PyTorch, as in JAX: their division rules take the denominator's
  slope as (a / b) / b = 1e-200, so 1e-200 - 1e-200 = 0, the best float64 holds for 1e-400: ok. JAX's jvp takes
  integer_pow(b, -2) = 0 and keeps 1e-200: unstable.

Findings: none. Every disagreement was mine; gradcli's verdicts and exact slopes agreed with the mathematics at all
120 final cases.

Observed (not in ALL): the same Reinhard curve splits by framework at 1e200 (JAX unstable, PyTorch and NumPy ok) by
how each division rule spells the denominator's slope; the same pow(x, 1 / 2.4) is a different float32 function in
PyTorch (double exponent) and TensorFlow / JAX (float32 exponent), 1.7e-8 apart in slope, which gradcli tracks; and
JAX's float32 encode at 0 is NaN while at the subnormal 1e-40, which XLA reads as 0, its compiled gradient is 12.92."""
import math

import mpmath

from cases73d import NAN, H as held, S, Nan, Hand, mpf

J, T_, K, N = "jax_lib106d.py", "torch_lib106d.py", "tf_lib106d.py", "np_lib106d.py"
F32, F64 = "float32", "float64"


# ------------------------------------------------------------------------------------------------- the mathematics
class C:
    """The programs' Python constants as the dtype holds them."""

    def __init__(self, dtype):
        h = lambda v: held(dtype, v)  # noqa: E731
        self.T_ENC, self.T_DEC = h(0.0031308), h(0.04045)
        self.A, self.B, self.S = h(1.055), h(0.055), h(12.92)
        self.INV_G, self.G, self.G22 = h(1 / 2.4), h(2.4), h(1 / 2.2)
        self.WY = [h(0.2126), h(0.7152), h(0.0722)]
        self.M = [[h(v) for v in row] for row in
                  [[0.4124, 0.3576, 0.1805], [0.2126, 0.7152, 0.0722], [0.0193, 0.1192, 0.9505]]]
        self.WHITE = [h(0.95047), h(1.0), h(1.08883)]
        self.LAB_E, self.LAB_K, self.LAB_C = h((6 / 29) ** 3), h(1 / (3 * (6 / 29) ** 2)), h(4 / 29)
        self.RAD = h(180 / math.pi)
        self.EPS_LOG = h(1e-6)
        self.HIST_K = h(1 / (2 * 0.02 ** 2))
        self.C1, self.C2 = h(0.01 ** 2), h(0.03 ** 2)
        self.THIRD = h(1 / 3)
        self.ACES = [h(2.51), h(0.03), h(2.43), h(0.59), h(0.14)]


def clip(x, lo, hi):
    return min(max(x, mpf(lo)), mpf(hi))


def fmod(x, m):
    return x - m * mpmath.floor(x / m)


def encode(d, pow64=False):
    c = C(d)
    e = held(F64, 1 / 2.4) if pow64 else c.INV_G  # torch.pow(tensor, 1 / 2.4): the exponent stays a double
    return lambda x: c.S * x if x <= c.T_ENC else c.A * x ** e - c.B


def decode(d):
    c = C(d)
    return lambda v: v / c.S if v <= c.T_DEC else ((v + c.B) / c.A) ** c.G


def encode_clip(d):
    e = encode(d)
    return lambda x: e(clip(x, 0, 1))


def gamma22(d):
    c = C(d)
    return lambda x: x ** c.G22


def lum(c, rgb):
    return sum(w * v for w, v in zip(c.WY, rgb))


def _f(c, t, cube=mpmath.cbrt):
    return cube(t) if t > c.LAB_E else t * c.LAB_K + c.LAB_C


def lab(d, cube=None):
    c = C(d)
    cube = cube or mpmath.cbrt

    def f(rgb):
        xyz = [sum(m * v for m, v in zip(row, rgb)) for row in c.M]
        fx, fy, fz = (_f(c, xyz[i] / c.WHITE[i], cube) for i in range(3))
        return [116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)]
    return f


def lab_f(d):
    c = C(d)
    return lambda t: _f(c, t)


def _gamma_sub():
    e, x = held(F64, 1 / 2.2), held(F64, 5e-324)
    return {"x": e * x ** (e - 1)}


def lab_L(d):
    f = lab(d)
    return lambda rgb: f(rgb)[0]


def lab_a(d):
    f = lab(d)
    return lambda rgb: f(rgb)[1]


def lab_L_lum(d, third=False):
    """116 f(Y) - 16 with Y the weighted sum (the lum-only programs); the cube root as t^(1/3 held) where written so."""
    c = C(d)
    cube = (lambda t: t ** c.THIRD) if third else mpmath.cbrt
    return lambda rgb: 116 * _f(c, lum(c, rgb), cube) - 16


def delta_e76(d):
    f = lab(d)
    return lambda rgb1, rgb2: mpmath.sqrt(sum((u - v) ** 2 for u, v in zip(f(rgb1), f(rgb2))))


def chroma(a, b):
    return mpmath.sqrt(a * a + b * b)


def hue_deg(d):
    c = C(d)
    return lambda a, b: fmod(mpmath.atan2(b, a) * c.RAD, 360)


def ciede_hue(d):
    c = C(d)
    return lambda a, b: fmod(mpf(0) if a == 0 and b == 0 else mpmath.atan2(b, a) * c.RAD, 360)


def hsv_h(rgb):
    r, g, b = rgb
    mx, mn = max(rgb), min(rgb)
    c = mx - mn
    if not c > 0:
        return mpf(0)
    if mx == r:
        h = fmod((g - b) / c, 6)
    elif mx == g:
        h = (b - r) / c + 2
    else:
        h = (r - g) / c + 4
    return 60 * h


def hsv_s(rgb):
    mx = max(rgb)
    return (mx - min(rgb)) / mx if mx > 0 else mpf(0)


def log_tonemap(d):
    c = C(d)
    return lambda rgb: mpmath.log(c.EPS_LOG + lum(c, rgb))


def log_lum(d):
    c = C(d)

    def f(rgb):
        L = lum(c, rgb)
        return mpmath.log(L) if L > 0 else NAN
    return f


def reinhard(L):
    return L / (1 + L)


def reinhard_ext(L, Lw):
    return L * (1 + L / (Lw * Lw)) / (1 + L) if Lw != 0 else NAN


def reinhard_color(d):
    c = C(d)

    def f(rgb):
        L = lum(c, rgb)
        return rgb[0] * (L / (1 + L)) / L
    return f


def aces(d):
    a, b, cc, dd, e = C(d).ACES
    return lambda x: clip((x * (a * x + b)) / (x * (cc * x + dd) + e), 0, 1)


def exposure(x, ev):
    return x * mpf(2) ** ev


def white_balance(rgb, gains):
    return sum(clip(u * v, 0, 1) for u, v in zip(rgb, gains))


def grayworld(px):
    mu = [sum(row[j] for row in px) / 3 for j in range(3)]
    m = sum(mu) / 3
    return sum(px[0][j] * m / mu[j] for j in range(3))


def hist_entropy(d):
    c = C(d)
    centers = [mpf(k) / 4 for k in range(5)]

    def f(rgb):
        L = lum(c, rgb)
        w = [mpmath.exp(-((L - u) ** 2) * c.HIST_K) for u in centers]
        s = sum(w)
        return -sum(v / s * mpmath.log(v / s) for v in w)
    return f


def psnr(x, y):
    mse = sum((u - v) ** 2 for u, v in zip(x, y)) / len(x)
    return 10 * mpmath.log10(1 / mse) if mse > 0 else NAN


def ssim_lum(d):
    c = C(d)
    return lambda mx, my: (2 * mx * my + c.C1) / (mx * mx + my * my + c.C1)


def ssim(d):
    c = C(d)

    def f(x, y):
        n = len(x)
        mx, my = sum(x) / n, sum(y) / n
        vx = sum((u - mx) ** 2 for u in x) / n
        vy = sum((u - my) ** 2 for u in y) / n
        cxy = sum((u - mx) * (v - my) for u, v in zip(x, y)) / n
        return (2 * mx * my + c.C1) * (2 * cxy + c.C2) / ((mx * mx + my * my + c.C1) * (vx + vy + c.C2))
    return f


# ------------------------------------------------------------------------------------------------- cases
P = S
RGB = [0.2, 0.3, 0.4]
RGB2 = [0.25, 0.3, 0.35]
BLACK = [0.0, 0.0, 0.0]
GREY = [0.5, 0.5, 0.5]
ORANGE = [0.8, 0.4, 0.2]
MAXTIE = [0.8, 0.8, 0.2]  # r = g the maximum: hue is smooth through the tie (both sides' slopes agree)
MINTIE = [0.8, 0.3, 0.3]  # g = b the minimum under r: hue jumps 0 <-> 360 (mod 6)
PX = [[0.2, 0.3, 0.4], [0.5, 0.1, 0.2], [0.3, 0.6, 0.9]]
PX0 = [[0.2, 0.3, 0.0], [0.5, 0.1, 0.0], [0.3, 0.6, 0.0]]  # the blue channel all 0: its gain 0 / 0
SX, SY = [0.2, 0.4, 0.6, 0.8], [0.25, 0.35, 0.6, 0.7]
HX, HY = [1000.1, 1000.2, 1000.3, 1000.4], [1000.2, 1000.1, 1000.4, 1000.3]
PS_X, PS_Y = [0.2, 0.4, 0.6], [0.25, 0.4, 0.5]
G6 = [0.6, 0.6, 0.6]
H5 = [100000.1, 100000.2, 100000.3, 100000.4]


def _zero(name, n=None):
    return lambda: {name: mpf(0) if n is None else [mpf(0)] * n}


def _one(name, v):
    return lambda: {name: mpf(v)}


JAX = [
    P(J, "srgb_encode", F64, "ok", encode(F64), x=0.5),
    P(J, "srgb_encode", F32, "ok", encode(F32), x=0.5),
    P(J, "srgb_encode", F64, "wrong", encode(F64), x=0.0),  # 0 * inf from the untaken power: slope 12.92
    P(J, "srgb_encode", F32, "wrong", encode(F32), x=0.0),
    P(J, "srgb_encode", F64, "domain", encode(F64), x=0.0031308),  # the switch: a jump of 3e-5 and two slopes
    P(J, "srgb_encode", F64, "wrong", encode(F64), x=-0.1),  # (-0.1)^(1/2.4) = NaN in the untaken branch
    P(J, "srgb_encode", F32, "ok", encode(F32), x=1e-40),  # subnormal, read as 0 by XLA: value 0 the best, slope 12.92
    P(J, "srgb_decode", F64, "ok", decode(F64), v=-0.055),  # the untaken power's base is 0: 0^1.4's slope 0
    P(J, "srgb_decode", F64, "wrong", decode(F64), v=-0.1),  # negative base: NaN leaks through where
    P(J, "srgb_decode", F64, "domain", decode(F64), v=0.04045),
    P(J, "srgb_encode_clip", F64, "ok", encode_clip(F64), x=0.5),
    P(J, "srgb_encode_clip", F64, "domain", encode_clip(F64), x=0.0),  # clip's edge: 0 left, 12.92 right
    P(J, "srgb_encode_clip", F64, "domain", encode_clip(F64), x=1.0),
    P(J, "srgb_encode_clip", F64, "ok", encode_clip(F64), x=1.5),
    P(J, "gamma22", F64, "domain", gamma22(F64), x=0.0),
    P(J, "gamma22", F32, "ok", gamma22(F32), x=0.18),
    Hand(J, "gamma22", F64, "unstable", _gamma_sub, x=5e-324),  # XLA reads the subnormal as 0: 0 and inf
    P(J, "lab_L", F64, "ok", lab_L(F64), rgb=RGB),
    P(J, "lab_L", F64, "wrong", lab_L(F64), rgb=BLACK),  # cbrt'(0) = inf in the untaken branch
    P(J, "lab_L", F32, "wrong", lab_L(F32), rgb=BLACK),
    P(J, "lab_a", F64, "wrong", lab_a(F64), rgb=BLACK),
    P(J, "lab_L_safe", F64, "ok", lab_L_lum(F64), rgb=BLACK),
    P(J, "lab_f", F64, "domain", lab_f(F64), t=0.008856451679035631),  # (6/29)^3: the pieces meet but for 8.3e-18
    P(J, "lab_f", F32, "domain", lab_f(F32), t=0.008856451679035631),  # float32: 1.8e-9 apart
    P(J, "lab_L_safe", F32, "ok", lab_L_lum(F32), rgb=RGB),
    P(J, "delta_e76", F64, "ok", delta_e76(F64), rgb1=RGB, rgb2=RGB2),
    P(J, "delta_e76", F64, "domain", delta_e76(F64), rgb1=RGB, rgb2=RGB),  # norm of 0: a cone
    P(J, "chroma", F64, "domain", chroma, a=0.0, b=0.0),
    P(J, "hue_deg", F64, "ok", hue_deg(F64), a=1.0, b=-1.0),
    P(J, "hue_deg", F64, "domain", hue_deg(F64), a=-1.0, b=0.0),  # atan2's cut, mended but for pi RAD - 180 = 6e-15
    P(J, "hue_deg", F64, "domain", hue_deg(F64), a=1.0, b=0.0),  # mod 360 jumps 0 <-> 360
    P(J, "hue_deg", F64, "domain", hue_deg(F64), a=0.0, b=0.0),
    P(J, "ciede_hue", F64, "domain", ciede_hue(F64), a=0.0, b=0.0),  # hue undefined at zero chroma
    P(J, "hsv_h", F64, "ok", hsv_h, rgb=ORANGE),
    P(J, "hsv_h", F64, "wrong", hsv_h, rgb=MAXTIE),  # max's tie splits c's slope: half of it
    P(J, "hsv_h", F64, "domain", hsv_h, rgb=MINTIE),
    P(J, "hsv_h", F64, "domain", hsv_h, rgb=GREY),
    P(J, "hsv_s", F64, "ok", hsv_s, rgb=ORANGE),
    P(J, "hsv_s", F64, "domain", hsv_s, rgb=GREY),
    P(J, "log_tonemap", F32, "ok", log_tonemap(F32), rgb=BLACK),
    P(J, "log_lum", F64, "domain", log_lum(F64), rgb=BLACK),
    P(J, "reinhard", F64, "unstable", reinhard, L=1e200),  # (1 + L)^-2 = 0: slope 1e-200 for 1e-400
    P(J, "reinhard", F32, "unstable", reinhard, L=1e30),
    P(J, "reinhard_ext", F64, "ok", reinhard_ext, L=2.0, Lw=4.0),
    P(J, "reinhard_ext", F64, "domain", reinhard_ext, L=2.0, Lw=0.0),
    P(J, "reinhard_color", F64, "ok", reinhard_color(F64), rgb=RGB),
    Nan(J, "reinhard_color", F64, "domain", rgb=BLACK),  # 0 * 0 / 0
    P(J, "aces", F64, "ok", aces(F64), x=0.5),
    P(J, "aces", F32, "ok", aces(F32), x=0.5),
    P(J, "aces", F64, "domain", aces(F64), x=0.0),  # clip's edge: the fit is negative left of 0
    P(J, "exposure", F32, "domain", exposure, x=0.5, ev=200.0),  # 2^200 past float32
    P(J, "exposure", F32, "ok", exposure, x=0.5, ev=-140.0),  # subnormal, flushed: 0 the best float32 can do
    P(J, "exposure", F64, "unstable", exposure, x=0.0, ev=1100.0),  # 0 * inf = NaN for the value 0
    P(J, "white_balance", F64, "ok", white_balance, rgb=RGB, gains=[1.5, 1.0, 0.8]),
    P(J, "white_balance", F64, "domain", white_balance, rgb=[0.5, 0.25, 0.4], gains=[2.0, 4.0, 1.0]),
    P(J, "grayworld", F64, "ok", grayworld, px=PX),
    Nan(J, "grayworld", F64, "domain", px=PX0),
    P(J, "hist_entropy", F64, "ok", hist_entropy(F64), rgb=G6),
    P(J, "hist_entropy", F32, "unstable", hist_entropy(F32), rgb=G6),  # exp(-450) = 0: 0 log 0
    P(J, "psnr", F64, "ok", psnr, x=PS_X, y=PS_Y),
    P(J, "psnr", F64, "domain", psnr, x=PS_X, y=PS_X),
    P(J, "psnr", F32, "unstable", psnr, x=[1e-20, 0.0, 0.0], y=BLACK),  # (1e-20)^2 underflows: 1 / 0 for 404.8 dB
    P(J, "ssim_lum", F64, "ok", ssim_lum(F64), mx=0.0, my=0.0),
    P(J, "ssim", F64, "ok", ssim(F64), x=SX, y=SY),
    P(J, "ssim", F64, "ok", ssim(F64), x=SX, y=SX),  # identical patches: the maximum, slope 0
    P(J, "ssim", F32, "unstable", ssim(F32), x=HX, y=HY),  # mean(x^2) - mu^2 at 1e6
    P(J, "ssim", F64, "ok", ssim(F64), x=HX, y=HX),  # exact 0s: noise 1.8e-12 within rtol x 1
    P(J, "ssim", F64, "unstable", ssim(F64), x=H5, y=H5),  # noise 1.5e-10 past rtol x 1
    P(J, "encode_custom", F64, "ok", encode_clip(F64), x=0.5),
    P(J, "encode_custom", F64, "domain", encode_clip(F64), x=0.0),
    P(J, "encode_slipped", F64, "ok", encode_clip(F64), x=0.5),
    P(J, "encode_slipped", F64, "wrong", encode_clip(F64), "def _enc_slipped_bwd", x=1.5),
    P(J, "encode_slipped", F64, "wrong", encode_clip(F64), "def _enc_slipped_bwd", x=-0.5),
    Hand(J, "quant8_ste", F64, "wrong", _zero("x"), "def _quant_bwd", x=0.31),  # round's slope is 0
    Nan(J, "quant8_ste", F64, "domain", x=0.5),  # 127.5: the jump
    Hand(J, "quant8_sg", F64, "ok", _one("x", 1), x=0.31),  # the held value frozen: slope 1
]

TORCH = [
    P(T_, "srgb_encode", F64, "wrong", encode(F64), x=0.0),
    P(T_, "srgb_encode", F32, "ok", encode(F32, pow64=True), x=0.5),  # torch.pow keeps the Python exponent double
    P(T_, "srgb_encode", F64, "domain", encode(F64), x=0.0031308),
    P(T_, "srgb_encode", F64, "wrong", encode(F64), x=-0.1),
    P(T_, "srgb_encode_clip", F64, "domain", encode_clip(F64), x=0.0),
    P(T_, "srgb_encode_clip", F64, "ok", encode_clip(F64), x=1.5),
    P(T_, "lab_L", F64, "ok", lab_L_lum(F64, third=True), rgb=RGB),
    P(T_, "lab_L", F64, "wrong", lab_L_lum(F64, third=True), rgb=BLACK),
    P(T_, "hsv_h", F64, "ok", hsv_h, rgb=ORANGE),
    P(T_, "hsv_h", F64, "wrong", hsv_h, rgb=MAXTIE),
    P(T_, "hue_deg", F64, "domain", hue_deg(F64), a=1.0, b=0.0),
    P(T_, "reinhard", F64, "ok", reinhard, L=1e200),  # div's backward (a / b) / b: 1e-200 - 1e-200 = 0, the best
    P(T_, "aces", F64, "domain", aces(F64), x=0.0),
    P(T_, "psnr", F64, "domain", psnr, x=PS_X, y=PS_X),
    P(T_, "ssim", F32, "unstable", ssim(F32), x=HX, y=HY),
    P(T_, "encode_custom", F64, "ok", encode_clip(F64), x=0.5),
    P(T_, "encode_slipped", F64, "wrong", encode_clip(F64), "class SlippedEncode>>def backward(ctx, grad):", x=1.5),
    P(T_, "encode_slipped", F64, "wrong", encode_clip(F64), "class SlippedEncode>>def backward(ctx, grad):", x=0.002),
    Hand(T_, "quant8_ste", F64, "wrong", _zero("x"), "class Quant8>>def backward(ctx, grad):", x=0.31),
]

TF = [
    P(K, "srgb_encode", F64, "wrong", encode(F64), x=0.0),
    P(K, "srgb_encode", F64, "ok", encode(F64), x=0.5),
    P(K, "srgb_encode", F32, "ok", encode(F32), x=0.5),  # tf.pow casts the Python exponent to float32
    P(K, "srgb_decode", F64, "wrong", decode(F64), v=-0.1),
    P(K, "lab_L", F64, "wrong", lab_L_lum(F64, third=True), rgb=BLACK),
    P(K, "hsv_h", F64, "wrong", hsv_h, rgb=MAXTIE),
    P(K, "aces", F64, "domain", aces(F64), x=0.0),
    P(K, "psnr", F64, "domain", psnr, x=PS_X, y=PS_X),
    P(K, "ssim_lum", F32, "ok", ssim_lum(F32), mx=0.5, my=0.3),
    P(K, "encode_custom", F64, "ok", encode_clip(F64), x=0.5),
    P(K, "encode_slipped", F64, "wrong", encode_clip(F64), "def _enc_slipped>>def grad(dy):", x=1.5),
    Hand(K, "quant8_ste", F64, "wrong", _zero("x"), "def _quant>>def grad(dy):", x=0.31),
]

NUMPY = [
    P(N, "srgb_encode", F64, "wrong", encode(F64), x=0.0),
    P(N, "srgb_decode", F64, "wrong", decode(F64), v=-0.1),
    P(N, "lab_L", F64, "wrong", lab_L_lum(F64), rgb=BLACK),
    P(N, "lab_L", F64, "ok", lab_L_lum(F64), rgb=RGB),
    P(N, "hsv_h", F64, "wrong", hsv_h, rgb=MAXTIE),
    P(N, "hsv_h", F64, "domain", hsv_h, rgb=MINTIE),
    P(N, "hsv_s", F64, "domain", hsv_s, rgb=GREY),
    P(N, "reinhard", F64, "ok", reinhard, L=1e200),  # gradcli's rule: 1e-200 - 1e-200 = 0, the best for 1e-400
    P(N, "aces", F64, "domain", aces(F64), x=0.0),
    P(N, "grayworld", F64, "ok", grayworld, px=PX),
    P(N, "hist_entropy", F64, "ok", hist_entropy(F64), rgb=G6),
    P(N, "psnr", F64, "domain", psnr, x=PS_X, y=PS_X),
    P(N, "ssim", F64, "ok", ssim(F64), x=SX, y=SY),
]

ALL = JAX + TORCH + TF + NUMPY
