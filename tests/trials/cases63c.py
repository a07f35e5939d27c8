"""The sixty-third trial set (third part): issue 27's exact reference on Python functions doing FINANCE and ECONOMICS,
and functions with REMOVABLE SINGULARITIES, with gradcli.numpy and gradcli.scipy.special the way quantitative code
writes them (tests/trials/lib63c.py): the Black-Scholes call by ndtr and by erfc, its delta (gamma), the put by
1 - N(d) and by N(-d), log N(d2) by log(ndtr) and by log_ndtr, deep in and out of the money (d1 = +-40, -20), at
expiry t = 1e-300, at sigma = 1e-300 and 1e300; a forward price and the discount fraction 1 - e^(-r t) by hand and by
expm1 at r t = 1e-20; compound growth (1 + r)^n against exp(n log1p(r)), compounding m times (m = 12, 1e12); the
annuity factor (1 - (1 + r)^-n) / r naive, by one np.where, by the double-where pattern, by expm1 / log1p, at r = 0,
1e-17, 1e-300 and float32 1e-5, a loan payment r / (1 - (1 + r)^-n); CRRA utility at g = 1 (naive, one where, double
where, expm1) and at the double below 1; Box-Cox by scipy.special.boxcox and by a where at lambda = 0 and 1e-300; CES
production at rho = 0.5, 1e-17 and 0, Cobb-Douglas (by powers and by exp of logs) at 0, 1e-300 and 5e-324; log
utility at 1e-300 and 5e-324; softmax portfolio weights by hand and by scipy.special.softmax at +-800 (float64) and
+-100 (float32); log-sum-exp by hand and by scipy.special.logsumexp; the Kelly growth rate at its optimum, at f = 1
and 1e-17 (by log and by log1p), beside a second slope, with exactly held constants; (e^x - 1) / x by hand, by expm1,
by one where, by the double where and by scipy.special.exprel at 0, 1e-300, 1e-10, 800 and float32 0; x log x by
hand, by a where, by xlogy and entr at 0 and 5e-324; logit / expit (by hand, scipy's, the round trip expit(logit(p))
at 0.5, 0.5 + 1 ulp, 1e-300, 5e-324); sin(x) / x by a where (README's example); log returns np.diff(np.log(p)), the
volatility np.std, np.var and the Sharpe ratio at ordinary, constant and exactly doubling prices; the IRR of four cash
flows by 20 Newton steps. Points: ordinary, at and beside the removable singularity, 1e-300 / 1e300 and subnormals,
float64 and float32.

Tried: 57 functions, about 114 checks through the CLI (at most two at once): 102 written as cases and judged by
tests/trials/judge.py through a driver in the manner of run.py (in three batches), then about 11 probes by hand (the
annuity's double where and the IRR before their cases, the Kelly optimum's JSON, the reach gradcli's two sign
patterns give it, the Kelly array with its entries swapped, expm1(x) / x at 1e-10 in NumPy itself). 20 were dropped
as repeats of kept kinds: ALL keeps 82.
Truths are written here from the mathematics, never lib63c's code or gradcli: Black-Scholes with d1, d2 =
(log s +- sigma^2 t / 2) / (sigma sqrt t) and mpmath.ncdf, the put as N(-d2) - s N(-d1) whichever way the user wrote
it, the discount fraction as -expm1(-r t), compounding as (1 + r)^n, a removable singularity's mirror defined by its
limit at the point where the code defines it (the annuity n at r = 0, CRRA log c at g = 1, Box-Cox log x at lambda
= 0, exprel 1 at 0, sinc 1 at 0), the softmax and log-sum-exp shifted by their maximum, the volatility as the
population standard deviation, the IRR by Newton in mpmath to 2,000 digits (|NPV| < 1e-1900) and its slopes by the
implicit function theorem dr/dc_k = -(1 + r)^-k / NPV'(r); every float64 literal as the double it is (0.3, 0.7,
0.6, 0.4); the derivative from the left and from the right by mpmath.diff (cases30b.sided_grad), NaN where they
differ. By hand where that cannot serve: no derivative where the value is 0/0, x/0, log 0 or 0 log 0 at the point
(the annuity, a loan payment, CRRA, exprel naive at 0; Kelly at f = 1; x log x at 0; the Sharpe ratio at constant
prices and at prices whose log returns are all exactly log 2); the log limits' slopes in closed form ((e^(aL) - 1) / a
= L + a L^2 / 2 + ...: CRRA's g-slope -log(2)^2 / 2, Box-Cox's lambda-slope +log(2)^2 / 2, the c / x slopes 1/2;
checked by central differences at 60 digits: -0.2402265069591007); the annuity's r-slope at 0 is -n(n + 1) / 2 = -55
(the sum of (1 + r)^-k, k = 1..10), checked the same way; CES at rho = 0 (below).

ALL: 82 cases (35 ok, 25 unstable, 14 domain, 8 wrong). 80 agree with gradcli in verdict and every exact gradient
entry (to 1e-10 relative); the two that do not are F1 and F2. No check took over 7 s (most under 1.5 s; the annuity's
double where at r = 0 the slowest, 6 s).
What agreed: Black-Scholes at the money, deep in (d1 = 40: the gamma e^-804 is 0 in float64, rightly) and out of the
money (the price 1e-350 is 0 in float64, rightly) is ok, by ndtr and erfc (d1 = -20); at expiry t = 1e-300 at the money
N(+-1e-151) both round to 0.5 and the price 8e-152 is lost (unstable), in the money (s = 1.1) ok; at sigma = 1e-300 the
price 4e-301 cancels to 0 (unstable), at sigma = 1e300 sigma^2 overflows and d2 = inf - 1e300 (unstable); the put by
1 - N(19.9) is 0 where it is 1e-89 (unstable), by N(-d) ok; log(ndtr(-46)) is log 0 (unstable), log_ndtr ok; the
discount fraction 1 - e^-1e-20 is 0 (unstable), -expm1 ok; (1 + 1e-17)^100's n-slope log1p(r) (1 + r)^n = 1e-15 comes
out 0 (unstable, float32 at 1e-8 too), exp(n log1p(r)) ok; (1 + r / m)^m at m = 1e12 unstable; the annuity naive at
r = 0 (0/0: domain), at 1e-17 (0 against 10: unstable), float32 at 1e-5 (unstable); by one where at r = 0 the 0/0 of
the unselected branch leaks NaN where the exact slopes are [-55, 1] (wrong), by the double where the branch's own slope
0 where it is -55 (wrong, the finding naming the equality that holds at the very point); by expm1 / log1p ok at 0.05
and unstable at 1e-17 and 1e-300 (its value right, its slope 1e18 - 1e18 and 1e301 - 1e301); CRRA naive at g = 1
(domain) and at the double below 1 (2^(1.1e-16) rounds to 1: unstable, by expm1 too: the g-slope cancels), by one
where and by the double where at g = 1 (wrong: exact -log(2)^2 / 2); scipy.special.boxcox at lambda = 0 and 1e-300 ok
(exact lambda-slope log(2)^2 / 2), Box-Cox by a where at 0 wrong; CES at rho = 1e-17 (x^rho rounds to 1: the value 1
against 2.6: unstable); Cobb-Douglas at x = 0 (x's slope +inf, y's 0: domain), at 5e-324 and 1e-300 ok; log utility at
5e-324 (the slope 2e323, past float64: domain); softmax weights by hand at +-800 (unstable), scipy's ok in float64;
log-sum-exp by hand at 800 unstable, scipy's ok; the Kelly rate at f = 1 (log 0: domain), at 1e-17 (1 + f rounds:
the value 2e-18 lost, unstable), by log1p ok, with exactly held constants at its optimum (0.75 / 1.5 - 0.25 / 0.5 = 0)
ok; (e^x - 1) / x at 0 domain, at 1e-300 unstable; expm1(x) / x at 1e-300 unstable (its slope cancels); by one where and
by the double where at 0 wrong (exact 1/2: the NaN, and the constant branch's 0); scipy.special.exprel at 0 (float64
and float32) ok, at 800 domain (e^800 / 800 past float64); x log x at 0 by hand, by a where and by xlogy: domain; at
5e-324 ok; logit at 0.5 ok, scipy's at 5e-324 domain (slope 2e323); expit(logit(p)) at 1e-300 ok and at 5e-324
unstable (its slope 1, but logit's 2e323 overflows on the way); log(expit(-800)) unstable; log returns ok; np.std of
constant prices' returns is a cone (domain), np.var there smooth (every slope 0: ok); the Sharpe ratio ok at ordinary
prices, domain at constant (0/0) and at exactly doubling prices (log 2 / 0); the Newton IRR ok.

Truths the round corrected in itself, gradcli right each time: CRRA by one where / the double where and Box-Cox (scipy's
and by a where) at their log limits: sided_grad's mirror gave NaN for g and lambda (mpmath.diff's one-sided
differences beside the mirror's own branch point disagreed past its 1e-500 threshold), where the slopes are -log(2)^2 /
2 and log(2)^2 / 2 (now written by hand); CES at rho = 0 is wrong, not domain in every slope: with README's x/0 infinite,
1/0 is +inf and the doubles 0.3 + 0.7 sum to 1 - 5.6e-17, so the exact value is 0 whatever x and y (x^0 = 1): their
slopes are 0 and rho's none, and power's rule gives NaN for x and y at any precision (README's 1/(y log1p(-x)) at x = 1:
the other inputs are still judged); expm1(x) / x at 1e-10 is ok, not unstable (its slope e^x / x - expm1(x) / x^2
cancels 1e10 against 1e10, but float64's rounding lands on 0.5, 6.7e-11 from the exact 0.50000000003333: within 1e-10;
NumPy gives 0.5 too); scipy.special.softmax's weights in float32 at [100, 0, -100] are unstable, not ok: the slopes
p_i (w_i - w . p) are all e^-100-sized (the array's largest 1.1e-43) and w . p rounds to 1, the rule's own
cancellation (in float64 at +-800 the slopes are 1e-348, 0 in float64, and ok).

Findings:

- F1 (mended since: a third sign pattern moves the inputs against the constants, `data_rounding.PATTERNS`):
  the Kelly growth rate 0.6 log(1 + f) + 0.4 log(1 - f) at its optimum f = 0.2 (0 as the decimals say: 0.6 / 1.2 -
  0.4 / 0.8), plus a second input with slope 1, in one array: kelly_vec(z) = kelly(z[0]) + z[1] at z = [0.2, 1.0]. Of
  the doubles the program holds (0.6, 0.4 and 0.2 are roundings) the exact slope in z[0] is -5.78e-17; float64 computes
  0.5 - 0.5 = 0. gradcli says unstable ("cancellation: add([-0.5, 1.0], [0.5, 0.0]) = [0.0, 1.0] adds up the gradients
  of 2 paths from one value, and their partial derivatives cancel"), gradient [0, 1], exact [-5.78e-17, 1]. The same
  function with its entries swapped (kelly_vec_swapped at z = [1.0, 0.2]) is ok, with README's note "off its exact
  value in entries that are tiny beside the rest, by no more than moving the program's own rounded constants and
  inputs by 2 units in the last place". README: "unless that tiny entry is the rounding of the program's own data:
  where moving the program's rounded float constants and inputs ... by two units in the last place of the dtype moves
  the exact entry as far as the computed one is off, it passes". Moving 0.6 alone by two ulps moves the slope 1.85e-16,
  three times the 5.78e-17 the 0 is off, and so do 10 of the 12 sign patterns of (0.6, 0.4, 0.2) +-2 ulps. The truth:
  ok, whichever order the array has. Why (read in data_rounding.py, then confirmed by the swap): gradcli tries two
  sign patterns, every datum up, and signs by bit parity for constants but by index parity for an array's entries
  (even index up); 0.6 and 0.4 have odd parity (up), so at index 0 both patterns move all three up, and the slope moves
  2.2e-16 / 1.2 - 1.1e-16 / 0.8 - 1.04 x 5.6e-17 = -1.2e-17, short of 5.78e-17; at index 1 f moves down and the slope
  1.04e-16. Reproduce:
      gradcli check tests/trials/lib63c.py:kelly_vec --at "z=[0.2,1.0]" --dtype float64
      gradcli check tests/trials/lib63c.py:kelly_vec_swapped --at "z=[1.0,0.2]" --dtype float64   # ok
- F2 (mended since: an entry where an exact 0 would pass is measured by the data's reach, a lone number too,
  `compare._passes_as_a_zero`): the same optimum with f the only input (kelly_growth at f = 0.2): unstable, the same message, gradient 0, exact
  -5.78e-17. Here the sign patterns would reach far enough (0.2 alone has even bit parity, so the second pattern moves
  it down: 1.04e-16), but the entry is its array's whole magnitude, and gradcli (compare.py: "an entry below rtol x M,
  where an exact 0 would pass") measures a reach only for an entry tiny beside its array. README's rule names no such
  condition ("a computed 0 against a tiny exact entry has lost all of it ..., unless that tiny entry is the rounding of
  the program's own data ...: it passes, as its mirror does"), and the mirror, an exact 0 with a computed -5.78e-17,
  passes as a scalar (rtol x 1). The truth: ok. (The cause is read, not run.) With constants held exactly (kelly_exact,
  0.75 / 1.5 - 0.25 / 0.5 at f = 0.5) the slope is exactly 0 and gradcli says ok. Reproduce:
      gradcli check tests/trials/lib63c.py:kelly_growth --at "f=0.2" --dtype float64
"""

