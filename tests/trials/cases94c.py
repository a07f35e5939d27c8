"""The ninety-fourth round (c) of user trials: geostatistics and spatial interpolation written with gradcli.numpy
(tests/trials/lib94c.py).

The spatial-statistics code that is fitted by gradient: Shepard's inverse distance weighting sum(w z) / sum(w), w =
1 / d^p, with p = 1 and 2 at an ordinary query (both dtypes), on a datum (1 / 0; the limit is that datum) in both
dtypes, beside it at d = 1e-9 and where d^2 = 1e-400 underflows (float32 q 1e-25), smoothed 1 / (d^2 + eps) from the
summed squares and from the root (both dtypes); the spherical variogram at, below and above its range (by where and
by minimum; both dtypes) and at h = 0, with a nugget's jump at h = 0 (both dtypes) and beside it; the exponential
model 1 - exp(-3 h / a) at h = 0.5, 0, 1e-12 (float32 1e-4) against -expm1; the Gaussian model at 0.5, 0, 1e-6
(float32 1e-3) and at the lag between two locations, apart and coincident; the Matern covariance with nu = 1/2, 3/2,
5/2 in closed form at r = 0.7 and r = 0, of |x1 - x2| apart and at coincident points (float32 too), and by the general
formula 2^(1-nu) / Gamma(nu) x^nu K_nu(x) (gradcli.scipy.special.kv) at 0.7, at r = 0 (0 * inf), beside it (1e-6,
1e-9) and at 1e-250 (x^1.5 underflows, K_1.5 overflows); simple kriging z' C^-1 c0 by a 2x2 solve (Gaussian
covariance) ordinary with and without a nugget (both dtypes), at coincident data without a nugget (C = [[1, 1], [1,
1]]) and with one, at data 1e-9 apart (singular in float64 only), and with the exponential covariance exp(-|h|) at
coincident data and with the query on a datum; the kriging variance 1 - c0' C^-1 c0 by a 3x3 solve ordinary and at a
datum (both dtypes), and with exp(-|h|) there; the haversine in radians (ordinary in both dtypes, coincident, 1e-9
apart, and at lon2 = the double of pi, 1.2e-16 short of antipodal) and in degrees (ordinary in both dtypes, antipodal
along the equator three ways, pole to pole, coincident); the anisotropic distance sqrt(dx^2 + (dy / ratio)^2) at
ratio 0.5 (both dtypes), 1e-100, 1e-160 (float32 1e-20), 0 and at dx = dy = 0, and by hypot; a Gaussian field's
log-likelihood by slogdet and solve at a range of 0.3 (both dtypes), 1e-3 (K = s2 I; both dtypes), 30 and 1e4 (K near
all-ones) and float32 3.

Tried: 29 functions, 110 cases through the CLI judged by tests/trials/judge.py (at most two gradcli processes at once:
a scratch driver runs the CLI in two threads and judges in the main one), and scratch probes by hand (F1's spellings
in a small file). ALL keeps all 110 (63 ok, 20 unstable, 20 domain, 7 wrong; 84 float64, 26 float32). 109 agree with
gradcli in verdict and in every exact gradient entry (to 1e-10 relative); 1 is the finding F1. Every check took
0.4-15.4 s on the loaded machine (two at once; F1's case the slowest, 11-15 s, the exponential kriging variance at a
datum 9 s, the rest under 2 s); every truth under 0.8 s (all 110 in 6.1 s); the full run took 53-148 s (three runs).

Truths are written here from the mathematics, never lib94c's code or gradcli: IDW in its barycentric form sum z_i
prod_{j != i} D_j / sum prod_{j != i} D_j (D = d^p or d^2 + eps), finite at a datum; the variograms piecewise as
defined, the exponential and Gaussian by -expm1; the Matern covariances in closed form e^-s times (1, 1 + s, 1 + s +
s^2 / 3), s = sqrt(2 nu) r / l, for the Bessel spellings too, and of the squared lag, never the root; kriging by
mpmath's LU solve of the covariance matrices; the great-circle distance by Vincenty's atan2 form (degrees converted
with mpmath's pi: np.radians is pi / 180 to gradcli, so 180 degrees are exactly pi), never the haversine; the
anisotropic distance by hypot; the log-likelihood by mpmath's determinant and LU solve. Derivatives from the left and
the right by mpmath.diff at 2,000 digits (cases30b.sided_grad with finite_sides: NaN where the sides differ or one is
undefined or infinite); by hand the points with no value (IDW on a datum, x^nu K_nu at x = 0, a singular kriging
matrix, dy / 0). Constants as the program holds them: the program's math.sqrt(3.0) rounded to float32 where it meets
a float32 r; eps = 1e-6 and the log-likelihood's data as doubles in both dtypes (PTS, XS and ZS are float64 arrays,
so a float32 q, l or s2 promotes to float64 before eps or the data meet it).

What agreed (beyond the ordinary points, ok in both dtypes): IDW domain on a datum in both dtypes and both powers,
unstable beside it (d = 1e-9 and where d^2 underflows); the smoothed IDW ok on a datum from the squares, wrong from the
root (sqrt'(0) = inf times 0) in both dtypes; the spherical variogram ok at its range by where and by minimum (the
pieces meet with slope 0 in h and a) and at h = 0; the nugget domain at h = 0 in both dtypes (c0, a, c slopes 0), ok
beside; the exponential and Gaussian models ok at h = 0, unstable at 1e-12 and 1e-6 (float32 1e-4, 1e-3), ok by
expm1; the Gaussian model wrong at coincident locations (the root's NaN for slopes 0); Matern in closed form ok at r =
0 for every nu, of |x1 - x2| at coincident points domain for nu = 1/2 (a cone) and wrong for 3/2 (both dtypes) and
5/2 (slope 0, the root's NaN); the Bessel form ok at 0.7 (float32 too), domain at r = 0 for every nu, unstable at 1e-6
(nu = 3/2, 5/2) and 1e-9 (nu = 1/2): the product rule's nu x^(nu-1) K_nu and x^nu K_nu' = -x^nu (K_(nu-1) +
K_(nu+1)) / 2 cancel terms of 1/x to x, and at 1e-250 (0 * inf); simple kriging domain at coincident data without a
nugget (an exactly singular C), ok with one (smooth in (x0 - x1)^2), unstable 1e-9 apart (exp(-1e-18) = 1: C singular
in float64 alone); with exp(-|h|), domain at coincident data with a nugget and with the query on a datum; the kriging
variance ok at a datum in both dtypes (exact 0 and slopes 0; the program's 1 - c0' w cancels to 0.0 and its
slopes' residue 3e-18 passes against an array of exact zeros), domain there with exp(-|h|) (x0 and x[1] kink, x[0] and x[2] keep 0); the haversine domain at coincident
points (a cone, radians and degrees), ok 1e-9 apart, unstable at lon2 = the double of pi (not antipodal: slopes -R,
R, 0, 0, but sin^2 rounds to 1 and arcsin'(1) = inf), domain at the exactly antipodal (0, 180) - (0, 0) and (0, 0) -
(0, -180) (a kink in all four angles); the anisotropic distance unstable at ratio 1e-160 (float32 1e-20: (dy /
ratio)^2 overflows where the value 5e159 holds, beside a ratio slope of -5e319 no float64 holds), ok by hypot at
1e-100, domain by hypot at 1e-160 (the value holds, the slope does not), domain at ratio = 0 (dx keeps its slope 0),
wrong at dx = dy = 0 (ratio's exact slope 0, sqrt'(0) times 0 NaN); the log-likelihood ok at l = 1e-3 (K = s2 I
exactly), unstable at 30 and 1e4 (K near all-ones, eigenvalues to 1e-11 and below).

Truths the round corrected in itself (against the first CLI batch; each re-derived by hand before changing it):
- IDW on a datum, first all NaN: the other data's slopes are w_i / sum w = 1 / inf = 0 however q nears the datum, and
  README's doctrine of poles keeps the slopes of inputs that do not move the pole (z[i] only scales a finite
  term): 0, as gradcli says; q and the datum's own z (a multiplier of the infinity) none;
- IDW beside a datum at d = 1e-9, first ok (the value is well conditioned): the quotient rule sum(w' z) / W - N W' /
  W^2 subtracts terms of 2e9 (p = 2; 1e9 for p = 1) to leave a slope of 6e-9 (O(1)): 17 (9) digits lost, unstable,
  as gradcli says (its cancellation finding names that addition);
- the smoothed IDW in float32, first with eps rounded to float32: PTS - q is float64 (PTS a float64 array), so eps
  meets float64 data; and the float32 log-likelihood, first with ZS rounded and at l = 3 unstable (float32's cond
  1e5): XS and ZS are float64 arrays, K is float64, the data stay doubles and l = 3 is ok, as gradcli says;
- Matern 3/2 in float32 (closed form and Bessel), first with sqrt(3) exact: the program's math.sqrt(3.0) is rounded
  to float32 as it meets r (1.8e-8 off), as README's held literals say;
- the anisotropic distance at ratio = 0, first all NaN: dx does not move the pole dy / 0 and keeps dx / h = 0;
- haversine pole to pole (90, 0) - (-90, 0), first domain: lat1 and lat2 kink, but lon1 and lon2 have the exact
  slope 0 that the program's arcsin'(1) = inf times sin(0) = 0 makes NaN; gradcli's rule run rounds a = 1 either
  way at every precision (README: "rounding decides", the rule not judged), and the rule rounded below 1 gives the
  0, so the NaN is the float's: unstable, as gradcli says (a = 1 exactly is the identity sin(pi/2) = 1).

Findings:
F1 (mended). gradcli's exact reference does not settle at arcsin(s ** 2) where s = sin(radians(x)) is exactly +1: the
  verdict is error, "the exact reference did not settle below 4000 digits (the function cancels more digits than
  that)", where the function cancels nothing (its value is pi/2) and has a kink. Minimal, in a file `import
  gradcli.numpy as np; def f(x): return np.arcsin(np.sin(np.radians(x)) ** 2)`: `gradcli check file.py:f --at 90.0
  --dtype float64 --json` gives status error (and at x = 450); at x = -90 and 270 (s = -1) the same function gives
  domain, exact value 1.5707963267948966192, the kink "0.0246827 from the left and -0.0246827 from the right"; so does
  `np.square(np.sin(np.radians(x)))` and `np.sin(np.radians(x)) * np.sin(np.radians(x))` at 90, and
  `np.arccos(np.sin(np.radians(x)) ** 2)` at 90 (exact 0, a kink). In lib94c: haversine_deg(0, 0, 0, 180), two points
  antipodal on the equator: error, while (0, 180) - (0, 0) and (0, 0) - (0, -180), the same distance pi R = 20015.087
  km with the same kinks (+-111.195 km per degree), settle as domain. Sure because: arcsin(sin^2(x)) near x = pi/2 and
  near -pi/2 are mirror images (sin^2 is even about both), so one exact reference cannot need more digits at one
  than the other; the value there is exactly pi/2, and sin^2 = 1 - (h pi / 180)^2 + ... at 90 + h makes it pi/2 - sqrt(2) |h| pi /
  180 + ...: one-sided slopes -+0.0246827 (what gradcli itself gives at -90), a kink: domain. Only the power ** 2 of
  +1 under arcsin (or arcsin(sqrt(...)) of it, the haversine) is affected; np.square, a product, -1 squared, and
  arccos are not.
  Mended: the exact reference's directed runs (its rounding noise) moved power's answer outward by a few units in the
  last place, as for a composite of mpmath steps; sin(radians(90 + h)) ** 2 just below 1 was moved above it, arcsin of
  it NaN in one run at every precision, and the kink test saw noise only. mpmath's x ** n for n in -1, 0, 1, 2 is one
  correctly rounded operation (x ** 2 is x x), so it is left on its own side, as multiply's is.
"""

