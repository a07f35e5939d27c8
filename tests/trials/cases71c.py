"""The seventy-first trial set (third part): issue 27's exact reference on Python functions doing IMAGE PROCESSING AND
COLOUR with gradcli.numpy as vision code writes them, on tiny images (tests/trials/lib71c.py): gamma correction
img ** (1/2.2) and ** 2.2 at black pixels and 1e-300; the sRGB transfer functions by np.where with their linear toes
(ordinary, black, exactly on the knees 0.04045 / 0.0031308 in float64 and float32, one ulp above, 1e-300), encoding
with np.maximum guarding the root; WCAG relative luminance and contrast ratio (ordinary, equal colours, a channel on
the knee); RGB -> HSV by np.max / np.min over channels with guarded divisions and np.mod (ordinary, grey, black, a tie
for the max, a tie for the min at red) and a circular hue loss cos / sin(2 pi h) (the wrap at red, ties); CIELAB's f
(cbrt above (6/29)^3, a line below: at 0, on the knee, one ulp above, 1e-300), RGB -> Lab and the CIE76 colour
difference (black, identical pixels); Sobel magnitudes sqrt(gx^2 + gy^2) (flat 3 x 3, a 4 x 4 ramp, + 1e-12);
isotropic and anisotropic total variation (flat, ties of neighbours, + 1e-8); one-window SSIM with C1, C2 (identical
images); PSNR 10 log10(1 / MSE) (identical, one ulp apart in float64 and float32, + 1e-10); bilinear resizing by
np.floor and index arithmetic (down, up on grid points) and a sub-pixel shift (t on the grid: 0, 1); a 3 x 3 box blur
by slicing, a separable [1, 2, 1] / 4 blur by np.convolve, unsharp masking clipped to [0, 1] (flat 1.0 and 0.5);
histogram matching by np.sort and by argsort-of-argsort ranks (ties, flat); Porter-Duff 'over' with RGBA packed in one
array, guarded and not, and with the alphas in planes of their own (both alphas 0); a spatial soft-argmax by hand
and shifted by np.max at logits 800 (a three-way tie) and float32 100.

Tried: 32 functions, 105 cases judged through the CLI by tests/trials/judge.py (at most two gradcli processes at
once; a scratch file runs the CLI in two threads and judges in the main one), then every corrected case again;
about 8 probes by hand (the hue loss at one pixel and at two, with other second pixels, its cos-only and raw-hue
forms; 'over' with split planes). 5 were dropped as repeats of kept ordinary points: ALL keeps 100 (61 ok, 28 domain,
8 wrong, 3 unstable; 76 float64, 24 float32). 98 agree with gradcli in verdict and every exact gradient entry (to
1e-10 relative); 2 were open findings (F1 open; F2 mended since). Every check took 0.3-4.3 s.

Truths are written here from the mathematics, never lib71c's code or gradcli: each transform in mpmath (colorsys'
HSV, the CIE formulas, Sobel and the differences by index, np.convolve's "same" as a centred correlation with zeros
outside, np.pad's "edge" by clamped indices, the sorted pixels against the target ramp), the derivative from the left
and the right by mpmath.diff at 2,000 digits (cases30b.sided_grad), NaN where they differ; Python's constant
expressions computed first (1 / 2.2, 6 / 29, (6/29)^3, 3 (6/29)^2, 4 / 29, 2 * np.pi, 0.01 ** 2), then held by the
dtype like every literal (float32's rounding in float32). By hand: gamma at black (the root's slope +inf: NaN; the
2.2 power's 0), PSNR at identical images (log of 1 / 0: NaN everywhere).

What agreed: gamma encoding domain at black, ok at 1e-300; sRGB decoding ok at black, domain exactly on 0.04045 (float64
and float32: the pieces differ in value by 1e-8 there), ok one ulp above; encoding domain on 0.0031308, wrong at
black (the untaken 1.055 lin^(1/2.4)'s slope inf x 0; float32 too), ok at 1e-300 (that slope 1e175 is finite), its
np.maximum-guarded form ok at black; the contrast ratio domain at equal colours and with a channel on the knee; HSV
domain at grey and black pixels, at a tie for the max and one for the min (s's kink; the hue's wrap), the other
pixel keeping its slopes; CIELAB's f wrong at 0 (cbrt's slope inf x 0), ok at 1e-300 and one ulp above the knee, and
domain ON the knee in float64 and float32: the held constants leave an ulp-sized jump between cbrt and the line (the
C1 join is exact only in real numbers); Lab wrong at a black pixel; CIE76 domain at identical pixels (a cone), the
other pixel kept; the Sobel magnitude domain at a flat patch with the 3 x 3 centre's slope 0 kept (its Sobel
weights are 0), ok on a ramp (gy = 0 beside gx != 0), ok with + 1e-12; isotropic TV domain at a flat patch (the
corner pixel that no difference reads keeps 0), ok where each site has one difference 0 and the other not;
anisotropic TV domain at the tied neighbours only; SSIM ok at identical images (its maximum: all 0, float32 too);
PSNR domain at identical images, ok 1 ulp apart (slopes +-(20 / ln 10) / ulp = 7.8e16; float32 likewise), + 1e-10
ok; resampling ok (linear in the image), the shift domain in t at t = 0 and 1 (the image's slopes kept); blurs ok;
unsharp masking domain at a flat 1.0 patch (every sharpened pixel on the clip), ok at 0.5; histogram matching domain
at ties (the tied entries alone) and at a flat patch, ok elsewhere by sort and by ranks; 'over' guarded domain at
transparent pixels (alphas jump, colours 0 and computed 0), 'over' with its alphas in planes of their own wrong there
(colours' 0 slopes come out NaN through the where's untaken 0 / 0); the soft-argmax by hand unstable at 800 and
float32 100, shifted ok at 800 and at a three-way tie of 800s (shift-invariant: no kink).

Truths the round corrected in itself, gradcli right each time:
- gamma decoding img ** 2.2 at black: ok with slope 0, not domain: the power's real domain ends at 0 with no jump and
  a finite one-sided slope 0 (the root img ** (1/2.2) there has +inf: domain);
- the circular hue loss at a tie for the max (r = g = 0.8, b = 0.2) is wrong, not domain: the hue is smooth across that
  tie (d/dr = -1/(6c) and d/dg = 1/(6c) from both sides), and np.max's rule shares the tie, halving r's and g's slopes
  (0.538 for 1.075);
- the circular hue loss at red with g = b is domain, not ok, in both dtypes: cos / sin(2 pi h) hides the wrap only
  for the real 2 pi; 2 * np.pi as a double is 2.4e-16 short (a jump of 1.2e-16 in g and b) and as float32 1.7e-7 long
  (a jump of 8.7e-8);
- the shifted soft-argmax in float32 at logits 100 is unstable, not ok: e^-100 makes slopes of 1e-44, float32
  subnormals that hold 5 bits (5.465e-44 for 5.336e-44);
- (a point chosen with a tie by mistake, 0.2 twice, made hist_match_rank domain: replaced by an untied one).

Findings (open; strict xfails of tests/test_user_trials71c.py):
F1. 'over' of RGBA pixels packed in one (n, 4) array, at a pixel whose two alphas are 0: the alphas have no derivative
    (the result jumps from 0 to the colour), the six colour entries have exact slope 0 (the where picks 0 whatever the
    colours), and the program gives NaN there (the division's 0 / 0 in the untaken branch). gradcli's exact gradient
    is right (colours 0, alphas NaN) but its verdict is domain; the same function with the alphas in planes of their
    own (over_planes, rgb_f / a_f / rgb_b / a_b) is wrong, as the README's rule for the inputs beside a missing
    derivative says ("Those other inputs are still judged ... the point is that verdict"): the rule is applied per
    variable, not per coordinate, so a NaN leak into coordinates that have a derivative hides behind a jump in
    another coordinate of the same array. Reproduce:
    gradcli check tests/trials/lib71c.py:over --at "fg=[[0.9,0.2,0.1,0.0],[0.3,0.8,0.5,0.25]],bg=[[0.1,0.3,0.7,0.0],[0.6,0.6,0.2,1.0]]" --dtype float64
    (domain; gradient fg[0] = [nan, nan, nan, nan], exact [0, 0, 0, nan]) against
    gradcli check tests/trials/lib71c.py:over_planes --at "rgb_f=[[0.9,0.2,0.1]],a_f=[0.0],rgb_b=[[0.1,0.3,0.7]],a_b=[0.0]" --dtype float64
    (wrong).
    Mended: the entries of an array beside its entries without a derivative are judged as an input of their own
    would be (judge._entries_with_a_derivative; tests/test_entries_beside_a_missing_derivative.py): wrong, at the
    where's line; 36 older truths moved with it from domain (a cone's tip beside a coordinate whose slope a rule
    makes NaN, a jump beside a surrogate's slopes, PyTorch's float32 1/6 in hardsigmoid beside a kink).
F2. The circular hue loss at img = [[0.8, 0.2, 0.2], [0.1, 0.4, 0.7]] (float64) is error, "no exact reference: an
    exact entry is within 4.14e-2560 of 0 at 3840 digits but not proven 0", where the truth is domain: g and b jump
    by 1.2e-16 at the wrap, r's slope is exactly 0 (h = (g - b) / c is 0 for every r), the second pixel's slopes are
    ordinary (0.0585, -0.117, 0.0585). The first pixel alone is decided (domain, r's exact slope 0, g and b NaN, "they
    differ by 1.22465e-16"), so is a raw-hue loss sum(h^2) at the same two pixels (a jump of 1); with the second pixel
    [0.9, 0.5, 0.2] or the pixels swapped, the same error. The tiny jump beside another pixel leaves the reference
    unsettled. Reproduce:
    gradcli check tests/trials/lib71c.py:hue_circular --at "img=[[0.8,0.2,0.2],[0.1,0.4,0.7]]" --dtype float64
    Mended: the one-sided values at the kink test's steps differ by the slope's share of the step, more than a
    millionth of the tiny jump, so the side was read as a pole; three steps' values fitting jump + slope h make it the
    jump (gradcli.checker.kinks._limit_beside_a_slope): domain, the jumps named in g and b (all three variants above).
"""

