"""The forty-first trial set (third part): issue 27's classes on Python functions written against gradcli.numpy and
gradcli.scipy, on plain NumPy/SciPy and on formulas, leaning on special functions at their extreme arguments and on
their compositions with reductions and piecewise code, in domains not tried before: population genetics (Ewens's
sampling formula for a monomorphic sample by gammaln at theta = 1e-300, where k/theta and psi(theta) cancel 1e300
against 1e300, and at 1e300, where log Gamma(theta) - log Gamma(theta + 20) keeps nothing; with Gamma(theta + 1) folded
in, sound at 1e-300 only; by the rising factorial in logs, sound at 1e300 only; by its product, overflowing at 1e20;
the expected number of alleles by digamma, psi'(1e-300) overflowing, and by its sum, whose theta/theta is a proven
constant at 1e-300 and an inf - inf at 5e-324), objective Bayes (the Jeffreys prior of a gamma shape,
log sqrt(a psi'(a) - 1), at 1e-300, where psi' overflows, and at 1e10 and 1e20, where a psi'(a) - 1 cancels), a Gaussian
copula's log-density by ndtri (at u = 1e-300, fine; at 5e-324, a slope of 5e321 beyond float64; at a correlation of
1 - 2^-53, where its quadratic form cancels) and by erfinv (2u - 1 rounding to -1 at 1e-300 and losing 20 bits at
1e-10), the normal-inverse Gaussian log-density by kv (K1(800) underflowing), by kve with hypot (sound at 400 and
1e300) and with a norm (its square overflowing), an order statistic's Beta CDF by betainc (slopes of 3e-599 by their
digits) and its log-survival by log1p(-betainc) (rounding to log 0 at 0.999999) and by the symmetric betainc, Ricker's
MSY harvest rate 1 - W(e/alpha) by lambertw (at alpha = 5e-324 a slope of 2e323 beyond float64; in log alpha, e^801
overflowing at -800), a Boltzmann policy's greedy share by softmax and log_softmax at tau = 1e-3 (the rule's 1 - p0
rounding to 0 flips the slope's sign: +3.6e-212 where it is -3.6e-212) and 1e-300 (10^(-2.2e299) by its digits), and
by log1p of the gaps, huber at its switch (C1: no kink), a clipped log-loss at its bound (a kink) and beyond it, a
binary symmetric channel's capacity by xlogy and xlog1py (at p = 1/2 a proven 0, at subnormal p, at 0 no derivative),
a discrete power law's likelihood by zeta (at 1 + 1e-10, at its pole, at 800 where zeta rounds to 1), a chi-square log
p-value by gammaincc and by chi2.logsf (Q(5, 1000) underflowing); float32, formulas of the same classes (ndtri,
erfinv, lambertw, xlogy, xlog1py, logit of a sigmoid) and input errors (a misspelt --wrt, a missing variable, a
missing function, a point beyond float64, a function the formula language lacks, a SciPy function gradcli lacks).

Truths are the mathematics written here in mpmath at 2,000 digits, never the user files' code: closed forms (Ewens's
slope k/theta - sum 1/(theta + i), the expected alleles' sum i/(theta + i)^2, the Beta(3, 3) CDF as its polynomial
10x^3 - 15x^4 + 6x^5, the chi-square tail of 10 degrees as e^-y sum y^j/j!, W'(z) = W/(z (1 + W)), K1' = -(K0 + K2)/2,
the normal quantile as mpmath's erfinv checked against ncdf); points are the numbers the dtype holds, constants the
float64 numbers the program writes (gnp.e, log(2.0)). A slope beyond float64's range has the verdict `domain`; a
coordinate with no derivative is NaN.

What the round found (see tests/test_user_trials41c.py): F1 (mended in the same session; provenance only, no verdict
moved), an underflow to 0 inside scipy.special's kv, betainc, exp1, expn or rgamma was not named: the
report said "log([0]) gave [-inf]" at the
log, where for exp, erfc, ndtr, expit, gammainc and gammaincc it names the op that underflowed ("the root cause is the
underflow, not log"); with kv or betainc on a line of their own (the NIG density, an order statistic's log-CDF at
1e-120) the line that broke is never named (`provenance._UNDERFLOWS` lists the ops that can underflow by name).
Truths the round corrected in itself, gradcli right each time: W(e/alpha) at alpha = 1e-300 is `unstable`, the
quotient's rule -g x / y^2 squaring 1e-300 to 0 (the slope 1e300 given as inf); the expected alleles' sum
theta/(theta + i) at 1e-300 is `unstable` though theta/theta is the constant 1 (the numerator's 1e300 absorbs H_19
before the denominator's -1e300 meets it); SciPy's kve is NaN at 2e300 (AMOS), so the kve spelling of the NIG density
is `unstable` there, and k1e's is sound.
"""

