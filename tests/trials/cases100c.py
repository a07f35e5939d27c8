"""The hundredth round (c) of user trials: sports science and biomechanics written with gradcli.numpy
(tests/trials/lib100c.py).

The formulas sports scientists and biomechanists fit or differentiate: Banister's fitness-fatigue impulse response
summed over a week's sessions (both dtypes; tau1 = tau2; tau2 = 1e-3 and float32 0.05; tau2 = 0), masked by where to
the sessions before t (past, between sessions, on a session's day, with a masked session's e^{+875}, and float32 0.03)
and for one session (tau2 = 0); the time to peak performance tau1 tau2 / (tau1 - tau2) log(k2 tau1 / (k1 tau2)) (both
dtypes; tau1 = tau2 with k1 != k2 and k1 = k2; tau2 = tau1 (1 + 2.4e-11)); the critical power model W' / t + CP
(ordinary; t = 0; float32 t = 1e-30), its inverse W' / (P - CP) (ordinary; P = CP; P = 1e6) and CP from two trials
(ordinary; t1 = t2); VO2 on-kinetics base + A (1 - e^{-max(0, t - TD) / tau}) (both dtypes; before the delay; t = TD
both dtypes) and by where (ordinary; t = TD; float32 e^{100} unselected); the knee angle by arccos of the unit
segment vectors' dot, plain and clipped, and by atan2 of cross and dot (a flexed knee in both dtypes; full extension,
exactly collinear, both dtypes; angles of 1e-3 in float32 and 1e-6 in float64; markers typed collinear whose doubles
are not, the dot rounding to 1 and to 1 + 2^-52; the hip marker on the knee's); a segment's length and direction
(ordinary; coincident markers); the centre of mass (ordinary; one segment's mass; zero total mass); the drag-free range
v^2 sin(2 theta) / g (both dtypes; theta the double and the float32 pi / 4); horizontal distance under quadratic drag
log(1 + k v0 t) / k beside log1p (k = 0.004, 1e-12, 1e-20, float32 1e-6) and (v_t^2 / g) log(1 + g v0 t / v_t^2)
(v_t = 50, 1e7); Peronnet-Thibault's power-duration curve (both dtypes; t < TTE; t = TTE; t = 1e-9); Hill's
(F0 + a) b / (v + b) - a (ordinary; v = -b) and a concentric / eccentric switch by where (both branches, both
dtypes; v = 0 both dtypes; v = -k vmax, the concentric pole unselected); the Furusawa-Hill-Keller sprint speed and
distance, naive and by expm1 (ordinary; t = 0; t = 1e-9); Elo's expected score and its log loss naive and by
logaddexp (ordinary, both dtypes; gaps of 200000 points either way, float32 20000); Riegel's t1 (d2 / d1)^1.06 (both
dtypes; d1 = d2 both dtypes; d2 = 0) and with the exponent fitted (ordinary; d1 = d2). Not written: the
Cunningham-Faulkner and Ward-Smith speed models (the sprint model stands in for them).

Tried: 30 functions, 116 cases through the CLI judged by tests/trials/judge.py (at most two gradcli processes at once:
a scratch driver runs the CLI in two threads and judges in the main one), and scratch probes by hand (F1's minimal
forms, np.log(10.0)'s reference in float32, the float64 data's promotion). ALL keeps 110 of them (6 ordinary float32
duplicates dropped after they agreed): 64 ok, 22 unstable, 17 domain, 7 wrong; 82 float64, 28 float32. 108 agree with
gradcli in verdict and in every exact gradient entry (to 1e-10 relative); 2 are the finding F1. Every check took
0.6-4.7 s on the shared machine (two at once); the final run of the 110 took 65 s; all 110 truths evaluate in 3 s.

Truths are written here from the mathematics, never lib100c's code or gradcli: each formula an mpmath expression (the
Banister sums over the sessions before t, the knee angle as |atan2(cross, dot)| where arccos meets 1, log1p and expm1
forms of the drag distance, Peronnet-Thibault and the sprint distance, the eccentric branch's 1.8, 0.8 and 7.56 as the
dtype holds them, 9.81 and 1.06 so too), the points as the dtype holds them, np.log(10.0) as ln 10 (a gradcli.numpy op,
exact in the reference as any op is). Derivatives from the left and the right by mpmath.diff at 2,000 digits
(cases30b.sided_grad with finite_sides: NaN where the sides differ or one is undefined or infinite); by hand the poles
(t = 0, P = CP, t1 = t2, v = -b, tau1 = tau2), coincident markers (0 / 0), zero total mass, tau2 = 0 (e^{-t / 0} = 0:
its slopes in t and k2 0, tau2 none: e^{+inf} below) and Riegel at d2 = 0 (a power at a zero base by the side it is
defined on, the house's reading; its slope (d2 / d1)^0.06 -> 0 too slowly for differences).

What agreed (beyond the ordinary points, ok in both dtypes): Banister ok at tau1 = tau2 and below every double at tau2
= 1e-3 (float32 0.05); the masked form domain on a session's day (the 150 (k1 - k2) impulse jumps in), unstable where a
masked session's e^{+875} overflows and leaks 0 * inf through where (finite at any higher precision: the dtype's
overflow, not a wrong rule), ok in "float32" at e^{116.7} (LOADS and DAYS are float64 arrays, so t - DAYS and all after
it are float64: the user's float32 point computes in float64); the peak time domain at tau1 = tau2 (a pole; 0 / 0 at k1
= k2) and unstable at tau2 = tau1 (1 + 2.4e-11) (log(tau1 / tau2) keeps 5 digits); critical power domain at t = 0 (CP
keeps 1) and float32 t = 1e-30 (t's -2e64 past float32), its inverse domain at P = CP and ok at P = 1e6, CP from two
trials domain at t1 = t2; VO2 domain at t = TD in both dtypes and both spellings (t and TD none, A and tau 0), unstable
in float32 where the unselected branch's e^{100} overflows; the knee angle by arccos wrong at full extension in both
dtypes and clipped (README's pattern: the x-coordinates have no derivative, the y-coordinates' exact 0 comes out -inf *
0 = NaN at any precision), unstable at 1e-3 in float32 and 1e-6 in float64 (1 - cos against the spacing at 1) and at
the typed-collinear markers (the dot 1.0: arccos's rule -inf where the angle 7.7e-17 is smooth; 1 + 2^-52: NaN); by
atan2 ok through full extension in both dtypes and at the small angles, unstable at the typed-collinear markers (the
cross product 1.25e-17 computed 1.04e-17: the value 17% off, the slopes held), wrong with the hip marker on the knee's
(hip and knee none: atan2 jumps; the ankle's exact 0 computed 0 / 0); segment length and direction and the centre of
mass domain at coincident markers and zero mass, ok with one segment's mass; the range ok at both pi / 4s; the drag
distance by log unstable at k = 1e-12, 1e-20 and float32 1e-6 and by v_t at 1e7, and by log1p ok at k = 0.004 but
unstable at k = 1e-12 and float32 1e-6 too: log1p keeps the value, while k's slope -(v0 t)^2 / 2 = -1800 is what the
quotient rule's a / (k (1 + k a)) - log1p(k a) / k^2 leaves of two terms of 6e13; Peronnet-Thibault domain at t = TTE
(A's slope log 1 = 0 on both sides) and unstable at t = 1e-9; Hill domain at v = -b, the eccentric switch domain at v =
0 in both dtypes (slopes -5 F0 / vmax and -24.99 F0 / vmax; F0's 1, vmax's 0) and wrong at v = -2 where the unselected
concentric branch's pole (vmax + v / k = 0 exactly, infinite at any precision) leaks NaN; the sprint model ok at t = 0
(every slope 0), unstable at t = 1e-9 for the speed and for the distance in both forms (expm1 keeps e^-x - 1, but t +
tau (e^-x - 1) still cancels to t^2 / (2 tau) = 4.2e-19); Elo's expected score ok at a 200000-point lead (10^-500 = 0,
slopes below any double) and unstable at the 200000-point deficit (the rule's inf / inf^2), its log loss unstable
there (log(1 + inf)) and in float32 at 20000, by logaddexp ok; Riegel ok at d1 = d2 in both dtypes and at d2 = 0, the
fitted exponent ok at d1 = d2 (e's t1 log 1 = 0).

Truths the round corrected in itself (against the first CLI batch of 115; each re-derived before changing it):
- the masked Banister sum (float64, tau2 = 0.004) and VO2 by where (float32, tau = 0.15), first wrong (a where leak):
  the unselected e^{875} and e^{100} are finite at any higher precision, so the NaN is the dtype's overflow, README's
  unstable; wrong is kept for a leak that is NaN at every precision (Hill's pole, atan2(0, 0), arccos at 1);
- the masked Banister sum in float32 (tau2 = 0.03), first wrong: the program's float64 data make it compute in float64,
  where e^{116.7} is finite: ok;
- the knee angle by arccos (plain both dtypes, clipped) at full extension, first domain: the y-coordinates' exact 0
  computed NaN is wrong, as README says of 1 / (y log1p(-x)) at x = 1;
- the knee angle by atan2 at the typed-collinear markers, first ok: the angle's value is the cross product's
  cancellation, 17% off: unstable;
- atan2 with the hip marker on the knee's, first domain with every entry none: the ankle's exact 0 (cross and dot stay
  0) is computed 0 / 0: wrong;
- Riegel at d2 = 0, first by differences (which do not settle: (h / d1)^0.06 shrinks too slowly): by hand, every slope
  0;
- Elo's logaddexp loss in float32, first with float32(ln 10): np.log(10.0) is gradcli.numpy's log, whose exact value
  (in the reference, as for any op) is ln 10; the float32 rounding of it is the program's rounding error (the gradient
  entry 5.7564627e-3 either way within float32's tolerance; math.log(10.0), a plain float, is held as float32).

Findings:
F1 (mended: `arb_proof._over_a_constant_0`, -t / 0 is IEEE's -inf to the proofs, exp of it exactly 0). One
session's fitness-fatigue response at a zero time constant: the exact reference does not settle ("no exact
  reference: an exact entry is within 3.24e-2561 of 0 at 3840 digits but not proven 0, so gradcli cannot say whether
  this value and gradient are right: no verdict"), where every slope is known and the verdict is wrong. In lib100c,
  `single_session(t, k1, k2, tau1, tau2) = k1 * np.exp(-t / tau1) - k2 * np.exp(-t / tau2)` at t = 10, k1 = 1, k2 =
  2, tau1 = 42, tau2 = 0: error, computed value 0.7881276 and gradient {t: nan, k1: 0.788127627745311, k2: -0.0,
  tau1: 0.0044678436947, tau2: nan}; the summed `banister` at the same point alike (within 2.21e-2558). Minimal, in a
  file `import gradcli.numpy as np; def f(k2, tau): return np.exp(-10.0 / 42.0) - k2 * np.exp(-10.0 / tau)`,
  `gradcli check file.py:f --at "k2=2.0,tau=0.0" --json`: error (at --max-digits 120: "within 4.36e-81 of 0 at 120
  digits"), the same with --wrt k2 alone; while `0.788 - k2 * np.exp(-10.0 / tau)`, `k1 - k2 * np.exp(...)`, `k1 * 0.5
  - k2 * np.exp(...)` and `k1 * np.exp(-10.0 / tau)` at tau = 0 are domain (k2's or k1's exact 0, tau none), and
  `np.exp(-t / 42.0) - np.exp(-t / tau)` and `k * np.exp(-t / tau)` at t = 10, tau = 0 are wrong (t's exact slope
  computed NaN). The truth for f: -10 / 0 = -inf and e^-inf = 0 exactly (README: at high precision x / 0 is infinite
  as in the dtype), so k2's slope -e^{-10 / tau} is exactly 0 and tau's none (e^{-10 / tau} and every derivative -> 0
  from the right, e^{+inf} from the left): domain; for single_session and banister t's exact slope is -k1 / tau1
  e^{-t / tau1} (the tau2 term is 0 for every t), computed -inf * 0 = NaN at any precision: wrong. Sure because:
  gradcli's own answers for the same entry beside a rational constant (0.788, k1 * 0.5) prove it 0, and its answers
  for t in the forms without k1 give exactly these slopes; what breaks the proof is the transcendental e^{-10 / 42}
  beside it."""