import math

import mpmath
import numpy
from mpmath import mpf

from cases import Case
from cases30b import sided_grad
from cases59c import _txt  # a point as its case id writes it
from cases62c import fixed  # a truth given entry by entry (mpf, NaN)

L = "lib71c.py"
NAN = mpmath.nan
fsum, log, exp, sqrt, floor = mpmath.fsum, mpmath.log, mpmath.exp, mpmath.sqrt, mpmath.floor


def D64(v):
    return mpf(float(v))


def D32(v):
    return mpf(float(numpy.float32(v)))


def held(dtype):
    return D32 if dtype == "float32" else D64


def flat(a):
    return [w for v in a for w in flat(v)] if isinstance(a, (list, tuple)) else [a]


# --- the mathematics, in mpmath; R holds a literal as the dtype does (a Python constant expression computed first) ----

def m_gamma_encode(R=D64):
    p = R(1 / 2.2)
    return lambda img: fsum(v ** p for v in flat(img))


def m_gamma_decode(R=D64):
    p = R(2.2)
    return lambda img: fsum(v ** p for v in flat(img))


def srgb_dec(v, R):
    return v / R(12.92) if v <= R(0.04045) else ((v + R(0.055)) / R(1.055)) ** R(2.4)


def srgb_enc(v, R):
    return R(12.92) * v if v <= R(0.0031308) else R(1.055) * v ** R(1 / 2.4) - R(0.055)