import math

import mpmath

from cases import Case
from cases5 import hp
from cases21c import _at, _each
from cases39c import _scalar
from cases40c import _closed, _held

G, N, F = "gn_lib41c.py", "numpy_lib41c.py", "formula"
NAN = mpmath.nan


def _f(value):
    """A float64 constant of the program, exactly."""
    return mpmath.mpf(float(value))


# --- the mathematics, written here ---------------------------------------------------------------------------------

GENES = 20


def _ewens_slope(theta, k):
    """d/dtheta [k log theta - sum_{i<n} log(theta + i)] (log Gamma(theta + n) - log Gamma(theta) is that sum)."""
    return k / theta - mpmath.fsum(1 / (theta + i) for i in range(GENES))


def _ewens(points, k):
    return _each("theta", points, lambda t: _ewens_slope(t, k))


def _alleles_slope(theta):
    """E[K] = sum_{i<n} theta / (theta + i): slope sum i / (theta + i)^2 (the i = 0 term is the constant 1)."""
    return mpmath.fsum(i / (theta + i) ** 2 for i in range(1, GENES))


def _jeffreys_slope(a):
    """d/da (1/2) log(a psi1(a) - 1) = (psi1 + a psi2) / (2 (a psi1 - 1))."""
    t1, t2 = mpmath.psi(1, a), mpmath.psi(2, a)
    return (t1 + a * t2) / (2 * (a * t1 - 1))


def _ndtri(u):
    """The normal quantile by mpmath's erfinv (checked against ncdf at the round's points in a scratch folder)."""
    return -mpmath.sqrt(2) * mpmath.erfinv(1 - 2 * u)


def _copula_slopes(u, v, rho):
    """c = -log(1 - r^2)/2 - (r^2 S - 2 r P) / (2 (1 - r^2)), S = x^2 + y^2, P = x y; dx/du = 1/phi(x)."""
    x, y = _ndtri(u), _ndtri(v)
    m = 1 - rho * rho
    s, p = x * x + y * y, x * y
    quad = rho * rho * s - 2 * rho * p
    c_x = -(rho * rho * x - rho * y) / m
    c_y = -(rho * rho * y - rho * x) / m
    c_rho = rho / m - ((rho * s - p) * m + rho * quad) / (m * m)
    return {"u": c_x / mpmath.npdf(x), "v": c_y / mpmath.npdf(y), "rho": c_rho}


NIG_ALPHA, NIG_BETA, NIG_DELTA = mpmath.mpf(2), mpmath.mpf("0.5"), mpmath.mpf(1)


def _nig_slope(x):
    """d/dx log f = (x/q) (alpha K1'(alpha q) / K1(alpha q) - 1/q) + beta, q = sqrt(delta^2 + x^2) (mu = 0)."""
    with mpmath.workdps(100):  # mpmath's K at 2,000 digits takes minutes; the sum has no cancellation to need them
        q = mpmath.sqrt(NIG_DELTA ** 2 + x * x)
        z = NIG_ALPHA * q
        k1 = mpmath.besselk(1, z)
        k1_prime = -(mpmath.besselk(0, z) + mpmath.besselk(2, z)) / 2
        return x / q * (NIG_ALPHA * k1_prime / k1 - 1 / q) + NIG_BETA


def _beta33_cdf(x):
    return 10 * x ** 3 - 15 * x ** 4 + 6 * x ** 5


def _order_density(x):
    """The Beta(3, 3) density x^2 (1 - x)^2 / B(3, 3) = 30 x^2 (1 - x)^2."""
    return 30 * x * x * (1 - x) ** 2


def _log_sf_slope(x):
    """d/dx log(1 - I_x(3, 3)) = -f(x) / I_{1-x}(3, 3); none at x = 1 (log 0)."""
    tail = _beta33_cdf(1 - x)
    return NAN if tail == 0 else -_order_density(x) / tail


E64 = _f(math.e)


def _msy_slope(alpha):
    """d/dalpha [1 - W(e/alpha)] = W / (alpha (1 + W)) (dz/dalpha = -z/alpha, W' = W / (z (1 + W)))."""
    w = mpmath.lambertw(E64 / alpha).real
    return w / (alpha * (1 + w))


def _msy_log_slope(log_alpha):
    """d/dL [1 - W(e^(1 - L))] = W / (1 + W)."""
    w = mpmath.lambertw(mpmath.exp(1 - log_alpha)).real
    return w / (1 + w)