import math

import mpmath
import numpy
from mpmath import mpf

from cases import Case
from cases30b import sided_grad

L = "lib100c.py"
NAN = mpmath.nan
F32 = "float32"
exp, log, sqrt = mpmath.exp, mpmath.log, mpmath.sqrt


def _txt(v):
    if isinstance(v, list):
        return "[" + ",".join(_txt(a) for a in v) + "]"
    return repr(float(v))


def held(dtype, value):
    """The number the dtype holds for a point's coordinate or a Python float constant meeting an array."""
    return mpf(float(numpy.float32(value))) if dtype == "float32" else mpf(float(value))


# --- the mathematics, in mpmath (never lib100c's code path); constants as the dtype holds them -----------------------

LOADS = [100, 80, 120, 0, 150, 90, 60]
DAYS = [0, 1, 2, 3, 4, 5, 6]


def m_banister(t, k1, k2, tau1, tau2):
    """400 + sum_s w_s (k1 e^{-(t - s) / tau1} - k2 e^{-(t - s) / tau2}), t past every session."""
    return 400 + sum(w * (k1 * exp(-(t - s) / tau1) - k2 * exp(-(t - s) / tau2)) for w, s in zip(LOADS, DAYS))


def m_banister_causal(t, k1, k2, tau1, tau2):
    """The same over the sessions strictly before t."""
    return 400 + sum(w * (k1 * exp(-(t - s) / tau1) - k2 * exp(-(t - s) / tau2))
                     for w, s in zip(LOADS, DAYS) if t - s > 0)


