"""The eighty-third round (c) of user trials: hydrology and environmental models written with gradcli.numpy
(tests/trials/lib83c.py).

The formulas hydrologists and environmental engineers calibrate by gradient (tests/trials/lib83c.py, gradcli.numpy,
gradcli.scipy.special's gammaln and lambertw): Manning's velocity (1/n) R^(2/3) sqrt(S) at a flat slope S = 0 and a
dry channel R = 0, and by depth through a trapezoid's hydraulic radius A / P (velocity and discharge at y = 0); the
hydraulic radius at depth 0 with a bottom and without one (a dry triangle, 0 / 0); Green-Ampt's time to infiltrate F,
(F - a ln(1 + F/a)) / K, by log and log1p at F = 0 and 1e-10; Green-Ampt's F(t) by eight Newton steps from K t +
sqrt(2 a K t) (t = 2, t = 0, t = 1e-14), behind np.where(t > 0, F, 0), by Newton steps until a relative step of
1e-12 (Python control flow on the step) and by Lambert's W_-1 (t = 2, t = 0, t = 1e-20); its capacity K (1 + a / F)
at F = 0; Horton's rate at k t = 800 and its cumulative infiltration at k = 1e-12 and k = 0, bare, with expm1 and
behind np.where(k > 0, ..., f0 t); the SCS curve-number runoff (P - Ia)^2 / (P - Ia + S) through max(P - Ia, 0) below
Ia, at P = Ia, at CN = 100 (S = 0) with and without rain; a linear reservoir Q0 e^(-t/k) at k = 1e-3, 1e-300 and 0
(float32 k = 0.01), its unit hydrograph e^(-t/k) / k at k = 0, a Nash cascade (t/k)^(n-1) e^(-t/k) / (k Gamma(n)) at
t = 0 with n = 1 and n = 2.5; the saturation vapour pressure 0.6108 exp(17.27 T / (T + 237.3)), its slope Delta and
FAO-56 Penman-Monteith at T = -237.3 (float32 too), at no wind with Rn = G; Monod mu S / (K + S) at S = 0, K = 0 and
S = K = 0, and as mu / (1 + K / S) at S = 0, 1e-300 (float32 1e-30); a half-life ln 2 / k at k = 0, decay as
C0 0.5^(t / t_half) at t / t_half = 2000 and 0 / 0, and as C0 exp(-(ln 2 / t_half) t); NSE at a perfect fit and at
constant observations (s = o and s != o), KGE (written out and by np.corrcoef) at a perfect fit, at a constant
simulation and, in float32, 1e-4 from a perfect fit; a log-NSE with an epsilon of 0.01 at zero flows and without it at
a zero simulated flow; a rating curve a (h - h0)^b at h = h0 (b = 0.6 and 1.6), below h0, and clipped by
max(h - h0, 0) below the gauge's zero (b = 0.6, float32 too, and 1.6).

Tried: 35 functions, 128 cases through the CLI judged by tests/trials/judge.py (at most two gradcli processes at once; a
scratch driver runs the CLI in two threads and judges in the main one), and a few scratch probes by hand; then trimmed
of 16 ordinary or repeated cases. ALL keeps 112 (66 ok, 25 domain, 12 unstable, 9 wrong; 85 float64, 27 float32) over
35 functions. 111 agree with gradcli in verdict and every exact gradient entry (to 1e-10 relative); 1 disagrees: F1.
Every check took 1.1-5.7 s on the loaded machine (two at once) but two: the log-NSE at zero flows (5.2-12.9 s) and KGE
at a perfect fit (7.1-15.1 s); every truth under 1.1 s; the last full run (112 cases) 1 min 19 s (2 min 30 s before).

Truths are written here from the mathematics, never lib83c's code or gradcli: Green-Ampt's F as mpmath's findroot of
F - a ln(1 + F/a) = K t (not the program's Newton steps, nor W) with its slopes by the implicit function theorem
(dF/dK = t (a + F) / F, dF/dt = K (a + F) / F, dF/da = (ln(1 + F/a) - F / (a + F)) (a + F) / F; a scratch probe
differentiating the eight steps in mpmath agrees to 15 digits at t = 2 and 1e-14); Nash's ordinary slopes by the
closed forms Gamma(2.5) = 3 sqrt(pi) / 4 and psi(2.5) = -euler - 2 ln 2 + 8/3; elsewhere the derivative from the left
and the right by mpmath.diff at 2,000 digits (cases30b.sided_grad with finite_sides: NaN where the sides differ or one
is undefined or infinite) of expressions in mpmath (Manning, the trapezoid, Horton, SCS through a max, the reservoir,
FAO-56, Monod, decay, NSE, KGE with the population std, log-NSE, the rating curve); by hand the points with no value
(all NaN), the poles and the kinks beside exact 0 slopes. The points are the numbers the dtype holds, and a Python
float constant of the program is the double it is (2.0 / 3.0, 0.2, 0.6108, 17.27, 237.3, 0.408, 0.34, 0.01, ln 2,
GAMMA = 0.665e-3 * 101.3 and GAMMA * 900.0 as Python products), cast to float32 where it meets a float32 array. A power
at a base of exactly 0 and an exponent above 0 takes its one side's slope (the house's reading since rounds 48c and
77c): the rating curve at h = h0 with b = 1.6 is ok with slopes 0, and Nash's (t/k)^1.5 at t = 0 ok.

What agreed: Manning ok, domain at S = 0 (sqrt; n and R keep 0) and R = 0 (R^(2/3); n and S keep 0; float32 too); by
depth wrong at y = 0 (R = 0 for every b and z: exact 0s the rule's R^(-1/3) = inf times A's and P's 0s makes NaN; y
none), the discharge wrong there too (A (2/3) R^(-1/3) = 0 * inf); the hydraulic radius ok at y = 0 with a bottom
(slope 1, float32 too), domain for a dry triangle (0 / 0). Green-Ampt's time ok at F = 0 (every slope 0) and unstable at
F = 1e-10 by log and by log1p alike (F - a ln(1 + F/a) = 1.5e-21 from two numbers of 1e-10); its F(t) by Newton ok at
t = 2 (float32 too), by a tolerance ok, domain at t = 0 (the first step's 0 / 0: no value), unstable at t = 1e-14 (the
residual 1e-14 lost in 1 + F/a); behind np.where at t = 0 wrong (K, psi, dtheta exact 0s, the untaken 0 / 0 leaks NaN;
t none); by W ok at t = 2 (float32 too), unstable at t = 1e-20 (K t / a = 3e-21 lost beside 1: the argument rounds past
-1/e, NaN where F = 2.6e-10); the capacity domain at F = 0. Horton's rate ok at k t = 800 (slopes of 1e-345 round to 0);
its cumulative unstable at k = 1e-12 (1 - e^(-kt) keeps 4 digits) and float32 k = 1e-5, domain at k = 0 (0 / 0), with
expm1 unstable at k = 1e-12 all the same (k's slope t e^(-kt) / k + expm1(-kt) / k^2 adds +-5e11 to -8.75), behind
np.where(k > 0, ..., f0 t) at k = 0 wrong (f0, fc, t keep 0.5, 0, 80 of the taken branch, the untaken 0 / 0 leaks NaN;
k a kink: -8.75 from the right, 0 from the left). SCS ok below Ia (slopes 0), at P = Ia (C1 through the max: slopes 0;
float32 too), at CN = 100 (Q = P, smooth across S = 0: slopes 1 and 2.54 (1 + 0.2) = 3.048 with the double 0.2), domain
with no rain at CN = 100 and at P = S = Ia = 0 (0 / 0). The reservoir ok at k = 1e-3 (e^-1000 and its slopes round to
0), unstable at k = 1e-300 (the rule's t / k^2 overflows: 0 * inf) and float32 k = 0.01 (e^-100 a subnormal of 5 bits),
wrong at k = 0 (Q = 0 for every Q0 and t > 0: slopes 0; the rule's t-slope Q0 e^-inf (-1/0) = 0 * -inf; k none); the
unit hydrograph domain at k = 0 (0 / 0); Nash domain at n = 1, t = 0 (t and k -1/9, n jumps), ok at n = 2.5, t = 0. The
vapour pressure domain at T = -237.3 (0 from the right with every slope, e^(+inf) from the left; float32 too), Delta
and Penman-Monteith domain there (0 / 0), FAO-56 ok at ordinary points (float32 too) and with no wind and Rn = G. Monod
ok at S = 0 and K = 0, domain at S = K = 0; as mu / (1 + K / S) wrong at S = 0 (smooth, slope mu / K = 0.25; the rule's
-mu / inf^2 * (-K / 0^2) = 0 * inf), unstable at S = 1e-300 (inf / inf in S's slope) and float32 S = 1e-30. The
half-life domain at k = 0; 0.5^2000 ok (rounds to 0 as the exact does), 0 / 0 domain. NSE ok at a perfect fit (slopes
0), domain at constant observations (-inf or 0 / 0 for every s); KGE domain at a perfect fit (alpha - 1 and beta - 1
move linearly with each s_i: a cone; by np.corrcoef too in a probe) and at a constant simulation (r = 0 / 0), unstable
in float32 1e-4 from a perfect fit; the log-NSE ok at zero flows with its epsilon, domain at a zero simulated flow
without it (s[0] none, the others keep their slopes beside the pole). The rating curve domain at h = h0 with b = 0.6
(h, h0 none; a, b keep 0), ok with b = 1.6, domain below h0 unclipped (a negative base: NaN for every input), the
clipped curve wrong below the gauge's zero with b = 0.6 (every slope 0; 0.6 0^-0.4 = inf times the max's 0; float32
too) and ok with b = 1.6.

Truths the round corrected in itself (against the first CLI batches; each re-derived by hand before changing it):
- nash_iuh at n = 1, t = 0, first `wrong` (expecting the power's base slope (n - 1) 0^(n - 2) = 0 * inf as NaN): the
  rule gives t and k the exact -1/9 (x^0 is 1 whatever x, its base slope 0), so only n's jump remains: domain;
- log_nse_noeps at s[0] = 0, first all NaN (the NSE is -inf for every s near): the README reads a pole so that the
  inputs that do not move it keep their slopes (1/sqrt(x^2 + y^2) + z at 0, 0: z keeps 1); s[1..4] keep
  2 (lo_j - ls_j) / (s_j D) of their own terms (0.02159, 0, 0, -0.05285), now written so by hand;
- nash_iuh's ordinary truths first by mpmath.gamma at 2,000 digits (18 s for the first one): now the closed forms;
- the float32 log-NSE at zero flows took 19-22 s in the CLI: the float32 case is now at the ordinary flows.

Findings:
F1 (narrowed since: the slopes 0 are proven, W at its branch point on proof numbers; the verdict is unstable where
the truth is wrong, the high-precision rule left to the branch point's rounding): at W's branch point reached exactly
by exp(-1 - K t) with K an input and t = 0, gradcli gives no verdict
(`error`: "the exact reference did not settle below 4000 digits (the function cancels more digits than that)") where
the function is settled by algebra: e^(-1 - K 0) is 1/e for every K, so W(-1/e) = -1 for every K (K's exact slope 0)
and t has none (W_0: +inf from the right, W_-1: -inf, no value on the left).
Reproduction: a scratch file holding `def w0_k(K, t): return lambertw(-np.exp(-1.0 - K * t)).real` (import
gradcli.numpy as np; from gradcli.scipy.special import lambertw); `gradcli check FILE:w0_k --at K=1.0,t=0.0 --dtype
float64 --json`: status error, exact gradient {K: None, t: None}, computed {K: nan, t: nan}, and "lambertw_0(-0.36787
944117144233) gave NaN"; the same with lambertw(..., -1) and in lib83c's ga_cumulative_lambertw at t = 0 (a (-W_-1(
-e^(-1 - K t / a)) - 1): F = 0 for every K, psi, dtheta). The same function of t alone (`lambertw(-np.exp(-1.0 -
t)).real` at t = 0) is domain with the right words ("from the left the function is not defined ..., from the right the
difference quotient grows without bound"), and lambertw(-r0 exp(-r0)) at r0 = 1 (77c's F2, mended) is domain. The
verdict a careful analyst gives: wrong (K's exact 0 comes out NaN: W'(-1/e) = inf times dz/dK = e^-1 t = 0, at any
precision that reads -1/e as the branch point), and at the least unstable (float64's exp(-1.0) = 0.36787944117144233
is 1.2e-17 above 1/e, so W of it is NaN, SciPy's nan+nanj), with t's missing derivative named; never no verdict. Sure
because the exact value needs no precision (exp(-1 - K * 0) = e^-1 exactly), and gradcli itself settles the same
branch point when t is the only input. Reading (not traced): the second input sends the point past the one-sided
settlement that finds the branch point along t, to a reference that rounds -e^-1 to either side of -1/e at each
precision (NaN or -1 + O(2^(-p/2))) and so never settles.
"""