def m_srgb_to_linear(R=D64):
    return lambda c: fsum(srgb_dec(v, R) for v in flat(c))


def m_linear_to_srgb(R=D64):
    return lambda lin: fsum(srgb_enc(v, R) for v in flat(lin))


def m_contrast(R=D64):
    def lum(rgb):
        lin = [srgb_dec(v, R) for v in rgb]
        return R(0.2126) * lin[0] + R(0.7152) * lin[1] + R(0.0722) * lin[2]

    def f(fg, bg):
        l1, l2 = lum(fg), lum(bg)
        return (max(l1, l2) + R(0.05)) / (min(l1, l2) + R(0.05))
    return f


def hsv(px):
    """colorsys.rgb_to_hsv, hue in [0, 1) (0 for grey)."""
    r, g, b = px
    v = max(px)
    c = v - min(px)
    s = c / v if v > 0 else mpf(0)
    if c > 0:
        h = (g - b) / c if r == v else (2 + (b - r) / c if g == v else 4 + (r - g) / c)
        h6 = h / 6
        h = h6 - floor(h6)
    else:
        h = mpf(0)
    return h, s, v


def m_hsv_loss(img):
    hs = [hsv(px) for px in img]
    return fsum(h for h, _, _ in hs) + 2 * fsum(s for _, s, _ in hs) + fsum(v for _, _, v in hs)


def m_hue_circular(R=D64):
    two_pi = R(2 * math.pi)
    return lambda img: fsum(mpmath.cos(two_pi * h) + R(0.5) * mpmath.sin(two_pi * h) for h, _, _ in map(hsv, img))


DELTA = 6 / 29  # Python's double, then held


def lab_f(t, R):
    return mpmath.cbrt(t) if t > R(DELTA ** 3) else t / R(3 * DELTA ** 2) + R(4 / 29)


def lab(px, R):
    r, g, b = px
    x = (R(0.4124) * r + R(0.3576) * g + R(0.1805) * b) / R(0.95047)
    y = (R(0.2126) * r + R(0.7152) * g + R(0.0722) * b) / R(1.0)
    z = (R(0.0193) * r + R(0.1192) * g + R(0.9505) * b) / R(1.08883)
    fx, fy, fz = lab_f(x, R), lab_f(y, R), lab_f(z, R)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def m_lab_f_sum(R=D64):
    return lambda t: fsum(lab_f(v, R) for v in flat(t))


