"""The ninety-first round (c) of user trials: pharmacokinetics and pharmacodynamics written with gradcli.numpy
(tests/trials/lib91c.py).

The models pharmacometrics code fits by gradient: the one-compartment oral dose (the Bateman function) D ka / (V (ka -
ke)) (e^{-ke t} - e^{-ka t}) ordinary, at ka = ke (0 / 0), at ka - ke = 1e-9 and 2^-40 (float32 1e-4 and 1e-7) and
0.01, and rewritten with expm1; the IV bolus C0 e^{-k t} at k t = 1.5, 700, 740 (a subnormal) and 800 (below the
range), float32 80 and 100, and k = 0; the half-life ln 2 / k and the AUC D / (V k) at k = 0, 1e-150, 1e-160, 1e-200
(float32 1e-18, 1e-20) and D = k = 0; the multiple-dose accumulation 1 / (1 - e^{-k tau}) at k tau = 1.2, 1.2e-9,
1.2e-16, 1.2e-17 and 0 (float32 1.2e-3, 1.2e-4) and by expm1; the Emax model E0 + Emax C^n / (EC50^n + C^n) at C =
0 with n = 0.5, 1, 2, 3, at C = EC50 and C = 1e-100, and as a logistic of n (log C - log EC50) at C = 0 (n = 2, 0.5);
Michaelis-Menten elimination by 5 Euler steps of 0.1 h (ordinary, C0 = 0, C0 = 1e4 saturated, Km = C0 = 0); a
two-compartment model's macro rate constants alpha, beta = (s +- sqrt(s^2 - 4 k10 k21)) / 2 ordinary, at the double
root k12 = 0, k10 = k21, near it (k12 = 1e-10, float32 1e-4), at k12 = 0 with k10 != k21, and a slow terminal phase
(k10 = 1e-8, float32 1e-4), as written and without cancellation (the discriminant as (k10 - k21)^2 + k12 (k12 + 2
(k10 + k21)), beta = k10 k21 / alpha); the log-normal residual error's negative log-likelihood at f = 0 and at a
perfect fit; the proportional-plus-additive error sqrt(a^2 + b^2 f^2) at a = 0, at f = 0, at a = f = 0, at a = b = 0
and a = 1e-200, and its likelihood at a = f = 0.

Tried: 16 functions, 108 cases through the CLI judged by tests/trials/judge.py (at most two gradcli processes at once;
a scratch driver runs the CLI in two threads and judges in the main one), and scratch probes by hand (the finding's
formulas with --wrt, one variable and three). ALL keeps all 108 (63 ok, 21 domain, 18 unstable, 6 wrong; 71 float64,
37 float32). 105 agree with gradcli in verdict and in every exact gradient entry (to 1e-10 relative); 3 are the
finding F1. Every check took 0.6-2 s on the loaded machine (two at once) but one, 10 s (Michaelis-Menten at Km = C0 =
0); every truth under 0.2 s; the full run of the 108 took about 1 minute.

Truths are written here from the mathematics, never lib91c's code or gradcli: the Bateman function as D ka e^{-ke t}
(-expm1(-(ka - ke) t)) / (V (ka - ke)); the accumulation ratio as -1 / expm1(-k tau); the Hill equation as E0 + Emax
/ (1 + (EC50 / C)^n) with C^n = 0 at C = 0 and no real value for C < 0 with a fractional n (mpmath's complex power);
the logistic form with no value for C < 0; Michaelis-Menten as C (1 - h Vmax / (Km + C)) per step; the macro
constants from the discriminant as the sum (k10 - k21)^2 + k12 (k12 + 2 (k10 + k21)) and beta as k10 k21 / alpha;
the combined error's likelihood through v = a^2 + b^2 f^2. Derivatives from the left and the right by mpmath.diff
at 2,000 digits (cases30b.sided_grad with finite_sides: NaN where the sides differ or one is undefined or infinite);
by hand the points with no value (0 / 0, 1 / 0, log 0). Constants as the program holds them where they meet an array
(h = 0.1 a double, float32's 0.100000001).

What agreed (beyond the ordinary points, all ok in both dtypes): the Bateman function domain at ka = ke in both dtypes
(0 / 0: the program has no value, whatever its limit), unstable at ka - ke = 1e-9 and 2^-40 (float32 1e-4, 1e-7), ok
at 0.01; the expm1 form domain at ka = ke, ok at 0.01, and still unstable at 1e-9 (float32 1e-4): the value keeps its
digits, but d/dd of -expm1(-d t) / d is t e^{-dt} / d - (1 - e^{-dt}) / d^2, two 2e9s cancelling to about t^2 / 2;
the IV bolus ok at k t = 700, unstable at 740 (e^-740 = 4.2e-322, a subnormal's 2 digits), ok at 800 (the value
3.7e-346 and every slope below the range: the 0s computed are their rounding, as README says), ok in float32 at 80,
unstable at 100 (3.7e-44, a float32 subnormal), ok at k = 0; the half-life domain at k = 0 and at 1e-200 (slope
-6.9e399; float32 1e-20, -6.9e39), ok at 1e-150 (float32 1e-18); the AUC domain at k = 0 and at D = k = 0; the
accumulation ratio unstable at k tau = 1.2e-9, 1.2e-16 (e^-x = 1 - 2^-53) and 1.2e-17 (e^-x = 1: 1 / 0 = inf for
8.3e16), float32 unstable at 1.2e-4, domain at k = 0; by expm1 ok at all of them and domain at 0; the Hill equation
domain at C = 0 with n = 0.5 in both dtypes (C's slope infinite, reported inf with its reason; n's, EC50's and Emax's
0 kept), ok with n = 1 (slope Emax / EC50 = 5), 2 and 3 (n's slope 0: no 0 * log 0 leaked), at C = EC50 and C =
1e-100; Michaelis-Menten ok at C0 = 0 (slope (1 - h Vmax / Km)^5) and saturated, domain at Km = C0 = 0; the stable
beta domain at the double root (k10, k21 kinks, k12 no left side and an infinite right slope: all NaN), ok at k12 =
1e-10 and for the slow phase in both dtypes; alpha and the stable beta ok at k12 = 0 with k10 != k21; alpha unstable
near the double root (disc = 4e-10 from 4 + 4e-10 - 4; float32 k12 = 1e-4), beta as written unstable for the slow
phase (5e-9 from 2 - 2, float32 1e-4: 5e-5); the log-normal likelihood domain at f = 0 (log 0) in both dtypes, ok at a
perfect fit; the combined sd ok at a = 0 (a's slope 0), at f = 0 (f's and b's 0), unstable at a = 1e-200, f = 0 (a^2
underflows: sd 0 for 1e-200); its likelihood ok at a = 0 and domain at a = f = 0.

Truths the round corrected in itself (against the first CLI batch; each re-derived by hand before changing it):
- half_life in float32, first with ln 2 rounded to float32 (as the constant meets k): np.log(2.0) is an operation on
  the literal 2.0, and gradcli's exact reference takes it at full precision, its roundings (to a double, to float32)
  the program's own error (2.7e-9 relative, far inside float32's tolerance; the verdicts unchanged): ln 2 exact here;
- auc_iv at k = 1e-160, first domain (k's slope -1e321 beyond the range): V's slope -1e160 is in the range and comes
  out -inf (divide's rule squares y = V k = 1e-159 to the subnormal 1e-318, 100 / 1e-318 = inf): a slope the dtype
  holds is lost, so unstable, as README's x*(1+(1/x)^2) at 1e-200;
- accumulation_ratio in float32 at k = 1e-4, tau = 12, first unstable: 1 - e^-0.0012 loses half an ulp of 1 (3e-8),
  2.5e-5 of itself, inside float32's 1e-4: ok; unstable at k = 1e-5 (2.5e-4), added;
- emax_logistic at C = 0 (n = 2 and 0.5, float32 n = 2), first domain: the value E0 holds and C has no left side, but
  the logistic's slope e^{x} / (1 + e^{x})^2 at x = inf is inf / inf, so EC50's and n's exact slopes 0 come out NaN:
  wrong, as README's 1/(y*log1p(-x)) at x = 1 (the other input's 0 from 0 * -inf), and as gradcli says;
- combined_error_sd at a = f = 0 (both dtypes) and at a = b = 0, first domain: b's exact slope 0 (sd = 0 for every b;
  f's at a = b = 0) comes out 0 / 0 = NaN from sqrt's rule at 0: wrong, the same doctrine.

Findings:
F1 (mended). At a square root's zero where one input has no derivative (no real value on one side, an infinite slope on
  the other) and other inputs kink, gradcli reports that input's exact slope as 0 and calls the rule's inf wrong.
  Minimal: `gradcli check "sqrt((1+x+b)*(1+x+b) - 4*b)" --at x=0,b=1 --wrt x --json`: status wrong, gradient x inf,
  exact_gradient x 0.0 ("the gradient rule gives {x: +inf} even at high precision, where the exact derivative is {x:
  0}"). With b = 1 the function is sqrt(x (x + 4)): no real value for -4 < x < 0, sqrt(4x) to the right (slope
  1/sqrt(x) -> inf); mpmath at 50 digits: (alpha(1e-20) - 1) / 1e-20 = 1e10, disc(-1e-20) = -4e-20. The same with b a
  literal, `sqrt((2+x)*(2+x) - 4)` at x = 0, and `sqrt(x*x + 4*x)`, gradcli rightly says domain with exact x inf; and
  `sqrt((b-1)*(b-1) + x)` at b = 1, x = 0 (b kinks, x infinite) is domain too. In lib91c: two_compartment_alpha and
  two_compartment_beta at k10 = k21 = 1, k12 = 0 (and alpha in float32): k10 and k21 rightly NaN (the kink |k10 -
  k21|), k12 reported 0, the verdict wrong where it is domain; the stable form (the discriminant as a sum) gets it
  right.
  Mended: the mpmath reference's central difference met NaN on x's left, searched for a shorter step inside the
  domain and found one where both sides were finite only because the program's other numbers absorbed the step (2 + t
  at 30 digits is 2): both sides equalled the value, a slope 0 with no noise. A step found so is now confirmed with
  the working precision raised past its own digits, and where it leaves the domain there, the point is the edge.
"""

