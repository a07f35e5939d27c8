"""The seventy-eighth trial set (third part): DIFFERENTIABLE RENDERING AND COMPUTER GRAPHICS written with gradcli.numpy
as graphics people write it (tests/trials/lib78c.py): the sRGB encode (where(x <= 0.0031308, 12.92 x, 1.055
x^(1/2.4) - 0.055)) at x = 0, at the switch in float64 and float32 and at 0.00313080001 in float32, with the power's
argument kept off 0 (double where), its decode at 0.04045, a display gamma x^(1/2.2) at 0 and in float32 at a subnormal
1e-40; Schlick's Fresnel f0 + (1 - f0)(1 - cos)^5 at cos = 1 and, clamped by clip, at 0 and 1; GGX's
alpha^2 / (pi ((n.h)^2 (alpha^2 - 1) + 1)^2) at n.h = 1 with alpha = 1e-60 (float32 1e-8) and 0, and Filament's
alpha / (1 - (n.h)^2 + (n.h alpha)^2) form; Smith's G1 2c / (c + sqrt(alpha^2 + (1 - alpha^2) c^2)) and its Heitz
Lambda form through tan^2 at c = 0 and 1e-200, and at c = alpha = 0; normalize v / sqrt(sum(v v)), / norm(v),
/ max(norm(v), 1e-12) (torch's F.normalize) and / sqrt(max(dot, 1e-20)) (shaders' rsqrt) at a zero vector, at 1e-200
(float32 1e-30); GLSL's refract with k = 1 - eta^2 (1 - c^2) at total internal reflection bare, under one where, with
sqrt(max(k, 0)) under the where and by a double where, and at k = 0 exactly (grazing, eta = 1); a sphere's SDF at its
centre and at 1e-200, Quilez's box length(max(q, 0)) + min(max(q), 0) outside, inside, on a face, at a corner, an edge
and the centre, a hard union of two spheres at its tie; smooth minima -log(e^-ka + e^-kb) / k with k = 32 at 25 and -25
(float32 3), by logaddexp, and the polynomial one at its clamp (h = 1 exactly), at k = 1e-200 and k = 0; SoftRas
coverage 1 - prod(1 - sigmoid(d / 1e-4)) by hand, by expit and in log space by log_expit, where the sigmoid saturates
(d = 0.01, -0.1; float32 0.003); 'over' compositing with the transmittance by cumprod and the background by prod, at
one and two opaque layers (float32 too); NeRF's quadrature with T = exp(-(cumsum(sd) - sd)) at densities of 1e-12,
7000, 7400 and 1e20 (float32 900), by expm1 and by an exclusive cumsum through concatenate; Reinhard x / (1 + x) at
1e8 (float32 1e4, 1e5), ACES at 0 and past its clamp, 1 - exp(-x) at 1e-10; barycentric interpolation by edge
functions over the signed area at two degenerate triangles.

Tried: 36 functions, 123 cases through the CLI judged by tests/trials/judge.py (at most two gradcli processes at once;
a scratch file runs the CLI in two threads and judges in the main one), then 131 after corrections, the new
probes, then the kept set whole. ALL keeps 109 (55 ok, 24 unstable, 19 domain, 11 wrong; 87 float64, 22 float32)
over 36 functions. 108 agree with gradcli in verdict and every exact gradient entry (to 1e-10 relative), and where a
case names its line or fix, in that too; one is a finding, F1. Every check took 1.1-2.5 s (the last full run 1 min 25 s,
at a load of 5 to 6 on 2 cores).

Truths are written here from the mathematics, never lib78c's code or gradcli: GGX as alpha^2 / (pi (1 - c^2 +
c^2 alpha^2)^2) (one expression for both spellings); Smith's Lambda form as 2 / (1 + sqrt(1 + alpha^2 tan^2)), even in
c; the smooth minimum as min - log1p(e^{-k|a - b|}) / k; SoftRas' coverage as 1 - prod sigmoid(-d / sigma); NeRF as
sum T_i (-expm1(-sigma_i delta)) rgb_i with T_i by a running sum; compositing by the running product; the SDFs, refract
and barycentrics as their formulas; the literals as the dtype holds them where they meet its data (1/2.4, 12.92, pi,
1e-4 in float32 as float32 holds them) and the module's float64 arrays (W, COLORS, DELTAS, RGB) as doubles in every
dtype; the derivative from the left and the right by mpmath.diff at 2,000 digits (cases30b.sided_grad), NaN where
they differ or one side is no number; by hand the poles, 0/0 points and total internal reflection.

What agreed: sRGB encode ok at 0.5 and 0.001, wrong at x = 0 (12.92 both sides; the untaken pow(0, 1/2.4)'s infinite
slope times 0, at the line), domain at 0.0031308 (12.92 left, 12.70 right; the curve also jumps 2.9e-8) in float64 and,
float32 holding point and literal alike, in float32 (README), unstable in float32 at 0.00313080001 (float32 rounds it
onto the literal's float32, the <= takes the linear branch: computed 12.92, exact 12.70, the flipped condition named);
the double where ok at 0, domain at the switch; decode ok, domain at 0.04045; gamma ok, domain at 0, ok at a float32
subnormal; Schlick ok at cos = 1 and 0.5 (float32), clip's kink under the flat (1 - c)^5 at cos = 1 ok (both slopes 0),
domain at cos = 0; GGX ok, unstable at alpha = 1e-60 (a2 - 1 + 1 = 0: D = a2 / 0 where it is 1e120 / pi; float32 at
1e-8), ok at alpha = 0 off n.h = 1, domain at alpha = 0, n.h = 1 (0/0); Filament's form ok at 1e-60 and float32 1e-8;
Smith ok at grazing (2 / alpha) and at 1e-200, domain at c = alpha = 0; its tan^2 form wrong at c = 0 (a kink in c;
alpha's exact 0 computed -0 * inf / inf at any precision, README's rule for inputs beside a missing derivative),
unstable at 1e-200 (c^2 = 0: G = 0 where it is 6.7e-200); normalize ok, domain at 0, unstable at 1e-200 (v v
underflows; norm too, as NumPy's, unscaled; float32 1e-30); the eps form wrong at 0 (the slope W 1e12, the norm's
rule 0 * inf), unstable at 1e-200 (its 0/0 only where v v underflows); the rsqrt(max) form ok at 0 and 1e-200 (W 1e10);
refract ok, domain at TIR, wrong at k = 0 (d[0], d[1] keep 0.2 and 0.7, judged apart beside d[2]'s kink; the rule's
NaN reaches them through dot(N, d)); one where wrong at TIR (sqrt(-0.44)'s NaN); sqrt(max(k, 0)) under the where
wrong too (sqrt(0)'s infinite slope times the where's 0, float32 too): a user's "safe" spelling that is not; the double
where ok; the sphere ok, domain at the centre (r keeps -1), unstable at 1e-200; the box ok outside (float32 too),
wrong inside and on a face (length of the zero vector max(q, 0), where the SDF is smooth: slopes (0, 0, 1) and
(1, 0, 0)), domain at a corner, wrong at the centre and on an edge (the entries with a slope, 0, computed NaN);
the union ok off its tie; the smooth minimum ok, unstable at 25 (e^-800 underflows: log 0) and -25 (e^800) and in
float32 at 3, ok by logaddexp; the polynomial one ok at its clamp (C1), unstable at k = 1e-200 (k's exact slope 0
computed 0 * inf: (b - a) / k^2 overflows), domain at k = 0; SoftRas ok, unstable where 1 - sigmoid(100) rounds to
0 (the other triangles' slopes 3.7e-44 lost; by expit too; float32 at 30) and where e^1000 overflows (inf / inf),
ok in log space; compositing ok with one and two opaque layers, by cumprod and by prod (its rule with zeros right);
NeRF ok, unstable at 1e-12 (1 - exp(-1e-13); expm1 offered and re-checked, ok by expm1), unstable behind 7000
(below), ok at 1e20 (every slope rounds to 0), unstable at 7400 (e^-740 subnormal; float32 at 900), ok by the
exclusive cumsum behind 7000; Reinhard ok, unstable at 1e8 (the rule's 1/(1+x) - x/(1+x)^2 cancels; float32 at 1e5,
4.6e-4 off), ok in float32 at 1e4 (8.3e-5 off, within 1e-4); ACES ok, domain at 0 (its curve is 0.03 x / 0.14 < 0 left
of 0, clipped: slopes 0 and 0.214), ok past its clamp; 1 - exp(-x) unstable at 1e-10 (expm1 offered and re-checked);
barycentrics ok, domain at both degenerate triangles (0/0 and x/0).

Truths the round corrected in itself (against the first CLI batch of 123, whose 18 disagreements are these; each
re-derived by hand before changing it):
- normalize_dot (float32, twice), composite and nerf_render (float32): the module's np.array constants were taken as
  float32; they are float64 arrays, so NumPy computes W * n, COLORS * ..., DELTAS * sigma in float64 and the reference
  holds them as doubles (README: a float64 NumPy array meeting float32 data): the exact gradients 0.0666666666...
  are W's doubles' (nerf_render at 900 in float32 stays unstable);
- ggx_ndf_filament in float32: its 1.0 / np.pi is the double Python makes, then float32's, not 1 / float32(pi):
  1.25e-8 apart;
- smith_g1_lambda at c = 0, meant domain: alpha's exact slope 0 is NaN by the rule at any precision (-1/(1 + inf)^2
  times alpha tan^2 / sqrt(...) = 0 * inf/inf): wrong beside the kink, as README's 1/(y log1p(-x));
- normalize_norm at 1e-200, meant ok: np.linalg.norm is sqrt(dot(v, v)) unscaled, as NumPy's is: unstable;
- normalize_eps at 1e-200, meant wrong: at high precision the norm 3e-200 is no 0 and its rule's slope times max's 0 is
  0; the NaN is float64's underflow: unstable (at the zero vector it is wrong);
- refract_safe at TIR, meant ok: sqrt(max(k, 0)) is sqrt(0), whose infinite slope times the where's 0 is NaN at any
  precision: wrong (float32 too); refract_where2 (the double where with k -> 1) added, ok;
- refract_bare at k = 0, sd_box at the centre and on an edge, meant domain: entries of an array beside an entry
  without a derivative are now judged apart (README, tests/test_entries_beside_a_missing_derivative.py, round 71c's F1,
  changed from "judged whole" while this round ran): their exact slopes (0.2, 0.7; 0, 0; 0) computed NaN at any
  precision: wrong;
- sd_box inside: the finding names length's line (the sqrt), not the caller's;
- nerf_render behind a density of 7000, meant ok: T = exp(-(cumsum(sd) - sd)) backpropagates sigma_0's transmittance
  slope as (g_0 + g_1 + g_2 + g_3) - g_0 with g_0 = -0.8 and the others 1e-305: unstable (6.7e-306 computed 7.9e-306);
  the exclusive sum by concatenate (nerf_render_excl, added) is ok;
- reinhard in float32 at 1e4, meant unstable: 8.3e-5 off, within float32's 1e-4: ok; 1e5 (4.6e-4) added, unstable;
- aces at 0, meant ok: the fit is negative just left of 0 and clipped: a kink, domain (the truth's NaN was right, its
  verdict not).

Finding:
- F1: np.minimum (also np.maximum, np.fmin and np.clip; not the np.max reduction) at a tie of two values that are
  inexact at high precision (a sqrt, a sin): gradcli says the gradient rule "at high precision gives 0" to the inputs
  both branches share and calls the point wrong, where the program's own gradient there is right and the truth is
  domain (a kink in the input that separates the branches, nothing else). sd_union(p) = min(|p - c1| - 1/2,
  |p - c2| - 1/2), c = (-1, 0, 0), (1, 0, 0), at p = (0, 0.4, 0.1): p[0] has slopes 0.9245 and -0.9245; p[1], p[2]
  have 0.3698 and 0.0925 on both branches; the float64 gradient is [0, 0.3698001308168194, 0.09245003270420485]
  (the tie split half and half), yet gradcli: "the gradient rule is wrong: at high precision it gives {p: [0, 0, 0]}
  ...": wrong. Minimal (a scratch file): np.minimum(y + np.sin(1.0 + x), y + np.sin(1.0 - x)) at x = 0, y = 0.4:
  wrong, "at high precision it gives {y: 0}" where the float64 slope 1.0 and the exact 1 agree; the same with
  np.maximum, np.fmin, np.clip(y + sin(1 + x), -5, y + sin(1 - x)) and with two sqrt's; np.minimum of two exact
  squares (x + 1)^2 + y^2 vs (x - 1)^2 + y^2, of two lines, and np.max(np.stack(...)) of the sines are domain, right;
  np.where(a < b, a, b) of the sqrt's domain, right. Reading (not traced): the picks' high-precision rule
  (gradcli/autodiff/arb.py _minimum: _decide(a <= b, a > b, _equal(a, b))) cannot decide a tie between two balls
  that overlap but are not provably equal and gives neither branch the cotangent, where the float rule splits it.
  Reproduce: gradcli check tests/trials/lib78c.py:sd_union --at "p=[0.0,0.4,0.1]" --dtype float64 --json
  Mended: the forward pick took one of the overlapping balls by the point's own branch, and the rule asked the
  balls' order again and found none; a pick the balls do not decide is now remembered by its very operands, and the
  rules of maximum, minimum, fmax, fmin and clip weigh the operand it returned (arb._picked_order,
  tests/test_picks_between_balls_that_overlap.py): domain.
"""