Q = [mpmath.mpf(1), mpmath.mpf("0.5"), mpmath.mpf(-1)]


def _boltzmann(tau):
    """p = softmax(q / tau) with the gaps taken first, so e^(-5e299) is e^(-5e299)."""
    weights = [mpmath.exp((v - Q[0]) / tau) for v in Q]
    total = mpmath.fsum(weights)
    return [w / total for w in weights]


def _log_share_slope(tau):
    """d/dtau log p0 = -(1/tau^2) sum_k p_k (q0 - q_k)."""
    p = _boltzmann(tau)
    return -mpmath.fsum(pk * (Q[0] - qk) for pk, qk in zip(p, Q)) / tau ** 2


def _share_slope(tau):
    return _boltzmann(tau)[0] * _log_share_slope(tau)


def _huber_slope(r):
    return r if abs(r) <= 1 else mpmath.sign(r)


LOW, HIGH = _f(1e-7), _f(1 - 1e-7)


def _clipped_slope(p):
    if p == LOW or p == HIGH:
        return NAN
    return -1 / p if LOW < p < HIGH else mpmath.mpf(0)


LN2_64 = _f(math.log(2.0))


def _bsc_slope(p, ln2=LN2_64):
    """d/dp [1 + (p log p + (1 - p) log(1 - p)) / ln2] = (log p - log(1 - p)) / ln2; none at p = 0."""
    return NAN if p == 0 else (mpmath.log(p) - mpmath.log1p(-p)) / ln2


DEGREE_LOGS = mpmath.fsum(mpmath.log(d) for d in (1, 1, 2, 3, 5, 8, 13))


def _power_law_slope(alpha):
    """-sum log x - n zeta'(alpha) / zeta(alpha); a pole at 1."""
    if alpha == 1:
        return NAN
    return -DEGREE_LOGS - 7 * mpmath.zeta(alpha, 1, 1) / mpmath.zeta(alpha)


def _log_p_slope(stat):
    """Q(5, y) = e^-y sum_{j<5} y^j / j!, y = x/2: d/dx log Q = -(1/2) (y^4 / 4!) / sum_{j<5} y^j / j!."""
    y = stat / 2
    return -(y ** 4 / 24) / mpmath.fsum(y ** j / mpmath.factorial(j) for j in range(5)) / 2


# --- the cases -------------------------------------------------------------------------------------------------------

ORDINARY_THETA = [0.5, 2, 10]
EWENS_LINE = "return gnp.sum(k * gnp.log(theta) + sps.gammaln(theta) - sps.gammaln(theta + N_GENES))"
JEFFREYS_LINE = "return gnp.sum(0.5 * gnp.log(a * sps.polygamma(1, a) - 1))"
COPULA = dict(u=0.3, v=0.8, rho=0.5)
DEEP_TAIL = dict(u=1e-300, v=1e-300, rho=0.5)
NEAR_ONE = dict(u=0.3, v=0.3, rho=0.9999999999999999)


def _copula(dtype="float64", **point):
    return _closed(_copula_slopes, dtype, **point)