import math

import mpmath
import numpy
from mpmath import mpf

from cases import Case
from cases5 import hp
from cases30b import sided_grad
from cases59c import _txt  # a point as its case id writes it

L = "lib83c.py"
NAN = mpmath.nan
exp, log, sqrt = mpmath.exp, mpmath.log, mpmath.sqrt


def D64(v):
    return mpf(float(v))


def D32(v):
    return mpf(float(numpy.float32(v)))


def HELD(dtype):
    return D32 if dtype == "float32" else D64


def K(v, dtype):
    """A Python float of the program as it meets an array of ``dtype`` (NumPy casts it to the array's dtype)."""
    return HELD(dtype)(v)


def _max0(x):
    return x if x > 0 else mpf(0)


# --- the mathematics, in mpmath ---------------------------------------------------------------------------------------

def m_manning(dtype="float64"):
    e = K(2.0 / 3.0, dtype)  # the program's exponent 2.0 / 3.0, a double (then as the dtype holds it)

    def f(n, R, S):
        return (1 / n) * R ** e * sqrt(S)
    return f


def m_radius(b, z, y):
    return (b + z * y) * y / (b + 2 * y * sqrt(1 + z ** 2))


def m_manning_depth(dtype="float64"):
    e = K(2.0 / 3.0, dtype)

    def f(n, b, z, y, S):
        return (1 / n) * m_radius(b, z, y) ** e * sqrt(S)
    return f


