"""The round 101 (c) of user trials: nuclear physics, radiation and dosimetry written with gradcli.numpy
(tests/trials/lib101c.py).

The formulas nuclear physicists, health physicists and detector people fit or differentiate: the Bateman solution of
a two-member chain N1 l1 / (l2 - l1) (e^{-l1 t} - e^{-l2 t}) (both dtypes; l1 = l2; l2 = l1 (1 + 1e-9), float32 l2 -
l1 = 1e-6), by expm1 (ordinary; l1 = l2; 1e-9), guarded by where once (the secular limit N1 l1 t e^{-l1 t}; ordinary;
l2 - l1 = 1e-11; l1 = l2 both dtypes) and twice (a safe denominator and the first-order series; ordinary both dtypes;
1e-11; l1 = l2 both dtypes); the half-life ln 2 / lambda (both dtypes; lambda = 0; float32 1e-30, float64 1e-200); an
activity-weighted mean life (ordinary; no activity; a nuclide with A = 0 and lambda = 0); A0 2^{-t / T} (ordinary; T =
0 both dtypes); non-paralysable dead time m / (1 - m tau) (ordinary; m tau typed 1 in both dtypes; m tau = 1 exactly;
1 - m tau = 1e-12), paralysable n e^{-n tau} (ordinary; n tau = 1, its maximum; n tau = 1000) and its inverse -W(-m
tau) / tau (ordinary twice; m = 0; 4.4e-13 below W's branch point); Poisson counting negative log-likelihoods of a
linear background over channels with zero counts, by log (both dtypes; the empty channel's mu = 0) and by xlogy
(ordinary; mu = 0; mu = -0.1), and one bin's xlogy(n, mu) - mu - gammaln(n + 1) (n = 3; n = 0 both dtypes; n = mu = 0;
n = 3, mu = 0); Currie's L_D = 2.71 + 4.65 sqrt(B) (both dtypes; B = 1e-300; B = 0) and the MDA (ordinary; B = 0);
Beer-Lambert with Berger's buildup (1 + a mu x e^{b mu x}) e^{-mu x}, as written and multiplied out (ordinary; mu x =
750 in float64 and 110 in float32, where e^{-mu x} underflows); the point-source fluence S / (4 pi r^2) (both dtypes;
r = 0; float32 r = 1e-10 and 1e-20), a 3-D dose Gamma A / |p - src|^2 (ordinary; on the source), a shielded dose
(ordinary; r = 0); the Breit-Wigner shape (Gamma^2 / 4) / ((E - E0)^2 + Gamma^2 / 4) (both dtypes; Gamma = 0 off and on
resonance; on resonance at Gamma = 1e-200) and the Lorentzian (ordinary; Gamma = 0 off and on resonance; Gamma = 1e-3
on it; float32 1e-30 on it); the Gamow factor e^{-sqrt(E_G / E)} (both dtypes; E = 0 both dtypes; E = 1e-6 against E_G
= 1e3) and its logarithm (ordinary; E = 0); Rutherford's k / sin^4(theta / 2) (both dtypes; theta = 1e-3 both dtypes;
theta = 0; float32 1e-10; the double 2 pi); Bethe-Bloch K / beta^2 (ln(2 me beta^2 gamma^2 / I) - beta^2) with gamma^2 =
1 / (1 - beta^2) and 1 / ((1 - beta)(1 + beta)) (ordinary, both dtypes; the log negative at beta = 1e-3; beta = 1 -
1e-12; beta = 1 both forms; beta = 0); the semi-empirical mass formula with its parity switched pairing term, B(56, Z)
in Z (Z = 26.5 both dtypes; Z = 26) and a least-squares fit of its five coefficients to six measured binding energies.

Tried: 29 functions, 119 cases through the CLI judged by tests/trials/judge.py (at most two gradcli processes at once:
a scratch driver runs the CLI in two threads and judges in the main one), and scratch probes by hand (F1's minimal
forms; lambertw at 0, xlogy(0, y < 0) and stats.poisson.logpmf(0, mu) at mu = 0 and 2, all agreeing). ALL keeps 110
of them (9 ordinary float32 duplicates dropped after they agreed): 66 ok, 26 domain, 12 unstable, 6 wrong; 83 float64,
27 float32. 108 agree with gradcli in verdict and in every exact gradient entry (to 1e-10 relative); 2 are the finding
F1. Every check took 0.5-2.5 s on the shared machine (two at once); the last two runs of the 110 took 67 s and 37
s; all truths evaluate in about 10 s.

Truths are written here from the mathematics, never lib101c's code or gradcli: the Bateman solution from its expm1
side, the guarded forms by their switches' mathematics (the secular limit selected where |l2 - l1| < 1e-9 l1, so l2's
slope 0 there; the series N1 l1 e^{-l1 t} t (1 - d t / 2) where |d t| < 1e-6), W by mpmath.lambertw, log n! by
loggamma, the attenuation multiplied out, constants as the dtype holds them (2.71, 4.65, 1e-9 and 1e-6 as float32;
4.0 * np.pi, 2.0 * np.pi, 2.0 * ME and SEMF's 15.8 * 56 - 18.3 * 56^(2/3) and 56^(1/3) Python floats made before they
meet an array, then held; the exponents 2.0 / 3.0 and 1.0 / 3.0 the doubles they are; np.log(2.0) as ln 2, an op).
Derivatives from the left and the right by mpmath.diff at 2,000 digits (cases30b.sided_grad with finite_sides: NaN
where the sides differ or one is undefined or infinite); by hand the 0 / 0s and poles (l1 = l2, lambda = 0, m tau = 1,
r = 0, Gamma = 0 on resonance, theta = 0, beta = 0), T = 0 and E = 0 (a function flat to every order from the right:
e^{-t / 0} = 0 and e^{-sqrt(E_G / 0)} = 0, so t's, A0's and E_G's slopes are exactly 0, T and E none), Gamma = 1e-200 on
resonance (the value 1 along E = E0, every slope 0), the Gamow tail at E = 1e-6 in closed form, the parity switch.

What agreed (beyond the ordinary points, ok in both dtypes): Bateman domain at l1 = l2 in both spellings (0 / 0 for
every t and N1), unstable at l2 = l1 (1 + 1e-9) naive (7 digits) and by expm1 (the value kept, the slope in l2, t^2 / 2
of two terms of 5e10, as cases100c's log1p drag) and in float32 at 1e-6; the once-guarded where ok at 1e-11 (the
unselected branch finite) and wrong at l1 = l2 in both dtypes (the unselected 0 / 0 NaN at any precision), the
twice-guarded ok at 1e-11 and at l1 = l2 in both dtypes; the half-life domain at 0 and where its slope -ln 2 / lambda^2
passes the dtype (float32 1e-30, float64 1e-200, the value held); A0 2^{-t / T} wrong at T = 0 in both dtypes (t's
exact 0 computed 0 * -1 / 0, cases100c's F1 pattern, here settled); dead time domain at m tau = 1 exactly (m = 2, tau =
0.5), unstable where it is typed 1 (1e5 * 1e-5: the doubles' product 1 + 8.2e-18 rounds to 1, inf for -1.2e22; float32
1 - 2.5e-8 rounds to 1, inf for 4.0e12) and at 1 - m tau = 1e-12; the paralysable maximum ok (n's slope exactly 0),
n tau = 1000 ok (e^{-1000} and its slopes below any double); W ok at m = 0 (W'(0) = 1 kept, not W / (x (1 + W)) = 0 /
0) and unstable 4.4e-13 below the branch point; Poisson by log domain with an empty channel at mu = 0, by xlogy ok
there (xlogy(0, 0) = 0: slopes -5.5, -12) and at mu = -0.1 (xlogy(0, y) = 0 for every y), one bin's domain at n = mu
= 0 (n none, mu's -1) and at n = 3, mu = 0; Currie and the MDA domain at B = 0 (the MDA's efficiency and time keep
-2.71 / (eff^2 t) and -2.71 / (eff t^2)), ok at B = 1e-300 (slope 2.3e150); the buildup as written unstable where
e^{-mu x} underflows (float64 e^{-750}: the value 0 for 3.8e-242; float32 e^{-110}: 0 for 1.6e-31), multiplied out ok
in both; the point dose domain at r = 0 and where 1 / r^2 passes float32 (r = 1e-20), the 3-D dose and the shielded
dose domain on the source; Breit-Wigner ok off resonance at Gamma = 0 (every slope 0), domain on it (0 / 0), unstable at
Gamma = 1e-200 (Gamma^2 underflows: 0 / 0 for the value 1), the Lorentzian ok off resonance at Gamma = 0 (Gamma's 1 /
(2 pi 0.04)), domain on it, unstable in float32 at Gamma = 1e-30 on it (the value 6.4e29 held, computed inf; Gamma's
-6.4e59 past float32: README's x (1 + (1 / x)^2) reading); Gamow wrong at E = 0 in both dtypes (E_G's exact 0 computed
0 * 0 * inf), ok at E = 1e-6 (e^{-31623}), its log domain at E = 0; Rutherford domain at 0 and float32 1e-10 (1.6e41),
ok at 1e-3 in both dtypes and at the double 2 pi (sin of the double pi is 1.22e-16 exactly as computed: 4.5e63);
Bethe-Bloch ok at beta = 1e-3 (a negative log is still a log) and domain at beta = 0; SEMF domain at Z = 26 (even-even:
the pairing +a_p / sqrt(A) jumps to 0 beside it), ok at 26.5 in both dtypes and in the fit.

Truths the round corrected in itself (against the first CLI batch; each re-derived before changing it):
- the float32 point dose at r = 1e-10, first ok (the value 8e18 and r's slope -1.6e29 both held): the rule's upstream
  -s / D^2 = -6.3e37 times 4 pi is -8e38, past float32, before 2 r brings it back: r's slope -inf, unstable;
- Bethe-Bloch at beta = 1 - 1e-12, first unstable (1 - beta^2 from a rounded beta^2): beta = 1 - d with d a multiple of
  2^-53, so 1 - 2 d is a double and beta^2 rounds off only d^2 = 1e-24: 1 - beta^2 keeps 12 digits more than feared,
  ok (the factored spelling, meant as its fix, is ok too);
- Poisson by log at the empty channel's mu = 0, first domain with b none too (0 log 0 for every b): the house's reading
  (README's sum(p log(p / q)) with p[0] = 0 keeps q's slopes) keeps b's -12 from the other channels;
- the mean life with a nuclide of A = 0 and lambda = 0, first every entry none: by the same reading the other lives
  keep -A_i / (lambda_i^2 sum A) (the 0 / 0 never meets them), while the activities, which move the denominator the NaN
  is divided by, have none.

Findings:
F1. A pole made before a division by an input that does not move it: that input's slope is lost. In lib101c,
  `bethe_bloch(beta, i_exc)` = K / b2 * (np.log(2.0 * ME * b2 * gamma2 / i_exc) - b2) with gamma2 = 1 / (1 - b2), at
  beta = 1, I = 173 (and `bethe_bloch_factored`, gamma2 = 1 / ((1 - beta) (1 + beta))): domain, exact gradient {beta:
  nan, i_exc: nan}, i_exc's why "no derivative: the function's exact value here is +inf"; true: beta none, I's slope
  -K / (beta^2 I) = -0.001775 (I moves only the -log I of the infinite log; README: "at a pole, the inputs that do not
  move it keep their slopes ... log(y/x) at x = 0 keeps 1/y in y"). Minimal, in a file `import gradcli.numpy as np`,
  `gradcli check file.py:f --at "x=0.0,y=2.0" --dtype float64 --json`: `np.log(y / x)` keeps y's 0.5 and
  `np.log(2.0 / (x * y))` and `np.log(1.0 / x) - np.log(y)` keep y's -0.5, but `np.log(y * (1.0 / x))` gives y none
  (truth 0.5) and `np.log((1.0 / x) / y)`, `np.log((2.0 / x) / y)`, `np.log(1.0 / x / y)` give y none (truth -0.5);
  with x = 1 in `np.log(y / (1.0 - x))` y keeps 0.5, in `np.log((1.0 / (1.0 - x)) / y)` and `2.0 * (np.log(1.0 / (1.0
  - x) / y) - x)` none. The verdict (domain) is right; the exact gradient's entry is not. Sure because: the same
  function spelled y / x or 2 / (x y) gets the slope from gradcli itself, the identity log(c y) = log c + log y holds
  for every c in (0, inf], and I (y) appears nowhere in the pole. Mended: a division's answer at its pole keeps the
  quotient it is beside the point through the rational ops after it (`arb_proof._pole_carried`), so a log of
  (1 / x) / y has log(y / x)'s slopes; both cases pass.
"""

