"""The hundred-and-sixteenth round (c) of user trials: astronomy, geodesy, surveying and navigation written with
gradcli.numpy (tests/trials/lib116c.py), with angles in degrees as the field writes them (np.deg2rad, np.radians, x *
np.pi / 180, Python's DEG = math.pi / 180).

The formulas astronomers, surveyors and navigators differentiate (orbit fitting, least-squares adjustment of survey
networks, dead reckoning, sensor fusion): the haversine distance (London-Paris in both dtypes and float16, one point
twice, antipodes), its atan2 form (antipodes), R arccos of a dot product (ordinary, 0.7 km apart in float32, one point,
antipodes, clipped to [-1, 1] at one point), the spherical law of cosines with DEG (float32); the initial bearing by
arctan2 (ordinary, due north, due south in both dtypes, float16) and as a compass reads it, mod 360 (due north, due
south, float32); tan and sec of latitude at +-90 (deg2rad) and tan(lat * np.pi / 180) at 90 in both dtypes (np.pi as the
dtype holds it: no pole), c + sec and 2c + k tan at the pole, the departure 60 dlon cos(lat) at 90; Mercator's ln tan(45
+ lat/2) at +-90 and float32 60, R times it at 90, its inverse 2 atan(exp(y/R)) - 90 (ordinary, exp(800), float32
exp(50)) and the Gudermannian at 800; the prime-vertical radius at 45 (e^2 Python's WGS84 f (2 - f)) and at the pole
with e^2 = 1, ECEF x at the pole in both dtypes and at Paris in float32, z at the equator, the longitude atan2(y, x) at
the origin and on its cut, Bowring's first latitude at the pole (sqrt and hypot) and in float32; magnitudes -2.5 log10(F
/ F0) at F = 0 and at float32's subnormal 1e-45, the distance modulus at d = 0, a combined magnitude at 1000 mag
(float64), 100 mag (float32) and in float16; inverse-square flux at d = 0, in float32 ordinary and at d = 1e20, summed
over three sources with one at d = 0 (both dtypes); sum n / d^-2 with a body at d = 0 (both dtypes) and sum n / d^-k
with k an input; Kepler's equation by 4 Newton steps from M (e = 0, 0.5 float32, 0.99 at 10 deg, float32 0.99 at 1 deg,
e = 1 at M = 0), by 6 from M + e sin M (180 deg, e = 0.9), by 3 from pi (e = 0.99 at 180 and float32 170); the true
anomaly by tan of the half angle at 180 and by atan2 at 180 (both dtypes) and 360; vis-viva at escape (2/r = 1/a),
float32 ordinary, with mu an input at escape; the conic's radius at e = 1, nu = 180 (0 / 0); refraction 58.3 cot(h) by
1/tan at 0 and 90 (both dtypes) and by cos/sin at 0 and 90, Bennett's at its pole h = -4.4 and float32 0.5,
Saemundsson's (float32); airmass sec z at 90, float16 60 and 89.9, Kasten and Young's at 90, at its end 96.07995 and
float32 0; extinction m0 + k sec z at 90; the altitude arcsin(...) at the zenith and ordinary; parallax 1000 / p at 0
and float32, atan(b / d) at d = 0; dead reckoning's easting (float32), the distance made good back at the start (four
legs round a square); a survey network's distance residuals with two stations on one spot and ordinary (float32), an
azimuth residual on atan2's cut and ordinary; hand-written rules: sin in degrees (right in three dtypes, the DEG
forgotten in two), Python's pi / 180 beside deg2rad's exact pi (float32), 0.9996 ** 3 for three multiplications by
0.9996 (right in float32, one factor short in both dtypes), 60 * 1852 folded by Python for two roundings (float32;
slipped to km), cos in degrees by TFP's form (right, its sign dropped).

Tried: 61 functions in lib116c (all in ALL) and 16 in a scratch file (/tmp/116c/scr.py: tan(deg2rad(x) / 2) at 180,
tan(deg2rad(x)) at 90, tan(deg2rad(x / 2)) at 180, 1 / tan(deg2rad(x)) at 90, arctan(tan(deg2rad(x))) at 90,
sin(deg2rad(x) / 2) at 360, arctan2(sin(deg2rad(x)), -1) at 180 and its half-angle form at 360, and eight forms of an
azimuth residual on atan2's cut); 155 case checks in a first full run through the CLI, judged by tests/trials/judge.py
(a scratch driver, /tmp/116c/run.py, runs the CLI in two threads, at most two gradcli processes, and judges in the main
one): 139 passing, 16 failing: 11 my truths (corrected below) and 5 findings (F1-F3); 22 probes by hand (the scratch
file, and the findings at --max-digits 120); then 35 ordinary or repeated points dropped and a final full run of the 120
kept: 115 passing, the 5 of F1-F3 failing. ALL keeps 120: 51 ok, 43 domain, 15 unstable, 11 wrong; 74 float64, 40
float32, 6 float16. Every check took 0.9-11.5 s on the shared machine (two at once; 0.9-6.1 s in the final full run,
about 2.5 minutes of wall time).

Truths are written here from the mathematics, never lib116c's code or gradcli: each function re-written in mpmath (2,000
digits, cases30b.sided_grad) at the points as the dtype holds them, with the program's Python constants as the dtype
holds them (2 R = 12742.0, R, a, e^2 = f (2 - f) and 1 - e^2 folded by Python, mu, 58.3, Bennett's 7.31 and 4.4,
Saemundsson's 1.02, 10.3, 5.11, Kasten's 0.50572, 96.07995 and -1.6364, -0.4, 4.0 * np.pi, sqrt(3.0) of the true
anomaly, DEG = math.pi / 180, np.pi itself in tan(lat * np.pi / 180) and as Kepler's start, 0.9996): np.deg2rad,
np.radians and np.rad2deg with pi exact (README: cos(deg2rad(90)) is exactly 0), x * np.pi / 180 and x * DEG with the
rounded constant (so tan(90 * np.pi / 180) is tan(pi64 / 2) = 1.6e16 in float64 and tan(pi32 / 2) = -2.3e7 in float32,
no pole); arcsin and arccos NaN past +-1, log10 -inf at 0, division by 0 as the program's (0 / 0 NaN, x / 0 infinite),
0^-k infinite and n / inf 0, mod 360 as x - 360 floor(x / 360), Kepler's fixed Newton steps as the iteration they are
(the program's function, not the converged E). Derivatives from the left and the right by mpmath.diff (sided_grad with
finite_sides: NaN where the sides differ or one is undefined or infinite); by hand at the poles (every input NaN where
the value is infinite for every input near; the inputs a pole never meets keep their slopes, as README's log(y/x) at x =
0 keeps y's: F0 beside log10(F / F0) at F = 0, c beside sec and tan at 90, m0 beside k sec z, the other sources of a
flux sum) and at one point and at antipodes (the distance's kink: every coordinate NaN), and for the rules (the
mathematics' slope, not the rule's).

What agreed: every ordinary point ok in its dtype (float16's bearing, combined magnitude, sec z at 60 and sin in degrees
among them); the haversine domain at one point (a computed exactly 0) and at antipodes, in both forms; arccos domain at
antipodes; bearings: due north ok (atan2 at y = 0, x > 0; the latitudes' slopes 0), due south domain in both dtypes with
the latitudes keeping 0 (y stays exactly 0 as they move), the compass's mod 360 domain at north and ok at south; tan and
sec of deg2rad(+-90) domain in both dtypes, c keeping 1 (2 beside k tan, k's and lat's NaN), the departure at 90 ok in
both dtypes (dlon's exact 0 computed 3.7e-15 and -2.6e-6, within rtol times lat's 10.5); tan(lat * np.pi / 180) at 90 ok
in both dtypes (slopes 4.65e30 and 9.13e12); Mercator domain at +-90 (R's slope NaN beside the infinite log), ok in
float32; its inverse unstable at exp(800) (NaN for 0, the exact 4e-346 being 0 in float64), the Gudermannian too; the
prime-vertical radius domain at e^2 = 1 at the pole; the pole's ECEF latitude domain with z keeping 0 (sqrt and hypot
alike), the longitude domain at the origin and on its cut (x keeping 0); the magnitude domain at F = 0 with F0 keeping
2.5 / (F0 ln 10); the combined magnitude unstable at 1000 mag (log10 of an underflowed 0) and in float32 at 100 mag
(subnormals); flux domain at d = 0, unstable in float32 at d = 1e20 (d^2 overflows, the slopes computed 0 for 8e-42 and
-6e-35); the flux sum domain with the other sources' slopes kept (both dtypes); sum n / d^-k wrong (k's exact 25.32 and
d[0]'s 0 computed NaN: 0^k ln 0 and 0 * inf); Kepler's steps ok at e = 0, 0.5, 0.99 (the 4-step iterate's slopes -2881.7
and 6.4e6 at 10 deg computed to 4e-12) and in float32, domain at e = 1, M = 0 (0 / 0), the 6- and 3-step forms ok at 180
deg (e's exact 0 and 1.3e-17, the latter np.pi's rounding, within rtol times M's); the true anomaly by atan2 ok at 180
in both dtypes (0.577, e's exact 0); vis-viva domain at escape (the exact slopes given as -inf and inf, sqrt's end
explained), ok in float32; vis-viva with mu an input wrong at escape (mu's exact 0 computed inf * 0 = NaN, as README's
1/(y log1p(-x)) has it); the conic's 0 / 0 domain; refraction by 1/tan domain at 0, by cos/sin domain at 0 and ok at 90
(cos exactly 0: value 0, slope -58.3 pi / 180); Bennett's pole domain, Saemundsson ok; airmass sec z domain at 90,
unstable in float16 at 89.9 (float16's 89.875: sec z tan z = 2.1e5 past float16's 65504 on the way, the slope 3667
computed inf); Kasten and Young ok at 90, domain at 96.07995 (0^-1.6364 and NaN beyond, in the dtype's own 96.07995 - z
= 0), ok in float32; extinction domain with m0 keeping 1; parallax domain at 0; dead reckoning round a square domain
(the distance made good is |(e, n)| at 0: every leg's speed, time and heading a kink, though the computed sin(pi) =
1.2e-16 gives finite slopes); the distance residuals domain with two stations on one spot, the third station keeping 0
and obs[0] keeping 2; the rules: right ones ok in every dtype (float32's 0.9996 ** 3 folded once against three float32
multiplications, README's two readings; 60 * 1852 folded against two roundings, exact in float32), slipped ones wrong
with the rule's line named (grad_fn's def, the lambda's line, TFP's call).

Truths corrected (gradcli right, re-derived): the haversine in float16 (10, 20) -> (12, 23) is unstable, not ok: 2R =
12742 times arcsin's and sqrt's slopes (0.5 / sqrt(a) at a = 9.7e-4) overflows float16's 65504 on the way back to slopes
of 63-90. R arccos of the dot product 0.7 km apart in float32 is unstable, not ok: arccos(1 - 7.5e-5) amplifies the dot
product's rounding 2000 times (2.3e-4 off). At one point R arccos(dot) (clipped or not) and the altitude at the zenith
are unstable, not domain: the kink is there (every exact coordinate NaN, as I had it), but the dot product is computed 1
- 1.1e-16, so the distance comes out 9.5e-5 km for 0 and the altitude 89.9999988 for 90, values the dtype holds and
loses (README: a value is judged at a domain point all the same). ECEF x at the pole is unstable in both dtypes, not ok:
x is exactly 0 (cos of deg2rad(90)), computed 6.4e6 times cos(pi/2 rounded): 3.9e-10 m in float64 and 0.24 m in float32,
past rtol times 1 for an exact 0 (the departure's 3.7e-14 nautical miles passes); the point's rounding pass does not
apply, 90 and deg2rad's pi being meant exactly. The magnitude at float32's subnormal F = 1e-45 is unstable, not domain:
F's slope -7.7e44 is past float32, but F0's 1.09, which float32 holds, is computed inf (1 / (u ln 10) overflows before F
/ F0^2 brings it back). sum n / d^-2 with a body at d = 0 is wrong in both dtypes, not ok: README makes its value 0
there with slope 0, and the program's chain rule gives (-n / inf^2) times (-2 inf) = 0 * inf = NaN for that 0 even at
high precision: a rule's NaN where the derivative is finite. atan(b / d) at d = 0 is wrong, not domain: b's exact slope
0 (b / 0 = inf for every b > 0) is computed 0 * inf = NaN, and README makes the point that verdict, the missing
derivative in d named beside it.

Findings (each re-derived from scratch before it was called one; the minimal functions are in /tmp/116c/scr.py):

F1. A finite function of tan(deg2rad(90))'s signless infinity: error, no verdict. Reproduction: `def f(x): return 1.0 /
np.tan(np.deg2rad(x))` at x = 90 (`gradcli check scr.py:cot90 --at x=90 --dtype float64 --json`): status error, "no
exact reference: an exact entry is within 8.09e-3842 of 0 at 3840 digits but not proven 0"; `np.arctan(np.tan(np.deg2rad
(x)))` at 90: error, "the exact reference did not settle below 4000 digits". In the round: refraction_cot (58.3 /
tan(deg2rad(h)) at h = 90, both dtypes) and true_anomaly_tan (2 atan(sqrt 3 tan(deg2rad(E) / 2)) at E = 180). Truth: 1 /
tan(x pi / 180) is cot(x pi / 180), analytic at 90, value 0 and slope -pi / 180 (-58.3 pi / 180 = -1.01753 for the
refraction; the float64 program computes -1.017526953912694, right), and the same function written as cos / sin
(refraction_cot_cs) is judged ok there; arctan(tan(u)) at u = pi/2 jumps from pi/2 to -pi/2 (the true anomaly from +180
to -180 deg): domain. README says tan(deg2rad(90)) itself is domain, its 0 exact and signless (gradcli agrees: tan_lat,
tan(deg2rad(x) / 2) at 180); an op after it that does not care for the sign (1 / +-inf = 0) or jumps with it (arctan) is
left to balls that cannot prove the 0, so no verdict.

F2. atan2 on its cut with the exact 0 of sin(deg2rad(180)): error, not domain. Reproduction: `def f(x): return
np.arctan2(np.sin(np.deg2rad(x)), -1.0)` at x = 180 (`gradcli check scr.py:atan2_full --at x=180 --dtype float64
--json`): error, "no exact reference: on balls, the exact value is within 2^2 of 0 but not proven 0". In the round:
true_anomaly_atan2 at E = 360 (2 atan2(sqrt(1.5) sin(deg2rad(E) / 2), sqrt(0.5) cos(deg2rad(E) / 2)), e = 0.5). Truth:
sin(pi) is exactly 0 (gradcli itself proves sin(deg2rad(x) / 2) at 360 to be 0: ok there), atan2(0, -c) = pi, and moving
x across 180 takes the value from pi to -pi: a jump, domain, with e keeping 0 (y stays exactly 0 as e moves). The same
cut reached by an input that is 0.0 (ecef_lon at x = -1000, y = 0; the bearing due south) is domain.

F3. A squared residual on atan2's cut whose value is exactly 0: ok, not domain. Reproduction: `def f(e, n): return
(np.rad2deg(np.arctan2(e, n)) - 180.0) ** 2` at e = 0, n = -1 (`gradcli check scr.py:az_deg_sq --at e=0.0,n=-1.0 --dtype
float64 --json`): ok, e's exact slope "below 2^-32750 in magnitude". In the round: azimuth_residual at e = 0, n = -1,
obs = 180. Truth: atan2(e, -1) is pi - e + ... for e >= 0 and -pi - e + ... for e < 0, so the residual is 0 at the point
and from the right but (-360)^2 = 129600 from the left: a jump in e, no derivative (n's and obs's slopes 0). gradcli
finds the jump whenever the value is not exactly 0: unsquared (domain, "its value is -360 from the left and 0 from the
right"), in radians against np.pi (value 1.5e-32: domain), against obs = 170 (domain, "122500 from the left and 100 from
the right"); only the exact 0 of the squared form hides it. Mended the same day: where balls bound the slopes of a program with
arctan2 on its cut without settling them, the mpmath path's kink test judges it (`exact_python._compute`): domain,
"129600 from the left and 0 from the right" (tests/test_cut_under_an_exact_zero.py).

Observed: degrees are honoured as README says: deg2rad's pi is exact (cos(deg2rad(90)) = 0, sin(deg2rad(360) / 2) = 0)
while x * np.pi / 180 and x * DEG keep the rounded pi, so tan(lat * np.pi / 180) has no pole at 90 in either dtype and
is ok, while tan(deg2rad(90)) is domain. The haversine earns its keep: at one point it computes a = 0 exactly and is
domain, where arccos of the dot product computes 1 - 1.1e-16 and is unstable (9.5e-5 km for 0); float32's arccos loses
2e-4 at 0.7 km. An exact 0 value beside a huge scale (ECEF x at the pole) is judged with rtol times 1, so 3.9e-10 m is
unstable in float64. Negative powers of an exact 0 give the right value but a NaN slope (0 * inf) wherever the distance
is an input: the usual n / d**-k of a sum over bodies is wrong there. Hand-written rules with constants Python computes
(0.9996 ** 3, 60 * 1852, math.pi / 180 beside deg2rad) pass in float32 as README's two readings promise, and one factor
short of 0.9996 ** 3 (4e-4) is wrong in float32 too."""

