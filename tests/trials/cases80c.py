"""The eightieth round (c) of user trials: queueing, inventory and reliability written with gradcli.numpy
(tests/trials/lib80c.py).

Queueing, inventory and reliability as operations-research planners write them (tests/trials/lib80c.py, gradcli.numpy
and gradcli.scipy.special): the M/M/1 wait rho / (mu (1 - rho)) (rho -> 1, rho = 1, float32), the sojourn 1/(mu - lam)
and Little's L = lam W (also summed over a tandem line with one station saturated), Pollaczek-Khinchine's Lq with the
service's standard deviation 0 and with its variance 0 through sqrt; Erlang C by the textbook sum of a^k / k! (c = 1,
10, 50, 200; a -> c and a = c), by a cumulative product (P0, a = 0 and a = c), in log space by logsumexp and gammaln
(c = 200), Erlang B by its recurrence (a = 0, c = 1, 20) and Erlang C from it (a = c), the M/M/10 wait at a = c; the
EOQ sqrt(2 D K / h) and (.)**0.5 at h = 0, 1e-200, D = 0 and (float32) h = 1e-30, its cost D K / Q + h Q / 2 at D = 0;
the newsvendor's mu + sigma ndtri(cu / (cu + co)) and ndtri(p) at p = 0, 1, 1e-300, 1 - 2^-53, a subnormal 1e-320 and
(float32) 1e-30; a base-stock cost h (S - mu) + (h + b) sigma L(z), L = phi - z (1 - Phi) by erf and by erfc, at z = 1,
10, -10, 40, sigma = 1e-300 and 0; safety stock z sigma sqrt(L) and the reorder point d L + ndtri(alpha) sigma sqrt(L)
at L = 0 and alpha = 0.5; series prod(r), parallel 1 - prod(1 - r) and their log-space forms at r containing 0 and 1,
two parallel pairs in series, 2-out-of-3 by sum C(3, j) r^j (1 - r)^(3 - j) and term by term at r = 0, 1; the Weibull
hazard (k/lam)(t/lam)^(k-1) at t = 0 for k = 0.5, 1, 2 (float32 too) and at t = 1e-100, the same through
exp((k - 1) log(t/lam)), its reliability exp(-(t/lam)^k) at t = 0, the mean life lam Gamma(1 + 1/k) and
lam exp(gammaln(1 + 1/k)) at k = 1, 0.01, 0.005 (float32 0.05); availability MTBF / (MTBF + MTTR) at MTTR = 0 and
0/0, a redundant pair 1 - (1 - A)^2 at A -> 1 (float64 and float32); a capacity plan sum(c x) + 40 sum softplus(2 (d -
x)) / 2 by logaddexp, by log(1 + exp) (a gap of 800; float32 x meeting the float64 demand) and with a hinge max(d - x,
0) at its kink.

Tried: 45 functions, 134 cases through the CLI judged by tests/trials/judge.py (at most two gradcli processes at once;
a scratch file runs the CLI in two threads and judges in the main one), then trimmed of 26 redundant ordinary
points (one of them, weibull_mttf at k = 1.5, whose truth took 16 s) and of one slow case (erlang_c200_log at a = 200:
domain, right, but 28-35 s), and two F1 cases added. ALL keeps 109 (63 ok, 11 unstable, 30 domain, 5 wrong; 93
float64, 16 float32) over 43 functions. 107 agree with gradcli in verdict and every exact gradient entry (to 1e-10
relative), and where a case names its line, in that too; two are the finding F1 (open: KNOWN_WRONG). Every kept check
took 0.7-3.1 s; the slowest truth 1.6 s (ndtri at 1e-320 by erfinv at 2,000 digits); the last full run (110 cases,
before the slow one was dropped) 1 min 40 s.

Truths are written here from the mathematics, never lib80c's code or gradcli: Wq as lam / (mu (mu - lam)), Erlang C
as 1 / (1 + (1 - a/c) (c! / a^c) sum_{k<c} a^k/k!) (smooth through a = c), Erlang B as (a^c/c!) / sum_{k<=c} a^k/k!,
P0 as 1 / (sum_{k<c} a^k/k! + a^c/c! c/(c - a)), P-K in its variance form (lam^2 var + rho^2) / (2 (1 - rho)), the EOQ
cost as sqrt(2 D K h), the newsvendor's slopes sigma / phi(z) with z = sqrt 2 erfinv(2p - 1), the base-stock slopes
h - (h + b) Q(z), (h + b) phi(z) (the loss function's L - z L' = phi), the reorder point's d + z sigma / (2 sqrt L),
2-out-of-3 as 3 r^2 - 2 r^3, the hazard as k t^(k-1) / lam^k, the mean life by mpmath's gamma, the pair's availability
as 1 - (MTTR / (MTBF + MTTR))^2, the plan's slopes c_i - 40 sigmoid(2 (d_i - x_i)); the derivative from the left and
the right by mpmath.diff at 2,000 digits (cases30b.sided_grad, finite_sides: NaN where the sides differ or one is
undefined or infinite); by hand the poles (all NaN), the inputs a pole does not move (mu's 1 beside ndtri(0); the
tandem line's unsaturated stations), the exact 0 slopes of inputs that a 0 value does not feel, and the jump of
0^(k - 1) across k = 1.

What agreed: M/M/1 ok to 1 - rho = 1e-10, domain at rho = 1, unstable at lam = 2.999999997, mu = 3 (lam / mu rounds;
1 - rho = 1e-9 keeps 1e-7) and in float32 at 2.9999 / 3, ok in float32 at 0.9999 / 1; Little's law and the tandem line
(domain at the saturated station, mu[0], mu[2] keeping -1, -1/4); P-K ok at sd = 0, domain at var = 0 (sqrt) and at rho
= 1; Erlang C ok at 8, 45, float32 9.99, domain at a = c (c / 0 = inf: inf / inf); for c = 200 unstable at the sum's
line (a^k overflows, 171! is no double: OverflowError); in log space ok at 150;
P0 by cumprod ok at a = 0 (cumprod of zeros: slope -1); Erlang B ok at a = 0 (slope 0 for c = 20, 1 for c = 1); C from
B ok at a = c (c B / (c - a + a B) = 1, smooth; float32 too); the M/M/10 wait domain at a = c. The EOQ ok, domain at h
= 0, unstable at h = 1e-200 (-Q/(2h) = -1.6e302 fits, 2 D K / h^2 does not), wrong at D = 0 for sqrt and for **0.5 (K,
h keep Q = 0: slopes 0, computed inf * 0; at the line), domain in float32 at h = 1e-30 (-1.6e47 beyond float32); the
EOQ cost ok, domain at D = 0 (0 / 0). The newsvendor ok (z = 0 too), domain at p = 0 and 1 with mu's slope 1 kept, ok
at 1e-300 (slope 5.4e299) and 1 - 2^-53, domain at 1e-320 (5.2e319 beyond float64), float32 ok at 1e-30. Base stock
ok at z = 1, 10 (1 - Phi rounds to 0 in L and in L', and the two errors cancel in sigma's phi(z)) and 40, unstable at
z = -10 (both forms: sigma's 7.7e-22 as 10 + 10 (-1)) and at sigma = 1e-300 (dz/dsigma overflows against L' = 0),
domain at sigma = 0; safety stock domain at L = 0 (z, sigma: 0), the reorder point ok, domain at L = 0 with alpha =
0.5. Reliability: np.prod with one and two zero factors ok (0.72, 0, 0; 0, 0, 0), parallel at r = 1 ok (0.02, 0, 0;
float32 ok), log1p's form domain at r = 1, log's domain at r = 0, series-parallel ok, 2-out-of-3 ok at r = 0 and
float32 0.99. Weibull: ok; domain at t = 0 for k = 0.5 (inf) and k = 1 (k jumps; t 0, lam -1/9 kept: x**0's rule is 0
at x = 0; float32 too), ok at k = 2 (0^(k-1) log 0's exponent slope 0), ok at t = 1e-100, k = 0.5; through logs wrong at
t = 0, k = 2 (t only from the right; k, lam 0 computed exp(-inf) log 0 = NaN) and domain at k = 1 (0 * log 0: no
value); exp(-(t/lam)^k) ok at t = 0, k = 2, wrong at k = 0.5 (lam's 0 computed sqrt'(0) * 0, at the line); the mean
life ok at k = 1, 0.01 (Gamma(101) = 9.3e157; float32 0.05), domain at 0.005 (Gamma(201) = 7.9e374; slopes -1.7e380,
7.9e374 beyond float64, both forms). Availability ok (MTTR = 0: 0, -1/MTBF), domain at 0/0; the pair unstable at
MTBF = 1e6, MTTR = 1e-3 in float64 (1 - A = 1e-9 from A rounded) and float32 (A rounds to 1: slopes 0). The plan ok by
logaddexp (gap 800 too), unstable by log(1 + exp) at gap 800, ok in float32 at gap 100 (the float64 demand makes it
float64), domain at the hinge's kink (x[1] alone, and every entry).

Truths the round corrected in itself (against the first CLI batches; each re-derived by hand before changing it):
- erlang_c10 at a = 9.999999, meant ok: P = top / (s + top) with top = 1e7 s; reverse mode's dP/dtop is 1/(s + top) -
  top/(s + top)^2, two paths cancelling 7 digits: a float64 replay by hand (a scratch folder, not kept) gives 0.36602149995747
  where the slope is 0.36602150005642, 2.7e-10 off, as gradcli says: unstable;
- base_stock_cost at S = 0 (z = -10), meant ok: sigma's slope (h + b) phi(z) = 7.7e-22 is L - z L' formed as
  10.000 + 10 (-1.000): lost entirely: unstable (the erfc form added: the same);
- weibull_mttf(_log) at k = 0.005, meant NaN (an overflowing value): the exact slopes are finite numbers beyond float64
  (-1.67e380, 7.89e374), the verdict domain for that: truth by sided_grad;
- availability_pair at MTBF = 1e6, MTTR = 1e-3 in float64, meant ok: 1 - A from A = 0.999999999 rounded keeps 1e-7
  relative: unstable;
- mmc_p0 at a = c, meant domain: the program's value is 1 / (S + inf) = 0, the smooth function's own value at a = c
  ((10 - a) / (S (10 - a) + 10 A)), so the slope -10!/10^11 = -3.6288e-5 exists and the rule's inf * 0 is wrong;
- weibull_hazard_log at t = 0, k = 2, meant t 2/9: log(t/lam) has no value for t < 0, so t has no derivative (k, lam
  keep 0; wrong stays); weibull_rel at t = 0, k = 0.5, meant domain: lam's exact 0 comes out NaN: wrong.

Findings (open: tests/test_user_trials80c.py KNOWN_WRONG):
- F1: an exactly-0 derivative that passes through x**0.0 at x = 0 beside a cofactor with a slope is not proven 0, and
  the check ends with no verdict. k_of_n(r) = sum(comb(3, j) * r**j * (1 - r)**(3 - j)), j = arange(2, 4), at r = 1:
  the function is 3 r^2 - 2 r^3, its slope 6 r - 6 r^2 = 0 exactly, and float64 computes 0.0 (every term exact:
  3 (2 * 0 - 1) + 3 = 0); gradcli: error, "no exact reference: on balls, the exact derivative is within 2^-16384 of 0
  but not proven 0 (... the program cancels more digits than that)" (nothing cancels more than -3 + 3); the same at
  --max-digits 120. Minimal (a scratch file): (r * r * r) * (1.0 - r) ** 0.0 - 3.0 * r at r = 1: error; so
  two_of_three, 3 r^2 (1 - r)^1.0 + r^3 (1 - r)^0.0; and r**3 * (1.0 - y)**0.0 - 3.0 * r at r = y = 1 (each of
  --wrt r and --wrt y alone: ok, exact 0); in float32 too (a scratch file). Beside it, with -2.0 * r for
  -3.0 * r (slope 1) the check is ok, and with np.ones_like(r) for the power ok (exact 0). Right (ok, exact 0):
  r**3 * (2.0 - r)**0.0 - 3r (the base 1), r**3 - 3r (no x**0), r * (1 - r)**0.0 - r and r**2 * (1 - r)**0.0 - r**2
  (identically 0); the sum with comb replaced by constants fails as with comb (comb is not the cause). Reading (not
  traced): on balls, (1 - r)**0.0 at a ball around 0 and its rule's 0 * 0**(y - 1) are not the exact 1 and 0 the
  float rule's at_zero branch makes them, so 3 r^2 * 1 - 3 is a ball around 0 that no precision shrinks to a point.
  Reproduce: gradcli check tests/trials/lib80c.py:k_of_n --at "r=1.0" --dtype float64 --json
  Mended: on proof numbers x**0 is the constant 1 with the slope 0 (its slope had been an unknown, arb_proof._power);
  tests/test_power_zero_on_proof_numbers.py: ok, exact 0.
"""

