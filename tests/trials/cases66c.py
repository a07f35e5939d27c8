"""The sixty-sixth trial set (third part): issue 27's exact reference on Python functions written with gradcli.numpy that
APPROXIMATE SPECIAL FUNCTIONS BY HAND, as numerical libraries write them (tests/trials/lib66c.py): Horner evaluation of
(x - 1)^8 expanded and of e^-x's Taylor series to 119 terms (alternating terms up to 8e11 at x = 30); a Chebyshev
series by Clenshaw's recurrence on [-1, 1] and mapped onto [2, 5] (at the ends); the [3/3] Pade approximant of exp and
Lambert's [3/2] one of tanh (ordinary, 1e200), the latter clamped to +-1 at |x| = 3 where it reaches 1 with slope 0;
Laplace's continued fraction for erfc (40 levels) and Legendre's for the upper incomplete gamma (30 levels) at ordinary
points and where e^-x^2 / e^-x underflow; Stirling's series for log-gamma (10, 1e300) with an upward shift below 7 by
np.where (on the breakpoint, beside it, at 1e-300); Abramowitz-Stegun 7.1.26 made odd by np.sign (at 0, where its
polynomial leaves 1e-9); Lanczos's gamma (g = 7) with the reflection below 1/2 (on the switch, at -1 where the double
pi misses the pole, at 170.5 where t^(z + 1/2) overflows); Eigen's rational tanh clamped at 7.9053 and the sigmoid by
it; exp by range reduction k = np.round(x / ln2), np.ldexp(e^r, k) (or 2.0 ** k) with e^r by np.exp and by a degree-5
polynomial (at k + 1/2 exactly, beside it where float64's quotient rounds onto it, at -740, 709.78, 710, 1024 ln2); sin
by reduction modulo pi/2 with the quadrant by np.mod and np.select (at pi/4, -10, 1e22); log by np.frexp with np.log(m)
and with an atanh series (at powers of two, 2^-1074, float32's 2^-149), and by np.floor(np.log2(x)); a base-10 split
by np.floor(np.log10(x)); six Newton steps for sqrt, from 1 and from a frexp guess, and five for 1 / x; erf by a series
below 2 and the continued fraction above (np.where on and beside 2); a C1 smoothstep by np.select, np.piecewise with a
constant piece and with a kink, np.select with overlapping conditions; np.where on 3.0 * x < 1.0 at 0.3333333333333333;
np.modf's fractional part; np.round(x, 2); Kahan's and Neumaier's compensated sums.

Tried: 37 functions, 121 distinct checks through the CLI (at most two at once), judged by tests/trials/judge.py through
a driver in the manner of run.py (a scratch file: the set as first written, 78, then additions in batches, then
the whole kept set again), and a few probes by hand; 41 were dropped as repeats of kept kinds: ALL keeps 80 (38 ok,
17 unstable, 25 domain, 0 wrong; 69 float64, 11 float32).

Truths are written here from the mathematics of each approximation, never lib66c's code or gradcli: polynomials in
expanded or closed form ((x - 1)^8, sum c_k x^k, sum c_k T_k(x) by mpmath.chebyt), continued fractions by the forward
(Wallis) recurrence A_j / B_j rather than bottom up, Newton's iterates by their closed forms ((y_n - s) / (y_n + s) =
((1 - s) / (1 + s))^(2^n) for sqrt, 1 - x y_n = (1 - x y_0)^(2^n) for 1 / x), np.round as round-half-even of the exact
quotient x / LN2, np.frexp by mpmath.frexp, every literal as the double it is (float32's rounding of it in float32, as
README says literals meeting float32 data are held); the derivative from the left and the right by mpmath.diff at 2,000
digits (cases30b.sided_grad), NaN where they differ (a jump: the difference quotients straddle a step). By hand:
A-S's erf at 0 (the value jumps through 0 at the point, so both one-sided quotients are the same 1e-9 / h: NaN
written by hand) and Legendre's fraction at x = 0 (0 / 0: undefined).

ALL: 80 cases. All 80 agree with gradcli in verdict and every exact gradient entry (to 1e-10 relative). No check took
over 4 s (most 0.4-1.5 s; the slowest, gammaincc_cf at x = 0, 3.6 s).
What agreed: Horner ok at ordinary points, unstable where the terms cancel ((x - 1)^8 at 1.01 by hand and by
np.polyval, e^-x's series at 30, in float32 at 5 where Horner's adjoint x^k overflows); Clenshaw ok (also at the
interval's ends, float32); Pade ok, unstable at 1e200 (x^2 overflows) and at the double nearest the [3/3] denominator's
root (the denominator 1e-15 computed as -1.4e-14), the clamped tanh ok on its clamp |x| = 3 (C1: slope exactly 0),
unstable at 1e200 (the unselected branch's inf / inf); erfc's fraction ok at 2 and at 30 (e^-900: value and slope
round to 0), unstable at 27 (e^-729 subnormal); Gamma(a, x)'s fraction ok (also at x = 800, float32); Stirling ok at
10, unstable at 1e300 (x^3's rule: 3 x^2 = inf times 0); the shifted Stirling domain on its breakpoint 7, ok a ulp
below; A-S erf domain at 0, ok at 30 and in float32; Lanczos ok at 3.5 and at -1 (sin(pi_double) = 1.2e-16: no pole, a
value of -2.6e16), domain on the reflection switch 0.5, unstable at 170.5 (177^170 overflows); the rational tanh
domain on its clamp in both dtypes; exp by reduction ok at 1, domain at LN2 / 2 (an exact k + 1/2, float32 too) and
past the range (710; at 1024 LN2, where r = 0 and the program's value is 2^1024), ok at -740 (a subnormal e^x that
ldexp rounds once); log by frexp ok, domain at powers of two (1, 0.5, 2^-1074, float32's 2^-149); by np.floor of
np.log2 / np.log10 domain at 8 and 1000 (the exact reference proves log2 8 = 3, log10 1000 = 3), ok at 1e-5; Newton
ok; the frexp-guessed Newton sqrt ok at 2 (the guess is x / 2 on both sides of frexp's step), domain at 4 and 2^-1074
(the guess jumps); erf piecewise domain on 2, ok a ulp below; np.select / np.piecewise ok where C1, domain at kinks;
np.modf domain at an integer; np.round(x, 2) domain at 0.125 (12.5 exactly); Kahan and Neumaier ok (a tie of |s| and
|y| between two corrections that are both exactly 0 is no switch).
Where float64's rounding of an operation crosses a step the exact function does not meet at the point, gradcli says
unstable with the step named: x / LN2 rounding onto 1.5 at x = 1.0397207708399179 (np.round picks k = 2, the exact
k = 1; with np.exp the two spellings agree to 2e-17, ok; with a degree-5 polynomial they differ by 5e-6, unstable),
3 * 0.3333333333333333 rounding onto 1.0 in a np.where (slope 2 for the exact 1), np.round(2.675, 2) = 2.68 where the
exact 100 x = 267.49999999999998 gives 2.67.

Truths the round corrected in itself, gradcli right each time: lgamma_shift at 1e-300 is unstable, not ok: np.where
runs the unselected stirling(1e-300), whose 1 / (360 x^3) is 1 / 0 and whose rule gives 0 * inf = NaN in the
gradient; A-S's erf at 0 has no derivative though sided_grad's two one-sided quotients agree (the value jumps through
0 at the point: both are 1e-9 / h); Gamma(2, x) by the fraction at x = 0 is domain, not unstable: the fraction's top
level is -1 + 1 / 1 = 0, so the value is 0 / 0 (the function approximated is 1 there, the approximation as written is
undefined); the float32 Horner of e^-x's series holds the coefficients 1/k! as float32 (0 past k = 36, README: a
literal meeting float32 data is held in float32); e^-740 by ldexp is ok, not unstable (one rounding to the subnormal);
np.ldexp(e^r, 1024) at 709.78 is unstable, not ok: the value 1.79e308 and its slope are in range, but the reverse
mode's adjoint of e^r is d ldexp(y, 1024) / dy = 2^1024 = inf (2.0 ** k overflows in the value itself: unstable too).

Findings: none. Observed, not a case: at log_floor_log2's power of two gradcli's message said "the exact gradient is
undefined or infinite at this point" where the value jumps by ln2 - LN2 = 2.3e-17 (log_frexp's and pow10_split's
steps are named as jumps); the verdict, domain, was right. Mended: log2 and log10 of an exact power of their base are
whole numbers on balls and in every rounding of the high-precision runs (tests/test_log_of_exact_powers.py), and the
finding names the jump at the floor.
"""

