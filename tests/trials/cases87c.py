"""The eighty-seventh round (c) of user trials: geodesy and navigation written with gradcli.numpy
(tests/trials/lib87c.py).

The distance and bearing formulas navigation and GIS code differentiates (tests/trials/lib87c.py, angles in radians):
the great-circle distance by the spherical law of cosines arccos(sin a sin b + cos a cos b cos dl) (and with np.clip)
at London - New York, at coincident points (arccos(1): a cone), 0.12 m apart in float64 and 0.8 km in float32 (c
rounds near 1) and at the antipodes the double pi holds (lam2 = pi_d, 1.2e-16 short of pi: c rounds to -1); haversine
2 R asin(sqrt(min(h, 1))) and 2 R atan2(sqrt h, sqrt(1 - h)) at the same points; the initial bearing atan2(sin dl cos
b, cos a sin b - sin a cos b cos dl) at coincident points (atan2(0, 0)), from the held pole pi_d/2 (6.1e-17 short of
it) and float32's pi/2 (4.4e-8 past it), at the held antipode, due north along a meridian, and as a compass reading
mod(degrees + 360, 360) there (the wrap); Vincenty's inverse formula (six iterations, no convergence test) at ordinary
and nearly antipodal points; geodetic to ECEF (N = a / sqrt(1 - e^2 sin^2 phi)) at the held pole, an ECEF chord at
coincident points, Bowring's latitude on the equator, on the pole axis and at the centre, the longitude atan2(y, x) on
the axis, the round trip; the Mercator northing R ln tan(pi/4 + phi/2) at the held poles +-pi_d/2, float32's pi/2,
and 1.9e-10 below the pole (two neighbouring doubles: one sum exact, one rounded), and by R asinh(tan phi); a rhumb
line's q = dphi / dpsi along a parallel (0 / 0), with np.where's guard q = cos(phi1), and the rhumb bearing atan2(dl,
dpsi) there; the cross-track distance asin(sin d13 sin(t13 - t12)) at an ordinary point, on the path and at the pole
of the path; a least-squares range fix sum (|x - b_i| - rho_i)^2 (np.linalg.norm, sqrt of a sum, sqrt with an eps)
at a beacon with a range of 5 and of 0, one Gauss-Newton step (np.linalg.solve of J^T J) at an ordinary point and at
a beacon; dead reckoning sum v sin(mod(h0 + cumsum(turns), 2 pi)) at an ordinary point and with a leg heading exactly
2 pi_d, a wrapped heading at 2 pi_d, a squared heading error (mod(h - t + pi, 2 pi) - pi)^2 at an error of pi.

Tried: 26 functions, 91 cases through the CLI judged by tests/trials/judge.py (at most two gradcli processes at once; a
scratch driver runs the CLI in two threads and judges in the main one), and scratch probes by hand (minimal forms of
F1 and F2, the Mercator sums' exactness by fractions); 2 cases dropped (below). ALL keeps 89 (55 ok, 20 domain, 10
unstable, 4 wrong; 71 float64, 18 float32) over 26 functions. 87 agree with gradcli in verdict and every exact
gradient entry (to 1e-10 relative); 2 were the findings F1 and F2, both mended.
Every check took 0.8-9.8 s on the loaded machine (two at once; the cross-track distance at the pole of the path the
longest), every truth under 6.5 s (Vincenty's six iterations at 2,000 digits, four inputs from two sides); the full
run of the 89 took about 100 s.

Truths are written here from the mathematics, never lib87c's code or gradcli: distances as the central angle between
unit vectors atan2(|u x v|, u . v) (for the law of cosines and both haversine forms), the bearing as atan2(east . v,
north . v) in the start's local frame, the compass reading by floor, the cross-track distance as -R asin(n . u3)
with n the unit normal u1 x u2 / |u1 x u2|, the Mercator asinh form as sign(cos phi) atanh(sin phi), the range
residuals from the beacons' distances, the Gauss-Newton step by Cramer's rule on the 2 x 2 normal equations, the
wraps by v - c floor(v / c); where the formula is the definition itself (Vincenty's equations as he states them,
ECEF, Bowring, ln tan(c + phi / 2)) it is written again in mpmath from the equations. The derivatives from the left
and the right by mpmath.diff at 2,000 digits (cases30b.sided_grad with finite_sides: NaN where the sides differ or one
is undefined or infinite); by hand the points with no value (all NaN: atan2(0, 0) in every direction, 0 / 0, log 0
or of a negative number). The points are the numbers the dtype holds (pi_d/2 = 1.5707963267948966 is 6.1e-17 short of
the pole, float32's 1.5707963705 is 4.4e-8 past it; lam2 = pi_d leaves the "antipodes" 1.2e-16 apart from antipodal),
and the program's constants as the dtype holds them where they meet an array: np.pi / 4 (float32's is 2.2e-8 past
pi/4), 2 np.pi (float32's is 1.7e-7 past 2 pi_d), e^2 and 1 - e^2 of WGS84.

What agreed: the law of cosines ok, domain at coincident points (with the clip too), unstable 0.12 m apart (float64)
and 0.8 km apart (float32) and at the held antipodes (with the clip too: c rounds to -1, arccos' slope infinite where
the true slopes are R cos 0.5); haversine ok at 0.12 m and float32 0.8 km, domain at coincident points, unstable at
the held antipodes (h rounds to 1, min's switch and asin's infinite slope); its atan2 form the same; the bearing ok
from the held pole and from float32's pi/2 past it (cos phi1 = -4.4e-8 is held exactly: a point on the far meridian,
smooth), unstable at the held antipode (x is rounding noise against y = 1.2e-16 cos b), ok due north along a meridian
(slopes of lam 0 stay finite), the compass reading domain there (mod's 360 -> 0 wrap); Vincenty ok at ordinary and
nearly antipodal points (0.1 / -0.1 rad and 0 / 0.005 rad at 3.1 rad of longitude: the six-iteration function is
smooth); ECEF ok, at the held pole too; the chord domain at coincident points; Bowring ok, domain on the pole axis
(x, y a cone, z 0), wrong at the centre (below); the longitude domain on the axis; the round trip ok at 0.9, pi_d/2
and 0; Mercator ok at pi_d/2 (pi_d/4 + pi_d/4 = pi_d/2 exactly, tan 1.6e16 held: the slope R / sin(pi_d) = 5.2e19,
half of R / cos(pi_d/2): the program's pi/4 is pi_d/4), domain at -pi_d/2 (tan 0, log 0) and at float32's pi/2
(tan < 0), ok at 1.5707963266 and unstable one double below (below); the asinh form ok at every one of them; the
rhumb distance ok, domain along a parallel (0 / 0), with np.where wrong there (the untaken 0 / 0's NaN), the rhumb
bearing ok along the parallel (atan2(dl, 0)); the cross-track distance ok, ok on the path, unstable at the held pole
of the path (asin of 1 - 2e-33 rounded to 1); the range fix ok, domain at a beacon with a range of 5 (a cone in x,
rho keeps its slopes), wrong there with a range of 0 (|x|^2 is smooth, slope 0; the norm's and sqrt's infinite slope
at 0 times the residual 0 = NaN: the README's 0 * inf), with the eps ok (rho = [5, 90, 70]) and unstable (rho = [5,
100, 80], below); Gauss-Newton ok; dead reckoning ok across the wrap, domain with a leg heading exactly 2 pi_d (sin(2
pi_d) = -2.4e-16, so mod's wrap is a jump of 2.4e-16 v of the easting), the wrapped heading domain at 2 pi_d; the
heading error ok, domain at an error of pi (e^2 continuous, slopes +-2 pi_d: a kink).

Truths the round corrected in itself (against the first CLI batch; each re-derived by hand before changing it):
- bowring_lat at the centre (0, 0, 0), first all NaN "atan2(0, 0)": theta = atan2(0, 0) = 0 and lat = atan2(0, -e2 a)
  = pi; along x or y, p = |x| > 0 keeps theta 0 and lat pi, so their slopes are 0; along z lat jumps -pi/2 | pi |
  pi/2 (no slope); the rules give x, y NaN (0 * inf in p's sqrt): wrong, as gradcli says (the 86c convention: an
  exact 0 that comes out NaN beside an input without a slope);
- ecef_lon on the pole axis, first by sided_grad: atan2(y, 0) jumps -pi/2 | 0 | pi/2 along y, and mpmath.diff's two
  one-sided quotients (pi/2 / h) agree at 1.4e2004: the sided truth misses the jump; written by hand (x, y NaN, z 0);
- mercator_y at 1.5707963266, first unstable (c + phi/2 rounded against a distance 9.7e-11 from pi/2): the sum
  0.7853981633974483 + 0.7853981633 is exact in doubles (checked by fractions), so the value and slope are held: ok;
  the neighbouring double 1.5707963265999998, whose sum rounds by 1.1e-16, is unstable (6 digits of the slope lost);
- rhumb_distance and rhumb_bearing in float32, first with the isometric latitude atanh(sin phi): the program's
  np.pi / 4 in float32 is 2.2e-8 past pi/4, which moves the slopes by 4e-8 relative; the truths take ln tan(c +
  phi/2) with c as float32 holds it;
- dead_reckoning_east in float32, first wrapping by the double 2 pi_d: float32 holds 2 np.pi as 6.2831854820, 1.7e-7
  past it, and mod subtracts that: the slopes move by 3e-8 relative; the truth wraps by float32's constant;
- range_residuals_eps at a beacon with rho = [5, 100, 80], first ok: beacons 1 and 2 are exactly 100 and 80 away, the
  eps makes d - rho = 5e-15 and 6.25e-15, computed as 100.00000000000001 - 100 = 1.4e-14 (and 0 for 80): those slopes
  (1e-14) are noise: unstable, as gradcli says; rho = [5, 90, 70] added as the ok case.
Dropped: vincenty at coincident points (a scratch probe, 76 s: gradcli says error, "a sum absorbs a term 5776 digits
below its result", the 0 of cos U1 sin U2 - sin U1 cos U2 cos 0 not proven: F1's cause, but honest as error), and
cross_track with the point at the path's start (smooth, asin(n . u3); gradcli says error: an exact entry within
3e-3836 of 0 but not proven 0, as the README says of such a 0).

Findings:
F1 (mended) an exactly-zero difference of identical values is called a cancellation: unstable where the truth is
   domain. initial_bearing at coincident points (phi1 = phi2 = 0.9, lam1 = lam2 = -0.05), float64 and float32:
   y = sin(0) cos b = 0 and x = cos a sin b - sin a cos b cos 0 with a = b, both exactly 0 in the reals and in the
   dtype (the two products are the same roundings of the same numbers), so the bearing is atan2(0, 0): no value
   limit, no derivative in any direction: domain. gradcli says unstable: "subtract(0.4869238154390976,
   0.4869238154390976) cancelled to exactly 0.0 (an operand carries the rounding of an op before it) ... the root
   cause is the cancellation, not arctan2", and "no exact reference: on balls, the exact value is within 2^1 of 0 but
   not proven 0; ... the NaN in the gradient is the working dtype's rounding ... which no exact number excuses". The
   README says a 0 "the program itself proves (run on exact rational functions of the values of the functions it
   calls)" is exact; sin(a) and sin(b) at a = b are the same value. Minimal reproduction (a scratch probe):
       def f(a, b): return np.arctan2(b - a, np.sin(a) - np.sin(b))
   gradcli check m.py:f --at a=0.9,b=0.9: unstable in float64 and float32 (the same note), where atan2(0, 0) is exact:
   domain. Sure because b - a and sin(a) - sin(b) are 0 as real numbers whatever the precision, and an unproven 0
   should at most leave the point without a verdict (error), never blame a rounding that did not happen.
   Mended: the same pure op on exact balls of one value gives one ball (two inputs a = b are two balls, one number),
   a commuting op (add, multiply, hypot, logaddexp) whatever its arguments' order, and the mpmath path's directed
   runs name a commuting call alike: cos a sin b - sin a cos b at a = b is the exact 0 on both paths: domain.
F2 (mended) np.linalg.solve on a matrix of NaN breaks the exact reference: error where the truth is domain.
   gauss_newton_step at a beacon (x = [0, 0], the first beacon): J = (x - b) / |x - b| = 0 / 0 makes J^T J NaN, the
   value NaN: no value, domain (as gradcli says of the same 0 / 0 without solve). gradcli says error: "no exact
   reference: the program does not run on high-precision numbers (TypeError: '>=' not supported between instances of
   'NoneType' and 'int')"; the program runs on them at x = [30, 40] (ok). Minimal reproduction:
       def f3(x): return np.linalg.solve(np.array([[1.0, 0.0], [0.0, 1.0]]) * (x / x), np.array([1.0, 2.0]))[0]
   at x = 0: error with that TypeError; (np.array([1.0, 2.0]) * (x / x))[0] at x = 0: domain. Sure because the
   value is NaN in every precision (0 / 0 before solve), and the TypeError is gradcli's own (its high-precision solve
   compares a None pivot), not the program's.
   Mended: a solve, a determinant or a log-determinant of a matrix holding a NaN or an infinity is NaN at high
   precision, as LAPACK's is (mpmath's determinant of diag(inf, 1) was 0): domain.
"""