GN = [
    Case(G, "ewens_loglik", "theta=[0.5,2,10],k=1", "float64", "ok", _ewens(ORDINARY_THETA, 1), wrt="theta"),
    # a monomorphic sample: 1/theta + psi(theta) = 1e300 - 1e300 in the backward pass, the slope -3.55 lost
    Case(G, "ewens_loglik", "theta=[1e-300],k=1", "float64", "unstable", _ewens([1e-300], 1), EWENS_LINE,
         wrt="theta"),
    # log Gamma(1e300) - log Gamma(1e300 + 20): the value -11743 and the slope -1.7e-299 both lost
    Case(G, "ewens_loglik", "theta=[1e300],k=3", "float64", "unstable", _ewens([1e300], 3), EWENS_LINE, wrt="theta"),
    Case(G, "ewens_loglik_shifted", "theta=[1e-300],k=1", "float64", "ok", _ewens([1e-300], 1), wrt="theta"),
    Case(G, "ewens_loglik_shifted", "theta=[1e300],k=3", "float64", "unstable", _ewens([1e300], 3),
         "return gnp.sum((k - 1) * gnp.log(theta) + sps.gammaln(theta + 1) - sps.gammaln(theta + N_GENES))",
         wrt="theta"),
    Case(G, "ewens_loglik_rising", "theta=[1e300],k=3", "float64", "ok", _ewens([1e300], 3), wrt="theta"),
    # k/theta - 1/(theta + 0): 1e300 - 1e300 again
    Case(G, "ewens_loglik_rising", "theta=[1e-300],k=1", "float64", "unstable", _ewens([1e-300], 1),
         "return gnp.sum(k * gnp.log(theta) - gnp.sum(gnp.log(theta[:, None] + steps), axis=1))", wrt="theta"),
    Case(G, "ewens_likelihood_prod", "theta=[10],k=3", "float64", "ok", _ewens([10], 3), wrt="theta"),
    # the rising factorial's product (1e20)^20 overflows: theta^3 / inf = 0, log 0
    Case(G, "ewens_likelihood_prod", "theta=[1e20],k=3", "float64", "unstable", _ewens([1e20], 3),
         "return gnp.sum(gnp.log(theta ** k / gnp.prod(theta[:, None] + steps, axis=1)))", wrt="theta"),
    Case(G, "expected_alleles", _at(theta=ORDINARY_THETA), "float64", "ok",
         _each("theta", ORDINARY_THETA, _alleles_slope)),
    # theta * psi'(theta) with psi'(1e-300) = 1e600 overflowing
    Case(G, "expected_alleles", _at(theta=[1e-300]), "float64", "unstable", _each("theta", [1e-300], _alleles_slope),
         "return gnp.sum(theta * (sps.digamma(theta + N_GENES) - sps.digamma(theta)))"),
    # theta/theta is the constant 1, but float64's backward sums its numerator's 1/theta = 1e300 with the other
    # terms' 1/(theta + i) first (H_19 = 3.55 absorbed) and only then meets the denominator's -1e300: 0 where 3.55
    Case(G, "expected_alleles_sum", _at(theta=[1e-300]), "float64", "unstable",
         _each("theta", [1e-300], _alleles_slope), "return gnp.sum(theta[:, None] / (theta[:, None] + steps))"),
    # 1/theta = 2e323 overflows in the quotient's rule: inf - inf
    Case(G, "expected_alleles_sum", _at(theta=[5e-324]), "float64", "unstable",
         _each("theta", [5e-324], _alleles_slope), "return gnp.sum(theta[:, None] / (theta[:, None] + steps))"),
    # slopes of 1.9e-598 by their digits; float64's 0 is their rounding
    Case(G, "expected_alleles_sum", _at(theta=[1e300]), "float64", "ok", _each("theta", [1e300], _alleles_slope)),
    Case(G, "jeffreys_gamma_shape", _at(a=[0.5, 3, 100]), "float64", "ok", _each("a", [0.5, 3, 100], _jeffreys_slope)),
    # psi'(1e-300) = 1e600 overflows: a * inf
    Case(G, "jeffreys_gamma_shape", _at(a=[1e-300]), "float64", "unstable", _each("a", [1e-300], _jeffreys_slope),
         JEFFREYS_LINE),
    # a psi'(a) - 1 = 5e-11 from two numbers near 1
    Case(G, "jeffreys_gamma_shape", _at(a=[1e10]), "float64", "unstable", _each("a", [1e10], _jeffreys_slope),
         JEFFREYS_LINE),
    # a psi'(a) rounds to 1: log 0
    Case(G, "jeffreys_gamma_shape", _at(a=[1e20]), "float64", "unstable", _each("a", [1e20], _jeffreys_slope),
         JEFFREYS_LINE),
    Case(G, "gaussian_copula_logpdf", _at(**COPULA), "float64", "ok", _copula(**COPULA)),
    # normal scores of -37.05: slopes in u of 3.3e299
    Case(G, "gaussian_copula_logpdf", _at(**DEEP_TAIL), "float64", "ok", _copula(**DEEP_TAIL)),
    # dx/du = 1/phi(-38.5) = 5e321: beyond float64
    Case(G, "gaussian_copula_logpdf", _at(u=5e-324, v=0.3, rho=0.5), "float64", "domain",
         _copula(u=5e-324, v=0.3, rho=0.5)),
    # r^2 (x^2 + y^2) - 2 r x y at x = y and r = 1 - 2^-53: 0.55 - 0.55
    Case(G, "gaussian_copula_logpdf", _at(**NEAR_ONE), "float64", "unstable", _copula(**NEAR_ONE),
         "def gaussian_copula_logpdf(u, v, rho)>>return -0.5 * gnp.log(one_minus)"),
    Case(G, "gaussian_copula_logpdf_erfinv", _at(**COPULA), "float64", "ok", _copula(**COPULA)),
    # 2u - 1 rounds to -1: erfinv(-1) = -inf
    Case(G, "gaussian_copula_logpdf_erfinv", _at(u=1e-300, v=0.3, rho=0.5), "float64", "unstable",
         _copula(u=1e-300, v=0.3, rho=0.5), "x = gnp.sqrt(2.0) * sps.erfinv(2 * u - 1)"),
    # 2e-10 - 1 keeps 1 - 2e-10 to 5.5e-7 of the tail's width
    Case(G, "gaussian_copula_logpdf_erfinv", _at(u=1e-10, v=0.3, rho=0.5), "float64", "unstable",
         _copula(u=1e-10, v=0.3, rho=0.5), "x = gnp.sqrt(2.0) * sps.erfinv(2 * u - 1)"),
    Case(G, "nig_logpdf_naive", _at(x=[0, 1, -3]), "float64", "ok", _each("x", [0, 1, -3], _nig_slope)),
    # K1(800) = 1.6e-349 underflows in kv, on its own line: F1, named there (only the log of its 0 was, before)
    Case(G, "nig_logpdf_naive", _at(x=[400]), "float64", "unstable", _each("x", [400], _nig_slope),
         "density = ALPHA * DELTA * sps.kv(1, ALPHA * q) / (gnp.pi * q) * gnp.exp(DELTA * GAMMA + BETA * (x - MU))"),
    Case(G, "nig_logpdf", _at(x=[0, 1, -3, 5e-324]), "float64", "ok", _each("x", [0, 1, -3, 5e-324], _nig_slope)),
    Case(G, "nig_logpdf", _at(x=[400, -400]), "float64", "ok", _each("x", [400, -400], _nig_slope)),
    # SciPy's kve (AMOS) answers NaN past z of about 1e9 (kve(1, 2e300) is nan, k1e(2e300) 8.9e-151): kve broke in
    # float64 where the exact value is finite, as the program runs it in SciPy
    Case(G, "nig_logpdf", _at(x=[1e300, -1e300]), "float64", "unstable", _each("x", [1e300, -1e300], _nig_slope),
         "def nig_logpdf(x)>>+ gnp.log(sps.kve(1, ALPHA * q))"),
    Case(G, "nig_logpdf_k1e", _at(x=[400, 1e300, -1e300, 0]), "float64", "ok",
         _each("x", [400, 1e300, -1e300, 0], _nig_slope)),
    # the norm squares 1e300
    Case(G, "nig_logpdf_norm", _at(x=[1e300]), "float64", "unstable", _each("x", [1e300], _nig_slope),
         "q = gnp.linalg.norm(gnp.array([DELTA, x[0] - MU]))"),
    Case(G, "nig_logpdf_norm", _at(x=[1]), "float64", "ok", _each("x", [1], _nig_slope)),
    # slopes 30 x^2 (1 - x)^2: 3e-599 at 1e-300 by its digits, 0 where float64 rounds it
    Case(G, "order_stat_cdf", _at(x=[0.3, 1e-300, 5e-324, 0.9999999999999999]), "float64", "ok",
         _each("x", [0.3, 1e-300, 5e-324, 0.9999999999999999], _order_density)),
    # F1: I_x(3, 3) = 1e-359 underflows in betainc (its own line), named there (only the log of its 0 was)
    Case(G, "order_stat_log_cdf", _at(x=[1e-120]), "float64", "unstable",
         _each("x", [1e-120], lambda x: _order_density(x) / _beta33_cdf(x)),
         "cdf = sps.betainc(K_TH, N_SAMPLE - K_TH + 1, x)"),
    Case(G, "order_stat_log_cdf", _at(x=[0.3, 1e-100]), "float64", "ok",
         _each("x", [0.3, 1e-100], lambda x: _order_density(x) / _beta33_cdf(x))),
    # 1 - 1e-17 rounds to 1: log1p(-1) = -inf
    Case(G, "order_stat_log_sf_naive", _at(x=[0.999999]), "float64", "unstable", _each("x", [0.999999], _log_sf_slope),
         "return gnp.sum(gnp.log1p(-sps.betainc(K_TH, N_SAMPLE - K_TH + 1, x)))"),
    Case(G, "order_stat_log_sf", _at(x=[0.999999, 0.3, 0.9999999999999999]), "float64", "ok",
         _each("x", [0.999999, 0.3, 0.9999999999999999], _log_sf_slope)),
    # the survival at its end is 0: log 0
    Case(G, "order_stat_log_sf", _at(x=[1]), "float64", "domain", _each("x", [1], _log_sf_slope)),
    # W(e/alpha): at 1e300 a slope of 2.7e-600 by its digits
    Case(G, "msy_harvest_rate", _at(alpha=[2, 10, 1e300]), "float64", "ok", _each("alpha", [2, 10, 1e300], _msy_slope)),
    # the quotient's rule -g x / y^2 with y^2 = 1e-600 underflowing: inf where the slope is 1e300
    Case(G, "msy_harvest_rate", _at(alpha=[1e-300]), "float64", "unstable", _each("alpha", [1e-300], _msy_slope),
         "return gnp.sum(1 - sps.lambertw(gnp.e / alpha).real)"),
    # e/5e-324 overflows, and the exact slope W/(alpha (1 + W)) = 2e323 is beyond float64
    # the value -inf for -737.8, lost beside a slope past float64: unstable
    Case(G, "msy_harvest_rate", _at(alpha=[5e-324]), "float64", "unstable", _each("alpha", [5e-324], _msy_slope)),
    Case(G, "msy_harvest_rate_log", _at(log_alpha=[1, 800]), "float64", "ok",
         _each("log_alpha", [1, 800], _msy_log_slope)),
    # e^801 overflows: W(inf)
    Case(G, "msy_harvest_rate_log", _at(log_alpha=[-800]), "float64", "unstable",
         _each("log_alpha", [-800], _msy_log_slope), "return gnp.sum(1 - sps.lambertw(gnp.exp(1 - log_alpha)).real)"),
    Case(G, "greedy_share", "tau=1", "float64", "ok", _scalar("tau", 1, _share_slope)),
    # p0 = 1 - 7e-218 rounds to 1: the rule's p0 (1 - p0) drops the larger term and the slope's sign flips
    Case(G, "greedy_share", "tau=0.001", "float64", "unstable", _scalar("tau", 0.001, _share_slope),
         "return sps.softmax(Q_VALUES / tau)[0]"),
    # q/tau^2 with tau^2 = 1e-600: 0 * inf; the slope is -10^(-2.2e299)
    Case(G, "greedy_share", "tau=1e-300", "float64", "unstable", _scalar("tau", 1e-300, _share_slope)),
    Case(G, "greedy_log_share", "tau=0.001", "float64", "unstable", _scalar("tau", 0.001, _log_share_slope),
         "return sps.log_softmax(Q_VALUES / tau)[0]"),
    Case(G, "greedy_log_share_gaps", "tau=0.001", "float64", "ok", _scalar("tau", 0.001, _log_share_slope)),
    Case(G, "greedy_log_share_gaps", "tau=1e-300", "float64", "unstable", _scalar("tau", 1e-300, _log_share_slope)),
    # huber is C1 at |r| = delta: no kink
    Case(G, "huber_total", _at(r=[1, -1, 0.5, 3]), "float64", "ok", _each("r", [1, -1, 0.5, 3], _huber_slope)),
    Case(G, "huber_by_where", _at(r=[1, -1, 0, 5e-324]), "float64", "ok", _each("r", [1, -1, 0, 5e-324], _huber_slope)),
    Case(G, "clipped_log_loss", _at(p=[0.5, 5e-324, 0.9999999999999999]), "float64", "ok",
         _each("p", [0.5, 5e-324, 0.9999999999999999], _clipped_slope)),
    # exactly at the lower bound: slopes 0 and -1e7 on its two sides
    Case(G, "clipped_log_loss", _at(p=[1e-7]), "float64", "domain", _each("p", [1e-7], _clipped_slope)),
    # log p - log(1 - p) at 1/2: a proven 0
    Case(G, "bsc_capacity", _at(p=[0.5]), "float64", "ok", _each("p", [0.5], _bsc_slope)),
    Case(G, "bsc_capacity", _at(p=[0.11, 5e-324, 0.9999999999999999, 1e-300]), "float64", "ok",
         _each("p", [0.11, 5e-324, 0.9999999999999999, 1e-300], _bsc_slope)),
    Case(G, "bsc_capacity", _at(p=[0]), "float64", "domain", _each("p", [0], _bsc_slope)),
    Case(G, "bsc_capacity_naive", _at(p=[0.5, 0.11]), "float64", "ok",
         _each("p", [0.5, 0.11], lambda p: _bsc_slope(p, mpmath.log(2)))),
    Case(G, "power_law_loglik", "alpha=2.5", "float64", "ok", _scalar("alpha", 2.5, _power_law_slope)),
    Case(G, "power_law_loglik", "alpha=1.0000000001", "float64", "ok",
         _scalar("alpha", 1.0000000001, _power_law_slope)),
    # zeta(800) = 1 + 2^-800 rounds to 1; its slope's term 7 ln2 2^-800 / 1 is lost beside 8.6: ok
    Case(G, "power_law_loglik", "alpha=800", "float64", "ok", _scalar("alpha", 800, _power_law_slope)),
    Case(G, "power_law_loglik", "alpha=1", "float64", "domain", _scalar("alpha", 1, _power_law_slope)),
    Case(G, "log_p_value", _at(stat=[20, 3]), "float64", "ok", _each("stat", [20, 3], _log_p_slope)),
    # Q(5, 1000) = 1.1e-424 underflows: log 0
    Case(G, "log_p_value", _at(stat=[2000]), "float64", "unstable", _each("stat", [2000], _log_p_slope),
         "return gnp.sum(gnp.log(sps.gammaincc(DOF / 2, stat / 2)))"),
    Case(G, "log_p_value_stats", _at(stat=[2000]), "float64", "unstable", _each("stat", [2000], _log_p_slope),
         "return gnp.sum(chi2.logsf(stat, DOF))"),
    Case(G, "ewens_loglik", "theta=[1],k=1", "float64", "input-error", wrt="thetta", message=("thetta",)),
    Case(G, "gaussian_copula_logpdf", "u=0.3,v=0.8", "float64", "input-error", message=("rho",)),
    Case(G, "nig_log_pdf", "x=[1]", "float64", "input-error", message=("nig_log_pdf",)),
    Case(G, "nig_logpdf", "x=[1e400]", "float64", "input-error", message=("1e400",)),
]

