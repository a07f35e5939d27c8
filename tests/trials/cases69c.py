"""The sixty-ninth trial set (third part): issue 27's exact reference on Python functions written with gradcli.numpy
that do INTERPOLATION, SPLINES AND PIECEWISE DEFINITIONS as numerical code writes them (tests/trials/lib69c.py): np.interp
in the point (between, on interior and end knots, a ulp beside, beyond the ends, a vector read out), in the table's
values fp (between and at a knot) and in the knots xp (the point on a knot); linear interpolation by np.searchsorted and
np.digitize with np.clip'd index arithmetic and linear extrapolation; clamp-to-edge by np.clip; bilinear interpolation
on a 3 x 3 grid (inside a cell, on a grid line in x and in y, at a corner, on the outer edge, in the grid's values); a
cubic Hermite segment by hand; a uniform Catmull-Rom curve (at knots: C1; in its control values) and a periodic one by
np.mod (at the wrap); a periodic linear table by np.mod; a natural cubic spline whose moments come from np.linalg.solve
on its tridiagonal system (in the data values, in the point at knots, beyond the ends, clamped by np.clip); a PCHIP-like
slope by harmonic means, as 2 / (1/s0 + 1/s1) and as 2 s0 s1 / (s0 + s1) behind np.where, at a zero secant, read
between knots and at a knot; cubic B-splines by the Cox-de Boor recursion on clamped knots (0/0 taken as 0 by a single
np.where, and with the denominators made safe by a double where), a double (C1) and a triple (C0) interior knot, at the
half-open ends; smoothstep, smootherstep and the bare ramp by np.clip (float32 too); np.piecewise joined C0, C1, C2,
np.select as a C2 truncated-power spline and with a jump; a lookup table by np.floor(x / 0.1) (on nodes 0.2 = 2 x 0.1
exactly, beside 0.3 = 2.99999999999999972 x 0.1, and 0.5, whose quotient float64 rounds to the node 5) and by
np.floor(x / 0.25).

Tried: 39 functions, 122 checks through the CLI (at most two at once), judged by tests/trials/judge.py through a driver
in the manner of run.py (a scratch file: the set as first written, then the kept set again); 23 were dropped as
repeats of kept kinds (ordinary points or second knots of a function already covered): ALL keeps 99 (66 ok, 27
domain, 3 unstable, 3 wrong; 86 float64, 13 float32). 96 agree with gradcli in verdict and every exact gradient entry
(to 1e-10 relative); 3 are held as strict xfails (one finding, F1). Every check took 0.5-3 s.

Truths are written here from the mathematics of each piece, never lib69c's code or gradcli: the segment found by
comparisons on the exact point, each piece's polynomial, the spline's moments by mpmath.lu_solve, the Cox-de Boor
recursion with an empty span's term 0, floor and mod on the exact quotient; every literal as the double it is, and as
float32's rounding where a Python float meets float32 data (the smoothstep edges), np.array(...) tables as float64
arrays in every dtype; the derivative from the left and the right by mpmath.diff at 2,000 digits (cases30b.sided_grad),
NaN where they differ.

What agreed: np.interp domain on every knot in x (the ends too: slope 0 outside), ok a ulp beside and beyond, a vector
with one entry on a knot domain in that entry alone; ok in fp (at a knot: e_2); in xp domain in the knot the point sits
on (the others' slopes 0), ok between; searchsorted / digitize with linear extrapolation ok on the END knots (the end
segments continue), domain on interior ones; clamp-to-edge domain at both ends; bilinear domain on a grid line (x's
slope 0.75 / 1.75, y's -1.5 kept), at a corner and on a y line, ok on the outer edge and a ulp beside; Catmull-Rom ok at
knots (C1) and at the periodic wrap x = 4 and x = -1e-17 (np.mod's rounding to 4 harmless where the join is C1); the
periodic linear table domain at 4, unstable at -1e-17 (mod gives 4, segment 0's slope 2 for the exact segment 3's -1);
the natural spline ok in y, in x at 2.7, at the knot 3.5 (float32), at the end 5 and beyond (the end cubic
extrapolates), domain at both clamped ends, ok beyond them; PCHIP ok at a monotone and an extremum (slopes 0), domain
between knots beside a zero secant (the harmonic mean behaves as 2 min(s0, s1): slopes 0 and 2), wrong at the knot
(below); B-splines ok at simple knots (C2) and a double knot (C1), domain at a triple knot (C0) and at both ends (the
half-open spans give 0 outside [0, 3) and at 3 itself: jumps), ok a ulp inside 3 (slope -15); the single-where
Cox-de Boor wrong in x (below), ok in the coefficients (x = 1.5 fixed: no NaN reaches them); smoothstep and
smootherstep ok at both edges (slope 0); the ramp domain at its edges in float64; piecewise C0 domain, C1 and C2 ok;
np.select's C2 spline ok at all three joins, the jump domain; the lookup table domain at 0.2 (= 2 x 0.1 exactly),
ok at 0.3 and 0.30000000000000004 (neither is a node: 2.99999999999999972 and 3.00000000000000039), unstable at 0.5
in float64 and float32 (the quotient rounds up onto the node 5: the next segment's slope -3 for -5); the quarter table
domain at 0.5 (a node), ok a ulp below.

Wrong, as I expected (every precision): np.where(d > 0, (x - t) / d, 0.0) with d = 0 from a repeated knot: the untaken
(x - t) / 0 has the rule g / 0 = 0 / 0 = NaN (bspline_where, slope -0.09375); the PCHIP harmonic mean read at a knot
beside a zero secant (1 / 0 untaken, value y[1]: slopes e_1, NaN in y[0], y[1]); 2 s0 s1 / (s0 + s1) at s0 = s1 = 0
(0 / 0 untaken) likewise; at a single zero secant that spelling is ok.

Truths the round corrected in itself (gradcli right):
- smoothstep and the ramp at x = 0.7 in float32: I had held 0.7 and 0.2 each in float32 (t = 1, on the clip); but
  (0.7 - 0.2) is a literal among literals, computed by Python first (0.49999999999999994) and then held in float32 as
  0.5, so t = (0.7f - 0.2f) / 0.5 = 0.99999997, inside the clip: the ramp is ok with slope 2 (not domain), smoothstep ok
  with slope 3.6e-7, its float32 0 passing by the data-rounding rule (moving 0.7f by 2 ulps moves t onto the clip).

Findings (F1 mended since: a value balls bound below every float's least is the 0 every dtype rounds it to,
`exact_python._rule_on_balls`; tests/test_value_bounded_below_every_float.py):
- F1: a value exactly 0 that ball arithmetic only bounds ended the check with no verdict, though the bound is below the
  dtype's least float. A natural cubic spline (moments by np.linalg.solve of its 5 x 5 tridiagonal system) through
  the data KY = [1, 2, 0, 1.5, 3] read at the knot 2.0 is exactly KY[2] = 0 (the terms M_2 h^3 / 6h and -M_2 h^2 / 6
  cancel), float64 gives 0 and the slope -1.25 is right (finite differences agree): the truth is ok; gradcli says
  error, "no exact reference: on balls, the exact value is within 2^-32763 of 0 but not proven 0 (smaller than any
  float64, whose least is 2^-1074, so a 0 in any working precision is what it rounds to, 0 or not; ...) ... no
  verdict". The same at x = -1, where the first cubic's extrapolation is exactly 0 (float64 0, slope -13/14), and in
  the data y at the knot (slopes e_2). A gradient ENTRY so bounded is judged (README: "the dtype's 0 is its correctly
  rounded value: a program giving it is ok", shown "below 2^-N in magnitude"; the scratch moment_twice, M[2] 0.375 -
  M[2] 0.375 + y[2], is ok with such entries), and the message itself says the 0 is what any dtype rounds to; but the
  VALUE is not, and the gradient, which is not in doubt, gets no verdict. Not the solve alone: a 3 x 3 solve with the
  same cancellation, and the cancellation after a division, are proven 0 (ok). Reading: the rule for a bounded
  gradient entry is not applied to the value (or the exact rational run that would prove it 0 does not cover this
  program: np.zeros with item assignment into a 5 x 5 solve). Reproduce:
      gradcli check tests/trials/lib69c.py:spline_x --at x=2.0 --dtype float64 --json
      gradcli check tests/trials/lib69c.py:spline_x --at x=-1.0 --dtype float64 --json
      gradcli check tests/trials/lib69c.py:spline_y_knot --at "y=[1.0,2.0,0.0,1.5,3.0]" --dtype float64 --json
"""