import mpmath
import numpy
from mpmath import mpf

from cases import Case
from cases5 import hp
from cases30b import sided_grad

L = "lib87c.py"
NAN = mpmath.nan
sin, cos, tan, atan2, asin, sqrt, log = mpmath.sin, mpmath.cos, mpmath.tan, mpmath.atan2, mpmath.asin, mpmath.sqrt, mpmath.log


def _txt(v):
    if isinstance(v, list):
        return "[" + ",".join(_txt(a) for a in v) + "]"
    return repr(float(v))


def K(dtype, value):
    """A Python float constant of the program as it meets an array of the dtype (float32 rounds it)."""
    return mpf(float(numpy.float32(value))) if dtype == "float32" else mpf(float(value))


R = mpf(6371)
PI_D = float(numpy.pi)  # the double the program's np.pi holds
A_W = mpf(6378137)
F_P = 1 / 298.257223563  # the program's constants, as Python computes them
B_P = 6378137.0 * (1 - F_P)
E2_P = F_P * (2 - F_P)
EP2_P = E2_P / (1 - E2_P)
BEACONS = [(mpf(0), mpf(0)), (mpf(100), mpf(0)), (mpf(0), mpf(80))]


def _unit(phi, lam):
    return [cos(phi) * cos(lam), cos(phi) * sin(lam), sin(phi)]