NP = [
    Case(N, "ewens_loglik", "theta=[1e-300],k=1", "float64", "unstable", _ewens([1e-300], 1),
         "return np.sum(k * np.log(theta) + gammaln(theta) - gammaln(theta + N_GENES))", wrt="theta"),
    Case(N, "ewens_loglik_shifted", "theta=[1e-300],k=1", "float64", "ok", _ewens([1e-300], 1), wrt="theta"),
    Case(N, "jeffreys_gamma_shape", _at(a=[1e20]), "float64", "unstable", _each("a", [1e20], _jeffreys_slope),
         "return np.sum(0.5 * np.log(a * special.polygamma(1, a) - 1))"),
    Case(N, "gaussian_copula_logpdf", _at(**DEEP_TAIL), "float64", "ok", _copula(**DEEP_TAIL)),
    Case(N, "nig_logpdf_naive", _at(x=[400]), "float64", "unstable", _each("x", [400], _nig_slope),
         "return np.sum(np.log(ALPHA * DELTA * kv(1, ALPHA * q) / (np.pi * q)) + DELTA * gamma + BETA * (x - MU))"),
    Case(N, "nig_logpdf", _at(x=[400, -3]), "float64", "ok", _each("x", [400, -3], _nig_slope)),
    Case(N, "nig_logpdf", _at(x=[1e300]), "float64", "unstable", _each("x", [1e300], _nig_slope),
         "return np.sum(np.log(ALPHA * DELTA / np.pi) + np.log(kve(1, ALPHA * q)) - ALPHA * q - np.log(q)"),
    Case(N, "order_stat_log_sf_naive", _at(x=[0.999999]), "float64", "unstable", _each("x", [0.999999], _log_sf_slope),
         "return np.sum(np.log1p(-betainc(3, 3, x)))"),
    Case(N, "order_stat_log_sf", _at(x=[0.999999]), "float64", "ok", _each("x", [0.999999], _log_sf_slope)),
    Case(N, "msy_harvest_rate_log", _at(log_alpha=[1, 800]), "float64", "ok",
         _each("log_alpha", [1, 800], _msy_log_slope)),
    Case(N, "greedy_share", "tau=0.001", "float64", "unstable", _scalar("tau", 0.001, _share_slope),
         "return softmax(Q_VALUES / tau)[0]"),
    Case(N, "huber_total", _at(r=[1, -1, 0.5, 3]), "float64", "ok", _each("r", [1, -1, 0.5, 3], _huber_slope)),
    Case(N, "bsc_capacity", _at(p=[0.5, 5e-324]), "float64", "ok",
         _each("p", [0.5, 5e-324], lambda p: _bsc_slope(p, _f(math.log(2))))),
    Case(N, "log_p_value", _at(stat=[2000]), "float64", "unstable", _each("stat", [2000], _log_p_slope),
         "return np.sum(chi2.logsf(stat, 10))"),
    # a SciPy function gradcli lacks: named, with the file and its line
    Case(N, "gamma_quantile", _at(p=[0.5]), "float64", "input-error", message=("gammaincinv", "numpy_lib41c.py, line")),
]

