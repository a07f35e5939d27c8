"""The hundred-and-sixth round (c) of user trials: aerospace flight mechanics written with gradcli.numpy
(tests/trials/lib106c.py).

The formulas aerospace engineers fit or differentiate: the International Standard Atmosphere (ICAO constants: g0 =
9.80665, R = 287.05287, T0 = 288.15 K, p0 = 101325 Pa, lapse 0.0065 K/m, 216.65 K and P11 = p0 (T11 / T0)^(g0 / (R L))
above 11 km) as temperature, pressure and density with np.where(h < 11000, ...) (both dtypes; exactly at 11 km in both
dtypes, the float below it, 20 km, 50 km, 1000 km's e^-156 in float32, -500 m), the pressure's power law written in h
(its untaken base negative at 50 km in both dtypes: where's leak); an exponential atmosphere rho0 e^(-h / H) (1000 km:
e^-118 underflowing float32; e^-1000 in float64; h = H = 0) and a drag deceleration there; dynamic pressure, the speed
of sound sqrt(gamma R T) and Mach number (T = 0, v = 250 at T = 0); p0 / p = (1 + (gamma - 1) / 2 M^2)^(gamma /
(gamma - 1)) (M = 1e50 and float32 M = 1e6, the exact value past the dtype); the normal shock's pressure ratio switched
on by np.where(M > 1, ...) (M = 1 in both dtypes), density ratio and downstream Mach number (M = 1 in both dtypes;
M^2 past float64 at 1e200, float32 at 1e20); the Prandtl-Meyer angle (M = 1, 0.5, the float above 1, 1 + 1e-8, 1.001,
2, 1e200); Tsiolkovsky (m_f = m_0, m_f = 0, m_0 = m_f = 0, m_f = 1e-300 and subnormal 5e-324) and the propellant
fraction 1 - exp(-dv / (Isp g0)) (dv = 1e-10; float32 dv = 1e-3; e^-1020); the drag polar C_D0 + k C_L^2 (float32 C_L
= 1e20 and 5e19), L/D (C_L = C_D0 = 0; near its maximum; C_L = 1e200), (L/D)_max = 1 / (2 sqrt(k C_D0)) (C_D0 = 0);
the stall clamp np.minimum(5 alpha, 1.5) (alpha = 0.3 in both dtypes: a tie made by rounding), np.clip(5 alpha, -1,
clmax) (exact ties 0.25 / 1.25 in both dtypes; -0.2 and float32 0.3 ties made by rounding) and the lift force through
it; C_L required for level flight W / (q S) held at C_L,max = 1.3 by np.minimum and by np.where (float32 W = 2.6, q S
= 2, and W = 3 x and 1.5 x float32's 1.3 over q S = 3 and 1.5); Sutton-Graves K sqrt(rho / r_n) v^3 (rho = 0, r_n =
0, a subnormal rho, float32 v = 1e13); Breguet range and endurance (W1 = W0, W1 = 0, W0 / W1 = 1 + 2e-16); glide range
and the glide ratio 1 / tan(gamma) (gamma = 0 in both dtypes, 1e-300 and float32 1e-20, pi / 2); orbital energy (at
escape in canonical units; r = 0; float32 near escape), escape speed (r = 0), v_inf = sqrt(v^2 - 2 mu / r) (at escape
exactly; a float past it), Hohmann delta-v by the vis-viva speeds (LEO to GEO in both dtypes; r1 = r2 in both dtypes;
r2 = r1 + 1e-12) and its |dv1| + |dv2| (r1 = r2); Lock's drag rise 20 (M - 0.7)^4 above M_crit (M = 0.7 in both
dtypes).

Tried: 37 functions, 186 cases in all run through the CLI and judged by tests/trials/judge.py (a scratch driver runs
the CLI in two threads, at most two gradcli processes, and judges in the main one): a first full run of 145, runs of
the 41 added and of the changed ones, a scratch probe by hand of the F1 points (gradient, exact gradient, finite
differences, notes), and a final full run of the 118 kept; ALL keeps 118 (68 redundant ordinary points dropped): 60
ok, 36 domain, 19 unstable, 3 wrong; 75 float64, 43 float32. All agree with gradcli in verdict and in every exact
gradient entry (to 1e-10 relative), the 4 F1 cases after the review below. Every check took 0.3-2.9 s on the shared machine (two at once); the
final full run took 89 s; all truths evaluate in about a second.

Truths are written here from the mathematics, never lib106c's code or gradcli: each function again in mpmath in a
second form (the ISA's branches as Python if on the same switch, h < 11000, with the program's Python constants
EXPO, P11, SCALE11 as the doubles it computes; p0 / p as exp(e log(1 + c M^2)); the shock's ratio in (M - 1)(M + 1);
the density ratio and M2 divided through by M^2; nu with s = sqrt((M - 1)(M + 1)); log(m0) - log(mf); 1 - e^-x as
-expm1(-x); cot for 1 / tan; the Hohmann legs by the transfer orbit's shape, sqrt(mu / r1) (sqrt(2 r2 / (r1 + r2)) -
1), not vis-viva; the clamps as Python min / max), the points as the dtype holds them and the program's Python
constants as the dtype holds them (a Python float meets a float32 array as float32; constant expressions such as
G0 / (R L), (gamma - 1) / 2, gamma / (gamma - 1), 0.5 rho0, 2 gamma / (gamma + 1) computed as doubles first).
Derivatives from the left and the right by mpmath.diff at 2,000 digits (cases30b.sided_grad with finite_sides: NaN
where the sides differ or one is undefined or infinite); by hand the poles and 0 / 0s (T = 0, m_f = 0, C_L = C_D0 = 0,
C_D0 = 0, r_n = 0, W1 = 0, gamma = 0, r = 0, h = H = 0) and Sutton-Graves at rho = 0 (rho at sqrt's vertex, r_n and v
keep 0: the flux is 0 for every r_n and v).

What agreed (beyond the ordinary points, ok in both dtypes): the ISA domain at 11 km in both dtypes for temperature
(the lapse's kink), pressure and density (the two layers' laws meet 1 Pa apart in float64's constants: a jump), ok at
the float below 11 km and above; the naive power law wrong at 50 km in both dtypes (the untaken branch's NaN through
where); the exponential atmosphere and the drag deceleration ok where e^-118 (float32) and e^-1000 underflow; sqrt(gamma
R T) and Mach domain at T = 0; p0 / p domain where the exact value passes the dtype (README's exp(100) in float32); the
shock ratio domain at M = 1 in both dtypes, the density ratio and M2 ok at M = 1 and unstable where M^2 overflows (inf
/ inf for the limits 6 and 0.378); Prandtl-Meyer domain at M = 1 and 0.5, unstable at the float above 1 and at 1 +
1e-8 (the two arctan terms' slopes cancel), ok at 1.001 and at M = 1e200 (M^2 = inf: arctan's slope 0); Tsiolkovsky ok
at m_f = m_0, domain at m_f = 0 (m0 keeps Isp g0 / m0) and 0 / 0, unstable at m_f = 5e-324 (m0 / m_f overflows) and at
1e-300; the propellant fraction unstable at dv = 1e-10 and float32 1e-3 (1 - e^-x); the drag polar domain at float32
C_L = 1e20 (C_D past float32) and unstable at 5e19 (C_L^2 overflows, C_D held); L/D unstable at C_L = 1e200; the stall
clamps unstable at every tie made by rounding (np.minimum at 5 x 0.3 computed 1.5 splits the slope, 2.5 for the exact
5 or, in float32, the exact 0; np.clip at 5 x -0.2 computed -1 takes the inside branch, 5 for the exact 0), domain at
the exact ties 5 x 0.25 = 1.25 and float32 2.6 / 2 = float32's 1.3; Sutton-Graves wrong at rho = 0 (r_n's exact 0
computed NaN), domain at r_n = 0, ok at a subnormal rho, unstable at float32 v = 1e13; Breguet domain at W1 = 0 (W0
keeps V (L/D) / (c W0)), unstable at W0 / W1 = 1 + 2e-16 (the quotient rounded 7%); the glide ratio domain at gamma =
0, 1e-300 and float32 1e-20 (the slope past the dtype beside a held value); orbital energy domain at r = 0 (v keeps v),
ok at escape; v_inf domain at escape exactly; Hohmann ok at r1 = r2 (smooth) and at r2 = r1 + 1e-12, its abs form
domain at r1 = r2; Lock's drag rise ok at M_crit in both dtypes.

Truths the round corrected in itself (against the first CLI run; each re-derived before changing it, gradcli right
each time):
- isa_pressure, isa_pressure_naive and isa_density at h = 11000, first labelled ok: my own mirror said NaN (the
  program's P11 and the troposphere's law at T0 - L 11000 differ, a jump of 1 Pa in float64), the label was the slip:
  domain;
- p0 / p at M = 1e50 and float32 M = 1e6, first unstable: the exact value itself (3.6e347, 3.6e39) lies past the
  dtype, which README calls domain (no program in that dtype can return it);
- np.minimum(5 alpha, 1.5) at alpha = 0.3 (both dtypes) and the lift force through it, first ok (the exact side's
  slope): the computed minimum is a tie and splits the slope, 2.5 against the exact 5 (float32: the exact 0):
  unstable; np.clip at alpha = -0.2, first (a slip) domain: the exact 5 x -0.2 lies below -1, the computed -1 on the
  bound takes the inside slope 5 for the exact 0: unstable;
- the rocket equation at m_f = 0, Breguet at W1 = 0 and orbital energy at r = 0, first every entry NaN: README keeps
  the slopes of inputs that do not move a pole (log(y / x) at x = 0 keeps 1 / y): m0 keeps Isp g0 / m0, W0 keeps
  V (L/D) / (c W0), v keeps v;
- the rocket equation at m_f = 1e-300, first ok: divide's rule -x / y^2 squares 1e-300 to 0, the slope -inf for the
  exact -3e303: unstable;
- Hohmann at r2 = r1 + 1e-12, first unstable (dv = 5e-13 from speeds of 1): computed 7.5e-13 relative off (the rounding
  errors cancel here): ok.

Findings: none open. F1 as first written (a float32 stall clamp np.minimum(W / (q * S), 1.3), and np.where(cl > 1.3,
1.3, cl), at W = 3.8999998569488525, q = 1.5, S = 2 and W = 1.9499999284744263, q = 1.5, S = 1, where W / (q S) is
float32's 1.3 exactly; truth domain) was judged against README at landing: the held program is on the clamp's switch,
but the function as written (1.3 and the point as doubles hold them) is below it there, and README judges a point that
only the dtype's rounding of a constant puts on a switch against the function as written; float32's numbers are that
function's (the unstalled side's slopes): ok, with gradcli's note (W in ALL). At W = 2.6, q = 1, S = 2 the written
function is on the switch too (2.6 / 2 = 1.3 in doubles): domain, the held reference.

Observed besides (no finding): at the ISA's tropopause in float32 gradcli says domain and reports the two layers'
values as differing "by 0" at its printed precision (they differ in the last float32 bits of the constants); the
Prandtl-Meyer angle at M = 1 is domain (the only defined side's slope is 0, yet sqrt's vertex inside makes gradcli
call it no derivative), as 105c's dry channel, and is kept so here."""