def m_lab_loss(R=D64):
    def f(rgb):
        labs = [lab(px, R) for px in rgb]
        return fsum(p[0] for p in labs) + R(0.5) * fsum(p[1] for p in labs) + R(0.25) * fsum(p[2] for p in labs)
    return f


def m_delta_e(R=D64):
    def f(x, y):
        return fsum(sqrt(fsum((a - b) ** 2 for a, b in zip(lab(p, R), lab(q, R)))) for p, q in zip(x, y))
    return f


def sobel(A):
    H, W = len(A), len(A[0])
    out = []
    for i in range(H - 2):
        for j in range(W - 2):
            gx = (A[i][j + 2] + 2 * A[i + 1][j + 2] + A[i + 2][j + 2]) - (A[i][j] + 2 * A[i + 1][j] + A[i + 2][j])
            gy = (A[i + 2][j] + 2 * A[i + 2][j + 1] + A[i + 2][j + 2]) - (A[i][j] + 2 * A[i][j + 1] + A[i][j + 2])
            out.append((gx, gy))
    return out


def m_sobel(eps=None, R=D64):
    e = 0 if eps is None else R(eps)
    return lambda img: fsum(sqrt(gx ** 2 + gy ** 2 + e) for gx, gy in sobel(img))


def m_tv_iso(eps=None, R=D64):
    e = 0 if eps is None else R(eps)

    def f(img):
        H, W = len(img), len(img[0])
        return fsum(sqrt((img[i + 1][j] - img[i][j]) ** 2 + (img[i][j + 1] - img[i][j]) ** 2 + e)
                    for i in range(H - 1) for j in range(W - 1))
    return f


def m_tv_aniso(img):
    H, W = len(img), len(img[0])
    return (fsum(abs(img[i + 1][j] - img[i][j]) for i in range(H - 1) for j in range(W))
            + fsum(abs(img[i][j + 1] - img[i][j]) for i in range(H) for j in range(W - 1)))


def m_ssim_loss(R=D64):
    c1, c2 = R((0.01 * 1.0) ** 2), R((0.03 * 1.0) ** 2)

    def f(x, y):
        x, y = flat(x), flat(y)
        n = len(x)
        mx, my = fsum(x) / n, fsum(y) / n
        vx, vy = fsum((a - mx) ** 2 for a in x) / n, fsum((b - my) ** 2 for b in y) / n
        cxy = fsum((a - mx) * (b - my) for a, b in zip(x, y)) / n
        return 1 - ((2 * mx * my + c1) * (2 * cxy + c2)) / ((mx ** 2 + my ** 2 + c1) * (vx + vy + c2))
    return f


def m_psnr(eps=None, R=D64):
    e = 0 if eps is None else R(eps)

    def f(x, y):
        x, y = flat(x), flat(y)
        mse = fsum((a - b) ** 2 for a, b in zip(x, y)) / len(x)
        return 10 * mpmath.log10(R(1.0) / (mse + e))
    return f


def bilinear(img, ys, xs):
    H, W = len(img), len(img[0])
    out = []
    for sy in ys:
        y0 = int(floor(sy))
        y1, wy = min(y0 + 1, H - 1), sy - y0
        for sx in xs:
            x0 = int(floor(sx))
            x1, wx = min(x0 + 1, W - 1), sx - x0
            top = img[y0][x0] * (1 - wx) + img[y0][x1] * wx
            bottom = img[y1][x0] * (1 - wx) + img[y1][x1] * wx
            out.append(top * (1 - wy) + bottom * wy)
    return out


def clip(v, lo, hi):
    return min(max(v, lo), hi)


def m_downsample(img):
    H, W = len(img), len(img[0])
    ys = [clip((k + mpf("0.5")) * (mpf(H) / 2) - mpf("0.5"), 0, H - 1) for k in range(2)]
    xs = [clip((k + mpf("0.5")) * (mpf(W) / 2) - mpf("0.5"), 0, W - 1) for k in range(2)]
    return fsum(v ** 2 for v in bilinear(img, ys, xs))


def m_upsample(img):
    H, W = len(img), len(img[0])
    return fsum(v ** 2 for v in bilinear(img, [k * mpf(H - 1) / 2 for k in range(3)], [k * mpf(W - 1) / 2 for k in range(3)]))