import mpmath
import numpy
from mpmath import mpf

from cases import Case
from cases5 import hp
from cases30b import sided_grad

L = "lib91c.py"
NAN = mpmath.nan
exp, log, sqrt = mpmath.exp, mpmath.log, mpmath.sqrt


def _txt(v):
    if isinstance(v, list):
        return "[" + ",".join(_txt(a) for a in v) + "]"
    return repr(float(v))


def K(dtype, value):
    """A Python float constant of the program as it meets an array of the dtype (float32 rounds it)."""
    return mpf(float(numpy.float32(value))) if dtype == "float32" else mpf(float(value))


# --- the mathematics, in mpmath (never lib91c's code path) ------------------------------------------------------------

def m_bateman(D, ka, ke, V, t):
    """D ka e^{-ke t} (1 - e^{-(ka - ke) t}) / (V (ka - ke)); at ka = ke its limit D ka t e^{-ke t} / V (the program has
    no value there: those cases are written by hand)."""
    d = ka - ke
    if d == 0:
        return D * ka * t * exp(-ke * t) / V
    return D * ka * exp(-ke * t) * (-mpmath.expm1(-d * t)) / (V * d)


def m_iv(C0, k, t):
    return C0 * exp(-k * t)


def m_half_life(dtype):
    """ln 2 / k with ln 2 exact: np.log(2.0) is an operation on the literal 2.0, its rounding (to a double, then to
    float32 where it meets a float32 k) the program's own error, as gradcli's exact reference reads it."""
    def f(k):
        return log(2) / k
    return f