import math

import mpmath
import numpy
from mpmath import mpf

from cases import Case
from cases5 import hp
from cases30b import sided_grad
from cases59c import _txt  # a point as its case id writes it

L = "lib78c.py"
NAN = mpmath.nan
fsum, exp, sqrt = mpmath.fsum, mpmath.exp, mpmath.sqrt


def D64(v):
    return mpf(float(v))


def D32(v):
    return mpf(float(numpy.float32(v)))


# --- the mathematics, in mpmath ---------------------------------------------------------------------------------------

def m_srgb_encode(Q=D64):
    """The sRGB curve: 12.92 x up to 0.0031308, 1.055 x^(1/2.4) - 0.055 above (1/2.4 the double Python makes)."""
    cut, e = Q(0.0031308), Q(1.0 / 2.4)

    def f(x):
        return Q(12.92) * x if x <= cut else Q(1.055) * x ** e - Q(0.055)
    return f


def m_srgb_decode(Q=D64):
    def f(c):
        return c / Q(12.92) if c <= Q(0.04045) else ((c + Q(0.055)) / Q(1.055)) ** Q(2.4)
    return f


def m_gamma(Q=D64):
    return lambda x: x ** Q(1.0 / 2.2)


def m_schlick(clamp=False):
    def f(cos_theta, f0):
        c = min(max(cos_theta, 0), 1) if clamp else cos_theta
        return f0 + (1 - f0) * (1 - c) ** 5
    return f