import math

import mpmath
import numpy
from mpmath import mpf

from cases import Case
from cases5 import hp
from cases30b import sided_grad
from cases59c import _txt  # a point as its case id writes it

L = "lib80c.py"
NAN = mpmath.nan
fsum, exp, sqrt = mpmath.fsum, mpmath.exp, mpmath.sqrt


def D64(v):
    return mpf(float(v))


def D32(v):
    return mpf(float(numpy.float32(v)))


def HELD(dtype):
    return D32 if dtype == "float32" else D64


# --- the mathematics, in mpmath ---------------------------------------------------------------------------------------

def m_mm1_wait(lam, mu):
    """Wq = lam / (mu (mu - lam))."""
    return lam / (mu * (mu - lam))


def m_sojourn(lam, mu):
    return 1 / (mu - lam)


def m_length(lam, mu):
    return lam / (mu - lam)


def m_pk(lam, es, sd):
    """Lq = (lam^2 sd^2 + rho^2) / (2 (1 - rho)) (the P-K formula in its variance form)."""
    return (lam ** 2 * sd ** 2 + (lam * es) ** 2) / (2 * (1 - lam * es))


def m_pk_var(lam, es, var):
    if var < 0:
        return NAN  # the program's sqrt(var) has no value
    return (lam ** 2 * var + (lam * es) ** 2) / (2 * (1 - lam * es))


