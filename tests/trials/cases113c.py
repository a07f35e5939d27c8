"""The hundred-and-thirteenth round (c) of user trials: forestry, agronomy and crop / plant physiology models written
with gradcli.numpy (tests/trials/lib113c.py).

The formulas agronomists, foresters and plant physiologists fit or differentiate: Chapman-Richards heights 1.3 + a (1 -
exp(-b d))^c at d = 0 (c = 0.8, 1, float32 2), float32 at d = 1e-30 and by -expm1; Naslund d^2 / (a + b d)^2 (d = a =
0: 0 / 0); biomass a D^b at D = 0 and its log-log fit exp(a + b log D) there; a cohort's survival prod(1 - m) with a
year of total mortality (one and two); top height by np.sort with the tallest two tied and with the second and third
tied; a Lefkovitch matrix's dominant eigenvalue by np.linalg.eigvals; Gompertz (float32 at t = -1000: exp(100)) and
logistic growth (float32 at t = -100); an anamorphic site curve at the base age, at age 0 and float32 b = 1e-4;
Reineke's SDI at Dq = 0 and from an empty plot through sqrt(mean d^2) (and float32 seedlings of 1e-25 cm); growing
degree days with a day at the base (float64, float32 at barley's 4.4, a twenty-day season: 21 inputs), with an upper
cut-off tied, the single-sine method by arccos of a clipped ratio (ordinary, tmin = tb in both dtypes, tmax = tb, a
day of constant temperature, tmax = float(10.1) with tmin = tb); Farquhar-von Caemmerer-Berry's min tied at 18 and at
Ci = Gamma*, the non-rectangular hyperbola by the quadratic formula (ordinary, I = 0, theta = 1 at the corner aI =
Jmax and a rounding from it, theta = 1e-9 and 0) and by 2c / (b + sqrt(...)) (theta = 1e-9, 0), the rectangular
hyperbola at I = Amax = 0; Ball-Berry; Medlyn at D = 0, at A = D = 0 and at D = 1e-300; Tetens (float32, its pole T
= -237.3), FAO-56 Penman-Monteith (float32) and with a humidity clipped to [0, 1] at 1, Priestley-Taylor, Hargreaves
at Tmax = Tmin; van Genuchten at h = 0 (n = 1.5, n = 1, through |alpha h|, float32 at h = -100), Mualem at Se = 0, 1
and float32 one ulp below 1, Brooks-Corey by where (air entry, h = 0) and by minimum; Beer-Lambert (float32 LAI 100),
sunlit leaf area at k = 0, float32 k = 1e-4, and with k = 0.5 / cos(deg2rad(zenith)) at 60 and 90; Mitscherlich,
linear-plateau tied (both dtypes) and tied only by rounding (2 + 0.1 * 30, both dtypes), quadratic-plateau at its
vertex, Liebig by nested minimum (two- and three-way ties) and by np.min of a stack, FAO-56's Kc table by np.interp on
a knot of a straight stretch and at a kink, a drainage penalty max(theta - fc, 0)^2 at fc; log-logistic on log(dose)
and as (dose / e)^b, Weibull dose-response, at the untreated control dose = 0 (b = 2 and 0.5) and float32 at 1e-30;
a water stress factor clipped to [0, 1] at both ties and with fc = wp; NumPy scalars typed by hand (np.float32(0.65)
in a float64 program, np.float64(0.65) in a float32 one); hand-written rules: interception (right in both dtypes, k
forgotten), the rectangular hyperbola's two partials (right, swapped, amax's given as None), one day's and a season's
thermal time, Hargreaves' sqrt, and TensorFlow Probability's custom_gradient(fx, gx, x) for Tetens with FAO-56's slope
(and with its square forgotten, a probe) and for a vapour pressure deficit.

Tried: 64 functions in lib113c (61 in ALL) and 10 in a scratch file (/tmp/113c/scratch.py: np.clip with None,
np.fmax, np.heaviside, np.nanmax, np.select and np.piecewise for cardinal temperatures, Kc at np.floor(day) and day //
1, np.mod's day of year, a clipped daylength), 173 cases run through the CLI and judged by tests/trials/judge.py (a
scratch driver, /tmp/113c/run.py, runs the CLI in two threads, at most two gradcli processes, and judges in the main
one): a first full run of 128 (122 passing, the 6 others my truths, corrected below), four runs of the 60 changed or
added (one more of mine corrected: Mualem in float32), a second full run of 120 (all passing), 40 probes by hand
before a function joined ALL or the scratch file (Tetens by TFP's form among them, my expectation corrected), and a
final full run of the kept ones, then one swap run alone (Tetens' slip out, the log-logistic's power form at b = 2.4
in). ALL keeps 120 (53 dropped: redundant ordinary points and repeats): 53 ok, 36 domain, 20 wrong, 11 unstable; 83
float64, 37 float32. Every kept check took 0.6-8.1 s on the shared
machine (two at once; the sun on the horizon, sunlit_zenith at 90 deg, once took 22 s under load); the final full run
took about 2.5 minutes of wall time (295 s of checks): 120 of 120 passing.

Truths are written here from the mathematics, never lib113c's code or gradcli: each function re-written in mpmath (2,000
digits) with the points as the dtype holds them and the program's Python constants as the dtype holds them (each as the
Python float the program folds first: math.pi / 40000, GAMMA_PSY * 900, THETA_S - THETA_R, T_UP - T_BASE), except
NumPy scalars typed by hand (np.float32(0.65) is float32's 0.65 in either dtype, np.float64(0.65) float64's) and the
Kc table and the Lefkovitch matrix's float64 arrays, which NumPy promotes to; deg2rad as x pi / 180 with pi exact
(cos(pi / 2) exactly 0, README); division by 0 as the program's (0 / 0 NaN, x / 0 infinite), 0 * inf NaN, sqrt and
non-integer powers NaN below 0, 0^0 = 1, log 0 = -inf, exp(-inf) = 0; np.interp, sort, min, max, clip and where as
the piecewise mathematics they stand for; the dominant eigenvalue as the largest root of lambda (lambda - 0.6)
(lambda - 0.9) = f3 s1 s2 by Newton's method from above. Derivatives from the left and the right by mpmath.diff
(cases30b.sided_grad with finite_sides: NaN where the sides differ or one is undefined or infinite); by hand (every
slope 0) where a power's base is exactly 0 and the function is defined on one side only (README via 107c: the slope
of the side it is defined on). Second routes: the non-rectangular hyperbola's slopes at theta = 1e-9 from its stable
form (the two agree to 1e-17); the Lefkovitch slopes against gradcli's own eigvals rule at an ordinary point; the
single-sine method's slopes at tmin = tb by its limits from both sides (1/2, 1/2, -1: the day's degree days are M -
tb above and C1 through the crossing, (tb - tmin)^(3/2) order below).

What agreed (beyond the ordinary points, ok in both dtypes): Chapman-Richards wrong at d = 0 with c < 1 (d has none;
b's exact 0 out of pow's inf * 0), ok at c = 1 and 2, unstable in float32 at d = 1e-30 and ok by expm1; Naslund
domain at 0 / 0; the log-log biomass wrong at D = 0 (b's 0 out of exp(-inf) * log 0); survival ok through years of
total mortality (the prod rule keeps the zero's neighbours' 0 and its own -72); top height ok with the tallest two
tied, domain with the second and third tied; the dominant eigenvalue ok; Gompertz and logistic growth unstable where
float32's exp overflows (the exact slopes 1e-43 and e^(-3e43)); site curves ok at the base age and age 0, unstable as
b -> 0 in float32 (expm1 offered and re-checked ok); Reineke wrong from an empty plot (sqrt's inf * 0), unstable for
float32 seedlings (d^2 underflows); thermal time domain on every tie, the twenty-day season domain along a direction
and ok without a tie; the single-sine method wrong at tmin = tb (both dtypes), tmax = tb and a day of constant
temperature (tb keeps -1, tmin and tmax have none: tmin > tmax jumps to 0); FvCB domain on both ties; the quadratic
formula domain at the corner (0.3 * 512 = 153.6 exactly), unstable at theta = 1e-9, domain at theta = 0, its stable
form ok at both; Medlyn domain at D = 0, at A = D = 0 and at D = 1e-300 (D's slope -8e448 past the range); Tetens
domain at its pole; Penman-Monteith domain with a saturated humidity; Hargreaves (and its hand-written sqrt) domain
at Tmax = Tmin; van Genuchten ok at h = 0 (n = 1.5, 1, and through abs: |alpha h|^1.5 is C1); Mualem domain at Se =
0; Brooks-Corey domain at air entry by where and by minimum, wrong at h = 0 (the idle (20 / 0)^0.4 leaks NaN; the
double where offered and re-checked ok); sunlit leaf area domain at k = 0 and with the sun on the horizon, unstable
at float32 k = 1e-4 (expm1 offered as partial: the rule's own 1 / k - ... cancels); linear-plateau domain on its
tie, quadratic-plateau ok at its vertex, Liebig domain on two- and three-way ties, Kc ok on the straight knot and
domain at the kink, the drainage penalty ok at fc; the log-logistic and Weibull wrong at dose = 0 (b's 0 out of 0 *
-inf), the power form ok at b = 2 and 2.4 and wrong at b = 0.5 (e's exact 0 out of inf * 0), Weibull unstable at float32
1e-30 (exp(-146) underflows: dose's -7.2e-34 out 0); water stress domain at both ties and at fc = wp; NumPy-typed
constants ok (np.float32(0.65) held as float32's in the float64 program; np.float64(0.65) promoting float32); the
hand-written rules: interception ok in both dtypes (float32's 0.65 in the primal and the rule, where 112c's F1 had
taken a primal's constant at float64: not seen again), k forgotten wrong with its line named, the two partials ok,
swapped wrong, amax's None wrong with its line named, thermal time domain at the base (one day and a season),
Tetens by TFP's form wrong (below), with its square forgotten wrong, the VPD through TFP's form wrong (ea's -1 out
0: the form stops every path but gx's); the scratch file's np.clip(x, 0, None), fmax, heaviside, nanmax, select,
piecewise, floor, // and mod (each domain on its switch, ok off it; np.mod's day 365 a jump of 4.6e-17, the
program's 2 pi / 365 rounded), the daylength ok at the equator and clipped in polar day.

Truths corrected (gradcli right, re-derived): biomass at D = 0, the site curve at age 0, Reineke at Dq = 0 and van
Genuchten at h = 0 are ok, not domain: a power x^p, p > 1 no whole number, at a base of exactly 0 has the slope 0 of
the side it is defined on (README, as 107c corrected); my one-sided mirror took the undefined left side for no
derivative. The quadratic formula at theta = 1, I = 500, Jmax = 150 is unstable, not ok: 0.3 * 500 is
149.99999999999999445 exactly (float64's 0.3), 150.0 in float64, so the discriminant (aI - Jmax)^2 = 3e-29 is
computed 0 and sqrt's rule gives inf where theta's exact slope is 4.05e18 (the corner itself needs I = 512, Jmax =
153.6). Mualem at Se = 1 is wrong, not domain: K = Ks for every n there, and n's exact 0 comes out NaN from pow's inf
(0^(m - 1)) times d(1 - Se^(1/m))/dn = 0; Se's missing derivative is named beside it (README: the other inputs are
judged). Mualem in float32 one ulp below saturation is ok, not unstable: 1 - Se^(1/m) is a cancellation to 1.8e-7,
but Se^2.9999998 rounds to 1 - 3 ulp, within 1e-14 of its exact value. Tetens with FAO-56's slope 4098 es / (T +
237.3)^2 as its TFP gradient is wrong, not ok: 4098 is 17.27 * 237.3 = 4098.171 rounded, so FAO-56's slope is 4.2e-5
relative off Tetens' derivative (a trap for users who pair the two, as FAO-56 itself does; gradcli names the rule).

Findings: none. Every disagreement of a first run was mine, and each was re-derived (above).

Observed: the single-sine degree-day method is the round's trap: arccos(clip(ratio, -1, 1)) times a factor (M - tb)
+ W cos(a) that is exactly 0 where the ratio is +-1 makes NaN at every day whose minimum or maximum equals the base
temperature, a common reading at whole-degree thermometers, where the day's degree days are C1. At tmax = float(10.1),
tmin = tb, the float64 program's ratio is -1 - 1.8e-14, clipped, and its gradient (1/2, 1/2, -1) is exact to the last
bit, yet gradcli says wrong: at high precision the ratio is exactly -1 and the rule is NaN there; I keep gradcli's
reading (README's wrong: the rule run at high precision disagrees with the derivative) but a user may find it harsh,
as the float64 result is exact. Dose-response curves written on log(dose) (as drc and most fitting code write them)
are wrong at the untreated control for the slope b; the power form (dose / e)^b is ok there when b > 1. One
function, two verdicts by spelling: at dose = 0 with b = 2.4, (dose / e)^b is ok (README's rule for a power at a base
of exactly 0: the slope of its defined side) while exp(b (log dose - log e)) has dose "singular ... it ends at this
point" (--wrt dose: domain); README's rule names the power op only, so both follow the letter, but a user moving
between the two textbook spellings sees the domain edge treated two ways. Powers of a
base that is exactly 0 (Chapman-Richards at d = 0 with c < 1, Reineke through sqrt, Mualem at saturation) turn
other inputs' exact 0 into NaN, each a wrong verdict gradcli names with the cancellation that made the 0. float32
hazards in these models are overflow of exp in growth curves at extreme ages, underflow in dose-response at trace
doses and cancellation as a rate constant b -> 0; NumPy's promotion by a float64 scalar or array (a Kc table, a
projection matrix) quietly makes a "float32" crop model compute in float64."""

