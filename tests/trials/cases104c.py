"""The hundred-and-fourth round (c) of user trials: plant physiology, crops and agricultural models written with
gradcli.numpy (tests/trials/lib104c.py).

The formulas crop and plant modellers calibrate by gradient: Farquhar's net assimilation as min(Ac, Aj) (Rubisco- and
light-limited, both dtypes; a tie Ac = Aj = 10 exactly in both dtypes; the compensation point Ci = Gstar, both rates
0); the smoothed co-limitation as the smaller root of theta J^2 - (a + b) J + a b = 0 by the quadratic formula (both
dtypes; theta = 1 with a != b; theta = 1 with a = b in both dtypes, a kink; a = 10, b = 10 + 1e-9 at theta = 1;
theta = 1e-10, float32 1e-4; theta = 0 in both dtypes, 0 / 0) and by its stable form 2 a b / (s + sqrt(...)) (theta =
0.9; 1e-10, float32 1e-4; 0 in both dtypes; the kink at a = b); the non-rectangular light response (both dtypes;
darkness; Blackman's theta = 1 at alpha I = Pmax exactly; the vertex I = Pmax = 0; theta = 0); Michaelis-Menten (both
dtypes; Km = 0; C = 0 with Km = 1e-300, float32 1e-30 and 1e-45; C = 1e-300 with Km = 0; C = Km = 0), the log of a
Monod rate (both dtypes; S = 0) and Liebig's minimum of two Monod terms (a tie); Q10 (both dtypes; T = Tref; float32
2^130 and 2^140), a peaked Arrhenius response with deactivation (both dtypes; past the optimum; 25 "K" in both
dtypes; 0 "K"); Tetens' 0.6108 e^(17.27 T / (T + 237.3)) (both dtypes; at -237.2, at the double above the pole, below
it at -237.4, on it in both dtypes), a VPD, FAO-56 Penman-Monteith (both dtypes; a cold day; T on Tetens' pole); Beer's
law (both dtypes), fractional cover as 1 - e^(-k LAI) (LAI = 3, 0, 1e-10, float32 1e-4) and by expm1 (1e-10, float32
1e-4, 0); a logistic crop (both dtypes; the plateau at e^-1000; W0 = 0 in both dtypes) and its inflection time (both
dtypes; W0 = Wmax / 2; Wmax / W0 - 1 = 5e-11 and 5e-12; W0 = Wmax); growing degree days by max(0, mean - Tbase) (both
dtypes; a day's mean at Tbase in both dtypes; 10.3 + 9.7 held as exactly 20; 0.7 + 0.3 held 5.6e-17 below 1 but
computed 1) and capped by clip (a day at Tcap); a triangular response (both dtypes; the optimum in both dtypes, the
base and the ceiling; too hot); FAO-56's water-stress Ks by clip (both dtypes; no stress; its kink at (1 - p) TAW and
at wilting, dyadic; decimals held 4.2e-17 above the kink, float32 8.6e-8; fc = wp); Mitscherlich's yield (N + b = 0).

Tried: 22 functions, 110 cases run through the CLI and judged by tests/trials/judge.py (at most two gradcli processes at
once: a scratch driver runs the CLI in two threads and judges in the main one), five full runs (116 and 118 cases as the
set was corrected and grown, then three of the final 110) and reruns of the changed cases, and scratch probes by hand
(`--wrt` alone, README's own log(y / x) and 1 / (y log1p(-x)), the float32 twins of the by-hand points). ALL keeps the
110: 66 ok, 29 domain, 10 unstable, 5 wrong; 77 float64, 33 float32. All 110 agree with gradcli in verdict and in every
exact gradient entry (to 1e-10 relative). Every check took 0.5-1.9 s on the shared machine (two at once); the last two
runs of the 110 took 81 s and 69 s; all truths evaluate in 1.1 s.

Truths are written here from the mathematics, never lib104c's code or gradcli: each formula an mpmath expression in a
form of its own (both Farquhar rates as (Ci - Gstar) times a coefficient; the co-limited root by Vieta, 2 a b / (s +
sqrt((a - b)^2 + 4 (1 - theta) a b)), and the stable form's mirror as the quadratic formula; Michaelis-Menten as Vmax
- Vmax Km / (Km + C); the Monod log as log mu + log S - log(Ks + S); Q10 as e^((T - Tref) / 10 log Q10); Arrhenius as
e^(Ha / c (T - Tref) / T) over a logistic in dS / R - Hd / (R T); Tetens as 0.6108 e^(17.27 - 17.27 237.3 / (T +
237.3)); the logistic as W0 Wmax / (W0 + (Wmax - W0) e^(-r t)); the inflection as (log(Wmax - W0) - log W0) / r; cover
and Mitscherlich by expm1; the switches as Python min / max and the triangle by cases), the points as the dtype holds
them, the program's Python constants as the dtype holds them (0.6108, 17.27, 237.3, 4098, 0.408, 900, 273, 0.34,
298.15, 8.314 and the product 298.15 * 8.314 computed as a double before it meets an array). Derivatives from the
left and the right by mpmath.diff at 2,000 digits (cases30b.sided_grad with finite_sides: NaN where the sides differ
or one is undefined or infinite); by hand the 0 / 0s (theta = 0 in the quadratic formula and the light response, C =
Km = 0), the stable root at theta = 0 (a b / s + theta (a b)^2 / s^3), the poles (Tetens and Penman-Monteith at T =
-237.3, log(0) at W0 = Wmax and S = 0, where mu_max and Ks keep 1 / mu_max and -1 / Ks as README's log(y / x) at x = 0
keeps 1 / y), Ks at fc = wp (inf clipped to 1: theta and p keep 0, wp and fc jump) and Arrhenius at T = 0.

What agreed (beyond the ordinary points, ok in both dtypes): Farquhar domain at the tie in both dtypes and at the
compensation point (Vcmax, J, Km keep 0; Ci and Gstar none); the quadratic-formula root domain at theta = 1, a = b (both
dtypes) and theta = 0 (both), unstable at theta = 1e-10, float32 1e-4 and at b = 10 + 1e-9 with theta = 1 ((a + b)^2 - 4
a b = 1e-18 from terms of 400), ok at theta = 1 with a != b; the stable root ok at theta = 1e-10, float32 1e-4 and theta
= 0 (both dtypes), domain at a = b; the light response ok in darkness (I's slope alpha), domain at Blackman's kink
(0.0625 * 480 = 30 = Pmax) and at theta = 0, wrong at the vertex I = Pmax = 0 (I and Pmax none; alpha's and theta's
exact 0 computed NaN, sqrt's rule 1 / 0 times zero partials, README's 1 / (y log1p(-x))); Michaelis- Menten ok at Km =
0, at C = 0 with Km = 1e-300 (C's slope 1e301 held) and float32 1e-30, at C = 1e-300 with Km = 0 (Km's -1e301 held),
domain at C = Km = 0, unstable at float32 Km = 1e-45 (C's slope 7e45 past float32, but Vmax's exact 0 computed 0 * inf:
1 / Km overflows); the Monod log domain at S = 0 (-inf; mu_max 2 and Ks -0.5 kept, computed NaN: README's infinite
value, as log(y / x) at x = 0, which gradcli also calls domain); Liebig domain at the tie; Q10 ok at T = Tref; Arrhenius
ok at 25 "K" (float64 e^-288 held; float32 every number 1e-125, 0 as the rounding), wrong at 0 "K"; Tetens ok at -237.2
and at the double above the pole (e^-1.4e17: 0 held as 0), domain below it (e^+40998) and on it in both dtypes;
Penman-Monteith domain on Tetens' pole (delta = 0 / 0); cover by 1 - e^-x unstable at 1e-10 and float32 1e-4 (the value
2e-6 and 1e-3 off), ok at 0, and by expm1 ok at all three; the logistic ok on the plateau, wrong at W0 = 0 in both
dtypes; the inflection time domain at W0 = Wmax; degree days domain at a day on Tbase (both dtypes, and at 10.3 + 9.7
held as 20), unstable at 0.7 + 0.3 (held 2.8e-17 below Tbase: flat; computed on the tie, the rule's split 0.25 for exact
0s); the capped sum domain at Tcap (Tbase keeps -4); the triangle domain at the optimum (both dtypes; T and Topt none,
Tmin and Tmax 0), the base and the ceiling, ok too hot (all 0); Ks domain at its dyadic kink and at wilting, ok with no
stress.

Truths the round corrected in itself (against the first CLI runs; each re-derived before changing it, gradcli right
each time):
- Q10 at float32 2^130, first domain (the value 1.4e39 past float32): T's and Tref's slopes ln 2 / 10 2^130 = 9.4e37
  are held and computed inf: unstable (README: a gradient the dtype holds beside a value it cannot); 2^140, where every
  slope is past float32 too, was added: domain;
- the inflection time at W0 = 19.999999999, first unstable (Wmax / W0 - 1 = 5e-11 from terms of 1): the quotient 1 +
  eps + eps^2 rounds off only eps^2, 5e-11 relative (checked in mpmath against the double quotient): ok; at
  19.9999999999 the rounding is 1.8e-5 relative (added): unstable;
- Ks at theta = 0.3, wp = 0.1, fc = 0.35, p = 0.2, first ok (a kink moved by the decimals' rounding): the exact Ks is
  flat (slopes 0) and the rule gives the sloped side's 5, -1, -4, 1.25; README's allowance for the rounding of the
  program's data is for a tiny exact entry computed 0, not for a lost switch: unstable (float32's 1 + 8.6e-8 is
  computed above 1: ok);
- the light response at I = Pmax = 0 and Ks at fc = wp, first domain: alpha's and theta's (theta's and p's) exact 0 are
  computed NaN by a rule's 0 * inf beside a finite value: wrong, as README's 1 / (y log1p(-x)) at x = 1;
- Michaelis-Menten at float32 C = 0, Km = 1e-45, first domain (C's slope past float32): Vmax's exact 0 is computed 0 *
  inf: unstable;
- Arrhenius at T = 0, first {T: none} (e^(+inf) from below, I reasoned from the rise alone): below 0 the deactivation
  term grows too and the product is e^((Hd - Ha) / (R T)) -> 0 (Hd > Ha; mpmath: 4e-7056 at T = -1, 1e-703490 at -0.01),
  so T's slope is 0 from both sides: every exact entry 0, computed NaN (T, Ha, Hd, dS): wrong.

Findings: none. No disagreement stood: every first-run difference was the truth's (above). Probed besides and in
agreement: `--wrt mu_max` alone at S = 0 is domain as the full check (the value -inf), README's log(y / x) at x = 0 is
domain and 1 / (y log1p(-x)) at x = 1 wrong, as README says; the float32 twins of Arrhenius at 0 (wrong), the Monod
log at 0 (domain), Penman-Monteith on the pole (domain) and the logistic at t = 0, W0 = 0 (wrong, W0's slope 1)."""