import math

import mpmath
import numpy
from mpmath import mpf

from cases import Case
from cases30b import sided_grad

L = "lib101c.py"
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


# --- the mathematics, in mpmath (never lib101c's code path); constants as the dtype holds them -----------------------

def m_bateman(t, n1, l1, l2):
    """N1 l1 e^{-l1 t} (1 - e^{-(l2 - l1) t}) / (l2 - l1): the daughter's growth, written from the expm1 side."""
    d = l2 - l1
    if d == 0:
        return NAN
    return n1 * l1 * exp(-l1 * t) * -mpmath.expm1(-d * t) / d


def m_bateman_where(dtype):
    c = held(dtype, 1e-9)

    def f(t, n1, l1, l2):
        if abs(l2 - l1) < c * l1:  # the program's switch: the secular limit, whatever l2 is
            return n1 * l1 * t * exp(-l1 * t)
        return m_bateman(t, n1, l1, l2)
    return f


def m_bateman_safe(dtype):
    c = held(dtype, 1e-6)

    def f(t, n1, l1, l2):
        d = l2 - l1
        if abs(d * t) < c:  # the program's first-order series there
            return n1 * l1 * exp(-l1 * t) * t * (1 - d * t / 2)
        return m_bateman(t, n1, l1, l2)
    return f


