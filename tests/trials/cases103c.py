"""The hundred-and-third round (c) of user trials: seismology and geophysics written with gradcli.numpy
(tests/trials/lib103c.py).

The formulas seismologists and geophysicists invert by gradient: Gutenberg-Richter's 10^(a - b M) (both dtypes; b = 0;
float32 10^37.5 and 10^40); Aki's b-value log10(e) / (mean(M) - Mc) (both dtypes; mean(M) = Mc; 3.3e-11 above it at 2
and at 3.3; 1.5e-16 above it, computed 0) and Utsu's with Mc - dM / 2 (both dtypes; a catalogue at the bin's lower
edge, M = 1.95, Mc = 2, dM = 0.1, in both dtypes); the moment magnitude 2/3 log10(M0) - 6.07 (both dtypes; M0 = 0;
float32 1e-45) and the moment 10^(1.5 Mw + 9.1) (both dtypes; float32 Mw = 20, Mw = 200); the modified Omori rate K /
(t + c)^p (both dtypes; t = 0; t = c = 0 with p = 1; c = 1e-300) and its integral for p != 1 (both dtypes; p = 1 in
both dtypes: 0 / 0; p = 1 + 1e-10, float32 1 + 1e-5), for p = 1 as K log(1 + t / c) (both dtypes; c = 1e-300; c = 0)
and both switched by np.where at p == 1 (p = 1.1; p = 1 in both dtypes); Brune's spectrum omega0 / (1 + (f / fc)^2)
(both dtypes; f = 0; fc = 0; fc = 1e-200, float32 1e-20) and its logarithm by log1p (both dtypes; fc = 0; fc =
1e-200, float32 1e-20), the corner frequency 0.4906 beta (dsigma / M0)^(1/3) (both dtypes; dsigma = 0 in both);
attenuation A / r e^{-pi f r / (Q v)} (both dtypes; r = 0, 1e-300, float32 1e-30; Q = 1e300); the reflection time
sqrt(x^2 + 4 h^2) / v (both dtypes; x = 0; the vertex x = h = 0 in both dtypes; x = 1e200, float32 1e20); Snell's
arcsin(v2 / v1 sin i) (both dtypes; i = pi / 6 at v2 = 2 v1; the double below pi / 2 and float32's above it at v1 = v2)
and from the ray parameter arcsin(p v2) (both dtypes; p v2 = 1 exactly; the double 0.0005 times 2000 = 1 + 2.1e-17 in
both dtypes; 1 - 2e-8); the head wave's x / v2 + 2 h sqrt(1 - (v1 / v2)^2) / v1 (both dtypes; v1 = v2 in both; v1 /
v2 = 1 - 1e-14) and the intercept time 2 h cos(arcsin(v1 / v2)) / v1 (both dtypes; v1 = v2 in both; 1 - 1e-14); a
buried sphere's G M z / (x^2 + z^2)^1.5 (both dtypes; x = 0; the origin; tiny x, z, GM; float32 z = 1e13; z = 1e-160);
the Bouguer slab 2 pi G rho h (both dtypes: (2.0 * np.pi) * G a Python float cast to float32) and the simple Bouguer
anomaly (both dtypes); Archie's a Rw phi^-m Sw^-n (both dtypes; phi = 0, 1e-100, 1e-160, float32 1e-20) and its water
saturation (both dtypes; phi = 0); Gassmann's fluid substitution (both dtypes; K_dry = K_min in both; phi = 0; phi = 0
with K_dry = K_min in both: 0 / 0; K_dry = K_min (1 - 2.7e-12) with phi = 1e-12).

Tried: 24 functions, 118 cases run through the CLI and judged by tests/trials/judge.py (at most two gradcli processes
at once: a scratch driver runs the CLI in two threads and judges in the main one), three full runs and reruns of the
changed cases, and scratch probes by hand (F1's and F2's minimal forms and their neighbours). ALL keeps the 118: 58
ok, 31 domain, 24 unstable, 5 wrong; 73 float64, 45 float32. 114 agree with gradcli in verdict and in every exact
gradient entry (to 1e-10 relative); 4 are the findings F1 (2) and F2 (2). Every check took 0.8-3.3 s on the shared
machine (two at once); the final run of the 118 took 103 s; all 118 truths evaluate in 1.2 s.

Truths are written here from the mathematics, never lib103c's code or gradcli: each formula an mpmath expression (the
Brune spectrum as omega0 fc^2 / (fc^2 + f^2), the head wave's root as sqrt(v2^2 - v1^2) / v2, the intercept time's
cos(arcsin(s)) as sqrt((v2 - v1)(v2 + v1)) / v2, Gassmann as K_dry + (K_min - K_dry)^2 / (K_min^2 phi (1 / K_fl - 1 /
K_min) + K_min - K_dry), the Omori integral with its p = 1 limit), the points as the dtype holds them, the program's
Python constants as the dtype holds them (2.0 / 3.0, 6.07, 1.5, 9.1, 0.4906, 1.0 / 3.0, pi, 0.3086, 0.04193 and (2.0 *
np.pi) * G, each computed as a double and cast to float32 in a float32 run; np.log10(np.e) is gradcli.numpy's log10,
its exact value log10 of the double e). Derivatives from the left and the right by mpmath.diff at 2,000 digits
(cases30b.sided_grad with finite_sides: NaN where the sides differ or one is undefined or infinite); by hand the poles
and 0 / 0s (mean(M) = Mc, M0 = 0, t = c = 0, the Omori integral at p = 1, a zero r, the sphere at the origin, phi = 0,
Gassmann's 0 / 0: no value, no slope), the edges (arcsin at exactly 1 and past it, the cone's vertex with v's exact
0, v1 = v2 with x's 1 / v2 and h's 0 kept), K log(1 + t / 0) (t keeps K / t: README's log(y / x) at x = 0), the
log-spectrum at fc = 0 (omega0 keeps 1 / omega0), Brune at fc = 0 (f / 0 = inf and omega0 / inf = 0 as README reads x /
0 at high precision: the limit omega0 fc^2 / (fc^2 + f^2), even in fc, every slope 0), the corner frequency at dsigma
= 0 (M0's exact 0: (0 / M0)^(1/3) = 0 for every M0) and the switched Omori count at p = 1 (the continuous count's
slopes, p's -K (log(t + c)^2 - log(c)^2) / 2).

What agreed (beyond the ordinary points, ok in both dtypes): Gutenberg-Richter ok at float32 10^37.5 (held), domain
at 10^40; the b-value domain at mean(M) = Mc, ok at 3.3e-11 above it from M = [2, 2, 2.0000000001] (the sum and the
/ 3 happen to be exact), unstable at 3.3 (the sum rounds: 1.3e-5 off) and at 1.5e-16 above (computed 0: b = 2.9e15
lost); Utsu's unstable at the bin's lower edge in both dtypes (1.95 - (2 - 0.05) = -4.2e-17 held as doubles, float32
4.8e-8, computed 0); the moment magnitude domain at M0 = 0 and float32 1e-45 (slope 2e44), the moment domain past the
range in both dtypes; Omori's rate ok at t = 0, domain at t = c = 0 and c = 1e-300 (1e330); its integral domain at p
= 1 in both dtypes, unstable at p = 1 + 1e-10 and float32 1 + 1e-5; K log(1 + t / c) unstable at c = 1e-300 (c's
slope -1e302 held, log's rule meets t / c^2 = inf), domain at c = 0 with t's K / t = 10 kept; the switched count wrong
at p = 1 in both dtypes (every entry NaN from the unselected 0 / 0, the exact slopes those above); Brune ok at f = 0,
wrong at fc = 0 (every exact 0 computed NaN: power's rule at inf), unstable at fc = 1e-200 and float32 1e-20 (fc's
slope 2e-204, float32 2e-24, held, computed NaN); the log-spectrum domain at fc = 0 (omega0's 100 kept), unstable at
float32 fc = 1e-20 (-101 held, computed -inf) and fc = 1e-200; the corner frequency wrong at dsigma = 0 in both dtypes
(M0's exact 0 computed inf * 0); attenuation domain at r = 0, r = 1e-300 (r's slope -1e600 beside the held 1e300)
and float32 1e-30; the reflection time ok at x = 0, domain at the vertex in both dtypes (v keeps 0), unstable at x =
1e200 and float32 1e20 (x^2 = inf, the slope 1 / v held); Snell's arcsin domain at p v2 = 1 exactly and at 1 + 2.1e-17
(both dtypes), unstable at i = pi / 6 (2 sin i = 1 - 9.9e-17, computed 1 - 1.1e-16: the slopes 1.2e8 5% off), at the
double below pi / 2 and float32's above it with v1 = v2 (sin i = 1 - 1.9e-33, float32 1 - 9.5e-16, computed 1.0: i's
slope 1, float32 -1, and v's 8.2e12 lost) and at 1 - 2e-8 (5e-10 off); the head wave domain at v1 = v2 in both dtypes
(x keeps 1 / 3000, h 0), unstable at 1 - 1e-14 (h's slope 0.5% off); the intercept time unstable at 1 - 1e-14; the
sphere ok at x = 0, domain at the origin, unstable at x = 3e-100, z = 4e-100, GM = 1e-250 (GM z = 4e-350 underflows:
x's -1.2e48 computed 0), at float32 z = 1e13 (r^3 = 1e39: the value 1e-20 computed 0) and at z = 1e-160 (the value
1e320 past float64, but x's exact 0 computed 0 * inf: README's other inputs still judged); the Bouguer slab ok in
float32 with its cast constant; Archie ok at phi = 1e-100 (2e199, slope -4e299), domain at phi = 0, 1e-160 and float32
1e-20, its saturation domain at phi = 0; Gassmann ok at K_dry = K_min (both dtypes) and at phi = 0 alone, unstable at
K_dry = K_min (1 - 2.7e-12), phi = 1e-12.

Truths the round corrected in itself (against the first CLI batch; each re-derived before changing it, gradcli right
each time):
- the b-value at M = [2, 2, 2.0000000001], first unstable: the sum 6.0000000001 and its / 3 are exact in float64 (mean
  - Mc is the exact 3.33333360913457e-11): ok; the cancellation is shown instead at 3.3 and at 1.5e-16 (added);
- the log-spectrum at fc = 1e-200, first ok (log1p(1e402) = 926 held): fc's slope 2e200 is held, computed NaN (the
  divide's rule forms f / fc^2 = inf): unstable;
- attenuation at Q = 1e300, first ok (Q's slope 1e-602 is 0 in float64): v's 1.3e-306 is held and computed 0
  (pi f r / (Q v^2) underflows): unstable; at r = 1e-300, first ok: r's slope -1e600 beside the held value: domain;
- Snell at i = pi / 6, first ok (sin taken as exact): sin of the double pi / 6 is 0.5 - 5.0e-17, computed 0.5 -
  5.6e-17: 1 - s 11% off, the slopes 5%: unstable; arcsin(p v2) at 1 - 2e-8, first ok: 5e-10 off: unstable;
- the sphere at x = 3e-100, z = 4e-100, GM = 1e-250, first ok: GM z underflows: unstable; at z = 1e-160, first domain
  (the value 1e320): x's exact 0 is held and computed NaN: unstable, as README judges the other inputs;
- the switched Omori count at p = 1, first by sided differences of the two-form mirror (p's sides NaN): by hand, the
  series of ((t + c)^q - c^q) / q; gradcli's exact p entry 795.0545 is this.

Corrected later (stop 108): Brune's log spectrum at fc = 0, log(omega0) - log1p((f / fc)^2), first had f with no
derivative; beside the pole f keeps -2 / f (log1p((f / fc)^2) = 2 log f - 2 log fc + ...), as README keeps 1 / y in
log(y / x) at x = 0 and as gradcli said: -0.4.

Findings:
F1. An exact 0 beside an input without a derivative is called wrong from the rounding residue of the high-precision
  reference. In lib103c, `intercept_time(h, v1, v2) = 2.0 * h * np.cos(np.arcsin(v1 / v2)) / v1` at h = 500, v1 = v2 =
  3000: wrong in float64 and float32 ("the gradient rule is wrong: at high precision it gives {h: -3.231818982e-3845}
  but the exact derivative is {h: 0} (relative error inf) ..."; at --max-digits 120 "{h: 2.103599904e-125}"), beside
  v1 and v2 rightly none; h computed 4.08e-20 (float32 -2.9e-11). Minimal, in a file `import gradcli.numpy as np; def
  f(h, s): return h * np.cos(np.arcsin(s))`, `gradcli check file.py:f --at "h=500.0,s=1.0" --dtype float64 --json`:
  wrong (h's high-precision rule -4.8e-3842, exact 0; s none), while `--wrt h` at the same point is ok (h's exact 0,
  computed 6.1e-17), and `h * np.cos(np.arcsin(1.0)) + s` at s = 1 and `h * np.cos(np.arccos(s) + np.arcsin(s))` at s
  = 0.5 are ok. The truth: cos(arcsin(1)) = 0, so h's slope 2 cos(arcsin(v1 / v2)) / v1 is exactly 0 and the rule
  that computes it is the derivative; its high-precision value is cos of pi / 2 rounded at the working digits, 10^-125
  at 120 digits and 10^-3845 at 3840, shrinking with the digits as no wrong rule does; in float64 it is 4e-20, within
  rtol x 1 of the exact 0 (README: an exact 0 passes within rtol times its array's magnitude). v1 and v2 have no
  derivative (arcsin's edge): domain. Sure because: gradcli itself says ok for the same entry with --wrt h and in the
  two neighbours without an input lacking a derivative, and the residue it calls a rule's error scales with the
  precision (1e-125 at 120 digits, 1e-3845 at 3840). Mended: a rule entry within `ZERO_WITHIN_NOISE` times its noise
  of an exact 0 proven after the rule ran is that 0, as it is where the 0 is known when the rule runs
  (`judge._zeros_within_their_noise`); both cases domain.
F2. A 0 / 0 whose denominator cancels to an exact rational 0 gets no verdict. In lib103c, `gassmann(K_dry, K_min,
  K_fl, phi)`, K_dry + (1 - K_dry / K_min)^2 / (phi / K_fl + (1 - phi) / K_min - K_dry / K_min^2), at K_dry = K_min =
  37, K_fl = 2.25, phi = 0 (a rock with no pores whose frame is its mineral): error in float64 and float32 ("no exact
  reference: an exact entry is within 2.49e-2561 of 0 at 3840 digits but not proven 0, so gradcli cannot say whether
  this value and gradient are right: no verdict"; at 120 digits "within 1.67e-81"). Minimal, in a file `import
  gradcli.numpy as np; def f(b, p): return (37.0 - b) / (p + 1.0 / b - 37.0 / b ** 2)`, `gradcli check file.py:f --at
  "b=37.0,p=0.0" --dtype float64 --json`: error ("the exact reference did not settle below 4000 digits"); `(1.0 - a /
  b) / (p + 1.0 / b - a / b ** 2)` is error at a = b = 37, p = 0 but domain at a = b = 2 (1 / 2 exact), and `(b - a)
  ** 2 / (p + b - a)` at a = b and gassmann without its p term are domain. The truth: 1 / 37 - 37 / 37^2 = 0 exactly
  (in rationals, and at every binary precision, both quotients rounding 1 / 37 alike), so the value is 0 / 0 and has
  no limit (along phi = 0 the ratio is K_min - K_dry, along K_dry = K_min it is 0 over phi (1 / K_fl - 1 / K_min), and
  with K_dry > K_min the denominator crosses 0): no value, no slope: domain. Sure because: gradcli says domain for the
  same 0 / 0 where the operands are dyadic (2) or cancel without division, and the point's every operation is
  rational. (Related to round 100c's F1, an exact 0 beside e^{-10 / 42} not proven; here there is no transcendental at
  all.) Mended: the proof that finds the value's pole notes a division of an exact 0 by an exact 0, and a value that
  stays 0 (or NaN) at such a pole is no number, no slope (`Zeros.zero_over_zero`, `reference_mpmath._at_a_pole`); both
  cases domain."""