def m_ggx(Q=D64, filament=False):
    """alpha^2 / (pi (1 - c^2 + c^2 alpha^2)^2); pi as the dtype holds it, or Filament's 1 / pi as the double Python
    makes and the dtype then holds."""
    inv_pi = Q(1.0 / math.pi) if filament else 1 / Q(math.pi)
    return lambda n_dot_h, alpha: alpha ** 2 * inv_pi / (1 - n_dot_h ** 2 + n_dot_h ** 2 * alpha ** 2) ** 2


def m_smith(n_dot_v, alpha):
    """2 c / (c + sqrt(alpha^2 + (1 - alpha^2) c^2))."""
    return 2 * n_dot_v / (n_dot_v + sqrt(alpha ** 2 + (1 - alpha ** 2) * n_dot_v ** 2))


def m_smith_lambda(n_dot_v, alpha):
    """1 / (1 + Lambda), Lambda = (sqrt(1 + alpha^2 tan^2) - 1) / 2: even in c (tan^2 is)."""
    t2 = (1 - n_dot_v ** 2) / n_dot_v ** 2
    return 2 / (1 + sqrt(1 + alpha ** 2 * t2))


W = [0.3, -0.5, 0.8]


def m_normalize(kind="plain", Q=D64):
    """W . v / |v| (W a float64 array: NumPy's float64 whatever the dtype of v), |v| floored at the eps as the dtype
    holds it."""
    w = [D64(a) for a in W]

    def f(v):
        s = fsum(a * a for a in v)
        if kind == "eps":
            den = max(sqrt(s), Q(1e-12))
        elif kind == "safe":
            den = sqrt(max(s, Q(1e-20)))
        else:
            den = sqrt(s)
        return fsum(a * b for a, b in zip(w, v)) / den
    return f