import math

import mpmath
import numpy
from mpmath import mpf

from cases import Case
from cases30b import sided_grad

L = "lib106c.py"
NAN = mpmath.nan
F32 = "float32"
exp, log, sqrt, atan = mpmath.exp, mpmath.log, mpmath.sqrt, mpmath.atan


def _txt(v):
    if isinstance(v, list):
        return "[" + ",".join(_txt(a) for a in v) + "]"
    return repr(float(v))


def held(dtype, value):
    """The number the dtype holds for a point's coordinate or a constant the program casts to it."""
    return mpf(float(numpy.float32(value))) if dtype == F32 else mpf(float(value))


# the program's constants, as the Python floats it computes them (each meets an array as one number)
G0, R_AIR, GAMMA, T0, P0, RHO0, LAPSE, H11, T11 = 9.80665, 287.05287, 1.4, 288.15, 101325.0, 1.225, 0.0065, 11000.0, \
    216.65
EXPO = G0 / (R_AIR * LAPSE)
P11 = P0 * (T11 / T0) ** EXPO
SCALE11 = G0 / (R_AIR * T11)
GR = GAMMA * R_AIR
CLA, CLMAX, CLMIN = 5.0, 1.5, -1.0
SG_K = 1.7415e-4
MCRIT = 0.7
CLMAX_FLAPS = 1.3