import math

import mpmath
import numpy
from mpmath import mpf

from cases import Case
from cases30b import sided_grad
from cases108c import _txt, dv, rpow, rsqrt, xlog

L = "lib116c.py"
NAN = mpmath.nan
F32, F16 = "float32", "float16"
sin, cos, tan, atan, atan2, exp = mpmath.sin, mpmath.cos, mpmath.tan, mpmath.atan, mpmath.atan2, mpmath.exp
PI = math.pi  # the program's np.pi, a Python float
LN10 = mpmath.log(10)
R_EARTH, A_WGS84 = 6371.0, 6378137.0
F_WGS84 = 1.0 / 298.257223563
E2_WGS84 = F_WGS84 * (2.0 - F_WGS84)  # as Python computes it in the program
DEG = math.pi / 180.0
MU_EARTH = 3.986004418e14


def held(dtype, value):
    """The number the dtype holds for a point's coordinate or a constant the program casts to it."""
    return mpf(float(numpy.dtype(dtype).type(value)))


def rad(x):
    """np.deg2rad / np.radians: x pi / 180 with pi exact (README)."""
    return x * mpmath.pi / 180


def deg(x):
    """np.rad2deg: x 180 / pi with pi exact."""
    return x * 180 / mpmath.pi


def lg(x):
    v = xlog(x)
    return v if not mpmath.isfinite(v) else v / LN10