import mpmath
import numpy
from mpmath import mpf

from cases import Case
from cases5 import hp
from cases30b import sided_grad

L = "lib94c.py"
NAN = mpmath.nan
exp, log, sqrt, pi = mpmath.exp, mpmath.log, mpmath.sqrt, mpmath.pi


def _txt(v):
    if isinstance(v, list):
        return "[" + ",".join(_txt(a) for a in v) + "]"
    return repr(float(v))


def K(dtype, value):
    """A Python float constant of the program as it meets an array of the dtype (float32 rounds it)."""
    return mpf(float(numpy.float32(value))) if dtype == "float32" else mpf(float(value))


# --- the mathematics, in mpmath (never lib94c's code path) ------------------------------------------------------------

PTS = [(0, 0), (1, 0), (0, 1)]


def m_idw(power, eps=None):
    """Shepard's interpolant in its barycentric form sum z_i prod_{j != i} D_j / sum prod_{j != i} D_j, D = d^p (or
    d^2 + eps): the same function off the data, finite at a datum (that datum)."""
    def f(q, z):
        D = []
        for px, py in PTS:
            d2 = (q[0] - px) ** 2 + (q[1] - py) ** 2
            D.append(d2 + eps if eps is not None else (d2 ** (mpf(power) / 2) if d2 > 0 else mpf(0)))
        prods = []
        for i in range(3):
            t = mpf(1)
            for j in range(3):
                if j != i:
                    t *= D[j]
            prods.append(t)
        return sum(zi * t for zi, t in zip(z, prods)) / sum(prods)
    return f