def m_auc(D, V, k):
    return D / (V * k)


def m_accumulation(k, tau):
    """The geometric series sum_j e^{-j k tau} = 1 / (1 - e^{-k tau}) = -1 / expm1(-k tau)."""
    return -1 / mpmath.expm1(-k * tau)


def m_hill(C, E0, Emax, EC50, n):
    """E0 + Emax / (1 + (EC50 / C)^n) for C > 0; at C = 0, E0 (C^n = 0 for n > 0); C < 0 with a fractional n has no real
    value (mpmath's power is complex there: NaN to the sided derivative)."""
    if C == 0:
        return E0
    Cn = mpmath.power(C, n)
    if not isinstance(Cn, mpf):
        return NAN
    return E0 + Emax * Cn / (mpmath.power(EC50, n) + Cn)


def m_hill_log(C, E0, Emax, EC50, n):
    """The logistic in log C: defined for C > 0 (and C = 0 as its limit, E0, which the program's log 0 = -inf gives);
    no value for C < 0."""
    if C < 0:
        return NAN
    if C == 0:
        return E0
    return E0 + Emax / (1 + mpmath.power(EC50 / C, n))


def m_mm(dtype):
    """Five Euler steps of h = 0.1 as the program holds it; each step C (1 - h Vmax / (Km + C))."""
    h = K(dtype, 0.1)

    def f(C0, Vmax, Km):
        C = C0
        for _ in range(5):
            C = C * (1 - h * Vmax / (Km + C))
        return C
    return f