import math

import mpmath
import numpy
from mpmath import mpf

from cases import Case
from cases30b import sided_grad

L = "lib103c.py"
NAN = mpmath.nan
F32 = "float32"
exp, log, sqrt = mpmath.exp, mpmath.log, mpmath.sqrt


def _txt(v):
    if isinstance(v, list):
        return "[" + ",".join(_txt(a) for a in v) + "]"
    return repr(float(v))


def held(dtype, value):
    """The number the dtype holds for a point's coordinate or a constant the program casts to it."""
    return mpf(float(numpy.float32(value))) if dtype == F32 else mpf(float(value))


LOG10E = mpmath.log10(mpf(math.e))  # np.log10(np.e): the op's exact value at the double e


# --- the mathematics, in mpmath (never lib103c's code path); factories take the dtype for the program's constants ----

def m_gr(dt):
    return lambda M, a, b: mpf(10) ** (a - b * M)


def m_b(dt):
    return lambda M, Mc: LOG10E / (sum(M) / len(M) - Mc)


def m_b_utsu(dt):
    return lambda M, Mc, dM: LOG10E / (sum(M) / len(M) - Mc + dM / 2)


def m_mw(dt):
    return lambda M0: held(dt, 2.0 / 3.0) * mpmath.log10(M0) - held(dt, 6.07)