def m_spherical(h, a, c):
    return c * (mpf(3) / 2 * h / a - (h / a) ** 3 / 2) if h < a else c


def m_nugget_spherical(h, c0, a, c):
    return c0 + m_spherical(h, a, c) if h > 0 else mpf(0)


def m_exponential(h, a, c):
    return -c * mpmath.expm1(-3 * h / a)


def m_gaussian(h, a, c):
    return -c * mpmath.expm1(-3 * (h / a) ** 2)


def _norm(x1, x2):
    return sqrt(sum((a - b) ** 2 for a, b in zip(x1, x2)))


def m_gaussian_xy(x1, x2, a, c):
    """c (1 - exp(-3 |x1 - x2|^2 / a^2)): the squared distance, no root."""
    return -c * mpmath.expm1(-3 * sum((p - q) ** 2 for p, q in zip(x1, x2)) / a ** 2)


def m_matern(nu2, dtype="float64"):
    """The Matern covariance in closed form for nu = nu2 / 2 (the half-integer cases: e^-s times a polynomial); the
    program's math.sqrt(nu2) as it meets r of the dtype (float32 rounds it)."""
    root = K(dtype, float(numpy.sqrt(nu2)))

    def f(r, l):
        s = root * r / l
        if nu2 == 1:
            return exp(-s)
        if nu2 == 3:
            return (1 + s) * exp(-s)
        return (1 + s + s * s / 3) * exp(-s)
    return f