def _cross(u, v):
    return [u[1] * v[2] - u[2] * v[1], u[2] * v[0] - u[0] * v[2], u[0] * v[1] - u[1] * v[0]]


def _dot(u, v):
    return sum(a * b for a, b in zip(u, v))


# --- the mathematics, in mpmath (never lib87c's code path) ------------------------------------------------------------

def m_gc(phi1, lam1, phi2, lam2):
    """The central angle between the unit vectors, atan2(|u x v|, u . v), times R."""
    u, v = _unit(phi1, lam1), _unit(phi2, lam2)
    return R * atan2(sqrt(_dot(_cross(u, v), _cross(u, v))), _dot(u, v))


def m_bearing(phi1, lam1, phi2, lam2):
    """The azimuth of point 2 seen from point 1: atan2(east . v, north . v) in point 1's local frame."""
    v = _unit(phi2, lam2)
    east = [-sin(lam1), cos(lam1), mpf(0)]
    north = [-sin(phi1) * cos(lam1), -sin(phi1) * sin(lam1), cos(phi1)]
    return atan2(_dot(east, v), _dot(north, v))


def m_bearing_deg(phi1, lam1, phi2, lam2):
    v = m_bearing(phi1, lam1, phi2, lam2) * 180 / mpmath.pi + 360
    return v - 360 * mpmath.floor(v / 360)