def asin_(x):
    return mpmath.asin(x) if abs(x) <= 1 else NAN


def acos_(x):
    return mpmath.acos(x) if abs(x) <= 1 else NAN


def nans(*names):
    return {n: NAN for n in names}


# --- the mathematics in mpmath (never lib116c's code); each factory takes the dtype for the program's constants ------

def _hav_a(lat1, lon1, lat2, lon2):
    return sin(rad(lat2 - lat1) / 2) ** 2 + cos(rad(lat1)) * cos(rad(lat2)) * sin(rad(lon2 - lon1) / 2) ** 2


def m_hav(dt):
    r2 = held(dt, 2.0 * R_EARTH)
    return lambda lat1, lon1, lat2, lon2: r2 * asin_(rsqrt(_hav_a(lat1, lon1, lat2, lon2)))


def m_hav2(dt):
    r2 = held(dt, 2.0 * R_EARTH)

    def f(lat1, lon1, lat2, lon2):
        a = _hav_a(lat1, lon1, lat2, lon2)
        return r2 * atan2(rsqrt(a), rsqrt(1 - a))
    return f


def _dot(lat1, lon1, lat2, lon2, k=None):
    conv = rad if k is None else (lambda v: v * k)
    return sin(conv(lat1)) * sin(conv(lat2)) + cos(conv(lat1)) * cos(conv(lat2)) * cos(conv(lon2 - lon1))