import mpmath
from mpmath import mpf

from cases import Case
from cases5 import hp
from cases30b import sided_grad
from cases59c import _txt  # a point as its case id writes it
from cases62c import fixed  # a truth given entry by entry (mpf, NaN)

L = "lib63c.py"
NAN = mpmath.nan
D = mpf  # a float64 literal of the user's code, as the double it is
S = mpmath.fsum
N = mpmath.ncdf

W3 = [mpf(1), mpf(-2), mpf(1) / 2]
W4 = [mpf(1), mpf(-1), mpf(2), mpf(1) / 2]


# --- the mathematics, in mpmath (from the statements, never lib63c's code) --------------------------------------------

def d12(s, sigma, t):
    """Black-Scholes' d1, d2 at strike 1, rate 0: (log s +- sigma^2 t / 2) / (sigma sqrt t)."""
    v = sigma * mpmath.sqrt(t)
    return (mpmath.log(s) + v * v / 2) / v, (mpmath.log(s) - v * v / 2) / v


def m_call(s, sigma, t):
    d1, d2 = d12(s, sigma, t)
    return s * N(d1) - N(d2)


def m_put(s, sigma, t):  # put-call parity's other side: K N(-d2) - S N(-d1)
    d1, d2 = d12(s, sigma, t)
    return N(-d2) - s * N(-d1)