import mpmath
import numpy
from mpmath import mpf

from cases import Case
from cases30b import sided_grad

L = "lib104c.py"
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


R_GAS, T_REF = 8.314, 298.15


# --- the mathematics, in mpmath (never lib104c's code path); factories take the dtype for the program's constants ----

def m_farquhar(dt):
    def f(Vcmax, J, Ci, Gstar, Km):
        # both rates as one factor (Ci - Gstar) times a coefficient; the lesser
        d = Ci - Gstar
        return min(d * Vcmax / (Ci + Km), d * J / (4 * (Ci + 2 * Gstar)))
    return f


def m_colimited(dt):
    # the smaller root by Vieta: a b / (larger root), the larger (s + sqrt(s^2 - 4 theta a b)) / (2 theta)
    return lambda a, b, theta: 2 * a * b / ((a + b) + sqrt((a - b) ** 2 + 4 * (1 - theta) * a * b))


def m_colimited_quad(dt):
    # the stable form's mirror: the quadratic formula itself (theta != 0)
    return lambda a, b, theta: ((a + b) - sqrt((a - b) ** 2 + 4 * (1 - theta) * a * b)) / (2 * theta)


def m_light(dt):
    def f(I, alpha, Pmax, theta):
        u = alpha * I
        return 2 * u * Pmax / ((u + Pmax) + sqrt((u - Pmax) ** 2 + 4 * (1 - theta) * u * Pmax))
    return f