# --- the mathematics, in mpmath (never lib106c's code path); factories take the dtype for the program's constants ----

def m_isa_T(dt):
    t0, lp, t11 = held(dt, T0), held(dt, LAPSE), held(dt, T11)
    return lambda h: t0 - lp * h if h < H11 else t11


def _isa_p(dt):
    t0, lp, ex, p11, s11 = held(dt, T0), held(dt, LAPSE), held(dt, EXPO), held(dt, P11), held(dt, SCALE11)

    def p(h):
        if h < H11:
            base = (t0 - lp * h) / t0  # T / T0, with T from the same switch
            return P0 * base ** ex if base > 0 else NAN
        return p11 * exp(-s11 * (h - H11))
    return p


def m_isa_p(dt):
    return _isa_p(dt)


def m_isa_p_naive(dt):
    c, ex, p11, s11 = held(dt, LAPSE / T0), held(dt, EXPO), held(dt, P11), held(dt, SCALE11)

    def p(h):
        if h < H11:
            base = 1 - c * h
            return P0 * base ** ex if base > 0 else NAN
        return p11 * exp(-s11 * (h - H11))
    return p


def m_isa_rho(dt):
    p, T, r = _isa_p(dt), m_isa_T(dt), held(dt, R_AIR)
    return lambda h: p(h) / (r * T(h))


def m_exp_density(dt):
    r0 = held(dt, RHO0)
    return lambda h, H: r0 / exp(h / H)


def m_drag_decel(dt):
    r0 = held(dt, RHO0)
    return lambda h, v, H, beta: r0 * v * v / (exp(h / H) * 2 * beta)