def m_m0(dt):
    return lambda Mw: mpf(10) ** (held(dt, 1.5) * Mw + held(dt, 9.1))


def m_omori_rate(dt):
    return lambda t, K, c, p: K * mpmath.power(t + c, -p)


def _omori_integral(t, K, c, p):
    if p == 1:  # the limit: K log(1 + t / c)
        return K * mpmath.log1p(t / c)
    q = 1 - p
    return K * (mpmath.power(t + c, q) - mpmath.power(c, q)) / q


def m_omori_count(dt):
    return _omori_integral


def m_omori_p1(dt):
    return lambda t, K, c: K * log(1 + t / c)


def m_brune(dt):
    return lambda f, omega0, fc: omega0 * fc ** 2 / (fc ** 2 + f ** 2)


def m_brune_log(dt):
    return lambda f, omega0, fc: log(omega0) - log(1 + (f / fc) ** 2)


def m_corner(dt):
    return lambda M0, dsigma, beta: held(dt, 0.4906) * beta * mpmath.power(dsigma / M0, held(dt, 1.0 / 3.0))


def m_atten(dt):
    pi_ = held(dt, math.pi)
    return lambda r, f, A, Q, v: A / r * exp(-pi_ * f * r / (Q * v))


def m_reflection(dt):
    return lambda x, h, v: sqrt(x ** 2 + 4 * h ** 2) / v