def m_peak_time(k1, k2, tau1, tau2):
    return tau1 * tau2 / (tau1 - tau2) * log(k2 * tau1 / (k1 * tau2))


def m_critical_power(t, w_prime, cp):
    return w_prime / t + cp


def m_tte(p, w_prime, cp):
    return w_prime / (p - cp)


def m_cp_two(p1, t1, p2, t2):
    return (p1 * t1 - p2 * t2) / (t1 - t2)


def m_vo2(t, base, amp, td, tau):
    return base + amp * (1 - exp(-max(mpf(0), t - td) / tau))


def _unit(a):
    n = sqrt(sum(x * x for x in a))
    return [x / n for x in a]


def _sub(a, b):
    return [x - y for x, y in zip(a, b)]


def m_knee_arccos(hip, knee, ankle):
    u, v = _unit(_sub(knee, hip)), _unit(_sub(ankle, knee))
    c = u[0] * v[0] + u[1] * v[1]
    return mpmath.acos(c) if abs(c) <= 1 else NAN


def m_knee_geometric(hip, knee, ankle):
    """The same angle as |atan2(cross, dot)|: exact where the unit vectors' dot is 1 (acos's argument is a cosine)."""
    u, v = _sub(knee, hip), _sub(ankle, knee)
    return abs(mpmath.atan2(u[0] * v[1] - u[1] * v[0], u[0] * v[0] + u[1] * v[1]))