def m_q(dt):
    return lambda rho, v: rho * v * v / 2


def m_sound(dt):
    g = held(dt, GR)
    return lambda T: sqrt(g * T) if T >= 0 else NAN


def m_mach(dt):
    g = held(dt, GR)
    return lambda v, T: v / sqrt(g * T) if T > 0 else NAN


def m_q_mach(dt):
    c = held(dt, GAMMA / 2.0)
    return lambda p, M: c * p * M * M


def m_p0p(dt):
    c, e = held(dt, (GAMMA - 1.0) / 2.0), held(dt, GAMMA / (GAMMA - 1.0))
    return lambda M: exp(e * log(1 + c * M * M))


def m_T0T(dt):
    c = held(dt, (GAMMA - 1.0) / 2.0)
    return lambda M: 1 + c * M * M


def m_shock_p(dt):
    c = held(dt, 2.0 * GAMMA / (GAMMA + 1.0))
    return lambda M: 1 + c * (M - 1) * (M + 1) if M > 1 else mpf(1)


def m_shock_rho(dt):
    a, b = held(dt, GAMMA + 1.0), held(dt, GAMMA - 1.0)
    return lambda M: a / (b + 2 / (M * M))  # (g + 1) M^2 / ((g - 1) M^2 + 2), divided through by M^2


def m_shock_M2(dt):
    c, g = held(dt, (GAMMA - 1.0) / 2.0), held(dt, GAMMA)
    return lambda M: sqrt((1 / (M * M) + c) / (g - c / (M * M)))


def m_pm(dt):
    k = held(dt, (GAMMA + 1.0) / (GAMMA - 1.0))

    def nu(M):
        if M < 1:
            return NAN
        s = sqrt((M - 1) * (M + 1))
        return sqrt(k) * atan(s / sqrt(k)) - atan(s)
    return nu


def m_lock(dt):
    mc, c = held(dt, MCRIT), held(dt, 20.0)

    def cd(M):
        # the comparison M > 0.7 in the dtype (a Python float meets a float32 array as float32)
        return c * (M - mc) ** 4 if M > mc else mpf(0)
    return cd


def m_clreq(dt):
    cm = held(dt, CLMAX_FLAPS)
    return lambda W, q, S: min(W / (q * S), cm)


def m_rocket(dt):
    g = held(dt, G0)
    return lambda isp, m0, mf: isp * g * (log(m0) - log(mf))


def m_prop(dt):
    g = held(dt, G0)
    return lambda dv, isp: -mpmath.expm1(-dv / (isp * g))


def m_polar(dt):
    return lambda CL, CD0, k: CD0 + k * CL * CL


def m_ld(dt):
    return lambda CL, CD0, k: CL / (CD0 + k * CL * CL)


def m_ldmax(dt):
    return lambda CD0, k: 1 / (2 * sqrt(k) * sqrt(CD0)) if CD0 >= 0 else NAN


def m_induced(dt):
    p = held(dt, math.pi)
    return lambda AR, e: 1 / (p * e * AR)


def m_stall(dt):
    a, cm = held(dt, CLA), held(dt, CLMAX)
    return lambda alpha: min(a * alpha, cm)


def m_clip(dt):
    a, lo = held(dt, CLA), held(dt, CLMIN)
    return lambda alpha, clmax: min(max(a * alpha, lo), clmax)


def m_lift_force(dt):
    q, a, cm = held(dt, 0.5 * RHO0), held(dt, CLA), held(dt, CLMAX)
    return lambda alpha, v, S: q * v * v * S * min(a * alpha, cm)


def m_sg(dt):
    k = held(dt, SG_K)
    return lambda rho, rn, v: k * sqrt(rho) / sqrt(rn) * v ** 3 if rho >= 0 and rn > 0 else NAN


def m_range(dt):
    return lambda V, LD, c, W0, W1: V * LD / c * (log(W0) - log(W1))


def m_endurance(dt):
    return lambda LD, c, W0, W1: LD / c * (log(W0) - log(W1))


def m_glide(dt):
    return lambda h, CD0, k: h / (2 * sqrt(k * CD0)) if k * CD0 > 0 else NAN


def m_glide_ratio(dt):
    return lambda gamma: mpmath.cot(gamma)


def m_energy(dt):
    return lambda v, r, mu: v * v / 2 - mu / r


def m_escape(dt):
    return lambda r, mu: sqrt(2 * mu / r)


def m_excess(dt):
    def f(v, r, mu):
        d = v * v - 2 * mu / r
        return sqrt(d) if d >= 0 else NAN
    return f


def _legs(r1, r2, mu):
    a = 2 * mu / r1 - 2 * mu / (r1 + r2)
    b = 2 * mu / r2 - 2 * mu / (r1 + r2)
    return sqrt(a) - sqrt(mu / r1), sqrt(mu / r2) - sqrt(b)