WT = [0.2, 0.7, -0.4]


def m_refract(tir="nan"):
    """t = eta d - (eta c + sqrt(k)) n, k = 1 - eta^2 (1 - c^2), c = d . n = d_z; where k < 0: NaN or 0 (the zero
    vector)."""
    def f(d, eta):
        c = d[2]
        k = 1 - eta ** 2 * (1 - c ** 2)
        if k < 0:
            return NAN if tir == "nan" else mpf(0)
        return eta * fsum(D64(w) * a for w, a in zip(WT, d)) - D64(WT[2]) * (eta * c + sqrt(k))
    return f


def m_sd_sphere(p, r):
    return sqrt(fsum(a * a for a in p)) - r


BOX = [1.0, 0.5, 0.25]


def m_sd_box(p):
    q = [abs(a) - b for a, b in zip(p, BOX)]
    return sqrt(fsum(max(a, 0) ** 2 for a in q)) + min(max(q), 0)


K = 32


def m_smin_exp(a, b):
    """-log(e^{-ka} + e^{-kb}) / k = min - log1p(e^{-k|a - b|}) / k."""
    return min(a, b) - mpmath.log1p(exp(-K * abs(a - b))) / K


def m_smin_poly(a, b, k):
    h = min(max(mpf(1) / 2 + (b - a) / (2 * k), 0), 1)
    return b * (1 - h) + a * h - k * h * (1 - h)


def m_coverage(Q=D64):
    """1 - prod(1 - sigmoid(d_i / sigma)) = 1 - prod sigmoid(-d_i / sigma)."""
    sigma = Q(1e-4)
    return lambda d: 1 - mpmath.fprod(1 / (1 + exp(a / sigma)) for a in d)


COLORS = [0.9, 0.2, 0.5, 0.7]


def m_composite():
    """sum c_i a_i prod_{j<i} (1 - a_j), the colours a float64 array."""
    c = [D64(v) for v in COLORS]

    def f(alpha):
        out, t = mpf(0), mpf(1)
        for ci, a in zip(c, alpha):
            out += ci * a * t
            t *= 1 - a
        return out
    return f