def m_knee_atan2(hip, knee, ankle):
    u, v = _sub(knee, hip), _sub(ankle, knee)
    return mpmath.atan2(u[0] * v[1] - u[1] * v[0], u[0] * v[0] + u[1] * v[1])


def m_length(p, q):
    return sqrt(sum((b - a) ** 2 for a, b in zip(p, q)))


def m_direction_x(p, q):
    return (q[0] - p[0]) / m_length(p, q)


def m_com(masses, xs):
    return sum(m * x for m, x in zip(masses, xs)) / sum(masses)


def m_range(dtype):
    g = held(dtype, 9.81)
    return lambda v, theta: v ** 2 * mpmath.sin(2 * theta) / g


def m_drag(t, v0, k):
    return mpmath.log1p(k * v0 * t) / k


def m_drag_vt(t, v0, vt):
    g = mpf(9.81)
    return vt ** 2 / g * mpmath.log1p(g * v0 * t / vt ** 2)


def m_pt(t, s, map_, a, tte):
    anaerobic = s / t * -mpmath.expm1(-t / 20)
    aerobic = map_ * (1 - 30 / t * -mpmath.expm1(-t / 30))
    decline = a * log(t / tte) if t > tte else 0
    return anaerobic + aerobic - decline


def m_hill(v, f0, a, b):
    return (f0 + a) * b / (v + b) - a


def m_hill_ecc(dtype):
    c18, c08, c756 = held(dtype, 1.8), held(dtype, 0.8), held(dtype, 7.56)

    def f(v, f0, vmax):
        if v >= 0:
            return f0 * (vmax - v) / (vmax + v / mpf(0.25))
        return f0 * (c18 - c08 * (vmax + v) / (vmax - c756 * v / mpf(0.25)))
    return f


def m_sprint_speed(t, vmax, tau):
    return vmax * -mpmath.expm1(-t / tau)


def m_sprint_distance(t, vmax, tau):
    return vmax * (t + tau * mpmath.expm1(-t / tau))


def m_elo_expected(ra, rb):
    return 1 / (1 + mpmath.power(10, (rb - ra) / 400))


def m_elo_loss(ra, rb):
    return log(1 + mpmath.power(10, (rb - ra) / 400))


def m_elo_loss_stable(dtype):
    ln10 = log(10)  # np.log(10.0): gradcli.numpy's log of 10, whose exact value is ln 10

    def f(ra, rb):
        x = (rb - ra) * ln10 / 400
        return x + log(1 + exp(-x)) if x > 0 else log(1 + exp(x))
    return f


def m_riegel(dtype):
    e = held(dtype, 1.06)

    def f(t1, d1, d2):
        r = d2 / d1
        if r < 0:
            return NAN
        return t1 * (mpf(0) if r == 0 else mpmath.power(r, e))
    return f


def m_riegel_fit(t1, d1, d2, e):
    r = d2 / d1
    return t1 * (mpf(0) if r == 0 else mpmath.power(r, e))


# --- cases ------------------------------------------------------------------------------------------------------------

def _at(pt):
    return ",".join(f"{k}={_txt(v)}" for k, v in pt.items())


def C(function, mirror, verdict="ok", dtype="float64", **pt):
    """A case whose truth is the one- and two-sided derivative of ``mirror`` at the point as ``dtype`` holds it."""
    return Case(L, function, _at(pt), dtype, verdict, sided_grad(mirror, dtype, finite_sides=True, **pt))


def H(function, truth, verdict="ok", dtype="float64", **pt):
    """A case whose truth is written by hand (evaluated at 60 digits)."""
    return Case(L, function, _at(pt), dtype, verdict, truth)


def all_nan(*names):
    return lambda: {k: NAN for k in names}