def m_shift(img, t):
    W = len(img[0])
    total = mpf(0)
    for row in img:
        for j in range(W - 1):
            src = clip(j + t, 0, W - 1)
            i0 = min(int(floor(src)), W - 2)
            frac = src - i0
            total += (row[i0] * (1 - frac) + row[i0 + 1] * frac) ** 2
    return total


def box3(A):
    H, W = len(A), len(A[0])
    return [[fsum(A[i + a][j + b] for a in range(3) for b in range(3)) / 9 for j in range(W - 2)] for i in range(H - 2)]


def m_box_energy(img):
    return fsum(v ** 2 for v in flat(box3(img)))


def conv_same(x):
    n = len(x)
    at = lambda k: x[k] if 0 <= k < n else 0  # noqa: E731
    return [mpf("0.25") * at(k - 1) + mpf("0.5") * at(k) + mpf("0.25") * at(k + 1) for k in range(n)]


def m_gauss_energy(img):
    rows = [conv_same(r) for r in img]
    cols = [conv_same([rows[i][j] for i in range(len(rows))]) for j in range(len(rows[0]))]
    return fsum(v ** 2 for c in cols for v in c)


def m_unsharp(img):
    H, W = len(img), len(img[0])
    pad = [[img[clip(i - 1, 0, H - 1)][clip(j - 1, 0, W - 1)] for j in range(W + 2)] for i in range(H + 2)]
    blur = box3(pad)
    return fsum(clip(img[i][j] + mpf("1.5") * (img[i][j] - blur[i][j]), 0, 1) ** 2 for i in range(H) for j in range(W))


TARGET = [mpf(k) / 8 for k in range(9)]


def m_hist_match(img):
    return fsum((a - t) ** 2 for a, t in zip(sorted(flat(img)), TARGET))


def m_over(fg, bg):
    total = mpf(0)
    for f, b in zip(fg, bg):
        af, ab = f[3], b[3]
        a = af + ab * (1 - af)
        if a > 0:
            total += fsum((f[k] * af + b[k] * ab * (1 - af)) / a for k in range(3))
        total += a
    return total


def m_over_planes(rgb_f, a_f, rgb_b, a_b):
    return m_over([list(c) + [a] for c, a in zip(rgb_f, a_f)], [list(c) + [a] for c, a in zip(rgb_b, a_b)])


def m_soft_argmax(logits):
    z = flat(logits)
    top = max(z)
    e = [exp(v - top) for v in z]
    s = fsum(e)
    p = [[e[3 * i + j] / s for j in range(3)] for i in range(3)]
    col = lambda j: fsum(p[i][j] for i in range(3))  # noqa: E731
    row = lambda i: fsum(p[i])  # noqa: E731
    return (col(1) + 2 * col(2)) + mpf("0.5") * (row(1) + 2 * row(2))


# --- cases ------------------------------------------------------------------------------------------------------------

def C(function, mirror, verdict="ok", dtype="float64", **pt):
    """A case whose truth is the one- and two-sided derivative of ``mirror`` at the point as ``dtype`` holds it."""
    return Case(L, function, ",".join(f"{k}={_txt(v)}" for k, v in pt.items()), dtype, verdict,
                sided_grad(mirror, dtype, **pt))


def H(function, truth, verdict="ok", dtype="float64", **pt):
    """A case whose truth is written by hand."""
    return Case(L, function, ",".join(f"{k}={_txt(v)}" for k, v in pt.items()), dtype, verdict, truth)