def m_gc(dt):
    r = held(dt, R_EARTH)
    return lambda lat1, lon1, lat2, lon2: r * acos_(_dot(lat1, lon1, lat2, lon2))


def m_slc(dt):
    k = held(dt, DEG)
    return lambda lat1, lon1, lat2, lon2: acos_(_dot(lat1, lon1, lat2, lon2, k)) / k


def _bearing(lat1, lon1, lat2, lon2):
    p1, p2, dl = rad(lat1), rad(lat2), rad(lon2 - lon1)
    y = sin(dl) * cos(p2)
    x = cos(p1) * sin(p2) - sin(p1) * cos(p2) * cos(dl)
    return deg(atan2(y, x))


def m_bearing(dt):
    return _bearing


def m_compass(dt):
    def f(lat1, lon1, lat2, lon2):
        t = _bearing(lat1, lon1, lat2, lon2) + 360
        return t - 360 * mpmath.floor(t / 360)
    return f


def m_tan_lat(dt):
    return lambda lat: tan(rad(lat))


def m_tan_lat_pi(dt):
    k = held(dt, PI)
    return lambda lat: tan(lat * k / 180)


def m_sec_lat(dt):
    return lambda lat: 1 / cos(rad(lat))


def m_departure(dt):
    return lambda dlon, lat: 60 * dlon * cos(rad(lat))


def m_mercator(dt):
    return lambda lat: xlog(tan(rad(45 + lat / 2)))


def m_inv_merc(dt):
    return lambda y, r: deg(2 * atan(exp(y / r))) - 90


def m_inv_merc_gd(dt):
    return lambda y, r: deg(atan(mpmath.sinh(y / r)))


def m_prime(dt):
    a = held(dt, A_WGS84)
    return lambda lat, e2: dv(a, rsqrt(1 - e2 * sin(rad(lat)) ** 2))


def _n(dt, p):
    return held(dt, A_WGS84) / mpmath.sqrt(1 - held(dt, E2_WGS84) * sin(p) ** 2)


def m_ecef_x(dt):
    return lambda lat, lon, h: (_n(dt, rad(lat)) + h) * cos(rad(lat)) * cos(rad(lon))


def m_ecef_z(dt):
    c = held(dt, 1.0 - E2_WGS84)
    return lambda lat, h: (_n(dt, rad(lat)) * c + h) * sin(rad(lat))