def m_light_quad(dt):
    def f(I, alpha, Pmax, theta):
        u = alpha * I
        return ((u + Pmax) - sqrt((u - Pmax) ** 2 + 4 * (1 - theta) * u * Pmax)) / (2 * theta)
    return f


def m_mm(dt):
    return lambda C, Vmax, Km: Vmax - Vmax * Km / (Km + C)


def m_monod_log(dt):
    return lambda S, mu_max, Ks: log(mu_max) + log(S) - log(Ks + S)


def m_liebig(dt):
    return lambda N, P, KN, KP: min(1 - KN / (KN + N), 1 - KP / (KP + P))


def m_q10(dt):
    return lambda T, R_ref, Q10, T_ref: R_ref * exp((T - T_ref) / 10 * log(Q10))


def m_arrhenius(dt):
    tref, c1, c2, r = held(dt, T_REF), held(dt, T_REF * R_GAS), held(dt, T_REF * R_GAS), held(dt, R_GAS)

    def f(T, k25, Ha, Hd, dS):
        # the rise as exp(Ha / c1 (1 - tref / T)), the deactivation as a logistic in T dS - Hd
        rise = exp(Ha / c1 * (T - tref) / T)
        return k25 * rise * (1 + exp((tref * dS - Hd) / c2)) / (1 + exp(dS / r - Hd / (r * T)))
    return f