import mpmath
import numpy
from mpmath import mpf

from cases import Case
from cases30b import sided_grad
from cases59c import _txt  # a point as its case id writes it
from cases62c import fixed  # a truth given entry by entry (mpf, NaN)

L = "lib69c.py"
NAN = mpmath.nan
floor = mpmath.floor


def D64(v):
    return mpf(float(v))


def D32(v):
    return mpf(float(numpy.float32(v)))


# --- the tables, written again from the module's numbers (all exact in binary but 0.1, 0.7, 0.2, -0.1, ...) ------------

XP = [0.0, 1.0, 2.5, 4.0]
FP = [1.0, 3.0, 2.0, 5.0]
READ = [0.3, -1.2, 0.5, 0.8]
GRID = [[0.0, 1.0, 4.0], [2.0, 0.5, 3.0], [1.0, 5.0, 2.0]]
CTRL = [0.0, 2.0, 1.0, 3.0, 2.5, 0.5]
PER = [1.0, 3.0, 0.0, 2.0]
KN = [0.0, 1.0, 2.0, 3.5, 5.0]
KY = [1.0, 2.0, 0.0, 1.5, 3.0]
T_CLAMPED = [0.0, 0.0, 0.0, 0.0, 1.0, 2.0, 3.0, 3.0, 3.0, 3.0]
T_DOUBLE = [0.0, 0.0, 0.0, 0.0, 1.0, 1.0, 2.0, 2.0, 2.0, 2.0]
T_TRIPLE = [0.0, 0.0, 0.0, 0.0, 1.0, 1.0, 1.0, 2.0, 2.0, 2.0, 2.0]
COEF6 = [1.0, -1.0, 2.0, 0.5, 3.0, -2.0]
COEF7 = [1.0, -1.0, 2.0, 0.5, 3.0, -2.0, 1.5]
TABLE = [0.0, 0.5, 0.8, 1.0, 0.7, 0.2, -0.1, -0.5, -0.4, 0.0, 0.6]