def m_erlang_c(c):
    """C(c, a) = 1 / (1 + (1 - a/c) (c! / a^c) sum_{k<c} a^k / k!)."""
    def f(a):
        s = fsum(a ** k / mpmath.factorial(k) for k in range(c))
        return 1 / (1 + (1 - a / c) * mpmath.factorial(c) / a ** c * s)
    return f


def m_erlang_b(c):
    """B(c, a) = (a^c / c!) / sum_{k<=c} a^k / k!."""
    def f(a):
        return (a ** c / mpmath.factorial(c)) / fsum(a ** k / mpmath.factorial(k) for k in range(c + 1))
    return f


def m_p0(a):
    """P0 = 1 / (sum_{k<10} a^k / k! + a^10 / 10! * 10 / (10 - a))."""
    return 1 / (fsum(a ** k / mpmath.factorial(k) for k in range(10)) + a ** 10 / mpmath.factorial(10) * 10 / (10 - a))


def m_hinge(x):
    return fsum(mpf(c) * v + 40 * max(mpf(d) - v, 0) for c, d, v in zip(UNIT_COST, DEMAND, x))


def m_k_of_n(r):
    return 3 * r ** 2 * (1 - r) + r ** 3


def m_mmc_wait(lam, mu):
    return m_erlang_c(10)(lam / mu) / (10 * mu - lam)