FLOAT32 = [
    Case(G, "ewens_loglik_shifted", "theta=[0.5,2,10],k=1", "float32", "ok",
         _each("theta", ORDINARY_THETA, lambda t: _ewens_slope(t, 1), "float32"), wrt="theta"),
    Case(G, "gaussian_copula_logpdf", _at(**COPULA), "float32", "ok", _copula("float32", **COPULA)),
    # p0 = 1 - 2e-22 rounds to 1 in float32 (q/tau = 100, 50, -100)
    Case(G, "greedy_share", "tau=0.01", "float32", "unstable",
         hp(lambda: {"tau": _share_slope(_held(0.01, "float32"))})),
    # K1(100) = 4.7e-45 * sqrt(pi/200): below float32's least subnormal
    Case(G, "nig_logpdf_naive", _at(x=[50]), "float32", "unstable", _each("x", [50], _nig_slope, "float32")),
    Case(G, "nig_logpdf", _at(x=[50]), "float32", "ok", _each("x", [50], _nig_slope, "float32")),
    Case(G, "bsc_capacity", _at(p=[0.5]), "float32", "ok", _each("p", [0.5], _bsc_slope, "float32")),
]

COPULA_NDTRI = "-0.5*log(1-r^2) - (r^2*(ndtri(u)^2 + ndtri(v)^2) - 2*r*ndtri(u)*ndtri(v))/(2*(1-r^2))"
COPULA_ERFINV = (COPULA_NDTRI.replace("ndtri(u)", "(sqrt(2)*erfinv(2*u-1))")
                 .replace("ndtri(v)", "(sqrt(2)*erfinv(2*v-1))"))