import math

import mpmath
import numpy
from mpmath import mpf

from cases import Case
from cases30b import sided_grad
from cases108c import _txt, dv, held, rpow, rsqrt, xlog

L = "lib113c.py"
NAN = mpmath.nan
INF = mpmath.inf
F32 = "float32"
exp, log, sqrt = mpmath.exp, mpmath.log, mpmath.sqrt
cos, sin, acos = mpmath.cos, mpmath.sin, mpmath.acos

# lib113c's constants, re-typed (each as the Python float the program folds first)
BH, BASE_AGE, T_BASE, T_UP = 1.3, 50.0, 10.0, 30.0
GAMMA_STAR, KM, RD, ALPHA_J = 40.0, 700.0, 1.0, 0.3
G0, G1_BB, G1_MED, GAMMA_PSY = 0.01, 9.0, 4.0, 0.066
THETA_R, THETA_S = 0.05, 0.45
KN, KP, YMAX, P_DEPL, K_EXT = 120.0, 40.0, 10.0, 0.5, 0.65


def rexp(x):
    return NAN if mpmath.isnan(x) else (mpf(0) if x == -INF else (INF if x == INF else exp(x)))


def mul(a, b):
    """a * b as IEEE has it at high precision: 0 * inf NaN."""
    if (a == 0 and mpmath.isinf(b)) or (b == 0 and mpmath.isinf(a)):
        return NAN
    return a * b