def m_manning_q(dtype="float64"):
    e = K(2.0 / 3.0, dtype)

    def f(n, b, z, y, S):
        return (1 / n) * (b + z * y) * y * m_radius(b, z, y) ** e * sqrt(S)
    return f


def m_ga_time(F, K, psi, dtheta):
    a = psi * dtheta
    return (F - a * log(1 + F / a)) / K


def t_ga(K, psi, dtheta, t, dtype="float64"):
    """Green-Ampt's F(t) as the root of F - a ln(1 + F/a) = K t (mpmath's findroot, not the program's Newton steps);
    its slopes by the implicit function theorem: f_F = F / (a + F), dF/dK = t / f_F, dF/dt = K / f_F,
    dF/da = (ln(1 + F/a) - F / (a + F)) / f_F."""
    def truth():
        k, p, d, tt = (HELD(dtype)(v) for v in (K, psi, dtheta, t))
        a = p * d
        F = mpmath.findroot(lambda F: F - a * log(1 + F / a) - k * tt, sqrt(2 * a * k * tt) + k * tt)
        fF = F / (a + F)
        dFda = (log(1 + F / a) - F / (a + F)) / fF
        return {"K": tt / fF, "psi": d * dFda, "dtheta": p * dFda, "t": k / fF}
    return truth


def m_ga_rate(K, psi, dtheta, F):
    return K * (1 + psi * dtheta / F)


def m_horton_rate(f0, fc, k, t):
    return fc + (f0 - fc) * exp(-k * t)


def m_horton_cum(f0, fc, k, t):
    return fc * t + (f0 - fc) * (1 - exp(-k * t)) / k


def m_scs(dtype="float64"):
    lam = K(0.2, dtype)

    def f(P, CN):
        S = 25400 / CN - 254
        pe = _max0(P - lam * S)
        return pe ** 2 / (pe + S)
    return f


def m_scs_ia(P, S, Ia):
    pe = _max0(P - Ia)
    return pe ** 2 / (pe + S)