def _atan2(y, x):
    return NAN if x == 0 and y == 0 else atan2(y, x)


def m_ecef_lon(dt):
    return lambda x, y: deg(_atan2(y, x))


def m_ecef_lat(dt):
    c = held(dt, 1.0 - E2_WGS84)
    return lambda x, y, z: deg(_atan2(z, mpmath.sqrt(x ** 2 + y ** 2) * c))


def m_mag(dt):
    return lambda f, f0: -mpf("2.5") * lg(f / f0)


def m_dmod(dt):
    return lambda d: 5 * lg(d) - 5


def m_cmag(dt):
    k = held(dt, -0.4)
    return lambda m: -mpf("2.5") * lg(sum(mpmath.power(10, k * v) for v in m))


def m_flux(dt):
    k = held(dt, 4.0 * PI)
    return lambda lum, d: dv(lum, k * d ** 2)


def m_flux_sum(dt):
    k = held(dt, 4.0 * PI)
    return lambda lum, d: sum(dv(a, k * b ** 2) for a, b in zip(lum, d))


def m_tidal(dt):
    return lambda n, d: sum(n * b ** 2 for b in d)  # n / d^-2: 0 at d = 0, n d^2 elsewhere


def m_power_k(dt):
    return lambda n, d, k: sum(n * rpow(b, k) for b in d)


def _newton(e, big_e, m, steps):
    for _ in range(steps):
        big_e = big_e - dv(big_e - e * sin(big_e) - m, 1 - e * cos(big_e))
        if not mpmath.isfinite(big_e):
            return NAN
    return big_e


def m_kepler(dt):
    return lambda m_deg, e: _newton(e, rad(m_deg), rad(m_deg), 4)


def m_kepler6(dt):
    return lambda m_deg, e: _newton(e, rad(m_deg) + e * sin(rad(m_deg)), rad(m_deg), 6)


def m_kepler3(dt):
    k, p = held(dt, DEG), held(dt, PI)
    return lambda m_deg, e: _newton(e, p, m_deg * k, 3)


def m_nu_atan2(dt):
    def f(e_deg, e):
        h = rad(e_deg) / 2
        return 2 * deg(_atan2(rsqrt(1 + e) * sin(h), rsqrt(1 - e) * cos(h)))
    return f


def m_nu_tan(dt):
    k = held(dt, math.sqrt((1.0 + 0.5) / (1.0 - 0.5)))
    return lambda e_deg: 2 * deg(atan(k * tan(rad(e_deg) / 2)))


def m_vis(dt):
    mu = held(dt, MU_EARTH)
    return lambda r, a: rsqrt(mu * (2 / r - 1 / a))


def m_vis_mu(dt):
    return lambda mu, r, a: rsqrt(mu * (2 / r - 1 / a))


def m_radius(dt):
    return lambda a, e, nu_deg: dv(a * (1 - e ** 2), 1 + e * cos(rad(nu_deg)))


def m_refr(dt):
    k = held(dt, 58.3)
    return lambda h: k * cos(rad(h)) / sin(rad(h))


def m_bennett(dt):
    a, b = held(dt, 7.31), held(dt, 4.4)
    return lambda h: 1 / tan(rad(h + a / (h + b)))


def m_saem(dt):
    a, b, c, k = held(dt, 1.02), held(dt, 10.3), held(dt, 5.11), held(dt, DEG)
    return lambda h: a / tan((h + b / (h + c)) * k)


def m_airmass(dt):
    return lambda z: 1 / cos(rad(z))


def m_kasten(dt):
    a, b, p = held(dt, 0.50572), held(dt, 96.07995), held(dt, -1.6364)
    return lambda z: dv(1, cos(rad(z)) + a * rpow(b - z, p))


def m_altitude(dt):
    return lambda lat, dec, ha: deg(asin_(sin(rad(lat)) * sin(rad(dec)) + cos(rad(lat)) * cos(rad(dec)) * cos(rad(ha))))


def m_plx(dt):
    return lambda p_mas: dv(1000, p_mas)


def m_plx_angle(dt):
    return lambda b, d: deg(atan(dv(b, d)))


def m_dr_east(dt):
    return lambda speed, hours, heading: sum(v * t * sin(rad(h)) for v, t, h in zip(speed, hours, heading))


def m_dr_dist(dt):
    def f(speed, hours, heading):
        e = sum(v * t * sin(rad(h)) for v, t, h in zip(speed, hours, heading))
        n = sum(v * t * cos(rad(h)) for v, t, h in zip(speed, hours, heading))
        return mpmath.sqrt(e ** 2 + n ** 2)
    return f


def m_dist_res(dt):
    def f(x, y, obs):
        d = [mpmath.sqrt((x[i] - x[0]) ** 2 + (y[i] - y[0]) ** 2) for i in range(1, len(x))]
        return sum((a - o) ** 2 for a, o in zip(d, obs))
    return f


def m_az_res(dt):
    return lambda e, n, obs_deg: (deg(_atan2(e, n)) - obs_deg) ** 2


def m_sind(dt):
    k = held(dt, DEG)
    return lambda x: sin(x * k)


def m_sind_exact(dt):
    return lambda x: sin(rad(x))


def m_cosd(dt):
    k = held(dt, DEG)
    return lambda x: cos(x * k)


def m_utm(dt):
    k = held(dt, 0.9996)
    return lambda x: x * k ** 3


def m_deg_m(dt):
    return lambda dlat: dlat * 60 * 1852


# --- cases ------------------------------------------------------------------------------------------------------------

def _at(pt):
    return ",".join(f"{k}={_txt(v)}" for k, v in pt.items())