BAN = dict(k1=1.0, k2=2.0, tau1=42.0, tau2=7.0)
HKA = dict(hip=[0.0, 0.9], knee=[0.05, 0.5], ankle=[-0.1, 0.1])  # a flexed knee
STRAIGHT = dict(hip=[0.0, 1.0], knee=[0.0, 0.5], ankle=[0.0, 0.0])  # full extension, exactly collinear
# typed collinear, but the doubles are not: the cross product 1.25e-17, the angle 7.7e-17; the unit vectors' dot
# rounds to 1.0
NEAR = dict(hip=[0.1, 0.9], knee=[0.15, 0.5], ankle=[0.2, 0.1])
# the same, where the dot rounds to 1.0000000000000002: arccos NaN
OVER = dict(hip=[0.05, 0.95], knee=[0.11, 0.52], ankle=[0.182, 0.004])
PT = dict(s=20000.0, map_=400.0, a=30.0, tte=420.0)

MIRRORED = [
    # --- Banister
    C("banister", m_banister, t=10.0, **BAN),
    C("banister", m_banister, dtype=F32, t=10.0, **BAN),
    C("banister", m_banister, t=10.0, k1=1.0, k2=2.0, tau1=20.0, tau2=20.0),  # tau1 = tau2: nothing breaks
    # tau2 = 1e-3: every fatigue term e^{-4000} and below, under any double, and their slopes too
    C("banister", m_banister, t=10.0, k1=1.0, k2=2.0, tau1=42.0, tau2=1e-3),
    C("banister", m_banister, dtype=F32, t=10.0, k1=1.0, k2=2.0, tau1=42.0, tau2=0.05),  # e^-80 and below
    C("banister_causal", m_banister_causal, t=3.5, **BAN),  # the sessions on days 4-6 masked out
    # t on a session's day: the impulse 150 (k1 - k2) arrives just after t: a jump, t none
    C("banister_causal", m_banister_causal, "domain", t=4.0, **BAN),
    # t = 2.5 with tau2 = 0.004: the masked sessions' e^{+875} = inf (finite at any higher precision) leaks 0 * inf
    # through where: t's, k2's and tau2's slopes NaN
    C("banister_causal", m_banister_causal, "unstable", t=2.5, k1=1.0, k2=2.0, tau1=42.0, tau2=0.004),
    # the same in float32 with tau2 = 0.03 (e^{116.7}): but LOADS and DAYS are float64 arrays, so t - DAYS and all
    # after it are float64, where e^{116.7} is finite
    C("banister_causal", m_banister_causal, dtype=F32, t=2.5, k1=1.0, k2=2.0, tau1=42.0, tau2=0.03),
    C("banister_peak_time", m_peak_time, **BAN),
    C("banister_peak_time", m_peak_time, dtype=F32, **BAN),
    # tau2 = tau1 (1 + 2.4e-11), k1 = k2: tau1 - tau2 exact, log(tau1 / tau2) keeps 5 digits
    C("banister_peak_time", m_peak_time, "unstable", k1=1.0, k2=1.0, tau1=42.0, tau2=42.000000001),
    # --- critical power
    C("critical_power", m_critical_power, t=180.0, w_prime=20000.0, cp=250.0),
    C("critical_power", m_critical_power, "domain", dtype=F32, t=1e-30, w_prime=20000.0, cp=250.0),  # -2e64
    C("time_to_exhaustion", m_tte, p=400.0, w_prime=20000.0, cp=250.0),
    C("time_to_exhaustion", m_tte, p=1e6, w_prime=20000.0, cp=250.0),  # t -> 0: 0.02 s
    C("cp_two_trials", m_cp_two, p1=400.0, t1=180.0, p2=300.0, t2=600.0),
    # --- VO2 on-kinetics
    C("vo2_onset", m_vo2, t=60.0, base=0.8, amp=2.5, td=15.0, tau=25.0),
    C("vo2_onset", m_vo2, dtype=F32, t=60.0, base=0.8, amp=2.5, td=15.0, tau=25.0),
    C("vo2_onset", m_vo2, t=10.0, base=0.8, amp=2.5, td=15.0, tau=25.0),  # before the delay: base alone
    # t = TD: max(0, t - TD)'s kink: t and TD none, amp and tau 0 on both sides
    C("vo2_onset", m_vo2, "domain", t=15.0, base=0.8, amp=2.5, td=15.0, tau=25.0),
    C("vo2_onset", m_vo2, "domain", dtype=F32, t=15.0, base=0.8, amp=2.5, td=15.0, tau=25.0),
    C("vo2_onset_where", m_vo2, t=60.0, base=0.8, amp=2.5, td=15.0, tau=25.0),
    C("vo2_onset_where", m_vo2, "domain", t=15.0, base=0.8, amp=2.5, td=15.0, tau=25.0),
    # t = 0, TD = 15, tau = 0.15 in float32: the unselected branch's e^{100} = inf (finite at higher precision)
    # leaks 0 * inf through where
    C("vo2_onset_where", m_vo2, "unstable", dtype=F32, t=0.0, base=0.8, amp=2.5, td=15.0, tau=0.15),
    # --- joint angles
    C("knee_angle_arccos", m_knee_arccos, **HKA),
    C("knee_angle_arccos", m_knee_arccos, dtype=F32, **HKA),
    C("knee_angle_atan2", m_knee_atan2, **HKA),
    C("knee_angle_atan2", m_knee_atan2, dtype=F32, **HKA),
    C("knee_angle_clipped", m_knee_arccos, **HKA),
    # full extension: arccos at 1, the angle |theta| a cone in the x-coordinates (none), flat in the y-coordinates
    # (0), which arccos's rule -1 / sqrt(1 - 1) times d(dot) / dy = 0 makes NaN at any precision
    C("knee_angle_arccos", m_knee_geometric, "wrong", **STRAIGHT),
    C("knee_angle_arccos", m_knee_geometric, "wrong", dtype=F32, **STRAIGHT),
    C("knee_angle_clipped", m_knee_geometric, "wrong", **STRAIGHT),
    C("knee_angle_atan2", m_knee_atan2, **STRAIGHT),  # the signed angle: smooth through 0
    C("knee_angle_atan2", m_knee_atan2, dtype=F32, **STRAIGHT),
    # an angle of 1e-3 in float32 and 1e-6 in float64: 1 - cos = 5e-7 and 5e-13 against the dtype's spacing at 1
    C("knee_angle_arccos", m_knee_geometric, "unstable", dtype=F32, hip=[0.0, 1.0], knee=[0.0, 0.5],
      ankle=[0.0005, 0.0]),
    C("knee_angle_atan2", m_knee_atan2, dtype=F32, hip=[0.0, 1.0], knee=[0.0, 0.5], ankle=[0.0005, 0.0]),
    C("knee_angle_arccos", m_knee_geometric, "unstable", hip=[0.0, 1.0], knee=[0.0, 0.5], ankle=[5e-7, 0.0]),
    C("knee_angle_atan2", m_knee_atan2, hip=[0.0, 1.0], knee=[0.0, 0.5], ankle=[5e-7, 0.0]),
    # typed collinear: the doubles' angle 7.7e-17 (smooth there), the dot computed 1.0: arccos's rule -inf
    C("knee_angle_arccos", m_knee_geometric, "unstable", **NEAR),
    C("knee_angle_clipped", m_knee_geometric, "unstable", **NEAR),
    # atan2 keeps the slopes, but the value 7.7e-17 is the cross product's cancellation (1.04e-17 computed for
    # 1.25e-17): 17% off
    C("knee_angle_atan2", m_knee_atan2, "unstable", **NEAR),
    C("knee_angle_arccos", m_knee_geometric, "unstable", **OVER),  # the dot computed 1 + 2^-52: arccos NaN
    # --- segments, centre of mass
    C("segment_length", m_length, p=[0.1, 0.9], q=[0.05, 0.5]),
    C("segment_direction_x", m_direction_x, p=[0.1, 0.9], q=[0.05, 0.5]),
    C("centre_of_mass", m_com, masses=[10.0, 35.0, 7.0], xs=[0.2, 0.5, 0.9]),
    C("centre_of_mass", m_com, masses=[10.0, 0.0, 0.0], xs=[0.2, 0.5, 0.9]),  # one segment: its x, others' 0
    # --- projectiles
    C("projectile_range", m_range("float64"), v=25.0, theta=0.7),
    C("projectile_range", m_range(F32), dtype=F32, v=25.0, theta=0.7),
    C("projectile_range", m_range("float64"), v=25.0, theta=math.pi / 4),  # the double pi / 4: theta's 7.8e-15
    C("projectile_range", m_range(F32), dtype=F32, v=25.0, theta=math.pi / 4),  # float32's: cos = -4.4e-8
    C("drag_distance", m_drag, t=2.0, v0=30.0, k=0.004),
    C("drag_distance_log1p", m_drag, t=2.0, v0=30.0, k=0.004),
    C("drag_distance", m_drag, dtype=F32, t=2.0, v0=30.0, k=0.004),
    # k -> 0: log(1 + 6e-11) keeps 5 digits
    C("drag_distance", m_drag, "unstable", t=2.0, v0=30.0, k=1e-12),
    # log1p keeps the value, but k's slope -(v0 t)^2 / 2 = -1800 is what a / (k (1 + k a)) - log1p(k a) / k^2
    # leaves of two terms of 6e13
    C("drag_distance_log1p", m_drag, "unstable", t=2.0, v0=30.0, k=1e-12),
    C("drag_distance", m_drag, "unstable", t=2.0, v0=30.0, k=1e-20),  # 1 + 6e-19 = 1: the value 0 for 60
    C("drag_distance", m_drag, "unstable", dtype=F32, t=2.0, v0=30.0, k=1e-6),
    C("drag_distance_log1p", m_drag, "unstable", dtype=F32, t=2.0, v0=30.0, k=1e-6),
    C("drag_distance_vt", m_drag_vt, t=2.0, v0=30.0, vt=50.0),
    C("drag_distance_vt", m_drag_vt, "unstable", t=2.0, v0=30.0, vt=1e7),  # log(1 + 5.9e-12)
    # --- Peronnet-Thibault
    C("peronnet_thibault", m_pt, t=600.0, **PT),
    C("peronnet_thibault", m_pt, dtype=F32, t=600.0, **PT),
    C("peronnet_thibault", m_pt, t=120.0, **PT),
    # t = TTE: the decline A log(t / TTE) switched on: t and TTE none; A's slope log 1 = 0 on both sides
    C("peronnet_thibault", m_pt, "domain", t=420.0, **PT),
    # t = 1e-9 s: 1 - e^{-t / k} keeps 7 digits, and the aerobic 1 - k1 / t (1 - e^{-t / k1}) cancels to 1.7e-11
    C("peronnet_thibault", m_pt, "unstable", t=1e-9, **PT),
    # --- Hill
    C("hill_force", m_hill, v=0.3, f0=1000.0, a=250.0, b=2.0),
    C("hill_force_eccentric", m_hill_ecc("float64"), v=1.5, f0=1000.0, vmax=8.0),
    C("hill_force_eccentric", m_hill_ecc("float64"), v=-1.0, f0=1000.0, vmax=8.0),
    C("hill_force_eccentric", m_hill_ecc(F32), dtype=F32, v=-1.0, f0=1000.0, vmax=8.0),
    # v = 0: continuous (F0 both), slopes -5 F0 / vmax and -24.99 F0 / vmax: v none; F0 1, vmax 0
    C("hill_force_eccentric", m_hill_ecc("float64"), "domain", v=0.0, f0=1000.0, vmax=8.0),
    C("hill_force_eccentric", m_hill_ecc(F32), "domain", dtype=F32, v=0.0, f0=1000.0, vmax=8.0),
    # v = -k vmax = -2: the unselected concentric branch's pole (vmax + v / k = 0) leaks through where
    C("hill_force_eccentric", m_hill_ecc("float64"), "wrong", v=-2.0, f0=1000.0, vmax=8.0),
    # --- sprint
    C("sprint_speed", m_sprint_speed, t=3.0, vmax=11.5, tau=1.2),
    C("sprint_distance", m_sprint_distance, t=3.0, vmax=11.5, tau=1.2),
    C("sprint_distance", m_sprint_distance, dtype=F32, t=3.0, vmax=11.5, tau=1.2),
    C("sprint_distance_expm1", m_sprint_distance, t=3.0, vmax=11.5, tau=1.2),
    C("sprint_distance", m_sprint_distance, t=0.0, vmax=11.5, tau=1.2),  # every slope 0
    C("sprint_speed", m_sprint_speed, "unstable", t=1e-9, vmax=11.5, tau=1.2),
    # t = 1e-9: the distance t^2 / (2 tau) = 4.2e-19 from terms of 1e-9, in both forms (expm1 keeps e^-x - 1 but
    # not t + tau (e^-x - 1))
    C("sprint_distance", m_sprint_distance, "unstable", t=1e-9, vmax=11.5, tau=1.2),
    C("sprint_distance_expm1", m_sprint_distance, "unstable", t=1e-9, vmax=11.5, tau=1.2),
    # --- Elo
    C("elo_expected", m_elo_expected, ra=1600.0, rb=1500.0),
    C("elo_expected", m_elo_expected, dtype=F32, ra=1600.0, rb=1500.0),
    C("elo_expected", m_elo_expected, ra=200000.0, rb=0.0),  # 10^-500 = 0: the value 1, slopes below any double
    # 10^500 = inf: the value 0 (1e-500 below any double), the rule's inf / inf^2
    C("elo_expected", m_elo_expected, "unstable", ra=0.0, rb=200000.0),
    C("elo_loss", m_elo_loss, ra=1600.0, rb=1500.0),
    C("elo_loss", m_elo_loss, "unstable", ra=0.0, rb=200000.0),  # log(1 + inf) for 500 ln 10
    C("elo_loss", m_elo_loss, "unstable", dtype=F32, ra=0.0, rb=20000.0),  # 10^50 past float32
    C("elo_loss_stable", m_elo_loss_stable("float64"), ra=1600.0, rb=1500.0),
    C("elo_loss_stable", m_elo_loss_stable("float64"), ra=0.0, rb=200000.0),
    C("elo_loss_stable", m_elo_loss_stable(F32), dtype=F32, ra=0.0, rb=20000.0),
    # --- Riegel
    C("riegel", m_riegel("float64"), t1=1200.0, d1=5000.0, d2=10000.0),
    C("riegel", m_riegel(F32), dtype=F32, t1=1200.0, d1=5000.0, d2=10000.0),
    C("riegel", m_riegel("float64"), t1=1200.0, d1=5000.0, d2=5000.0),  # d1 = d2: smooth
    C("riegel", m_riegel(F32), dtype=F32, t1=1200.0, d1=5000.0, d2=5000.0),
    C("riegel_fit", m_riegel_fit, t1=1200.0, d1=5000.0, d2=10000.0, e=1.06),
    C("riegel_fit", m_riegel_fit, t1=1200.0, d1=5000.0, d2=5000.0, e=1.06),  # e's t1 log 1 = 0
]