def m_half_life(lam):
    return log(2) / lam  # np.log(2.0): gradcli.numpy's log, exact ln 2 in the reference


def m_mean_life(activities, lams):
    return sum(a / l for a, l in zip(activities, lams)) / sum(activities)


def m_activity(t, a0, t_half):
    return a0 * exp(-t / t_half * log(2))


def m_dead_nonpar(m, tau):
    return m / (1 - m * tau)


def m_dead_par(n, tau):
    return n * exp(-n * tau)


def m_true_rate(m, tau):
    x = -m * tau
    if x < -1 / mpmath.e:
        return NAN
    return -mpmath.re(mpmath.lambertw(x)) / tau


CNT = [0, 3, 1, 0, 7]
CH = [0, 1, 2, 3, 4]


def m_poisson_nll(a, b):
    total = mpf(0)
    for n, x in zip(CNT, CH):
        mu = a + b * x
        if n:
            if mu <= 0:
                return NAN
            total += n * log(mu)
        total += -mu - mpmath.loggamma(n + 1)
    return -total


def m_poisson_loglik(n, mu):
    if n == 0:
        term = mpf(0)
    elif mu <= 0:
        return NAN
    else:
        term = n * log(mu)
    return term - mu - mpmath.loggamma(n + 1)


def m_currie(dtype):
    c0, c1 = held(dtype, 2.71), held(dtype, 4.65)
    return lambda b: c0 + c1 * sqrt(b) if b >= 0 else NAN