RGB = [0.8, 0.1, 0.4, 0.6]


def m_nerf():
    """sum_i T_i (1 - e^{-sigma_i delta}) rgb_i, T_i = e^{-delta sum_{j<i} sigma_j}, delta the double 0.1 (DELTAS and
    RGB are float64 arrays)."""
    delta, rgb = D64(0.1), [D64(v) for v in RGB]

    def f(sigma):
        out, acc = mpf(0), mpf(0)
        for s, c in zip(sigma, rgb):
            sd = s * delta
            out += exp(-acc) * -mpmath.expm1(-sd) * c
            acc += sd
        return out
    return f


def m_composite_bg():
    f = m_composite()
    return lambda alpha: f(alpha) + mpf(1) / 4 * mpmath.fprod(1 - a for a in alpha)


def m_tonemap_exp(x):
    return -mpmath.expm1(-x)


def m_sd_union(p):
    return min(m_sd_sphere([p[0] + 1, p[1], p[2]], mpf(1) / 2), m_sd_sphere([p[0] - 1, p[1], p[2]], mpf(1) / 2))


def m_reinhard(x):
    return x / (1 + x)


def m_aces(Q=D64):
    a, b, c, d, e = (Q(v) for v in (2.51, 0.03, 2.43, 0.59, 0.14))
    return lambda x: min(max(x * (a * x + b) / (x * (c * x + d) + e), 0), 1)


PIX = [mpf(1) / 4, mpf(1) / 4]
ATTR = [1, 2, 4]


def m_bary(tri):
    def cross(o, u, v):  # (u - o) x (v - o)
        return (u[0] - o[0]) * (v[1] - o[1]) - (u[1] - o[1]) * (v[0] - o[0])
    a, b, c = tri
    area = cross(a, b, c)
    w = [cross(PIX, b, c) / area, cross(PIX, c, a) / area, cross(PIX, a, b) / area]
    return fsum(x * y for x, y in zip(w, ATTR))


# --- cases ------------------------------------------------------------------------------------------------------------

def C(function, mirror, verdict="ok", dtype="float64", line=None, fix=None, **pt):
    """A case whose truth is the one- and two-sided derivative of ``mirror`` at the point as ``dtype`` holds it."""
    return Case(L, function, ",".join(f"{k}={_txt(v)}" for k, v in pt.items()), dtype, verdict,
                sided_grad(mirror, dtype, **pt), line, fix)


def H(function, truth, verdict="ok", dtype="float64", line=None, fix=None, **pt):
    """A case whose truth is written by hand."""
    return Case(L, function, ",".join(f"{k}={_txt(v)}" for k, v in pt.items()), dtype, verdict, hp(truth), line, fix)


def all_nan(**pt):
    def nan_like(v):
        return [nan_like(a) for a in v] if isinstance(v, list) else NAN
    return lambda: {k: nan_like(v) for k, v in pt.items()}


def fixed(**values):
    """Given entries (numbers, NaN or lists of them)."""
    def conv(v):
        return [conv(a) for a in v] if isinstance(v, list) else (v if isinstance(v, mpf) else mpf(v))
    return lambda: {k: conv(v) for k, v in values.items()}


V = [1.0, 2.0, 2.0]
V_TINY = [1e-200, 2e-200, 2e-200]
ZERO3 = [0.0, 0.0, 0.0]
D_IN = [0.6, 0.0, -0.8]  # into a denser medium
D_TIR = [0.8, 0.0, -0.6]  # eta = 1.5: k = 1 - 2.25 * 0.64 < 0
D_GRAZE = [1.0, 0.0, 0.0]  # eta = 1: k = 0 exactly
ALPHA = [0.3, 0.5, 0.2, 0.9]
SIG = [1.0, 2.0, 3.0, 0.5]
TRI = [[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]]