MSY_LOG = "1 - lambertw(exp(1 - L))"
BSC = "1 + (xlogy(p, p) + xlog1py(1 - p, -p))/log(2)"


def _copula_named(u, v, r):
    def truth():
        slopes = _copula_slopes(*_held([u, v, r]))
        return {"r": slopes["rho"], "u": slopes["u"], "v": slopes["v"]}
    return hp(truth)


FORMULAS = [
    Case(F, COPULA_NDTRI, "u=1e-300,v=0.3,r=0.5", "float64", "ok", _copula_named(1e-300, 0.3, 0.5)),
    Case(F, COPULA_ERFINV, "u=0.3,v=0.8,r=0.5", "float64", "ok", _copula_named(0.3, 0.8, 0.5)),
    Case(F, COPULA_ERFINV, "u=1e-300,v=0.3,r=0.5", "float64", "unstable", _copula_named(1e-300, 0.3, 0.5)),
    Case(F, "ndtri(u)", "u=5e-324", "float64", "domain", _scalar("u", 5e-324, lambda u: 1 / mpmath.npdf(_ndtri(u)))),
    Case(F, "ndtri(u)", "u=1e-300", "float64", "ok", _scalar("u", 1e-300, lambda u: 1 / mpmath.npdf(_ndtri(u)))),
    # 1 - 2e-20 rounds to 1: erfinv(1) = inf where the slope is sqrt(pi) e^(erfinv^2)
    Case(F, "erfinv(1 - 2*u)", "u=1e-20", "float64", "unstable",
         _scalar("u", 1e-20, lambda u: -mpmath.sqrt(mpmath.pi) * mpmath.exp(mpmath.erfinv(1 - 2 * u) ** 2))),
    Case(F, MSY_LOG, "L=1", "float64", "ok", _scalar("L", 1, _msy_log_slope)),
    Case(F, MSY_LOG, "L=800", "float64", "ok", _scalar("L", 800, _msy_log_slope)),
    Case(F, MSY_LOG, "L=-800", "float64", "unstable", _scalar("L", -800, _msy_log_slope)),
    Case(F, BSC, "p=0.5", "float64", "ok", _scalar("p", 0.5, lambda p: _bsc_slope(p, mpmath.log(2)))),
    Case(F, BSC, "p=5e-324", "float64", "ok", _scalar("p", 5e-324, lambda p: _bsc_slope(p, mpmath.log(2)))),
    Case(F, BSC, "p=0", "float64", "domain", _scalar("p", 0, lambda p: _bsc_slope(p, mpmath.log(2)))),
    # sigmoid(40) = 1 - 4e-18 rounds to 1: logit(1) = inf; the slope is 1
    Case(F, "logit(sigmoid(x))", "x=40", "float64", "unstable", hp(lambda: {"x": mpmath.mpf(1)})),
    Case(F, "logit(sigmoid(x))", "x=-700", "float64", "ok", hp(lambda: {"x": mpmath.mpf(1)})),
    # sigmoid(-800) = e^-800 underflows: logit(0) = -inf
    Case(F, "logit(sigmoid(x))", "x=-800", "float64", "unstable", hp(lambda: {"x": mpmath.mpf(1)})),
    Case(F, "gammaln(t) - gammaln(t + 20) + log(t)", "t=1e-300", "float64", "input-error", message=("gammaln",)),
]

ALL = GN + NP + FLOAT32 + FORMULAS