def _es(dt):
    a, b, c = held(dt, 0.6108), held(dt, 17.27), held(dt, 237.3)
    return lambda T: a * exp(b - b * c / (T + c))  # 17.27 T / (T + 237.3) = 17.27 - 17.27 * 237.3 / (T + 237.3)


def m_tetens(dt):
    return _es(dt)


def m_vpd(dt):
    es = _es(dt)
    return lambda T, RH: es(T) - RH * es(T)


def m_pm(dt):
    es_, c, k4098, k408, k900, k273, k34 = (_es(dt), held(dt, 237.3), held(dt, 4098.0), held(dt, 0.408),
                                            held(dt, 900.0), held(dt, 273.0), held(dt, 0.34))

    def f(Rn, G, T, u2, ea, gamma):
        es = es_(T)
        delta = k4098 * es / (T + c) ** 2
        aero = gamma * k900 * u2 * (es - ea) / (T + k273)
        return (k408 * delta * (Rn - G) + aero) / (delta + gamma + k34 * gamma * u2)
    return f


def m_beer(dt):
    return lambda I0, k, LAI: I0 / exp(k * LAI)


def m_cover(dt):
    return lambda k, LAI: -mpmath.expm1(-k * LAI)


def m_logistic(dt):
    return lambda t, W0, Wmax, r: W0 * Wmax / (W0 + (Wmax - W0) * exp(-r * t))


def m_inflection(dt):
    return lambda W0, Wmax, r: (log(Wmax - W0) - log(W0)) / r


def m_gdd(dt):
    return lambda Tmax, Tmin, Tbase: sum(max(mpf(0), (a + b) / 2 - Tbase) for a, b in zip(Tmax, Tmin))


def m_gdd_capped(dt):
    return lambda Tmax, Tmin, Tbase, Tcap: sum(min(max((a + b) / 2, Tbase), Tcap) - Tbase for a, b in zip(Tmax, Tmin))


def m_triangle(dt):
    def f(T, Tmin, Topt, Tmax):
        if T <= Tmin or T >= Tmax:
            return mpf(0)
        return (T - Tmin) / (Topt - Tmin) if T <= Topt else (Tmax - T) / (Tmax - Topt)
    return f


def m_ks(dt):
    def f(theta, wp, fc, p):
        taw = fc - wp
        raw = (1 - p) * taw  # readily available water below fc
        return min(mpf(1), max(mpf(0), (theta - wp) / raw))
    return f


def m_mitscherlich(dt):
    return lambda N, A, c, b: -A * mpmath.expm1(-c * (N + b))


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


FQ = dict(Gstar=42.75, Km=700.0)
FQ_TIE = dict(Vcmax=50.0, J=70.0, Ci=200.0, Gstar=40.0, Km=600.0)  # Ac = 8000 / 800 = Aj = 11200 / 1120 = 10
LR = dict(alpha=0.05, Pmax=30.0, theta=0.7)
AR = dict(k25=60.0, Ha=65330.0, Hd=200000.0, dS=650.0)
PM = dict(Rn=15.0, G=0.5, T=25.0, u2=2.0, ea=1.8, gamma=0.0665)
LG = dict(W0=0.05, Wmax=20.0, r=0.1)
TMAX, TMIN = [30.0, 28.0, 14.0, 35.0], [15.0, 12.0, 5.0, 20.0]  # daily means 22.5, 20, 9.5, 27.5
TMAX_AT, TMIN_AT = [30.0, 28.0, 15.0, 35.0], [15.0, 12.0, 5.0, 20.0]  # the third day's mean is 10 = Tbase
TMAX_CAP, TMIN_CAP = [40.0, 28.0, 14.0, 35.0], [20.0, 12.0, 5.0, 20.0]  # the first day's mean is 30 = Tcap
TR = dict(Tmin=8.0, Topt=30.0, Tmax=42.0)
KS = dict(wp=0.125, fc=0.625, p=0.5)  # dyadic: Ks = (theta - 0.125) / 0.25
MT = dict(A=10.0, c=0.02, b=20.0)

