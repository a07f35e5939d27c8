"""``scipy.stats``' distributions: log-densities, densities and CDFs, composed of the elementwise and special-function ops.

Each function is ``<distribution>_<method>`` here; `scipy_namespace` gives them
SciPy's names (``stats.t.cdf``). Being composites, their gradients and exact
references are those of the ops they are made of; a CDF is differentiable in
its point, location and scale, and in a shape parameter only through the incomplete
gamma functions (the incomplete beta function refuses that gradient rather than guess it).
"""

from __future__ import annotations

import functools
import inspect

import numpy as np

from .core import defjvp, defvjp
from .ops import absolute, arctan2, constant, equal, exp, expm1, floor, greater, greater_equal, isfinite, less, less_equal, lifted, log, log1p, logical_and, maximum, minimum, power, select, sigmoid, sin, sqrt, trunc, where
from .ops_array import asarray, expand_dims, mean, ravel, squeeze, sum_, take, unbroadcast
from .ops_decompositions import eigh
from .ops_linalg import cholesky, diagonal, solve
from .ops_shape import median, partition, percentile
from .ops_scipy import SCIPY_VALUED as _SPECIAL_SCIPY_VALUED
from .ops_scipy import _gamma_density, _gammainc_da_ball, betainc, betaln, gammainc, gammainc_da, gammaincc, i0, i0e, log_expit, log_ndtr, logit, ndtr, ndtri, scipy_valued, stdtr, t_log_density
from .ops_normal_integrals import owens_t
from .ops_special import erfc, gammaln, xlog1py, xlogy
from .tracer import primitive
from .values import float_dtype, is_float_dtype, loaded_mpmath, raw, result_dtype, shape_of


# Phi as SciPy's lognorm.sf computes it (``ndtr``: SciPy's number in a float dtype, the composite's slope and exact value)
_scipys_ndtr = _SPECIAL_SCIPY_VALUED["ndtr"]


def standardized(x, loc, scale):
    """((x - loc) / scale, log(scale)): a location-scale family's density is f(z) / scale."""
    scale = lifted(scale, x)  # log(3.0) in the precision of x, not float64's
    return (x - loc) / scale, log(scale)


def on_support(z, low, high=None, open_low=False):
    """(``z`` with each entry outside the support moved inside it, the entries below it, those above it).

    The comparisons are gradcli's recorded ones, so a ball that straddles an end
    is undecided rather than guessed. The moved entries keep every formula finite;
    the caller selects SciPy's fixed answer there, so their gradient is 0.
    """
    below = raw(less_equal(z, low) if open_low else less(z, low))
    above = raw(greater(z, high)) if high is not None else np.zeros(np.shape(below), dtype=bool)
    point = low + 1.0 if high is None else (low + high) / 2
    return select(below | above, point, z), below, above


def at_an_end(power, rest):
    """A density z^power e^rest at z = 0, an end of its support: its limit there, 0 for a positive ``power``,
    e^rest for 0, inf below.

    Written apart from the density's log so that its gradient is the limit's, 0 in the shape parameter where
    the density is 0 around it, not 0 x log(0) = NaN; at ``power`` = 0 the limit jumps (its recorded
    comparisons tie there, and the checker finds the jump).
    """
    return select(raw(greater(power, 0)), 0.0, select(raw(less(power, 0)), np.inf, exp(rest)))


def whole_only(k, value):
    """``value`` (a log-probability mass at ``k``) where ``k`` is an integer and -inf where it is not, as SciPy gives."""
    return select(raw(less(floor(k), k)), -np.inf, value)


# -- ``scipy.stats.norm``: the normal distribution. -----


def norm_logpdf(x, loc=0.0, scale=1.0):
    """The log-density of N(loc, scale^2) at ``x``."""
    z, log_scale = standardized(x, loc, scale)
    return -z * z / 2 - log_scale - constant("log(2pi)", z, 0.5)


def norm_pdf(x, loc=0.0, scale=1.0):
    """The density of N(loc, scale^2) at ``x``."""
    return exp(norm_logpdf(x, loc, scale))


def norm_cdf(x, loc=0.0, scale=1.0):
    """P(X <= x), as erfc(-z / sqrt 2) / 2: accurate far into the left tail."""
    z, _ = standardized(x, loc, scale)
    return erfc(-z * constant("1/sqrt(2)", z)) / 2


def norm_logcdf(x, loc=0.0, scale=1.0):
    """log P(X <= x), finite far into the left tail."""
    return log_ndtr(standardized(x, loc, scale)[0])


def norm_sf(x, loc=0.0, scale=1.0):
    """P(X > x)."""
    return norm_cdf(-x, -loc, scale)


def norm_logsf(x, loc=0.0, scale=1.0):
    """log P(X > x)."""
    return norm_logcdf(-x, -loc, scale)


def norm_ppf(q, loc=0.0, scale=1.0):
    """The quantile: the x with P(X <= x) = q, loc + scale ndtri(q) (-inf at 0, inf at 1, NaN outside [0, 1]; a
    scale not above 0 is `parameters_checked`'s)."""
    return loc + lifted(scale, q) * ndtri(q)


def norm_isf(q, loc=0.0, scale=1.0):
    """The x with P(X > x) = q, loc - scale ndtri(q): as SciPy's, ndtri of q itself, never of 1 - q, so a tiny q
    keeps its digits."""
    return norm_ppf(q, -loc, scale) * -1.0


# -- ``scipy.stats.t``: Student's t distribution (its density, and its CDF through ``scipy.special.stdtr``). -----

def t_logpdf(x, df, loc=0.0, scale=1.0):
    """The log-density of Student's t with ``df`` degrees of freedom at ``x``."""
    z, log_scale = standardized(x, loc, scale)
    df = lifted(df, z)
    return t_log_density(z, df) - log_scale


def t_pdf(x, df, loc=0.0, scale=1.0):
    """The density of Student's t at ``x``."""
    return exp(t_logpdf(x, df, loc, scale))


def t_cdf(x, df, loc=0.0, scale=1.0):
    """P(X <= x) for Student's t (differentiable in ``x``, ``loc`` and ``scale``, not ``df``)."""
    return stdtr(df, standardized(x, loc, scale)[0])


def log_by_tail(z, median, cdf, sf):
    """log P(X <= z) as SciPy takes it: log(cdf(z)) left of the median, log1p(-sf(z)) from it on, so far right
    (t at 1e10: -1.1e-30) the answer is the small tail's, not log of a number rounded to 1.

    Each side is computed at its own entries only (the others moved to the median), so neither side's
    log(1) or 1 - 1 is ever taken on a point it does not answer for.
    """
    left = raw(less(z, median))
    return select(left, log(cdf(select(left, z, median))), log1p(-sf(select(left, median, z))))


def _median(inverse, *shapes):
    """The median of a distribution from SciPy's inverse CDF at the shape parameters' float values: where
    `log_by_tail` turns from one side to the other (any split is exact; this one is SciPy's)."""
    import scipy.special  # lazy: SciPy's inverse incomplete functions, only for these log-CDFs

    floats = [np.asarray(raw(s_), dtype=object).astype(float) for s_ in shapes]
    return getattr(scipy.special, inverse)(*floats, 0.5)


def t_logcdf(x, df, loc=0.0, scale=1.0):
    """log P(X <= x) for Student's t, by its tail from the median (0) on."""
    z = standardized(x, loc, scale)[0]
    return log_by_tail(z, 0.0, lambda at: stdtr(df, at), lambda at: stdtr(df, -at))


def log_sf_by_tail(z, median, cdf, sf):
    """log P(X > z) as SciPy takes it: log(sf(z)) right of the median, log1p(-cdf(z)) up to it, so far left the
    answer is the small lower tail's, not log of a number rounded to 1: `log_by_tail` of the mirrored variable -z."""
    return log_by_tail(-z, -median, lambda at: sf(-at), lambda at: cdf(-at))


def t_sf(x, df, loc=0.0, scale=1.0):
    """P(X > x) for Student's t: stdtr(df, -z), as SciPy computes it."""
    return stdtr(df, -standardized(x, loc, scale)[0])


def t_logsf(x, df, loc=0.0, scale=1.0):
    """log P(X > x) for Student's t, by its tail from the median (0) on."""
    z = standardized(x, loc, scale)[0]
    return log_sf_by_tail(z, 0.0, lambda at: stdtr(df, at), lambda at: stdtr(df, -at))


# -- ``scipy.stats.gamma``: the gamma distribution of shape ``a`` (its density and CDF). -----

def gamma_logpdf(x, a, loc=0.0, scale=1.0):
    """The log-density of Gamma(a) (location ``loc``, scale ``scale``) at ``x``."""
    z, log_scale = standardized(x, loc, scale)
    z, below, _ = on_support(z, 0.0)
    a = lifted(a, z)
    return select(below, -np.inf, xlogy(a - 1, z) - z - gammaln(a) - log_scale)


def gamma_pdf(x, a, loc=0.0, scale=1.0):
    """The density of Gamma(a) at ``x``; at its end 0, the limit (`at_an_end`)."""
    z, log_scale = standardized(x, loc, scale)
    z, below, _ = on_support(z, 0.0)
    a = lifted(a, z)
    end = raw(equal(z, 0.0))
    inside = select(end, 1.0, z)  # the log-density's terms finite at every entry; the end's entries are `at_an_end`'s
    density = exp(xlogy(a - 1, inside) - inside - gammaln(a) - log_scale)
    return select(below, 0.0, select(end, at_an_end(a - 1, -gammaln(a) - log_scale), density))


def gamma_cdf(x, a, loc=0.0, scale=1.0):
    """P(X <= x) for Gamma(a): the regularized lower incomplete gamma function (differentiable in ``x``, ``loc``, ``scale``)."""
    z, below, _ = on_support(standardized(x, loc, scale)[0], 0.0)
    return select(below, 0.0, gammainc(a, z))


def gamma_logcdf(x, a, loc=0.0, scale=1.0):
    """log P(X <= x) for Gamma(a): -inf at and below 0 (no log of 0 taken, so no warning)."""
    z, below, _ = on_support(standardized(x, loc, scale)[0], 0.0, open_low=True)
    by_tail = log_by_tail(z, _median("gammaincinv", a), lambda at: gammainc(a, at), lambda at: gammaincc(a, at))
    return select(below, -np.inf, by_tail)


def gamma_sf(x, a, loc=0.0, scale=1.0):
    """P(X > x) for Gamma(a): the regularized upper incomplete gamma function, 1 below the support."""
    z, below, _ = on_support(standardized(x, loc, scale)[0], 0.0)
    return select(below, 1.0, gammaincc(a, z))


def gamma_logsf(x, a, loc=0.0, scale=1.0):
    """log P(X > x) for Gamma(a): 0 at and below 0, by its tail from the median on."""
    z, below, _ = on_support(standardized(x, loc, scale)[0], 0.0)
    by_tail = log_sf_by_tail(z, _median("gammaincinv", a), lambda at: gammainc(a, at), lambda at: gammaincc(a, at))
    return select(below, 0.0, by_tail)