ALL = [
    # sRGB and gamma
    C("srgb_encode", m_srgb_encode(), x=0.5),
    C("srgb_encode", m_srgb_encode(), x=0.001),
    C("srgb_encode", m_srgb_encode(), "wrong", line="np.where(x <= 0.0031308, 12.92 * x, 1.055 * np.power(x, 1.0",
      x=0.0),  # 12.92 on both sides; the unselected power's 0 * inf
    C("srgb_encode", m_srgb_encode(), "domain", x=0.0031308),  # 12.92 left, 12.70 right
    C("srgb_encode", m_srgb_encode(D32), dtype="float32", x=0.5),
    # float32 holds the point and the literal alike: the same switch as in float64 (README)
    C("srgb_encode", m_srgb_encode(D32), "domain", dtype="float32", x=0.0031308),
    # float64 puts 0.00313080001 1e-11 past the switch; float32 rounds it onto the switch's float32 literal, whose
    # <= takes the linear branch: judged against the literal as written, the power branch's slope 12.70
    C("srgb_encode", m_srgb_encode(), "unstable", dtype="float32", x=0.00313080001),
    C("srgb_encode_safe", m_srgb_encode(), x=0.0),
    C("srgb_encode_safe", m_srgb_encode(), "domain", x=0.0031308),
    C("srgb_decode", m_srgb_decode(), c=0.5),
    C("srgb_decode", m_srgb_decode(), "domain", c=0.04045),  # 1/12.92 = 0.0774 left, 0.0787 right
    C("gamma_encode", m_gamma(), x=0.5),
    H("gamma_encode", all_nan(x=0), "domain", x=0.0),  # no left side, infinite right slope
    C("gamma_encode", m_gamma(D32), dtype="float32", x=1e-40),  # a subnormal point: slope 3.1e21
    # Schlick's Fresnel
    C("schlick", m_schlick(), cos_theta=0.5, f0=0.04),
    C("schlick", m_schlick(), cos_theta=1.0, f0=0.04),  # (1 - c)^5 at 0: slope 0
    C("schlick", m_schlick(), dtype="float32", cos_theta=0.5, f0=0.04),
    C("schlick_clamped", m_schlick(True), cos_theta=1.0, f0=0.04),  # clip's kink under a flat (1 - c)^5: 0 both sides
    C("schlick_clamped", m_schlick(True), "domain", cos_theta=0.0, f0=0.04),  # 0 left, -4.8 right
    # GGX / Trowbridge-Reitz
    C("ggx_ndf", m_ggx(), n_dot_h=0.9, alpha=0.5),
    C("ggx_ndf", m_ggx(), "unstable", n_dot_h=1.0, alpha=1e-60),  # a2 - 1 + 1 = 0: a2 / 0 where D = 1e120 / pi
    C("ggx_ndf", m_ggx(), n_dot_h=0.9, alpha=0.0),  # D = 0 alpha^2 / ...: slopes 0
    H("ggx_ndf", all_nan(n_dot_h=0, alpha=0), "domain", n_dot_h=1.0, alpha=0.0),  # 0/0: the delta
    C("ggx_ndf", m_ggx(D32), dtype="float32", n_dot_h=0.9, alpha=0.5),
    C("ggx_ndf", m_ggx(D32), "unstable", dtype="float32", n_dot_h=1.0, alpha=1e-8),
    C("ggx_ndf_filament", m_ggx(filament=True), n_dot_h=1.0, alpha=1e-60),
    H("ggx_ndf_filament", all_nan(n_dot_h=0, alpha=0), "domain", n_dot_h=1.0, alpha=0.0),
    C("ggx_ndf_filament", m_ggx(D32, True), dtype="float32", n_dot_h=1.0, alpha=1e-8),
    # Smith masking
    C("smith_g1", m_smith, n_dot_v=0.5, alpha=0.3),
    C("smith_g1", m_smith, n_dot_v=0.0, alpha=0.3),  # grazing: 2 / alpha, alpha 0
    C("smith_g1", m_smith, n_dot_v=1e-200, alpha=0.3),
    H("smith_g1", all_nan(n_dot_v=0, alpha=0), "domain", n_dot_v=0.0, alpha=0.0),  # 2c / (c + |c|)
    C("smith_g1", m_smith, dtype="float32", n_dot_v=0.5, alpha=0.3),
    C("smith_g1_lambda", m_smith_lambda, n_dot_v=0.5, alpha=0.3),
    # tan^2 is even in c: slopes -2/alpha and 2/alpha; G = 0 for every alpha there (alpha's slope 0)
    # alpha's exact 0 is -0 * (alpha inf / inf) = NaN by the rule at any precision: wrong beside the kink (README)
    H("smith_g1_lambda", fixed(n_dot_v=NAN, alpha=0), "wrong", n_dot_v=0.0, alpha=0.3),
    C("smith_g1_lambda", m_smith_lambda, "unstable", n_dot_v=1e-200, alpha=0.3),  # c^2 = 0: G = 0 for 6.7e-200
    # normalize
    C("normalize_dot", m_normalize(), v=V),
    H("normalize_dot", all_nan(v=ZERO3), "domain", v=ZERO3),
    C("normalize_dot", m_normalize(), "unstable", v=V_TINY),  # v * v underflows: 0 / 0
    C("normalize_dot", m_normalize(Q=D32), dtype="float32", v=V),
    C("normalize_dot", m_normalize(Q=D32), "unstable", dtype="float32", v=[1e-30, 2e-30, 2e-30]),
    C("normalize_norm", m_normalize(), "unstable", v=V_TINY),  # norm is sqrt(dot(v, v)), unscaled, as NumPy's
    H("normalize_norm", all_nan(v=ZERO3), "domain", v=ZERO3),
    C("normalize_eps", m_normalize("eps"), "wrong", v=ZERO3),  # max(0, 1e-12): W / 1e-12; the norm's rule 0 / 0
    C("normalize_eps", m_normalize("eps"), "unstable", v=V_TINY),  # the norm's 0 / 0 only where v * v underflows
    C("normalize_safe", m_normalize("safe"), v=ZERO3),  # W 1e10
    C("normalize_safe", m_normalize("safe"), v=V_TINY),
    # reflect / refract
    C("refract_bare", m_refract(), d=D_IN, eta=0.75),
    H("refract_bare", all_nan(d=D_TIR, eta=0), "domain", d=D_TIR, eta=1.5),  # sqrt(-0.44)
    # k = 1 - eta^2 (1 - c^2) = c^2 at eta = 1: sqrt(k) = |c|, and k < 0 for eta > 1
    # entries beside a missing derivative are judged apart: d[0], d[1] keep 0.2, 0.7, the rule's NaN through dot(N, d)
    H("refract_bare", fixed(d=[0.2, 0.7, NAN], eta=NAN), "wrong", d=D_GRAZE, eta=1.0),
    H("refract_where", fixed(d=ZERO3, eta=0), "wrong",
      line="t = np.where(k < 0.0, 0.0 * d, eta * d - (eta * c + np.sqrt(k)) * N)", d=D_TIR, eta=1.5),  # sqrt(-0.44)
    C("refract_safe", m_refract("zero"), d=D_IN, eta=0.75),
    # sqrt(max(k, 0)) is sqrt(0) at TIR: its infinite slope times the where's 0 is NaN at any precision
    H("refract_safe", fixed(d=ZERO3, eta=0), "wrong", line="np.sqrt(np.maximum(k, 0.0))", d=D_TIR, eta=1.5),
    H("refract_safe", fixed(d=ZERO3, eta=0), "wrong", dtype="float32", d=D_TIR, eta=1.5),
    H("refract_where2", fixed(d=ZERO3, eta=0), d=D_TIR, eta=1.5),
    H("refract_where2", fixed(d=ZERO3, eta=0), dtype="float32", d=D_TIR, eta=1.5),
    # signed distances
    C("sd_sphere", m_sd_sphere, p=V, r=1.0),
    H("sd_sphere", fixed(p=[NAN, NAN, NAN], r=-1), "domain", p=ZERO3, r=1.0),  # the cone at the centre
    C("sd_sphere", m_sd_sphere, "unstable", p=V_TINY, r=1.0),  # p / |p| as 0 / 0
    C("sd_box", m_sd_box, p=[1.5, 0.1, 0.05]),  # outside a face
    C("sd_box", m_sd_box, "wrong", line="return np.sqrt(np.sum(v * v))", p=[0.5, 0.1, 0.05]),  # inside: length(0)
    C("sd_box", m_sd_box, "wrong", p=[1.0, 0.0, 0.0]),  # on a face: the SDF is smooth, slope (1, 0, 0)
    H("sd_box", all_nan(p=[1, 1, 1]), "domain", p=BOX),  # the corner: 0 inside, 1 outside per axis
    # the centre: |p_z| - 0.25; p[0], p[1] judged apart: slopes 0, the rule's NaN from length(0)
    H("sd_box", fixed(p=[0, 0, NAN]), "wrong", p=ZERO3),
    H("sd_box", fixed(p=[NAN, NAN, 0]), "wrong", p=[1.0, 0.5, 0.0]),  # an edge: p[2]'s 0 computed NaN
    C("sd_box", m_sd_box, dtype="float32", p=[1.5, 0.1, 0.05]),
    C("sd_union", m_sd_union, p=[0.3, 0.4, 0.1]),
    # the tie: slopes 0.92 and -0.92 in p[0]; p[1], p[2] 0.37, 0.092 on both branches (F1, mended: a rule of 0 was claimed)
    C("sd_union", m_sd_union, "domain", p=[0.0, 0.4, 0.1]),
    # smooth minima
    C("smin_exp", m_smin_exp, a=0.5, b=0.7),
    C("smin_exp", m_smin_exp, "unstable", a=25.0, b=25.5),  # e^-800 + e^-816 underflows: log(0)
    C("smin_exp", m_smin_exp, "unstable", a=-25.0, b=-24.5),  # e^800 overflows
    C("smin_exp", m_smin_exp, "unstable", dtype="float32", a=3.0, b=3.5),  # e^-96, e^-112: subnormal and 0
    C("smin_lse", m_smin_exp, a=25.0, b=25.5),
    C("smin_poly", m_smin_poly, a=0.25, b=0.375, k=0.125),  # h = 1 exactly: clip's switch, C1 there
    # (b - a) / k = 1.25e199 clipped to 1: slopes 1, 0, 0; k's rule -(b - a) / k^2 overflows, times clip's 0
    C("smin_poly", m_smin_poly, "unstable", a=0.25, b=0.375, k=1e-200),
    H("smin_poly", all_nan(a=0, b=0, k=0), "domain", a=0.25, b=0.25, k=0.0),  # 0 / 0
    # soft rasterisation
    C("soft_coverage", m_coverage(), d=[1e-5, -2e-5, 5e-5]),
    C("soft_coverage", m_coverage(), "unstable", d=[0.01, -2e-5, 5e-5]),  # 1 - sigmoid(100) = 0: the others' slopes
    C("soft_coverage", m_coverage(), "unstable", d=[-0.1, -2e-5, 5e-5]),  # e^1000 overflows: inf / inf
    C("soft_coverage", m_coverage(D32), dtype="float32", d=[1e-5, -2e-5, 5e-5]),
    C("soft_coverage", m_coverage(D32), "unstable", dtype="float32", d=[0.003, -2e-5, 5e-5]),
    C("soft_coverage_stable", m_coverage(), d=[0.01, -2e-5, 5e-5]),
    C("soft_coverage_expit", m_coverage(), "unstable", d=[0.01, -2e-5, 5e-5]),  # 1 - expit(100) = 0
    # alpha compositing
    C("composite", m_composite(), alpha=ALPHA),
    C("composite", m_composite(), alpha=[1.0, 0.5, 0.2, 0.9]),  # an opaque front layer: cumprod meets 0
    C("composite", m_composite(), alpha=[0.3, 1.0, 1.0, 0.9]),  # two zeros in the product
    C("composite", m_composite(), dtype="float32", alpha=[1.0, 0.5, 0.2, 0.9]),
    C("composite_bg", m_composite_bg(), alpha=[1.0, 0.5, 0.2, 0.9]),  # prod(1 - alpha) with one 0
    C("composite_bg", m_composite_bg(), alpha=[0.3, 1.0, 1.0, 0.9]),  # two 0s: every slope of the product 0
    # NeRF
    C("nerf_render", m_nerf(), sigma=SIG),
    C("nerf_render", m_nerf(), "unstable", fix="expm1(", sigma=[1e-12, 2e-12, 1e-12, 3e-12]),  # 1 - e^-1e-13
    # T_1 = e^-700: sigma_0's slope through the transmittances is (g_0 + ... + g_3) - g_0 by cumsum(sd) - sd, the
    # 1e-305 terms lost against g_0 = -0.8
    C("nerf_render", m_nerf(), "unstable", sigma=[7000.0, 2.0, 3.0, 0.5]),
    C("nerf_render", m_nerf(), sigma=[1e20, 2.0, 3.0, 0.5]),  # e^-1e19: every slope rounds to 0
    C("nerf_render_excl", m_nerf(), sigma=[7000.0, 2.0, 3.0, 0.5]),  # the exclusive sum by concatenate
    C("nerf_render", m_nerf(), "unstable", sigma=[7400.0, 2.0, 3.0, 0.5]),  # e^-740 = 4e-322: subnormal
    C("nerf_render", m_nerf(), dtype="float32", sigma=SIG),
    C("nerf_render", m_nerf(), "unstable", dtype="float32", sigma=[900.0, 2.0, 3.0, 0.5]),  # e^-90 subnormal
    C("nerf_render_expm1", m_nerf(), sigma=[1e-12, 2e-12, 1e-12, 3e-12]),
    # tone mapping
    C("reinhard", m_reinhard, x=0.5),
    C("reinhard", m_reinhard, "unstable", x=1e8),  # 1/(1+x) - x/(1+x)^2 cancels
    C("reinhard", m_reinhard, dtype="float32", x=1e4),  # the rule's cancellation leaves 8.3e-5 relative
    C("reinhard", m_reinhard, "unstable", dtype="float32", x=1e5),  # 4.6e-4
    C("aces", m_aces(), x=0.5),
    C("aces", m_aces(), "domain", x=0.0),  # the curve is 0.03 x / 0.14 < 0 left of 0: clipped, slopes 0 and 0.214
    C("aces", m_aces(), x=100.0),  # clipped at 1: slope 0
    C("tonemap_exp", m_tonemap_exp, "unstable", fix="expm1(", x=1e-10),  # 1 - exp(-x) cancels
    # barycentric interpolation
    C("bary_interp", m_bary, tri=TRI),
    H("bary_interp", all_nan(tri=[[0, 0], [0, 0], [0, 0]]), "domain", tri=[[0.0, 0.0], [1.0, 1.0], [2.0, 2.0]]),
    H("bary_interp", all_nan(tri=[[0, 0], [0, 0], [0, 0]]), "domain", tri=[[0.0, 0.0], [1.0, 0.0], [2.0, 0.0]]),
]