def read(y, R=D64):
    return mpmath.fsum(R(c) * v for c, v in zip(READ, y))


def clip(v, lo, hi):
    return min(max(v, lo), hi)


# --- the mathematics, in mpmath ---------------------------------------------------------------------------------------

def m_interp(x, xp, fp):
    """Piecewise linear through (xp, fp), fp[0] left of xp[0], fp[-1] right of xp[-1] (NumPy's rule)."""
    xp, fp = [mpf(v) for v in xp], [mpf(v) for v in fp]
    if x <= xp[0]:
        return fp[0]
    if x >= xp[-1]:
        return fp[-1]
    i = max(j for j in range(len(xp) - 1) if xp[j] <= x)
    return fp[i] + (x - xp[i]) * (fp[i + 1] - fp[i]) / (xp[i + 1] - xp[i])


def m_lerp_extrap(x):
    """Linear with linear extrapolation: the end segments continue beyond the ends."""
    xp, fp = [mpf(v) for v in XP], [mpf(v) for v in FP]
    i = clip(max([j for j in range(len(xp)) if xp[j] <= x], default=-1), 0, len(xp) - 2)
    return fp[i] + (x - xp[i]) * (fp[i + 1] - fp[i]) / (xp[i + 1] - xp[i])


def m_lerp_clamped(x):
    return m_lerp_extrap(clip(x, mpf(XP[0]), mpf(XP[-1])))


def m_bilinear(p):
    x, y = p
    i, j = int(clip(floor(x), 0, 1)), int(clip(floor(y), 0, 1))
    u, v = x - i, y - j
    g = [[mpf(a) for a in row] for row in GRID]
    return (1 - u) * (1 - v) * g[i][j] + u * (1 - v) * g[i + 1][j] + (1 - u) * v * g[i][j + 1] + u * v * g[i + 1][j + 1]


def m_bilinear_grid(z):
    u, v = mpf("0.25"), mpf("0.5")
    return (1 - u) * (1 - v) * z[0][1] + u * (1 - v) * z[1][1] + (1 - u) * v * z[0][2] + u * v * z[1][2]