MIRRORED = [
    # --- Farquhar: the lesser rate
    C("farquhar_min", m_farquhar, Vcmax=60.0, J=120.0, Ci=250.0, **FQ),  # Rubisco-limited
    C("farquhar_min", m_farquhar, dtype=F32, Vcmax=60.0, J=120.0, Ci=250.0, **FQ),
    C("farquhar_min", m_farquhar, Vcmax=60.0, J=60.0, Ci=250.0, **FQ),  # light-limited
    C("farquhar_min", m_farquhar, "domain", **FQ_TIE),  # Ac = Aj: every input moves one rate off the other
    C("farquhar_min", m_farquhar, "domain", dtype=F32, **FQ_TIE),
    # Ci = Gstar: both rates 0; Vcmax, J, Km keep slope 0, Ci and Gstar switch the lesser rate
    C("farquhar_min", m_farquhar, "domain", Vcmax=60.0, J=120.0, Ci=42.75, **FQ),
    # --- co-limitation
    C("colimited", m_colimited, a=10.0, b=12.0, theta=0.9),
    C("colimited", m_colimited, dtype=F32, a=10.0, b=12.0, theta=0.9),
    C("colimited", m_colimited, a=10.0, b=12.0, theta=1.0),  # min(a, b) = 10, smooth off a = b
    C("colimited", m_colimited, "domain", a=10.0, b=10.0, theta=1.0),  # sqrt((a - b)^2): a kink; theta's edge
    C("colimited", m_colimited, "domain", dtype=F32, a=10.0, b=10.0, theta=1.0),
    # theta = 1 with a = 10, b = 10 + 1e-9: (a + b)^2 - 4 a b = 1e-18 from terms of 400: lost
    C("colimited", m_colimited, "unstable", a=10.0, b=10.000000001, theta=1.0),
    # theta -> 0: (22 - sqrt(484 - 4.8e-8)) / 2e-10 from terms of 22: 3e-6 off
    C("colimited", m_colimited, "unstable", a=10.0, b=12.0, theta=1e-10),
    C("colimited", m_colimited, "unstable", dtype=F32, a=10.0, b=12.0, theta=1e-4),
    C("colimited_stable", m_colimited_quad, a=10.0, b=12.0, theta=0.9),
    C("colimited_stable", m_colimited, a=10.0, b=12.0, theta=1e-10),
    C("colimited_stable", m_colimited, dtype=F32, a=10.0, b=12.0, theta=1e-4),
    C("colimited_stable", m_colimited, "domain", a=10.0, b=10.0, theta=1.0),  # the same kink and edge
    # --- light response
    C("light_response", m_light, I=1000.0, **LR),
    C("light_response", m_light, dtype=F32, I=1000.0, **LR),
    C("light_response", m_light, I=0.0, **LR),  # darkness: 0, I's slope alpha
    # theta = 1 (Blackman): min(alpha I, Pmax), and 0.0625 * 480 = 30 = Pmax: the kink
    C("light_response", m_light_quad, "domain", I=480.0, alpha=0.0625, Pmax=30.0, theta=1.0),
    # sqrt(0): the cone's vertex; I and Pmax none (the root's (s - |alpha I - Pmax|) / (2 theta)), alpha's and
    # theta's exact 0 computed NaN (sqrt's rule 1 / 0 times their zero partials): wrong
    C("light_response", m_light_quad, "wrong", I=0.0, alpha=0.05, Pmax=0.0, theta=0.7),
    # --- Michaelis-Menten, Monod, Liebig
    C("michaelis_menten", m_mm, C=50.0, Vmax=10.0, Km=20.0),
    C("michaelis_menten", m_mm, dtype=F32, C=50.0, Vmax=10.0, Km=20.0),
    C("michaelis_menten", m_mm, C=50.0, Vmax=10.0, Km=0.0),  # Km -> 0: Vmax, Km's slope -Vmax / C
    C("michaelis_menten", m_mm, C=0.0, Vmax=10.0, Km=1e-300),  # C's slope Vmax / Km = 1e301 held
    C("michaelis_menten", m_mm, dtype=F32, C=0.0, Vmax=10.0, Km=1e-30),  # 1e31 held
    C("michaelis_menten", m_mm, C=1e-300, Vmax=10.0, Km=0.0),  # Km's slope -Vmax / C = -1e301 held
    # C's slope 7e45 past float32, but Vmax's exact 0 computed 0 * inf (1 / Km overflows): unstable
    C("michaelis_menten", m_mm, "unstable", dtype=F32, C=0.0, Vmax=10.0, Km=1e-45),
    C("monod_log", m_monod_log, S=5.0, mu_max=0.5, Ks=2.0),
    C("monod_log", m_monod_log, dtype=F32, S=5.0, mu_max=0.5, Ks=2.0),
    C("liebig", m_liebig, N=5.0, P=2.0, KN=2.0, KP=1.0),  # P-limited
    C("liebig", m_liebig, "domain", N=2.0, P=1.0, KN=2.0, KP=1.0),  # both 1/2: a tie
    # --- temperature
    C("q10_response", m_q10, T=30.0, R_ref=2.0, Q10=2.0, T_ref=20.0),
    C("q10_response", m_q10, dtype=F32, T=30.0, R_ref=2.0, Q10=2.3, T_ref=20.0),
    C("q10_response", m_q10, T=20.0, R_ref=2.0, Q10=2.3, T_ref=20.0),
    # 2^130 past float32, but T's slope ln 2 / 10 2^130 = 9.4e37 held, computed inf
    C("q10_response", m_q10, "unstable", dtype=F32, T=1320.0, R_ref=1.0, Q10=2.0, T_ref=20.0),
    C("q10_response", m_q10, "domain", dtype=F32, T=1420.0, R_ref=1.0, Q10=2.0, T_ref=20.0),  # 2^140: every slope past
    C("arrhenius_peaked", m_arrhenius, T=303.15, **AR),
    C("arrhenius_peaked", m_arrhenius, dtype=F32, T=303.15, **AR),
    C("arrhenius_peaked", m_arrhenius, T=318.15, **AR),  # past the optimum
    C("arrhenius_peaked", m_arrhenius, T=25.0, **AR),  # degC typed for K: e^-288, held in float64
    C("arrhenius_peaked", m_arrhenius, dtype=F32, T=25.0, **AR),  # every number 1e-125: 0 in float32
    C("tetens", m_tetens, T=25.0),
    C("tetens", m_tetens, dtype=F32, T=25.0),
    C("tetens", m_tetens, T=-237.2),  # e^-40965: 0 held as 0
    C("tetens", m_tetens, T=-237.29999999999998),  # the double above the pole: e^-1.4e17
    C("tetens", m_tetens, "domain", T=-237.4),  # e^+40998: past float64
    C("vpd", m_vpd, T=30.0, RH=0.6),
    C("vpd", m_vpd, T=30.0, RH=1.0),
    C("penman_monteith", m_pm, **PM),
    C("penman_monteith", m_pm, dtype=F32, **PM),
    C("penman_monteith", m_pm, **dict(PM, T=-30.0, Rn=2.0, G=0.0, ea=0.2)),
    # --- canopy and crop
    C("beer_light", m_beer, I0=1800.0, k=0.5, LAI=3.0),
    C("beer_light", m_beer, dtype=F32, I0=1800.0, k=0.5, LAI=3.0),
    C("cover_naive", m_cover, k=0.5, LAI=3.0),
    C("cover_naive", m_cover, k=0.5, LAI=0.0),
    C("cover_naive", m_cover, "unstable", k=0.5, LAI=1e-10),  # 1 - e^-5e-11: the value 2e-6 off
    C("cover_naive", m_cover, "unstable", dtype=F32, k=0.5, LAI=1e-4),
    C("cover_expm1", m_cover, k=0.5, LAI=1e-10),
    C("cover_expm1", m_cover, dtype=F32, k=0.5, LAI=1e-4),
    C("cover_expm1", m_cover, k=0.5, LAI=0.0),
    C("logistic_growth", m_logistic, t=60.0, **LG),
    C("logistic_growth", m_logistic, dtype=F32, t=60.0, **LG),
    C("logistic_growth", m_logistic, t=100.0, W0=0.05, Wmax=20.0, r=10.0),  # e^-1000: the plateau
    # no seedlings, W0 = 0: Wmax / 0 = inf, the value 0; W0 W Wmax / (W0 + (Wmax - W0) e^-rt) is smooth there, W0's
    # slope e^(r t) = e^6, every other 0
    C("logistic_growth", m_logistic, "wrong", t=60.0, W0=0.0, Wmax=20.0, r=0.1),
    C("logistic_growth", m_logistic, "wrong", dtype=F32, t=60.0, W0=0.0, Wmax=20.0, r=0.1),
    C("inflection_time", m_inflection, **LG),
    C("inflection_time", m_inflection, dtype=F32, **LG),
    C("inflection_time", m_inflection, W0=10.0, Wmax=20.0, r=0.1),  # log(1) = 0
    # Wmax / W0 = 1 + eps + eps^2 with eps = 5e-11: the quotient rounds off only eps^2, 5e-11 relative: held
    C("inflection_time", m_inflection, W0=19.999999999, Wmax=20.0, r=0.1),
    # eps = 5e-12: the quotient's rounding 1.8e-5 relative
    C("inflection_time", m_inflection, "unstable", W0=19.9999999999, Wmax=20.0, r=0.1),
    C("gdd_season", m_gdd, Tmax=TMAX, Tmin=TMIN, Tbase=10.0),
    C("gdd_season", m_gdd, dtype=F32, Tmax=TMAX, Tmin=TMIN, Tbase=10.0),
    C("gdd_season", m_gdd, "domain", Tmax=TMAX_AT, Tmin=TMIN_AT, Tbase=10.0),  # a day's mean at Tbase
    C("gdd_season", m_gdd, "domain", dtype=F32, Tmax=TMAX_AT, Tmin=TMIN_AT, Tbase=10.0),
    C("gdd_capped", m_gdd_capped, Tmax=TMAX, Tmin=TMIN, Tbase=10.0, Tcap=30.0),
    C("gdd_season", m_gdd, "domain", Tmax=[10.3, 25.0], Tmin=[9.7, 15.0], Tbase=10.0),  # 10.3 + 9.7 = 20 held: a tie
    # 0.7 + 0.3 = 1 - 5.6e-17 held: the first day 2.8e-17 below Tbase, flat (its slopes 0); computed 1.0, a tie, the
    # rule's split 0.25: unstable
    C("gdd_season", m_gdd, "unstable", Tmax=[0.7, 25.0], Tmin=[0.3, 15.0], Tbase=0.5),
    C("gdd_capped", m_gdd_capped, "domain", Tmax=TMAX_CAP, Tmin=TMIN_CAP, Tbase=10.0, Tcap=30.0),  # at Tcap
    C("triangular_response", m_triangle, T=20.0, **TR),
    C("triangular_response", m_triangle, dtype=F32, T=25.3, **TR),
    C("triangular_response", m_triangle, T=45.0, **TR),  # too hot: 0, every slope 0
    C("triangular_response", m_triangle, "domain", T=30.0, **TR),  # the optimum: T and Topt none
    C("triangular_response", m_triangle, "domain", dtype=F32, T=30.0, **TR),
    C("triangular_response", m_triangle, "domain", T=8.0, **TR),  # base temperature
    C("triangular_response", m_triangle, "domain", T=42.0, **TR),  # ceiling temperature
    C("water_stress", m_ks, theta=0.25, **KS),
    C("water_stress", m_ks, dtype=F32, theta=0.25, **KS),
    C("water_stress", m_ks, theta=0.5, **KS),  # no stress: 1, every slope 0
    C("water_stress", m_ks, "domain", theta=0.375, **KS),  # exactly at (1 - p) TAW: the clip's kink
    C("water_stress", m_ks, "domain", theta=0.125, **KS),  # at wilting
    # decimals: (0.3 - 0.1) / (0.8 (0.35 - 0.1)) = 1 + 4.2e-17 held (float32 1 + 8.6e-8): the flat side
    # computed 1.0 exactly: the clip's inclusive edge takes the sloped side (5, -1, -4, 1.25 for exact 0s): unstable
    C("water_stress", m_ks, "unstable", theta=0.3, wp=0.1, fc=0.35, p=0.2),
    C("water_stress", m_ks, dtype=F32, theta=0.3, wp=0.1, fc=0.35, p=0.2),
    C("mitscherlich", m_mitscherlich, N=100.0, **MT),
    C("mitscherlich", m_mitscherlich, N=-20.0, **MT),  # N + b = 0
]