def m_vincenty(iterations=6):
    """Vincenty's (1975) inverse equations (his (13)-(19), (3)-(6)) as he states them, a fixed number of times."""
    a, f = A_W, mpf(F_P)
    b = mpf(B_P)

    def g(phi1, lam1, phi2, lam2):
        U1, U2 = mpmath.atan((1 - f) * tan(phi1)), mpmath.atan((1 - f) * tan(phi2))
        Lg = lam2 - lam1
        lam = Lg
        for _ in range(iterations):
            ss = sqrt((cos(U2) * sin(lam)) ** 2 + (cos(U1) * sin(U2) - sin(U1) * cos(U2) * cos(lam)) ** 2)
            cs = sin(U1) * sin(U2) + cos(U1) * cos(U2) * cos(lam)
            sg = atan2(ss, cs)
            sa = cos(U1) * cos(U2) * sin(lam) / ss
            c2a = 1 - sa ** 2
            c2m = cs - 2 * sin(U1) * sin(U2) / c2a
            C = f / 16 * c2a * (4 + f * (4 - 3 * c2a))
            lam = Lg + (1 - C) * f * sa * (sg + C * ss * (c2m + C * cs * (-1 + 2 * c2m ** 2)))
        u2 = c2a * mpf(6378137.0 ** 2 - B_P ** 2) / mpf(B_P ** 2)
        A = 1 + u2 / 16384 * (4096 + u2 * (-768 + u2 * (320 - 175 * u2)))
        B = u2 / 1024 * (256 + u2 * (-128 + u2 * (74 - 47 * u2)))
        ds = B * ss * (c2m + B / 4 * (cs * (-1 + 2 * c2m ** 2) - B / 6 * c2m * (-3 + 4 * ss ** 2) * (-3 + 4 * c2m ** 2)))
        return b * A * (sg - ds)
    return g


def _ecef(phi, lam, h, dtype="float64"):
    e2 = K(dtype, E2_P)
    N = K(dtype, 6378137.0) / sqrt(1 - e2 * sin(phi) ** 2)
    return [(N + h) * cos(phi) * cos(lam), (N + h) * cos(phi) * sin(lam), (N * K(dtype, 1 - E2_P) + h) * sin(phi)]


def m_ecef_x(dtype="float64"):
    return lambda phi, lam, h: _ecef(phi, lam, h, dtype)[0]


def m_ecef_z(phi, lam, h):
    return _ecef(phi, lam, h)[2]


def m_chord(phi1, lam1, phi2, lam2):
    p, q = _ecef(phi1, lam1, 0), _ecef(phi2, lam2, 0)
    return sqrt(sum((a - b) ** 2 for a, b in zip(p, q)))


def m_bowring(x, y, z):
    """Bowring's latitude: the parametric latitude theta of (p, z) on the ellipse, then one step."""
    a, b, e2, ep2 = A_W, mpf(B_P), mpf(E2_P), mpf(EP2_P)
    p = sqrt(x * x + y * y)
    th = atan2(z * a, p * b)
    return atan2(z + ep2 * b * sin(th) ** 3, p - e2 * a * cos(th) ** 3)