def m_hohmann(dt):
    # dv1 = sqrt(mu / r1) (sqrt(2 r2 / (r1 + r2)) - 1), dv2 = sqrt(mu / r2) (1 - sqrt(2 r1 / (r1 + r2))): the same
    # speeds by the transfer orbit's shape, a second route to vis-viva
    def f(r1, r2, mu):
        s = r1 + r2
        return sqrt(mu / r1) * (sqrt(2 * r2 / s) - 1) + sqrt(mu / r2) * (1 - sqrt(2 * r1 / s))
    return f


def m_hohmann_abs(dt):
    def f(r1, r2, mu):
        s = r1 + r2
        return abs(sqrt(mu / r1) * (sqrt(2 * r2 / s) - 1)) + abs(sqrt(mu / r2) * (1 - sqrt(2 * r1 / s)))
    return f


# --- cases ------------------------------------------------------------------------------------------------------------

def _at(pt):
    return ",".join(f"{k}={_txt(v)}" for k, v in pt.items())


def C(function, mirror, verdict="ok", dtype="float64", **pt):
    """A case whose truth is the one- and two-sided derivative of ``mirror(dtype)`` at the point as ``dtype`` holds
    it."""
    return Case(L, function, _at(pt), dtype, verdict, sided_grad(mirror(dtype), dtype, finite_sides=True, **pt))


def W(function, mirror, verdict="ok", dtype="float64", **pt):
    """A case judged against the program as written (its constants as doubles) at the point as ``dtype`` holds it:
    where only the dtype's rounding of a constant puts the point on a switch (README's `constant-rounded`)."""
    return Case(L, function, _at(pt), dtype, verdict, sided_grad(mirror("float64"), dtype, finite_sides=True, **pt))


def H(function, truth, verdict="ok", dtype="float64", **pt):
    """A case whose truth is written by hand (evaluated at 60 digits)."""
    return Case(L, function, _at(pt), dtype, verdict, truth)


def all_nan(*names):
    return lambda: {k: NAN for k in names}


MU = 3.986004418e14  # m^3 s^-2, the Earth
LEO, GEO = 6678000.0, 42164000.0
BR = dict(V=230.0, LD=17.0, c=1.6667e-4)