def m_mda(dtype):
    c0, c1 = held(dtype, 2.71), held(dtype, 4.65)
    return lambda b, eff, t: (c0 + c1 * sqrt(b)) / (eff * t) if b >= 0 else NAN


def m_attenuation(mu, x, a, b):
    """e^{-mu x} + a mu x e^{-(1 - b) mu x}, the transmitted fraction multiplied out."""
    return exp(-mu * x) + a * mu * x * exp(-(1 - b) * mu * x)


def m_point_dose(dtype):
    four_pi = held(dtype, 4.0 * math.pi)  # 4.0 * np.pi: a Python float before it meets r ** 2
    return lambda r, s: s / (four_pi * r * r)


def m_dose_at(p, src, gamma_a):
    return gamma_a / sum((x - y) ** 2 for x, y in zip(p, src))


def m_shielded(dtype):
    four_pi = held(dtype, 4.0 * math.pi)
    return lambda r, s, mu: s * exp(-mu * r) / (four_pi * r * r)


def m_breit_wigner(e, e0, gamma):
    h = gamma / 2
    return h * h / ((e - e0) ** 2 + h * h)


def m_bw_normalised(dtype):
    two_pi = held(dtype, 2.0 * math.pi)
    return lambda e, e0, gamma: gamma / two_pi / ((e - e0) ** 2 + gamma * gamma / 4)


def m_gamow(e, eg):
    return exp(-sqrt(eg / e))


def m_gamow_log(e, eg):
    return -sqrt(eg / e)


def m_rutherford(theta, k):
    return k / mpmath.sin(theta / 2) ** 4


def m_bethe(dtype, factored=False):
    k, me = held(dtype, 0.307075), held(dtype, 2.0 * 0.51099895e6)  # 2.0 * ME: a Python float first

    def f(beta, i_exc):
        b2 = beta * beta
        if abs(beta) >= 1:
            return NAN
        g2 = 1 / ((1 - beta) * (1 + beta))
        return k / b2 * (log(me * b2 * g2 / i_exc) - b2)
    return f


SEMF = (15.8, 18.3, 0.714, 23.2, 12.0)
NUC = [(56, 26), (208, 82), (40, 20), (14, 7), (235, 92), (27, 13)]
MEAS = [492.254, 1636.43, 342.052, 104.659, 1783.87, 224.952]


def _delta(a, z):
    """The pairing sign from the parities of Z and N (integers only)."""
    n = a - z
    if z % 2 == 0 and n % 2 == 0:
        return 1
    if z % 2 == 1 and n % 2 == 1:
        return -1
    return 0


def m_semf_z(dtype):
    """B(56, Z) at a non-integer Z (pairing 0 near it); the constants as the program holds them: the Python floats
    15.8 * 56 - 18.3 * 56 ** (2 / 3) and 56 ** (1 / 3) are doubles before they meet z."""
    volume_surface = held(dtype, 15.8 * 56.0 - 18.3 * 56.0 ** (2.0 / 3.0))
    ac, aa, a13 = held(dtype, 0.714), held(dtype, 23.2), held(dtype, 56.0 ** (1.0 / 3.0))

    def f(z):
        return volume_surface - ac * z * (z - 1) / a13 - aa * (56 - 2 * z) ** 2 / 56
    return f