import math

import mpmath
import numpy
from mpmath import mpf

from cases import Case
from cases30b import sided_grad
from cases59c import _txt  # a point as its case id writes it
from cases63c import fixed, undefined  # a truth entry by entry; no derivative at the point (a scalar: 0)

L = "lib66c.py"
NAN = mpmath.nan
log, exp = mpmath.log, mpmath.exp


def D64(v):
    return mpf(float(v))


def D32(v):
    return mpf(float(numpy.float32(v)))


LN2 = 0.6931471805599453
PI = 3.141592653589793
HALF_LOG_2PI = 0.9189385332046727
SQRT_2PI = 2.5066282746310002
INV_SQRT_PI = 0.5641895835477563
EXPNEG = [(-1.0) ** k / math.factorial(k) for k in range(120)]  # the doubles the user's module computes
# the approximations' coefficients are the program's data, the same floats the user's code writes
from lib66c import AS_A, AS_P, CHEB, LANCZOS, TANH_A, TANH_B, TANH_CLAMP  # noqa: E402


# --- the mathematics, in mpmath ---------------------------------------------------------------------------------------

def m_binom(x):
    return (x - 1) ** 8


def m_expneg(R=D64):
    return lambda x: mpmath.fsum(R(c) * x ** k for k, c in enumerate(EXPNEG))