MIRRORED = [
    # --- the standard atmosphere
    C("isa_temperature", m_isa_T, dtype=F32, h=5000.0),
    C("isa_temperature", m_isa_T, "domain", h=11000.0),  # the tropopause: the lapse's kink
    C("isa_temperature", m_isa_T, "domain", dtype=F32, h=11000.0),
    C("isa_pressure", m_isa_p, dtype=F32, h=5000.0),
    C("isa_pressure", m_isa_p, dtype=F32, h=20000.0),
    C("isa_pressure", m_isa_p, "domain", h=11000.0),
    C("isa_pressure", m_isa_p, "domain", dtype=F32, h=11000.0),
    C("isa_pressure", m_isa_p, dtype=F32, h=1000000.0),  # e^-156 past float32: 0 held
    C("isa_pressure_naive", m_isa_p_naive, "domain", h=11000.0),
    # 50 km: the untaken troposphere's base 1 - L h / T0 < 0, its power NaN: where's leak
    C("isa_pressure_naive", m_isa_p_naive, "wrong", h=50000.0),
    C("isa_pressure_naive", m_isa_p_naive, "wrong", dtype=F32, h=50000.0),
    C("isa_density", m_isa_rho, dtype=F32, h=3000.0),
    C("isa_density", m_isa_rho, "domain", h=11000.0),
    C("isa_density", m_isa_rho, h=50000.0),
    C("exp_density", m_exp_density, dtype=F32, h=1000000.0, H=8500.0),  # float32: 0 held
    C("exp_density", m_exp_density, h=1000000.0, H=1000.0),  # e^-1000: 0 held in float64 too
    C("drag_deceleration", m_drag_decel, dtype=F32, h=1000000.0, v=7350.0, H=8500.0, beta=300.0),
    # --- speeds, compressible flow
    C("dynamic_pressure", m_q, rho=1.225, v=250.0),
    C("speed_of_sound", m_sound, dtype=F32, T=216.65),
    C("speed_of_sound", m_sound, "domain", T=0.0),  # sqrt's vertex
    C("mach", m_mach, v=250.0, T=288.15),
    C("dynamic_pressure_mach", m_q_mach, p=22632.0, M=0.85),
    C("isentropic_p0_p", m_p0p, M=0.8),
    C("isentropic_p0_p", m_p0p, dtype=F32, M=0.8),
    # M^2 / 5 = 2e99, to the 3.5: the exact 3.6e347 past float64 (README: no float64 program can return it)
    C("isentropic_p0_p", m_p0p, "domain", M=1e50),
    C("isentropic_p0_p", m_p0p, "domain", dtype=F32, M=1e6),  # (2e11)^3.5 = 3.6e39 past float32
    C("shock_pressure_ratio", m_shock_p, dtype=F32, M=2.0),
    C("shock_pressure_ratio", m_shock_p, "domain", M=1.0),  # sonic: 0 below, 4 gamma / (gamma + 1) above
    C("shock_pressure_ratio", m_shock_p, "domain", dtype=F32, M=1.0),
    C("shock_density_ratio", m_shock_rho, M=1.0),
    C("shock_density_ratio", m_shock_rho, dtype=F32, M=1.0),
    # M^2 past float64: inf / inf; the ratio 6 (its slope 2e-600): lost
    C("shock_density_ratio", m_shock_rho, "unstable", M=1e200),
    C("shock_density_ratio", m_shock_rho, "unstable", dtype=F32, M=1e20),
    C("shock_mach2", m_shock_M2, M=1.0),
    C("shock_mach2", m_shock_M2, dtype=F32, M=1.0),
    C("shock_mach2", m_shock_M2, "unstable", M=1e200),
    C("prandtl_meyer", m_pm, M=2.0),
    C("prandtl_meyer", m_pm, "domain", M=1.0),  # sqrt(M^2 - 1) at its vertex: nu's right slope 0, nothing left
    C("prandtl_meyer", m_pm, "domain", M=0.5),
    # --- rockets
    C("tsiolkovsky", m_rocket, isp=311.0, m0=549000.0, mf=150000.0),
    C("tsiolkovsky", m_rocket, dtype=F32, isp=311.0, m0=549000.0, mf=150000.0),
    C("tsiolkovsky", m_rocket, isp=311.0, m0=1000.0, mf=1000.0),  # m_f = m_0: no burn, log 1
    C("propellant_fraction", m_prop, dtype=F32, dv=9400.0, isp=350.0),
    C("propellant_fraction", m_prop, dv=3e6, isp=300.0),  # e^-1020: 0 held, the fraction 1
    # --- aerodynamics
    C("drag_polar", m_polar, CL=0.5, CD0=0.02, k=0.045),
    C("lift_to_drag", m_ld, CL=0.6666666666666666, CD0=0.02, k=0.045),  # near the maximum: CL's slope ~0
    C("max_lift_to_drag", m_ldmax, CD0=0.02, k=0.045),
    C("induced_k", m_induced, AR=9.5, e=0.8),
    C("lift_stalled", m_stall, alpha=0.1),
    # 5 x 0.3 is 1.5 - 5.6e-17 exactly, computed 1.5: a tie made by rounding; the exact slope 5 (unstalled side),
    # minimum's tie splits it: 2.5
    C("lift_stalled", m_stall, "unstable", alpha=0.3),
    # float32: 5 x float32(0.3) is 1.5 + 6e-8 exactly, computed 1.5 (ties to even): the stalled side, exact slope 0,
    # computed 2.5
    C("lift_stalled", m_stall, "unstable", dtype=F32, alpha=0.3),
    C("lift_clipped", m_clip, alpha=0.1, clmax=1.5),
    C("lift_clipped", m_clip, "domain", alpha=0.25, clmax=1.25),  # 5 x 0.25 = 1.25: the clip's upper kink
    C("lift_clipped", m_clip, "domain", dtype=F32, alpha=0.25, clmax=1.25),
    # 5 x -0.2 is -1 - 5.6e-17 exactly (clipped, slope 0), computed -1 on the bound, taken as inside: 5
    C("lift_clipped", m_clip, "unstable", alpha=-0.2, clmax=1.5),
    C("lift_force", m_lift_force, "unstable", alpha=0.3, v=60.0, S=16.2),  # the same rounded tie
    # --- re-entry heating
    C("sutton_graves", m_sg, dtype=F32, rho=3e-4, rn=1.0, v=7000.0),
    # --- cruise, glide
    C("breguet_range", m_range, W0=70000.0, W1=55000.0, **BR),
    C("breguet_range", m_range, W0=70000.0, W1=70000.0, **BR),  # no fuel burnt: log 1
    C("glide_range", m_glide, h=10000.0, CD0=0.02, k=0.045),
    # --- orbits
    C("orbital_energy", m_energy, dtype=F32, v=7726.0, r=LEO, mu=MU),
    C("orbital_energy", m_energy, v=1.0, r=2.0, mu=1.0),  # escape in canonical units: 0
    C("escape_speed", m_escape, r=LEO, mu=MU),
    C("hyperbolic_excess", m_excess, "domain", v=1.0, r=2.0, mu=1.0),  # escape exactly: sqrt(0)
    C("hohmann_dv", m_hohmann, r1=LEO, r2=GEO, mu=MU),
    C("hohmann_dv", m_hohmann, dtype=F32, r1=LEO, r2=GEO, mu=MU),
    C("hohmann_dv", m_hohmann, dtype=F32, r1=1.0, r2=1.0, mu=1.0),
    C("hohmann_dv_abs", m_hohmann_abs, r1=1.0, r2=3.0, mu=1.0),
    C("hohmann_dv_abs", m_hohmann_abs, "domain", r1=1.0, r2=1.0, mu=1.0),  # |dv1| + |dv2| at 0: abs's kinks
]