def m_matern_xy(nu2):
    """The Matern covariance of r = |x1 - x2|: for nu = 3/2, 5/2 its series in r starts 1 - c r^2 (odd powers from r^3
    on), so the norm's kink at 0 is flattened (slope 0); for nu = 1/2, 1 - r / l + ..., a cone."""
    g = m_matern(nu2)

    def f(x1, x2, l):
        return g(_norm(x1, x2), l)
    return f


def m_kriging(cov, z=(1, 2)):
    """z' C^-1 c0 with C = cov(x_i - x_j) + tau2 I, c0 = cov(x_i - x0), by mpmath's LU solve."""
    def f(x, x0, tau2):
        n = len(x)
        C = mpmath.matrix(n, n)
        for i in range(n):
            for j in range(n):
                C[i, j] = cov(x[i] - x[j]) + (tau2 if i == j else 0)
        c0 = mpmath.matrix([cov(xi - x0) for xi in x])
        w = mpmath.lu_solve(C, c0)
        return sum(mpf(zi) * w[i] for i, zi in enumerate(z))
    return f


def m_kriging_variance(cov):
    def f(x0, x):
        n = len(x)
        C = mpmath.matrix(n, n)
        for i in range(n):
            for j in range(n):
                C[i, j] = cov(x[i] - x[j])
        c0 = mpmath.matrix([cov(xi - x0) for xi in x])
        w = mpmath.lu_solve(C, c0)
        return 1 - sum(c0[i] * w[i] for i in range(n))
    return f


def g_cov(h):
    return exp(-h * h)


def e_cov(h):
    return exp(-abs(h))


R = 6371


def m_great_circle(deg=False):
    """The great-circle distance by Vincenty's atan2 form (well conditioned everywhere), never the haversine."""
    def f(lat1, lon1, lat2, lon2):
        if deg:
            lat1, lon1, lat2, lon2 = (v * pi / 180 for v in (lat1, lon1, lat2, lon2))
        dl = lon2 - lon1
        y = sqrt((mpmath.cos(lat2) * mpmath.sin(dl)) ** 2
                 + (mpmath.cos(lat1) * mpmath.sin(lat2) - mpmath.sin(lat1) * mpmath.cos(lat2) * mpmath.cos(dl)) ** 2)
        x = mpmath.sin(lat1) * mpmath.sin(lat2) + mpmath.cos(lat1) * mpmath.cos(lat2) * mpmath.cos(dl)
        return R * mpmath.atan2(y, x)
    return f


def m_aniso(dx, dy, ratio):
    if ratio == 0:
        return NAN
    return mpmath.hypot(dx, dy / ratio)


XS = [0, 0.5, 1, 1.5]
ZS = [0.3, -0.1, 0.4, 0.2]


def m_gp_loglik(dtype):
    """-z' K^-1 z / 2 - log det K / 2 - n log(2 pi) / 2 from mpmath's determinant and LU solve."""
    zs = [mpf(v) for v in ZS]  # float64 data in both dtypes (a float32 l, s2 promote to float64 with XS)

    def f(l, s2):
        if l == 0 or s2 <= 0:
            return NAN
        n = len(XS)
        Km = mpmath.matrix(n, n)
        for i in range(n):
            for j in range(n):
                Km[i, j] = s2 * exp(-((mpf(XS[i]) - XS[j]) / l) ** 2 / 2)
        det = mpmath.det(Km)
        if det <= 0:
            return NAN
        w = mpmath.lu_solve(Km, mpmath.matrix(zs))
        return -sum(zs[i] * w[i] for i in range(n)) / 2 - log(det) / 2 - n * log(2 * pi) / 2
    return f


