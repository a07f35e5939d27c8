"""A user's code on gradcli.numpy, round 69c: interpolation, splines and piecewise definitions, the way numerical code
writes them (np.interp in the point, the table's values and its knots; linear interpolation by np.searchsorted and by
np.digitize with index arithmetic; bilinear interpolation on a grid; cubic Hermite and Catmull-Rom segments by hand; a
natural cubic spline by np.linalg.solve on its tridiagonal system; a PCHIP-like monotone slope by harmonic means; cubic
B-splines by the Cox-de Boor recursion with repeated knots, 0/0 taken as 0 by np.where; smoothstep and smootherstep by
np.clip; np.piecewise and np.select polynomials joined C0, C1 and C2; clamp-to-edge by np.clip; a lookup table indexed
by np.floor(x / h); a periodic table by np.mod), checked at ordinary points, exactly on knots, nodes and breakpoints,
one ulp beside them and outside the range."""

import gradcli.numpy as np

XP = [0.0, 1.0, 2.5, 4.0]  # knots
FP = [1.0, 3.0, 2.0, 5.0]  # values at the knots
READ = (0.3, -1.2, 0.5, 0.8)  # a fixed read-out


def _read(y):
    total = 0.0
    for k in range(y.shape[0]):
        total = total + READ[k] * y[k]
    return total


# --- np.interp --------------------------------------------------------------------------------------------------------

def interp_x(x):
    """The table's piecewise-linear value at x (constant beyond the ends)."""
    return np.interp(x, XP, FP)


def interp_read(x):
    """np.interp at a vector of points, read out."""
    return _read(np.interp(x, XP, FP))


def interp_fp(fp):
    """np.interp(1.7, XP, fp): in the table's values."""
    return np.interp(1.7, XP, fp)


def interp_fp_knot(fp):
    return np.interp(2.5, XP, fp)


def interp_xp(xp):
    """np.interp(2.5, xp, FP): in the knots' positions."""
    return np.interp(2.5, xp, FP)


def interp_xp_between(xp):
    return np.interp(1.7, xp, FP)


# --- index arithmetic -------------------------------------------------------------------------------------------------

XP_A = np.array(XP)
FP_A = np.array(FP)


def lerp_searchsorted(x):
    """Linear interpolation with linear extrapolation: the segment by searchsorted, clipped to the end segments."""
    i = np.searchsorted(XP_A, x, side="right") - 1
    i = np.clip(i, 0, len(XP) - 2)
    x0, x1 = XP_A[i], XP_A[i + 1]
    t = (x - x0) / (x1 - x0)
    return FP_A[i] * (1.0 - t) + FP_A[i + 1] * t


def lerp_digitize(x):
    """The same with np.digitize, on a vector of points, read out."""
    i = np.clip(np.digitize(x, XP_A) - 1, 0, len(XP) - 2)
    t = (x - XP_A[i]) / (XP_A[i + 1] - XP_A[i])
    return _read(FP_A[i] + t * (FP_A[i + 1] - FP_A[i]))


def lerp_clamped(x):
    """Clamp-to-edge: the point clipped into the table's range first, then interpolated."""
    xc = np.clip(x, XP[0], XP[-1])
    i = np.clip(np.searchsorted(XP_A, xc, side="right") - 1, 0, len(XP) - 2)
    t = (xc - XP_A[i]) / (XP_A[i + 1] - XP_A[i])
    return FP_A[i] * (1.0 - t) + FP_A[i + 1] * t


# --- bilinear on a grid -----------------------------------------------------------------------------------------------

GRID = np.array([[0.0, 1.0, 4.0], [2.0, 0.5, 3.0], [1.0, 5.0, 2.0]])  # GRID[i, j] at (x = i, y = j)


def bilinear(p):
    """Bilinear interpolation at p = (x, y) on the unit grid 0..2 x 0..2."""
    x, y = p[0], p[1]
    i = np.clip(np.floor(x).astype(int), 0, 1)
    j = np.clip(np.floor(y).astype(int), 0, 1)
    u, v = x - i, y - j
    return ((1 - u) * (1 - v) * GRID[i, j] + u * (1 - v) * GRID[i + 1, j]
            + (1 - u) * v * GRID[i, j + 1] + u * v * GRID[i + 1, j + 1])


def bilinear_grid(z):
    """The same at the fixed point (0.25, 1.5), in the grid's values."""
    x, y = 0.25, 1.5
    u, v = x - 0.0, y - 1.0
    return (1 - u) * (1 - v) * z[0, 1] + u * (1 - v) * z[1, 1] + (1 - u) * v * z[0, 2] + u * v * z[1, 2]