BY_HAND = [
    # T = 0: v / sqrt(0), a pole in T (and v's 1 / 0)
    H("mach", all_nan("v", "T"), "domain", v=250.0, T=0.0),
    # m_f = 0: log(m0 / 0), the pole; m0 keeps Isp g0 / m0 (README's log(y / x) at x = 0 keeps 1 / y)
    H("tsiolkovsky", lambda: {"isp": NAN, "m0": mpf(311) * mpf(G0) / 1000, "mf": NAN}, "domain",
      isp=311.0, m0=1000.0, mf=0.0),
    H("tsiolkovsky", all_nan("isp", "m0", "mf"), "domain", isp=311.0, m0=0.0, mf=0.0),  # 0 / 0
    # CL = CD0 = 0: 0 / 0
    H("lift_to_drag", all_nan("CL", "CD0", "k"), "domain", CL=0.0, CD0=0.0, k=0.045),
    # CD0 = 0: 1 / (2 sqrt(0)), the pole
    H("max_lift_to_drag", all_nan("CD0", "k"), "domain", CD0=0.0, k=0.045),
    H("glide_range", all_nan("h", "CD0", "k"), "domain", h=10000.0, CD0=0.0, k=0.045),
    # rho = 0: sqrt's vertex in rho; r_n and v keep 0 (the flux is 0 for every r_n and v); r_n's computed
    # 0 * (1 / sqrt(0)) = NaN
    H("sutton_graves", lambda: {"rho": NAN, "rn": mpf(0), "v": mpf(0)}, "wrong", rho=0.0, rn=1.0, v=7000.0),
    # r_n = 0: rho / 0, the pole
    H("sutton_graves", all_nan("rho", "rn", "v"), "domain", rho=3e-4, rn=0.0, v=7000.0),
    # W1 = 0: ln(W0 / 0)
    H("breguet_range", lambda: {"V": NAN, "LD": NAN, "c": NAN, "W0": mpf(230) * 17 / (mpf(1.6667e-4) * 70000),
                                "W1": NAN}, "domain", W0=70000.0, W1=0.0, **BR),  # W0 keeps V (L/D) / (c W0)
    # gamma = 0: cot's pole
    H("glide_ratio", all_nan("gamma"), "domain", gamma=0.0),
    H("glide_ratio", all_nan("gamma"), "domain", dtype=F32, gamma=0.0),
    # r = 0: mu / 0
    # (v, never meeting the pole, keeps v: README's "inputs that do not move it keep their slopes")
    H("orbital_energy", lambda: {"v": mpf(7726), "r": NAN, "mu": NAN}, "domain", v=7726.0, r=0.0, mu=MU),
    H("escape_speed", all_nan("r", "mu"), "domain", r=0.0, mu=MU),
    # exp(-h / 0): h = 0 is 0 / 0
    H("exp_density", all_nan("h", "H"), "domain", h=0.0, H=0.0),
]