def C_(function, mirror, verdict="ok", dtype="float64", line=None, **pt):
    """A case whose truth is the one- and two-sided derivative of ``mirror(dtype)`` at the point as ``dtype`` holds
    it (``line``: a fragment of the line a finding must name)."""
    return Case(L, function, _at(pt), dtype, verdict, sided_grad(mirror(dtype), dtype, finite_sides=True, **pt), line)


def H_(function, verdict, truth, dtype="float64", line=None, **pt):
    """A case whose truth is written by hand (a dict of mpf or lists, or a function returning one)."""
    return Case(L, function, _at(pt), dtype, verdict, truth if callable(truth) else (lambda: truth), line)


PARIS = dict(lat1=51.5, lon1=-0.13, lat2=48.86, lon2=2.35)
SAME = dict(lat1=10.0, lon1=20.0, lat2=10.0, lon2=20.0)
ANTI = dict(lat1=0.0, lon1=0.0, lat2=0.0, lon2=180.0)
NORTH = dict(lat1=10.0, lon1=20.0, lat2=30.0, lon2=20.0)
SOUTH = dict(lat1=30.0, lon1=20.0, lat2=10.0, lon2=20.0)
GC4 = ("lat1", "lon1", "lat2", "lon2")
LEGS = dict(speed=[10.0, 12.0, 8.0], hours=[1.0, 0.5, 2.0], heading=[45.0, 90.0, 300.0])
BOX = dict(speed=[10.0, 10.0, 10.0, 10.0], hours=[1.0, 1.0, 1.0, 1.0], heading=[0.0, 90.0, 180.0, 270.0])


def _mag_f0(dt, f, f0=1.0):
    # -2.5 log10(f / f0) at f = 0: -inf for every f0 near; f0's term +2.5 log10(f0) never meets the pole (README's
    # log(y/x) keeping y's slope; 115c's log_distance keeping d0's)
    slope_f = NAN if f == 0 else -mpf("2.5") / (held(dt, f) * LN10)
    return lambda: {"f": slope_f, "f0": mpf("2.5") / (held(dt, f0) * LN10)}


def _flux_sum0(dt):
    k = held(dt, 4.0 * PI)
    # one source at d = 0: its L and d have no slope; the others keep 1 / (4 pi d^2) and -2 L / (4 pi d^3)
    return lambda: {"lum": [NAN, 1 / k, 1 / (4 * k)], "d": [NAN, -2 * 2 / k, -2 * 3 / (8 * k)]}


def _rule(name, slope):
    return lambda: {name: slope}