# --- the mathematics, in mpmath (never lib113c's code path); factories take the dtype for the program's constants ----

def m_chapman(dt):
    bh = held(dt, BH)
    return lambda d, a, b, c: bh + a * rpow(1 - exp(-b * d), c)


def m_naslund(dt):
    bh = held(dt, BH)
    return lambda d, a, b: bh + dv(d ** 2, (a + b * d) ** 2)


def m_biomass(dt):
    return lambda d, a, b: a * rpow(d, b)


def m_loglog(dt):
    return lambda d, a, b: rexp(a + b * xlog(d)) if not (d == 0 and b == 0) else NAN


def m_gompertz(dt):
    return lambda t, a, b, k: a * exp(-b * exp(-k * t))


def m_logistic(dt):
    return lambda t, a, k, t0: a / (1 + exp(-k * (t - t0)))


def m_site(dt):
    return lambda age, si, b, c: si * rpow((1 - exp(-b * age)) / (1 - exp(-b * BASE_AGE)), c)


def m_basal(dt):
    k = held(dt, math.pi / 40000.0)
    return lambda d: sum(k * v ** 2 for v in d)


def m_sdi(dt):
    r, p = held(dt, 25.4), held(dt, 1.605)
    return lambda n, dq: n * rpow(dq / r, p)


def m_sdi_trees(dt):
    r, p = held(dt, 25.4), held(dt, 1.605)
    return lambda d: 25 * len(d) * rpow(rsqrt(sum(v ** 2 for v in d) / len(d)) / r, p)


def m_gdd(dt):
    return lambda t, tb: sum(max(v - tb, mpf(0)) for v in t)


def m_gdd_cap(dt):
    return lambda t: sum(min(max(v - T_BASE, mpf(0)), mpf(T_UP - T_BASE)) for v in t)


def m_sine(dt):
    pi = held(dt, math.pi)

    def dd(tmin, tmax, tb):
        m, w = (tmax + tmin) / 2, (tmax - tmin) / 2
        ratio = dv(tb - m, w)
        if mpmath.isnan(ratio):
            return NAN
        a = acos(max(mpf(-1), min(mpf(1), ratio)))
        return ((m - tb) * a + w * sin(a)) / pi
    return dd


def m_gdd_barley(dt):
    tb = held(dt, 4.4)
    return lambda t: sum(max(v - tb, mpf(0)) for v in t)