def m_lon(x, y, z):
    return atan2(y, x)


def m_round_trip(phi):
    return m_bowring(*_ecef(phi, mpf(0.3), 0))


def m_mercator(dtype="float64"):
    """R ln tan(c + phi / 2) with c the program's pi / 4 as held (pi_d / 4; float32's rounding of it)."""
    c = K(dtype, PI_D / 4)
    return lambda phi: R * log(tan(c + phi / 2)) if tan(c + phi / 2) > 0 else NAN


def m_mercator_atanh(phi):
    """asinh(tan phi) as the inverse Gudermannian: sign(cos phi) atanh(sin phi)."""
    return R * mpmath.sign(cos(phi)) * mpmath.atanh(sin(phi))


def _psi(dtype):
    """The isometric latitude ln tan(c + phi / 2), c the program's pi / 4 as the dtype holds it (float32's is 2.2e-8
    past pi / 4, which moves the slopes by 4e-8 relative)."""
    c = K(dtype, PI_D / 4)
    return lambda phi: log(tan(c + phi / 2))


def m_rhumb(dtype="float64"):
    psi = _psi(dtype)

    def g(phi1, lam1, phi2, lam2):
        q = (phi2 - phi1) / (psi(phi2) - psi(phi1))
        return R * sqrt((phi2 - phi1) ** 2 + q ** 2 * (lam2 - lam1) ** 2)
    return g


def m_rhumb_guarded(phi1, lam1, phi2, lam2):
    """The program's function near a parallel: q = cos(phi1) inside |dpsi| <= 1e-12."""
    psi = _psi("float64")
    dpsi = psi(phi2) - psi(phi1)
    q = (phi2 - phi1) / dpsi if abs(dpsi) > mpf(1e-12) else cos(phi1)
    return R * sqrt((phi2 - phi1) ** 2 + q ** 2 * (lam2 - lam1) ** 2)


def m_rhumb_bearing(dtype="float64"):
    psi = _psi(dtype)
    return lambda phi1, lam1, phi2, lam2: atan2(lam2 - lam1, psi(phi2) - psi(phi1))


def m_cross_track(phi1, lam1, phi2, lam2, phi3, lam3):
    """-R asin(n . u3), n the unit normal u1 x u2 / |u1 x u2| of the path (positive to the path's right)."""
    n = _cross(_unit(phi1, lam1), _unit(phi2, lam2))
    return -R * asin(_dot(n, _unit(phi3, lam3)) / sqrt(_dot(n, n)))


def _dists(x):
    return [sqrt((x[0] - bx) ** 2 + (x[1] - by) ** 2) for bx, by in BEACONS]


def m_ranges(x, rho):
    return sum((d - r) ** 2 for d, r in zip(_dists(x), rho))


def m_ranges_eps(x, rho):
    return sum((sqrt((x[0] - bx) ** 2 + (x[1] - by) ** 2 + mpf(1e-12)) - r) ** 2 for (bx, by), r in zip(BEACONS, rho))


def m_gauss_newton(x, rho):
    """x - (J^T J)^-1 J^T r by Cramer's rule on the 2 x 2 normal equations."""
    d = _dists(x)
    J = [[(x[0] - bx) / di, (x[1] - by) / di] for (bx, by), di in zip(BEACONS, d)]
    r = [di - ri for di, ri in zip(d, rho)]
    a11 = sum(j[0] ** 2 for j in J)
    a12 = sum(j[0] * j[1] for j in J)
    a22 = sum(j[1] ** 2 for j in J)
    g1 = sum(j[0] * ri for j, ri in zip(J, r))
    g2 = sum(j[1] * ri for j, ri in zip(J, r))
    return x[0] - (a22 * g1 - a12 * g2) / (a11 * a22 - a12 ** 2)


def _mod(v, c):
    return v - c * mpmath.floor(v / c)


def m_dead_reckoning(dtype="float64"):
    c = K(dtype, 2 * PI_D)  # the program's 2 pi as held: float32's is 1.7e-7 past 2 pi_d

    def g(h0, turns, speed):
        h, total = h0, mpf(0)
        for t, s in zip(turns, speed):
            h = h + t
            total += s * sin(_mod(h, c))
        return total
    return g


def m_wrapped(h):
    return _mod(h, mpf(2 * PI_D))


def m_heading_error(dtype="float64"):
    p, c = K(dtype, PI_D), K(dtype, 2 * PI_D)
    return lambda h, target: (_mod(h - target + p, c) - p) ** 2


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
    def nan_like(v):
        return [nan_like(a) for a in v] if isinstance(v, list) else NAN
    return lambda: {k: nan_like(v) for k, v in pt.items()}