def _disc(k10, k12, k21):
    """(k10 + k12 + k21)^2 - 4 k10 k21 as the sum (k10 - k21)^2 + k12 (k12 + 2 (k10 + k21))."""
    return (k10 - k21) ** 2 + k12 * (k12 + 2 * (k10 + k21))


def m_alpha(k10, k12, k21):
    q = _disc(k10, k12, k21)
    return NAN if q < 0 else (k10 + k12 + k21 + sqrt(q)) / 2


def m_beta(k10, k12, k21):
    """The smaller root as the product over the larger: k10 k21 / alpha."""
    q = _disc(k10, k12, k21)
    return NAN if q < 0 else 2 * k10 * k21 / (k10 + k12 + k21 + sqrt(q))


def m_lognormal(y, f, sigma):
    if y <= 0 or f <= 0 or sigma <= 0:
        return NAN
    return (log(y / f) / sigma) ** 2 / 2 + log(sigma)


def m_sd(f, a, b):
    return sqrt(a * a + (b * f) ** 2)


def m_combined(y, f, a, b):
    v = a * a + (b * f) ** 2
    if v == 0:
        return NAN
    return (y - f) ** 2 / (2 * v) + log(v) / 2


# --- cases ------------------------------------------------------------------------------------------------------------

def _at(pt):
    return ",".join(f"{k}={_txt(v)}" for k, v in pt.items())


def C(function, mirror, verdict="ok", dtype="float64", wrt=None, **pt):
    """A case whose truth is the one- and two-sided derivative of ``mirror`` at the point as ``dtype`` holds it (NaN
    where a side is undefined or infinite); with ``wrt`` only that input's."""
    truth = sided_grad(mirror, dtype, finite_sides=True, **pt)
    if wrt is not None:
        whole = truth
        truth = lambda: {wrt: whole()[wrt]}  # noqa: E731
    return Case(L, function, _at(pt), dtype, verdict, truth, wrt=wrt)


def H(function, truth, verdict="ok", dtype="float64", **pt):
    """A case whose truth is written by hand."""
    return Case(L, function, _at(pt), dtype, verdict, hp(truth))


def all_nan(**pt):
    return lambda: {k: NAN for k in pt}


PK = dict(D=100.0, V=10.0, t=2.0)
PD = dict(E0=1.0, Emax=10.0, EC50=2.0)