# --- Hermite and Catmull-Rom ------------------------------------------------------------------------------------------

def hermite(p0, p1, m0, m1, t):
    """A cubic Hermite segment on [0, 1]."""
    t2 = t * t
    t3 = t2 * t
    return ((2 * t3 - 3 * t2 + 1) * p0 + (t3 - 2 * t2 + t) * m0
            + (-2 * t3 + 3 * t2) * p1 + (t3 - t2) * m1)


CTRL = np.array([0.0, 2.0, 1.0, 3.0, 2.5, 0.5])  # control values at u = 0, 1, ..., 5


def _catmull(p, u):
    k = np.clip(np.floor(u).astype(int), 1, len(CTRL) - 3)
    t = u - k
    p0, p1, p2, p3 = p[k - 1], p[k], p[k + 1], p[k + 2]
    return 0.5 * ((2 * p1) + (-p0 + p2) * t + (2 * p0 - 5 * p1 + 4 * p2 - p3) * t ** 2
                  + (-p0 + 3 * p1 - 3 * p2 + p3) * t ** 3)


def catmull_rom(u):
    """A uniform Catmull-Rom curve through CTRL, in its parameter u (segments 1..4)."""
    return _catmull(CTRL, u)


def catmull_rom_ctrl(p):
    """The same at u = 2.25, in the control values."""
    return _catmull(p, 2.25)


def catmull_periodic(x):
    """A periodic Catmull-Rom through the 4 values PER at 0, 1, 2, 3 (period 4), by np.mod."""
    u = np.mod(x, 4.0)
    k = np.floor(u).astype(int)
    t = u - k
    p0, p1, p2, p3 = PER[(k - 1) % 4], PER[k % 4], PER[(k + 1) % 4], PER[(k + 2) % 4]
    return 0.5 * ((2 * p1) + (-p0 + p2) * t + (2 * p0 - 5 * p1 + 4 * p2 - p3) * t ** 2
                  + (-p0 + 3 * p1 - 3 * p2 + p3) * t ** 3)


PER = np.array([1.0, 3.0, 0.0, 2.0])


def periodic_linear(x):
    """The same table interpolated linearly with wrap-around."""
    u = np.mod(x, 4.0)
    k = np.floor(u).astype(int)
    t = u - k
    return PER[k % 4] * (1 - t) + PER[(k + 1) % 4] * t


# --- natural cubic spline ---------------------------------------------------------------------------------------------

KN = np.array([0.0, 1.0, 2.0, 3.5, 5.0])  # spline knots
KY = np.array([1.0, 2.0, 0.0, 1.5, 3.0])  # spline data


def _natural_moments(xs, ys):
    n = xs.shape[0]
    h = xs[1:] - xs[:-1]
    A = np.zeros((n, n))
    A[0, 0] = 1.0
    A[n - 1, n - 1] = 1.0
    rhs = [0.0 * ys[0]]
    for k in range(1, n - 1):
        A[k, k - 1] = h[k - 1]
        A[k, k] = 2.0 * (h[k - 1] + h[k])
        A[k, k + 1] = h[k]
        rhs.append(6.0 * ((ys[k + 1] - ys[k]) / h[k] - (ys[k] - ys[k - 1]) / h[k - 1]))
    rhs.append(0.0 * ys[0])
    return np.linalg.solve(A, np.stack(rhs))


def _spline_eval(xs, ys, M, x):
    i = np.clip(np.searchsorted(xs, x, side="right") - 1, 0, xs.shape[0] - 2)
    x0, x1 = xs[i], xs[i + 1]
    h = x1 - x0
    a, b = x1 - x, x - x0
    return (M[i] * a ** 3 / (6 * h) + M[i + 1] * b ** 3 / (6 * h)
            + (ys[i] - M[i] * h * h / 6) * a / h + (ys[i + 1] - M[i + 1] * h * h / 6) * b / h)


def spline_y(y):
    """The natural cubic spline through (KN, y), at 2.7, in the data values."""
    return _spline_eval(KN, y, _natural_moments(KN, y), 2.7)


def spline_y_knot(y):
    """The same at the knot 2.0: the value is y[2]."""
    return _spline_eval(KN, y, _natural_moments(KN, y), 2.0)


def spline_x(x):
    """The natural spline through (KN, KY), in the point (the end cubics extrapolate)."""
    return _spline_eval(KN, KY, _natural_moments(KN, KY), x)