def m_fvcb(dt):
    return lambda ci, vcmax, j: min(vcmax * (ci - GAMMA_STAR) / (ci + KM),
                                    j * (ci - GAMMA_STAR) / (4 * ci + 8 * GAMMA_STAR)) - RD


def m_nrh(dt):
    a = held(dt, ALPHA_J)

    def j(i, jmax, theta):
        b = a * i + jmax
        return dv(b - rsqrt(b ** 2 - 4 * theta * a * i * jmax), 2 * theta)
    return j


def m_nrh_stable(dt):
    a = held(dt, ALPHA_J)

    def j(i, jmax, theta):
        b, c = a * i + jmax, a * i * jmax
        return dv(2 * c, b + rsqrt(b ** 2 - 4 * theta * c))
    return j


def m_rect(dt):
    return lambda i, amax, phi: dv(phi * i * amax, phi * i + amax)


def m_bb(dt):
    g0 = held(dt, G0)
    return lambda a, hs, cs: g0 + G1_BB * a * hs / cs


def m_medlyn(dt):
    g0, k = held(dt, G0), held(dt, 1.6)
    return lambda a, d, ca: g0 + mul(k * (1 + dv(G1_MED, rsqrt(d))), a) / ca


def _tetens(dt):
    c0, c1, c2 = held(dt, 0.6108), held(dt, 17.27), held(dt, 237.3)
    return lambda t: c0 * rexp(dv(c1 * t, t + c2))


def m_tetens(dt):
    return _tetens(dt)


def _slope(dt):
    es, c2 = _tetens(dt), held(dt, 237.3)
    return lambda t: 4098 * es(t) / (t + c2) ** 2


def m_tetens_slope(dt):
    return _slope(dt)


def _pm(dt):
    es_, sl = _tetens(dt), _slope(dt)
    k408, g, g900, k34 = held(dt, 0.408), held(dt, GAMMA_PSY), held(dt, GAMMA_PSY * 900.0), held(dt, 0.34)

    def et(t, u2, rn, ea):
        delta, es = sl(t), es_(t)
        return (k408 * delta * rn + g900 / (t + 273) * u2 * (es - ea)) / (delta + g * (1 + k34 * u2))
    return et


def m_pm(dt):
    return _pm(dt)


def m_pm_rh(dt):
    et, es = _pm(dt), _tetens(dt)
    return lambda t, u2, rn, rh: et(t, u2, rn, min(max(rh, mpf(0)), mpf(1)) * es(t))


def m_pt(dt):
    sl, g, k126, lam = _slope(dt), held(dt, GAMMA_PSY), held(dt, 1.26), held(dt, 2.45)
    return lambda t, rn: k126 * sl(t) / (sl(t) + g) * rn / lam


def m_hargreaves(dt):
    k, c = held(dt, 0.0023), held(dt, 17.8)
    return lambda tmax, tmin, ra: k * ra * ((tmax + tmin) / 2 + c) * rsqrt(tmax - tmin)


def m_vg(dt):
    tr, ds = held(dt, THETA_R), held(dt, THETA_S - THETA_R)
    return lambda h, alpha, n: tr + ds * rpow(1 + rpow(alpha * h, n), -(1 - 1 / n))


def m_vg_abs(dt):
    tr, ds = held(dt, THETA_R), held(dt, THETA_S - THETA_R)
    return lambda h, alpha, n: tr + ds * rpow(1 + rpow(abs(alpha * h), n), -(1 - 1 / n))


def m_mualem(dt):
    def k(se, ks, n):
        m = 1 - 1 / n
        return ks * rpow(se, mpf("0.5")) * rpow(1 - rpow(1 - rpow(se, 1 / m), m), 2)
    return k


def m_bc(dt):
    return lambda h, hb, lam: rpow(hb / h, lam) if h > hb else mpf(1)


def m_bc_min(dt):
    def se(h, hb, lam):
        x = rpow(dv(hb, h), lam) if not (h == 0) else INF
        return NAN if mpmath.isnan(x) else min(x, mpf(1))
    return se


def m_beer(dt):
    return lambda lai, k: 1 - exp(-k * lai)


def m_sunlit(dt):
    return lambda lai, k: dv(1 - exp(-k * lai), k)


def m_sunlit_zen(dt):
    def f(lai, zen):
        c = mpf(0) if zen == 90 else cos(zen * mpmath.pi / 180)  # deg2rad's mathematics: cos(pi / 2) is exactly 0
        k = dv(mpf("0.5"), c)
        return dv(1 - rexp(-mul(k, lai)), k) if not mpmath.isinf(k) else mpf(0)
    return f


def m_shaded(dt):
    return lambda lai, k: lai - dv(1 - exp(-k * lai), k)


def m_mitscherlich(dt):
    return lambda n, a, b, c: a * (1 - exp(-c * (n + b)))


def m_lp(dt):
    return lambda n, a, b, plateau: min(a + b * n, plateau)


def m_qp(dt):
    def y(n, a, b, c):
        x0 = -b / (2 * c)
        return a + b * n + c * n ** 2 if n < x0 else a + b * x0 + c * x0 ** 2
    return y


def m_liebig(dt):
    return lambda n, p: YMAX * min(n / KN, p / KP, mpf(1))


def m_ll(dt):
    def f(dose, b, e, c, d):
        z = b * (xlog(dose) - log(e))
        return c + (d - c) / (1 + rexp(z))
    return f


def m_ll_pow(dt):
    return lambda dose, b, e, c, d: c + (d - c) / (1 + rpow(dose / e, b))


def m_wdose(dt):
    return lambda dose, b, e, c, d: c + (d - c) * rexp(-rexp(b * (xlog(dose) - log(e))))


def m_stress(dt):
    def ks(theta, wp, fc):
        r = dv(theta - wp, (1 - P_DEPL) * (fc - wp))
        return NAN if mpmath.isnan(r) else min(max(r, mpf(0)), mpf(1))
    return ks


def m_fpar(dt):
    k = held(dt, K_EXT)
    return lambda lai: 1 - exp(-k * lai)