def m_cheb(R=D64):
    return lambda x: mpmath.fsum(R(c) * mpmath.chebyt(k, x) for k, c in enumerate(CHEB))


def m_cheb_interval(x):
    return m_cheb()((2 * x - 7) / 3)


def m_pade_exp(x):
    return (120 + 60 * x + 12 * x ** 2 + x ** 3) / (120 - 60 * x + 12 * x ** 2 - x ** 3)


def m_pade_tanh(x):
    return x * (27 + x ** 2) / (27 + 9 * x ** 2)


def m_pade_tanh_clamped(x):
    return mpmath.sign(x) if abs(x) > 3 else m_pade_tanh(x)


def wallis(b0, terms):
    """b0 + a1 / (b1 + a2 / (b2 + ...)) by the forward recurrence; terms = [(a_j, b_j), ...]."""
    a_prev, a_cur, b_prev, b_cur = mpf(1), b0, mpf(0), mpf(1)
    for a, b in terms:
        a_prev, a_cur = a_cur, b * a_cur + a * a_prev
        b_prev, b_cur = b_cur, b * b_cur + a * b_prev
    return a_cur / b_cur


def m_erfc_cf(x):
    f = wallis(x, [(mpf(j) / 2, x) for j in range(1, 41)])
    return D64(INV_SQRT_PI) * exp(-x * x) / f


def m_gammaincc(R=D64):
    def f(a, x):
        cf = wallis(x + 1 - a, [(-j * (j - a), x + 2 * j + 1 - a) for j in range(1, 31)])
        return exp(-x) * x ** a / cf
    return f


def m_stirling(x):
    return ((x - mpf(1) / 2) * log(x) - x + D64(HALF_LOG_2PI) + 1 / (12 * x) - 1 / (360 * x ** 3)
            + 1 / (1260 * x ** 5))