# -- ``scipy.stats.chi2``: the chi-squared distribution, a gamma of shape df / 2 and scale 2. -----

def chi2_logpdf(x, df, loc=0.0, scale=1.0):
    """The log-density of chi-squared with ``df`` degrees of freedom at ``x``."""
    return gamma_logpdf(x, df / 2, loc, 2 * scale)


def chi2_pdf(x, df, loc=0.0, scale=1.0):
    """The density of chi-squared at ``x``."""
    return gamma_pdf(x, df / 2, loc, 2 * scale)


def chi2_cdf(x, df, loc=0.0, scale=1.0):
    """P(X <= x) for chi-squared with ``df`` degrees of freedom."""
    return gamma_cdf(x, df / 2, loc, 2 * scale)


def chi2_logcdf(x, df, loc=0.0, scale=1.0):
    """log P(X <= x) for chi-squared."""
    return gamma_logcdf(x, df / 2, loc, 2 * scale)


def chi2_sf(x, df, loc=0.0, scale=1.0):
    """P(X > x) for chi-squared with ``df`` degrees of freedom."""
    return gamma_sf(x, df / 2, loc, 2 * scale)


def chi2_logsf(x, df, loc=0.0, scale=1.0):
    """log P(X > x) for chi-squared."""
    return gamma_logsf(x, df / 2, loc, 2 * scale)


# -- ``scipy.stats.beta``: the beta distribution (its density and CDF). -----

def beta_logpdf(x, a, b, loc=0.0, scale=1.0):
    """The log-density of Beta(a, b) at ``x``."""
    z, log_scale = standardized(x, loc, scale)
    z, below, above = on_support(z, 0.0, 1.0)
    a, b = lifted(a, z), lifted(b, z)
    return select(below | above, -np.inf, xlogy(a - 1, z) + xlog1py(b - 1, -z) - betaln(a, b) - log_scale)


def beta_pdf(x, a, b, loc=0.0, scale=1.0):
    """The density of Beta(a, b) at ``x``; at its ends 0 and 1, the limits (`at_an_end`)."""
    z, log_scale = standardized(x, loc, scale)
    z, below, above = on_support(z, 0.0, 1.0)
    a, b = lifted(a, z), lifted(b, z)
    low, high = raw(equal(z, 0.0)), raw(equal(z, 1.0))
    inside = select(low | high, 0.5, z)  # the log-density's terms finite at every entry; the ends' are `at_an_end`'s
    norm = betaln(a, b) + log_scale
    density = exp(xlogy(a - 1, inside) + xlog1py(b - 1, -inside) - norm)
    ends = select(low, at_an_end(a - 1, -norm), at_an_end(b - 1, -norm))
    return select(below | above, 0.0, select(low | high, ends, density))


def beta_cdf(x, a, b, loc=0.0, scale=1.0):
    """P(X <= x) for Beta(a, b): the regularized incomplete beta function (differentiable in ``x``, ``loc``, ``scale``)."""
    z, below, above = on_support(standardized(x, loc, scale)[0], 0.0, 1.0)
    return select(below, 0.0, select(above, 1.0, betainc(a, b, z)))


def beta_logcdf(x, a, b, loc=0.0, scale=1.0):
    """log P(X <= x) for Beta(a, b): -inf at and below 0, 0 above 1 (no log of 0 taken, so no warning)."""
    z, below, above = on_support(standardized(x, loc, scale)[0], 0.0, 1.0, open_low=True)
    # The upper tail as betainc(b, a, 1 - z): 1 - z is exact for z >= 1/2, where the tail is small.
    by_tail = log_by_tail(z, _median("betaincinv", a, b), lambda at: betainc(a, b, at), lambda at: betainc(b, a, 1 - at))
    return select(below, -np.inf, select(above, 0.0, by_tail))


def beta_sf(x, a, b, loc=0.0, scale=1.0):
    """P(X > x) for Beta(a, b): 1 below 0, 0 above 1; between, 1 - betainc(a, b, z) left of the median (the
    subtraction from a CDF below 1/2 keeps its digits; 1 - z would round z = 1e-20 away) and betainc(b, a, 1 - z)
    from it on, where the tail is small."""
    z, below, above = on_support(standardized(x, loc, scale)[0], 0.0, 1.0)
    left = raw(less(z, _median("betaincinv", a, b)))
    middle = select(left, 1 - betainc(a, b, select(left, z, 0.5)), betainc(b, a, 1 - select(left, 0.5, z)))
    return select(below, 1.0, select(above, 0.0, middle))


def beta_logsf(x, a, b, loc=0.0, scale=1.0):
    """log P(X > x) for Beta(a, b): 0 below 0, -inf at and above 1 (no log of 0 taken, so no warning)."""
    z, below, above = on_support(standardized(x, loc, scale)[0], 0.0, 1.0)
    top = raw(equal(z, 1.0))
    z = select(top, 0.5, z)  # the top's entries answered below, their formula finite
    by_tail = log_sf_by_tail(z, _median("betaincinv", a, b), lambda at: betainc(a, b, at), lambda at: betainc(b, a, 1 - at))
    return select(below, 0.0, select(above | top, -np.inf, by_tail))


# -- ``scipy.stats.poisson``: the Poisson distribution's probability mass, differentiable in its mean. -----

def poisson_logpmf(k, mu):
    """log P(K = k) for a Poisson of mean ``mu``."""
    k = lifted(k, mu)
    return whole_only(k, xlogy(k, mu) - mu - gammaln(k + 1))


def poisson_pmf(k, mu):
    """P(K = k) for a Poisson of mean ``mu``."""
    return exp(poisson_logpmf(k, mu))


def poisson_cdf(k, mu):
    """P(K <= k) for a Poisson of mean ``mu``: gammaincc(floor(k) + 1, mu), and 0 below k = 0 (differentiable in ``mu``)."""
    below = np.asarray(raw(k)) < 0
    return select(below, 0.0, gammaincc(maximum(floor(k), 0) + 1, mu))


def poisson_logcdf(k, mu):
    """log P(K <= k) for a Poisson of mean ``mu``."""
    return log(poisson_cdf(k, mu))


def poisson_sf(k, mu):
    """P(K > k) for a Poisson of mean ``mu``: gammainc(floor(k) + 1, mu), and 1 below k = 0 (differentiable in ``mu``)."""
    below = np.asarray(raw(k)) < 0
    return select(below, 1.0, gammainc(maximum(floor(k), 0) + 1, mu))


def poisson_logsf(k, mu):
    """log P(K > k) for a Poisson of mean ``mu``."""
    return log(poisson_sf(k, mu))


# -- ``scipy.stats.nbinom``: the negative binomial, failures before the ``n``-th success, differentiable in n and p. ---

def nbinom_logpmf(k, n, p):
    """log P(K = k) for the negative binomial of ``n`` successes with probability ``p`` each, as SciPy writes it."""
    k, n = lifted(k, p), lifted(n, p)
    return whole_only(k, gammaln(n + k) - gammaln(k + 1) - gammaln(n) + n * log(p) + xlog1py(k, -p))


def nbinom_pmf(k, n, p):
    """P(K = k) for the negative binomial of ``n`` successes with probability ``p``."""
    return exp(nbinom_logpmf(k, n, p))


# -- ``scipy.stats.binom``: successes in ``n`` trials of probability ``p``, differentiable in p. -----

def _binom_outside(k, n):
    """Plain masks where a count ``k`` of ``n`` trials is below 0 and where it is n or more, as SciPy reads it."""
    kr, nr = np.asarray(raw(k)), np.asarray(raw(n))
    return np.asarray(kr < 0, dtype=bool), np.asarray(np.floor(kr) >= nr, dtype=bool)


def binom_logpmf(k, n, p):
    """log P(K = k) for K ~ Binomial(n, p), log C(n, k) + k log p + (n - k) log(1 - p) as SciPy writes it: -inf at a
    count that is not whole or not in [0, n]."""
    k, n = lifted(k, p), lifted(n, p)
    below, _ = _binom_outside(k, n)
    beyond = np.asarray(np.asarray(raw(k)) > np.asarray(raw(n)), dtype=bool)
    j = select(below | beyond, 0.0, k)  # the formula kept finite where SciPy answers -inf
    value = gammaln(n + 1) - (gammaln(j + 1) + gammaln(n - j + 1)) + xlogy(j, p) + xlog1py(n - j, -p)  # SciPy's order
    return select(below | beyond, -np.inf, whole_only(k, value))


def binom_pmf(k, n, p):
    """P(K = k) for K ~ Binomial(n, p)."""
    return exp(binom_logpmf(k, n, p))


def binom_cdf(k, n, p):
    """P(K <= k): bdtr at the whole count below k, 0 below 0 and 1 from n on, as SciPy's."""
    below, full = _binom_outside(k, n)
    return select(below, 0.0, select(full, 1.0, bdtr(select(below | full, 0.0, k), n, p)))


def binom_sf(k, n, p):
    """P(K > k): bdtrc at the whole count below k (never 1 - cdf, so a small tail keeps its digits), 1 below 0 and
    0 from n on, as SciPy's."""
    below, full = _binom_outside(k, n)
    return select(below, 1.0, select(full, 0.0, bdtrc(select(below | full, 0.0, k), n, p)))


def binom_logcdf(k, n, p):
    """log P(K <= k)."""
    return log(binom_cdf(k, n, p))


def binom_logsf(k, n, p):
    """log P(K > k)."""
    return log(binom_sf(k, n, p))


# -- ``scipy.stats.lognorm``: the log-normal of shape ``s`` (the log's standard deviation). -----

def lognorm_logpdf(x, s, loc=0.0, scale=1.0):
    """The log-density of the log-normal of shape ``s`` at ``x``."""
    z, log_scale = standardized(x, loc, scale)
    z, below, _ = on_support(z, 0.0, open_low=True)
    s = lifted(s, z)
    u = log(z) / s
    return select(below, -np.inf, -u * u / 2 - log(s * z) - log_scale - constant("log(2pi)", z, 0.5))


def lognorm_pdf(x, s, loc=0.0, scale=1.0):
    """The density of the log-normal of shape ``s`` at ``x``."""
    return exp(lognorm_logpdf(x, s, loc, scale))


def lognorm_cdf(x, s, loc=0.0, scale=1.0):
    """P(X <= x) for the log-normal of shape ``s``: Phi(log(z) / s)."""
    z, below, _ = on_support(standardized(x, loc, scale)[0], 0.0, open_low=True)
    return select(below, 0.0, norm_cdf(log(z) / lifted(s, z)))


def lognorm_logcdf(x, s, loc=0.0, scale=1.0):
    """log P(X <= x) for the log-normal of shape ``s``, finite far into the left tail."""
    z, below, _ = on_support(standardized(x, loc, scale)[0], 0.0, open_low=True)
    return select(below, -np.inf, log_ndtr(log(z) / lifted(s, z)))