def m_delta(s, sigma, t):
    return N(d12(s, sigma, t)[0])


def m_log_exercise(s, sigma, t):
    return mpmath.log(N(d12(s, sigma, t)[1]))


def m_annuity(r, n):
    """The present value of n unit payments: (1 - (1 + r)^-n) / r, its limit n at r = 0 (where the code says so)."""
    return n if r == 0 else (1 - (1 + r) ** -n) / r


def m_crra(c, g):
    """CRRA utility; its limit log c at g = 1 (where the code says so)."""
    return mpmath.log(c) if g == 1 else (c ** (1 - g) - 1) / (1 - g)


def m_boxcox(x, lmbda):
    return mpmath.log(x) if lmbda == 0 else (x ** lmbda - 1) / lmbda


def m_ces(x, y, rho):
    return (D(0.3) * x ** rho + D(0.7) * y ** rho) ** (1 / rho)


def m_cobb(x, y):
    return x ** D(0.3) * y ** D(0.7)


def m_softmax_w(x):
    top = max(x)
    e = [mpmath.exp(v - top) for v in x]
    return S(w * v for w, v in zip(W3, e)) / S(e)


def m_lse(x):
    top = max(x)
    return top + mpmath.log(S(mpmath.exp(v - top) for v in x))


def m_kelly(f):
    return D(0.6) * mpmath.log(1 + f) + D(0.4) * mpmath.log(1 - f)