def m_reservoir(Q0, k, t):
    return Q0 * exp(-t / k)


def m_uh(k, t):
    return exp(-t / k) / k


def t_nash25(k, t):
    """u = x^1.5 e^-x / (k Gamma(2.5)), x = t / k, Gamma(2.5) = 3 sqrt(pi) / 4: du/dt = u (1.5 / t - 1 / k),
    du/dk = u (t / k^2 - 2.5 / k), du/dn = u (log x - psi(2.5)), psi(2.5) = -euler - 2 ln 2 + 8/3."""
    def truth():
        kk, tt = mpf(k), mpf(t)
        x = tt / kk
        u = x ** mpf("1.5") * exp(-x) / (kk * 3 * sqrt(mpmath.pi) / 4)
        psi = -mpmath.euler - 2 * log(2) + mpf(8) / 3
        return {"n": u * (log(x) - psi), "k": u * (tt / kk ** 2 - mpf("2.5") / kk), "t": u * (mpf("1.5") / tt - 1 / kk)}
    return truth


def m_svp(dtype="float64"):
    a, b, c = K(0.6108, dtype), K(17.27, dtype), K(237.3, dtype)

    def f(T):
        return a * exp(b * T / (T + c))
    return f


def m_svp_slope(dtype="float64"):
    a, b, c = K(0.6108, dtype), K(17.27, dtype), K(237.3, dtype)

    def f(T):
        return 4098 * a * exp(b * T / (T + c)) / (T + c) ** 2
    return f


def m_pm(dtype="float64"):
    """FAO-56 with the program's constants as the dtype holds them; GAMMA * 900.0 is a Python product of doubles
    before it meets an array."""
    a, b, c = K(0.6108, dtype), K(17.27, dtype), K(237.3, dtype)
    g = K(0.665e-3 * 101.3, dtype)
    g900 = K(0.665e-3 * 101.3 * 900.0, dtype)
    k408, k273, k34 = K(0.408, dtype), K(273.0, dtype), K(0.34, dtype)

    def f(T, u2, Rn, G, ea):
        es = a * exp(b * T / (T + c))
        delta = 4098 * es / (T + c) ** 2
        num = k408 * delta * (Rn - G) + g900 / (T + k273) * u2 * (es - ea)
        return num / (delta + g * (1 + k34 * u2))
    return f


def m_monod(mu_max, K, S):
    return mu_max * S / (K + S)


def m_half_life(k):
    return log(2) / k


def m_decay_half(C0, t_half, t):
    return C0 * mpf("0.5") ** (t / t_half)


def m_decay_rate(dtype="float64"):
    ln2 = K(math.log(2.0), dtype)  # math.log(2.0) / t_half: the double ln 2 meets the array

    def f(C0, t_half, t):
        return C0 * exp(-(ln2 / t_half) * t)
    return f


def _mean(v):
    return mpmath.fsum(v) / len(v)


def m_nse(s, o):
    mo = _mean(o)
    return 1 - mpmath.fsum((a - b) ** 2 for a, b in zip(o, s)) / mpmath.fsum((a - mo) ** 2 for a in o)


def m_kge(s, o):
    ms, mo = _mean(s), _mean(o)
    ds, do = [a - ms for a in s], [a - mo for a in o]
    sxx, syy = mpmath.fsum(a * a for a in ds), mpmath.fsum(b * b for b in do)
    r = mpmath.fsum(a * b for a, b in zip(ds, do)) / sqrt(sxx * syy)
    alpha = sqrt(_mean([a * a for a in ds])) / sqrt(_mean([b * b for b in do]))
    beta = ms / mo
    return 1 - sqrt((r - 1) ** 2 + (alpha - 1) ** 2 + (beta - 1) ** 2)


def m_log_nse(dtype="float64"):
    eps = K(0.01, dtype)

    def f(s, o):
        return m_nse([log(a + eps) for a in s], [log(b + eps) for b in o])
    return f


def m_log_nse_noeps(s, o):
    return m_nse([log(a) for a in s], [log(b) for b in o])


def t_log_nse_pole(s, o):
    """log-NSE without an epsilon at s[0] = 0: s[0] NaN, s[j] the slope of -(lo_j - log s_j)^2 / D."""
    def truth():
        lo = [log(mpf(v)) for v in o]
        m = _mean(lo)
        d = mpmath.fsum((v - m) ** 2 for v in lo)
        return {"s": [NAN] + [2 * (lo[j] - log(mpf(s[j]))) / (mpf(s[j]) * d) for j in range(1, len(s))]}
    return truth


def m_rating(a, h, h0, b):
    return a * (h - h0) ** b


def m_rating_clipped(a, h, h0, b):
    return a * _max0(h - h0) ** b


# --- cases ------------------------------------------------------------------------------------------------------------

def C(function, mirror, verdict="ok", dtype="float64", line=None, fix=None, **pt):
    """A case whose truth is the one- and two-sided derivative of ``mirror`` at the point as ``dtype`` holds it (NaN
    where a side is undefined or infinite)."""
    return Case(L, function, ",".join(f"{k}={_txt(v)}" for k, v in pt.items()), dtype, verdict,
                sided_grad(mirror, dtype, finite_sides=True, **pt), line, fix)


def H(function, truth, verdict="ok", dtype="float64", line=None, fix=None, **pt):
    """A case whose truth is written by hand."""
    return Case(L, function, ",".join(f"{k}={_txt(v)}" for k, v in pt.items()), dtype, verdict, hp(truth), line, fix)