PIX = [[0.2, 0.5, 0.8], [1.0, 0.05, 0.3]]
PIX_BLACK = [[0.0, 0.0, 0.0], [0.5, 0.2, 0.8]]
KNEE_DEC, KNEE_ENC = 0.04045, 0.0031308
ABOVE_KNEE = float(numpy.nextafter(0.04045, 1.0))
KNEE_LAB = DELTA ** 3
ABOVE_KNEE_LAB = float(numpy.nextafter(DELTA ** 3, 1.0))
HSV = [[0.9, 0.5, 0.2], [0.1, 0.4, 0.7]]
GREY = [[0.5, 0.5, 0.5], [0.9, 0.5, 0.2]]
BLACK_PX = [[0.0, 0.0, 0.0], [0.9, 0.5, 0.2]]
YELLOW_TIE = [[0.8, 0.8, 0.2], [0.1, 0.4, 0.7]]
RED_MIN_TIE = [[0.8, 0.2, 0.2], [0.1, 0.4, 0.7]]
WRAP = [[0.8, 0.1, 0.3], [0.3, 0.9, 0.6]]
IMG3 = [[0.1, 0.5, 0.9], [0.2, 0.4, 0.6], [0.3, 0.8, 0.7]]
IMG3B = [[0.6, 0.2, 0.3], [0.9, 0.1, 0.4], [0.5, 0.7, 0.2]]
FLAT3 = [[0.5] * 3] * 3
RAMP4 = [[0.0, 0.25, 0.5, 0.75]] * 4
TIE3 = [[0.1, 0.5, 0.9], [0.1, 0.6, 0.2], [0.3, 0.3, 0.8]]  # x[1][0] = x[0][0], x[2][0] = x[2][1]
RGB2 = [[0.2, 0.5, 0.8], [0.9, 0.3, 0.1]]
RGB2B = [[0.25, 0.45, 0.7], [0.6, 0.35, 0.2]]
ULP = float(numpy.nextafter(0.5, 1.0))
ULP32 = float(numpy.nextafter(numpy.float32(0.5), numpy.float32(1.0)))
ROW2 = [[0.1, 0.5, 0.9, 0.3], [0.2, 0.4, 0.6, 0.8]]
SQ2 = [[0.2, 0.7], [0.9, 0.4]]
FG = [[0.9, 0.2, 0.1, 0.6], [0.3, 0.8, 0.5, 0.25]]
BG = [[0.1, 0.3, 0.7, 0.5], [0.6, 0.6, 0.2, 1.0]]
FG0 = [[0.9, 0.2, 0.1, 0.0], [0.3, 0.8, 0.5, 0.25]]
BG0 = [[0.1, 0.3, 0.7, 0.0], [0.6, 0.6, 0.2, 1.0]]
LOGITS = [[0.5, -1.0, 2.0], [1.0, 0.0, -0.5], [0.3, 1.5, -2.0]]
L800 = [[800.0, 0.0, 799.0], [0.0, 1.0, 0.0], [2.0, 0.0, 3.0]]
L800_TIE = [[800.0, 0.0, 800.0], [0.0, 1.0, 0.0], [2.0, 0.0, 800.0]]
L100 = [[100.0, 0.0, 99.0], [0.0, 1.0, 0.0], [2.0, 0.0, 3.0]]


def _gamma(img, p, dtype="float64"):
    R = held(dtype)
    return fixed(img=lambda: [[NAN if v == 0 else R(p) * R(v) ** (R(p) - 1) for v in row] for row in img])


