"""A user's code on gradcli.numpy and gradcli.scipy, round 64c: robust and order statistics as data-analysis code
writes them (medians, percentiles and quantiles by each of NumPy's methods, trimmed means by sort and slice,
winsorising by clip at percentiles, the median absolute deviation, Huber, pseudo-Huber, Tukey's biweight and the
pinball loss with np.where / np.maximum, weighted order statistics by sort and by argsort-gather, ranks by argsort of
argsort, an empirical CDF by searchsorted, a kernel density estimate with Silverman's bandwidth, Laplace and Cauchy
log-likelihoods, a softmin and soft ranks with a temperature, drawdowns by np.maximum.accumulate, np.ptp, np.nanmedian),
checked at ordinary points, at ties (exact and 1 ulp apart), constant data, 1e-300 / 1e300, float64 and float32."""

import gradcli.numpy as np
import gradcli.scipy.stats as stats

DATA = np.array([1.0, 2.0, 4.0, 7.0, 11.0])  # a fixed sample for the likelihoods (odd count: median 4)
DATA4 = np.array([1.0, 2.0, 4.0, 7.0])  # an even count: any mu in (2, 4) is a median
W5 = np.array([1.0, 2.0, 3.0, 4.0, 5.0])
W3 = np.array([1.0, 2.0, 3.0])
Y5 = np.array([0.5, 1.5, 1.0, 3.0, 2.0])
MASK4 = np.array([False, True, False, False])


# --- medians, percentiles, quantiles ----------------------------------------------------------------------------------

def median(x):
    """The sample median."""
    return np.median(x)


def pct_linear(x):
    """The 30th percentile, NumPy's default (linear) method."""
    return np.percentile(x, 30.0)


def pct_lower(x):
    return np.percentile(x, 30.0, method="lower")


def pct_higher(x):
    return np.percentile(x, 30.0, method="higher")


def pct_nearest(x):
    return np.percentile(x, 30.0, method="nearest")


def pct_midpoint(x):
    return np.percentile(x, 30.0, method="midpoint")


def pct_nearest_half(x):
    """The percentile whose virtual index is exactly 1.5 for five entries (NumPy rounds half to even: index 2)."""
    return np.percentile(x, 37.5, method="nearest")


def pct50_midpoint(x):
    """At an integer virtual index the midpoint method is the order statistic itself."""
    return np.percentile(x, 50.0, method="midpoint")


def quantile_sum(x):
    """Quantiles 0 (the minimum), 0.25 and 1 (the maximum) in one call, summed with weights."""
    q = np.quantile(x, [0.0, 0.25, 1.0])
    return q[0] + 2.0 * q[1] + 3.0 * q[2]


def iqr(x):
    """The interquartile range by two percentiles."""
    return np.percentile(x, 75.0) - np.percentile(x, 25.0)


def iqr_lib(x):
    return stats.iqr(x)


# --- trimmed means, winsorising, MAD ---------------------------------------------------------------------------------

def trimmed_mean(x):
    """Drop the smallest and the largest, average the rest."""
    return np.mean(np.sort(x)[1:-1])


def trim_mean_lib(x):
    return stats.trim_mean(x, 0.2)


def winsorized_sum(x):
    """Clip at the 10th and 90th percentiles (the bounds move with the data), then sum."""
    lo = np.percentile(x, 10.0)
    hi = np.percentile(x, 90.0)
    return np.sum(np.clip(x, lo, hi))


def mad(x):
    """The median absolute deviation from the median."""
    return np.median(np.abs(x - np.median(x)))


def mad_lib(x):
    return stats.median_abs_deviation(x)


# --- robust losses ---------------------------------------------------------------------------------------------------

def huber(r):
    """The Huber loss, delta = 1, by np.where."""
    a = np.abs(r)
    return np.sum(np.where(a <= 1.0, 0.5 * r ** 2, a - 0.5))


def pseudo_huber(r):
    """delta^2 (sqrt(1 + (r / delta)^2) - 1), delta = 2."""
    return np.sum(4.0 * (np.sqrt(1 + (r / 2.0) ** 2) - 1))


def tukey(r):
    """Tukey's biweight rho with c = 4.685, by np.where."""
    c = 4.685
    u = 1 - (r / c) ** 2
    return np.sum(np.where(np.abs(r) <= c, c ** 2 / 6 * (1 - u ** 3), c ** 2 / 6))


def pinball(r):
    """The quantile (pinball) loss at tau = 0.3, by np.maximum."""
    tau = 0.3
    return np.sum(np.maximum(tau * r, (tau - 1) * r))


def pinball_where(r):
    """The same by np.where."""
    tau = 0.3
    return np.sum(np.where(r >= 0, tau * r, (tau - 1) * r))


# --- sorting, ranks, ECDF --------------------------------------------------------------------------------------------

def l_estimator(x):
    """A weighted sum of the order statistics (weights 1, 2, 3)."""
    return np.sum(np.sort(x) * W3)