# --- cases ------------------------------------------------------------------------------------------------------------

def _at(pt):
    return ",".join(f"{k}={_txt(v)}" for k, v in pt.items())


def C(function, mirror, verdict="ok", dtype="float64", **pt):
    """A case whose truth is the one- and two-sided derivative of ``mirror`` at the point as ``dtype`` holds it (NaN
    where a side is undefined or infinite)."""
    return Case(L, function, _at(pt), dtype, verdict, sided_grad(mirror, dtype, finite_sides=True, **pt))


def H(function, truth, verdict="ok", dtype="float64", **pt):
    """A case whose truth is written by hand."""
    return Case(L, function, _at(pt), dtype, verdict, hp(truth))


def all_nan(**pt):
    return lambda: {k: ([NAN] * len(v) if isinstance(v, list) else NAN) for k, v in pt.items()}


def at_datum(k):
    """IDW on the datum k: no value (inf / inf), q and z[k] no slope, the other z keep w_i / sum w = 0."""
    return lambda: {"q": [NAN, NAN], "z": [NAN if i == k else mpf(0) for i in range(3)]}


def m_idw_smooth(dtype):
    """eps = 1e-6 as the double: the squared distances are float64 in both dtypes (PTS is a float64 array, and
    PTS - q promotes a float32 q), so the literal meets float64 data."""
    return m_idw(2, mpf(1e-6))


Z3 = [1.0, 2.0, 3.0]
Q = [0.3, 0.4]
SITES = [0.0, 1.0, 2.5]