def spline_x_clamped(x):
    """Clamp-to-edge: np.clip into [0, 5] first."""
    return _spline_eval(KN, KY, _natural_moments(KN, KY), np.clip(x, 0.0, 5.0))


# --- PCHIP-like slopes ------------------------------------------------------------------------------------------------

PX = np.array([0.0, 1.0, 2.0, 3.0])


def _pchip_slopes(y):
    s = (y[1:] - y[:-1]) / (PX[1:] - PX[:-1])  # secants
    inner = np.where(s[:-1] * s[1:] > 0, 2.0 / (1.0 / s[:-1] + 1.0 / s[1:]), 0.0)  # harmonic mean, 0 at an extremum
    return np.concatenate([s[:1], inner, s[-1:]])


def _pchip_slopes_product(y):
    s = (y[1:] - y[:-1]) / (PX[1:] - PX[:-1])
    inner = np.where(s[:-1] * s[1:] > 0, 2.0 * s[:-1] * s[1:] / (s[:-1] + s[1:]), 0.0)
    return np.concatenate([s[:1], inner, s[-1:]])


def _pchip_at(y, d, x):
    k = int(x)  # the point is a fixed number here
    t = x - k
    h00, h10, h01, h11 = 2 * t ** 3 - 3 * t ** 2 + 1, t ** 3 - 2 * t ** 2 + t, -2 * t ** 3 + 3 * t ** 2, t ** 3 - t ** 2
    return h00 * y[k] + h10 * d[k] + h01 * y[k + 1] + h11 * d[k + 1]


def pchip(y):
    """A PCHIP-like interpolant through (0..3, y) at 1.5."""
    return _pchip_at(y, _pchip_slopes(y), 1.5)


def pchip_at_knot(y):
    """The same at the knot 1.0: its value is y[1] whatever the slopes."""
    return _pchip_at(y, _pchip_slopes(y), 1.0)


def pchip_product(y):
    """The harmonic mean as 2 s0 s1 / (s0 + s1), at 1.5."""
    return _pchip_at(y, _pchip_slopes_product(y), 1.5)


def pchip_product_at_knot(y):
    return _pchip_at(y, _pchip_slopes_product(y), 1.0)


# --- B-splines by Cox-de Boor -----------------------------------------------------------------------------------------

T_CLAMPED = np.array([0.0, 0.0, 0.0, 0.0, 1.0, 2.0, 3.0, 3.0, 3.0, 3.0])  # clamped cubic, 6 basis functions
T_DOUBLE = np.array([0.0, 0.0, 0.0, 0.0, 1.0, 1.0, 2.0, 2.0, 2.0, 2.0])  # knot 1 twice: C1 there
T_TRIPLE = np.array([0.0, 0.0, 0.0, 0.0, 1.0, 1.0, 1.0, 2.0, 2.0, 2.0, 2.0])  # knot 1 three times: C0 there
COEF6 = np.array([1.0, -1.0, 2.0, 0.5, 3.0, -2.0])
COEF7 = np.array([1.0, -1.0, 2.0, 0.5, 3.0, -2.0, 1.5])


def _basis_where(T, x, degree=3):
    """Cox-de Boor, the 0/0 of repeated knots taken as 0 by np.where."""
    B = [np.where((T[i] <= x) & (x < T[i + 1]), 1.0, 0.0) for i in range(T.shape[0] - 1)]
    for k in range(1, degree + 1):
        nxt = []
        for i in range(T.shape[0] - 1 - k):
            d1, d2 = T[i + k] - T[i], T[i + k + 1] - T[i + 1]
            w1 = np.where(d1 > 0, (x - T[i]) / d1, 0.0)
            w2 = np.where(d2 > 0, (T[i + k + 1] - x) / d2, 0.0)
            nxt.append(w1 * B[i] + w2 * B[i + 1])
        B = nxt
    return B


def _basis_safe(T, x, degree=3):
    """Cox-de Boor with the denominators made safe first (a double where)."""
    B = [np.where((T[i] <= x) & (x < T[i + 1]), 1.0, 0.0) for i in range(T.shape[0] - 1)]
    for k in range(1, degree + 1):
        nxt = []
        for i in range(T.shape[0] - 1 - k):
            d1, d2 = T[i + k] - T[i], T[i + k + 1] - T[i + 1]
            w1 = np.where(d1 > 0, (x - T[i]) / np.where(d1 > 0, d1, 1.0), 0.0)
            w2 = np.where(d2 > 0, (T[i + k + 1] - x) / np.where(d2 > 0, d2, 1.0), 0.0)
            nxt.append(w1 * B[i] + w2 * B[i + 1])
        B = nxt
    return B