def gather_sorted(x):
    """The same by argsort, then indexing."""
    return np.sum(x[np.argsort(x)] * W3)


def rank_weighted(x):
    """Each entry times its rank (argsort of argsort)."""
    ranks = np.argsort(np.argsort(x))
    return np.sum(ranks * x)


def spearman(x):
    """Spearman's rho between x and a fixed Y5, by ranks (piecewise constant in x)."""
    rx = np.argsort(np.argsort(x)).astype(float)
    ry = np.argsort(np.argsort(Y5)).astype(float)
    rx = rx - np.mean(rx)
    ry = ry - np.mean(ry)
    return np.sum(rx * ry) / np.sqrt(np.sum(rx ** 2) * np.sum(ry ** 2))


def ecdf_scaled(t):
    """t times the empirical CDF of DATA at t (searchsorted, side right)."""
    return t * np.searchsorted(DATA, t, side="right") / 5.0


# --- kernel density, likelihoods -------------------------------------------------------------------------------------

def kde_log(x):
    """The log of a Gaussian kernel density estimate at 3.0, bandwidth by Silverman's rule 1.06 std n^-1/5."""
    n = x.shape[0]
    h = 1.06 * np.std(x) * n ** -0.2
    z = (3.0 - x) / h
    return np.log(np.mean(np.exp(-0.5 * z ** 2)) / (h * np.sqrt(2 * np.pi)))


def laplace_ll(mu, b):
    """The Laplace log-likelihood of DATA, by hand."""
    return -np.sum(np.abs(DATA - mu)) / b - 5 * np.log(2 * b)


def laplace_ll4(mu, b):
    """The same on the even sample DATA4."""
    return -np.sum(np.abs(DATA4 - mu)) / b - 4 * np.log(2 * b)


def laplace_lib(mu, b):
    return np.sum(stats.laplace.logpdf(DATA, loc=mu, scale=b))


def cauchy_ll(mu, g):
    """The Cauchy log-likelihood of DATA, by hand."""
    z = (DATA - mu) / g
    return -np.sum(np.log(np.pi * g * (1 + z ** 2)))


def cauchy_lib(mu, g):
    return np.sum(stats.cauchy.logpdf(DATA, loc=mu, scale=g))


# --- soft versions with a temperature --------------------------------------------------------------------------------

def softmin(x, t):
    """A soft minimum -t log sum exp(-x / t)."""
    m = np.min(x)
    return m - t * np.log(np.sum(np.exp(-(x - m) / t)))


def soft_rank(x, t):
    """Soft ranks r_i = sum_j sigmoid((x_i - x_j) / t), weighted by W3."""
    d = (x[:, None] - x[None, :]) / t
    r = np.sum(1 / (1 + np.exp(-d)), axis=1)
    return np.sum(W3 * r)


# --- drawdowns, ranges, NaN-aware ------------------------------------------------------------------------------------

def max_drawdown(p):
    """The largest fall from a running maximum."""
    return np.max(np.maximum.accumulate(p) - p)


def ptp(x):
    return np.ptp(x)


def nanmedian_masked(x):
    """The median of x with entry 1 marked missing (NaN)."""
    return np.nanmedian(np.where(MASK4, np.nan, x))


MASK_LAST = np.array([False, False, False, True])


def nanmedian_last(x):
    """The same with the last entry marked missing (where a NaN sorts anyway)."""
    return np.nanmedian(np.where(MASK_LAST, np.nan, x))


def nanmean_masked(x):
    """np.nanmean with entry 1 marked missing."""
    return np.nanmean(np.where(MASK4, np.nan, x))


def soft_rank_expit(x, t):
    """The soft ranks by scipy.special.expit."""
    from gradcli.scipy.special import expit
    d = (x[:, None] - x[None, :]) / t
    return np.sum(W3 * np.sum(expit(d), axis=1))


def trimmed_partition(x):
    """The trimmed mean by np.partition (the smallest and largest put at the ends, the middle unsorted)."""
    n = x.shape[0]
    return np.mean(np.partition(x, [1, n - 2])[1:-1])


def clip_pinned(x):
    """x[0] clipped to the interval [x[1], x[1]]: x[1] whatever x[0] is."""
    return np.clip(x[0], x[1], x[1])


def clip_to_mean(x):
    """Each entry clipped to [mean, mean + 1], summed."""
    m = np.mean(x)
    return np.sum(np.clip(x, m, m + 1.0))


def clip_pinned_minmax(x):
    """The same by np.minimum(np.maximum(...)), as NumPy defines clip."""
    return np.minimum(np.maximum(x[0], x[1]), x[1])


def clip_pinned_const(x):
    """x[0] clipped to [x[1], 3.0] (a constant upper bound), at x[1] = 3: the constant 3 for x[1] <= 3 only."""
    return np.clip(x[0], x[1], 3.0)


def clip_const_pinned(x):
    """x clipped to the one-point interval [3, 3]: the constant 3."""
    return np.sum(np.clip(x, 3.0, 3.0))