ALL = [
    # --- inverse distance weighting
    C("idw_p1", m_idw(1), q=Q, z=Z3),
    C("idw_p1", m_idw(1), dtype="float32", q=Q, z=Z3),
    C("idw_p2", m_idw(2), q=Q, z=Z3),
    C("idw_p2", m_idw(2), dtype="float32", q=Q, z=Z3),
    # on a datum: 1 / 0 = inf, inf / inf = NaN whatever q and z: the program has no value there (its limit is z[1])
    # z's other entries keep their slopes w_i / sum w = 1 / inf = 0 (also the limit's), the datum's z and q none
    H("idw_p1", at_datum(1), "domain", q=[1.0, 0.0], z=Z3),
    H("idw_p2", at_datum(1), "domain", q=[1.0, 0.0], z=Z3),
    H("idw_p2", at_datum(2), "domain", dtype="float32", q=[0.0, 1.0], z=Z3),
    # beside a datum, d = 1e-9: the value holds, but the quotient rule's sum(w' z) / W - N W' / W^2 cancels terms
    # of 2e9 (p = 2; 1e9 for p = 1) to a slope of 6e-9 (O(1)): unstable
    C("idw_p1", m_idw(1), "unstable", q=[1e-9, 0.0], z=Z3),
    C("idw_p2", m_idw(2), "unstable", q=[1e-9, 0.0], z=Z3),
    # d^2 = 1e-400 underflows to 0: w = inf and NaN, where the value is z[0] + O(1e-400) and q's slopes 1e-200-ish
    C("idw_p2", m_idw(2), "unstable", q=[1e-200, 0.0], z=Z3),
    C("idw_p1", m_idw(1), "unstable", q=[1e-200, 0.0], z=Z3),
    # float32 q, float64 arithmetic (PTS promotes): d^2 = 1e-50 holds, the quotient rule's cancellation does not
    C("idw_p2", m_idw(2), "unstable", dtype="float32", q=[1e-25, 0.0], z=Z3),
    # smoothed: 1 / (d^2 + eps) summed from the squares: smooth at a datum
    C("idw_smoothed", m_idw_smooth("float64"), q=[1.0, 0.0], z=Z3),
    C("idw_smoothed", m_idw_smooth("float32"), dtype="float32", q=[1.0, 0.0], z=Z3),
    C("idw_smoothed", m_idw_smooth("float64"), q=Q, z=Z3),
    # the same function from the root: sqrt'(0) = inf times 0 leaks NaN into q's finite slopes
    C("idw_smoothed_dist", m_idw_smooth("float64"), "wrong", q=[1.0, 0.0], z=Z3),
    C("idw_smoothed_dist", m_idw_smooth("float32"), "wrong", dtype="float32", q=[1.0, 0.0], z=Z3),
    C("idw_smoothed_dist", m_idw_smooth("float64"), q=Q, z=Z3),
    # --- variograms
    C("spherical_variogram", m_spherical, h=0.4, a=1.0, c=2.0),
    C("spherical_variogram", m_spherical, dtype="float32", h=0.4, a=1.0, c=2.0),
    # at the range: the pieces meet with slope 0 in h and in a (the kink is in the second derivative): smooth
    C("spherical_variogram", m_spherical, h=1.0, a=1.0, c=2.0),
    C("spherical_variogram", m_spherical, dtype="float32", h=1.0, a=1.0, c=2.0),
    C("spherical_variogram_min", m_spherical, h=1.0, a=1.0, c=2.0),
    C("spherical_variogram_min", m_spherical, h=0.4, a=1.0, c=2.0),
    C("spherical_variogram", m_spherical, h=1.5, a=1.0, c=2.0),
    C("spherical_variogram", m_spherical, h=0.0, a=1.0, c=2.0),
    # the nugget's jump at h = 0: h none; c0, a, c keep 0 (gamma(0) = 0 whatever they are)
    C("nugget_spherical", m_nugget_spherical, "domain", h=0.0, c0=0.5, a=1.0, c=2.0),
    C("nugget_spherical", m_nugget_spherical, "domain", dtype="float32", h=0.0, c0=0.5, a=1.0, c=2.0),
    C("nugget_spherical", m_nugget_spherical, h=0.4, c0=0.5, a=1.0, c=2.0),
    C("nugget_spherical", m_nugget_spherical, h=1.0, c0=0.5, a=1.0, c=2.0),
    C("exponential_variogram", m_exponential, h=0.5, a=2.0, c=1.5),
    C("exponential_variogram", m_exponential, dtype="float32", h=0.5, a=2.0, c=1.5),
    C("exponential_variogram", m_exponential, h=0.0, a=2.0, c=1.5),
    # 1 - exp(-1.5e-12) cancels: 4 of 16 digits lost
    C("exponential_variogram", m_exponential, "unstable", h=1e-12, a=2.0, c=1.5),
    C("exponential_variogram", m_exponential, "unstable", dtype="float32", h=1e-4, a=2.0, c=1.5),
    C("exponential_variogram_expm1", m_exponential, h=1e-12, a=2.0, c=1.5),
    C("exponential_variogram_expm1", m_exponential, dtype="float32", h=1e-4, a=2.0, c=1.5),
    C("gaussian_variogram", m_gaussian, h=0.5, a=2.0, c=1.5),
    C("gaussian_variogram", m_gaussian, h=0.0, a=2.0, c=1.5),
    C("gaussian_variogram", m_gaussian, "unstable", h=1e-6, a=2.0, c=1.5),
    C("gaussian_variogram", m_gaussian, "unstable", dtype="float32", h=1e-3, a=2.0, c=1.5),
    C("gaussian_variogram_xy", m_gaussian_xy, x1=[0.2, 0.7], x2=[0.5, 0.3], a=2.0, c=1.5),
    # coincident locations: c (1 - exp(-3 |dx|^2 / a^2)) is smooth, slopes 0; the root's inf times 0 is NaN
    C("gaussian_variogram_xy", m_gaussian_xy, "wrong", x1=[0.5, 0.5], x2=[0.5, 0.5], a=2.0, c=1.5),
    # --- Matern, closed forms
    C("matern12", m_matern(1), r=0.7, l=1.3),
    C("matern32", m_matern(3), r=0.7, l=1.3),
    C("matern52", m_matern(5), r=0.7, l=1.3),
    C("matern32", m_matern(3, "float32"), dtype="float32", r=0.7, l=1.3),
    C("matern12", m_matern(1), r=0.0, l=1.3),  # e^(-r / l) in r: slope -1 / l
    C("matern32", m_matern(3), r=0.0, l=1.3),  # slope 0
    C("matern52", m_matern(5), r=0.0, l=1.3),
    C("matern12_xy", m_matern_xy(1), x1=[0.2, 0.7], x2=[0.5, 0.3], l=1.3),
    C("matern32_xy", m_matern_xy(3), x1=[0.2, 0.7], x2=[0.5, 0.3], l=1.3),
    # coincident: nu = 1/2 a cone in x (no derivative); 3/2 and 5/2 flat (slope 0), the root's NaN wrong
    C("matern12_xy", m_matern_xy(1), "domain", x1=[0.5, 0.5], x2=[0.5, 0.5], l=1.3),
    C("matern32_xy", m_matern_xy(3), "wrong", x1=[0.5, 0.5], x2=[0.5, 0.5], l=1.3),
    C("matern52_xy", m_matern_xy(5), "wrong", x1=[0.5, 0.5], x2=[0.5, 0.5], l=1.3),
    C("matern32_xy", m_matern_xy(3), "wrong", dtype="float32", x1=[0.5, 0.5], x2=[0.5, 0.5], l=1.3),
    # --- Matern by the Bessel function
    C("matern_bessel12", m_matern(1), r=0.7, l=1.3),
    C("matern_bessel32", m_matern(3), r=0.7, l=1.3),
    C("matern_bessel52", m_matern(5), r=0.7, l=1.3),
    C("matern_bessel32", m_matern(3, "float32"), dtype="float32", r=0.7, l=1.3),
    # r = 0: 0^nu K_nu(0) = 0 * inf = NaN however l moves (r's other side is a negative base): no value
    H("matern_bessel12", all_nan(r=0, l=0), "domain", r=0.0, l=1.3),
    H("matern_bessel32", all_nan(r=0, l=0), "domain", r=0.0, l=1.3),
    H("matern_bessel52", all_nan(r=0, l=0), "domain", r=0.0, l=1.3),
    # beside 0: the product rule's nu x^(nu-1) K_nu and x^nu K_nu' cancel to -x^nu K_(nu-1) (1/x each, x left)
    C("matern_bessel32", m_matern(3), "unstable", r=1e-6, l=1.3),
    C("matern_bessel52", m_matern(5), "unstable", r=1e-6, l=1.3),
    C("matern_bessel12", m_matern(1), "unstable", r=1e-9, l=1.3),
    # x^1.5 = 1e-375 underflows and K_1.5 = 1e375 overflows: 0 * inf
    C("matern_bessel32", m_matern(3), "unstable", r=1e-250, l=1.3),
    # --- simple kriging
    C("simple_kriging", m_kriging(g_cov), x=[0.2, 0.9], x0=0.5, tau2=0.1),
    C("simple_kriging", m_kriging(g_cov), dtype="float32", x=[0.2, 0.9], x0=0.5, tau2=0.1),
    C("simple_kriging", m_kriging(g_cov), x=[0.2, 0.9], x0=0.5, tau2=0.0),
    # coincident data, no nugget: C = [[1, 1], [1, 1]] exactly singular: no solution, no value
    H("simple_kriging", all_nan(x=[0, 0], x0=0, tau2=0), "domain", x=[0.5, 0.5], x0=0.2, tau2=0.0),
    # with a nugget: C = [[1.1, 1], [1, 1.1]], smooth in (x0 - x1)^2
    C("simple_kriging", m_kriging(g_cov), x=[0.5, 0.5], x0=0.2, tau2=0.1),
    # 1e-9 apart: exp(-1e-18) = 1, singular in float64, not in exact arithmetic
    C("simple_kriging", m_kriging(g_cov), "unstable", x=[0.5, 0.500000001], x0=0.2, tau2=0.0),
    C("simple_kriging_exp", m_kriging(e_cov), x=[0.2, 0.9], x0=0.5, tau2=0.1),
    # coincident with a nugget: exp(-|x0 - x1|) has its kink in C's off-diagonal
    C("simple_kriging_exp", m_kriging(e_cov), "domain", x=[0.5, 0.5], x0=0.2, tau2=0.1),
    # the query on a datum: exp(-|x_i - x0|) kinks
    C("simple_kriging_exp", m_kriging(e_cov), "domain", x=[0.2, 0.9], x0=0.2, tau2=0.1),
    C("kriging_variance", m_kriging_variance(g_cov), x0=0.4, x=SITES),
    C("kriging_variance", m_kriging_variance(g_cov), dtype="float32", x0=0.4, x=SITES),
    # at a datum: exactly 0 (by cancellation in the program), a double zero in x0: every slope 0
    C("kriging_variance", m_kriging_variance(g_cov), x0=1.0, x=SITES),
    C("kriging_variance", m_kriging_variance(g_cov), dtype="float32", x0=1.0, x=SITES),
    C("kriging_variance_exp", m_kriging_variance(e_cov), x0=0.4, x=SITES),
    # at a datum with the exponential covariance: |x0 - x1| kinks in x0 and x[1]; x[0], x[2] keep 0
    C("kriging_variance_exp", m_kriging_variance(e_cov), "domain", x0=1.0, x=SITES),
    # --- great-circle distance
    C("haversine", m_great_circle(), lat1=0.5, lon1=0.1, lat2=0.7, lon2=0.4),
    C("haversine", m_great_circle(), dtype="float32", lat1=0.5, lon1=0.1, lat2=0.7, lon2=0.4),
    C("haversine", m_great_circle(), "domain", lat1=0.5, lon1=0.1, lat2=0.5, lon2=0.1),  # coincident: a cone
    C("haversine", m_great_circle(), lat1=0.5, lon1=0.1, lat2=0.500000001, lon2=0.1),
    # lon2 = the double of pi, 1.2e-16 short of it: not antipodal, slopes 0, -R, 0, R; but sin^2 rounds to 1 in
    # float64 and arcsin'(1) = inf
    C("haversine", m_great_circle(), "unstable", lat1=0.0, lon1=0.0, lat2=0.0, lon2=float(numpy.pi)),
    C("haversine_deg", m_great_circle(True), lat1=48.85, lon1=2.35, lat2=40.71, lon2=-74.0),
    C("haversine_deg", m_great_circle(True), dtype="float32", lat1=48.85, lon1=2.35, lat2=40.71, lon2=-74.0),
    # 180 degrees are exactly pi: antipodal, the maximum distance, a kink in every angle
    C("haversine_deg", m_great_circle(True), "domain", lat1=0.0, lon1=0.0, lat2=0.0, lon2=180.0),
    # pole to pole: lat1, lat2 kink (a maximum); lon1, lon2 exactly 0, computed NaN by arcsin'(1) = inf times the
    # exact 0 of sin(0); a = 1 exactly is an identity (sin(pi/2) = 1) no rounding proves, and the rule rounded down
    # gives the 0: README's "rounding decides" reading, unstable (not wrong), accepted
    C("haversine_deg", m_great_circle(True), "unstable", lat1=90.0, lon1=0.0, lat2=-90.0, lon2=0.0),
    # the same antipodal pair the other way round along the equator: settles, a kink in all four (F1's contrast)
    C("haversine_deg", m_great_circle(True), "domain", lat1=0.0, lon1=180.0, lat2=0.0, lon2=0.0),
    C("haversine_deg", m_great_circle(True), "domain", lat1=0.0, lon1=0.0, lat2=0.0, lon2=-180.0),
    C("haversine_deg", m_great_circle(True), "domain", lat1=10.0, lon1=20.0, lat2=10.0, lon2=20.0),
    # --- anisotropic distance
    C("aniso_distance", m_aniso, dx=0.3, dy=0.4, ratio=0.5),
    C("aniso_distance", m_aniso, dtype="float32", dx=0.3, dy=0.4, ratio=0.5),
    C("aniso_distance", m_aniso, dx=0.3, dy=0.4, ratio=1e-100),
    # (dy / ratio)^2 = 2.5e319 overflows: inf for 5e159 (ratio's slope -5e319 beyond the range)
    C("aniso_distance", m_aniso, "unstable", dx=0.3, dy=0.5, ratio=1e-160),
    C("aniso_distance", m_aniso, "unstable", dtype="float32", dx=0.3, dy=0.5, ratio=1e-20),
    C("aniso_hypot", m_aniso, dx=0.3, dy=0.4, ratio=1e-100),
    C("aniso_hypot", m_aniso, "domain", dx=0.3, dy=0.5, ratio=1e-160),  # the value holds, ratio's slope does not
    # dy / 0 = inf: dx does not move that pole and keeps its slope dx / h = 0 (README's doctrine of poles)
    H("aniso_distance", lambda: {"dx": mpf(0), "dy": NAN, "ratio": NAN}, "domain", dx=0.3, dy=0.5, ratio=0.0),
    # coincident: a cone in dx, dy; h = 0 whatever ratio: its slope 0, which sqrt'(0) * 0 makes NaN
    C("aniso_distance", m_aniso, "wrong", dx=0.0, dy=0.0, ratio=0.5),
    # --- a Gaussian field's log-likelihood
    C("gp_loglik", m_gp_loglik("float64"), l=0.3, s2=1.2),
    C("gp_loglik", m_gp_loglik("float32"), dtype="float32", l=0.3, s2=1.2),
    C("gp_loglik", m_gp_loglik("float64"), l=1e-3, s2=1.2),  # K = s2 I exactly: l's slope e^-125000, 0
    C("gp_loglik", m_gp_loglik("float32"), dtype="float32", l=1e-3, s2=1.2),
    # K nearly all-ones: the smallest eigenvalue 1e-11 of 1: the solve and the determinant lose 11 digits
    C("gp_loglik", m_gp_loglik("float64"), "unstable", l=30.0, s2=1.2),
    C("gp_loglik", m_gp_loglik("float64"), "unstable", l=1e4, s2=1.2),
    # float32 l, s2, but XS and ZS are float64 arrays: K is float64, cond 1e5 costs 5 digits of 16: ok
    C("gp_loglik", m_gp_loglik("float32"), dtype="float32", l=3.0, s2=1.2),
]