def lognorm_sf(x, s, loc=0.0, scale=1.0):
    """P(X > x) for the log-normal of shape ``s``: Phi(-log(z) / s), 1 at and below 0."""
    z, below, _ = on_support(standardized(x, loc, scale)[0], 0.0, open_low=True)
    return select(below, 1.0, _scipys_ndtr(-log(z) / lifted(s, z)))


def lognorm_ppf(q, s, loc=0.0, scale=1.0):
    """The quantile of the log-normal of shape ``s`` at ``q``: loc + scale exp(s ndtri(q)) (a shape or scale not above
    0 is `parameters_checked`'s)."""
    return _lognorm_quantile(q, s, loc, scale, 1.0)


def lognorm_isf(q, s, loc=0.0, scale=1.0):
    """The x with P(X > x) = ``q`` for the log-normal of shape ``s``: loc + scale exp(-s ndtri(q))."""
    return _lognorm_quantile(q, s, loc, scale, -1.0)


def _lognorm_quantile(q, s, loc, scale, side):
    return loc + lifted(scale, q) * exp(side * lifted(s, q) * ndtri(q))


def lognorm_logsf(x, s, loc=0.0, scale=1.0):
    """log P(X > x) for the log-normal of shape ``s``, finite far into the right tail: log Phi(-log(z) / s)."""
    z, below, _ = on_support(standardized(x, loc, scale)[0], 0.0, open_low=True)
    return select(below, 0.0, log_ndtr(-log(z) / lifted(s, z)))


# -- ``scipy.stats.truncnorm``: the standard normal cut to [a, b] (in standard units), moved by ``loc`` and ``scale``. -----

_LOG_HALF = -0.6931471805599453  # log(1/2): where log(1 - e^d) changes from expm1's form to log1p's


def _log1mexp(d):
    """log(1 - e^d) for d <= 0, to full relative precision on both sides of log(1/2) (each form given a safe point on the other)."""
    near = raw(greater(d, _LOG_HALF))
    return select(near, log(-expm1(select(near, d, -1.0))), log1p(-exp(select(near, -1.0, d))))


def _log_normal_mass(lo, hi):
    """log(Phi(hi) - Phi(lo)) for lo <= hi, finite far into either tail.

    Right of 0 the mirror image Phi(-lo) - Phi(-hi) is taken, so both ends sit
    where ``log_ndtr`` keeps its digits; the difference is then
    log_ndtr(hi) + log(1 - e^(log_ndtr(lo) - log_ndtr(hi))), no subtraction of
    two probabilities that round to 0 or to 1.
    """
    mirror = raw(greater(lo, 0))
    lo, hi = select(mirror, -hi, lo), select(mirror, -lo, hi)
    upper = log_ndtr(hi)
    return upper + _log1mexp(log_ndtr(lo) - upper)


def _inner_point(a, b):
    """A finite point strictly inside [a, b] of each entry (standard units), where the CDF's formula is smooth."""
    a, b = np.asarray(raw(a), dtype=float), np.asarray(raw(b), dtype=float)
    with np.errstate(invalid="ignore"):
        both = np.where(np.isfinite(b), (a + b) / 2, a + 1)
    return np.where(np.isfinite(a), both, np.where(np.isfinite(b), b - 1, 0.0))


def _log_cdf_and_sf(x, a, b, loc, scale):
    """(log P(X <= x), log P(X > x), the entries below a, those above b) for the normal truncated to [a, b].

    Each is log((Phi(z) - Phi(a)) / (Phi(b) - Phi(a))) or its mirror while it is
    below log(1/2); above, log(1 - the other), so a probability near 1 keeps the
    digits of its small complement. Outside [a, b] a point inside stands in (the
    answer there is fixed: 0 or 1), so no branch computes log(0).
    """
    z, log_scale = standardized(x, loc, scale)
    inside_point = lifted(_inner_point(a, b), z)
    a, b = lifted(a, z), lifted(b, z)
    below, above = raw(less(z, a)), raw(greater(z, b))
    point = select(below | above, inside_point, z)
    total = _log_normal_mass(a, b)
    lower, upper = _log_normal_mass(a, point) - total, _log_normal_mass(point, b) - total
    lower_large, upper_large = raw(greater(lower, _LOG_HALF)), raw(greater(upper, _LOG_HALF))
    log_cdf = select(lower_large, _log1mexp(select(lower_large, upper, -1.0)), lower)
    log_sf = select(upper_large, _log1mexp(select(upper_large, lower, -1.0)), upper)
    return log_cdf, log_sf, below, above


def truncnorm_logpdf(x, a, b, loc=0.0, scale=1.0):
    """The log-density of the normal truncated to [a, b] (standard units) at ``x``; -inf outside."""
    z, log_scale = standardized(x, loc, scale)
    a, b = lifted(a, z), lifted(b, z)
    inside = raw(logical_and(greater_equal(z, a), less_equal(z, b)))
    density = -z * z / 2 - constant("log(2pi)", z, 0.5) - _log_normal_mass(a, b) - log_scale
    return select(inside, density, -np.inf)


def truncnorm_pdf(x, a, b, loc=0.0, scale=1.0):
    """The density of the normal truncated to [a, b] at ``x``."""
    return exp(truncnorm_logpdf(x, a, b, loc, scale))


def truncnorm_logcdf(x, a, b, loc=0.0, scale=1.0):
    """log P(X <= x) for the normal truncated to [a, b], finite in the far tails."""
    log_cdf, _, below, above = _log_cdf_and_sf(x, a, b, loc, scale)
    return select(below, -np.inf, select(above, 0.0, log_cdf))


def truncnorm_cdf(x, a, b, loc=0.0, scale=1.0):
    """P(X <= x) for the normal truncated to [a, b]."""
    return exp(truncnorm_logcdf(x, a, b, loc, scale))


def truncnorm_logsf(x, a, b, loc=0.0, scale=1.0):
    """log P(X > x) for the normal truncated to [a, b], finite in the far tails."""
    _, log_sf, below, above = _log_cdf_and_sf(x, a, b, loc, scale)
    return select(above, -np.inf, select(below, 0.0, log_sf))


def truncnorm_sf(x, a, b, loc=0.0, scale=1.0):
    """P(X > x) for the normal truncated to [a, b]."""
    return exp(truncnorm_logsf(x, a, b, loc, scale))


# -- ``scipy.stats.dirichlet``: the Dirichlet distribution over the simplex (its density). -----

def dirichlet_logpdf(x, alpha):
    """The log-density of Dirichlet(alpha) at the point ``x`` of the simplex."""
    alpha = lifted(alpha, x)
    return sum_(xlogy(alpha - 1, x), axis=-1) + gammaln(sum_(alpha, axis=-1)) - sum_(gammaln(alpha), axis=-1)


def dirichlet_pdf(x, alpha):
    """The density of Dirichlet(alpha) at ``x``."""
    return exp(dirichlet_logpdf(x, alpha))


# -- ``scipy.stats.multivariate_normal``: the normal distribution in several dimensions (density and entropy). -----

def _mvn_half_log_det(cov):
    """log sqrt(det cov), from the Cholesky factor's diagonal."""
    return sum_(log(diagonal(cholesky(cov), 0, -2, -1)), axis=-1)


def _mvn_singular_logpdf(x, mean, cov):
    """The log-density on the support of a singular N(mean, cov): its eigenvectors of nonzero eigenvalue, as SciPy's.

    Eigenvalues below SciPy's cutoff count as zero (held fixed: the rank does not
    change under a small step); the pseudo-determinant and the Mahalanobis distance
    use the others only.
    """
    w, v = eigh(cov)
    values = np.asarray(raw(w))
    kept = values > 1e6 * np.finfo(values.dtype).eps * np.max(np.abs(values))
    root = select(kept, 1 / sqrt(select(kept, w, 1.0)), 0.0)
    projected = sum_(expand_dims(x - mean, -1) * (v * root), axis=-2)
    mahalanobis = sum_(projected * projected, axis=-1)
    log_pdet = sum_(select(kept, log(select(kept, w, 1.0)), 0.0), axis=-1)
    rank = int(np.sum(kept))
    return -(mahalanobis + log_pdet) / 2 - constant("log(2pi)", mahalanobis, rank / 2)


def multivariate_normal_logpdf(x, mean, cov, allow_singular=False):
    """The log-density of N(mean, cov) at ``x`` (each row of ``x`` a point); with ``allow_singular``, on the support of a singular cov."""
    if allow_singular:
        return _mvn_singular_logpdf(x, mean, cov)
    d = shape_of(cov)[-1]
    centered = x - mean
    # cov^-1 (x - mean) for every point at once: the points are the columns of one right-hand side.
    solved = solve(cov, expand_dims(centered, -1))
    mahalanobis = sum_(centered * squeeze(solved, -1), axis=-1)
    return -mahalanobis / 2 - _mvn_half_log_det(cov) - constant("log(2pi)", mahalanobis, d / 2)


def multivariate_normal_pdf(x, mean, cov, allow_singular=False):
    """The density of N(mean, cov) at ``x``."""
    return exp(multivariate_normal_logpdf(x, mean, cov, allow_singular))


def multivariate_normal_entropy(mean, cov):
    """The differential entropy of N(mean, cov)."""
    d = shape_of(cov)[-1]
    return _mvn_half_log_det(cov) + constant("1+log(2pi)", cov, d / 2)


# -- ``scipy.stats.vonmises``: the von Mises distribution on the circle, of concentration ``kappa`` >= 0. -----

def vonmises_logpdf(x, kappa, loc=0.0, scale=1.0):
    """kappa (cos z - 1) - log(2 pi) - (log I0(kappa) - kappa), SciPy's form (finite at large kappa); NaN for kappa < 0.

    log I0(kappa) - kappa is log(i0e(kappa)) from kappa = 1 on, as SciPy writes it; below, where I0 is near 1,
    it is log(i0(kappa)) - kappa, which has no kink at 0 (i0e(kappa) = e^-|kappa| I0(kappa) has |kappa|'s), so
    the gradient at kappa = 0, the uniform density SciPy accepts, is the slope from inside the range, cos z.
    Which form is a choice of formula for one function, not a branch of it: decided on the values, unrecorded.
    kappa < 0 is outside SciPy's range (NaN): that is a branch, and kappa = 0 its edge.
    """
    z, log_scale = standardized(x, loc, scale)
    kappa = lifted(kappa, z)
    half = sin(z / 2)
    small = np.less(raw(kappa), 1)
    near, far = where(small, kappa, 0.0), where(small, 1.0, kappa)  # each form's kappa: no inf of the other's
    scaled_log_i0 = where(small, log(i0(near)) - near, log(i0e(far)))
    value = -2 * kappa * half * half - constant("log(2pi)", z) - scaled_log_i0 - log_scale
    return where(less(kappa, 0), np.nan, value)