HALF_PI = PI_D / 2  # 1.5707963267948966, 6.1e-17 short of the pole
HALF_PI32 = float(numpy.float32(numpy.pi / 2))  # 1.5707963705062866, 4.4e-8 past it
LON_PAR = dict(phi1=0.9, lam1=-0.05, phi2=0.85, lam2=0.04)  # London - Paris
NYC = dict(phi1=0.9, lam1=-0.05, phi2=0.71, lam2=-1.29)  # London - New York
SAME = dict(phi1=0.9, lam1=-0.05, phi2=0.9, lam2=-0.05)  # coincident points
ANTI = dict(phi1=0.5, lam1=0.0, phi2=-0.5, lam2=PI_D)  # antipodes as the double pi holds them (1.1e-16 short)
ANTI_ALL = dict(phi1=NAN, lam1=NAN, phi2=NAN, lam2=NAN)
ONE_M = dict(phi1=0.9, lam1=-0.05, phi2=0.9, lam2=-0.0499998)  # 0.12 m apart (float64)
ONE_KM = dict(phi1=0.9, lam1=-0.05, phi2=0.9, lam2=-0.0498)  # 0.8 km apart
PARALLEL = dict(phi1=0.6, lam1=0.1, phi2=0.6, lam2=0.9)  # along a parallel
MERID = dict(phi1=0.1, lam1=0.2, phi2=0.5, lam2=0.2)  # due north on one meridian
X3, RHO3 = [30.0, 40.0], [50.0, 80.6, 50.0]