def m_eoq(D, K, h):
    if D * K / h < 0:
        return NAN
    return sqrt(2 * D * K / h)


def m_eoq_cost(D, K, h):
    """At the EOQ both costs are sqrt(D K h / 2): sqrt(2 D K h)."""
    return sqrt(2 * D * K * h)


def ndtri_mp(p):
    return sqrt(2) * mpmath.erfinv(2 * p - 1)


def t_newsvendor(cu, co, mu, sigma):
    """dQ/dp = sigma / phi(z); p = cu / (cu + co): dp/dcu = co / (cu + co)^2, dp/dco = -cu / (cu + co)^2."""
    def truth():
        a, b, s = D64(cu), D64(co), D64(sigma)
        p = a / (a + b)
        z = ndtri_mp(p)
        g = s / mpmath.npdf(z)
        return {"cu": g * b / (a + b) ** 2, "co": -g * a / (a + b) ** 2, "mu": mpf(1), "sigma": z}
    return truth


def t_newsvendor_p(p, mu, sigma, dtype="float64"):
    def truth():
        q, s = HELD(dtype)(p), HELD(dtype)(sigma)
        z = ndtri_mp(q)
        return {"p": s / mpmath.npdf(z), "mu": mpf(1), "sigma": z}
    return truth


def t_base_stock(S, mu, sigma, h=1, b=9):
    """C = h (S - mu) + (h + b) sigma L(z): dC/dS = h - (h + b) Q(z), dC/dmu = -dC/dS, dC/dsigma = (h + b) phi(z)."""
    def truth():
        s, m, sg = D64(S), D64(mu), D64(sigma)
        z = (s - m) / sg
        q = mpmath.erfc(z / sqrt(2)) / 2
        return {"S": h - (h + b) * q, "mu": -(h - (h + b) * q), "sigma": (h + b) * mpmath.npdf(z)}
    return truth


def m_safety(z, sigma, L):
    if L < 0:
        return NAN
    return z * sigma * sqrt(L)


def t_reorder(alpha, d, sigma, Lt):
    def truth():
        a, dd, s, l = D64(alpha), D64(d), D64(sigma), D64(Lt)
        z = ndtri_mp(a)
        return {"alpha": s * sqrt(l) / mpmath.npdf(z), "d": l, "sigma": z * sqrt(l), "L": dd + z * s / (2 * sqrt(l))}
    return truth


def m_series(r):
    return mpmath.fprod(r)


def m_parallel(r):
    return 1 - mpmath.fprod(1 - a for a in r)


def m_parallel_log(r):
    if any(a > 1 for a in r):
        return NAN
    return m_parallel(r)