def m_semf_fit(coef):
    p23, p13 = mpf(2.0 / 3.0), mpf(1.0 / 3.0)  # the program's exponents are doubles
    total = mpf(0)
    for (a, z), b in zip(NUC, MEAS):
        a, z = mpf(a), mpf(z)
        model = (coef[0] * a - coef[1] * a ** p23 - coef[2] * z * (z - 1) / a ** p13 - coef[3] * (a - 2 * z) ** 2 / a
                 + coef[4] * _delta(int(a), int(z)) / sqrt(a))
        total += (model - mpf(b)) ** 2
    return total


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


BAT = dict(t=5.0, n1=1e6, l1=0.1, l2=0.3)
NEAR = dict(t=5.0, n1=1e6, l1=0.1, l2=0.1000000001)  # l2 - l1 = 1.0e-10, exact (Sterbenz)
CLOSE = dict(t=5.0, n1=1e6, l1=0.1, l2=0.10000000001)  # 1.0e-11: below both guards' switches
EQUAL = dict(t=5.0, n1=1e6, l1=0.1, l2=0.1)
BW = dict(e=1.2, e0=1.0, gamma=0.1)
PAIR = dict(coef=list(SEMF))

MIRRORED = [
    # --- Bateman
    C("bateman", m_bateman, **BAT),
    C("bateman", m_bateman, dtype=F32, **BAT),
    C("bateman_expm1", m_bateman, **BAT),
    C("bateman_where", m_bateman_where("float64"), **BAT),
    C("bateman_safe", m_bateman_safe("float64"), **BAT),
    C("bateman_safe", m_bateman_safe(F32), dtype=F32, **BAT),
    # l2 = l1 (1 + 1e-9): e^{-l1 t} - e^{-l2 t} keeps 7 digits
    C("bateman", m_bateman, "unstable", **NEAR),
    # expm1 keeps the value, but the slope in d = l2 - l1, t e^{-dt} / d - (1 - e^{-dt}) / d^2 = -t^2 / 2 + ..., is
    # what two terms of 5e10 leave
    C("bateman_expm1", m_bateman, "unstable", **NEAR),
    # float32, l2 - l1 = 1e-6 (exact): e^{-0.5} - e^{-0.500005} keeps 2 digits
    C("bateman", m_bateman, "unstable", dtype=F32, t=5.0, n1=1e6, l1=0.1, l2=0.100001),
    # the switches: |d| = 1e-11 < 1e-9 l1 and |d t| < 1e-6: the secular limit (l2's slope 0) and the series
    C("bateman_where", m_bateman_where("float64"), **CLOSE),
    C("bateman_safe", m_bateman_safe("float64"), **CLOSE),
    C("bateman_safe", m_bateman_safe("float64"), **EQUAL),  # the safe denominator: nothing leaks
    C("bateman_safe", m_bateman_safe(F32), dtype=F32, **EQUAL),
    # --- half-life, mean life, activity
    C("half_life", m_half_life, lam=1e-3),
    C("half_life", m_half_life, dtype=F32, lam=1e-3),
    # lam -> 0: the value 6.9e29 (6.9e199) held, its slope -ln 2 / lam^2 past the dtype
    C("half_life", m_half_life, "domain", dtype=F32, lam=1e-30),
    C("half_life", m_half_life, "domain", lam=1e-200),
    C("mean_life", m_mean_life, activities=[100.0, 50.0, 10.0], lams=[0.1, 0.01, 0.001]),
    C("activity", m_activity, t=3.0, a0=1e6, t_half=8.02),
    # --- dead time
    C("dead_time_nonparalysable", m_dead_nonpar, m=1e4, tau=1e-6),
    # m tau as typed 1: the doubles' product is 1 + 8.2e-18, rounded to 1: the value inf for -1.2e22
    C("dead_time_nonparalysable", m_dead_nonpar, "unstable", m=1e5, tau=1e-5),
    # float32: 1e5 * float32(1e-5) = 1 - 2.5e-8 rounds to 1: inf for 4.0e12
    C("dead_time_nonparalysable", m_dead_nonpar, "unstable", dtype=F32, m=1e5, tau=1e-5),
    # 1 - m tau = 1e-12 from a product rounded to 1e-16: 4 digits
    C("dead_time_nonparalysable", m_dead_nonpar, "unstable", m=99999.9999999, tau=1e-5),
    C("dead_time_paralysable", m_dead_par, n=1e4, tau=1e-6),
    C("dead_time_paralysable", m_dead_par, n=2.0, tau=0.5),  # n tau = 1, the maximum: n's slope exactly 0
    C("true_rate_paralysable", m_true_rate, m=1e4, tau=1e-6),
    C("true_rate_paralysable", m_true_rate, m=2e5, tau=1e-6),
    C("true_rate_paralysable", m_true_rate, m=0.0, tau=1e-6),  # W'(0) = 1: W / (x (1 + W)) would be 0 / 0
    # m tau 4.4e-13 below 1 / e, W's branch point: 1 + W = 1.6e-6, and m tau's rounding (6.7e-17 relative) moves it
    # by 3e-5 of itself: W' = W / (x (1 + W)) to 4 digits
    C("true_rate_paralysable", m_true_rate, "unstable", m=367879.441171, tau=1e-6),
    C("dead_time_paralysable", m_dead_par, n=1e9, tau=1e-6),  # e^{-1000}: the value and slopes below any double
    # --- Poisson counting
    C("poisson_nll", m_poisson_nll, a=1.0, b=0.5),
    C("poisson_nll", m_poisson_nll, dtype=F32, a=1.0, b=0.5),
    C("poisson_nll_xlogy", m_poisson_nll, a=1.0, b=0.5),
    # a fitter's step to a negative background in the empty channel: xlogy(0, -0.1) = 0, smooth
    C("poisson_nll_xlogy", m_poisson_nll, a=-0.1, b=0.5),
    C("poisson_loglik", m_poisson_loglik, n=3.0, mu=2.5),
    C("poisson_loglik", m_poisson_loglik, n=0.0, mu=2.5),  # xlogy(0, mu) = 0: n's slope log mu - psi(1)
    C("poisson_loglik", m_poisson_loglik, dtype=F32, n=0.0, mu=2.5),
    # --- Currie
    C("currie_ld", m_currie("float64"), b=100.0),
    C("currie_ld", m_currie(F32), dtype=F32, b=100.0),
    C("currie_ld", m_currie("float64"), b=1e-300),  # the slope 2.3e150: held
    C("mda", m_mda("float64"), b=25.0, eff=0.3, t=600.0),
    # --- attenuation with buildup
    C("attenuation_buildup", m_attenuation, mu=0.2, x=5.0, a=1.0, b=0.05),
    C("attenuation_buildup", m_attenuation, dtype=F32, mu=0.2, x=5.0, a=1.0, b=0.05),
    C("attenuation_buildup_combined", m_attenuation, mu=0.2, x=5.0, a=1.0, b=0.05),
    # mu x = 750: e^{-750} = 0 in float64, times (1 + 750 e^{187.5}): the value 0 for 3.8e-242
    C("attenuation_buildup", m_attenuation, "unstable", mu=1.0, x=750.0, a=1.0, b=0.25),
    C("attenuation_buildup_combined", m_attenuation, mu=1.0, x=750.0, a=1.0, b=0.25),
    # float32, mu x = 110: e^{-110} = 0 there; the combined e^{-82.5} is held
    C("attenuation_buildup", m_attenuation, "unstable", dtype=F32, mu=1.0, x=110.0, a=1000.0, b=0.25),
    C("attenuation_buildup_combined", m_attenuation, dtype=F32, mu=1.0, x=110.0, a=1000.0, b=0.25),
    # --- point sources
    C("point_dose", m_point_dose("float64"), r=2.0, s=1e9),
    C("point_dose", m_point_dose(F32), dtype=F32, r=2.0, s=1e9),
    # r = 1e-10 in float32: the value 8e18 and r's slope -1.6e29 are held, but the rule's upstream -s / D^2 = -6.3e37
    # times 4 pi is -8e38, past float32, before the 2 r brings it back: r's slope -inf
    C("point_dose", m_point_dose(F32), "unstable", dtype=F32, r=1e-10, s=1.0),
    C("point_dose", m_point_dose(F32), "domain", dtype=F32, r=1e-20, s=1.0),  # 8e38 past float32
    C("dose_at", m_dose_at, p=[1.0, 2.0, 2.0], src=[0.0, 0.0, 0.0], gamma_a=90.0),
    C("shielded_dose", m_shielded("float64"), r=2.0, s=1e9, mu=0.1),
    # --- Breit-Wigner
    C("breit_wigner", m_breit_wigner, **BW),
    C("breit_wigner", m_breit_wigner, dtype=F32, **BW),
    C("breit_wigner", m_breit_wigner, e=1.2, e0=1.0, gamma=0.0),  # off resonance: every slope 0
    C("breit_wigner_normalised", m_bw_normalised("float64"), **BW),
    C("breit_wigner_normalised", m_bw_normalised("float64"), e=1.2, e0=1.0, gamma=0.0),  # Gamma's 1 / (2 pi 0.04)
    C("breit_wigner_normalised", m_bw_normalised("float64"), e=1.0, e0=1.0, gamma=1e-3),
    # --- Gamow
    C("gamow", m_gamow, e=0.5, eg=100.0),
    C("gamow", m_gamow, dtype=F32, e=0.5, eg=100.0),
    C("gamow_log", m_gamow_log, e=0.5, eg=100.0),
    # --- Rutherford
    C("rutherford", m_rutherford, theta=0.5, k=1.0),
    C("rutherford", m_rutherford, dtype=F32, theta=0.5, k=1.0),
    C("rutherford", m_rutherford, theta=1e-3, k=1.0),
    C("rutherford", m_rutherford, dtype=F32, theta=1e-3, k=1.0),
    C("rutherford", m_rutherford, "domain", dtype=F32, theta=1e-10, k=1.0),  # 1.6e41 past float32
    # theta = 2 pi as a double: sin(theta / 2) = sin(double pi) = 1.22e-16 exactly as computed, the value 4.5e63 held
    C("rutherford", m_rutherford, theta=2 * math.pi, k=1.0),
    # --- Bethe-Bloch
    C("bethe_bloch", m_bethe("float64"), beta=0.5, i_exc=173.0),
    C("bethe_bloch", m_bethe(F32), dtype=F32, beta=0.5, i_exc=173.0),
    C("bethe_bloch_factored", m_bethe("float64"), beta=0.5, i_exc=173.0),
    C("bethe_bloch", m_bethe("float64"), beta=1e-3, i_exc=173.0),  # the log negative below 2 me v^2 = I
    # beta = 1 - d: 1 - 2 d is a double (d a multiple of 2^-53), so beta^2 rounds off only d^2 = 1e-24: 1 - beta^2
    # keeps 12 digits more than feared, and the naive gamma^2 is as good as the factored one
    C("bethe_bloch", m_bethe("float64"), beta=0.999999999999, i_exc=173.0),
    C("bethe_bloch_factored", m_bethe("float64"), beta=0.999999999999, i_exc=173.0),
    # --- SEMF
    C("semf_z", m_semf_z("float64"), z=26.5),
    C("semf_z", m_semf_z(F32), dtype=F32, z=26.5),
    C("semf_fit", m_semf_fit, **PAIR),
]