ALL = [
    # --- the Bateman function
    C("bateman", m_bateman, ka=1.0, ke=0.2, **PK),
    C("bateman", m_bateman, dtype="float32", ka=1.0, ke=0.2, **PK),
    C("bateman", m_bateman, D=100.0, ka=1.5, ke=0.1, V=10.0, t=48.0),
    H("bateman", all_nan(ka=0, ke=0, **PK), "domain", ka=0.2, ke=0.2, **PK),  # 0 / 0
    H("bateman", all_nan(ka=0, ke=0, **PK), "domain", dtype="float32", ka=0.2, ke=0.2, **PK),
    C("bateman", m_bateman, "unstable", ka=0.200000001, ke=0.2, **PK),  # e^-0.4 - e^-0.400000002: 9 digits gone
    C("bateman", m_bateman, "unstable", ka=0.2 + 2 ** -40, ke=0.2, **PK),
    C("bateman", m_bateman, "unstable", dtype="float32", ka=0.2001, ke=0.2, **PK),
    C("bateman", m_bateman, "unstable", dtype="float32", ka=0.2000001, ke=0.2, **PK),
    C("bateman", m_bateman, ka=0.21, ke=0.2, **PK),
    C("bateman_expm1", m_bateman, ka=1.0, ke=0.2, **PK),
    C("bateman_expm1", m_bateman, dtype="float32", ka=1.0, ke=0.2, **PK),
    H("bateman_expm1", all_nan(ka=0, ke=0, **PK), "domain", ka=0.2, ke=0.2, **PK),
    C("bateman_expm1", m_bateman, ka=0.21, ke=0.2, **PK),
    # the value keeps its digits now, but d/dd of -expm1(-d t) / d is t e^{-dt} / d - (1 - e^{-dt}) / d^2: two 2e9s
    C("bateman_expm1", m_bateman, "unstable", ka=0.200000001, ke=0.2, **PK),
    C("bateman_expm1", m_bateman, "unstable", dtype="float32", ka=0.2001, ke=0.2, **PK),
    # --- IV bolus, half-life, AUC
    C("iv_bolus", m_iv, C0=100.0, k=0.3, t=5.0),
    C("iv_bolus", m_iv, dtype="float32", C0=100.0, k=0.3, t=5.0),
    C("iv_bolus", m_iv, C0=100.0, k=7.0, t=100.0),  # e^-700 = 9.9e-305: normal
    C("iv_bolus", m_iv, "unstable", C0=100.0, k=7.4, t=100.0),  # e^-740 = 4.2e-322: a subnormal's 2 digits
    C("iv_bolus", m_iv, C0=100.0, k=8.0, t=100.0),  # e^-800: value and slopes below the range, 0 their rounding
    C("iv_bolus", m_iv, dtype="float32", C0=100.0, k=0.8, t=100.0),  # e^-80 = 1.8e-35: normal
    C("iv_bolus", m_iv, "unstable", dtype="float32", C0=1.0, k=1.0, t=100.0),  # e^-100 = 3.7e-44: subnormal
    C("iv_bolus", m_iv, C0=100.0, k=0.0, t=5.0),  # no elimination
    C("half_life", m_half_life("float64"), k=0.1),
    C("half_life", m_half_life("float32"), dtype="float32", k=0.1),
    H("half_life", all_nan(k=0), "domain", k=0.0),  # a pole
    H("half_life", all_nan(k=0), "domain", dtype="float32", k=0.0),
    C("half_life", m_half_life("float64"), k=1e-150),  # 6.9e149, slope -6.9e299
    C("half_life", m_half_life("float64"), "domain", k=1e-200),  # slope -6.9e399: beyond the range
    C("half_life", m_half_life("float32"), dtype="float32", k=1e-18),  # slope -6.9e35
    C("half_life", m_half_life("float32"), "domain", dtype="float32", k=1e-20),  # slope -6.9e39
    C("auc_iv", m_auc, D=100.0, V=10.0, k=0.1),
    C("auc_iv", m_auc, dtype="float32", D=100.0, V=10.0, k=0.1),
    H("auc_iv", all_nan(D=0, V=0, k=0), "domain", D=100.0, V=10.0, k=0.0),
    H("auc_iv", all_nan(D=0, V=0, k=0), "domain", D=0.0, V=10.0, k=0.0),  # 0 / 0
    # k's slope -1e321 is beyond the range, but V's -1e160 is not, and comes out -inf (y^2 = 1e-318 in divide's rule)
    C("auc_iv", m_auc, "unstable", D=100.0, V=10.0, k=1e-160),
    # --- accumulation
    C("accumulation_ratio", m_accumulation, k=0.1, tau=12.0),
    C("accumulation_ratio", m_accumulation, dtype="float32", k=0.1, tau=12.0),
    C("accumulation_ratio", m_accumulation, "unstable", k=1e-10, tau=12.0),  # 1 - e^-1.2e-9: 7 digits gone
    C("accumulation_ratio", m_accumulation, "unstable", k=1e-17, tau=12.0),  # e^-1.2e-16 = 1 - 2^-53
    C("accumulation_ratio", m_accumulation, "unstable", k=1e-18, tau=12.0),  # e^-1.2e-17 = 1: 1/0 = inf for 8.3e16
    # float32 k tau = 1.2e-3: 1 - e^-0.0012 keeps all but 2.5e-5 of itself, within float32's 1e-4
    C("accumulation_ratio", m_accumulation, dtype="float32", k=1e-4, tau=12.0),
    C("accumulation_ratio", m_accumulation, "unstable", dtype="float32", k=1e-5, tau=12.0),  # 2.5e-4 lost
    H("accumulation_ratio", all_nan(k=0, tau=0), "domain", k=0.0, tau=12.0),
    C("accumulation_ratio_expm1", m_accumulation, k=0.1, tau=12.0),
    C("accumulation_ratio_expm1", m_accumulation, k=1e-10, tau=12.0),
    C("accumulation_ratio_expm1", m_accumulation, k=1e-18, tau=12.0),
    C("accumulation_ratio_expm1", m_accumulation, dtype="float32", k=1e-4, tau=12.0),
    C("accumulation_ratio_expm1", m_accumulation, dtype="float32", k=1e-5, tau=12.0),
    H("accumulation_ratio_expm1", all_nan(k=0, tau=0), "domain", k=0.0, tau=12.0),
    # --- Emax / Hill
    C("emax_hill", m_hill, C=3.0, n=1.5, **PD),
    C("emax_hill", m_hill, dtype="float32", C=3.0, n=1.5, **PD),
    C("emax_hill", m_hill, C=2.0, n=2.0, **PD),  # at EC50
    # C = 0, n = 0.5: sqrt(C) has an infinite slope and no left side; n's slope 0 (0^n = 0), EC50's 0, Emax's 0
    C("emax_hill", m_hill, "domain", C=0.0, n=0.5, **PD),
    C("emax_hill", m_hill, "domain", dtype="float32", C=0.0, n=0.5, **PD),
    C("emax_hill", m_hill, C=0.0, n=2.0, **PD),  # C^2: slope 0 in C, n's 0 (no 0 * log 0 leaked)
    C("emax_hill", m_hill, dtype="float32", C=0.0, n=2.0, **PD),
    C("emax_hill", m_hill, C=0.0, n=1.0, **PD),  # C^1: slope Emax / EC50 = 5
    C("emax_hill", m_hill, C=0.0, n=3.0, **PD),
    C("emax_hill", m_hill, C=1e-100, n=2.0, **PD),
    C("emax_logistic", m_hill_log, C=3.0, n=1.5, **PD),
    C("emax_logistic", m_hill_log, dtype="float32", C=3.0, n=1.5, **PD),
    # C = 0: log 0 = -inf, exp(inf) = inf, Emax / inf = 0: the value E0; C has no left side; the others keep their
    # slopes (E0's 1, the rest 0) beside it, but EC50's and n's come out NaN (the logistic's slope inf / inf^2): wrong
    C("emax_logistic", m_hill_log, "wrong", C=0.0, n=2.0, **PD),
    C("emax_logistic", m_hill_log, "wrong", C=0.0, n=0.5, **PD),
    C("emax_logistic", m_hill_log, "wrong", dtype="float32", C=0.0, n=2.0, **PD),
    C("emax_logistic", m_hill_log, C=2.0, n=2.0, **PD),
    # --- Michaelis-Menten
    C("michaelis_menten", m_mm("float64"), C0=10.0, Vmax=5.0, Km=2.0),
    C("michaelis_menten", m_mm("float32"), dtype="float32", C0=10.0, Vmax=5.0, Km=2.0),
    C("michaelis_menten", m_mm("float64"), C0=0.0, Vmax=5.0, Km=2.0),  # stays 0, slope (1 - h Vmax / Km)^5
    C("michaelis_menten", m_mm("float32"), dtype="float32", C0=0.0, Vmax=5.0, Km=2.0),
    H("michaelis_menten", all_nan(C0=0, Vmax=0, Km=0), "domain", C0=0.0, Vmax=5.0, Km=0.0),  # 0 / 0
    C("michaelis_menten", m_mm("float64"), C0=1e4, Vmax=5.0, Km=2.0),  # saturated: zero order
    # --- two-compartment macro constants
    C("two_compartment_alpha", m_alpha, k10=0.5, k12=0.3, k21=0.2),
    C("two_compartment_alpha", m_alpha, dtype="float32", k10=0.5, k12=0.3, k21=0.2),
    C("two_compartment_beta", m_beta, k10=0.5, k12=0.3, k21=0.2),
    C("two_compartment_beta", m_beta, dtype="float32", k10=0.5, k12=0.3, k21=0.2),
    C("two_compartment_beta_stable", m_beta, k10=0.5, k12=0.3, k21=0.2),
    # the double root k12 = 0, k10 = k21: sqrt((k10 - k21)^2) = |k10 - k21| kinks, k12 < 0 has no real roots
    C("two_compartment_alpha", m_alpha, "domain", k10=1.0, k12=0.0, k21=1.0),
    C("two_compartment_beta", m_beta, "domain", k10=1.0, k12=0.0, k21=1.0),
    C("two_compartment_beta_stable", m_beta, "domain", k10=1.0, k12=0.0, k21=1.0),
    C("two_compartment_alpha", m_alpha, "domain", dtype="float32", k10=1.0, k12=0.0, k21=1.0),
    # k12 = 0, k10 != k21: disc = (k10 - k21)^2, no kink; roots k10, k21
    C("two_compartment_alpha", m_alpha, k10=0.5, k12=0.0, k21=0.2),
    C("two_compartment_beta_stable", m_beta, k10=0.5, k12=0.0, k21=0.2),
    # near the double root: disc = 4e-10 from s^2 - 4 k10 k21 = 4 + 4e-10 - 4
    C("two_compartment_alpha", m_alpha, "unstable", k10=1.0, k12=1e-10, k21=1.0),
    C("two_compartment_beta_stable", m_beta, k10=1.0, k12=1e-10, k21=1.0),
    C("two_compartment_alpha", m_alpha, "unstable", dtype="float32", k10=1.0, k12=1e-4, k21=1.0),
    # a slow terminal phase: beta = 5e-9 from s - sqrt(disc), s = 2
    C("two_compartment_beta", m_beta, "unstable", k10=1e-8, k12=1.0, k21=1.0),
    C("two_compartment_beta_stable", m_beta, k10=1e-8, k12=1.0, k21=1.0),
    C("two_compartment_beta", m_beta, "unstable", dtype="float32", k10=1e-4, k12=1.0, k21=1.0),
    C("two_compartment_beta_stable", m_beta, dtype="float32", k10=1e-4, k12=1.0, k21=1.0),
    # --- residual error models
    C("lognormal_nll", m_lognormal, y=2.0, f=1.5, sigma=0.3),
    C("lognormal_nll", m_lognormal, dtype="float32", y=2.0, f=1.5, sigma=0.3),
    H("lognormal_nll", all_nan(y=0, f=0, sigma=0), "domain", y=2.0, f=0.0, sigma=0.3),  # log 0: inf
    H("lognormal_nll", all_nan(y=0, f=0, sigma=0), "domain", dtype="float32", y=2.0, f=0.0, sigma=0.3),
    C("lognormal_nll", m_lognormal, y=2.0, f=2.0, sigma=0.3),  # a perfect fit: r = 0
    C("combined_error_sd", m_sd, f=2.0, a=0.1, b=0.2),
    C("combined_error_sd", m_sd, dtype="float32", f=2.0, a=0.1, b=0.2),
    C("combined_error_sd", m_sd, f=2.0, a=0.0, b=0.2),  # purely proportional: a's slope 0
    C("combined_error_sd", m_sd, f=0.0, a=0.1, b=0.2),  # no prediction: f's and b's slopes 0
    # a = f = 0: sqrt(a^2 + b^2 f^2) kinks in a and f; b's slope 0 (sd = 0 for every b) comes out 0 / 0: wrong
    C("combined_error_sd", m_sd, "wrong", f=0.0, a=0.0, b=0.2),
    C("combined_error_sd", m_sd, "wrong", dtype="float32", f=0.0, a=0.0, b=0.2),
    C("combined_error_sd", m_sd, "wrong", f=2.0, a=0.0, b=0.0),  # f's slope 0 comes out 0 / 0
    # a = 1e-200, f = 0: a^2 underflows, sd 0 where it is 1e-200
    C("combined_error_sd", m_sd, "unstable", f=0.0, a=1e-200, b=0.2),
    C("combined_error_nll", m_combined, y=2.5, f=2.0, a=0.1, b=0.2),
    C("combined_error_nll", m_combined, dtype="float32", y=2.5, f=2.0, a=0.1, b=0.2),
    C("combined_error_nll", m_combined, y=2.5, f=2.0, a=0.0, b=0.2),
    H("combined_error_nll", all_nan(y=0, f=0, a=0, b=0), "domain", y=1.0, f=0.0, a=0.0, b=0.2),  # 1/0, log 0
]