def m_series_log(r):
    if any(a < 0 for a in r):
        return NAN
    return m_series(r)


def m_series_parallel(r):
    return m_parallel(r[:2]) * m_parallel(r[2:])


def m_hazard(t, k, lam):
    """(k / lam^k) t^(k - 1)."""
    return k / lam ** k * t ** (k - 1)


def m_mttf(k, lam):
    return lam * mpmath.gamma(1 + 1 / k)


def m_rel(t, k, lam):
    return exp(-(t / lam) ** k)


def m_avail(mtbf, mttr):
    return mtbf / (mtbf + mttr)


def m_avail_pair(mtbf, mttr):
    """1 - (mttr / (mtbf + mttr))^2."""
    return 1 - (mttr / (mtbf + mttr)) ** 2


DEMAND = [120.0, 95.0, 140.0, 80.0]
UNIT_COST = [2.0, 2.5, 1.8, 3.0]


def t_capacity(x):
    """d/dx_i = c_i - 40 sigmoid(2 (d_i - x_i)) (the data are float64 in every dtype)."""
    def truth():
        return {"x": [mpf(c) - 40 / (1 + exp(-2 * (mpf(d) - D64(v)))) for c, d, v in zip(UNIT_COST, DEMAND, x)]}
    return truth


# --- cases ------------------------------------------------------------------------------------------------------------

def C(function, mirror, verdict="ok", dtype="float64", line=None, fix=None, **pt):
    """A case whose truth is the one- and two-sided derivative of ``mirror`` at the point as ``dtype`` holds it (NaN
    where a side is undefined or infinite)."""
    return Case(L, function, ",".join(f"{k}={_txt(v)}" for k, v in pt.items()), dtype, verdict,
                sided_grad(mirror, dtype, finite_sides=True, **pt), line, fix)


def H(function, truth, verdict="ok", dtype="float64", line=None, fix=None, **pt):
    """A case whose truth is written by hand."""
    return Case(L, function, ",".join(f"{k}={_txt(v)}" for k, v in pt.items()), dtype, verdict, hp(truth), line, fix)


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


def _ec(c):
    return lambda a: m_erlang_c(c)(a)