def bspline_where(x):
    """sum c_i B_i(x) on the clamped knots, the 0/0 terms taken as 0 by np.where."""
    B = _basis_where(T_CLAMPED, x)
    return sum(COEF6[i] * B[i] for i in range(6))


def bspline(x):
    """The same with safe denominators."""
    B = _basis_safe(T_CLAMPED, x)
    return sum(COEF6[i] * B[i] for i in range(6))


def bspline_double(x):
    B = _basis_safe(T_DOUBLE, x)
    return sum(COEF6[i] * B[i] for i in range(6))


def bspline_triple(x):
    B = _basis_safe(T_TRIPLE, x)
    return sum(COEF7[i] * B[i] for i in range(7))


def bspline_coef(c):
    """The where-spelling at x = 1.5, in the coefficients."""
    B = _basis_where(T_CLAMPED, 1.5)
    return sum(c[i] * B[i] for i in range(6))


# --- smoothstep, np.piecewise, np.select ------------------------------------------------------------------------------

def smoothstep(x):
    """GLSL's smoothstep(0.2, 0.7, x)."""
    t = np.clip((x - 0.2) / (0.7 - 0.2), 0.0, 1.0)
    return t * t * (3.0 - 2.0 * t)


def smootherstep(x):
    """Perlin's smootherstep on [0.2, 0.7]."""
    t = np.clip((x - 0.2) / (0.7 - 0.2), 0.0, 1.0)
    return t * t * t * (t * (6.0 * t - 15.0) + 10.0)


def linstep(x):
    """The clamped ramp itself: kinks at both edges."""
    return np.clip((x - 0.2) / (0.7 - 0.2), 0.0, 1.0)


def piecewise_c0(x):
    """x^2 below 1, 3x - 2 from 1: continuous, slopes 2 and 3."""
    return np.piecewise(x, [x < 1.0, x >= 1.0], [lambda v: v * v, lambda v: 3.0 * v - 2.0])


def piecewise_c1(x):
    """x^2 below 1, 2x - 1 from 1: C1."""
    return np.piecewise(x, [x < 1.0, x >= 1.0], [lambda v: v * v, lambda v: 2.0 * v - 1.0])


def piecewise_c2(x):
    """x^3 below 1, 3x^2 - 3x + 1 from 1: C2."""
    return np.piecewise(x, [x < 1.0, x >= 1.0], [lambda v: v ** 3, lambda v: 3.0 * v * v - 3.0 * v + 1.0])


def select_spline(x):
    """A C2 cubic spline in truncated-power form by np.select: 1 + x - x^3 on [0, 1), + 2 (x - 1)^3 on [1, 2), a line
    beyond 2 and 1 + x below 0 (its C2 joins with slope 1 at 0 and at 2: value 1 + 2 - 8 + 2 = -3, slope 1 - 12 + 6 =
    -5)."""
    return np.select([x < 0.0, x < 1.0, x < 2.0],
                     [1.0 + x, 1.0 + x - x ** 3, 1.0 + x - x ** 3 + 2.0 * (x - 1.0) ** 3],
                     -3.0 - 5.0 * (x - 2.0))


def select_jump(x):
    """A table of polynomials whose pieces do not meet at 1 (a slip: 2x instead of 2x - 1)."""
    return np.select([x < 1.0], [x * x], 2.0 * x)


# --- lookup tables ----------------------------------------------------------------------------------------------------

H = 0.1
TABLE = np.array([0.0, 0.5, 0.8, 1.0, 0.7, 0.2, -0.1, -0.5, -0.4, 0.0, 0.6])  # values at k * H, k = 0..10


def lookup(x):
    """A table at the nodes k * 0.1, indexed by np.floor(x / h), linear between nodes."""
    s = x / H
    k = np.clip(np.floor(s).astype(int), 0, TABLE.shape[0] - 2)
    t = s - k
    return TABLE[k] * (1.0 - t) + TABLE[k + 1] * t


H4 = 0.25


def lookup_quarter(x):
    """The same table on nodes k * 0.25 (exact binary nodes)."""
    s = x / H4
    k = np.clip(np.floor(s).astype(int), 0, TABLE.shape[0] - 2)
    t = s - k
    return TABLE[k] * (1.0 - t) + TABLE[k + 1] * t