def _gamow_tiny():
    e, eg = mpf(1e-6), mpf(1e3)
    f = exp(-sqrt(eg / e))
    return {"e": f * sqrt(eg) / (2 * e ** mpf(1.5)), "eg": -f / (2 * sqrt(eg * e))}


def _bethe_pole():
    return {"beta": NAN, "i_exc": -held("float64", 0.307075) / mpf(173)}


BY_HAND = [
    # l1 = l2: 0 / 0 for every t and N1: no value there, no slope
    H("bateman", all_nan("t", "n1", "l1", "l2"), "domain", **EQUAL),
    H("bateman_expm1", all_nan("t", "n1", "l1", "l2"), "domain", **EQUAL),
    # the switch selects the secular limit, but the unselected 0 / 0 leaks NaN through where at any precision
    H("bateman_where", sided_grad(m_bateman_where("float64"), **EQUAL), "wrong", **EQUAL),
    H("bateman_where", sided_grad(m_bateman_where(F32), F32, **EQUAL), "wrong", dtype=F32, **EQUAL),
    H("half_life", all_nan("lam"), "domain", lam=0.0),
    # a nuclide with no activity and l = 0: 0 / 0 in the numerator for every value of the others; the house's reading
    # (README: entries beside one with no derivative keep theirs where that NaN never meets them): the other lives keep
    # -A_i / (l_i^2 sum A), the activities, which move the denominator the NaN is divided by, none
    H("mean_life", lambda: {"activities": [NAN] * 3,
                            "lams": [-mpf(100) / (mpf(0.1) ** 2 * 150), -mpf(50) / (mpf(0.01) ** 2 * 150), NAN]},
      "domain", activities=[100.0, 50.0, 0.0], lams=[0.1, 0.01, 0.0]),
    # activities all 0: 0 / 0 however the lives move
    H("mean_life", lambda: {"activities": [NAN] * 3, "lams": [NAN] * 3}, "domain", activities=[0.0, 0.0, 0.0],
      lams=[0.1, 0.01, 0.001]),
    # T1/2 = 0: 2^{-t / 0} = 0 for every t > 0 and A0 (flat from the right), e^{+inf} from the left: t's and A0's
    # slopes 0, T1/2 none; t's rule 0 * -1 / 0 = NaN at any precision
    H("activity", lambda: {"t": mpf(0), "a0": mpf(0), "t_half": NAN}, "wrong", t=3.0, a0=1e6, t_half=0.0),
    H("activity", lambda: {"t": mpf(0), "a0": mpf(0), "t_half": NAN}, "wrong", dtype=F32, t=3.0, a0=1e6,
      t_half=0.0),
    H("dead_time_nonparalysable", all_nan("m", "tau"), "domain", m=2.0, tau=0.5),  # 1 - m tau = 0 exactly
    # a = 0: the empty channel's mu = 0, 0 * log 0 for every b: no value
    # (b does not move it: the house's reading, README's sum(p log(p / q)) with p[0] = 0, keeps b's slope from the
    # other channels, -(5 - 3 + 10))
    H("poisson_nll", lambda: {"a": NAN, "b": mpf(-12)}, "domain", a=0.0, b=0.5),
    # by xlogy: 0 log 0 = 0, and the channel's term -mu alone; a's -(sum n / mu - 1) without the 0 / 0
    H("poisson_nll_xlogy", lambda: {"a": mpf("-5.5"), "b": mpf(-12)}, a=0.0, b=0.5),
    # n = 0, mu = 0: n's slope log 0 (none); mu's -1 (xlogy(0, mu) = 0 for every mu)
    H("poisson_loglik", lambda: {"n": NAN, "mu": mpf(-1)}, "domain", n=0.0, mu=0.0),
    H("poisson_loglik", all_nan("n", "mu"), "domain", n=3.0, mu=0.0),  # 3 log 0 = -inf
    H("currie_ld", all_nan("b"), "domain", b=0.0),  # sqrt at 0: an infinite slope from the right
    H("mda", lambda: {"b": NAN, "eff": -mpf(2.71) / (mpf(0.3) ** 2 * 600), "t": -mpf(2.71) / (mpf(0.3) * 600 ** 2)},
      "domain", b=0.0, eff=0.3, t=600.0),
    H("point_dose", all_nan("r", "s"), "domain", r=0.0, s=1e9),
    H("shielded_dose", all_nan("r", "s", "mu"), "domain", r=0.0, s=1e9, mu=0.1),
    H("dose_at", lambda: {"p": [NAN] * 3, "src": [NAN] * 3, "gamma_a": NAN}, "domain", p=[1.0, 2.0, 2.0],
      src=[1.0, 2.0, 2.0], gamma_a=90.0),
    # on resonance with Gamma = 0: 0 / 0
    H("breit_wigner", all_nan("e", "e0", "gamma"), "domain", e=1.0, e0=1.0, gamma=0.0),
    # Gamma = 1e-200 on resonance: Gamma^2 / 4 = 0 in float64, 0 / 0, for the value 1 and slopes 0
    H("breit_wigner", lambda: {"e": mpf(0), "e0": mpf(0), "gamma": mpf(0)}, "unstable", e=1.0, e0=1.0, gamma=1e-200),
    H("breit_wigner_normalised", all_nan("e", "e0", "gamma"), "domain", e=1.0, e0=1.0, gamma=0.0),
    # float32 Gamma = 1e-30 on resonance: Gamma^2 / 4 = 0 there, the value 6.4e29 (held) computed inf; Gamma's slope
    # -2 / (pi Gamma^2) = -6.4e59 past float32
    H("breit_wigner_normalised", lambda: {"e": mpf(0), "e0": mpf(0),
                                          "gamma": -2 / (held(F32, 2.0 * math.pi) * held(F32, 1e-30) ** 2 / 2)},
      "unstable", dtype=F32, e=1.0, e0=1.0, gamma=1e-30),
    # E = 0: e^{-sqrt(E_G / 0)} = 0 for every E_G (flat from E > 0, undefined below): E none, E_G's 0, computed
    # 0 * 0 * inf = NaN at any precision
    H("gamow", lambda: {"e": NAN, "eg": mpf(0)}, "wrong", e=0.0, eg=100.0),
    H("gamow", lambda: {"e": NAN, "eg": mpf(0)}, "wrong", dtype=F32, e=0.0, eg=100.0),
    H("gamow_log", all_nan("e", "eg"), "domain", e=0.0, eg=100.0),  # -inf for every E_G
    # E = 1e-6 keV against E_G = 1 MeV: e^{-31623} and its slopes below any double
    H("gamow", _gamow_tiny, e=1e-6, eg=1e3),
    H("rutherford", all_nan("theta", "k"), "domain", theta=0.0, k=1.0),
    # beta = 1: gamma^2 = inf, the log infinite; I moves only log(1 / I): its slope -K / I kept, as README's log(y / x)
    # at x = 0 keeps 1 / y (F1, mended)
    H("bethe_bloch", _bethe_pole, "domain", beta=1.0, i_exc=173.0),
    H("bethe_bloch_factored", _bethe_pole, "domain", beta=1.0, i_exc=173.0),  # (1 - 1)(1 + 1) = 0: the same
    H("bethe_bloch", all_nan("beta", "i_exc"), "domain", beta=0.0, i_exc=173.0),  # K / 0 (log 0 - 0)
    # Z = 26, N = 30: even-even, the pairing +a_p / sqrt(A) jumps to 0 either side: Z none
    H("semf_z", all_nan("z"), "domain", z=26.0),
]

ALL = MIRRORED + BY_HAND