ALL = [
    # M/M/1 and Little's law
    C("mm1_wait", m_mm1_wait, lam=0.7, mu=1.0),
    C("mm1_wait", m_mm1_wait, lam=0.9999999999, mu=1.0),
    H("mm1_wait", all_nan(lam=0, mu=0), "domain", lam=1.0, mu=1.0),  # rho = 1: the pole
    # rho = lam / mu rounded, 1 - rho = 1e-9: 1e-7 relative lost
    C("mm1_wait", m_mm1_wait, "unstable", lam=2.999999997, mu=3.0),
    C("mm1_wait", m_mm1_wait, dtype="float32", lam=0.9999, mu=1.0),
    C("mm1_wait", m_mm1_wait, "unstable", dtype="float32", lam=2.9999, mu=3.0),
    H("mm1_sojourn", all_nan(lam=0, mu=0), "domain", lam=2.0, mu=2.0),
    H("mm1_length", all_nan(lam=0, mu=0), "domain", lam=2.0, mu=2.0),
    C("tandem_length", lambda lam, mu: fsum(lam / (m - lam) for m in mu), lam=1.0, mu=[2.0, 1.5, 3.0]),
    # the saturated station: lam and mu[1] move the pole, mu[0] and mu[2] keep their slopes
    H("tandem_length", fixed(lam=NAN, mu=[-1, NAN, -0.25]), "domain", lam=1.0, mu=[2.0, 1.0, 3.0]),
    C("mm1_length", m_length, dtype="float32", lam=0.99, mu=1.0),
    # Pollaczek-Khinchine
    C("pk_queue", m_pk, lam=0.8, es=1.0, sd=0.5),
    C("pk_queue", m_pk, lam=0.8, es=1.0, sd=0.0),  # M/D/1: cs^2's slope 2 cs = 0
    H("pk_queue", all_nan(lam=0, es=0, sd=0), "domain", lam=1.0, es=1.0, sd=0.5),  # rho = 1
    C("pk_queue_var", m_pk_var, lam=0.8, es=1.0, var=0.25),
    C("pk_queue_var", m_pk_var, "domain", lam=0.8, es=1.0, var=0.0),  # sqrt(var) at 0: var only from the right
    # Erlang C by the textbook sum
    C("erlang_c1", _ec(1), a=0.5),  # C = a
    C("erlang_c10", _ec(10), a=8.0),
    # dP/dtop = 1/(s + top) - top/(s + top)^2 = s/(s + top)^2, with top = 1e7 s: 7 digits of two paths cancel
    C("erlang_c10", _ec(10), "unstable", a=9.999999),
    H("erlang_c10", all_nan(a=0), "domain", a=10.0),  # c / (c - a) = inf: inf / inf, no value at a = c
    C("erlang_c50", _ec(50), a=45.0),
    H("erlang_c50", all_nan(a=0), "domain", a=50.0),
    H("erlang_c1", all_nan(a=0), "domain", a=1.0),
    # 200 agents: a^k overflows from k = 138 and 171! is no double: OverflowError where C and its slope are numbers
    C("erlang_c200", _ec(200), "unstable", line="s = sum(a ** k / math.factorial(k) for k in range(c))", a=150.0),
    C("mmc_p0", m_p0, a=5.0),
    C("mmc_p0", m_p0, a=0.0),  # cumprod of zeros: P0 = 1 - a + ..., slope -1
    # a = c: top = inf, P0 = 1/inf = 0, the limit of (10 - a) / (S (10 - a) + 10 A): smooth, slope -10!/10^11;
    # the rule's 10 / (10 - a)^2 = inf times 0: NaN
    H("mmc_p0", fixed(a=lambda: -mpmath.factorial(10) / mpf(10) ** 11), "wrong", a=10.0),
    C("erlang_c200_log", _ec(200), a=150.0),
    C("erlang_c10", _ec(10), dtype="float32", a=9.99),
    # Erlang B by the recurrence, Erlang C from it
    C("erlang_b20", m_erlang_b(20), a=0.0),
    C("erlang_b1", m_erlang_b(1), a=0.0),
    C("erlang_c10_rec", _ec(10), a=10.0),  # c B / (c - a + a B) = 1 at a = c, smooth
    C("erlang_c50_rec", _ec(50), a=50.0),
    C("erlang_c10_rec", _ec(10), dtype="float32", a=10.0),
    C("mmc_wait", m_mmc_wait, lam=8.0, mu=1.0),
    H("mmc_wait", all_nan(lam=0, mu=0), "domain", lam=10.0, mu=1.0),  # 10 mu - lam = 0 beside C = 1
    # EOQ
    C("eoq", m_eoq, D=1000.0, K=50.0, h=2.0),
    H("eoq", all_nan(D=0, K=0, h=0), "domain", D=1000.0, K=50.0, h=0.0),
    # h -> 0: the slope -Q / (2h) = -1.6e302 fits, but 2 D K / h^2 does not
    C("eoq", m_eoq, "unstable", D=1000.0, K=50.0, h=1e-200),
    # D = 0: no derivative in D; K and h keep Q = 0: slopes 0, computed sqrt'(0) * 0
    H("eoq", fixed(D=NAN, K=0, h=0), "wrong", line="return np.sqrt(2.0 * D * K / h)", D=0.0, K=50.0, h=2.0),
    # the h slope -Q / (2h) = -1.6e47 is beyond float32
    C("eoq", m_eoq, "domain", dtype="float32", D=1000.0, K=50.0, h=1e-30),
    H("eoq_pow", fixed(D=NAN, K=0, h=0), "wrong", line="return (2.0 * D * K / h) ** 0.5", D=0.0, K=50.0, h=2.0),
    C("eoq_cost", m_eoq_cost, D=1000.0, K=50.0, h=2.0),
    H("eoq_cost", all_nan(D=0, K=0, h=0), "domain", D=0.0, K=50.0, h=2.0),  # D K / Q = 0 / 0
    # newsvendor
    H("newsvendor", t_newsvendor(4.0, 1.0, 100.0, 20.0), cu=4.0, co=1.0, mu=100.0, sigma=20.0),
    H("newsvendor_p", fixed(p=NAN, mu=1, sigma=NAN), "domain", p=0.0, mu=100.0, sigma=20.0),
    H("newsvendor_p", fixed(p=NAN, mu=1, sigma=NAN), "domain", p=1.0, mu=100.0, sigma=20.0),
    H("newsvendor_p", t_newsvendor_p(1e-300, 100.0, 20.0), p=1e-300, mu=100.0, sigma=20.0),
    H("newsvendor_p", t_newsvendor_p(0.9999999999999999, 100.0, 20.0), p=0.9999999999999999, mu=100.0, sigma=20.0),
    # a subnormal fractile: sigma / phi(z) = 1e323 beyond float64
    H("newsvendor_p", t_newsvendor_p(1e-320, 100.0, 20.0), "domain", p=1e-320, mu=100.0, sigma=20.0),
    H("newsvendor_p", t_newsvendor_p(1e-30, 100.0, 20.0, "float32"), dtype="float32", p=1e-30, mu=100.0,
      sigma=20.0),
    H("newsvendor_p", t_newsvendor_p(0.95, 100.0, 20.0, "float32"), dtype="float32", p=0.95, mu=100.0, sigma=20.0),
    # base stock by the normal loss function
    H("base_stock_cost", t_base_stock(110.0, 100.0, 10.0), S=110.0, mu=100.0, sigma=10.0),
    # z = 10: 1 - Phi(z) rounds to 0 in L and in L', and the two errors cancel in the sigma slope phi(z)
    H("base_stock_cost", t_base_stock(200.0, 100.0, 10.0), S=200.0, mu=100.0, sigma=10.0),
    # z = -10: the sigma slope L - z L' = phi(z) = 7.7e-22 as 10 + 10 (-1): computed 0
    H("base_stock_cost", t_base_stock(0.0, 100.0, 10.0), "unstable", S=0.0, mu=100.0, sigma=10.0),
    H("base_stock_cost_erfc", t_base_stock(0.0, 100.0, 10.0), "unstable", S=0.0, mu=100.0, sigma=10.0),
    H("base_stock_cost_erfc", t_base_stock(500.0, 100.0, 10.0), S=500.0, mu=100.0, sigma=10.0),  # z = 40
    # sigma -> 0: z = 1e301, dz/dsigma = -(S - mu) / sigma^2 overflows against L'(z) = 0: NaN
    H("base_stock_cost_erfc", t_base_stock(110.0, 100.0, 1e-300), "unstable", S=110.0, mu=100.0, sigma=1e-300),
    H("base_stock_cost_erfc", all_nan(S=0, mu=0, sigma=0), "domain", S=110.0, mu=100.0, sigma=0.0),
    H("base_stock_cost", t_base_stock(110.0, 100.0, 10.0), dtype="float32", S=110.0, mu=100.0, sigma=10.0),
    # safety stock and the reorder point
    C("safety_stock", m_safety, z=1.645, sigma=20.0, L=4.0),
    C("safety_stock", m_safety, "domain", z=1.645, sigma=20.0, L=0.0),  # sqrt(L) at 0; z, sigma: 0
    H("reorder_point", t_reorder(0.95, 20.0, 5.0, 4.0), alpha=0.95, d=20.0, sigma=5.0, L=4.0),
    H("reorder_point", t_reorder(0.5, 20.0, 5.0, 4.0), alpha=0.5, d=20.0, sigma=5.0, L=4.0),  # z = 0
    # z = 0 at L = 0: dL + 0 sqrt(L), L only from the right; alpha's slope sigma sqrt(0) / phi(0) = 0
    H("reorder_point", fixed(alpha=0, d=0, sigma=0, L=NAN), "domain", alpha=0.5, d=20.0, sigma=5.0, L=0.0),
    # reliability
    C("series_rel", m_series, r=[0.0, 0.9, 0.8]),
    C("series_rel", m_series, r=[0.0, 0.0, 0.5]),
    C("parallel_rel", m_parallel, r=[1.0, 0.9, 0.8]),  # r = 1: the others' slopes 0
    C("parallel_rel", m_parallel, r=[1.0, 1.0, 0.5]),
    C("parallel_rel", m_parallel, dtype="float32", r=[0.999, 0.99, 0.9]),
    C("parallel_rel_log", m_parallel_log, r=[0.5, 0.9, 0.8]),
    C("parallel_rel_log", m_parallel_log, "domain", r=[1.0, 0.9, 0.8]),  # log1p(-1): r0 from the left only
    C("series_rel_log", m_series_log, "domain", r=[0.0, 0.9, 0.8]),  # log(0): r0 from the right only
    C("series_parallel", m_series_parallel, r=[1.0, 0.9, 0.95, 0.95]),
    C("k_of_n", m_k_of_n, r=1.0),  # (1 - r)^0 and (1 - r)^1 at r = 1: 3r^2 - 2r^3 is flat (F1)
    C("k_of_n", m_k_of_n, r=0.0),
    C("k_of_n", m_k_of_n, dtype="float32", r=0.99),
    C("two_of_three", m_k_of_n, r=0.9),
    C("two_of_three", m_k_of_n, r=1.0),  # F1
    # Weibull
    C("weibull_hazard", m_hazard, t=2.0, k=1.5, lam=3.0),
    H("weibull_hazard", all_nan(t=0, k=0, lam=0), "domain", t=0.0, k=0.5, lam=3.0),  # t^-0.5 at 0: inf
    # k = 1: the exponential's constant 1/lam; t^(k-1) = 0^(k-1) jumps from inf to 0 across k = 1
    H("weibull_hazard", fixed(t=0, k=NAN, lam=lambda: -1 / D64(3.0) ** 2), "domain", t=0.0, k=1.0, lam=3.0),
    # k = 2: 2t / lam^2; the exponent's slope 0^(k-1) log 0 is 0
    H("weibull_hazard", fixed(t=lambda: 2 / D64(3.0) ** 2, k=0, lam=0), t=0.0, k=2.0, lam=3.0),
    C("weibull_hazard", m_hazard, t=1e-100, k=0.5, lam=3.0),
    C("weibull_hazard", m_hazard, dtype="float32", t=2.0, k=1.5, lam=3.0),
    # log(0) = -inf: exp(-inf) = 0 times log(0) (k) and times (k - 1) / t = inf (t): NaN where the slopes are 0, 2/9
    # t only from the right (log of t < 0); k, lam: 0 (the value stays 0), computed exp(-inf) log(0)
    H("weibull_hazard_log", fixed(t=NAN, k=0, lam=0), "wrong",
      line="return (k / lam) * np.exp((k - 1.0) * np.log(t / lam))", t=0.0, k=2.0, lam=3.0),
    H("weibull_hazard", fixed(t=0, k=NAN, lam=lambda: -1 / D32(3.0) ** 2), "domain", dtype="float32", t=0.0, k=1.0,
      lam=3.0),
    # exp(-sqrt(t/lam)): t from the right only; lam's 0 computed sqrt'(0) * 0
    C("weibull_rel", m_rel, "wrong", line="return np.exp(-(t / lam) ** k)", t=0.0, k=0.5, lam=1000.0),
    H("weibull_hazard_log", all_nan(t=0, k=0, lam=0), "domain", t=0.0, k=1.0, lam=3.0),  # 0 * log(0): no value
    C("weibull_mttf", m_mttf, k=1.0, lam=1000.0),
    C("weibull_mttf", m_mttf, k=0.01, lam=1.0),  # Gamma(101) = 9.3e157
    C("weibull_mttf", m_mttf, "domain", k=0.005, lam=1.0),  # Gamma(201) = 7.9e374: beyond float64
    C("weibull_mttf", m_mttf, dtype="float32", k=0.05, lam=1.0),  # Gamma(21) = 2.4e18
    C("weibull_mttf_log", m_mttf, "domain", k=0.005, lam=1.0),
    C("weibull_rel", m_rel, t=500.0, k=1.5, lam=1000.0),
    # t = 0, k = 2: R = exp(-(t/lam)^2), flat in t; 0^k is 0 for k near 2
    C("weibull_rel", m_rel, t=0.0, k=2.0, lam=1000.0),
    # availability
    C("availability", m_avail, mtbf=1000.0, mttr=10.0),
    C("availability", m_avail, mtbf=1000.0, mttr=0.0),
    H("availability", all_nan(mtbf=0, mttr=0), "domain", mtbf=0.0, mttr=0.0),
    # 1 - A = 1e-9 from A rounded: 1e-7 relative lost in 2 (1 - A)
    C("availability_pair", m_avail_pair, "unstable", mtbf=1e6, mttr=1e-3),
    # float32: mtbf + mttr rounds to mtbf, A to 1: 1 - A = 0 where it is 1e-9; both slopes computed 0
    C("availability_pair", m_avail_pair, "unstable", dtype="float32", mtbf=1e6, mttr=1e-3),
    # capacity plan
    H("capacity_plan", t_capacity(DEMAND), x=DEMAND),
    H("capacity_plan", t_capacity([120.0, 95.0, 140.0, -320.0]), x=[120.0, 95.0, 140.0, -320.0]),
    H("capacity_plan_naive", t_capacity([100.0, 100.0, 100.0, 100.0]), x=[100.0, 100.0, 100.0, 100.0]),
    C("capacity_plan_hinge", m_hinge, x=[100.0, 100.0, 100.0, 100.0]),
    C("capacity_plan_hinge", m_hinge, "domain", x=[100.0, 95.0, 100.0, 100.0]),  # x[1] at its demand: a kink
    C("capacity_plan_hinge", m_hinge, "domain", x=DEMAND),
    # gap 800: exp overflows, log(1 + inf) = inf, its slope inf / inf
    H("capacity_plan_naive", t_capacity([120.0, 95.0, 140.0, -320.0]), "unstable", x=[120.0, 95.0, 140.0, -320.0]),
    # float32 x meets float64 DEMAND: computed in float64, exp(100) is no overflow
    H("capacity_plan_naive", t_capacity([120.0, 95.0, 140.0, 30.0]), dtype="float32", x=[120.0, 95.0, 140.0, 30.0]),
]