def HT(function, maker, verdict="ok", dtype="float64", line=None, fix=None, **pt):
    """A case whose hand-written truth ``maker`` takes the point (and the dtype)."""
    return H(function, maker(**pt, dtype=dtype), verdict, dtype, line, fix, **pt)


def W(function, mirror, verdict="ok", dtype="float64", *, s, o):
    """A goodness-of-fit case: simulated s (--wrt s) against observed o, held as data as the dtype holds them."""
    held = [HELD(dtype)(v) for v in o]
    return Case(L, function, f"s={_txt(s)},o={_txt(o)}", dtype, verdict,
                sided_grad(lambda s: mirror(s, held), dtype, finite_sides=True, s=s), wrt="s")


def WH(function, truth, verdict, dtype="float64", *, s, o):
    return Case(L, function, f"s={_txt(s)},o={_txt(o)}", dtype, verdict, hp(truth), wrt="s")


def all_nan(**pt):
    def nan_like(v):
        return [nan_like(a) for a in v] if isinstance(v, list) else NAN
    return lambda: {k: nan_like(v) for k, v in pt.items()}


def fixed(**values):
    def conv(v):
        if callable(v):
            return v()
        return [conv(a) for a in v] if isinstance(v, list) else (v if isinstance(v, mpf) else mpf(v))
    return lambda: {k: conv(v) for k, v in values.items()}


OBS = [12.0, 30.5, 8.25, 3.0, 17.75]
SIM = [10.5, 28.0, 9.5, 4.25, 15.0]