PROBES = [
    C("isa_temperature", m_isa_T, h=10999.999999999998),  # the float below the tropopause
    C("isa_pressure", m_isa_p, h=10999.999999999998),
    # sqrt(M^2 - 1) = 2.1e-8 at the float above 1: nu' = ds (1 / (1 + s^2 / k) - 1 / (1 + s^2)), terms of 4.7e7
    # cancelling to 1.75e-8
    C("prandtl_meyer", m_pm, "unstable", M=1.0000000000000002),
    C("prandtl_meyer", m_pm, "unstable", M=1.00000001),
    C("prandtl_meyer", m_pm, M=1.001),
    C("prandtl_meyer", m_pm, M=1e200),  # M^2 = inf: arctan's slope 0 at inf, the exact 1e-400 below the dtype
    C("shock_mach2", m_shock_M2, "unstable", dtype=F32, M=1e20),
    # a transfer of 1e-12: dv = 5e-13 from speeds of 1 cancelling, yet computed 7.5e-13 relative off (the rounding
    # errors cancel here): ok
    C("hohmann_dv", m_hohmann, r1=1.0, r2=1.000000000001, mu=1.0),
    # m_f subnormal: m0 / m_f overflows (the exact dv 2.3e6), m_f's slope -6e326 past float64
    C("tsiolkovsky", m_rocket, "unstable", isp=311.0, m0=1000.0, mf=5e-324),
    # m_f = 1e-300: m0 / m_f = 1e303 held, but divide's rule -x / y^2 squares 1e-300 to 0: -inf for the exact -3e303
    C("tsiolkovsky", m_rocket, "unstable", isp=311.0, m0=1000.0, mf=1e-300),
    # gamma = 1e-300: L / D = 1e300 held, its slope -1e600 past float64
    C("glide_ratio", m_glide_ratio, "domain", gamma=1e-300),
    C("glide_ratio", m_glide_ratio, "domain", dtype=F32, gamma=1e-20),
    C("glide_ratio", m_glide_ratio, gamma=1.5707963267948966),  # level flight's limit: cot 6e-17
    # C_L = 1e200: k C_L^2 overflows, the exact L / D 2.2e-199 is returned 0
    C("lift_to_drag", m_ld, "unstable", CL=1e200, CD0=0.02, k=0.045),
    # float32 C_L = 1e20: the exact C_D 4.5e38 past float32's range
    C("drag_polar", m_polar, "domain", dtype=F32, CL=1e20, CD0=0.02, k=0.045),
    # float32 C_L = 5e19: C_L^2 overflows, k C_L^2 = 1.1e38 held: lost
    C("drag_polar", m_polar, "unstable", dtype=F32, CL=5e19, CD0=0.02, k=0.045),
    C("sutton_graves", m_sg, rho=5e-324, rn=1.0, v=7000.0),  # a subnormal density
    # W0 / W1 = 1 + 2.08e-16 rounded to 1 + 2.2e-16: the endurance 7% off
    C("breguet_endurance", m_endurance, "unstable", LD=17.0, c=1.6667e-4, W0=70000.0, W1=69999.99999999999),
    # dv = 1e-10: 1 - e^-x at x = 3e-14, the value off 0.4% (expm1)
    C("propellant_fraction", m_prop, "unstable", dv=1e-10, isp=350.0),
    C("hyperbolic_excess", m_excess, v=1.0000000000000002, r=2.0, mu=1.0),  # just past escape
    # float32: 5 x float32(0.3) = 1.5 + 6e-8 exactly, computed 1.5 on the bound: the clipped side, alpha 0, clmax 1
    C("lift_clipped", m_clip, "unstable", dtype=F32, alpha=0.3, clmax=1.5),
    # Lock's drag rise 20 (M - M_crit)^4 switched on above M_crit: C^3 at the switch, both sides' slopes 0
    C("lock_drag", m_lock, M=0.7),
    C("lock_drag", m_lock, dtype=F32, M=0.7),
    # float32 v = 1e13: v^3 overflows, the flux 3e33 held: lost
    C("sutton_graves", m_sg, "unstable", dtype=F32, rho=3e-4, rn=1.0, v=1e13),
    # float32 near escape: 5.97e7 - 5.97e7 = -1.08e4, computed 1.8e-5 off (within float32's 1e-4)
    C("orbital_energy", m_energy, dtype=F32, v=10925.0, r=LEO, mu=MU),
    C("isa_pressure", m_isa_p, h=-500.0),  # below sea level
    # the stall by W / (q S) against C_L,max = 1.3: ordinary, stalled, and exact ties
    C("cl_required", m_clreq, W=2.0, q=1.5, S=2.0),
    C("cl_required", m_clreq, "domain", dtype=F32, W=2.6, q=1.0, S=2.0),  # 2.6f / 2 = 1.3f exactly
    # float32: 3.8999998569488525 = 3 x float32(1.3) exactly, q S = 3: W / (q S) is float32's 1.3 exactly, the held
    # program's switch; the written one (1.3 and W as doubles) is below it there: judged as written (README), ok
    W("cl_required", m_clreq, dtype=F32, W=3.8999998569488525, q=1.5, S=2.0),
    W("cl_required", m_clreq, dtype=F32, W=1.9499999284744263, q=1.5, S=1.0),  # 1.5 x float32(1.3)
    C("cl_capped", m_clreq, "domain", dtype=F32, W=2.6, q=1.0, S=2.0),
    W("cl_capped", m_clreq, dtype=F32, W=3.8999998569488525, q=1.5, S=2.0),
    W("cl_capped", m_clreq, dtype=F32, W=1.9499999284744263, q=1.5, S=1.0),
    C("isa_density", m_isa_rho, "domain", dtype=F32, h=11000.0),
    # float32 dv = 1e-3: 1 - e^-2.9e-7 in float32
    C("propellant_fraction", m_prop, "unstable", dtype=F32, dv=1e-3, isp=350.0),
]

ALL = MIRRORED + BY_HAND + PROBES