def vonmises_pdf(x, kappa, loc=0.0, scale=1.0):
    """The von Mises density at ``x``."""
    return exp(vonmises_logpdf(x, kappa, loc, scale))


# -- ``scipy.stats.cauchy``: the Cauchy distribution. -----

def cauchy_logpdf(x, loc=0.0, scale=1.0):
    """-log(pi) - log1p(z^2), and for |z| >= 1, as SciPy, -log(pi) - 2 log|z| - log1p(1/z^2), which never overflows.

    Each form is computed at its own entries only (the others moved to 0 or 2), so neither is differentiated
    where it is not taken.
    """
    z, log_scale = standardized(x, loc, scale)
    near = less(absolute(z), 1)
    inside = where(near, z, 0.0)
    outside = absolute(where(near, 2.0, z))
    value = where(near, -log1p(inside * inside), -(2 * log(outside) + log1p((1 / outside) * (1 / outside))))
    return value - constant("log(pi)", z) - log_scale


def cauchy_pdf(x, loc=0.0, scale=1.0):
    """The Cauchy density at ``x``."""
    return exp(cauchy_logpdf(x, loc, scale))


def _cauchy_cdf_standard(z):
    """arctan2(1, -z)/pi: 1/(pi |z|) far left, where 1/2 + arctan(z)/pi would cancel."""
    return arctan2(1.0, -z) / constant("pi", z)


def cauchy_cdf(x, loc=0.0, scale=1.0):
    """P(X <= x)."""
    return _cauchy_cdf_standard(standardized(x, loc, scale)[0])


def cauchy_logcdf(x, loc=0.0, scale=1.0):
    """log P(X <= x), by its tail from the median (0) on, as SciPy takes it."""
    z = standardized(x, loc, scale)[0]
    return log_by_tail(z, 0.0, _cauchy_cdf_standard, lambda at: _cauchy_cdf_standard(-at))


def cauchy_sf(x, loc=0.0, scale=1.0):
    """P(X > x) = arctan2(1, z)/pi."""
    return cauchy_cdf(-x, -loc, scale)


def cauchy_logsf(x, loc=0.0, scale=1.0):
    """log P(X > x)."""
    return cauchy_logcdf(-x, -loc, scale)


# -- ``scipy.stats.laplace``: the double exponential. -----

def laplace_logpdf(x, loc=0.0, scale=1.0):
    """-log 2 - |z| - log(scale): a kink at the location, where |z| is recorded as one."""
    z, log_scale = standardized(x, loc, scale)
    return -absolute(z) - log_scale - constant("ln2", z)


def laplace_pdf(x, loc=0.0, scale=1.0):
    """The Laplace density at ``x``."""
    return exp(laplace_logpdf(x, loc, scale))


def _laplace_sides(z):
    """(the entries right of 0, z with those moved to -1, z with the others moved to 1): each tail's form is
    computed at its own entries only."""
    right = raw(greater(z, 0.0))
    return right, select(right, -1.0, z), select(right, z, 1.0)


def laplace_cdf(x, loc=0.0, scale=1.0):
    """P(X <= x): e^z / 2 left of the location, 1 - e^-z / 2 right of it, as SciPy's."""
    right, left_z, right_z = _laplace_sides(standardized(x, loc, scale)[0])
    return select(right, 1.0 - exp(-right_z) / 2, exp(left_z) / 2)


def laplace_logcdf(x, loc=0.0, scale=1.0):
    """log P(X <= x): z - log 2 on the left (exact however far), log1p(-e^-z / 2) on the right."""
    right, left_z, right_z = _laplace_sides(standardized(x, loc, scale)[0])
    return select(right, log1p(-exp(-right_z) / 2), left_z - constant("ln2", left_z))


def laplace_sf(x, loc=0.0, scale=1.0):
    """P(X > x), the CDF of the mirror image."""
    return laplace_cdf(-x, -loc, scale)


def laplace_logsf(x, loc=0.0, scale=1.0):
    """log P(X > x)."""
    return laplace_logcdf(-x, -loc, scale)


# -- ``scipy.stats.skewnorm``: the skew-normal of shape ``a``, 2 phi(z) Phi(a z). -----

def skewnorm_logpdf(x, a, loc=0.0, scale=1.0):
    """log 2 + log phi(z) + log Phi(a z), the last by `log_ndtr` so a far tail (a z = -40) stays finite."""
    z, log_scale = standardized(x, loc, scale)
    a = lifted(a, z)
    return constant("ln2", z) - z * z / 2 - constant("log(2pi)", z, 0.5) + log_ndtr(a * z) - log_scale


def skewnorm_pdf(x, a, loc=0.0, scale=1.0):
    """The skew-normal density at ``x``."""
    return exp(skewnorm_logpdf(x, a, loc, scale))


def skewnorm_cdf(x, a, loc=0.0, scale=1.0):
    """P(X <= x) = Phi(z) - 2 T(z, a), Owen's T as Boost's skew-normal takes it (SciPy integrates the density
    instead where that is below 1e-6 for a > 0, a tail this difference loses digits of)."""
    z = standardized(x, loc, scale)[0]
    return ndtr(z) - 2 * owens_t(z, lifted(a, z))


def skewnorm_logcdf(x, a, loc=0.0, scale=1.0):
    """log P(X <= x)."""
    return log(skewnorm_cdf(x, a, loc, scale))


def skewnorm_sf(x, a, loc=0.0, scale=1.0):
    """P(X > x), the CDF of the mirror image (shape -a at -x), as SciPy's."""
    return skewnorm_cdf(-x, -a, -loc, scale)


def skewnorm_logsf(x, a, loc=0.0, scale=1.0):
    """log P(X > x)."""
    return log(skewnorm_sf(x, a, loc, scale))


# -- ``scipy.stats.invgauss``: the inverse Gaussian (Wald) of shape ``mu``: mean mu scale, shape parameter scale. ---

def invgauss_logpdf(x, mu, loc=0.0, scale=1.0):
    """-log(2 pi) / 2 - 3 log(z) / 2 - (z / mu - 1)^2 / (2 z), -inf at and below 0."""
    z, log_scale = standardized(x, loc, scale)
    z, below, _ = on_support(z, 0.0, open_low=True)
    mu = lifted(mu, z)
    value = -constant("log(2pi)", z, 0.5) - 1.5 * log(z) - (z / mu - 1) ** 2 / (2 * z) - log_scale
    return select(below, -np.inf, value)


def invgauss_pdf(x, mu, loc=0.0, scale=1.0):
    """The inverse Gaussian density at ``x``."""
    return exp(invgauss_logpdf(x, mu, loc, scale))


def _invgauss_terms(z, mu):
    """(z moved into the support, the entries at or below 0, mu, u = (z / mu - 1) / sqrt(z), and the log of the
    CDF's second term, 2 / mu + log Phi(-(z / mu + 1) / sqrt(z))): that term's e^(2 / mu) taken inside its log, as
    SciPy takes it, so it never overflows."""
    z, below, _ = on_support(z, 0.0, open_low=True)
    mu = lifted(mu, z)
    root = sqrt(z)
    return z, below, (z / mu - 1) / root, 2 / mu + log_ndtr(-(z / mu + 1) / root)


def invgauss_logcdf(x, mu, loc=0.0, scale=1.0):
    """log P(X <= x) = a + log1p(e^(b - a)), a = log Phi(u), b the second term's log (SciPy's form)."""
    z, below, u, second = _invgauss_terms(standardized(x, loc, scale)[0], mu)
    first = log_ndtr(u)
    return select(below, -np.inf, first + log1p(exp(second - first)))


def invgauss_cdf(x, mu, loc=0.0, scale=1.0):
    """P(X <= x)."""
    return exp(invgauss_logcdf(x, mu, loc, scale))


def invgauss_logsf(x, mu, loc=0.0, scale=1.0):
    """log P(X > x) = a + log1p(-e^(b - a)), a = log Phi(-u) (SciPy's form)."""
    z, below, u, second = _invgauss_terms(standardized(x, loc, scale)[0], mu)
    first = log_ndtr(-u)
    return select(below, 0.0, first + log1p(-exp(second - first)))


def invgauss_sf(x, mu, loc=0.0, scale=1.0):
    """P(X > x)."""
    return exp(invgauss_logsf(x, mu, loc, scale))


# -- ``scipy.stats.rice``: the Rician of shape b, z e^(-(z^2 + b^2)/2) I0(z b) for z >= 0, b >= 0. -----

def rice_logpdf(x, b, loc=0.0, scale=1.0):
    """log z - (z - b)^2 / 2 + log i0e(z b), SciPy's form (e^(-z b) inside i0e, so I0(z b) never overflows); -inf
    below 0."""
    z, log_scale = standardized(x, loc, scale)
    z, below, _ = on_support(z, 0.0)
    b = lifted(b, z)
    return select(below, -np.inf, log(z) - (z - b) ** 2 / 2 + log(i0e(z * b)) - log_scale)


def rice_pdf(x, b, loc=0.0, scale=1.0):
    """The Rician density at ``x``."""
    return _density(x, loc, scale, lambda z: exp(rice_logpdf(z, b)))


# -- The extreme-value and heavy-tailed families: ``weibull_min``, ``weibull_max``, ``gumbel_r``, ``gumbel_l``,
# ``genpareto``, ``pareto`` and ``lomax``, each in SciPy's own forms (expm1 and log1p where SciPy takes them), so a
# float64 value is SciPy's to a few ulps. A tail e^-E's log is -E itself; the other's, log(1 - e^-E), is
# `_log1mexp`'s, which turns from expm1's form to log1p's at the median (E = log 2), where SciPy turns too.

def _outside_answers(value, below, above, at_below, at_above):
    """``value`` with SciPy's fixed answers where the point is below or above the support."""
    return select(below, at_below, select(above, at_above, value))


def _weibull_parts(z, c):
    """(z with points off [0, inf) moved in, below, c lifted, z^c) of a Weibull of shape ``c``."""
    z, below, _ = on_support(z, 0.0)
    c = lifted(c, z)
    return z, below, c, power(z, c)


def weibull_min_logpdf(x, c, loc=0.0, scale=1.0):
    """The log-density of the Weibull of shape ``c`` at ``x``: log(c) + (c - 1) log(z) - z^c."""
    z, log_scale = standardized(x, loc, scale)
    z, below, c, zc = _weibull_parts(z, c)
    return select(below, -np.inf, log(c) + xlogy(c - 1, z) - zc - log_scale)


def _density(x, loc, scale, standard):
    """A location-scale family's density f(z) / scale, as SciPy divides it (``standard(z)`` is f)."""
    z, _ = standardized(x, loc, scale)
    return standard(z) / lifted(scale, x)