def m_rect_rule(dt):
    phi = held(dt, 0.05)
    return lambda i, amax: phi * i * amax / (phi * i + amax)


def m_fipar_typed(k):
    """k as the program's NumPy scalar holds it, whatever the dtype checked (float32(0.65) or float64's 0.65)."""
    return lambda dt: (lambda lai: 1 - exp(-mpf(k) * lai))


def m_vpd(dt):
    es = _tetens(dt)
    return lambda t, ea: es(t) - ea


def m_thermal_sum(dt):
    return lambda t: sum(max(v - T_BASE, mpf(0)) for v in t)


KC_DAYS = [0, 30, 50, 70, 110, 140]
KC_VALUES = [mpf("0.25"), mpf("0.25"), mpf("0.75"), mpf("1.25"), mpf("1.25"), mpf("0.5")]


def m_kc(dt):
    def kc(day):
        for (a, fa), (b, fb) in zip(zip(KC_DAYS, KC_VALUES), zip(KC_DAYS[1:], KC_VALUES[1:])):
            if a <= day <= b:
                return fa + (fb - fa) * (day - a) / (b - a)
        return KC_VALUES[0] if day < 0 else KC_VALUES[-1]
    return kc


def m_liebig3(dt):
    return lambda n, p, k: YMAX * min(n / KN, p / KP, k / 80, mpf(1))


def m_drain(dt):
    fc = held(dt, 0.32)
    return lambda theta: max(theta - fc, mpf(0)) ** 2


def m_survival(dt):
    return lambda m: 100 * mpmath.fprod(1 - v for v in m)


def m_top(dt):
    return lambda h: sum(sorted(h)[-2:]) / 2


def m_growth(dt):
    """The largest root of lambda (lambda - 0.6) (lambda - 0.9) = f3 s1 s2 (the characteristic polynomial of the
    Lefkovitch matrix), by Newton's method from above (the cubic is convex past its largest root)."""
    a6, a9 = mpf(0.6), mpf(0.9)

    def lam(f3, s1, s2):
        c = f3 * s1 * s2
        x = mpf(3)
        for _ in range(200):
            p = x * (x - a6) * (x - a9) - c
            dp = (x - a6) * (x - a9) + x * (x - a9) + x * (x - a6)
            step = p / dp
            x -= step
            if abs(step) < mpf(10) ** (-mpmath.mp.dps + 20):
                break
        return x
    return lam


def m_thermal(dt):
    return lambda t: max(t - T_BASE, mpf(0))


# --- cases ------------------------------------------------------------------------------------------------------------

def zeros(*names):
    """A truth by hand: every slope 0 (the function is constant in each input there, or has the slope 0 of the side a
    power's base of exactly 0 is defined on: README via 107c)."""
    return lambda: {n: mpf(0) for n in names}


def _at(pt):
    return ",".join(f"{k}={_txt(v)}" for k, v in pt.items())


def C_(function, mirror, verdict="ok", dtype="float64", line=None, **pt):
    """A case whose truth is the one- and two-sided derivative of ``mirror(dtype)`` at the point as ``dtype`` holds
    it (``line``: a fragment of the line a finding must name)."""
    return Case(L, function, _at(pt), dtype, verdict, sided_grad(mirror(dtype), dtype, finite_sides=True, **pt), line)


CR = dict(a=30.0, b=0.05)
LL = dict(e=50.0, c=0.1, d=1.0)
PM = dict(u2=2.0, rn=15.0)

SEASON = [8.5, 9.0, 11.2, 12.4, 13.0, 9.8, 7.5, 14.2, 15.1, 16.0, 12.2, 11.0, 10.5, 9.9, 13.3, 14.8, 17.2, 18.0,
          16.4, 15.5]
SEASON_TIE = SEASON[:6] + [10.0] + SEASON[7:]  # the seventh day exactly at the base