def _colim_at_zero(dtype, a, b):
    """The stable root at theta = 0: a b / s and the next term theta (a b)^2 / s^3 (s = a + b)."""
    def f():
        a_, b_ = held(dtype, a), held(dtype, b)
        s = a_ + b_
        return {"a": b_ ** 2 / s ** 2, "b": a_ ** 2 / s ** 2, "theta": (a_ * b_) ** 2 / s ** 3}
    return f


BY_HAND = [
    # theta = 0 in the quadratic formula: 0 / 0 for every a, b
    H("colimited", all_nan(a=None, b=None, theta=None), "domain", a=10.0, b=12.0, theta=0.0),
    H("colimited", all_nan(a=None, b=None, theta=None), "domain", dtype=F32, a=10.0, b=12.0, theta=0.0),
    H("colimited_stable", _colim_at_zero("float64", 10.0, 12.0), "ok", a=10.0, b=12.0, theta=0.0),
    H("colimited_stable", _colim_at_zero(F32, 10.0, 12.0), "ok", dtype=F32, a=10.0, b=12.0, theta=0.0),
    H("light_response", all_nan(I=None, alpha=None, Pmax=None, theta=None), "domain", I=1000.0, alpha=0.05,
      Pmax=30.0, theta=0.0),
    # C = Km = 0: 0 / 0
    H("michaelis_menten", all_nan(C=None, Vmax=None, Km=None), "domain", C=0.0, Vmax=10.0, Km=0.0),
    # log(mu S / (Ks + S)) at S = 0: S none; mu_max and Ks keep 1 / mu_max and -1 / Ks (README's log(y / x) at x = 0)
    H("monod_log", lambda: {"S": NAN, "mu_max": mpf(2), "Ks": mpf(-0.5)}, "domain", S=0.0, mu_max=0.5, Ks=2.0),
    # T = -237.3: the pole of 17.27 T / (T + 237.3) (e^-inf above, e^+inf below)
    H("tetens", all_nan(T=None), "domain", T=-237.3),
    H("tetens", all_nan(T=None), "domain", dtype=F32, T=-237.3),
    H("penman_monteith", all_nan(Rn=None, G=None, T=None, u2=None, ea=None, gamma=None), "domain",
      **dict(PM, T=-237.3)),
    # 0 degC typed for K: e^(-Ha / 0) = 0 and the deactivation's e^(-Hd / 0) = 0: the value 0 for every k25, Ha, Hd,
    # dS; from below too the product is e^((Hd - Ha) / (R T)) -> 0 (Hd > Ha), so T's slope is 0 from both sides (e^(-c
    # / |T|) is flat); every exact entry 0, T's, Ha's, Hd's and dS's computed 0 * inf = NaN: wrong
    H("arrhenius_peaked", lambda: {"T": mpf(0), "k25": mpf(0), "Ha": mpf(0), "Hd": mpf(0), "dS": mpf(0)}, "wrong",
      T=0.0, **AR),
    # W0 = Wmax: log(0)
    H("inflection_time", all_nan(W0=None, Wmax=None, r=None), "domain", W0=20.0, Wmax=20.0, r=0.1),
    # fc = wp: (theta - wp) / 0 = inf, clipped to 1: theta and p keep 0; wp and fc jump (1 above, 0 below)
    # theta's and p's exact 0 computed NaN (the clip's 0 times the divide's 1 / 0): wrong
    H("water_stress", lambda: {"theta": mpf(0), "wp": NAN, "fc": NAN, "p": mpf(0)}, "wrong", theta=0.3, wp=0.2,
      fc=0.2, p=0.5),
]

ALL = MIRRORED + BY_HAND