def weibull_min_pdf(x, c, loc=0.0, scale=1.0):
    """The density of the Weibull of shape ``c`` at ``x``, c z^(c-1) e^(-z^c) as SciPy's; at its end 0, the limit
    (`at_an_end`)."""

    def standard(z):
        z, below, shape, _ = _weibull_parts(z, c)
        end = raw(equal(z, 0.0))
        inside = select(end, 1.0, z)  # every term finite; the end's entries are `at_an_end`'s
        density = shape * power(inside, shape - 1) * exp(-power(inside, shape))
        return select(below, 0.0, select(end, at_an_end(shape - 1, log(shape)), density))

    return _density(x, loc, scale, standard)


def weibull_min_cdf(x, c, loc=0.0, scale=1.0):
    """P(X <= x) = -expm1(-z^c)."""
    z, below, _, zc = _weibull_parts(standardized(x, loc, scale)[0], c)
    return select(below, 0.0, -expm1(-zc))


def weibull_min_logcdf(x, c, loc=0.0, scale=1.0):
    """log P(X <= x) = log(1 - e^(-z^c)) (`_log1mexp`): -inf at and below 0 (no log of 0 taken)."""
    z, below, _ = on_support(standardized(x, loc, scale)[0], 0.0, open_low=True)
    return select(below, -np.inf, _log1mexp(-power(z, lifted(c, z))))


def weibull_min_sf(x, c, loc=0.0, scale=1.0):
    """P(X > x) = exp(-z^c)."""
    z, below, _, zc = _weibull_parts(standardized(x, loc, scale)[0], c)
    return select(below, 1.0, exp(-zc))


def weibull_min_logsf(x, c, loc=0.0, scale=1.0):
    """log P(X > x) = -z^c, exact however far right."""
    z, below, _, zc = _weibull_parts(standardized(x, loc, scale)[0], c)
    return select(below, 0.0, -zc)


def _mirror_image(name, logpdf, pdf, cdf, logcdf, sf, logsf):
    """The six methods of the mirror image -X (``weibull_max`` of ``weibull_min``, ``gumbel_l`` of ``gumbel_r``) of
    the distribution of X whose methods are given: each at -x with location -loc, a density its own, a CDF the
    mirror's survival function and a survival function its CDF."""

    def mirrored(method, says):
        @functools.wraps(method)  # the signature (the arity the catalogue shows) is the method's
        def at_minus_x(x, *shapes, loc=0.0, scale=1.0, **named):
            return method(-x, *shapes, loc=-loc, scale=scale, **named)

        at_minus_x.__doc__ = f"The {says} of ``scipy.stats.{name}`` at ``x``: the mirrored distribution's own."
        return at_minus_x

    return (mirrored(logpdf, "log-density"), mirrored(pdf, "density"), mirrored(sf, "CDF"),
            mirrored(logsf, "log-CDF"), mirrored(cdf, "survival function"), mirrored(logcdf, "log survival function"))


weibull_max_logpdf, weibull_max_pdf, weibull_max_cdf, weibull_max_logcdf, weibull_max_sf, weibull_max_logsf = _mirror_image(
    "weibull_max", weibull_min_logpdf, weibull_min_pdf, weibull_min_cdf, weibull_min_logcdf, weibull_min_sf, weibull_min_logsf)


def gumbel_r_logpdf(x, loc=0.0, scale=1.0):
    """The log-density of the (right-skewed) Gumbel distribution at ``x``: -z - e^-z."""
    z, log_scale = standardized(x, loc, scale)
    return -z - exp(-z) - log_scale


def gumbel_r_pdf(x, loc=0.0, scale=1.0):
    """The Gumbel density at ``x``."""
    return _density(x, loc, scale, lambda z: exp(gumbel_r_logpdf(z)))


def gumbel_r_cdf(x, loc=0.0, scale=1.0):
    """P(X <= x) = exp(-e^-z)."""
    return exp(gumbel_r_logcdf(x, loc, scale))


def gumbel_r_logcdf(x, loc=0.0, scale=1.0):
    """log P(X <= x) = -e^-z."""
    return -exp(-standardized(x, loc, scale)[0])


def gumbel_r_sf(x, loc=0.0, scale=1.0):
    """P(X > x) = -expm1(-e^-z), its digits kept far right."""
    return -expm1(gumbel_r_logcdf(x, loc, scale))


def gumbel_r_logsf(x, loc=0.0, scale=1.0):
    """log P(X > x) = log(1 - e^(-e^-z)) (`_log1mexp`)."""
    return _log1mexp(gumbel_r_logcdf(x, loc, scale))


gumbel_l_logpdf, gumbel_l_pdf, gumbel_l_cdf, gumbel_l_logcdf, gumbel_l_sf, gumbel_l_logsf = _mirror_image(
    "gumbel_l", gumbel_r_logpdf, gumbel_r_pdf, gumbel_r_cdf, gumbel_r_logcdf, gumbel_r_sf, gumbel_r_logsf)


# -- ``scipy.stats.logistic``: its CDF is expit(z), each log a log_expit (finite however far out), as SciPy's own.

def logistic_logpdf(x, loc=0.0, scale=1.0):
    """The logistic log-density at ``x``: log expit(z) + log expit(-z), both tails' digits kept."""
    z, log_scale = standardized(x, loc, scale)
    return log_expit(z) + log_expit(-z) - log_scale


def logistic_pdf(x, loc=0.0, scale=1.0):
    """The logistic density at ``x``: expit(z) expit(-z) / scale."""
    return _density(x, loc, scale, lambda z: exp(logistic_logpdf(z)))


def logistic_cdf(x, loc=0.0, scale=1.0):
    """P(X <= x) = expit(z)."""
    return sigmoid(standardized(x, loc, scale)[0])


def logistic_logcdf(x, loc=0.0, scale=1.0):
    """log P(X <= x) = log_expit(z)."""
    return log_expit(standardized(x, loc, scale)[0])


def logistic_sf(x, loc=0.0, scale=1.0):
    """P(X > x) = expit(-z)."""
    return sigmoid(-standardized(x, loc, scale)[0])


def logistic_logsf(x, loc=0.0, scale=1.0):
    """log P(X > x) = log_expit(-z)."""
    return log_expit(-standardized(x, loc, scale)[0])


def logistic_ppf(q, loc=0.0, scale=1.0):
    """The quantile loc + scale logit(q)."""
    return loc + lifted(scale, q) * logit(q)


def logistic_isf(q, loc=0.0, scale=1.0):
    """The upper quantile loc - scale logit(q)."""
    return loc - lifted(scale, q) * logit(q)


# Below this |c z|, log1p(c z)/c is taken on floats as its series z (1 - u/2 + u^2/3 - u^3/4), u = c z: the first
# term left out, u^4/5, is far below an ulp, while c z itself may be a subnormal with few digits (c = 1e-300).
_GENPARETO_SERIES = 1e-5


def _genpareto_parts(x, c, loc, scale):
    """(log1p(c z)/c, log(scale), c lifted, z moved onto the support, below, above, where the series is taken, c
    with 1 there) of the generalized Pareto of shape ``c``: support [0, inf), and for c < 0 [0, -1/c].

    At c = 0 (the exponential's z) and, on floats, wherever |c z| is tiny, the exponent is its series in u = c z,
    so its slope in c is the limit's (-z^2/2) and a tiny c z's lost digits never reach it; exact numbers keep
    log1p(c z)/c itself off c = 0, which they hold to any precision."""
    z, log_scale = standardized(x, loc, scale)
    c = lifted(c, z)
    negative = raw(less(c, 0))
    end = select(negative, -1 / select(negative, c, -1.0), np.inf)
    below, above = raw(less(z, 0.0)), raw(greater(z, end))
    z = select(below | above, 0.0, z)
    exponent, near, other = _log1p_ratio(c, z)
    return exponent, log_scale, c, z, below, above, near, other


def _log1p_ratio(c, z):
    """(log1p(c z)/c, where its series is taken, c with 1 there): at c = 0 and, on floats, wherever |c z| is below
    `_GENPARETO_SERIES`, the series z (1 - u/2 + u^2/3 - u^3/4) in u = c z, so its slope in c is the limit's."""
    u = c * z
    near = raw(equal(c, 0))
    if is_float_dtype(result_dtype(raw(u))):
        near = near | raw(less(absolute(u), _GENPARETO_SERIES))
    other = select(near, 1.0, c)
    series = z * (1 - u * (0.5 - u * (1 / 3 - u / 4)))
    return select(near, series, log1p(other * z) / other), near, other


def genpareto_logpdf(x, c, loc=0.0, scale=1.0):
    """The log-density of the generalized Pareto of shape ``c`` at ``x``: -(c + 1) log1p(c z)/c (-z at c = 0)."""
    _, log_scale, c, z, below, above, near, other = _genpareto_parts(x, c, loc, scale)
    # Where the exponent is its series, (c + 1) times it in powers of u = c z, whose terms' coefficients
    # (-1)^k (z/(k+1) - 1/k) never vanish two at once: the slope in c at z = 2, -4c/3, does not cancel to 0.
    u = c * z
    series = -(z + u * ((1 - z / 2) + u * ((z / 3 - 0.5) + u * ((1 / 3 - z / 4) + u * (z / 5 - 0.25)))))
    # elsewhere SciPy's order of operations, -((c + 1) log1p(c z)) / c
    log_density = select(near, series, -xlog1py(c + 1, other * z) / other)
    return _outside_answers(log_density - log_scale, below, above, -np.inf, -np.inf)


def genpareto_pdf(x, c, loc=0.0, scale=1.0):
    """The density of the generalized Pareto of shape ``c`` at ``x``."""
    return _density(x, loc, scale, lambda z: exp(genpareto_logpdf(z, c)))


def genpareto_cdf(x, c, loc=0.0, scale=1.0):
    """P(X <= x) = -expm1(-log1p(c z)/c)."""
    exponent, _, _, _, below, above, _, _ = _genpareto_parts(x, c, loc, scale)
    return _outside_answers(-expm1(-exponent), below, above, 0.0, 1.0)


def genpareto_logcdf(x, c, loc=0.0, scale=1.0):
    """log P(X <= x) = log(1 - e^(-log1p(c z)/c)) (`_log1mexp`): -inf at and below 0 (no log of 0 taken)."""
    exponent, _, _, z, below, above, _, _ = _genpareto_parts(x, c, loc, scale)
    at_zero = raw(equal(z, 0.0)) & ~(below | above)
    moved = select(at_zero | below | above, 1.0, exponent)
    return _outside_answers(select(at_zero, -np.inf, _log1mexp(-moved)), below, above, -np.inf, 0.0)


def genpareto_sf(x, c, loc=0.0, scale=1.0):
    """P(X > x) = exp(-log1p(c z)/c)."""
    exponent, _, _, _, below, above, _, _ = _genpareto_parts(x, c, loc, scale)
    return _outside_answers(exp(-exponent), below, above, 1.0, 0.0)


def genpareto_logsf(x, c, loc=0.0, scale=1.0):
    """log P(X > x) = -log1p(c z)/c (-z at c = 0), exact however far right."""
    exponent, _, _, _, below, above, _, _ = _genpareto_parts(x, c, loc, scale)
    return _outside_answers(-exponent, below, above, 0.0, -np.inf)