def m_refraction(dt):
    return lambda i, v1, v2: mpmath.asin(v2 / v1 * mpmath.sin(i))


def m_transmitted(dt):
    return lambda p, v2: mpmath.asin(p * v2)


def m_head(dt):
    return lambda x, h, v1, v2: x / v2 + 2 * h * sqrt(v2 ** 2 - v1 ** 2) / (v2 * v1)


def m_intercept(dt):
    # cos(arcsin(s)) = sqrt(1 - s^2) for |s| <= 1
    return lambda h, v1, v2: 2 * h * sqrt((v2 - v1) * (v2 + v1)) / (v2 * v1)


def m_sphere(dt):
    return lambda x, z, GM: GM * z / mpmath.power(x ** 2 + z ** 2, mpf(3) / 2)


def m_slab(dt):
    c = held(dt, 2.0 * math.pi * 6.674e-11)  # (2.0 * np.pi) * G, Python floats, then cast
    return lambda h, rho: c * rho * h


def m_bouguer(dt):
    fa, sl = held(dt, 0.3086), held(dt, 0.04193)
    return lambda g_obs, g_normal, h, rho: g_obs - g_normal + fa * h - sl * rho * h


def m_archie(dt):
    return lambda phi, Sw, Rw, a, m, n: a * Rw * mpmath.power(phi, -m) * mpmath.power(Sw, -n)


def m_archie_sw(dt):
    return lambda phi, Rt, Rw, a, m, n: mpmath.power(a * Rw / (mpmath.power(phi, m) * Rt), 1 / n)


def m_gassmann(dt):
    def f(K_dry, K_min, K_fl, phi):
        # K_sat as one fraction: (K_min - K_dry)^2 over K_min^2 (phi / K_fl - phi / K_min) + K_min - K_dry
        d = K_min - K_dry
        return K_dry + d ** 2 / (K_min ** 2 * phi * (1 / K_fl - 1 / K_min) + d)
    return f