ALL = [
    # --- law of cosines
    C("gc_distance_cos", m_gc, **NYC),
    C("gc_distance_cos", m_gc, dtype="float32", **NYC),
    # coincident points: arccos(1) has the slope -inf, the distance is a cone |p - q|: no slope
    C("gc_distance_cos", m_gc, "domain", **SAME),
    # 0.12 m apart: c = 1 - 1.8e-16 carries 1e-16 of rounding: the angle's 14 digits are lost to 1
    C("gc_distance_cos", m_gc, "unstable", **ONE_M),
    C("gc_distance_cos", m_gc, "unstable", dtype="float32", **ONE_KM),
    # the held antipodes (1.1e-16 short in longitude): c rounds to -1, arccos' -inf where the slopes are R cos 0.5
    C("gc_distance_cos", m_gc, "unstable", **ANTI),
    C("gc_distance_cos_clip", m_gc, "unstable", **ANTI),
    C("gc_distance_cos_clip", m_gc, "domain", **SAME),
    # --- haversine
    C("haversine", m_gc, **LON_PAR),
    C("haversine", m_gc, dtype="float32", **NYC),
    C("haversine", m_gc, **ONE_M),  # no cancellation: ok where the cosines lose everything
    C("haversine", m_gc, dtype="float32", **ONE_KM),
    C("haversine", m_gc, "domain", **SAME),  # sqrt(0): the cone
    C("haversine", m_gc, "domain", dtype="float32", **SAME),
    # h rounds to 1 where it is 1 - 3e-33: min's switch and asin's -inf slope at 1, the true slopes R cos 0.5
    C("haversine", m_gc, "unstable", **ANTI),
    C("haversine_atan2", m_gc, **NYC),
    C("haversine_atan2", m_gc, "domain", **SAME),
    C("haversine_atan2", m_gc, "unstable", **ANTI),  # sqrt(1 - h) = sqrt(0)
    # --- initial bearing
    C("initial_bearing", m_bearing, **NYC),
    C("initial_bearing", m_bearing, dtype="float32", **LON_PAR),
    # coincident points: atan2(0, 0), the direction to the point is every direction: no slope at all
    H("initial_bearing", all_nan(**SAME), "domain", **SAME),
    H("initial_bearing", all_nan(**SAME), "domain", dtype="float32", **SAME),
    # from the held pole (6.1e-17 short of it): cos(phi1) is held exactly, the bearing a smooth function
    C("initial_bearing", m_bearing, phi1=HALF_PI, lam1=0.3, phi2=0.6, lam2=1.0),
    # float32's pi/2 lies 4.4e-8 past the pole: cos(phi1) = -4.4e-8, a point on the other meridian; smooth
    C("initial_bearing", m_bearing, dtype="float32", phi1=HALF_PI32, lam1=0.3, phi2=0.6, lam2=1.0),
    # the target at the held antipode: y = 1.1e-16 cos b, x the rounding of cos a sin b + sin a cos b: the bearing's
    # slopes (1e16) come from noise
    C("initial_bearing", m_bearing, "unstable", **ANTI),
    # due north along a meridian: the bearing 0 where the compass reading wraps 360 -> 0
    C("bearing_deg", m_bearing_deg, **NYC),
    C("bearing_deg", m_bearing_deg, "domain", **MERID),
    C("initial_bearing", m_bearing, **MERID),
    # --- Vincenty
    C("vincenty", m_vincenty(), **NYC),
    C("vincenty", m_vincenty(), **LON_PAR),
    # (coincident points, sin sigma = 0: a scratch probe, 76 s: gradcli says error, the 0 of cos U1 sin U2 - sin U1
    # cos U2 not proven; dropped)
    # nearly antipodal: lambda oscillates; the six-iteration function is smooth
    C("vincenty", m_vincenty(), phi1=0.1, lam1=0.0, phi2=-0.1, lam2=3.1),
    C("vincenty", m_vincenty(), phi1=0.0, lam1=0.0, phi2=0.005, lam2=3.1),
    # --- ECEF
    C("ecef_x", m_ecef_x(), phi=0.9, lam=-0.05, h=120.0),
    C("ecef_x", m_ecef_x("float32"), dtype="float32", phi=0.9, lam=-0.05, h=120.0),
    C("ecef_x", m_ecef_x(), phi=HALF_PI, lam=0.3, h=0.0),
    C("ecef_z", m_ecef_z, phi=0.0, lam=0.3, h=10.0),
    C("ecef_z", m_ecef_z, phi=HALF_PI, lam=0.3, h=10.0),
    C("ecef_chord", m_chord, **LON_PAR),
    C("ecef_chord", m_chord, "domain", **SAME),  # the norm of 0: a cone
    C("bowring_lat", m_bowring, x=3900000.0, y=-200000.0, z=5000000.0),
    C("bowring_lat", m_bowring, x=6378137.0, y=0.0, z=0.0),  # on the equator: smooth
    # on the pole axis: p = sqrt(x^2 + y^2) is a cone, lat = pi/2 - |p| ...: x, y no slope; z keeps 0
    C("bowring_lat", m_bowring, "domain", x=0.0, y=0.0, z=6356752.314245179),
    # the centre: theta = atan2(0, 0) = 0, lat = atan2(0, -e2 a) = pi; along x or y, p = |x| > 0 keeps theta 0 and lat
    # pi (slopes 0); along z, lat jumps -pi/2 | pi | pi/2 (no slope). The rules give x, y NaN: wrong
    C("bowring_lat", m_bowring, "wrong", x=0.0, y=0.0, z=0.0),
    C("ecef_lon", m_lon, x=3900000.0, y=-200000.0, z=5000000.0),
    # on the axis: atan2(y, 0) jumps -pi/2 | 0 | pi/2 along y, atan2(0, x) 0 | pi along x; z's slope 0
    H("ecef_lon", lambda: {"x": NAN, "y": NAN, "z": mpf(0)}, "domain", x=0.0, y=0.0, z=6356752.314245179),
    C("lat_round_trip", m_round_trip, phi=0.9),
    C("lat_round_trip", m_round_trip, phi=HALF_PI),
    C("lat_round_trip", m_round_trip, phi=0.0),
    # --- Mercator
    C("mercator_y", m_mercator(), phi=0.9),
    C("mercator_y", m_mercator("float32"), dtype="float32", phi=0.9),
    # the held pole: pi_d / 4 + pi_d / 4 = pi_d / 2 exactly, tan 1.6e16 held; the slope R / sin(pi_d) = 5.2e19
    # (not R / cos phi: the program's pi/4 is pi_d / 4)
    C("mercator_y", m_mercator(), phi=HALF_PI),
    # 1.9e-10 below the pole: pi_d/4 + phi/2 = 1.57079632669744 is exact here (a double's sum of two halves), ok
    C("mercator_y", m_mercator(), phi=1.5707963266),
    # one double below, the sum rounds by 1.1e-16 against 9.7e-11 from pi/2: 6 digits of the slope go
    C("mercator_y", m_mercator(), "unstable", phi=1.5707963265999998),
    # -pi_d / 2: tan(0) = 0, log 0: no value
    H("mercator_y", all_nan(phi=0), "domain", phi=-HALF_PI),
    # float32's pi/2 is past the pole: tan < 0, log of a negative number: no value
    H("mercator_y", all_nan(phi=0), "domain", dtype="float32", phi=HALF_PI32),
    C("mercator_y_asinh", m_mercator_atanh, phi=0.9),
    C("mercator_y_asinh", m_mercator_atanh, phi=HALF_PI),
    C("mercator_y_asinh", m_mercator_atanh, phi=1.5707963266),
    C("mercator_y_asinh", m_mercator_atanh, dtype="float32", phi=HALF_PI32),
    # --- rhumb lines
    C("rhumb_distance", m_rhumb(), **NYC),
    C("rhumb_distance", m_rhumb("float32"), dtype="float32", **NYC),
    # along a parallel: q = 0 / 0: no value
    H("rhumb_distance", all_nan(**PARALLEL), "domain", **PARALLEL),
    # the where guard: q = cos(phi1) there, slopes finite; the untaken 0 / 0 leaks NaN
    C("rhumb_distance_where", m_rhumb_guarded, "wrong", **PARALLEL),
    C("rhumb_distance_where", m_rhumb_guarded, **NYC),
    C("rhumb_bearing", m_rhumb_bearing(), **NYC),
    C("rhumb_bearing", m_rhumb_bearing(), **PARALLEL),  # atan2(dlam, 0) = pi/2: smooth
    C("rhumb_bearing", m_rhumb_bearing("float32"), dtype="float32", **PARALLEL),
    # --- cross-track distance
    C("cross_track", m_cross_track, **NYC, phi3=0.8, lam3=-0.4),
    C("cross_track", m_cross_track, dtype="float32", **NYC, phi3=0.8, lam3=-0.4),
    # on the path (the equator): asin(0), smooth
    C("cross_track", m_cross_track, phi1=0.0, lam1=0.0, phi2=0.0, lam2=1.0, phi3=0.0, lam3=0.5),
    # (the point at the path's start: smooth (asin(n . u3)), d13's cone and atan2(0, 0) in the chain rule; gradcli
    # says error: phi2's exact 0 not proven at 3840 digits, as the README says; dropped)
    # the held pole of the path: asin of 1 - 2e-33 rounded to 1, the slopes R and 0
    C("cross_track", m_cross_track, "unstable", phi1=0.0, lam1=0.0, phi2=0.0, lam2=1.0, phi3=HALF_PI, lam3=0.5),
    # --- position fix
    C("range_residuals", m_ranges, x=X3, rho=RHO3),
    C("range_residuals", m_ranges, dtype="float32", x=X3, rho=RHO3),
    # at beacon 0 with a range of 5: (|x| - 5)^2 is a cone in x; rho keeps its slopes
    C("range_residuals", m_ranges, "domain", x=[0.0, 0.0], rho=[5.0, 100.0, 80.0]),
    # at beacon 0 with a range of 0: |x|^2 is smooth, slope 0; the norm's sqrt(0) slope times 0
    C("range_residuals", m_ranges, "wrong", x=[0.0, 0.0], rho=[0.0, 100.0, 80.0]),
    C("range_residuals_sqrt", m_ranges, "domain", x=[0.0, 0.0], rho=[5.0, 100.0, 80.0]),
    C("range_residuals_sqrt", m_ranges, "wrong", x=[0.0, 0.0], rho=[0.0, 100.0, 80.0]),
    # the eps at a beacon: smooth; but beacons 1 and 2 are 100 and 80 away exactly, the eps makes d - rho 5e-15 and
    # 6e-15, computed from 100.00000000000001 - 100: their slopes (1e-14) are noise: unstable
    C("range_residuals_eps", m_ranges_eps, "unstable", x=[0.0, 0.0], rho=[5.0, 100.0, 80.0]),
    C("range_residuals_eps", m_ranges_eps, x=[0.0, 0.0], rho=[5.0, 90.0, 70.0]),
    C("gauss_newton_step", m_gauss_newton, x=X3, rho=RHO3),
    H("gauss_newton_step", all_nan(x=[0, 0], rho=[0, 0, 0]), "domain", x=[0.0, 0.0], rho=RHO3),  # J: 0 / 0
    # --- dead reckoning and wrapping
    C("dead_reckoning_east", m_dead_reckoning(), h0=5.9, turns=[0.1, 0.4, 0.3], speed=[10.0, 12.0, 8.0]),
    # a leg heading exactly 2 pi_d: mod wraps it to 0; sin(2 pi_d) = -2.4e-16, so the easting jumps by 2.4e-16 speed
    C("dead_reckoning_east", m_dead_reckoning(), "domain", h0=2 * PI_D, turns=[0.0, 0.5], speed=[10.0, 12.0]),
    C("dead_reckoning_east", m_dead_reckoning("float32"), dtype="float32", h0=5.9, turns=[0.1, 0.4, 0.3],
      speed=[10.0, 12.0, 8.0]),
    C("wrapped_heading", m_wrapped, h=1.0),
    C("wrapped_heading", m_wrapped, "domain", h=2 * PI_D),
    C("heading_error", m_heading_error(), h=0.3, target=5.9),
    C("heading_error", m_heading_error("float32"), dtype="float32", h=0.3, target=5.9),
    # the error exactly pi: e jumps from pi_d to -pi_d, e^2 is continuous with slopes +-2 pi_d: a kink
    C("heading_error", m_heading_error(), "domain", h=PI_D, target=0.0),
]