# -- ``scipy.stats.genextreme``: the generalized extreme value distribution of SciPy's shape c (hydrology's xi is -c),
# its CDF exp(-e^-y), y = -log1p(-c z)/c (z at c = 0, the Gumbel); its support ends at 1/c on the side c points to. ---

def _genextreme_parts(x, c, loc, scale):
    """(y, log(scale), c lifted, the entries left of the support, right of it) of the GEV of shape ``c``: y is
    `_log1p_ratio` of -c, so its slope in c through c = 0 is the limit's."""
    z, log_scale = standardized(x, loc, scale)
    c = lifted(c, z)
    beyond = raw(less_equal(1 - c * z, 0.0))
    y = _log1p_ratio(-c, select(beyond, 0.0, z))[0]
    return y, log_scale, c, beyond & raw(less(c, 0)), beyond & raw(greater(c, 0))


def genextreme_logpdf(x, c, loc=0.0, scale=1.0):
    """The log-density of the GEV of shape ``c`` at ``x``: -e^-y - (1 - c) y, -inf off the support."""
    y, log_scale, c, below, above = _genextreme_parts(x, c, loc, scale)
    return _outside_answers(-exp(-y) - (1 - c) * y - log_scale, below, above, -np.inf, -np.inf)


def genextreme_pdf(x, c, loc=0.0, scale=1.0):
    """The density of the GEV of shape ``c`` at ``x``."""
    return _density(x, loc, scale, lambda z: exp(genextreme_logpdf(z, c)))


def _genextreme_tail(x, c, loc, scale, form, at_below, at_above):
    """``form(e^-y)`` of the GEV of shape ``c`` at ``x``, SciPy's fixed answers off the support."""
    y, _, _, below, above = _genextreme_parts(x, c, loc, scale)
    return _outside_answers(form(exp(-y)), below, above, at_below, at_above)


def genextreme_logcdf(x, c, loc=0.0, scale=1.0):
    """log P(X <= x) = -e^-y."""
    return _genextreme_tail(x, c, loc, scale, lambda t: -t, -np.inf, 0.0)


def genextreme_cdf(x, c, loc=0.0, scale=1.0):
    """P(X <= x) = exp(-e^-y)."""
    return _genextreme_tail(x, c, loc, scale, lambda t: exp(-t), 0.0, 1.0)


def genextreme_sf(x, c, loc=0.0, scale=1.0):
    """P(X > x) = -expm1(-e^-y), its digits kept far right."""
    return _genextreme_tail(x, c, loc, scale, lambda t: -expm1(-t), 1.0, 0.0)


def genextreme_logsf(x, c, loc=0.0, scale=1.0):
    """log P(X > x) = log(1 - exp(-e^-y)) (`_log1mexp`)."""
    return _genextreme_tail(x, c, loc, scale, lambda t: _log1mexp(-t), 0.0, -np.inf)


def _power_tail(low, log_base, density, tail, median):
    """The six methods of a distribution whose survival function is base(z)^-shape for z >= ``low`` (the Pareto's
    z, the Lomax's 1 + z): ``log_base(z)`` is log(base) in SciPy's form, ``density(z, shape)`` and ``tail(z, shape,
    log_base)`` the density and survival function as SciPy computes them, ``median(shape)`` where SciPy's log-CDF
    turns to log1p(-sf), on floats."""

    def parts(x, shape, loc, scale, open_low=False):
        z, log_scale = standardized(x, loc, scale)
        z, below, _ = on_support(z, low, open_low=open_low)
        return z, log_base(z), log_scale, lifted(shape, z), below

    def logpdf(x, shape, loc=0.0, scale=1.0):
        """The log-density at ``x``: log(shape) - (shape + 1) log(base)."""
        _, log_b, log_scale, shape, below = parts(x, shape, loc, scale)
        return select(below, -np.inf, log(shape) - (shape + 1) * log_b - log_scale)

    def pdf(x, shape, loc=0.0, scale=1.0):
        """The density at ``x``: shape base^(-shape-1)."""

        def standard(z):
            z, _, _, b, below = parts(z, shape, 0.0, 1.0)
            return select(below, 0.0, density(z, b))

        return _density(x, loc, scale, standard)

    def cdf(x, shape, loc=0.0, scale=1.0):
        """P(X <= x) = -expm1(-shape log(base))."""
        _, log_b, _, shape, below = parts(x, shape, loc, scale)
        return select(below, 0.0, -expm1(-shape * log_b))

    def sf(x, shape, loc=0.0, scale=1.0):
        """P(X > x) = base^-shape."""
        z, log_b, _, shape, below = parts(x, shape, loc, scale)
        return select(below, 1.0, tail(z, shape, log_b))

    def logcdf(x, shape, loc=0.0, scale=1.0):
        """log P(X <= x), by its tail from the median on, as SciPy takes it: -inf at and below the support's end
        (no log of 0 taken)."""
        z, below, _ = on_support(standardized(x, loc, scale)[0], low, open_low=True)
        at_median = median(np.asarray(raw(shape), dtype=object).astype(float))
        by_tail = log_by_tail(z, at_median, lambda at: cdf(at, shape), lambda at: sf(at, shape))
        return select(below, -np.inf, by_tail)

    def logsf(x, shape, loc=0.0, scale=1.0):
        """log P(X > x) = -shape log(base), exact however far right."""
        _, log_b, _, shape, below = parts(x, shape, loc, scale)
        return select(below, 0.0, -shape * log_b)

    return logpdf, pdf, cdf, logcdf, sf, logsf


# ``scipy.stats.pareto`` of shape b: survival z^-b from z = 1 on, SciPy's power for it.
pareto_logpdf, pareto_pdf, pareto_cdf, pareto_logcdf, pareto_sf, pareto_logsf = _power_tail(
    1.0, log, lambda z, b: b * power(z, -b - 1), lambda z, b, log_z: power(z, -b), lambda b: 2.0 ** (1 / b))
# ``scipy.stats.lomax`` (the Pareto of the second kind) of shape c: survival (1 + z)^-c from z = 0 on, as
# exp(-c log1p(z)), SciPy's.
lomax_logpdf, lomax_pdf, lomax_cdf, lomax_logcdf, lomax_sf, lomax_logsf = _power_tail(
    0.0, log1p, lambda z, c: c / power(1 + z, c + 1), lambda z, c, log_1pz: exp(-c * log_1pz), lambda c: 2.0 ** (1 / c) - 1)


# -- ``scipy.stats``' robust statistics, built of sorts and slices as SciPy builds them: trimmed means, the
# interquartile range, the median absolute deviation. The entries each reads are decided by ranks (`partition`,
# `median`, `percentile`), so a tie between a kept and a dropped entry is a switch the exact reference names.

def trimboth(a, proportiontocut, axis=0):
    """``scipy.stats.trimboth``: ``a`` without its ``int(proportiontocut * n)`` smallest and largest entries along
    ``axis`` (of the flattened array when None), in `partition`'s order, as SciPy's."""
    a, axis, lowercut, uppercut = _cuts(a, proportiontocut, axis)
    if lowercut >= uppercut:
        raise ValueError("Proportion too big.")
    return _middle(a, axis, lowercut, uppercut)


def trim_mean(a, proportiontocut, axis=0):
    """``scipy.stats.trim_mean``: the mean of ``a`` along ``axis`` with a proportion cut off each end."""
    a, axis, lowercut, uppercut = _cuts(a, proportiontocut, axis)
    if lowercut > uppercut:
        raise ValueError("Proportion too big.")
    return mean(_middle(a, axis, lowercut, uppercut), axis=axis)


def _cuts(a, proportiontocut, axis):
    a = asarray(a)
    if axis is None:
        a, axis = ravel(a), 0
    nobs = shape_of(a)[axis]
    lowercut = int(proportiontocut * nobs)
    return a, axis, lowercut, nobs - lowercut


def _middle(a, axis, lowercut, uppercut):
    """The entries of ranks ``lowercut`` to ``uppercut - 1`` along ``axis``, as SciPy slices NumPy's partition."""
    kept = partition(a, (lowercut, uppercut - 1), axis) if uppercut > lowercut else a
    return take(kept, np.arange(lowercut, uppercut), axis=axis)


# SciPy's scale="normal": the interquartile range and the median absolute deviation of the standard normal.
_NORMAL_IQR = 1.3489795003921636  # 2 sqrt(2) erfinv(1/2), as SciPy rounds it
_NORMAL_MAD = 0.6744897501960817  # ndtri(3/4)


def iqr(x, axis=None, rng=(25, 75), scale=1.0, nan_policy="propagate", interpolation="linear", keepdims=False):
    """``scipy.stats.iqr``: the distance between the ``rng`` percentiles of ``x``, divided by ``scale``."""
    _propagating(nan_policy, "iqr")
    lower, upper = (percentile(x, q, axis=axis, method=interpolation, keepdims=keepdims) for q in rng)
    return (upper - lower) / _scale(scale, _NORMAL_IQR)


def median_abs_deviation(x, axis=0, center=None, scale=1.0, nan_policy="propagate"):
    """``scipy.stats.median_abs_deviation``: the median of ``|x - center(x)|`` along ``axis`` (``center``: the median
    by default), divided by ``scale``."""
    _propagating(nan_policy, "median_abs_deviation")
    x = asarray(x)
    if axis is None:
        x, axis = ravel(x), 0
    middle = (center or median)(x, axis=axis, keepdims=True)
    return median(absolute(x - middle), axis=axis) / _scale(scale, _NORMAL_MAD)


def _scale(scale, normal):
    if isinstance(scale, str):
        if scale.lower() != "normal":
            raise ValueError(f"{scale} not a valid scale")
        return normal
    return scale


def _propagating(nan_policy, name):
    if nan_policy != "propagate":
        raise NotImplementedError(f"gradcli.scipy.stats.{name} takes nan_policy='propagate' alone")


class LinregressResult(tuple):
    """``scipy.stats.linregress``'s answer as SciPy gives it: the tuple (slope, intercept, rvalue, pvalue, stderr), each
    also by name, and the intercept's standard error by name alone."""

    slope = property(lambda self: self[0])
    intercept = property(lambda self: self[1])
    rvalue = property(lambda self: self[2])
    pvalue = property(lambda self: self[3])
    stderr = property(lambda self: self[4])

    def __new__(cls, slope, intercept, rvalue, pvalue, stderr, intercept_stderr):
        answer = super().__new__(cls, (slope, intercept, rvalue, pvalue, stderr))
        answer.intercept_stderr = intercept_stderr
        return answer


_TINY = 1.0e-20  # SciPy's guard of t at r = +-1