# --- cases ------------------------------------------------------------------------------------------------------------

def _at(pt):
    return ",".join(f"{k}={_txt(v)}" for k, v in pt.items())


def C(function, mirror, verdict="ok", dtype="float64", **pt):
    """A case whose truth is the one- and two-sided derivative of ``mirror(dtype)`` at the point as ``dtype`` holds
    it."""
    return Case(L, function, _at(pt), dtype, verdict, sided_grad(mirror(dtype), dtype, finite_sides=True, **pt))


def H(function, truth, verdict="ok", dtype="float64", **pt):
    """A case whose truth is written by hand (evaluated at 60 digits)."""
    return Case(L, function, _at(pt), dtype, verdict, truth)


def all_nan(**shapes):
    return lambda: {k: NAN if n is None else [NAN] * n for k, n in shapes.items()}


CAT = [2.3, 2.7, 3.1, 2.5]  # a catalogue above Mc = 2.0
OM = dict(K=100.0, c=0.01)
BR = dict(omega0=0.01)
AT = dict(f=5.0, A=1.0, Q=200.0, v=3500.0)
AR = dict(Rw=0.05, a=1.0, m=2.0, n=2.0)
GS = dict(K_min=37.0, K_fl=2.25)
HALF_PI = math.pi / 2  # the double below pi / 2: sin of it is 1 - 1.9e-33, computed 1.0
HALF_PI32 = float(numpy.float32(math.pi / 2))  # float32's pi / 2 is above it: sin 1 - 9.5e-16, computed 1.0