def m_exprel(x):  # (e^x - 1) / x, 1 at 0
    return mpf(1) if x == 0 else mpmath.expm1(x) / x


def m_xlogx(x):
    return x * mpmath.log(x)


def m_logit(p):
    return mpmath.log(p) - mpmath.log(1 - p)


def m_log_expit(x):
    return -mpmath.log(1 + mpmath.exp(-x))


def rets(p):
    return [mpmath.log(p[i + 1]) - mpmath.log(p[i]) for i in range(len(p) - 1)]


def m_log_returns(p):
    return S(w * v for w, v in zip(W4, rets(p)))


def m_var(p):
    r = rets(p)
    m = S(r) / len(r)
    return S((v - m) ** 2 for v in r) / len(r)


def m_std(p):
    return mpmath.sqrt(m_var(p))


def m_sharpe(p):
    r = rets(p)
    return (S(r) / len(r)) / m_std(p)


def irr_truth(c):
    """The IRR r* (NPV(r*) = sum c_k (1 + r*)^-k = 0, by findroot) and its gradient by the implicit function theorem:
    dr*/dc_k = -(1 + r*)^-k / NPV'(r*)."""
    def truth():
        cs = [mpf(v) for v in c]
        npv = lambda r: S(v * (1 + r) ** -k for k, v in enumerate(cs))  # noqa: E731
        slope = lambda r: S(-k * v * (1 + r) ** (-k - 1) for k, v in enumerate(cs))  # noqa: E731
        r = mpf("0.1")
        for _ in range(40):  # Newton, to 2,000 digits (quadratic from 0.1)
            r = r - npv(r) / slope(r)
        assert abs(npv(r)) < mpf(10) ** -1900
        return {"c": [-(1 + r) ** -k / slope(r) for k in range(len(cs))]}
    return hp(truth)