def m_hermite(p0, p1, m0, m1, t):
    return (2 * t ** 3 - 3 * t ** 2 + 1) * p0 + (t ** 3 - 2 * t ** 2 + t) * m0 + (-2 * t ** 3 + 3 * t ** 2) * p1 \
        + (t ** 3 - t ** 2) * m1


def _cr(p0, p1, p2, p3, t):
    """The Catmull-Rom segment from p1 to p2: the Hermite cubic with slopes (p2 - p0) / 2 and (p3 - p1) / 2."""
    return m_hermite(p1, p2, (p2 - p0) / 2, (p3 - p1) / 2, t)


def m_catmull(p, u):
    p = [mpf(v) for v in p]
    k = int(clip(floor(u), 1, len(p) - 3))
    return _cr(p[k - 1], p[k], p[k + 1], p[k + 2], u - k)


def m_periodic(cubic):
    def f(x):
        u = x - 4 * floor(x / 4)
        k = int(floor(u))
        t = u - k
        p = [mpf(PER[(k + d) % 4]) for d in (-1, 0, 1, 2)]
        return _cr(*p, t) if cubic else p[1] * (1 - t) + p[2] * t
    return f


def moments(xs, ys):
    """The natural spline's second derivatives: M_0 = M_n = 0, h_{k-1} M_{k-1} + 2 (h_{k-1} + h_k) M_k + h_k M_{k+1} =
    6 (secant_k - secant_{k-1})."""
    n = len(xs)
    h = [xs[k + 1] - xs[k] for k in range(n - 1)]
    A = mpmath.zeros(n, n)
    rhs = mpmath.zeros(n, 1)
    A[0, 0] = A[n - 1, n - 1] = 1
    for k in range(1, n - 1):
        A[k, k - 1], A[k, k], A[k, k + 1] = h[k - 1], 2 * (h[k - 1] + h[k]), h[k]
        rhs[k] = 6 * ((ys[k + 1] - ys[k]) / h[k] - (ys[k] - ys[k - 1]) / h[k - 1])
    M = mpmath.lu_solve(A, rhs)
    return [M[k] for k in range(n)]


def spline(xs, ys, x):
    M = moments(xs, ys)
    i = clip(max([j for j in range(len(xs)) if xs[j] <= x], default=-1), 0, len(xs) - 2)
    h, a, b = xs[i + 1] - xs[i], xs[i + 1] - x, x - xs[i]
    return (M[i] * a ** 3 + M[i + 1] * b ** 3) / (6 * h) + (ys[i] - M[i] * h * h / 6) * a / h \
        + (ys[i + 1] - M[i + 1] * h * h / 6) * b / h


KNm, KYm = [mpf(v) for v in KN], [mpf(v) for v in KY]


def m_spline_y(at):
    return lambda y: spline(KNm, y, D64(at))


def m_spline_x(x):
    return spline(KNm, KYm, x)


def m_spline_x_clamped(x):
    return spline(KNm, KYm, clip(x, mpf(0), mpf(5)))


def m_pchip(at, product=False):
    """Secants s_k = y_{k+1} - y_k (unit spacing); inner slopes the harmonic mean 2 s0 s1 / (s0 + s1) where s0 s1 > 0,
    else 0; the ends take their secant; the Hermite cubic of segment k at t."""
    def f(y):
        s = [y[k + 1] - y[k] for k in range(3)]
        d = [s[0]] + [2 * s[k - 1] * s[k] / (s[k - 1] + s[k]) if s[k - 1] * s[k] > 0 else mpf(0) for k in (1, 2)] + [s[2]]
        x = mpf(at)
        k = int(floor(x)) if x < 3 else 2
        return m_hermite(y[k], y[k + 1], d[k], d[k + 1], x - k)
    return f


def cox_de_boor(T, x, degree=3):
    """B_{i,0} = 1 on [T_i, T_{i+1}), else 0; a term whose knot span is empty (0/0) is 0."""
    T = [mpf(v) for v in T]
    B = [mpf(1) if T[i] <= x < T[i + 1] else mpf(0) for i in range(len(T) - 1)]
    for k in range(1, degree + 1):
        nxt = []
        for i in range(len(T) - 1 - k):
            d1, d2 = T[i + k] - T[i], T[i + k + 1] - T[i + 1]
            w1 = (x - T[i]) / d1 if d1 > 0 else 0
            w2 = (T[i + k + 1] - x) / d2 if d2 > 0 else 0
            nxt.append(w1 * B[i] + w2 * B[i + 1])
        B = nxt
    return B