MIRRORED = [
    # --- Gutenberg-Richter
    C("gr_count", m_gr, M=5.0, a=8.0, b=1.0),
    C("gr_count", m_gr, dtype=F32, M=5.0, a=8.0, b=1.0),
    C("gr_count", m_gr, M=5.0, a=8.0, b=0.0),
    C("gr_count", m_gr, dtype=F32, M=0.5, a=38.0, b=1.0),  # 3.2e37 and its slopes 7.3e37: held
    C("gr_count", m_gr, "domain", dtype=F32, M=2.0, a=42.0, b=1.0),  # 1e40 past float32
    # --- Aki's b-value
    C("b_value", m_b, M=CAT, Mc=2.0),
    C("b_value", m_b, dtype=F32, M=CAT, Mc=2.0),
    # mean(M) - Mc = 3.3e-11 from a sum of 6, which happens to be exact here (2 + 2 + 2.0000000001 and the / 3): ok
    C("b_value", m_b, M=[2.0, 2.0, 2.0000000001], Mc=2.0),
    # the same at 3.3: the sum 9.9000000001 rounds, 1.3e-5 off
    C("b_value", m_b, "unstable", M=[3.3, 3.3, 3.3000000001], Mc=3.3),
    # mean(M) - Mc = 1.5e-16 held (b = 2.9e15), computed 0
    C("b_value", m_b, "unstable", M=[2.3, 2.7, 3.0000000001], Mc=2.6666666667),
    C("b_value_utsu", m_b_utsu, M=CAT, Mc=2.0, dM=0.1),
    C("b_value_utsu", m_b_utsu, dtype=F32, M=CAT, Mc=2.0, dM=0.1),
    # a catalogue at the bin's lower edge: held 1.95 - (2 - 0.05) = -4.2e-17 exactly (b = -1.0e16), computed 0
    C("b_value_utsu", m_b_utsu, "unstable", M=[1.95, 1.95], Mc=2.0, dM=0.1),
    C("b_value_utsu", m_b_utsu, "unstable", dtype=F32, M=[1.95, 1.95], Mc=2.0, dM=0.1),  # 4.8e-8, computed 0
    # --- magnitudes
    C("moment_magnitude", m_mw, M0=1e18),
    C("moment_magnitude", m_mw, dtype=F32, M0=1e18),
    C("moment_magnitude", m_mw, "domain", dtype=F32, M0=1e-45),  # the slope 2e44 past float32
    C("seismic_moment", m_m0, Mw=6.0),
    C("seismic_moment", m_m0, dtype=F32, Mw=6.0),
    C("seismic_moment", m_m0, "domain", dtype=F32, Mw=20.0),  # 10^39.1
    C("seismic_moment", m_m0, "domain", Mw=200.0),  # 10^309.1
    # --- Omori
    C("omori_rate", m_omori_rate, t=1.0, p=1.1, **OM),
    C("omori_rate", m_omori_rate, dtype=F32, t=1.0, p=1.1, **OM),
    C("omori_rate", m_omori_rate, t=0.0, p=1.1, **OM),
    C("omori_rate", m_omori_rate, "domain", t=0.0, K=100.0, c=1e-300, p=1.1),  # 1e332
    C("omori_count", m_omori_count, t=10.0, p=1.1, **OM),
    C("omori_count", m_omori_count, dtype=F32, t=10.0, p=1.1, **OM),
    # p -> 1: (t + c)^(1 - p) - c^(1 - p) = -6.9e-9 from terms of 1: 1e-8 off
    C("omori_count", m_omori_count, "unstable", t=10.0, p=1.0000000001, **OM),
    C("omori_count", m_omori_count, "unstable", dtype=F32, t=10.0, p=1.00001, **OM),
    C("omori_count_p1", m_omori_p1, t=10.0, **OM),
    C("omori_count_p1", m_omori_p1, dtype=F32, t=10.0, **OM),
    # c's slope -K t / (c (c + t)) = -1e302 held; log's rule meets t / c^2 = inf
    C("omori_count_p1", m_omori_p1, "unstable", t=10.0, K=100.0, c=1e-300),
    C("omori_count_guarded", m_omori_count, t=10.0, p=1.1, **OM),
    # --- Brune
    C("brune_spectrum", m_brune, f=5.0, fc=2.0, **BR),
    C("brune_spectrum", m_brune, dtype=F32, f=5.0, fc=2.0, **BR),
    C("brune_spectrum", m_brune, f=0.0, fc=2.0, **BR),
    # (f / fc)^2 = 1e402 = inf: the value 1e-404 is 0 anyway, but fc's slope 2 omega0 fc / f^2 = 2e-204 is held
    C("brune_spectrum", m_brune, "unstable", f=10.0, fc=1e-200, **BR),
    C("brune_spectrum", m_brune, "unstable", dtype=F32, f=10.0, fc=1e-20, **BR),
    C("brune_log_spectrum", m_brune_log, f=5.0, fc=2.0, **BR),
    C("brune_log_spectrum", m_brune_log, dtype=F32, f=5.0, fc=2.0, **BR),
    C("brune_log_spectrum", m_brune_log, "unstable", dtype=F32, f=10.0, fc=1e-20, **BR),  # -101 held, computed -inf
    # log1p(1e402) = 926 held, fc's slope 2e200 held: (f / fc)^2 = inf, and the divide's rule f / fc^2 = inf: NaN
    C("brune_log_spectrum", m_brune_log, "unstable", f=10.0, fc=1e-200, **BR),
    C("corner_frequency", m_corner, M0=1e18, dsigma=3e6, beta=3500.0),
    C("corner_frequency", m_corner, dtype=F32, M0=1e18, dsigma=3e6, beta=3500.0),
    # --- attenuation
    C("attenuation", m_atten, r=10000.0, **AT),
    C("attenuation", m_atten, dtype=F32, r=10000.0, **AT),
    # Q's slope 1e-602 is 0 in float64, but v's 1.3e-306 is held: computed 0 (pi f r / (Q v^2) underflows)
    C("attenuation", m_atten, "unstable", r=10000.0, f=5.0, A=1.0, Q=1e300, v=3500.0),
    C("attenuation", m_atten, "domain", dtype=F32, r=1e-30, **AT),  # r's slope -1e60
    C("attenuation", m_atten, "domain", r=1e-300, **AT),  # the value 1e300 held, r's slope -1e600 not
    # --- travel times
    C("reflection_time", m_reflection, x=1000.0, h=500.0, v=2000.0),
    C("reflection_time", m_reflection, dtype=F32, x=1000.0, h=500.0, v=2000.0),
    C("reflection_time", m_reflection, x=0.0, h=500.0, v=2000.0),  # x's slope 0
    C("reflection_time", m_reflection, "unstable", x=1e200, h=0.0, v=2000.0),  # x^2 = inf: the slope 1 / v held
    C("reflection_time", m_reflection, "unstable", dtype=F32, x=1e20, h=0.0, v=2000.0),
    C("refraction_angle", m_refraction, i=0.3, v1=1500.0, v2=3000.0),
    C("refraction_angle", m_refraction, dtype=F32, i=0.3, v1=1500.0, v2=3000.0),
    # the double pi / 6: 2 sin i = 1 - 9.9e-17 exactly, computed 1 - 1.1e-16 (sin's rounding): the slopes 1 /
    # sqrt(1 - s^2) = 1.2e8 5% off
    C("refraction_angle", m_refraction, "unstable", i=math.pi / 6, v1=1500.0, v2=3000.0),
    # at the double below pi / 2 with v1 = v2: sin i = 1 - 1.9e-33, computed 1.0: i's slope 1 and v's 8.2e12 lost
    C("refraction_angle", m_refraction, "unstable", i=HALF_PI, v1=2000.0, v2=2000.0),
    C("refraction_angle", m_refraction, "unstable", dtype=F32, i=HALF_PI32, v1=2000.0, v2=2000.0),
    C("transmitted_angle", m_transmitted, p=0.0003, v2=2000.0),
    C("transmitted_angle", m_transmitted, dtype=F32, p=0.0003, v2=2000.0),
    # s = 1 - 2e-8: 1 - s^2 from terms of 1, p's slope 1e7 5e-10 off
    C("transmitted_angle", m_transmitted, "unstable", p=0.00049999999, v2=2000.0),
    C("head_wave_time", m_head, x=5000.0, h=500.0, v1=1500.0, v2=3000.0),
    C("head_wave_time", m_head, dtype=F32, x=5000.0, h=500.0, v1=1500.0, v2=3000.0),
    # v1 / v2 = 1 - 1e-14: 1 - (v1 / v2)^2 = 2e-14 from terms of 1: h's slope 0.5% off
    C("head_wave_time", m_head, "unstable", x=5000.0, h=500.0, v1=2999.99999999997, v2=3000.0),
    C("intercept_time", m_intercept, h=500.0, v1=1500.0, v2=3000.0),
    C("intercept_time", m_intercept, dtype=F32, h=500.0, v1=1500.0, v2=3000.0),
    # cos(arcsin(1 - 1e-14)) = 1.4e-7 from pi / 2 - 1.4e-7: 1.6e-9 off (and the ratio's rounding, 0.5%)
    C("intercept_time", m_intercept, "unstable", h=500.0, v1=2999.99999999997, v2=3000.0),
    # --- gravity
    C("buried_sphere", m_sphere, x=100.0, z=200.0, GM=1e6),
    C("buried_sphere", m_sphere, dtype=F32, x=100.0, z=200.0, GM=1e6),
    C("buried_sphere", m_sphere, x=0.0, z=200.0, GM=1e6),
    # the value 3.2e-52 and every slope held, but GM z = 4e-350 underflows: x's -1.2e48 computed 0
    C("buried_sphere", m_sphere, "unstable", x=3e-100, z=4e-100, GM=1e-250),
    # (x^2 + z^2)^1.5 = 1e39 past float32: the value 1e-20 held, computed 0
    C("buried_sphere", m_sphere, "unstable", dtype=F32, x=0.0, z=1e13, GM=1e6),
    # the value 1e320 past float64 (z and GM none), but x's exact 0 is computed 0 * inf = NaN (r^3 underflows):
    # README's other inputs still judged
    C("buried_sphere", m_sphere, "unstable", x=0.0, z=1e-160, GM=1.0),
    C("bouguer_slab", m_slab, h=1000.0, rho=2670.0),
    C("bouguer_slab", m_slab, dtype=F32, h=1000.0, rho=2670.0),
    C("bouguer_anomaly", m_bouguer, g_obs=979800.0, g_normal=979700.0, h=300.0, rho=2.67),
    C("bouguer_anomaly", m_bouguer, dtype=F32, g_obs=979800.0, g_normal=979700.0, h=300.0, rho=2.67),
    # --- rock physics
    C("archie_resistivity", m_archie, phi=0.2, Sw=0.5, **AR),
    C("archie_resistivity", m_archie, dtype=F32, phi=0.2, Sw=0.5, **AR),
    C("archie_resistivity", m_archie, phi=1e-100, Sw=0.5, **AR),  # 2e199, phi's slope -4e299: held
    C("archie_resistivity", m_archie, "domain", phi=1e-160, Sw=0.5, **AR),  # 2e319
    C("archie_resistivity", m_archie, "domain", dtype=F32, phi=1e-20, Sw=0.5, **AR),
    C("archie_sw", m_archie_sw, phi=0.2, Rt=20.0, **AR),
    C("archie_sw", m_archie_sw, dtype=F32, phi=0.2, Rt=20.0, **AR),
    C("gassmann", m_gassmann, K_dry=12.0, phi=0.2, **GS),
    C("gassmann", m_gassmann, dtype=F32, K_dry=12.0, phi=0.2, **GS),
    C("gassmann", m_gassmann, K_dry=37.0, phi=0.2, **GS),  # a dry rock as stiff as its mineral: K_min
    C("gassmann", m_gassmann, dtype=F32, K_dry=37.0, phi=0.2, **GS),
    C("gassmann", m_gassmann, K_dry=12.0, phi=0.0, **GS),  # no pores: K_min
    # K_dry = K_min (1 - 2.7e-12), phi = 1e-12: both terms of the denominator differences of 0.027
    C("gassmann", m_gassmann, "unstable", K_dry=36.9999999999, phi=1e-12, **GS),
]