# --- truths written by hand where sided_grad cannot serve ------------------------------------------------------------

def undefined(**shapes):  # the value is 0/0, x/0, log 0 or 0 * log 0 at the point: no derivative
    def nans(n):
        return [NAN] * n if isinstance(n, int) else [nans(m) for m in n]
    return hp(lambda: {k: (NAN if v == 0 else nans(v)) for k, v in shapes.items()})


# --- cases ------------------------------------------------------------------------------------------------------------

def C(function, mirror, verdict="ok", dtype="float64", **pt):
    """A case whose truth is the one- and two-sided derivative of ``mirror`` at the point as ``dtype`` holds it."""
    return Case(L, function, ",".join(f"{k}={_txt(v)}" for k, v in pt.items()), dtype, verdict,
                sided_grad(mirror, dtype, **pt))


def H(function, truth, verdict="ok", dtype="float64", **pt):
    """A case whose truth is written by hand."""
    return Case(L, function, ",".join(f"{k}={_txt(v)}" for k, v in pt.items()), dtype, verdict, truth)


LOG_LIMIT_CRRA = fixed(c=mpf(1) / 2, g=lambda: -mpmath.log(2) ** 2 / 2)  # (e^(aL) - 1) / a = L + a L^2 / 2 + ...
LOG_LIMIT_BOXCOX = fixed(x=mpf(1) / 2, lmbda=lambda: mpmath.log(2) ** 2 / 2)
ITM = 3000.0  # d1 = +40.1 at sigma 0.2, t 1
OTM = 1 / 3000.0  # d1 = -39.9
PRICES = [100.0, 101.0, 102.0, 101.0, 100.0]
FLAT = [100.0] * 5
DOUBLING = [1.0, 2.0, 4.0, 8.0, 16.0]
G1 = 0.9999999999999999  # 1 - 2^-53... the double just below 1