def m_lgamma_shift(x):
    if x < 7:
        return m_stirling(x + 7) - mpmath.fsum(log(x + k) for k in range(7))
    return m_stirling(x)


def m_erf_as(R=D64):
    def f(x):
        z = abs(x)
        t = 1 / (1 + R(AS_P) * z)
        poly = mpmath.fsum(R(a) * t ** (k + 1) for k, a in enumerate(AS_A))
        return mpmath.sign(x) * (1 - poly * exp(-z * z))
    return f


def m_lanczos(x):
    z = x - 1
    a = D64(LANCZOS[0]) + mpmath.fsum(D64(c) / (z + k) for k, c in enumerate(LANCZOS) if k)
    t = z + mpf(15) / 2
    return D64(SQRT_2PI) * t ** (z + mpf(1) / 2) * exp(-t) * a


def m_lanczos_gamma(x):
    if x < mpf(1) / 2:
        return D64(PI) / (mpmath.sin(D64(PI) * x) * m_lanczos(1 - x))
    return m_lanczos(x)


def m_tanh_rational(R=D64):
    def f(x):
        c = R(TANH_CLAMP)
        x = min(max(x, -c), c)
        p = mpmath.fsum(R(a) * x ** (2 * k) for k, a in enumerate(TANH_A))
        q = mpmath.fsum(R(b) * x ** (2 * k) for k, b in enumerate(TANH_B))
        return x * p / q
    return f


def m_sigmoid_rational(R=D64):
    return lambda x: mpf(1) / 2 + m_tanh_rational(R)(x / 2) / 2


def round_half_even(y):
    f = mpmath.floor(y)
    d = y - f
    if d > mpf(1) / 2:
        return f + 1
    if d < mpf(1) / 2:
        return f
    return f if int(f) % 2 == 0 else f + 1


def m_exp_reduced(R=D64):
    def f(x):
        k = round_half_even(x / R(LN2))
        return exp(x - k * R(LN2)) * mpmath.ldexp(1, int(k))
    return f


def m_exp_reduced_poly(x):
    k = round_half_even(x / D64(LN2))
    r = x - k * D64(LN2)
    p = 1 + r + r ** 2 / 2 + r ** 3 * D64(1.0 / 6.0) + r ** 4 / 24 + r ** 5 * D64(1.0 / 120.0)
    return p * mpmath.ldexp(1, int(k))


def m_log_frexp(R=D64):
    def f(x):
        m, e = mpmath.frexp(x)
        return log(m) + e * R(LN2)
    return f


def m_log_frexp_series(x):
    m, e = mpmath.frexp(x)
    s = (m - 1) / (m + 1)
    return 2 * (s + s ** 3 * D64(1.0 / 3.0) + s ** 5 * D64(0.2) + s ** 7 / 7) + e * D64(LN2)


def m_newton_sqrt(x):
    s = mpmath.sqrt(x)
    q = ((1 - s) / (1 + s)) ** 64
    return s * (1 + q) / (1 - q)


def m_newton_recip(R=D64):
    return lambda x: (1 - (1 - R(0.1) * x) ** 32) / x


def m_erf_piecewise(x):
    if x < 2:
        return 2 * D64(INV_SQRT_PI) * mpmath.fsum((-1) ** n * x ** (2 * n + 1) / (mpmath.factorial(n) * (2 * n + 1))
                                                  for n in range(8))
    return 1 - m_erfc_cf(x)


def m_smoothstep(x):
    return mpf(0) if x < 0 else (mpf(1) if x > 1 else 3 * x ** 2 - 2 * x ** 3)


def m_linear_piecewise(x):
    return x if x < 1 else 2 * x - 1


PI_2 = 1.5707963267948966


def m_sin_reduced(x):
    k = round_half_even(x / D64(PI_2))
    r = x - k * D64(PI_2)
    return [mpmath.sin(r), mpmath.cos(r), -mpmath.sin(r), -mpmath.cos(r)][int(k) % 4]