def m_bspline(T, C):
    return lambda x: mpmath.fsum(mpf(c) * b for c, b in zip(C, cox_de_boor(T, x)))


def m_bspline_coef(c):
    return mpmath.fsum(a * b for a, b in zip(c, cox_de_boor(T_CLAMPED, mpf("1.5"))))


def m_step(kind, R=D64):
    """smoothstep / smootherstep / the ramp on [0.2, 0.7]: x - 0.2 with 0.2 as the dtype holds it, over 0.7 - 0.2
    computed by Python first (0.49999999999999994) and then held by the dtype (float32: 0.5)."""
    def f(x):
        t = clip((x - R(0.2)) / R(0.7 - 0.2), mpf(0), mpf(1))
        return {"smooth": t * t * (3 - 2 * t), "smoother": t ** 3 * (t * (6 * t - 15) + 10), "lin": t}[kind]
    return f


def m_piece(kind):
    def f(x):
        if kind == "c0":
            return x * x if x < 1 else 3 * x - 2
        if kind == "c1":
            return x * x if x < 1 else 2 * x - 1
        if kind == "c2":
            return x ** 3 if x < 1 else 3 * x * x - 3 * x + 1
        if kind == "jump":
            return x * x if x < 1 else 2 * x
        # the truncated-power spline
        if x < 0:
            return 1 + x
        if x < 1:
            return 1 + x - x ** 3
        if x < 2:
            return 1 + x - x ** 3 + 2 * (x - 1) ** 3
        return -3 - 5 * (x - 2)
    return f


def m_lookup(h, R=D64):
    def f(x):
        s = x / R(h)
        k = int(clip(floor(s), 0, len(TABLE) - 2))
        t = s - k
        return D64(TABLE[k]) * (1 - t) + D64(TABLE[k + 1]) * t
    return f


# --- cases ------------------------------------------------------------------------------------------------------------

def C(function, mirror, verdict="ok", dtype="float64", **pt):
    """A case whose truth is the one- and two-sided derivative of ``mirror`` at the point as ``dtype`` holds it."""
    return Case(L, function, ",".join(f"{k}={_txt(v)}" for k, v in pt.items()), dtype, verdict,
                sided_grad(mirror, dtype, **pt))


def H(function, truth, verdict="ok", dtype="float64", **pt):
    """A case whose truth is written by hand."""
    return Case(L, function, ",".join(f"{k}={_txt(v)}" for k, v in pt.items()), dtype, verdict, truth)


ULP_BELOW_1, ULP_ABOVE_1 = 0.9999999999999999, 1.0000000000000002


def interp_at(x):
    return m_interp(x, XP, FP)