BY_HAND = [
    # 0^1.06 at d2 = 0: the side the power is defined on, its slope 1.06 (d2 / d1)^0.06 / d1 t1 -> 0 (too slowly for
    # differences)
    H("riegel", lambda: {"t1": mpf(0), "d1": mpf(0), "d2": mpf(0)}, t1=1200.0, d1=5000.0, d2=0.0),
    # tau2 = 0: -dt / 0 = -inf, e^-inf = 0 (the limit from tau2 > 0, flat to every order): t's and k2's slopes 0,
    # tau2 none (e^{+inf} below); the rule's e^-inf * -1 / 0 for t
    H("banister", lambda: {**sided_grad(lambda t, k1, tau1: m_banister(t, k1, 0, tau1, 1), "float64",
                                        t=10.0, k1=1.0, tau1=42.0)(), "k2": mpf(0), "tau2": NAN},
      "wrong", t=10.0, k1=1.0, k2=2.0, tau1=42.0, tau2=0.0),
    # one session's response k1 e^{-t / tau1} - k2 e^{-t / tau2} at tau2 = 0: the same, with nothing summed (F1)
    H("single_session", lambda: {**sided_grad(lambda t, k1, tau1: k1 * exp(-t / tau1), "float64",
                                              t=10.0, k1=1.0, tau1=42.0)(), "k2": mpf(0), "tau2": NAN},
      "wrong", t=10.0, k1=1.0, k2=2.0, tau1=42.0, tau2=0.0),
    # tau1 = tau2 with k1 != k2: log(2) / 0, a pole; with k1 = k2: 0 / 0
    H("banister_peak_time", all_nan("k1", "k2", "tau1", "tau2"), "domain", k1=1.0, k2=2.0, tau1=42.0, tau2=42.0),
    H("banister_peak_time", all_nan("k1", "k2", "tau1", "tau2"), "domain", k1=1.0, k2=1.0, tau1=42.0, tau2=42.0),
    H("critical_power", lambda: {"t": NAN, "w_prime": NAN, "cp": mpf(1)}, "domain", t=0.0, w_prime=20000.0,
      cp=250.0),
    H("time_to_exhaustion", all_nan("p", "w_prime", "cp"), "domain", p=250.0, w_prime=20000.0, cp=250.0),
    H("cp_two_trials", all_nan("p1", "t1", "p2", "t2"), "domain", p1=400.0, t1=300.0, p2=300.0, t2=300.0),
    # coincident markers: a norm's vertex, 0 / 0 for the direction
    H("segment_length", lambda: {"p": [NAN, NAN], "q": [NAN, NAN]}, "domain", p=[0.3, 0.4], q=[0.3, 0.4]),
    H("segment_direction_x", lambda: {"p": [NAN, NAN], "q": [NAN, NAN]}, "domain", p=[0.3, 0.4], q=[0.3, 0.4]),
    # the hip marker on the knee's: atan2(0, 0), the thigh's direction undefined: hip and knee none; the ankle moves
    # neither cross nor dot from 0 (slope 0), atan2's rule 0 / 0 at any precision
    H("knee_angle_atan2", lambda: {"hip": [NAN, NAN], "knee": [NAN, NAN], "ankle": [mpf(0), mpf(0)]}, "wrong",
      hip=[0.0, 1.0], knee=[0.0, 1.0], ankle=[0.0, 0.0]),
    # the segment masses not filled in: 0 / 0
    H("centre_of_mass", lambda: {"masses": [NAN] * 3, "xs": [NAN] * 3}, "domain", masses=[0.0, 0.0, 0.0],
      xs=[0.2, 0.5, 0.9]),
    H("hill_force", all_nan("v", "f0", "a", "b"), "domain", v=-2.0, f0=1000.0, a=250.0, b=2.0),  # v = -b: a pole
]

ALL = MIRRORED + BY_HAND