def linregress(x, y=None, alternative="two-sided"):
    """``scipy.stats.linregress``: the least-squares line of ``y`` on ``x``, its correlation, the p-value of its slope
    (Student's t with n - 2 degrees of freedom) and the standard errors, by SciPy's formulas."""
    if y is None:  # x holds both series: two rows, or two columns
        x = asarray(x)
        axis = 0 if shape_of(x)[0] == 2 else 1
        x, y = take(x, 0, axis=axis), take(x, 1, axis=axis)
    x, y = asarray(x), asarray(y)
    n = shape_of(x)[0]
    xmean, ymean = mean(x), mean(y)
    dx, dy = x - xmean, y - ymean
    ssxm, ssym, ssxym = mean(dx * dx), mean(dy * dy), mean(dx * dy)
    if not np.any(raw(ssxm) != 0):
        raise ValueError("Cannot calculate a linear regression if all x values are identical")
    # SciPy's r is 0 where y is flat, and clipped to [-1, 1] against rounding
    r = maximum(minimum(ssxym / sqrt(ssxm * ssym), 1.0), -1.0) if np.any(raw(ssym) != 0) else 0.0 * ssxym
    slope = ssxym / ssxm
    intercept = ymean - slope * xmean
    if n == 2:  # a line through two points: exact, its slope's p-value SciPy's 1 for a flat one, else 0
        flat = not np.any(raw(y)[0] != raw(y)[1])
        return LinregressResult(slope, intercept, r, 1.0 if flat else 0.0, 0.0 * slope, 0.0 * slope)
    df = n - 2
    t = r * sqrt(df / ((1.0 - r + _TINY) * (1.0 + r + _TINY)))
    tails = {"two-sided": lambda: 2 * stdtr(df, -absolute(t)), "less": lambda: stdtr(df, t),
             "greater": lambda: stdtr(df, -t)}
    if alternative not in tails:
        raise ValueError("alternative must be 'less', 'greater' or 'two-sided'")
    slope_stderr = sqrt((1 - r * r) * ssym / ssxm / df)
    return LinregressResult(slope, intercept, r, tails[alternative](), slope_stderr,
                            slope_stderr * sqrt(ssxm + xmean * xmean))


# -- A Gamma sample as a function of its shape. -----


def _gamma_drawn_value(alpha, z):
    """The value of `gamma_drawn`: the draw ``z`` itself, on floats, mpmath numbers and balls; on a jet of ``alpha``
    (forward mode on balls), ``z`` with ``alpha``'s tangent times the draw's slope."""
    if type(alpha).__name__ != "Jet":
        return z
    x = getattr(z, "v", z)
    if alpha.d is None:
        return type(alpha)(x)
    density = ((alpha.v - 1) * x.log() - x - alpha.v.lgamma()).exp()
    return type(alpha)(x, alpha.d * (-_gammainc_da_ball(alpha.v, x) / density))


def gamma_drawn_slope(alpha, z):
    """dz/dalpha of a Gamma(alpha, 1) sample held at its quantile: -(dP(alpha, z)/dalpha) / p(z; alpha), what
    TensorFlow's ``RandomGammaGrad`` computes (and PyTorch's ``_standard_gamma_grad`` approximates)."""
    return -gammainc_da(alpha, z) / _gamma_density(alpha, z)


# A Gamma(alpha, 1) sample ``z`` drawn at ``alpha`` as the function of ``alpha`` its quantile defines: the z with
# P(alpha', z) = P(alpha, z) (P the regularised lower incomplete gamma function), whose value is ``z`` and whose
# derivative is the implicit one. The draw is a constant: no gradient reaches it.
gamma_drawn = primitive(_gamma_drawn_value, "gamma_drawn", kind="elementwise", mp=_gamma_drawn_value)
defvjp(gamma_drawn, lambda g, ans, alpha, z: unbroadcast(g * gamma_drawn_slope(alpha, z), alpha), None)
defjvp(gamma_drawn, lambda t, ans, alpha, z: t * gamma_drawn_slope(alpha, z), None)


# -- A truncated normal sample as a function of its parameters. -----


def truncated_normal_slopes(mean, stddev, low, high, x):
    """(dx/dmean, dx/dstddev, dx/dlow, dx/dhigh) of a sample ``x`` of a normal(mean, stddev) truncated to [low, high]
    held at its quantile u = (Phi(s) - Phi(a)) / (Phi(b) - Phi(a)), s, a, b the standardised sample and bounds:
    x = mean + stddev Phi^-1(Phi(a) + u (Phi(b) - Phi(a))), so a bound's slope is phi(bound) / phi(s) times its share
    of u, and the mean's and the scale's take the bounds' moves with them. An infinite bound moves nothing."""
    finite_low, finite_high = np.isfinite(_floats_of(low)), np.isfinite(_floats_of(high))
    # an infinite bound stands in as the sample itself, never computed with (a ball of inf makes NaNs), its terms 0
    s, a, b = ((v - mean) / stddev for v in (x, where(finite_low, low, x), where(finite_high, high, x)))
    lower, upper = where(finite_low, ndtr(a), 0 * s), where(finite_high, ndtr(b), 0 * s + 1)
    u = (ndtr(s) - lower) / (upper - lower)
    # phi(t) / phi(s) = exp((s^2 - t^2) / 2)
    d_low = where(finite_low, exp((s * s - a * a) / 2) * (1 - u), 0 * s)
    d_high = where(finite_high, exp((s * s - b * b) / 2) * u, 0 * s)
    d_mean = 1 - d_low - d_high
    d_stddev = s - a * d_low - b * d_high
    return d_mean, d_stddev, d_low, d_high


def _floats_of(value):
    """The floats an exact number (or an array of them) is near, to tell infinite bounds (numbers or balls) apart."""
    array = np.asarray(raw(value))
    if array.dtype != object:
        return array.astype(np.float64)
    return np.vectorize(lambda v: float(getattr(v, "v", v).mid()) if hasattr(getattr(v, "v", v), "mid") else float(v),
                        otypes=[np.float64])(array)


def _truncated_normal_value(mean, stddev, low, high, x):
    """The value of `truncated_normal_drawn`: the draw ``x``; on jets of the parameters (forward mode on balls), ``x``
    with their tangents times the draw's slopes."""
    jets = [v for v in (mean, stddev, low, high) if type(v).__name__ == "Jet"]
    if not jets:
        return x
    jet = type(jets[0])
    held = [getattr(v, "v", v) for v in (mean, stddev, low, high)]
    slopes = truncated_normal_slopes(*held, getattr(x, "v", x))
    tangent = None
    for v, slope in zip((mean, stddev, low, high), slopes):
        if type(v) is jet and v.d is not None:
            tangent = v.d * slope if tangent is None else tangent + v.d * slope
    return jet(getattr(x, "v", x), tangent)


# A truncated normal sample ``x`` drawn at (mean, stddev, low, high) as the function of them its quantile defines
# (implicit reparameterisation): its value ``x``, its slopes `truncated_normal_slopes`. The draw is a constant.
truncated_normal_drawn = primitive(_truncated_normal_value, "truncated_normal_drawn", kind="elementwise",
                                   mp=_truncated_normal_value)
defvjp(truncated_normal_drawn,
       *[(lambda k: lambda g, ans, *args: unbroadcast(g * truncated_normal_slopes(*args)[k], args[k]))(k) for k in range(4)],
       None)


# -- A Dirichlet (and Beta) sample as a function of its concentrations. -----


def _beta_slope_ball(a, x, total):
    """`beta_drawn_slope` on balls: -(dI_x(a, b)/da) / p(x; a, b) / (1 - x) with b = total - a held, from
    dB_x(a, b)/da = log(x) B_x(a, b) - x^a / a^2 3F2(a, a, 1 - b; a + 1, a + 1; x) (B_x the incomplete beta function)."""
    b = total - a
    incomplete = x.beta_lower(a, b)
    slope = x.log() * incomplete - x ** a / (a * a) * x.hypgeom([a, a, 1 - b], [a + 1, a + 1])
    return -(slope - incomplete * (a.digamma() - total.digamma())) / (x ** (a - 1) * (1 - x) ** b)


def _beta_slope_mp(a, x, total):
    """`beta_drawn_slope` on mpmath numbers, by the formula of `_beta_slope_ball`."""
    mpmath = loaded_mpmath()
    if not (a > 0 and total > a and 0 < x < 1):
        return mpmath.nan
    b = total - a
    incomplete = mpmath.betainc(a, b, 0, x)
    slope = mpmath.log(x) * incomplete - x ** a / (a * a) * mpmath.hyp3f2(a, a, 1 - b, a + 1, a + 1, x)
    return -(slope - incomplete * (mpmath.digamma(a) - mpmath.digamma(total))) / (x ** (a - 1) * (1 - x) ** b)


def _beta_slope_exact(a, x, total):
    ball = next((v for v in (a, x, total) if type(v).__module__.startswith("flint")), None)
    if ball is None:
        return _beta_slope_mp(a, x, total)
    return _beta_slope_ball(*[v if type(v) is type(ball) else type(ball)(v) for v in (a, x, total)])


def _beta_slope_float(a, x, total):
    """`beta_drawn_slope` in the inputs' float dtype: each entry from mpmath at 94 bits, rounded once."""
    mpmath = loaded_mpmath()
    dtype = float_dtype(x)

    def entry(a, x, total):
        with mpmath.workprec(94):
            return float(_beta_slope_mp(*(mpmath.mpf(float(v)) for v in (a, x, total))))

    a, x, total = np.broadcast_arrays(np.asarray(a), np.asarray(x), np.asarray(total))
    return np.asarray(np.frompyfunc(entry, 3, 1)(a, x, total)).astype(dtype)[()]


# dx/da of a Beta(a, total - a) sample x held at its quantile, the other concentration b held, divided by 1 - x:
# the factor of each concentration in the slope of a Dirichlet sample (`dirichlet_drawn`), as PyTorch's
# ``_dirichlet_grad`` approximates it.
beta_drawn_slope = primitive(_beta_slope_float, "beta_drawn_slope", kind="elementwise", mp=_beta_slope_exact)


def _drawn_shift_value(alpha, x, total):
    """The value of `_drawn_shift`: 0, on floats, mpmath numbers and balls; on a jet of ``alpha`` (forward mode on
    balls), 0 with ``alpha``'s tangent times the draw's slope."""
    if type(alpha).__name__ != "Jet":
        return 0 * x
    held = [getattr(v, "v", v) for v in (x, total)]
    if alpha.d is None:
        return type(alpha)(0 * held[0])
    return type(alpha)(0 * held[0], alpha.d * _beta_slope_ball(alpha.v, *held))


# 0, whose slope in alpha is `beta_drawn_slope`: the part of a Dirichlet sample's move that each concentration makes.
_drawn_shift = primitive(_drawn_shift_value, "dirichlet_drawn", kind="elementwise", mp=_drawn_shift_value)
defvjp(_drawn_shift, lambda g, ans, alpha, x, total: unbroadcast(g * beta_drawn_slope(alpha, x, total), alpha), None, None)
defjvp(_drawn_shift, lambda t, ans, alpha, x, total: t * beta_drawn_slope(alpha, x, total), None, None)