ALL = [
    # gamma: a root at 0 (its slope +inf from the right, nothing on the left)
    C("gamma_encode", m_gamma_encode(), img=PIX),
    C("gamma_encode", m_gamma_encode(D32), dtype="float32", img=PIX),
    H("gamma_encode", _gamma(PIX_BLACK, 1 / 2.2), "domain", img=PIX_BLACK),
    C("gamma_encode", m_gamma_encode(), img=[[1e-300, 0.5, 0.2]]),
    C("gamma_decode", m_gamma_decode(), img=PIX),
    # the power ends its real domain at 0 with slope 0 (no jump, no infinite slope): 0 is its derivative there
    H("gamma_decode", fixed(img=lambda: [[mpf(0)] * 3, [D64(2.2) * D64(v) ** (D64(2.2) - 1) for v in PIX_BLACK[1]]]),
      img=PIX_BLACK),
    # sRGB decoding: the toe below 0.04045
    C("srgb_to_linear", m_srgb_to_linear(), c=PIX),
    C("srgb_to_linear", m_srgb_to_linear(), c=PIX_BLACK),
    C("srgb_to_linear", m_srgb_to_linear(), "domain", c=[[KNEE_DEC, 0.5, 0.2]]),
    C("srgb_to_linear", m_srgb_to_linear(D32), "domain", dtype="float32", c=[[KNEE_DEC, 0.5, 0.2]]),
    C("srgb_to_linear", m_srgb_to_linear(), c=[[ABOVE_KNEE, 0.5, 0.2]]),
    # sRGB encoding: the toe below 0.0031308, the root's slope at 0 in the untaken branch
    C("linear_to_srgb", m_linear_to_srgb(), lin=PIX),
    C("linear_to_srgb", m_linear_to_srgb(), "domain", lin=[[KNEE_ENC, 0.5, 0.2]]),
    C("linear_to_srgb", m_linear_to_srgb(), "wrong", lin=PIX_BLACK),
    C("linear_to_srgb", m_linear_to_srgb(D32), "wrong", dtype="float32", lin=PIX_BLACK),
    C("linear_to_srgb", m_linear_to_srgb(), lin=[[1e-300, 0.5, 0.2]]),
    C("linear_to_srgb_safe", m_linear_to_srgb(), lin=PIX_BLACK),
    C("linear_to_srgb_safe", m_linear_to_srgb(D32), dtype="float32", lin=PIX_BLACK),
    # WCAG contrast
    C("contrast_ratio", m_contrast(), fg=[0.2, 0.5, 0.8], bg=[0.9, 0.9, 0.7]),
    C("contrast_ratio", m_contrast(), "domain", fg=[0.2, 0.5, 0.8], bg=[0.2, 0.5, 0.8]),
    C("contrast_ratio", m_contrast(), "domain", fg=[KNEE_DEC, 0.5, 0.8], bg=[0.9, 0.9, 0.7]),
    C("contrast_ratio", m_contrast(D32), dtype="float32", fg=[0.2, 0.5, 0.8], bg=[0.9, 0.9, 0.7]),
    # HSV
    C("hsv_loss", m_hsv_loss, img=HSV),
    C("hsv_loss", m_hsv_loss, dtype="float32", img=HSV),
    C("hsv_loss", m_hsv_loss, "domain", img=GREY),
    C("hsv_loss", m_hsv_loss, "domain", img=BLACK_PX),
    C("hsv_loss", m_hsv_loss, "domain", img=YELLOW_TIE),
    C("hsv_loss", m_hsv_loss, "domain", img=RED_MIN_TIE),
    # 2 pi as a double is 2.4e-16 short: the wrap at red jumps by 1.2e-16 in g and b (r: h = (g - b) / c = 0, slope 0)
    C("hue_circular", m_hue_circular(), "domain", img=RED_MIN_TIE[:1]),
    C("hue_circular", m_hue_circular(), "domain", img=RED_MIN_TIE),
    C("hue_circular", m_hue_circular(), img=WRAP),
    C("hue_circular", m_hue_circular(), "domain", img=GREY),
    # the hue is smooth across the r = g tie for the max (slopes -1/6c and 1/6c from both sides); np.max's rule
    # shares the tie and halves r's and g's slopes
    C("hue_circular", m_hue_circular(), "wrong", img=YELLOW_TIE),
    C("hue_circular", m_hue_circular(D32), "domain", dtype="float32", img=RED_MIN_TIE),  # float32 2 pi: a jump of 8.7e-8
    # CIELAB
    C("lab_f_sum", m_lab_f_sum(), t=[0.5, 0.001, 0.2]),
    C("lab_f_sum", m_lab_f_sum(), "wrong", t=[0.0, 0.5]),
    C("lab_f_sum", m_lab_f_sum(), "domain", t=[KNEE_LAB, 0.5]),
    C("lab_f_sum", m_lab_f_sum(), t=[ABOVE_KNEE_LAB, 0.5]),
    C("lab_f_sum", m_lab_f_sum(), t=[1e-300, 0.5]),
    C("lab_f_sum", m_lab_f_sum(D32), dtype="float32", t=[0.5, 0.001, 0.2]),
    C("lab_f_sum", m_lab_f_sum(D32), "wrong", dtype="float32", t=[0.0, 0.5]),
    C("lab_f_sum", m_lab_f_sum(D32), "domain", dtype="float32", t=[KNEE_LAB, 0.5]),
    C("lab_loss", m_lab_loss(), rgb=RGB2),
    C("lab_loss", m_lab_loss(), "wrong", rgb=[[0.0, 0.0, 0.0], [0.9, 0.3, 0.1]]),
    C("lab_loss", m_lab_loss(D32), dtype="float32", rgb=RGB2),
    C("delta_e", m_delta_e(), x=RGB2, y=RGB2B),
    C("delta_e", m_delta_e(), "domain", x=RGB2, y=[[0.2, 0.5, 0.8], [0.6, 0.35, 0.2]]),
    C("delta_e", m_delta_e(D32), dtype="float32", x=RGB2, y=RGB2B),
    # Sobel magnitude: a cone at a flat patch (the 3 x 3 centre has weight 0 in both kernels)
    C("sobel_magnitude", m_sobel(), img=IMG3),
    C("sobel_magnitude", m_sobel(), "domain", img=FLAT3),
    C("sobel_magnitude", m_sobel(), img=RAMP4),
    C("sobel_magnitude", m_sobel(R=D32), dtype="float32", img=IMG3),
    C("sobel_magnitude_eps", m_sobel(1e-12), img=FLAT3),
    C("sobel_magnitude_eps", m_sobel(1e-12, D32), dtype="float32", img=FLAT3),
    # total variation
    C("tv_isotropic", m_tv_iso(), img=IMG3),
    C("tv_isotropic", m_tv_iso(), "domain", img=FLAT3),
    C("tv_isotropic", m_tv_iso(), img=TIE3),  # one difference 0 at each tie, the other not: smooth
    C("tv_isotropic", m_tv_iso(R=D32), dtype="float32", img=IMG3),
    C("tv_isotropic_eps", m_tv_iso(1e-8), img=FLAT3),
    C("tv_anisotropic", m_tv_aniso, img=IMG3),
    C("tv_anisotropic", m_tv_aniso, "domain", img=TIE3),
    # SSIM and PSNR
    C("ssim_loss", m_ssim_loss(), x=IMG3, y=IMG3B),
    C("ssim_loss", m_ssim_loss(), x=IMG3, y=IMG3),  # its maximum: every slope 0
    C("ssim_loss", m_ssim_loss(D32), dtype="float32", x=IMG3, y=IMG3B),
    C("ssim_loss", m_ssim_loss(D32), dtype="float32", x=IMG3, y=IMG3),
    C("psnr", m_psnr(), x=SQ2, y=[[0.25, 0.6], [0.8, 0.5]]),
    H("psnr", fixed(x=[[NAN, NAN], [NAN, NAN]], y=[[NAN, NAN], [NAN, NAN]]), "domain", x=SQ2, y=SQ2),  # log of 1/0
    C("psnr", m_psnr(), x=[[0.5, 0.7], [0.9, 0.4]], y=[[ULP, 0.7], [0.9, 0.4]]),
    C("psnr", m_psnr(R=D32), dtype="float32", x=[[0.5, 0.7], [0.9, 0.4]], y=[[ULP32, 0.7], [0.9, 0.4]]),
    C("psnr_eps", m_psnr(1e-10), x=SQ2, y=SQ2),
    # resampling
    C("downsample", m_downsample, img=IMG3),
    C("upsample", m_upsample, img=SQ2),
    C("shift_sample", m_shift, img=ROW2, t=0.25),
    C("shift_sample", m_shift, "domain", img=ROW2, t=0.0),
    C("shift_sample", m_shift, "domain", img=ROW2, t=1.0),
    C("shift_sample", m_shift, dtype="float32", img=ROW2, t=0.25),
    # blurs
    C("box_blur_energy", m_box_energy, img=[[0.1, 0.5, 0.9, 0.3], [0.2, 0.4, 0.6, 0.8], [0.3, 0.8, 0.7, 0.1]]),
    C("gauss_blur_energy", m_gauss_energy, img=IMG3),
    C("gauss_blur_energy", m_gauss_energy, dtype="float32", img=IMG3),
    C("unsharp", m_unsharp, img=[[0.4, 0.5, 0.45], [0.5, 0.55, 0.5], [0.45, 0.5, 0.4]]),
    C("unsharp", m_unsharp, "domain", img=[[1.0] * 3] * 3),
    C("unsharp", m_unsharp, img=FLAT3),
    # histogram matching by sort / rank
    C("hist_match_sort", m_hist_match, img=IMG3),
    C("hist_match_sort", m_hist_match, "domain", img=TIE3),
    C("hist_match_sort", m_hist_match, "domain", img=FLAT3),
    C("hist_match_sort", m_hist_match, dtype="float32", img=IMG3),
    C("hist_match_rank", m_hist_match, img=[[0.6, 0.2, 0.3], [0.9, 0.1, 0.4], [0.5, 0.7, 0.8]]),
    C("hist_match_rank", m_hist_match, "domain", img=TIE3),
    # compositing
    C("over", m_over, fg=FG, bg=BG),
    C("over", m_over, "wrong", fg=FG0, bg=BG0),
    C("over_planes", m_over_planes, rgb_f=[[0.9, 0.2, 0.1]], a_f=[0.6], rgb_b=[[0.1, 0.3, 0.7]], a_b=[0.5]),
    C("over_planes", m_over_planes, "wrong", rgb_f=[[0.9, 0.2, 0.1]], a_f=[0.0], rgb_b=[[0.1, 0.3, 0.7]], a_b=[0.0]),
    C("over_safe", m_over, "domain", fg=FG0, bg=BG0),
    C("over_safe", m_over, dtype="float32", fg=FG, bg=BG),
    # a spatial soft-argmax
    C("soft_argmax_naive", m_soft_argmax, logits=LOGITS),
    C("soft_argmax_naive", m_soft_argmax, "unstable", logits=L800),
    C("soft_argmax", m_soft_argmax, logits=L800),
    C("soft_argmax", m_soft_argmax, logits=L800_TIE),  # a three-way tie for the max: shift-invariant, smooth
    C("soft_argmax_naive", m_soft_argmax, "unstable", dtype="float32", logits=L100),
    C("soft_argmax", m_soft_argmax, "unstable", dtype="float32", logits=L100),  # e^-100: subnormal float32 slopes
]