ALL = [
    # np.interp in the point: between, on interior knots (kinks), a ulp beside, the ends, beyond
    C("interp_x", interp_at, x=1.7),
    C("interp_x", interp_at, "domain", x=1.0),
    C("interp_x", interp_at, x=ULP_BELOW_1),
    C("interp_x", interp_at, x=ULP_ABOVE_1),
    C("interp_x", interp_at, "domain", x=0.0),  # slope 0 on the left, 2 on the right
    C("interp_x", interp_at, "domain", x=4.0),
    C("interp_x", interp_at, x=6.0),
    C("interp_x", interp_at, dtype="float32", x=1.7),
    C("interp_x", interp_at, "domain", dtype="float32", x=2.5),
    C("interp_read", lambda x: read([interp_at(v) for v in x]), "domain", x=[0.5, 2.5, 6.0, 3.0]),
    C("interp_read", lambda x: read([interp_at(v) for v in x]), x=[0.5, 2.4999999999999996, 6.0, 3.0]),
    # in the table's values and in its knots
    C("interp_fp", lambda fp: m_interp(D64(1.7), XP, fp), fp=FP),
    C("interp_fp_knot", lambda fp: m_interp(mpf("2.5"), XP, fp), fp=FP),
    C("interp_xp", lambda xp: m_interp(mpf("2.5"), xp, FP), "domain", xp=XP),  # x on xp[2]: its slope jumps
    C("interp_xp_between", lambda xp: m_interp(D64(1.7), xp, FP), xp=XP),
    C("interp_xp", lambda xp: m_interp(mpf("2.5"), xp, FP), xp=[0.0, 1.0, 2.0, 4.0]),
    # searchsorted / digitize with linear extrapolation: the end knots are no kinks, the interior ones are
    C("lerp_searchsorted", m_lerp_extrap, "domain", x=1.0),
    C("lerp_searchsorted", m_lerp_extrap, x=0.0),
    C("lerp_searchsorted", m_lerp_extrap, x=4.0),
    C("lerp_searchsorted", m_lerp_extrap, x=2.5000000000000004),
    C("lerp_searchsorted", m_lerp_extrap, dtype="float32", x=4.0),
    C("lerp_digitize", lambda x: read([m_lerp_extrap(v) for v in x]), x=[0.5, 1.7, 3.0, -0.5]),
    C("lerp_digitize", lambda x: read([m_lerp_extrap(v) for v in x]), "domain", x=[0.5, 1.0, 4.0, 5.5]),
    # clamp-to-edge by np.clip
    C("lerp_clamped", m_lerp_clamped, "domain", x=4.0),
    C("lerp_clamped", m_lerp_clamped, "domain", x=0.0),
    C("lerp_clamped", m_lerp_clamped, x=5.0),
    # bilinear
    C("bilinear", m_bilinear, p=[0.25, 1.5]),
    C("bilinear", m_bilinear, "domain", p=[1.0, 0.5]),  # a grid line: a kink in x, y's slope kept
    C("bilinear", m_bilinear, "domain", p=[1.0, 1.0]),  # a corner
    C("bilinear", m_bilinear, "domain", p=[0.5, 1.0]),
    C("bilinear", m_bilinear, p=[2.0, 0.5]),  # the outer edge: the last cell extrapolates
    C("bilinear", m_bilinear, p=[ULP_BELOW_1, 0.5]),
    C("bilinear", m_bilinear, dtype="float32", p=[0.25, 1.5]),
    C("bilinear_grid", m_bilinear_grid, z=GRID),
    # Hermite and Catmull-Rom
    C("hermite", m_hermite, p0=1.0, p1=2.0, m0=0.5, m1=-1.0, t=0.3),
    C("hermite", m_hermite, dtype="float32", p0=1.0, p1=2.0, m0=0.5, m1=-1.0, t=0.3),
    C("catmull_rom", lambda u: m_catmull(CTRL, u), u=2.25),
    C("catmull_rom", lambda u: m_catmull(CTRL, u), u=2.0),  # C1 at a knot
    C("catmull_rom", lambda u: m_catmull(CTRL, u), u=4.0),
    C("catmull_rom", lambda u: m_catmull(CTRL, u), dtype="float32", u=2.0),
    C("catmull_rom_ctrl", lambda p: m_catmull(p, mpf("2.25")), p=CTRL),
    # periodic by np.mod
    C("catmull_periodic", m_periodic(True), x=4.0),  # the wrap: C1
    C("catmull_periodic", m_periodic(True), x=-1e-17),
    C("periodic_linear", m_periodic(False), "domain", x=4.0),
    C("periodic_linear", m_periodic(False), x=-0.5),
    C("periodic_linear", m_periodic(False), "unstable", x=-1e-17),  # mod rounds 4 - 1e-17 to 4: segment 0, not 3
    C("periodic_linear", m_periodic(False), x=3.9999999999999996),
    # natural cubic spline
    C("spline_y", m_spline_y(2.7), y=KY),
    C("spline_y_knot", m_spline_y(2.0), y=KY),
    C("spline_x", m_spline_x, x=2.7),
    C("spline_x", m_spline_x, x=2.0),  # C2 at a knot
    C("spline_x", m_spline_x, x=5.0),
    C("spline_x", m_spline_x, x=-1.0),
    C("spline_x", m_spline_x, dtype="float32", x=3.5),
    C("spline_x_clamped", m_spline_x_clamped, "domain", x=5.0),
    C("spline_x_clamped", m_spline_x_clamped, "domain", x=0.0),
    C("spline_x_clamped", m_spline_x_clamped, x=6.0),
    # PCHIP-like slopes
    C("pchip", m_pchip(1.5), y=[0.0, 1.0, 3.0, 4.0]),
    C("pchip", m_pchip(1.5), y=[0.0, 2.0, 1.0, 3.0]),  # an extremum at 1 and 2: slopes 0
    C("pchip", m_pchip(1.5), "domain", y=[1.0, 1.0, 2.0, 4.0]),  # a zero secant: the harmonic mean ~ 2 min
    C("pchip_at_knot", m_pchip(1.0), y=[0.0, 1.0, 3.0, 4.0]),
    C("pchip_at_knot", m_pchip(1.0), "wrong", y=[1.0, 1.0, 2.0, 4.0]),  # value y[1]; 1 / 0 in the untaken branch
    C("pchip_product", m_pchip(1.5, True), "domain", y=[1.0, 1.0, 2.0, 4.0]),
    C("pchip_product_at_knot", m_pchip(1.0, True), y=[1.0, 1.0, 2.0, 4.0]),
    C("pchip_product_at_knot", m_pchip(1.0, True), "wrong", y=[1.0, 1.0, 1.0, 2.0]),  # 0 / 0 untaken
    C("pchip", m_pchip(1.5), dtype="float32", y=[4.0, 3.0, 1.0, 0.0]),
    # Cox-de Boor
    C("bspline_where", m_bspline(T_CLAMPED, COEF6), "wrong", x=1.5),
    C("bspline", m_bspline(T_CLAMPED, COEF6), x=1.5),
    C("bspline", m_bspline(T_CLAMPED, COEF6), x=1.0),  # C2 at a simple knot
    C("bspline", m_bspline(T_CLAMPED, COEF6), "domain", x=0.0),  # 0 below the first knot: a jump
    C("bspline", m_bspline(T_CLAMPED, COEF6), "domain", x=3.0),  # the half-open last span: 0 at 3
    C("bspline", m_bspline(T_CLAMPED, COEF6), x=2.9999999999999996),
    C("bspline_double", m_bspline(T_DOUBLE, COEF6), x=1.0),  # a double knot: C1
    C("bspline_triple", m_bspline(T_TRIPLE, COEF7), "domain", x=1.0),  # a triple knot: C0
    C("bspline", m_bspline(T_CLAMPED, COEF6), dtype="float32", x=1.0),
    C("bspline_coef", m_bspline_coef, c=COEF6),
    # smoothstep family
    C("smoothstep", m_step("smooth"), x=0.2),
    C("smoothstep", m_step("smooth"), x=0.7),
    C("smoothstep", m_step("smooth", D32), dtype="float32", x=0.2),
    # float32: (0.7f - 0.2f) / 0.5 is 0.99999997, inside the clip: slope 3.6e-7, lost by the data's rounding (ok)
    C("smoothstep", m_step("smooth", D32), dtype="float32", x=0.7),
    C("smootherstep", m_step("smoother"), x=0.7),
    C("linstep", m_step("lin"), "domain", x=0.2),
    C("linstep", m_step("lin"), "domain", x=0.7),
    C("linstep", m_step("lin", D32), dtype="float32", x=0.7),  # inside the clip in float32: slope 2
    # np.piecewise / np.select
    C("piecewise_c0", m_piece("c0"), "domain", x=1.0),
    C("piecewise_c1", m_piece("c1"), x=1.0),
    C("piecewise_c2", m_piece("c2"), x=1.0),
    C("piecewise_c0", m_piece("c0"), x=ULP_BELOW_1),
    C("select_spline", m_piece("spline"), x=0.0),
    C("select_spline", m_piece("spline"), x=1.0),
    C("select_spline", m_piece("spline"), x=2.0),
    C("select_jump", m_piece("jump"), "domain", x=1.0),
    # lookup tables by np.floor(x / h)
    C("lookup", m_lookup(0.1), x=0.3),  # 0.3 / 0.1 is 2.99999999999999972 exactly: no node
    C("lookup", m_lookup(0.1), "domain", x=0.2),  # 0.2 is 2 x 0.1 exactly: a node
    C("lookup", m_lookup(0.1), "unstable", x=0.5),  # exact 4.99999999999999972, float64 5: the next segment
    C("lookup", m_lookup(0.1), x=0.30000000000000004),
    C("lookup", m_lookup(0.1, D32), "unstable", dtype="float32", x=0.5),
    C("lookup_quarter", m_lookup(0.25), "domain", x=0.5),
    C("lookup_quarter", m_lookup(0.25), x=0.49999999999999994),
]