def _guarded_truth(dtype, t, K, c):
    """The switched Omori count at p = 1: the continuous count K log(1 + t / c)'s slopes, and p's -K (A^2 - B^2) / 2
    (A = log(t + c), B = log c: the next term of ((t + c)^q - c^q) / q = (A - B) + q (A^2 - B^2) / 2 + ..., q = 1 -
    p)."""
    def f():
        t_, K_, c_ = held(dtype, t), held(dtype, K), held(dtype, c)
        A, B = log(t_ + c_), log(c_)
        return {"t": K_ / (t_ + c_), "K": A - B, "c": K_ * (1 / (t_ + c_) - 1 / c_), "p": -K_ * (A ** 2 - B ** 2) / 2}
    return f


BY_HAND = [
    H("b_value", all_nan(M=3, Mc=None), "domain", M=[2.0, 2.0, 2.0], Mc=2.0),  # mean(M) = Mc: the pole
    H("moment_magnitude", all_nan(M0=None), "domain", M0=0.0),  # log10(0)
    # K / (t + c)^p at t = c = 0: K / 0
    H("omori_rate", all_nan(t=None, K=None, c=None, p=None), "domain", t=0.0, K=100.0, c=0.0, p=1.0),
    # the p != 1 integral at p = 1: 0 / 0 for every t, K, c: no value there
    H("omori_count", all_nan(t=None, K=None, c=None, p=None), "domain", t=10.0, K=100.0, c=0.01, p=1.0),
    H("omori_count", all_nan(t=None, K=None, c=None, p=None), "domain", dtype=F32, t=10.0, K=100.0, c=0.01, p=1.0),
    # K log(1 + t / 0): K and c none; t keeps K / t (README's log(y / x) at x = 0 keeps 1 / y)
    H("omori_count_p1", lambda: {"t": mpf(10), "K": NAN, "c": NAN}, "domain", t=10.0, K=100.0, c=0.0),
    # switched at p = 1: the continuous count, its slopes; the unselected 0 / 0 leaks NaN: wrong
    H("omori_count_guarded", _guarded_truth("float64", 10.0, 100.0, 0.01), "wrong", t=10.0, K=100.0,
      c=0.01, p=1.0),
    H("omori_count_guarded", _guarded_truth(F32, 10.0, 100.0, 0.01), "wrong", dtype=F32, t=10.0,
      K=100.0, c=0.01, p=1.0),
    # fc = 0: f / 0 = inf, the value omega0 / inf = 0, the limit of omega0 fc^2 / (fc^2 + f^2), even in fc: every
    # slope 0
    H("brune_spectrum", lambda: {"f": mpf(0), "omega0": mpf(0), "fc": mpf(0)}, "wrong", f=5.0, omega0=0.01, fc=0.0),
    # log(omega0) - log1p(inf): fc none; omega0 keeps 1 / omega0, and f the slope beside the pole, -2 / f, as README's
    # log(y / x) at x = 0 keeps 1 / y (log1p((f / fc)^2) = 2 log f - 2 log fc + ... beside fc = 0)
    H("brune_log_spectrum", lambda: {"f": mpf(-2) / 5, "omega0": mpf(100), "fc": NAN}, "domain", f=5.0,
      omega0=0.01, fc=0.0),
    # (0 / M0)^(1/3) at dsigma = 0: dsigma none (an infinite slope), M0's exact 0 computed inf * 0, beta's 0
    H("corner_frequency", lambda: {"M0": mpf(0), "dsigma": NAN, "beta": mpf(0)}, "wrong", M0=1e18, dsigma=0.0,
      beta=3500.0),
    H("corner_frequency", lambda: {"M0": mpf(0), "dsigma": NAN, "beta": mpf(0)}, "wrong", dtype=F32, M0=1e18,
      dsigma=0.0, beta=3500.0),
    # A / 0: the pole; the others multiply an infinite value
    H("attenuation", all_nan(r=None, f=None, A=None, Q=None, v=None), "domain", r=0.0, **AT),
    # the cone's vertex: x and h none, v keeps -0 / v^2 = 0
    H("reflection_time", lambda: {"x": NAN, "h": NAN, "v": mpf(0)}, "domain", x=0.0, h=0.0, v=2000.0),
    H("reflection_time", lambda: {"x": NAN, "h": NAN, "v": mpf(0)}, "domain", dtype=F32, x=0.0, h=0.0, v=2000.0),
    # p v2 = 2^-11 * 2048 = 1 exactly: arcsin's edge
    H("transmitted_angle", all_nan(p=None, v2=None), "domain", p=0.00048828125, v2=2048.0),
    # the double 0.0005 times 2000 is 1 + 2.1e-17: past arcsin's domain (computed 1.0)
    H("transmitted_angle", all_nan(p=None, v2=None), "domain", p=0.0005, v2=2000.0),
    H("transmitted_angle", all_nan(p=None, v2=None), "domain", dtype=F32, p=0.0005, v2=2000.0),
    # v1 = v2: sqrt(0), v1 and v2 none; x keeps 1 / v2, h's 2 sqrt(0) / v1 = 0
    H("head_wave_time", lambda: {"x": 1 / mpf(3000), "h": mpf(0), "v1": NAN, "v2": NAN}, "domain", x=5000.0,
      h=500.0, v1=3000.0, v2=3000.0),
    H("head_wave_time", lambda: {"x": 1 / mpf(3000), "h": mpf(0), "v1": NAN, "v2": NAN}, "domain", dtype=F32,
      x=5000.0, h=500.0, v1=3000.0, v2=3000.0),
    # cos(arcsin(1)) = 0 exactly: h's slope 0, v1 and v2 none
    H("intercept_time", lambda: {"h": mpf(0), "v1": NAN, "v2": NAN}, "domain", h=500.0, v1=3000.0, v2=3000.0),
    H("intercept_time", lambda: {"h": mpf(0), "v1": NAN, "v2": NAN}, "domain", dtype=F32, h=500.0, v1=3000.0,
      v2=3000.0),
    H("buried_sphere", all_nan(x=None, z=None, GM=None), "domain", x=0.0, z=0.0, GM=1e6),  # 0 / 0
    H("archie_resistivity", all_nan(phi=None, Sw=None, Rw=None, a=None, m=None, n=None), "domain", phi=0.0, Sw=0.5,
      **AR),
    H("archie_sw", all_nan(phi=None, Rt=None, Rw=None, a=None, m=None, n=None), "domain", phi=0.0, Rt=20.0, **AR),
    # no pores and K_dry = K_min: 0 / 0
    H("gassmann", all_nan(K_dry=None, K_min=None, K_fl=None, phi=None), "domain", K_dry=37.0, phi=0.0, **GS),
    H("gassmann", all_nan(K_dry=None, K_min=None, K_fl=None, phi=None), "domain", dtype=F32, K_dry=37.0, phi=0.0,
      **GS),
]

ALL = MIRRORED + BY_HAND