ALL = [
    # --- Manning
    C("manning_velocity", m_manning(), n=0.03, R=1.2, S=0.001),
    C("manning_velocity", m_manning("float32"), dtype="float32", n=0.03, R=1.2, S=0.001),
    # a flat channel: sqrt(S) at 0, slope +inf from the right, no value left; V = 0 for every n and R: slopes 0
    C("manning_velocity", m_manning(), "domain", n=0.03, R=1.2, S=0.0),
    # a dry channel R = 0: R^(2/3) has an infinite slope (a power below 1 at a zero base); n and S keep 0
    C("manning_velocity", m_manning(), "domain", n=0.03, R=0.0, S=0.001),
    C("manning_velocity", m_manning("float32"), "domain", dtype="float32", n=0.03, R=0.0, S=0.001),
    C("hydraulic_radius", m_radius, b=3.0, z=1.5, y=1.2),
    # a dry trapezoid with a bottom: R = A / P = 0 / b, smooth through y = 0 (slope 1); b and z 0
    C("hydraulic_radius", m_radius, b=3.0, z=1.5, y=0.0),
    C("hydraulic_radius", m_radius, dtype="float32", b=3.0, z=1.5, y=0.0),
    # a dry triangle: 0 / 0, no value at the point (every input but y keeps it 0 / 0)
    H("hydraulic_radius", all_nan(b=0, z=0, y=0), "domain", b=0.0, z=1.5, y=0.0),
    C("manning_velocity_depth", m_manning_depth(), n=0.035, b=3.0, z=1.5, y=1.2, S=0.0005),
    C("manning_velocity_depth", m_manning_depth("float32"), dtype="float32", n=0.035, b=3.0, z=1.5, y=1.2,
      S=0.0005),
    # the dry channel by its depth: y has no derivative (y^(2/3)), but R is 0 for every b and z there, so their
    # slopes are exact 0s, and the rule's R^(-1/3) = inf times A's and P's 0s is NaN
    C("manning_velocity_depth", m_manning_depth(), "wrong", n=0.035, b=3.0, z=1.5, y=0.0, S=0.0005),
    C("manning_discharge", m_manning_q(), n=0.035, b=3.0, z=1.5, y=1.2, S=0.0005),
    C("manning_discharge", m_manning_q("float32"), dtype="float32", n=0.035, b=3.0, z=1.5, y=1.2, S=0.0005),
    # Q = A V ~ y^(5/3): 0 from the right, no value on the left (y NaN); b, z exact 0, the rule's A (2/3) R^(-1/3)
    # = 0 * inf: NaN
    C("manning_discharge", m_manning_q(), "wrong", n=0.035, b=3.0, z=1.5, y=0.0, S=0.0005),
    # --- Green-Ampt
    C("ga_time", m_ga_time, F=2.0, K=1.0, psi=11.0, dtheta=0.3),
    C("ga_time", m_ga_time, F=0.0, K=1.0, psi=11.0, dtheta=0.3),  # log(1 + 0): every slope 0
    # F - a ln(1 + F/a) = F^2 / 2a = 1.5e-21 from two numbers of 1e-10; F's slope 1 - 1/(1 + F/a) alike
    C("ga_time", m_ga_time, "unstable", F=1e-10, K=1.0, psi=11.0, dtheta=0.3),
    # log1p keeps F/a, but the subtraction F - a log1p(F/a) still cancels 11 digits
    C("ga_time_log1p", m_ga_time, "unstable", F=1e-10, K=1.0, psi=11.0, dtheta=0.3),
    C("ga_time", m_ga_time, dtype="float32", F=2.0, K=1.0, psi=11.0, dtheta=0.3),
    HT("ga_cumulative", t_ga, K=1.0, psi=11.0, dtheta=0.3, t=2.0),
    HT("ga_cumulative", t_ga, dtype="float32", K=1.0, psi=11.0, dtheta=0.3, t=2.0),
    # t = 0: F0 = 0 and the first step's f / f' is 0 / 0: no value, whatever K, psi, dtheta
    H("ga_cumulative", all_nan(K=0, psi=0, dtheta=0, t=0), "domain", K=1.0, psi=11.0, dtheta=0.3, t=0.0),
    # t = 1e-14: F = 2.6e-7 and the residual F - a ln(1 + F/a) = 1e-14 is lost in 1 + F/a
    HT("ga_cumulative", t_ga, "unstable", K=1.0, psi=11.0, dtheta=0.3, t=1e-14),
    # t = 0 behind np.where(t > 0, F, 0): F = 0 for t <= 0 and sqrt(2 a K t) above (t: no derivative); K, psi,
    # dtheta exact 0s, and the untaken branch's 0 / 0 leaks NaN into them
    H("ga_cumulative_guarded", fixed(K=0, psi=0, dtheta=0, t=NAN), "wrong", K=1.0, psi=11.0, dtheta=0.3, t=0.0),
    HT("ga_cumulative_tol", t_ga, K=1.0, psi=11.0, dtheta=0.3, t=2.0),
    HT("ga_cumulative_lambertw", t_ga, K=1.0, psi=11.0, dtheta=0.3, t=2.0),
    HT("ga_cumulative_lambertw", t_ga, dtype="float32", K=1.0, psi=11.0, dtheta=0.3, t=2.0),
    # t = 0: -e^-1 is W_-1's branch point exactly (F = 0 for every K, psi, dtheta; t: sqrt-like, none left), but
    # float64's exp(-1.0) is 1.2e-17 above 1/e: the argument leaves W's domain, NaN; the rule W' = inf times 0
    H("ga_cumulative_lambertw", fixed(K=0, psi=0, dtheta=0, t=NAN), "wrong", K=1.0, psi=11.0, dtheta=0.3, t=0.0),
    # t = 1e-20: K t / a = 3e-21 is lost beside 1, the argument rounds past -1/e: NaN where F = 2.6e-10
    HT("ga_cumulative_lambertw", t_ga, "unstable", K=1.0, psi=11.0, dtheta=0.3, t=1e-20),
    C("ga_rate", m_ga_rate, K=1.0, psi=11.0, dtheta=0.3, F=2.0),
    # F = 0: the capacity's pole, K (1 + a / 0) = inf
    H("ga_rate", all_nan(K=0, psi=0, dtheta=0, F=0), "domain", K=1.0, psi=11.0, dtheta=0.3, F=0.0),
    # --- Horton
    C("horton_rate", m_horton_rate, f0=80.0, fc=10.0, k=2.0, t=0.5),
    # e^-800 underflows: the slopes of k and t (1e-345) round to 0 as the exact ones do
    C("horton_rate", m_horton_rate, f0=80.0, fc=10.0, k=2.0, t=400.0),
    C("horton_cumulative", m_horton_cum, f0=80.0, fc=10.0, k=2.0, t=0.5),
    # k = 1e-12: 1 - e^(-k t) = 5e-13 keeps 4 digits
    C("horton_cumulative", m_horton_cum, "unstable", f0=80.0, fc=10.0, k=1e-12, t=0.5),
    # k = 0: 0 / 0, no value (its limit 80 t is no value of the program)
    H("horton_cumulative", all_nan(f0=0, fc=0, k=0, t=0), "domain", f0=80.0, fc=10.0, k=0.0, t=0.5),
    C("horton_cumulative", m_horton_cum, "unstable", dtype="float32", f0=80.0, fc=10.0, k=1e-5, t=0.5),
    # k = 0 behind np.where(k > 0, ..., f0 t): the limit f0 t is the value; k: -(f0 - fc) t^2 / 2 = -8.75 from the
    # right, 0 from the left (a kink); f0, fc, t: 0.5, 0, 80 (the taken f0 t); the untaken 0 / 0 leaks NaN
    H("horton_cumulative_guarded", fixed(f0="0.5", fc=0, k=NAN, t=80), "wrong", f0=80.0, fc=10.0, k=0.0, t=0.5),
    C("horton_cumulative_expm1", m_horton_cum, f0=80.0, fc=10.0, k=2.0, t=0.5),
    # expm1 keeps the value, but k's slope t e^(-kt) / k + expm1(-kt) / k^2 adds +-5e11 to -8.75: unstable
    C("horton_cumulative_expm1", m_horton_cum, "unstable", f0=80.0, fc=10.0, k=1e-12, t=0.5),
    C("horton_cumulative_expm1", m_horton_cum, dtype="float32", f0=80.0, fc=10.0, k=2.0, t=0.5),
    # --- SCS curve number
    C("scs_runoff", m_scs(), P=50.0, CN=75.0),
    C("scs_runoff", m_scs(), P=5.0, CN=75.0),  # below Ia = 16.9: no runoff, slopes 0
    C("scs_runoff", m_scs("float32"), dtype="float32", P=50.0, CN=75.0),
    # CN = 100: S = 0 and Ia = 0, Q = P; smooth in CN across it (S < 0 above): slopes 1 and 2.54 (1 + 0.2)
    C("scs_runoff", m_scs(), P=30.0, CN=100.0),
    # no rain on an impervious surface: 0 / 0
    H("scs_runoff", all_nan(P=0, CN=0), "domain", P=0.0, CN=100.0),
    # P = Ia: (P - Ia)^2 / (P - Ia + S) leaves the max's kink with slope 0: C1, slopes 0
    C("scs_runoff_ia", m_scs_ia, P=10.0, S=50.0, Ia=10.0),
    C("scs_runoff_ia", m_scs_ia, dtype="float32", P=10.0, S=50.0, Ia=10.0),
    H("scs_runoff_ia", all_nan(P=0, S=0, Ia=0), "domain", P=0.0, S=0.0, Ia=0.0),  # 0 / 0
    # --- linear reservoir, unit hydrographs
    C("reservoir_outflow", m_reservoir, Q0=120.0, k=30.0, t=12.0),
    # k -> 0: e^-1000 and its slopes (1e-428) round to 0 as the exact ones do
    C("reservoir_outflow", m_reservoir, Q0=120.0, k=1e-3, t=1.0),
    # float32: e^-100 = 3.7e-44 is a subnormal of 5 bits
    C("reservoir_outflow", m_reservoir, "unstable", dtype="float32", Q0=120.0, k=0.01, t=1.0),
    # k = 1e-300: e^(-1e300) = 0 is right (10^(-4e299)), but the rule's t / k^2 overflows: 0 * inf, NaN
    C("reservoir_outflow", m_reservoir, "unstable", Q0=120.0, k=1e-300, t=1.0),
    # k = 0: -t / 0 = -inf, Q = 0 for every Q0 and every t > 0 (slopes 0); k: 0 from the right, e^(t/|k|) on the
    # left; the rule's t-slope Q0 e^-inf (-1 / 0) = 0 * -inf is NaN
    H("reservoir_outflow", fixed(Q0=0, k=NAN, t=0), "wrong", Q0=120.0, k=0.0, t=1.0),
    C("unit_hydrograph", m_uh, k=2.5, t=1.0),
    H("unit_hydrograph", all_nan(k=0, t=0), "domain", k=0.0, t=1.0),  # e^-inf / 0 = 0 / 0
    H("nash_iuh", t_nash25(3.0, 4.0), n=2.5, k=3.0, t=4.0),
    H("nash_iuh", t_nash25(3.0, 4.0), dtype="float32", n=2.5, k=3.0, t=4.0),
    # n = 1 at t = 0: (t/k)^0 = 1, u = e^(-t/k) / k: slopes -1/k^2 in t and k; n jumps (0^(n-1) is 0 above, inf
    # below): no derivative in n
    H("nash_iuh", fixed(n=NAN, k=mpf(-1) / 9, t=mpf(-1) / 9), "domain", n=1.0, k=3.0, t=0.0),
    # n = 2.5 at t = 0: (t/k)^1.5 at a zero base takes its one side's slope, 0 (the house's reading since 48c/77c:
    # a power at a base of exactly 0 and an exponent above 0); n and k 0
    H("nash_iuh", fixed(n=0, k=0, t=0), "ok", n=2.5, k=3.0, t=0.0),
    # --- Penman-Monteith
    C("svp", m_svp(), T=20.0),
    C("svp", m_svp("float32"), dtype="float32", T=20.0),
    # T = -237.3: 17.27 T / 0 = -inf, e_s = 0; from the right every slope -> 0, from the left e^(+inf)
    H("svp", all_nan(T=0), "domain", T=-237.3),
    H("svp", all_nan(T=0), "domain", dtype="float32", T=-237.3),
    C("svp_slope", m_svp_slope(), T=20.0),
    H("svp_slope", all_nan(T=0), "domain", T=-237.3),  # 4098 * 0 / 0
    C("penman_monteith", m_pm(), T=25.0, u2=2.0, Rn=15.0, G=0.5, ea=2.0),
    C("penman_monteith", m_pm("float32"), dtype="float32", T=25.0, u2=2.0, Rn=15.0, G=0.5, ea=2.0),
    C("penman_monteith", m_pm(), T=5.0, u2=0.0, Rn=3.0, G=3.0, ea=0.8),  # no wind, Rn = G
    # Delta = 0 / 0 at T = -237.3: no value, whatever u2, Rn, G, ea
    H("penman_monteith", all_nan(T=0, u2=0, Rn=0, G=0, ea=0), "domain", T=-237.3, u2=2.0, Rn=15.0, G=0.5, ea=2.0),
    # --- Monod
    C("monod", m_monod, mu_max=0.5, K=2.0, S=3.0),
    C("monod", m_monod, dtype="float32", mu_max=0.5, K=2.0, S=3.0),
    C("monod", m_monod, mu_max=0.5, K=2.0, S=0.0),  # no substrate: slope mu / K
    C("monod", m_monod, mu_max=0.5, K=0.0, S=3.0),  # K = 0: mu_max for every S, K's slope -mu / S
    H("monod", all_nan(mu_max=0, K=0, S=0), "domain", mu_max=0.5, K=0.0, S=0.0),  # 0 / 0
    C("monod_inv", m_monod, mu_max=0.5, K=2.0, S=3.0),
    # S = 0: K / 0 = inf, mu / (1 + inf) = 0, the value of mu S / (K + S), smooth through it (slope mu / K), but
    # the rule's -mu / inf^2 * (-K / 0^2) = 0 * inf is NaN
    H("monod_inv", fixed(mu_max=0, K=0, S=mpf("0.25")), "wrong", mu_max=0.5, K=2.0, S=0.0),
    # S = 1e-300: mu / (1 + K / S) = 2.5e-301 is right, but S's slope mu (K / S^2) / (1 + K / S)^2 is inf / inf
    # (S^2 underflows, (K / S)^2 overflows) where it is mu / K
    C("monod_inv", m_monod, "unstable", mu_max=0.5, K=2.0, S=1e-300),
    C("monod_inv", m_monod, "unstable", dtype="float32", mu_max=0.5, K=2.0, S=1e-30),
    # --- decay
    C("half_life", m_half_life, k=0.1),
    H("half_life", all_nan(k=0), "domain", k=0.0),  # ln 2 / 0: a pole
    C("half_life", m_half_life, dtype="float32", k=0.1),
    C("decay_half", m_decay_half, C0=100.0, t_half=5730.0, t=1000.0),
    # t / t_half = 2000: 0.5^2000 = 8.7e-603 and the slopes round to 0, as the exact ones do
    C("decay_half", m_decay_half, C0=100.0, t_half=0.5, t=1000.0),
    H("decay_half", all_nan(C0=0, t_half=0, t=0), "domain", C0=100.0, t_half=0.0, t=0.0),  # 0 / 0
    C("decay_rate", m_decay_rate(), C0=100.0, t_half=5730.0, t=1000.0),
    C("decay_rate", m_decay_rate("float32"), dtype="float32", C0=100.0, t_half=5730.0, t=1000.0),
    # --- goodness of fit
    W("nse", m_nse, s=SIM, o=OBS),
    W("nse", m_nse, dtype="float32", s=SIM, o=OBS),
    W("nse", m_nse, s=OBS, o=OBS),  # a perfect fit: the maximum, slopes 0
    # constant observations: the denominator 0, NSE = -inf for every s (0 / 0 at s = o): no value, no slope
    WH("nse", all_nan(s=[0, 0, 0]), "domain", s=[1.0, 2.0, 3.0], o=[2.0, 2.0, 2.0]),
    WH("nse", all_nan(s=[0, 0, 0]), "domain", s=[2.0, 2.0, 2.0], o=[2.0, 2.0, 2.0]),
    W("kge", m_kge, s=SIM, o=OBS),
    W("kge", m_kge, dtype="float32", s=SIM, o=OBS),
    # a perfect fit: r - 1 is second order, but alpha - 1 and beta - 1 move linearly with each s_i: a cone
    WH("kge", all_nan(s=[0] * 5), "domain", s=OBS, o=OBS),
    # a constant simulation: r = 0 / 0
    WH("kge", all_nan(s=[0] * 5), "domain", s=[10.0] * 5, o=OBS),
    W("kge_corrcoef", m_kge, s=SIM, o=OBS),
    # float32 a hair from a perfect fit (s = 1.0001 o): alpha - 1 and beta - 1 are 1e-4 from numbers near 1
    W("kge", m_kge, "unstable", dtype="float32", s=[v * 1.0001 for v in OBS], o=OBS),
    W("log_nse", m_log_nse(), s=[0.0, 2.5, 0.5, 0.0, 1.25], o=[0.25, 3.0, 0.5, 0.0, 1.0]),  # zero flows: eps
    W("log_nse", m_log_nse("float32"), dtype="float32", s=SIM, o=OBS),
    # without the epsilon a zero simulated flow is log 0: NSE = -inf for every s near
    # without the epsilon a zero simulated flow is log 0: s[0] has no derivative; the others keep the slopes of their
    # own terms beside the pole, 2 (lo_j - ls_j) / (s_j D) (the README's "at a pole, the inputs that do not move it
    # keep their slopes")
    WH("log_nse_noeps", t_log_nse_pole([0.0, 2.5, 0.5, 0.1, 1.25], [0.25, 3.0, 0.5, 0.1, 1.0]), "domain",
       s=[0.0, 2.5, 0.5, 0.1, 1.25], o=[0.25, 3.0, 0.5, 0.1, 1.0]),
    W("log_nse_noeps", m_log_nse_noeps, s=[0.2, 2.5, 0.5, 0.1, 1.25], o=[0.25, 3.0, 0.5, 0.1, 1.0]),
    # --- rating curves
    C("rating_curve", m_rating, a=5.0, h=2.0, h0=0.3, b=1.6),
    C("rating_curve", m_rating, dtype="float32", a=5.0, h=2.0, h0=0.3, b=1.6),
    # h = h0, b < 1: (h - h0)^0.6 has an infinite slope; a and b keep 0 (0^b is 0 for every b > 0)
    H("rating_curve", fixed(a=0, h=NAN, h0=NAN, b=0), "domain", a=5.0, h=0.3, h0=0.3, b=0.6),
    # h = h0, b > 1: a power at a zero base takes its one side's slope, 0 (the house's reading, 48c/77c)
    H("rating_curve", fixed(a=0, h=0, h0=0, b=0), "ok", a=5.0, h=0.3, h0=0.3, b=1.6),
    # below the gauge's zero unclipped: a negative base to a fractional power, NaN for every input near
    H("rating_curve", all_nan(a=0, h=0, h0=0, b=0), "domain", a=5.0, h=0.1, h0=0.3, b=1.6),
    C("rating_curve_clipped", m_rating_clipped, a=5.0, h=2.0, h0=0.3, b=0.6),
    # below the gauge's zero: Q = 0 near, every slope 0; the power's base slope 0.6 0^-0.4 = inf times the max's
    # 0 is NaN
    C("rating_curve_clipped", m_rating_clipped, "wrong", a=5.0, h=0.1, h0=0.3, b=0.6),
    C("rating_curve_clipped", m_rating_clipped, a=5.0, h=0.1, h0=0.3, b=1.6),
    C("rating_curve_clipped", m_rating_clipped, "wrong", dtype="float32", a=5.0, h=0.1, h0=0.3, b=0.6),
]