ALL = [
    # Black-Scholes: prices, greeks, log probabilities, deep in and out of the money, at expiry, at sigma's edges
    C("bs_call", m_call, s=1.0, sigma=0.2, t=1.0),
    C("bs_call", m_call, s=ITM, sigma=0.2, t=1.0),
    C("bs_call", m_call, s=OTM, sigma=0.2, t=1.0),
    C("bs_call", m_call, "unstable", s=1.0, sigma=0.2, t=1e-300),  # N(+-1e-151) both round to 0.5
    C("bs_call", m_call, s=1.1, sigma=0.2, t=1e-300),
    C("bs_call", m_call, "unstable", s=1.0, sigma=1e-300, t=1.0),
    C("bs_call", m_call, "unstable", s=1.0, sigma=1e300, t=1.0),  # sigma^2 overflows: d2 = inf - 1e300
    C("bs_call", m_call, dtype="float32", s=1.0, sigma=0.2, t=1.0),
    C("bs_call_erfc", m_call, s=0.018, sigma=0.2, t=1.0),  # d1 = -20
    C("bs_delta", m_delta, s=ITM, sigma=0.2, t=1.0),  # gamma e^-804: 0 in float64, rightly
    C("bs_put_naive", m_put, "unstable", s=55.0, sigma=0.2, t=1.0),  # 1 - N(19.9) is 0; the put 1e-89
    C("bs_put", m_put, s=55.0, sigma=0.2, t=1.0),
    C("log_exercise_naive", m_log_exercise, "unstable", s=1e-4, sigma=0.2, t=1.0),  # N(-46) underflows: log 0
    C("log_exercise", m_log_exercise, s=1e-4, sigma=0.2, t=1.0),
    # discounting and compounding
    C("discount_rate_naive", lambda r, t: -mpmath.expm1(-r * t), "unstable", r=1e-20, t=1.0),
    C("discount_rate", lambda r, t: -mpmath.expm1(-r * t), r=1e-20, t=1.0),
    C("compound_pow", lambda r, n: (1 + r) ** n, "unstable", r=1e-17, n=100.0),  # n's slope log1p(r) (1+r)^n
    C("compound_log1p", lambda r, n: (1 + r) ** n, r=1e-17, n=100.0),
    C("compound_pow", lambda r, n: (1 + r) ** n, "unstable", dtype="float32", r=1e-8, n=100.0),
    # the annuity factor and its r = 0 limit
    H("annuity_naive", undefined(r=0, n=0), "domain", r=0.0, n=10.0),  # 0/0
    C("annuity_naive", m_annuity, "unstable", r=1e-17, n=10.0),
    C("annuity_naive", m_annuity, "unstable", dtype="float32", r=1e-5, n=10.0),
    C("annuity_where", m_annuity, "wrong", r=0.0, n=10.0),  # exact [-55, 1]; the unselected 0/0 leaks NaN
    C("annuity_double_where", m_annuity, "wrong", r=0.0, n=10.0),  # exact -55; the where's branch gives 0
    C("annuity_stable", m_annuity, r=0.05, n=10.0),
    C("annuity_stable", m_annuity, "unstable", r=1e-17, n=10.0),  # value right; the slope is 1e18 - 1e18
    C("annuity_stable", m_annuity, "unstable", r=1e-300, n=10.0),
    # CRRA utility at its log limit, Box-Cox at lambda = 0
    H("crra_naive", undefined(c=0, g=0), "domain", c=2.0, g=1.0),  # 0/0
    C("crra_naive", m_crra, c=2.0, g=3.0),
    C("crra_naive", m_crra, "unstable", c=2.0, g=G1),  # 2^(1.1e-16) rounds to 1: the value 0 against log 2
    H("crra_where", LOG_LIMIT_CRRA, "wrong", c=2.0, g=1.0),  # exact [1/2, -log(2)^2 / 2]; the 0/0 leaks NaN
    H("crra_double_where", LOG_LIMIT_CRRA, "wrong", c=2.0, g=1.0),  # the log branch's g-slope 0
    C("crra_expm1", m_crra, "unstable", c=2.0, g=G1),
    H("boxcox_lib", LOG_LIMIT_BOXCOX, x=2.0, lmbda=0.0),  # exact [1/2, log(2)^2 / 2]
    H("boxcox_where", LOG_LIMIT_BOXCOX, "wrong", x=2.0, lmbda=0.0),
    # production: CES at rho -> 0, Cobb-Douglas at 0 and at 1e-300 / subnormals
    C("ces", m_ces, x=2.0, y=3.0, rho=0.5),
    C("ces", m_ces, "unstable", x=2.0, y=3.0, rho=1e-17),  # x^rho rounds to 1: the value 1 against 2.6
    # rho = 0: 1 / 0 is +inf, and 0.3 + 0.7 of the doubles is 1 - 5.6e-17, so the exact value is 0 whatever x and y
    # (x^0 = 1): their slopes 0, rho's none; power's rule gives NaN for x and y at any precision: wrong
    H("ces", fixed(x=mpf(0), y=mpf(0), rho=NAN), "wrong", x=2.0, y=3.0, rho=0.0),
    H("cobb_douglas", fixed(x=NAN, y=mpf(0)), "domain", x=0.0, y=3.0),  # x's slope +inf (x^-0.7), y's 0
    C("cobb_douglas", m_cobb, x=5e-324, y=3.0),
    C("cobb_douglas_log", m_cobb, x=1e-300, y=3.0),
    C("log_utility", lambda c: mpmath.log(c), "domain", c=5e-324),  # the slope 2e323: past float64
    # portfolios: softmax weights, log-sum-exp, Kelly
    C("softmax_weights_naive", m_softmax_w, "unstable", x=[800.0, 0.0, -800.0]),
    C("softmax_weights", m_softmax_w, x=[800.0, 0.0, -800.0]),
    C("lse_naive", m_lse, "unstable", x=[800.0, 799.0]),
    C("lse_lib", m_lse, x=[800.0, 799.0]),
    C("kelly_growth", m_kelly, f=0.2),  # the optimum: the exact slope -3e-17, the literals' rounding
    H("kelly_growth", undefined(f=0), "domain", f=1.0),  # log 0
    C("kelly_growth", m_kelly, "unstable", f=1e-17),  # 1 + f rounds to 1: the value 2e-18 lost
    C("kelly_growth_log1p", m_kelly, f=1e-17),
    # removable singularities: (e^x - 1) / x, x log x, logit / expit
    H("exprel_naive", undefined(x=0), "domain", x=0.0),
    C("exprel_naive", m_exprel, "unstable", x=1e-300),
    C("exprel_expm1", m_exprel, "unstable", x=1e-300),  # value 1; the slope 1e300 - 1e300
    C("exprel_expm1", m_exprel, x=1e-10),  # 1e10 (1 + 1e-10) - 1.00000000005e10: float64 rounds to 0.5, 6.7e-11 off
    C("exprel_where", m_exprel, "wrong", x=0.0),  # exact 1/2
    C("exprel_lib", m_exprel, x=0.0),
    C("exprel_lib", m_exprel, "domain", x=800.0),  # e^800 / 800: past float64
    H("xlogx_naive", undefined(x=0), "domain", x=0.0),
    C("xlogx_naive", m_xlogx, x=5e-324),
    H("xlogx_where", fixed(x=NAN), "domain", x=0.0),  # log 0 + 1 from the right, no left
    H("xlogx_lib", fixed(x=NAN), "domain", x=0.0),
    C("logit_naive", m_logit, p=0.5),
    C("logit_lib", m_logit, "domain", p=5e-324),  # the slope 2e323
    C("expit_logit", lambda p: p, p=1e-300),
    C("log_expit_naive", m_log_expit, "unstable", x=-800.0),
    # returns, volatility, Sharpe, IRR
    C("log_returns", m_log_returns, p=PRICES),
    C("volatility", m_std, "domain", p=FLAT),  # a cone: sqrt(0)
    C("variance", m_var, p=FLAT),  # smooth: every slope 0
    C("sharpe", m_sharpe, p=PRICES),
    H("sharpe", undefined(p=5), "domain", p=FLAT),  # 0/0
    H("sharpe", undefined(p=5), "domain", p=DOUBLING),  # log 2 / 0: returns exactly equal
    H("irr", irr_truth([-100.0, 30.0, 40.0, 50.0]), c=[-100.0, 30.0, 40.0, 50.0]),
    # round two: the Kelly optimum beside a slope of 1 and with exact constants, the double where at exprel's 0
    C("kelly_vec", lambda z: m_kelly(z[0]) + z[1], z=[0.2, 1.0]),  # F1: the same slope beside a 1 in its array
    C("kelly_vec_swapped", lambda z: z[0] + m_kelly(z[1]), z=[1.0, 0.2]),  # the same, its entries swapped: ok
    C("kelly_exact", lambda f: mpf(3) / 4 * mpmath.log(1 + f) + mpmath.log(1 - f) / 4, f=0.5),  # exact slope 0
    C("exprel_double_where", m_exprel, "wrong", x=0.0),  # exact 1/2; the constant branch gives 0
    C("compound_m", lambda r, m: (1 + r / m) ** m, "unstable", r=0.05, m=1e12),  # 1 + 5e-14 rounds
    C("softmax_weights_naive", m_softmax_w, "unstable", dtype="float32", x=[100.0, 0.0, -100.0]),
    # the slopes p_i (w_i - w . p) are all e^-100-sized: w . p rounds to 1 in float32, the rule's own cancellation
    C("softmax_weights", m_softmax_w, "unstable", dtype="float32", x=[100.0, 0.0, -100.0]),
    C("boxcox_lib", m_boxcox, x=2.0, lmbda=1e-300),
    C("expit_logit", lambda p: p, "unstable", p=5e-324),  # logit's slope 2e323 overflows on the way; exact 1
    C("exprel_lib", m_exprel, dtype="float32", x=0.0),
]