ALL = [
    # --- great circles
    C_("haversine", m_hav, **PARIS),
    C_("haversine", m_hav, dtype=F32, **PARIS),
    H_("haversine", "domain", nans(*GC4), **SAME),  # sqrt(a) at a = 0: the distance's |.| kink
    H_("haversine", "domain", nans(*GC4), dtype=F32, **SAME),
    H_("haversine", "domain", nans(*GC4), **ANTI),  # arcsin at 1: the antipode's kink
    # float16: 2R = 12742 times arcsin's and sqrt's slopes overflows 65504 on the way back (the slopes are 63-90)
    C_("haversine", m_hav, "unstable", dtype=F16, lat1=10.0, lon1=20.0, lat2=12.0, lon2=23.0),
    H_("haversine_atan2", "domain", nans(*GC4), **ANTI),  # sqrt(1 - a) at 0
    C_("gc_arccos", m_gc, **PARIS),
    # 0.7 km apart in float32: arccos(1 - 7.5e-5) amplifies the dot product's rounding 2000 times
    C_("gc_arccos", m_gc, "unstable", dtype=F32, lat1=10.0, lon1=20.0, lat2=10.5, lon2=20.5),
    # arccos at 1: a kink, but the dot product is computed 1 - 1.1e-16, the distance 9.5e-5 km for 0: unstable
    H_("gc_arccos", "unstable", nans(*GC4), **SAME),
    H_("gc_arccos", "domain", nans(*GC4), **ANTI),  # arccos at -1
    H_("gc_arccos_clipped", "unstable", nans(*GC4), **SAME),  # the clip cannot mend a dot product below 1
    C_("slc_angle", m_slc, dtype=F32, lat1=40.0, lon1=-74.0, lat2=51.5, lon2=0.0),
    C_("bearing", m_bearing, **PARIS),
    C_("bearing", m_bearing, **NORTH),  # due north: atan2 at y = 0, x > 0, smooth
    C_("bearing", m_bearing, "domain", **SOUTH),  # due south: the cut at 180
    C_("bearing", m_bearing, "domain", dtype=F32, **SOUTH),
    C_("bearing", m_bearing, dtype=F16, lat1=10.0, lon1=20.0, lat2=12.0, lon2=23.0),
    C_("bearing_compass", m_compass, "domain", **NORTH),  # 360 mod 360: the compass's jump at north
    C_("bearing_compass", m_compass, **SOUTH),  # 180 + 360 mod 360: smooth
    C_("bearing_compass", m_compass, dtype=F32, lat1=0.0, lon1=0.0, lat2=5.0, lon2=10.0),
    # --- latitude's poles
    H_("tan_lat", "domain", nans("lat"), lat=90.0),
    H_("tan_lat", "domain", nans("lat"), dtype=F32, lat=-90.0),
    C_("tan_lat_pi", m_tan_lat_pi, lat=90.0),  # np.pi / 180: 90 deg is pi64 / 2, tan 1.6e16, finite
    C_("tan_lat_pi", m_tan_lat_pi, dtype=F32, lat=90.0),  # float32's pi is above pi: tan -2.3e7
    H_("sec_lat", "domain", nans("lat"), lat=90.0),
    H_("sec_lat", "domain", nans("lat"), dtype=F32, lat=90.0),
    H_("sec_lat_plus", "domain", {"c": mpf(1), "lat": NAN}, c=1.0, lat=90.0),
    H_("sec_lat_plus", "domain", {"c": mpf(1), "lat": NAN}, dtype=F32, c=1.0, lat=-90.0),
    H_("tan_lat_plus", "domain", {"c": mpf(2), "k": NAN, "lat": NAN}, c=1.0, k=2.0, lat=90.0),
    C_("departure", m_departure, dlon=10.0, lat=90.0),  # cos exactly 0: dlon's slope 0
    C_("departure", m_departure, dtype=F32, dlon=10.0, lat=90.0),
    H_("mercator_y", "domain", nans("lat"), lat=90.0),  # tan(90 deg): the pole
    H_("mercator_y", "domain", nans("lat"), lat=-90.0),  # log(tan 0)
    C_("mercator_y", m_mercator, dtype=F32, lat=60.0),
    H_("mercator_y_r", "domain", nans("r", "lat"), r=6371.0, lat=90.0),
    C_("inverse_mercator", m_inv_merc, y=1000.0, r=6371.0),
    # exp(800) overflows: atan(inf) = pi/2 is right, its slope 1 / (1 + inf) * inf is NaN; exact 1e-345: 0 in float64
    C_("inverse_mercator", m_inv_merc, "unstable", y=800.0, r=1.0),
    # float32: the slope 2.2e-20 passes through arctan's 1 / (1 + u^2) = 3.7e-44 at u = exp(50), a subnormal: 1.7% off
    C_("inverse_mercator", m_inv_merc, "unstable", dtype=F32, y=50.0, r=1.0),
    C_("inverse_mercator_gd", m_inv_merc_gd, "unstable", y=800.0, r=1.0),
    # --- geodetic <-> ECEF
    C_("prime_vertical", m_prime, lat=45.0, e2=E2_WGS84),
    H_("prime_vertical", "domain", nans("lat", "e2"), lat=90.0, e2=1.0),  # sqrt(1 - 1): the pole
    # the pole: x is exactly 0, computed 6.4e6 cos(pi/2 rounded) = 3.9e-10 m: past rtol x 1 for an exact 0
    C_("ecef_x", m_ecef_x, "unstable", lat=90.0, lon=0.0, h=0.0),
    C_("ecef_x", m_ecef_x, dtype=F32, lat=48.85, lon=2.35, h=35.0),
    C_("ecef_x", m_ecef_x, "unstable", dtype=F32, lat=90.0, lon=30.0, h=100.0),  # 0.24 m for 0
    C_("ecef_z", m_ecef_z, lat=0.0, h=0.0),
    C_("ecef_lon", m_ecef_lon, "domain", x=0.0, y=0.0),
    C_("ecef_lon", m_ecef_lon, "domain", x=-1000.0, y=0.0),  # the cut at 180 deg: x keeps 0
    C_("ecef_lat_bowring0", m_ecef_lat, "domain", x=0.0, y=0.0, z=6356752.3),  # the pole: p's kink, z keeps 0
    C_("ecef_lat_hypot", m_ecef_lat, "domain", x=0.0, y=0.0, z=6356752.3),
    C_("ecef_lat_bowring0", m_ecef_lat, dtype=F32, x=4e6, y=3e5, z=4.9e6),
    # --- photometry and flux
    H_("magnitude", "domain", _mag_f0("float64", 0.0), f=0.0, f0=1.0),
    # a float32 subnormal flux: f's slope -7.7e44 past float32, but f0's 1.09, which float32 holds, computed inf
    H_("magnitude", "unstable", _mag_f0(F32, 1e-45), dtype=F32, f=1e-45, f0=1.0),
    H_("distance_modulus", "domain", nans("d"), d=0.0),
    C_("combined_magnitude", m_cmag, "unstable", m=[1000.0, 1001.0]),  # 10^-400 underflows: log10(0)
    C_("combined_magnitude", m_cmag, "unstable", dtype=F32, m=[100.0, 101.0]),  # float32 subnormals
    C_("combined_magnitude", m_cmag, dtype=F16, m=[1.0, 2.0]),
    H_("flux", "domain", nans("lum", "d"), lum=1.0, d=0.0),
    C_("flux", m_flux, dtype=F32, lum=3.828e26, d=1.496e11),
    C_("flux", m_flux, "unstable", dtype=F32, lum=3.828e26, d=1e20),  # d^2 = 1e40 overflows float32
    H_("flux_sum", "domain", _flux_sum0("float64"), lum=[1.0, 2.0, 3.0], d=[0.0, 1.0, 2.0]),
    H_("flux_sum", "domain", _flux_sum0(F32), dtype=F32, lum=[1.0, 2.0, 3.0], d=[0.0, 1.0, 2.0]),
    # 0^-2 = inf, n / inf = 0: slope 0 there (README), but the chain rule's (-n / inf^2) (-2 * inf) is 0 * inf: NaN
    C_("tidal_sum", m_tidal, "wrong", n=2.0, d=[0.0, 2.0, 3.0]),
    C_("tidal_sum", m_tidal, "wrong", dtype=F32, n=2.0, d=[0.0, 2.0, 3.0]),
    C_("power_sum_k", m_power_k, "wrong", n=2.0, d=[0.0, 2.0, 3.0], k=2.0),
    # --- orbits
    C_("kepler_e", m_kepler, m_deg=60.0, e=0.0),
    C_("kepler_e", m_kepler, dtype=F32, m_deg=60.0, e=0.5),
    C_("kepler_e", m_kepler, m_deg=10.0, e=0.99),
    C_("kepler_e", m_kepler, dtype=F32, m_deg=1.0, e=0.99),
    H_("kepler_e", "domain", nans("m_deg", "e"), m_deg=0.0, e=1.0),  # 0 / 0 in the first step
    C_("kepler_e6", m_kepler6, m_deg=180.0, e=0.9),
    C_("kepler_e3", m_kepler3, m_deg=180.0, e=0.99),
    C_("kepler_e3", m_kepler3, dtype=F32, m_deg=170.0, e=0.99),
    H_("true_anomaly_tan", "domain", nans("e_deg"), e_deg=180.0),  # tan(90 deg): +pi from the left, -pi right
    C_("true_anomaly_atan2", m_nu_atan2, e_deg=180.0, e=0.5),  # no pole: atan2(y, 0)
    C_("true_anomaly_atan2", m_nu_atan2, dtype=F32, e_deg=180.0, e=0.5),
    C_("true_anomaly_atan2", m_nu_atan2, "domain", e_deg=360.0, e=0.5),  # the cut at 360
    H_("vis_viva", "domain", nans("r", "a"), r=2e7, a=1e7),  # escape: sqrt at 0
    C_("vis_viva", m_vis, dtype=F32, r=7e6, a=8e6),
    C_("vis_viva_mu", m_vis_mu, "wrong", mu=1.0, r=2.0, a=1.0),  # mu's exact 0 from inf * 0
    H_("radius_at", "domain", nans("a", "e", "nu_deg"), a=1.0, e=1.0, nu_deg=180.0),  # 0 / 0
    # --- the sky
    H_("refraction_cot", "domain", nans("h"), h=0.0),
    C_("refraction_cot", m_refr, h=90.0),  # 58.3 / tan(90 deg): 0, slope -58.3 pi / 180
    C_("refraction_cot", m_refr, dtype=F32, h=90.0),
    H_("refraction_cot_cs", "domain", nans("h"), h=0.0),
    C_("refraction_cot_cs", m_refr, h=90.0),
    H_("refraction_bennett", "domain", nans("h"), h=-4.4),  # 7.31 / 0
    C_("refraction_bennett", m_bennett, dtype=F32, h=0.5),
    C_("refraction_saemundsson", m_saem, dtype=F32, h=10.0),
    H_("airmass_sec", "domain", nans("z"), z=90.0),
    C_("airmass_sec", m_airmass, dtype=F16, z=60.0),
    C_("airmass_sec", m_airmass, "unstable", dtype=F16, z=89.9),
    C_("airmass_kasten", m_kasten, z=90.0),
    H_("airmass_kasten", "domain", nans("z"), z=96.07995),  # 0^-1.6364 and NaN beyond
    C_("airmass_kasten", m_kasten, dtype=F32, z=0.0),
    H_("extinction", "domain", {"m0": mpf(1), "k": NAN, "z": NAN}, m0=10.0, k=0.2, z=90.0),
    # the zenith: arcsin(1), a kink; the dot product computed 1 - 1.1e-16, the altitude 89.9999988: unstable
    H_("altitude", "unstable", nans("lat", "dec", "ha"), lat=40.0, dec=40.0, ha=0.0),
    C_("altitude", m_altitude, lat=40.0, dec=20.0, ha=30.0),
    H_("parallax_distance", "domain", nans("p_mas"), p_mas=0.0),
    C_("parallax_distance", m_plx, dtype=F32, p_mas=1.5),
    # atan(b / 0) = 90 deg for every b > 0: b's exact 0, computed 0 * inf = NaN (README: that verdict), d jumps
    C_("parallax_angle", m_plx_angle, "wrong", b=1.0, d=0.0),
    # --- dead reckoning and survey adjustment
    C_("dr_east", m_dr_east, dtype=F32, **LEGS),
    H_("dr_distance", "domain", {"speed": [NAN] * 4, "hours": [NAN] * 4, "heading": [NAN] * 4}, **BOX),
    C_("distance_residual", m_dist_res, "domain", x=[0.0, 0.0, 3.0], y=[0.0, 0.0, 4.0], obs=[1.0, 5.0]),
    C_("distance_residual", m_dist_res, dtype=F32, x=[0.0, 3.0, 0.5], y=[0.0, 0.5, 4.0], obs=[3.1, 4.0]),
    C_("azimuth_residual", m_az_res, "domain", e=0.0, n=-1.0, obs_deg=180.0),
    C_("azimuth_residual", m_az_res, e=3.0, n=4.0, obs_deg=36.0),
    # --- hand-written rules
    C_("sind", m_sind, x=30.0),
    C_("sind", m_sind, dtype=F32, x=30.0),
    C_("sind", m_sind, dtype=F16, x=30.0),
    C_("sind_slip", m_sind, "wrong", line="_sind_slip>>def grad_fn(upstream):", x=30.0),
    C_("sind_slip", m_sind, "wrong", dtype=F32, line="_sind_slip>>def grad_fn(upstream):", x=30.0),
    C_("sind_exact", m_sind_exact, dtype=F32, x=30.0),
    C_("utm_scale", m_utm, dtype=F32, x=1000.0),
    C_("utm_scale_slip", m_utm, "wrong", line="return y, lambda g: g * 0.9996 ** 2", x=1000.0),
    C_("utm_scale_slip", m_utm, "wrong", dtype=F32, line="return y, lambda g: g * 0.9996 ** 2", x=1000.0),
    C_("deg_to_m", m_deg_m, dtype=F32, dlat=1.5),
    C_("deg_to_m_slip", m_deg_m, "wrong", line="_deg_to_m_slip>>def grad_fn(upstream):", dlat=1.5),
    C_("cosd_tfp", m_cosd, x=60.0),
    C_("cosd_tfp_slip", m_cosd, "wrong", line="return gradcli.custom_gradient(v, np.sin(x * DEG) * DEG, x)", x=60.0),
]