def dirichlet_drawn(alpha, x):
    """A Dirichlet(alpha) sample ``x`` drawn at ``alpha`` (along the last axis) as the function of ``alpha`` PyTorch's
    implicit reparameterisation defines: its value ``x``, its slope dx/dalpha_j = s_j (e_j - x), where s_j is the
    slope of x_j's marginal Beta(alpha_j, total - alpha_j) at its quantile over 1 - x_j (`beta_drawn_slope`). A
    Beta(a, b) sample is the first entry of a Dirichlet([a, b]) one: its slope in a (or b) holds I_x(a, b) fixed."""
    total = np.sum(np.asarray(raw(alpha)), axis=-1, keepdims=True)
    shift = _drawn_shift(alpha, x, np.broadcast_to(total, np.shape(raw(alpha))))
    return x + shift - x * sum_(shift, axis=-1, keepdims=True)


# -- ``scipy.special``'s distribution functions: SciPy's own names for incomplete gamma and beta functions at a
# distribution's arguments (``pdtr(k, m)`` is a Poisson CDF). Each is differentiable in its continuous argument
# (the mean, the point, the probability); counts and degrees of freedom are read as SciPy reads them.

def _count(k):
    """floor(k), held at 0 from below: the whole count a discrete distribution function reads."""
    return maximum(floor(k), 0)


def _below(x, bound):
    """Where ``x`` (a count or a parameter, known at the point) is below ``bound``: a plain mask."""
    return np.asarray(np.asarray(raw(x)) < bound, dtype=bool)


def pdtr(k, m):
    """``scipy.special.pdtr``: P(N <= k) for N ~ Poisson(m); NaN for a negative count or mean, as SciPy's."""
    outside = _below(k, 0) | _below(m, 0)
    return select(outside, np.nan, poisson_cdf(k, m))


def pdtrc(k, m):
    """``scipy.special.pdtrc``: P(N > k) for N ~ Poisson(m), gammainc(floor(k) + 1, m); NaN for a negative count or
    mean, as SciPy's."""
    outside = _below(k, 0) | _below(m, 0)
    return select(outside, np.nan, gammainc(_count(k) + 1, m))


def chdtr(v, x):
    """``scipy.special.chdtr``: P(X <= x) for a chi-square with ``v`` degrees of freedom."""
    return chi2_cdf(x, v)


def chdtrc(v, x):
    """``scipy.special.chdtrc``: P(X > x) for a chi-square with ``v`` degrees of freedom, gammaincc(v/2, x/2)."""
    z, below, _ = on_support(x / 2, 0.0)
    return select(below, 1.0, gammaincc(v / 2, z))


def gdtr(a, b, x):
    """``scipy.special.gdtr``: P(X <= x) for a gamma of rate ``a`` and shape ``b``, gammainc(b, a x)."""
    z, below, _ = on_support(a * x, 0.0)
    return select(below, 0.0, gammainc(b, z))


def gdtrc(a, b, x):
    """``scipy.special.gdtrc``: P(X > x) for a gamma of rate ``a`` and shape ``b``, gammaincc(b, a x)."""
    z, below, _ = on_support(a * x, 0.0)
    return select(below, 1.0, gammaincc(b, z))


def _binomial_counts(k, n):
    """SciPy's whole ``k`` (floor) and ``n`` of a binomial, and the plain masks where k < 0 (before the floor, as
    SciPy tests it), n < k and k == n."""
    j, m = _count(k), trunc(n)  # SciPy casts a count to an integer: toward 0
    jr, mr = np.asarray(raw(j)), np.asarray(raw(m))
    return j, m, _below(k, 0), np.asarray(mr < jr, dtype=bool), np.asarray(jr == mr, dtype=bool)


def bdtr(k, n, p):
    """``scipy.special.bdtr``: P(K <= k) for K ~ Binomial(n, p), I_(1-p)(n - k, k + 1); as SciPy's, the counts cut to
    whole numbers, NaN where k < 0 or k > n, 1 where k = n."""
    j, m, negative, beyond, full = _binomial_counts(k, n)
    settled = negative | beyond | full
    value = betainc(select(settled, 1.0, m - j), select(settled, 1.0, j + 1), 1.0 - p)
    return select(negative | beyond, np.nan, select(full, 1.0, value))


def bdtrc(k, n, p):
    """``scipy.special.bdtrc``: P(K > k) for K ~ Binomial(n, p), I_p(k + 1, n - k); as SciPy's, 1 where k < 0, NaN
    where k > n, 0 where k = n."""
    j, m, negative, beyond, full = _binomial_counts(k, n)
    settled = negative | beyond | full
    value = betainc(select(settled, 1.0, j + 1), select(settled, 1.0, m - j), p)
    return select(negative, 1.0, select(beyond, np.nan, select(full, 0.0, value)))


def _negative_binomial_counts(k, n):
    """SciPy's whole ``k`` and ``n`` of a negative binomial, and the plain mask where it answers NaN (k < 0, n < 1)."""
    j, m = trunc(k), trunc(n)  # SciPy casts a count to an integer: toward 0 (-0.5 is 0)
    outside = _below(j, 0) | _below(m, 1)
    return select(outside, 0.0, j), select(outside, 1.0, m), outside


def nbdtr(k, n, p):
    """``scipy.special.nbdtr``: P(K <= k) for K failures before the n-th success of probability ``p``, I_p(n, k + 1);
    as SciPy's, the counts cut to whole numbers, NaN where k < 0 or n < 1."""
    j, m, outside = _negative_binomial_counts(k, n)
    return select(outside, np.nan, betainc(m, j + 1, p))


def nbdtrc(k, n, p):
    """``scipy.special.nbdtrc``: P(K > k) for the same count, I_(1-p)(k + 1, n); NaN where k < 0 or n < 1."""
    j, m, outside = _negative_binomial_counts(k, n)
    return select(outside, np.nan, betainc(j + 1, m, 1.0 - p))


def fdtr(dfn, dfd, x):
    """``scipy.special.fdtr``: P(X <= x) for Snedecor's F, I_(dfn x / (dfd + dfn x))(dfn/2, dfd/2)."""
    z, below, _ = on_support(x, 0.0)
    return select(below, 0.0, betainc(dfn / 2, dfd / 2, dfn * z / (dfd + dfn * z)))


def fdtrc(dfn, dfd, x):
    """``scipy.special.fdtrc``: P(X > x) for Snedecor's F, I_(dfd / (dfd + dfn x))(dfd/2, dfn/2)."""
    z, below, _ = on_support(x, 0.0)
    return select(below, 1.0, betainc(dfd / 2, dfn / 2, dfd / (dfd + dfn * z)))


# In a float dtype each answers SciPy's own number (`scipy_valued`); the composite carries the gradient and is the
# exact reference's mathematics.
SCIPY_VALUED = {name: scipy_valued(name, globals()[name]) for name in
                "pdtr pdtrc chdtr chdtrc gdtr gdtrc bdtr bdtrc nbdtr nbdtrc fdtr fdtrc".split()}


# -- SciPy's checks of a distribution's parameters ------------------------------------------------------------------

def _all_positive(*names):
    """Each of the shape parameters ``names`` above 0: SciPy's default check, with 1 put in their place where not."""
    return names, lambda *values: functools.reduce(np.logical_and, [raw(greater(v, 0.0)) for v in values]), (1.0,) * len(names)


def _all_finite(*names):
    """Each of the shape parameters ``names`` finite (genpareto's c, any real), with 0 put in their place where not."""
    return names, lambda *values: functools.reduce(np.logical_and, [raw(isfinite(v)) for v in values]), (0.0,) * len(names)


def _a_probability(p, low_open):
    above = raw(greater(p, 0.0)) if low_open else raw(greater_equal(p, 0.0))
    return above & raw(less_equal(p, 1.0))


# Per distribution, SciPy's own check of its shape parameters (its ``_argcheck``): the parameters' names, the test
# that holds where they are valid, and valid numbers put in their place where it fails (the method's arithmetic never
# meets a count below 0 or a log of one). A scale's check, above 0, is every location-scale family's.
_PARAMETERS_VALID = {
    **{dist: _all_positive(name) for dist, name in (
        ("t", "df"), ("gamma", "a"), ("chi2", "df"), ("lognorm", "s"), ("weibull_min", "c"),
        ("weibull_max", "c"), ("pareto", "shape"), ("lomax", "shape"), ("invgauss", "mu"))},
    "beta": _all_positive("a", "b"),
    **{dist: _all_finite(name) for dist, name in (("genpareto", "c"), ("genextreme", "c"), ("skewnorm", "a"))},
    **{dist: ((name,), lambda v: raw(greater_equal(v, 0.0)), (1.0,)) for dist, name in (("rice", "b"), ("vonmises", "kappa"))},
    "truncnorm": (("a", "b"), lambda a, b: raw(less(a, b)), (-1.0, 1.0)),
    "poisson": (("mu",), lambda mu: raw(greater_equal(mu, 0.0)), (1.0,)),
    "binom": (("n", "p"), lambda n, p: raw(greater_equal(n, 0.0)) & raw(equal(floor(n), n))
              & _a_probability(p, low_open=False), (1.0, 0.5)),
    "nbinom": (("n", "p"), lambda n, p: raw(greater(n, 0.0)) & _a_probability(p, low_open=True), (1.0, 0.5)),
}


def parameters_checked(dist, method):
    """``method`` of the distribution ``dist`` answering NaN wherever its parameters are invalid, as every method of
    SciPy's does (a scale not above 0; a shape its own check refuses: gamma's a <= 0, truncnorm's a >= b), run there on
    valid stand-ins so that no division by a 0 scale or log of a negative one reaches its arithmetic; ``method``
    itself where it has no parameter to check."""
    signature = inspect.signature(method)
    names, valid, stand_ins = _PARAMETERS_VALID.get(dist, ((), None, ()))
    scaled = "scale" in signature.parameters
    if not names and not scaled:
        return method
    names, stand_ins = (*names, "scale") if scaled else names, (*stand_ins, 1.0) if scaled else stand_ins
    required = [p for p, one in signature.parameters.items() if one.default is inspect.Parameter.empty]
    optional = [p for p in signature.parameters if p not in required]

    @functools.wraps(method)
    def checked(*args, **kwargs):
        bound = signature.bind(*args, **kwargs)
        bound.apply_defaults()
        values = [bound.arguments[name] for name in names]
        ok = raw(greater(values[-1], 0.0)) if scaled else True
        if valid is not None:
            ok = np.logical_and(ok, valid(*values[:len(names) - scaled]))
        bad = ~np.asarray(ok, dtype=bool)
        invalid = bool(bad.any())
        if invalid:
            for name, value, stand_in in zip(names, values, stand_ins):
                bound.arguments[name] = select(bad, stand_in, value)
        # the parameters without a default by position, the others by name (a mirrored method takes shapes as *args)
        answer = method(*[bound.arguments[p] for p in required], **{p: bound.arguments[p] for p in optional})
        return select(bad, np.nan, answer) if invalid else answer

    return checked