ALL = [
    # --- tree allometry
    C_("chapman_richards", m_chapman, d=25.0, c=1.2, **CR),
    # d = 0, c < 1: the curve starts at 1.3 m with an infinite slope in d (and none to the left); a, b, c have slope
    # 0 (the height is 1.3 whatever they are), but pow's rule c u^(c-1) = inf times du/db = d e^(-bd) = 0 makes b's NaN
    C_("chapman_richards", m_chapman, "wrong", d=0.0, c=0.8, **CR),
    C_("chapman_richards", m_chapman, d=0.0, c=1.0, **CR),
    # float32 at d = 1e-30: 1 - exp(-5e-32) is 0, so 0^0.8 and its slope inf where the exact slope is 2.2e6
    C_("chapman_richards", m_chapman, "unstable", dtype=F32, d=1e-30, c=0.8, **CR),
    C_("chapman_richards_expm1", m_chapman, dtype=F32, d=1e-30, c=0.8, **CR),  # c = 1: a smooth start, slope a b
    C_("chapman_richards", m_chapman, dtype=F32, d=0.0, c=2.0, **CR),
    C_("naslund", m_naslund, d=20.0, a=2.0, b=0.25),
    C_("naslund", m_naslund, "domain", d=0.0, a=0.0, b=0.25),  # 0 / 0
    C_("biomass", m_biomass, dtype=F32, d=30.0, a=0.1, b=2.4),
    # a seedling: 0^2.4 is 0 for every a and b; D has the slope 0 of the side 0^b is defined on (README via 107c)
    Case(L, "biomass", "d=0.0,a=0.1,b=2.4", "float64", "ok", zeros("d", "a", "b")),
    # the log-log fit at D = 0: exp(a + b log 0) = 0 for every a and b > 0; D has no left side; b's 0 out of
    # exp(-inf) * log(0) = 0 * -inf is NaN
    C_("biomass_loglog", m_loglog, "wrong", d=0.0, a=-2.3, b=2.4),
    # --- growth and yield
    # a cohort with a year of total mortality: prod(1 - m) has slope 0 in the other years, -100 (0.9)(0.8) in that one
    C_("survival", m_survival, m=[0.1, 1.0, 0.2]),
    C_("survival", m_survival, m=[1.0, 1.0, 0.2]),  # two such years: every slope 0
    # top height: the tallest two tied with each other but not with the third: smooth; the second and third tied: kink
    C_("top_height", m_top, h=[25.0, 20.0, 25.0]),
    C_("top_height", m_top, "domain", h=[25.0, 20.0, 20.0]),
    C_("growth_rate", m_growth, f3=2.0, s1=0.3, s2=0.2),  # a Lefkovitch matrix's dominant eigenvalue
    # float32 at t = -1000: exp(100) overflows, exp(-inf) = 0 (the value's right rounding); the gradient 0 * inf
    C_("gompertz", m_gompertz, "unstable", dtype=F32, t=-1000.0, a=30.0, b=3.0, k=0.1),
    # float32 at t = -100: exp(100) overflows; the exact value 9.3e-43 is a float32 subnormal
    C_("logistic_growth", m_logistic, "unstable", dtype=F32, t=-100.0, a=25.0, k=1.0, t0=0.0),
    C_("site_height", m_site, age=50.0, si=22.0, b=0.03, c=1.3),  # the base age: the ratio is 1
    Case(L, "site_height", "age=0.0,si=22.0,b=0.03,c=1.3", "float64", "ok", zeros("age", "si", "b", "c")),  # 0^1.3
    # b -> 0 in float32: (1 - exp(-b age)) / (1 - exp(-50 b)) at b = 1e-4 is a ratio of cancellations
    C_("site_height", m_site, "unstable", dtype=F32, age=30.0, si=22.0, b=1e-4, c=1.3),
    Case(L, "reineke_sdi", "n=800.0,dq=0.0", "float64", "ok", zeros("n", "dq")),  # 0^1.605: slope 0
    # the SDI of an empty plot through Dq = sqrt(mean d^2): (mean d^2)^0.8025 has slope 0; sqrt's inf times 0
    C_("reineke_from_trees", m_sdi_trees, "wrong", d=[0.0, 0.0, 0.0]),
    C_("reineke_from_trees", m_sdi_trees, dtype=F32, d=[20.0, 30.0, 25.0]),
    # seedlings of 1e-25 cm in float32: d^2 underflows to 0, sqrt(0)'s inf; the exact SDI 1.3e-40 is a subnormal
    C_("reineke_from_trees", m_sdi_trees, "unstable", dtype=F32, d=[1e-25, 1e-25, 1e-25]),
    # --- thermal time
    C_("gdd", m_gdd, "domain", t=[12.0, 10.0, 15.0], tb=10.0),  # a day exactly at the base
    # barley's base 4.4 and a day of 4.4 deg C: float32's 4.4 is the constant's float32 too: the max's tie
    C_("gdd_barley", m_gdd_barley, "domain", dtype=F32, t=[4.4, 8.0]),
    C_("gdd_barley", m_gdd_barley, "domain", t=[4.4, 8.0]),
    C_("gdd_capped", m_gdd_cap, "domain", t=[12.0, 30.0, 35.0]),
    # twenty days and the base: 21 inputs, past a per-coordinate check (README: along a random direction)
    C_("season_gdd", m_gdd, "domain", t=SEASON_TIE, tb=10.0),
    C_("season_gdd", m_gdd, dtype=F32, t=SEASON, tb=10.0),  # a day exactly at the cut-off
    C_("gdd_capped", m_gdd_cap, "domain", dtype=F32, t=[12.0, 10.0, 31.0]),
    C_("degree_days_sine", m_sine, tmin=5.0, tmax=25.0, tb=10.0),
    # tmin = tb: the ratio is -1 (clip's tie, arccos' -inf), the factor (M - tb) + W cos(pi) = 0: the day's degree
    # days are C1 there (slopes 1/2, 1/2, -1 from both sides)
    C_("degree_days_sine", m_sine, "wrong", tmin=10.0, tmax=30.0, tb=10.0),
    C_("degree_days_sine", m_sine, "wrong", dtype=F32, tmin=10.0, tmax=30.0, tb=10.0),
    C_("degree_days_sine", m_sine, "wrong", tmin=-5.0, tmax=10.0, tb=10.0),
    # tmax = float(10.1): the doubles' (tb - M) / W is -1 - 1.8e-14, clipped, and the float64 gradient is exact; at
    # high precision the ratio is exactly -1 (clip's tie, arccos' -inf times an exact 0): gradcli's wrong kept
    C_("degree_days_sine", m_sine, "wrong", tmin=10.0, tmax=10.1, tb=10.0),  # tmax = tb: ratio 1, slopes 0
    # a day of constant temperature: (tb - M) / 0 = -inf, clipped to -1: dd = M - tb, slopes 1/2, 1/2, -1
    C_("degree_days_sine", m_sine, "wrong", tmin=15.0, tmax=15.0, tb=10.0),
    # --- photosynthesis
    C_("fvcb", m_fvcb, dtype=F32, ci=250.0, vcmax=60.0, j=120.0),
    C_("fvcb", m_fvcb, "domain", ci=400.0, vcmax=55.0, j=96.0),  # Wc = Wj = 18 exactly: the min's tie
    C_("fvcb", m_fvcb, "domain", ci=40.0, vcmax=60.0, j=120.0),  # Ci = Gamma*: both rates 0
    C_("nrh", m_nrh, i=500.0, jmax=150.0, theta=0.7),
    C_("nrh", m_nrh, i=0.0, jmax=150.0, theta=0.7),  # darkness
    # theta = 1 a rounding from the corner: 0.3 * 500 is 149.99999999999999445 exactly, 150.0 in float64, so the
    # discriminant (a I - Jmax)^2 = 3e-29 is computed 0 and sqrt(0) gives inf: unstable (corrected from ok)
    C_("nrh", m_nrh, "unstable", i=500.0, jmax=150.0, theta=1.0),
    # theta = 1 at the corner a I = Jmax (0.3 * 512 = 153.6 exactly as the doubles hold them): sqrt(0)
    C_("nrh", m_nrh, "domain", i=512.0, jmax=153.6, theta=1.0),
    C_("nrh", m_nrh, "unstable", i=500.0, jmax=150.0, theta=1e-9),  # b - sqrt(b^2 - 4 theta c) cancels
    C_("nrh", m_nrh, "domain", i=500.0, jmax=150.0, theta=0.0),  # 0 / 0
    C_("nrh_stable", m_nrh_stable, i=500.0, jmax=150.0, theta=1e-9),
    C_("nrh_stable", m_nrh_stable, i=500.0, jmax=150.0, theta=0.0),
    C_("rect_hyperbola", m_rect, "domain", i=0.0, amax=0.0, phi=0.05),
    C_("ball_berry", m_bb, dtype=F32, a=10.0, hs=0.7, cs=400.0),
    C_("medlyn", m_medlyn, "domain", a=10.0, d=0.0, ca=400.0),  # D = 0: g1 / sqrt(0)
    C_("medlyn", m_medlyn, "domain", a=0.0, d=0.0, ca=400.0),  # and A = 0: inf * 0
    # D = 1e-300: the value 1.6e149 holds, D's exact slope -8e448 is past float64's range: domain (README)
    C_("medlyn", m_medlyn, "domain", a=10.0, d=1e-300, ca=400.0),
    # --- evapotranspiration
    C_("tetens", m_tetens, dtype=F32, t=25.0),
    C_("tetens", m_tetens, "domain", t=-237.3),  # the formula's pole
    # FAO-56's slope 4098 es / (T + 237.3)^2 given as Tetens' gradient by TFP's custom_gradient(fx, gx, x): 4098 is
    # 17.27 * 237.3 = 4098.171 rounded, so the rule is 4.2e-5 off the derivative: wrong (a user's trap, not gradcli's)
    C_("tetens_tfp", m_tetens, "wrong", t=25.0),
    C_("tetens_tfp", m_tetens, "wrong", dtype=F32, t=25.0),
    # es - ea through TFP's form: every path but gx's is stopped, ea's slope -1 comes out 0 (and t's is 4098's)
    C_("vpd_tfp", m_vpd, "wrong", t=25.0, ea=1.5),
    C_("penman_monteith", m_pm, dtype=F32, t=20.0, ea=1.4, **PM),
    C_("pm_rh", m_pm_rh, "domain", t=20.0, rh=1.0, **PM),  # saturated: clip's tie at 1
    C_("priestley_taylor", m_pt, dtype=F32, t=25.0, rn=15.0),
    C_("hargreaves", m_hargreaves, dtype=F32, tmax=30.0, tmin=15.0, ra=35.0),
    C_("hargreaves", m_hargreaves, "domain", tmax=20.0, tmin=20.0, ra=35.0),  # sqrt(0)
    # --- soil water
    # (alpha h)^1.5 at h = 0: h has the slope 0 of the side it is defined on (README via 107c), alpha and n keep 0
    Case(L, "van_genuchten", "h=0.0,alpha=0.02,n=1.5", "float64", "ok", zeros("h", "alpha", "n")),
    C_("van_genuchten", m_vg, h=0.0, alpha=0.02, n=1.0),
    # |alpha h|^1.5 at h = 0: slope 0 from both sides, though abs has a kink there
    C_("van_genuchten_abs", m_vg_abs, h=0.0, alpha=0.02, n=1.5),
    C_("van_genuchten_abs", m_vg_abs, dtype=F32, h=-100.0, alpha=0.02, n=1.5),
    # saturation: (1 - 1)^m, m < 1: se has no derivative; K = ks for every n, and n's exact 0 comes out NaN from
    # pow's inf times d(1 - se^(1/m))/dn = 0: wrong (corrected from domain)
    C_("mualem", m_mualem, "wrong", se=1.0, ks=10.0, n=1.5),
    # float32 one ulp below saturation: 1 - se^(1/m) = 1.8e-7 by cancellation, yet se^2.9999998 rounds to 1 - 3 ulp
    C_("mualem", m_mualem, dtype=F32, se=0.99999994, ks=10.0, n=1.5),  # (corrected from unstable: see docstring)
    C_("mualem", m_mualem, "domain", se=0.0, ks=10.0, n=1.5),  # se^0.5
    C_("brooks_corey", m_bc, dtype=F32, h=50.0, hb=20.0, lam=0.4),
    C_("brooks_corey", m_bc, "domain", h=20.0, hb=20.0, lam=0.4),  # the air-entry kink
    # h = 0: saturated (Se = 1, every slope 0); the idle branch (20 / 0)^0.4 leaks inf * 0
    C_("brooks_corey", m_bc, "wrong", h=0.0, hb=20.0, lam=0.4),
    C_("brooks_corey_min", m_bc_min, "domain", h=20.0, hb=20.0, lam=0.4),
    C_("brooks_corey_min", m_bc_min, "wrong", h=0.0, hb=20.0, lam=0.4),
    # --- canopy light
    C_("beer_lambert", m_beer, dtype=F32, lai=100.0, k=0.5),
    C_("sunlit_lai", m_sunlit, "domain", lai=3.0, k=0.0),  # 0 / 0
    C_("sunlit_lai", m_sunlit, "unstable", dtype=F32, lai=3.0, k=1e-4),  # 1 - exp(-3e-4) cancels
    C_("sunlit_zenith", m_sunlit_zen, dtype=F32, lai=3.0, zen=60.0),
    # the sun on the horizon: cos(deg2rad(90)) is an exact 0 (README), k = 0.5 / 0: domain
    C_("sunlit_zenith", m_sunlit_zen, "domain", lai=3.0, zen=90.0),
    # --- yield response
    C_("mitscherlich", m_mitscherlich, dtype=F32, n=100.0, a=8.0, b=20.0, c=0.02),
    C_("linear_plateau", m_lp, n=20.0, a=2.0, b=0.25, plateau=5.0),
    C_("linear_plateau", m_lp, "domain", n=12.0, a=2.0, b=0.25, plateau=5.0),  # the join: 2 + 3 = 5
    C_("linear_plateau", m_lp, "domain", dtype=F32, n=12.0, a=2.0, b=0.25, plateau=5.0),
    # 2 + 0.1 * 30 is 5 + 4.5e-8 exactly (float32's 0.1) and 5 + 1.7e-16 (float64's): no tie, the plateau's slopes;
    # the program computes 5.0 in both dtypes and splits the tie
    C_("linear_plateau", m_lp, "unstable", dtype=F32, n=30.0, a=2.0, b=0.1, plateau=5.0),
    C_("linear_plateau", m_lp, "unstable", n=30.0, a=2.0, b=0.1, plateau=5.0),
    # exactly at the vertex x0 = 64: value and every first derivative agree from both sides
    C_("quadratic_plateau", m_qp, n=64.0, a=3.0, b=1.0, c=-0.0078125),
    C_("quadratic_plateau", m_qp, dtype=F32, n=30.0, a=3.0, b=1.0, c=-0.0078125),
    C_("liebig", m_liebig, dtype=F32, n=60.0, p=30.0),
    C_("liebig", m_liebig, "domain", n=60.0, p=20.0),  # nitrogen and phosphorus equally scarce
    C_("liebig", m_liebig, "domain", n=120.0, p=40.0),  # both just sufficient: a three-way tie
    # FAO-56's crop coefficient by np.interp: day 50 is a knot on a straight stretch (0.25, 0.75, 1.25 at 30, 50,
    # 70): the same slope 0.025 from both sides; day 70 the end of development: a kink
    C_("crop_coefficient", m_kc, day=50.0),
    C_("crop_coefficient", m_kc, "domain", day=70.0),
    C_("liebig_stack", m_liebig3, "domain", n=60.0, p=20.0, k=40.0),  # three nutrients equally scarce
    C_("liebig_stack", m_liebig3, dtype=F32, n=60.0, p=30.0, k=100.0),
    C_("drainage_penalty", m_drain, theta=0.32),  # max(0, 0)^2: C1, slope 0 from both sides
    # --- dose-response
    # the untreated control, dose = 0: log 0 = -inf, the response d whatever b, e, c; dose has no left side; b's 0
    # comes out of exp(-inf) * (log 0 - log e) = 0 * -inf
    C_("log_logistic", m_ll, "wrong", dose=0.0, b=2.0, **LL),
    C_("log_logistic_pow", m_ll_pow, dose=0.0, b=2.0, **LL),  # (0 / e)^2: a smooth 0
    # b = 2.4: no left side, but a power at a base of exactly 0 has the slope of its defined side (README): ok, where
    # the same function on log(dose) is domain in dose at b = 2 (log's undefined side counts)
    Case(L, "log_logistic_pow", "dose=0.0,b=2.4,e=50.0,c=0.1,d=1.0", "float64", "ok",
         lambda: {"dose": mpf(0), "b": mpf(0), "e": mpf(0), "c": mpf(0), "d": mpf(1)}),
    # b = 0.5: (dose / e)^0.5 has slope inf at 0; e's exact 0 (the response is d for every e) out of inf * 0
    C_("log_logistic_pow", m_ll_pow, "wrong", dose=0.0, b=0.5, **LL),
    C_("weibull_dose", m_wdose, dtype=F32, dose=25.0, b=2.0, **LL),
    C_("weibull_dose", m_wdose, "wrong", dose=0.0, b=2.0, **LL),
    # float32 at a trace dose 1e-30: exp(2 (log dose - log e)) = exp(-146) underflows to 0, so dose's slope -7e-34 (a
    # normal float32) comes out 0
    C_("weibull_dose", m_wdose, "unstable", dtype=F32, dose=1e-30, b=2.0, **LL),
    # --- water stress
    C_("water_stress", m_stress, theta=0.2, wp=0.125, fc=0.375),
    C_("water_stress", m_stress, "domain", theta=0.125, wp=0.125, fc=0.375),  # wilting point: clip's tie at 0
    C_("water_stress", m_stress, "domain", theta=0.25, wp=0.125, fc=0.375),  # the stress threshold: tie at 1
    C_("water_stress", m_stress, "domain", theta=0.2, wp=0.2, fc=0.2),  # fc = wp: 0 / 0
    # --- NumPy scalars typed by hand: np.float32(0.65) in a float64 program, np.float64(0.65) in a float32 one
    C_("fipar_gpu", m_fipar_typed(float(numpy.float32(0.65))), lai=2.0),
    C_("fipar_wide", m_fipar_typed(0.65), dtype=F32, lai=2.0),
    # --- hand-written rules
    C_("fpar_rule", m_fpar, lai=2.0),
    C_("fpar_rule", m_fpar, dtype=F32, lai=2.0),
    C_("fpar_rule_slip", m_fpar, "wrong", lai=2.0, line="def _fpar_slip>>def grad_fn(upstream):"),
    C_("rect_rule", m_rect_rule, i=800.0, amax=25.0),
    C_("rect_rule_slip", m_rect_rule, "wrong", i=800.0, amax=25.0, line="def _rect_slip>>def grad_fn(upstream):"),
    C_("thermal_rule", m_thermal, "domain", t=10.0),
    C_("thermal_rule_sum", m_thermal_sum, "domain", t=[12.0, 10.0, 8.0]),
    C_("thermal_rule_sum", m_thermal_sum, dtype=F32, t=[12.0, 9.0, 8.0]),
    C_("rect_rule_none", m_rect_rule, "wrong", i=800.0, amax=25.0, line="def _rect_none>>def grad_fn(upstream):"),
    C_("hargreaves_rule", m_hargreaves, "domain", tmax=20.0, tmin=20.0, ra=35.0),
]