def m_sqrt_frexp(x):
    m, e = mpmath.frexp(x)
    y0 = m * mpmath.ldexp(1, e // 2)
    s = mpmath.sqrt(x)
    q = ((y0 - s) / (y0 + s)) ** 32
    return s * (1 + q) / (1 - q)


def m_log_floor_log2(x):
    e = mpmath.frexp(x)[1] - 1  # floor(log2 x), exactly (mpmath's log2 of 8 is not asked to be 3)
    return log(x / mpmath.ldexp(1, e)) + e * D64(LN2)


def floor_log10(x):
    e = 0
    while mpf(10) ** e > x:
        e -= 1
    while mpf(10) ** (e + 1) <= x:
        e += 1
    return e


def m_pow10_split(x):
    e = floor_log10(x)
    return x / mpf(10) ** e + e


def m_frac_sq(x):
    return (x - (mpmath.floor(x) if x >= 0 else mpmath.ceil(x))) ** 2


def m_sum(x):
    return mpmath.fsum(x)


def m_weighted_sum(x):
    return mpmath.fsum((k + 1) * v for k, v in enumerate(x))


# --- cases ------------------------------------------------------------------------------------------------------------

def C(function, mirror, verdict="ok", dtype="float64", **pt):
    """A case whose truth is the one- and two-sided derivative of ``mirror`` at the point as ``dtype`` holds it."""
    return Case(L, function, ",".join(f"{k}={_txt(v)}" for k, v in pt.items()), dtype, verdict,
                sided_grad(mirror, dtype, **pt))


HALF_LN2 = LN2 / 2  # exactly k + 1/2 = 1/2 in units of LN2

ALL = [
    # Horner, Clenshaw, Pade
    C("horner_binom", m_binom, x=2.0),
    C("horner_binom", m_binom, "unstable", x=1.01),  # (x - 1)^8 = 1e-16 from terms of 70: cancellation
    C("horner_expneg", m_expneg(), "unstable", x=30.0),  # e^-30 from terms up to 8e11
    C("clenshaw", m_cheb(), x=0.3),
    C("clenshaw", m_cheb(D32), dtype="float32", x=0.3),
    C("clenshaw_interval", m_cheb_interval, x=2.0),
    C("pade_exp", m_pade_exp, x=0.5),
    C("pade_tanh", m_pade_tanh, "unstable", x=1e200),  # x^2 overflows
    C("pade_tanh_clamped", m_pade_tanh_clamped, x=3.0),  # C1 on the clamp: slope exactly 0
    C("pade_tanh_clamped", m_pade_tanh_clamped, "unstable", x=1e200),  # the unselected branch's inf / inf
    # continued fractions
    C("erfc_cf", m_erfc_cf, x=2.0),
    C("erfc_cf", m_erfc_cf, "unstable", x=27.0),  # e^-729 = 2.5e-317 is subnormal
    C("erfc_cf", m_erfc_cf, x=30.0),  # e^-900: value and slope below float64's least, their rounding 0
    C("gammaincc_cf", m_gammaincc(), a=2.0, x=3.0),
    C("gammaincc_cf", m_gammaincc(), a=2.0, x=800.0),
    C("gammaincc_cf", m_gammaincc(), dtype="float32", a=2.0, x=3.0),
    # log-gamma, gamma, erf
    C("stirling", m_stirling, x=10.0),
    C("stirling", m_stirling, "unstable", x=1e300),  # x^3's rule: 3 x^2 (inf) times 0
    C("lgamma_shift", m_lgamma_shift, "domain", x=7.0),  # the two series differ on the breakpoint: a jump
    C("lgamma_shift", m_lgamma_shift, x=6.999999999999999),
    C("lgamma_shift", m_lgamma_shift, "unstable", x=1e-300),  # the unselected stirling(1e-300): 1 / x^3 = 1 / 0
    # sign(x) (1 - 0.999999999): a jump of 2e-9 through 0 at the point (both one-sided quotients are 1e-9 / h: by hand)
    Case(L, "erf_as", "x=0.0", "float64", "domain", fixed(x=NAN)),
    C("erf_as", m_erf_as(), x=30.0),
    C("erf_as", m_erf_as(D32), dtype="float32", x=0.5),
    C("lanczos_gamma", m_lanczos_gamma, x=3.5),
    C("lanczos_gamma", m_lanczos_gamma, "domain", x=0.5),  # reflection and Lanczos differ by ~1e-15 there
    C("lanczos_gamma", m_lanczos_gamma, x=-1.0),  # sin(pi_double) = 1.2e-16: no pole, a finite 1e16
    C("lanczos_gamma", m_lanczos_gamma, "unstable", x=170.5),  # t^(z + 1/2) = 177^170 overflows
    # rational tanh and sigmoid
    C("tanh_rational", m_tanh_rational(), x=1.0),
    C("tanh_rational", m_tanh_rational(), "domain", x=TANH_CLAMP),  # the clamp: slope 5e-7 on one side, 0 on the other
    C("sigmoid_rational", m_sigmoid_rational(D32), dtype="float32", x=1.0),
    # range reduction, frexp, Newton
    C("exp_reduced", m_exp_reduced(), x=1.0),
    C("exp_reduced", m_exp_reduced(), "domain", x=HALF_LN2),  # k jumps 0 -> 1: e^x (1 + 2.3e-17) on the right
    C("exp_reduced", m_exp_reduced(), "domain", x=710.0),  # e^710 past float64's range
    C("exp_reduced_poly", m_exp_reduced_poly, "domain", x=HALF_LN2),  # the polynomial's error at +-ln2/2: a jump
    C("log_frexp", m_log_frexp(), x=3.0),
    C("log_frexp", m_log_frexp(), "domain", x=1.0),  # frexp's step at a power of two: a jump of ln2 - LN2
    C("log_frexp", m_log_frexp(), "domain", x=5e-324),  # 2^-1074, a power of two too
    C("log_frexp", m_log_frexp(D32), dtype="float32", x=3.0),
    C("log_frexp_series", m_log_frexp_series, "domain", x=0.5),
    C("newton_sqrt", m_newton_sqrt, x=2.0),
    C("newton_sqrt", m_newton_sqrt, x=1e-300),
    C("newton_recip", m_newton_recip(D32), dtype="float32", x=3.0),
    # piecewise, summation
    C("erf_piecewise", m_erf_piecewise, "domain", x=2.0),
    C("erf_piecewise", m_erf_piecewise, x=1.9999999999999998),
    C("smoothstep_select", m_smoothstep, x=0.0),
    C("linear_piecewise", m_linear_piecewise, "domain", x=1.0),
    C("kahan_sum", m_weighted_sum, x=[1e16, 1.0, -1e16]),
    C("neumaier_sum", m_sum, x=[1.0, -1.0, 3.0]),  # |s| = |y|: the two corrections tie, both exactly 0
    C("neumaier_sum", m_sum, x=[1e100, 1.0, -1e100]),
    C("select_overlap", m_linear_piecewise, "domain", x=1.0),
    # more reductions
    C("sin_reduced", m_sin_reduced, x=1.0),
    C("sin_reduced", m_sin_reduced, "domain", x=PI_2 / 2),  # k + 1/2 exactly: sin r against cos(r - PI_2)
    C("sin_reduced", m_sin_reduced, "unstable", x=1e22),  # k from the rounded quotient, r from k * PI_2's rounding
    C("sqrt_frexp", m_sqrt_frexp, x=2.0),  # frexp steps at 2, but the guess m 2^(e // 2) = x / 2 on both sides
    C("sqrt_frexp", m_sqrt_frexp, "domain", x=4.0),  # the guess jumps from 2 to 1: the iterate by 2e-15
    C("exp_reduced", m_exp_reduced(D32), "domain", dtype="float32", x=HALF_LN2),
    C("exp_reduced", m_exp_reduced(D32), dtype="float32", x=1.0),
    # float32 holds the coefficients 1/k! (0 past k = 36): the adjoint x^k of Horner's first steps overflows
    C("horner_expneg", m_expneg(D32), "unstable", dtype="float32", x=5.0),
    C("sin_reduced", m_sin_reduced, x=-10.0),  # k = -6: the quadrant by floor mod, 2
    C("sqrt_frexp", m_sqrt_frexp, "domain", x=5e-324),  # 2^-1074: the guess jumps from 2^-537 to 2^-538
    C("exp_reduced", m_exp_reduced(), x=-740.0),  # e^-740 = 4e-322, subnormal, but ldexp rounds once: its rounding
    C("tanh_rational", m_tanh_rational(D32), "domain", dtype="float32", x=TANH_CLAMP),
    # at a = 2, x = 0 the fraction's n = 2 level is 1 + 0 and its top 1 - 2 + 1 / 1 = 0: the value is 0 / 0
    Case(L, "gammaincc_cf", "a=2.0,x=0.0", "float64", "domain", undefined(a=0, x=0)),
    C("square_piecewise", lambda x: mpf(0) if x < 0 else x * x, x=0.0),
    C("polyval_binom", m_binom, "unstable", x=1.01),
    C("pade_exp", m_pade_exp, "unstable", x=4.644370709252171),  # the double nearest the denominator's root
    # float64's x / LN2 rounds onto k + 1/2 (1.5; 10.5) where the exact quotient is below (above) it: the dtype's
    # round picks the other k, and the polynomial's two ends differ by ~5e-6 (np.exp's by 2e-17, within rounding)
    C("exp_reduced_poly", m_exp_reduced_poly, "unstable", x=1.0397207708399179),
    C("exp_reduced", m_exp_reduced(), x=1.0397207708399179),
    # 3 * 0.3333333333333333 rounds to 1.0, the exact product is 1 - 5.6e-17: the exact slope 1, the dtype's 2
    C("hat_where", lambda x: x if 3 * x < 1 else 2 * x - D64(1.0 / 3.0), "unstable", x=0.3333333333333333),
    # near float64's top: k = 1024, e^r = 0.997; np.ldexp stays finite, 2.0 ** 1024 is inf
    # ... but the reverse mode's adjoint of e^r is d ldexp(y, 1024) / dy = 2^1024 = inf: unstable, though the
    # exact slope 0.997 * 2^1024 = 1.79e308 is in range
    C("exp_reduced", m_exp_reduced(), "unstable", x=709.78),
    C("exp_reduced_pow", m_exp_reduced(), "unstable", x=709.78),
    # 1024 LN2 as a double: r = 0, the program's value is 2^1024 exactly, past float64's range (e^x itself is not)
    C("exp_reduced", m_exp_reduced(), "domain", x=709.782712893384),
    # the exponent by np.floor of np.log2 / np.log10: the exact reference proves log2(8) = 3, log10(1000) = 3
    C("log_floor_log2", m_log_floor_log2, "domain", x=8.0),  # log(x/4) + 2 LN2 against log(x/8) + 3 LN2
    C("pow10_split", m_pow10_split, "domain", x=1000.0),  # 10 + 2 from the left, 1 + 3 at the point
    C("pow10_split", m_pow10_split, x=1e-5),  # the double 1e-5 is 10^-5 (1 + 8e-17): log10 just above -5
    C("frac_modf", m_frac_sq, "domain", x=2.0),
    # np.round(x, 2): 100 x = 12.5 exactly at 0.125 (half to even: 0.12 | 0.13); at 2.675 float64's 100 x rounds
    # onto 267.5 (2.68) where the exact product 267.49999999999998 gives 2.67: the value off by 0.01
    C("quantize_round2", lambda x: round_half_even(100 * x) / 100 + x, "domain", x=0.125),
    C("quantize_round2", lambda x: round_half_even(100 * x) / 100 + x, "unstable", x=2.675),
    C("log_frexp", m_log_frexp(D32), "domain", dtype="float32", x=1e-45),  # 2^-149, float32's least: a power of two
]
