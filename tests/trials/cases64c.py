"""The sixty-fourth trial set (third part): issue 27's exact reference on Python functions doing ROBUST AND ORDER
STATISTICS the way data-analysis code writes them, with gradcli.numpy and gradcli.scipy.stats (tests/trials/lib64c.py):
np.median at odd and even counts, with ties inside and across the middle pair, 1 ulp apart, at 1e300 and near
float64's top (1.5e308, where NumPy's mean of the middle pair overflows), at constant data; np.percentile / np.quantile
by the methods linear, lower, higher, nearest (index 1.5: half to even) and midpoint between order statistics (index
1.2), at an integer index and at ties of the two order statistics used (and of ones not used), q = 0 and 1 at a tied
maximum, the IQR by hand and scipy.stats.iqr; trimmed means by np.sort and slicing, np.partition and
scipy.stats.trim_mean, at a tie between a kept and a cut entry, 1 ulp apart and at constant data; winsorising by
np.clip at the 10th / 90th percentiles (ordinary, four entries tied at the lower bound, constant data), np.clip with
traced and constant bounds that coincide, a clip to [mean, mean + 1]; the MAD by hand and by
scipy.stats.median_abs_deviation (ordinary, tied deviations, constant data, 1e300); Huber by np.where at and 1 ulp
beside |r| = 1, the pseudo-Huber at 1e-300, 1e300 and float32 1e20, Tukey's biweight at and 1 ulp below c = 4.685, the
pinball loss by np.maximum and np.where at its kink; L-estimators by np.sort and by argsort-gather, rank-weighted sums
by argsort of argsort, Spearman's rho, an ECDF by np.searchsorted at and between data points; a Gaussian KDE with
Silverman's bandwidth (ordinary, float32, constant data); Laplace log-likelihoods by hand and scipy.stats.laplace
(mu between data, on the median, an even sample where both slopes are exactly 0, b = 1e-300), Cauchy by hand and
scipy.stats.cauchy (g = 2 and 1e-300); a softmin at t = 0.5 and 1e-300 (and at a tie of its minimum), soft ranks by
1 / (1 + exp) and by scipy.special.expit at t = 1 and 1e-300 at a tie; max drawdowns by np.maximum.accumulate (ties in
the running maximum harmless and not), np.ptp at a tie; np.nanmedian / np.nanmean of np.where(mask, nan, x).

Tried: 46 functions, 101 distinct checks through the CLI (at most two at once), all as cases judged by
tests/trials/judge.py through a driver in the manner of run.py (a scratch file: one full batch of 84, probes of
17 more, then the whole set of 100 again); 20 were dropped as repeats of kept kinds: ALL keeps 81 (41 ok, 26 domain, 7
unstable, 7 wrong). (np.nanpercentile and np.nanquantile are not in gradcli.numpy: not tried as cases; q is a constant
of np.percentile, a traced q being refused with NotImplementedError.)
Truths are written here from the mathematics, never lib64c's code or gradcli: NumPy's quantile methods from their
definitions (virtual index q (n - 1), floor / ceil / round half to even / the mean of floor and ceil), the median as
the 1/2 quantile, ranks by a stable sort, Spearman's rho from ranks, the MAD, winsorising, Huber / Tukey / pinball from
their piecewise formulas, the KDE's h = 1.06 std n^-0.2 with the population standard deviation (its constants 1.06 and
5 ** -0.2 as float32 holds them in the float32 case), likelihoods from the densities; every float64 literal as the
double it is (0.3, 4.685, 1.06); the derivative from the left and the right by mpmath.diff (cases30b.sided_grad), NaN
where they differ. By hand: the softmin's and the soft ranks' slopes (e_i / S and -log S - sum e_i d_i / (t S); sum_j
(w_k - w_j) s'((x_k - x_j) / t) / t), whose e^(-1e300) entries no difference resolves; the KDE at constant data (h =
0, the value 0/0: no derivative).

ALL: 81 cases. 77 agree with gradcli in verdict and every exact gradient entry (to 1e-10 relative); the four that do
not are F1 (two cases) and F2 (two cases). No check took over 3 s (most 1-2.5 s).
What agreed: medians, percentiles by all five methods, quantiles, IQRs, trimmed means (sort, partition, scipy), the MAD,
L-estimators, rank-weighted sums, Spearman, drawdowns and ptp: ok off ties and 1 ulp apart, domain at a tie where the
one-sided slopes differ (the median's odd tie, a tie across the middle pair's edge, linear / lower / higher / nearest
percentiles at a tied pair, a tied maximum in np.quantile, a kept-cut tie in every trimmed mean, tied deviations in the
MAD, tied L-estimator entries, a rank swap, a jump of Spearman's rho, two tied drawdowns), and ok where the sides agree
(the median of four whose middle pair ties, the midpoint percentile at its tied pair, a tie among order statistics not
used, a tie in the running maximum that no drawdown reads, the softmin's tied minimum, the MAD of constant data, the
nanmedian whose tie is with the missing entry's slot); the median at 1.5e308 (the middle pair's sum overflows, as
NumPy's: unstable); Huber at and 1 ulp beside its threshold (C1: ok), Tukey at c (slope 0 both sides) and 1 ulp below
(7e-31 beside 0.91: ok); pseudo-Huber at 1e-300 ok, at 1e300 and float32 1e20 unstable ((r/2)^2 overflows); pinball
domain at 0 by np.maximum and np.where; the ECDF-scaled count ok between data, domain on a data point (a jump); the KDE
ok (float64, float32), domain at constant data; Laplace ok, domain on the median (b's slope 1.25 kept), both slopes
exactly 0 on the even sample (ok), domain at b = 1e-300 (b's slope 1.6e601 past float64); Cauchy ok, unstable at g =
1e-300 by hand and by scipy (z^2 overflows: log inf where the value is 3.4e3); the softmin at t = 1e-300 unstable (t's
exact slope -1e300 e^(-1e300) rounds to 0, the rule's (x - m) / t^2 meets t^2 = 0: NaN); soft ranks by 1 / (1 + exp) at
t = 1e-300 unstable (exp(1e300) overflows, the sigmoid's slope 0 * inf), by scipy.special.expit ok (the tie's slopes
+-2.5e299 right); np.nanmedian with the NaN last and np.nanmean ok; clip(x0, x1, 3.0) at [3, 3] and clip(x, 3, 3)
wrong (the constant's slopes 0, clip's rule 1), np.minimum(np.maximum(x0, x1), x1) wrong (x1 whatever x0).

Truths the round corrected in itself, gradcli right each time: the median and the trimmed mean of constant data are
wrong, not ok: moving one entry alone moves no order statistic used, so every partial is 0 (coordinate by coordinate,
README's doctrine; no total derivative exists: moving all entries together moves the median by 1), and the rules share
1 (1/3) among the tied entries; winsorising at [3, 3, 3, 3, 5] is domain, not ok (moved up, an entry becomes s3 and
moves hi by 0.4 on top of its own 1; moved down, it becomes s0 and drags lo at 0.6: slopes 1.4 and 0.6); clip(x0, x1,
3.0) at [3, 3] has slopes [0, 0] (up, min cuts x1 back to 3; down, max keeps x0 = 3), not a corner in x1, so its rule's
[1, 0] is wrong; clip(x, 3.0, 3.0) is the constant 3, and its rule's 1 is wrong, not ok; the KDE in float32 needed its
constants 1.06 and 5 ** -0.2 as float32 holds them (1e-7 relative off otherwise).

Findings:

- F1 (mended since: the decisions clip's ball run made tell which argument it picked, `arb._clip_chosen`):
  np.clip(x0, x1, x1), the interval pinned to one traced point, is x1 whatever x0: slopes [0, 1] everywhere
  (min(max(x0, x1), x1): up, min cuts back to x1; down, max lifts to x1). At x0 = x1 = 3 gradcli says ok, exact gradient
  [1, 0], the rule's own [1, 0] (clip passes the cotangent to x where lo <= x <= hi); the truth: wrong. The same function
  written as np.minimum(np.maximum(x0, x1), x1) is judged wrong with exact [0, 1], and np.clip with a constant upper bound
  (clip(x0, x1, 3.0), clip(x, 3.0, 3.0)) gets its exact slopes 0 and wrong, so it is clip with both bounds the same traced
  value: the exact reference seems to take clip's held branch (x) where both one-sided slopes agree on another value.
  As data analysis meets it: winsorising constant data, np.clip(x, np.percentile(x, 10), np.percentile(x, 90)) at
  [3, 3, 3, 3, 3]: each entry's partial is 0.6 from both sides (moved up by e, hi moves 0.6 e and clips it; moved down,
  lo moves -0.6 e and clips it; NumPy's own differences at +-1e-3 and +-1e-6 give 0.6000000000, and so does gradcli's own
  "finite diff." column, [0.6, 0.6, 0.6, ...]), gradcli says ok with exact [1, 1, 1, 1, 1]; the truth: wrong (the
  rule's 1). Since round 76c's F1 was mended, the program's own float weights (1 - 0.4 and frac(3.6)) part each
  entry's sides by 1.1e-16, a kink the jets record: domain. Reproduce:
      gradcli check tests/trials/lib64c.py:clip_pinned --at "x=[3.0,3.0]" --dtype float64
      gradcli check tests/trials/lib64c.py:clip_pinned_minmax --at "x=[3.0,3.0]" --dtype float64   # wrong, exact [0, 1]
      gradcli check tests/trials/lib64c.py:winsorized_sum --at "x=[3,3,3,3,3]" --dtype float64
- F2 (mended since: an order's comparisons put NaN after every number on exact numbers too,
  `ops_shape._NAN_ORDER`): np.nanmedian(np.where(MASK4, np.nan, x)) with the missing entry at index 1, at x = [1, 3, 2, 5]: the median
  of [1, 2, 5] is 2 (slopes [0, 0, 1, 0]); float64 and float32 compute 2 and [0, 0, 1, 0], but gradcli says domain: "the
  exact value is undefined or infinite at this point (nan)", exact gradient all NaN. With the NaN at the last index
  (nanmedian_last) it is ok, and np.nanmean of the same array is ok. The cause is read, not run: gradcli.numpy's
  nanmedian counts on "NaN sorts last" (ops_shape.nanmedian, _sorted_along_last), which holds for NumPy's floats but
  not for a sort of high-precision numbers, where every comparison with NaN is false and the NaN stays where it is.
  Reproduce:
      gradcli check tests/trials/lib64c.py:nanmedian_masked --at "x=[1.0,3.0,2.0,5.0]" --dtype float64
      gradcli check tests/trials/lib64c.py:nanmedian_last --at "x=[1.0,3.0,2.0,5.0]" --dtype float64   # ok
"""

import mpmath
import numpy as np
from mpmath import mpf

from cases import Case
from cases5 import hp
from cases30b import sided_grad
from cases59c import _txt  # a point as its case id writes it
from cases63c import fixed, undefined  # a truth entry by entry; no derivative at the point (a scalar: 0)

L = "lib64c.py"
NAN = mpmath.nan
D = mpf  # a float64 literal of the user's code, as the double it is
S = mpmath.fsum

DATA = [mpf(1), mpf(2), mpf(4), mpf(7), mpf(11)]
DATA4 = [mpf(1), mpf(2), mpf(4), mpf(7)]
W3 = [mpf(1), mpf(2), mpf(3)]
Y5 = [0.5, 1.5, 1.0, 3.0, 2.0]
U = 2.0000000000000004  # 2 + 1 ulp
U1 = 1.0000000000000002  # 1 + 1 ulp
C_TUKEY = 4.685
C_BELOW = 4.684999999999999  # the double below 4.685


# --- the mathematics, in mpmath (from the statements, never lib64c's code) --------------------------------------------

def order(x):
    return sorted(x)


def m_quantile(x, q, method="linear"):
    """NumPy's quantile methods from their definitions: the virtual index g = q (n - 1) into the order statistics;
    linear interpolates, lower / higher take floor / ceil, nearest rounds (half to even), midpoint averages floor and
    ceil (the order statistic itself at an integer g)."""
    s = order(x)
    g = q * (len(s) - 1)
    lo = int(mpmath.floor(g))
    frac = g - lo
    hi = min(lo + 1, len(s) - 1)
    if method == "linear":
        return s[lo] + frac * (s[hi] - s[lo])
    if method == "lower":
        return s[lo]
    if method == "higher":
        return s[lo] if frac == 0 else s[hi]
    if method == "nearest":
        if frac == mpf(1) / 2:
            return s[lo] if lo % 2 == 0 else s[hi]
        return s[lo] if frac < mpf(1) / 2 else s[hi]
    if method == "midpoint":
        return s[lo] if frac == 0 else (s[lo] + s[hi]) / 2
    raise ValueError(method)


def m_median(x):
    return m_quantile(x, mpf(1) / 2)


def m_trimmed(x):
    s = order(x)[1:-1]
    return S(s) / len(s)


def m_winsor(x):
    lo, hi = m_quantile(x, mpf(1) / 10), m_quantile(x, mpf(9) / 10)
    return S(min(max(v, lo), hi) for v in x)


def m_mad(x):
    m = m_median(x)
    return m_median([abs(v - m) for v in x])


def m_huber(r):
    return S(v * v / 2 if abs(v) <= 1 else abs(v) - mpf(1) / 2 for v in r)


def m_pseudo_huber(r):
    return S(4 * (mpmath.sqrt(1 + (v / 2) ** 2) - 1) for v in r)


def m_tukey(r):
    c = D(C_TUKEY)
    return S(c * c / 6 * (1 - (1 - (v / c) ** 2) ** 3) if abs(v) <= c else c * c / 6 for v in r)


def m_pinball(r):
    tau = D(0.3)
    return S(tau * v if v >= 0 else (tau - 1) * v for v in r)


def m_l_estimator(x):
    return S(w * v for w, v in zip(W3, order(x)))


def ranks(x):
    """Each entry's rank, ties in index order (a stable sort)."""
    idx = sorted(range(len(x)), key=lambda i: x[i])
    r = [0] * len(x)
    for k, i in enumerate(idx):
        r[i] = k
    return r


def m_rank_weighted(x):
    return S(r * v for r, v in zip(ranks(x), x))


def m_spearman(x):
    rx, ry = [mpf(v) for v in ranks(x)], [mpf(v) for v in ranks(Y5)]
    mx, my = S(rx) / len(rx), S(ry) / len(ry)
    rx, ry = [v - mx for v in rx], [v - my for v in ry]
    return S(a * b for a, b in zip(rx, ry)) / mpmath.sqrt(S(a * a for a in rx) * S(b * b for b in ry))


def m_ecdf_scaled(t):
    return t * len([d for d in DATA if d <= t]) / 5


def m_std(x):
    m = S(x) / len(x)
    return mpmath.sqrt(S((v - m) ** 2 for v in x) / len(x))


def m_kde_log(x, dtype="float64"):
    """Silverman's h = 1.06 std n^-0.2 with the program's constants as the dtype holds them (1.06 and the float
    5 ** -0.2 Python computes meet float32 data as float32)."""
    n = len(x)
    h = D(float(np.dtype(dtype).type(1.06))) * m_std(x) * D(float(np.dtype(dtype).type(n ** -0.2)))
    return mpmath.log(S(mpmath.exp(-(3 - v) ** 2 / (2 * h * h)) for v in x) / n / (h * mpmath.sqrt(2 * mpmath.pi)))


def m_laplace(mu, b, data=DATA):
    return -S(abs(d - mu) for d in data) / b - len(data) * mpmath.log(2 * b)


def m_cauchy(mu, g):
    return -S(mpmath.log(mpmath.pi * g * (1 + ((d - mu) / g) ** 2)) for d in DATA)


def m_drawdown(p):
    top, worst = p[0], mpf(0)
    for v in p:
        top = max(top, v)
        worst = max(worst, top - v)
    return worst


def m_ptp(x):
    return max(x) - min(x)


def m_nanmedian_masked(x):
    return m_median([x[0], x[2], x[3]])


def softmin_truth(x, t):
    """-t log sum e^(-x_i / t): d/dx_i = e_i / S, d/dt = -log S - sum e_i d_i / (t S), with d_i = x_i - min x,
    e_i = e^(-d_i / t), S = sum e_i (by hand: the slopes e^(-1e300) at t = 1e-300 are past any difference)."""
    def truth():
        xs, tt = [mpf(v) for v in x], mpf(t)
        m = min(xs)
        d = [v - m for v in xs]
        e = [mpmath.exp(-v / tt) for v in d]
        s = S(e)
        return {"x": [v / s for v in e], "t": -mpmath.log(s) - S(a * b for a, b in zip(e, d)) / (tt * s)}
    return hp(truth)


def soft_rank_truth(x, t, names=("x", "t")):
    """sum_i w_i sum_j sigmoid((x_i - x_j) / t): d/dx_k = sum_j (w_k - w_j) s'((x_k - x_j) / t) / t, d/dt = -sum_ij
    w_i s'(d_ij / t) d_ij / t^2, s'(z) = s(z) s(-z)."""
    def truth():
        xs, tt = [mpf(v) for v in x], mpf(t)
        sig = lambda z: 1 / (1 + mpmath.exp(-z))  # noqa: E731
        ds = lambda z: sig(z) * sig(-z)  # noqa: E731
        n = len(xs)
        gx = [S((W3[k] - W3[j]) * ds((xs[k] - xs[j]) / tt) / tt for j in range(n)) for k in range(n)]
        gt = -S(W3[i] * ds((xs[i] - xs[j]) / tt) * (xs[i] - xs[j]) / tt ** 2 for i in range(n) for j in range(n))
        out = {"x": gx, "t": gt}
        return {k: out[k] for k in names}
    return hp(truth)


# --- cases ------------------------------------------------------------------------------------------------------------

def C(function, mirror, verdict="ok", dtype="float64", **pt):
    """A case whose truth is the one- and two-sided derivative of ``mirror`` at the point as ``dtype`` holds it."""
    return Case(L, function, ",".join(f"{k}={_txt(v)}" for k, v in pt.items()), dtype, verdict,
                sided_grad(mirror, dtype, **pt))


def H(function, truth, verdict="ok", dtype="float64", wrt=None, **pt):
    """A case whose truth is written by hand."""
    return Case(L, function, ",".join(f"{k}={_txt(v)}" for k, v in pt.items()), dtype, verdict, truth, wrt=wrt)


def pct(q, method):
    return lambda x: m_quantile(x, q, method)


X5 = [5.0, 1.0, 4.0, 2.0, 3.5]  # sorted 1, 2, 3.5, 4, 5: x[3] is the 2nd, x[4] the 3rd
X5T = [5.0, 1.0, 4.0, 2.0, 2.0]  # x[3], x[4] tie for the 2nd and 3rd
X5U = [5.0, 1.0, 4.0, 2.0, U]  # 1 ulp apart
Q30 = mpf(3) / 10  # 30 / 100 (index 1.2; its rounding in float64 moves the weights by 1e-17)

ALL = [
    # medians: odd and even counts, ties inside and across the middle pair, 1 ulp apart, 1e300, 1e-300, float32
    C("median", m_median, x=[3.0, 1.0, 2.0]),
    C("median", m_median, "domain", x=[2.0, 1.0, 2.0]),  # two entries tie for the middle: a corner in each
    C("median", m_median, x=[2.0, 3.0, 1.0, 2.0]),  # the middle pair ties: their mean whichever order, smooth
    C("median", m_median, "domain", x=[3.0, 1.0, 2.0, 3.0]),  # a tie across the pair's upper edge
    C("median", m_median, x=[1.0, 2.0, U]),
    C("median", m_median, x=[1e300, 3e300, 2e300, 4e300]),
    # percentiles by NumPy's methods between order statistics (index 1.2), at index 1.5 and 2, at ties
    C("pct_linear", pct(Q30, "linear"), x=X5),
    C("pct_lower", pct(Q30, "lower"), x=X5),
    C("pct_midpoint", pct(Q30, "midpoint"), x=X5),
    C("pct_nearest_half", pct(mpf(3) / 8, "nearest"), x=X5),  # index 1.5: half to even, the 3rd
    C("pct50_midpoint", pct(mpf(1) / 2, "midpoint"), x=X5),
    C("pct_linear", pct(Q30, "linear"), "domain", x=X5T),  # 0.8 s1 + 0.2 s2 with s1 = s2: a corner
    C("pct_lower", pct(Q30, "lower"), "domain", x=X5T),
    C("pct_higher", pct(Q30, "higher"), "domain", x=X5T),
    C("pct_midpoint", pct(Q30, "midpoint"), x=X5T),  # (s1 + s2) / 2 is symmetric in the tied pair: smooth
    C("pct_lower", pct(Q30, "lower"), x=[5.0, 5.0, 4.0, 2.0, 1.0]),  # a tie away from the order statistic used
    C("pct_linear", pct(Q30, "linear"), dtype="float32", x=X5),
    C("quantile_sum", lambda x: m_quantile(x, 0) + 2 * m_quantile(x, mpf(1) / 4) + 3 * m_quantile(x, 1), x=X5),
    C("quantile_sum", lambda x: m_quantile(x, 0) + 2 * m_quantile(x, mpf(1) / 4) + 3 * m_quantile(x, 1), "domain",
      x=[5.0, 1.0, 4.0, 2.0, 5.0]),  # the maximum ties
    C("iqr", lambda x: m_quantile(x, mpf(3) / 4) - m_quantile(x, mpf(1) / 4), x=X5),
    # trimmed means, winsorising, MAD
    C("trimmed_mean", m_trimmed, x=X5),
    C("trimmed_mean", m_trimmed, "domain", x=[1.0, 1.0, 2.0, 3.0, 4.0]),  # a tie between a kept and a cut entry
    C("trimmed_mean", m_trimmed, x=[1.0, U1, 2.0, 3.0, 4.0]),
    C("trim_mean_lib", m_trimmed, "domain", x=[1.0, 1.0, 2.0, 3.0, 4.0]),
    C("winsorized_sum", m_winsor, x=X5),
    C("mad", m_mad, x=[1.0, 2.0, 4.0, 8.0, 13.0]),
    C("mad_lib", m_mad, x=[1.0, 2.0, 4.0, 8.0, 13.0]),
    C("mad", m_mad, "domain", x=[1.0, 2.0, 4.0, 6.0, 13.0]),  # deviations 3, 2, 0, 2, 9: the median ties
    C("mad", m_mad, x=[3.0, 3.0, 3.0]),  # constant data: every deviation |0|, every partial 0
    # robust losses at and beside their thresholds, at 1e-300 / 1e300
    C("huber", m_huber, r=[1.0, -1.0, 0.5, 3.0, 0.0]),  # C1 at |r| = 1
    C("pseudo_huber", m_pseudo_huber, r=[1e-300]),
    C("pseudo_huber", m_pseudo_huber, "unstable", r=[1e300]),  # (r / 2)^2 overflows
    C("pseudo_huber", m_pseudo_huber, "unstable", dtype="float32", r=[1e20]),
    C("tukey", m_tukey, r=[C_TUKEY, -C_TUKEY, 1.0, 6.0]),  # C1 at |r| = c: psi = r (1 - (r/c)^2)^2 = 0 both sides
    C("tukey", m_tukey, r=[C_BELOW, 1.0]),  # psi 7e-31 beside 0.91
    C("pinball", m_pinball, "domain", r=[0.0, 1.0, -2.0]),
    C("pinball_where", m_pinball, "domain", r=[0.0, 1.0, -2.0]),
    # sorts, gathers, ranks, an ECDF
    C("l_estimator", m_l_estimator, "domain", x=[2.0, 1.0, 2.0]),  # tied entries with weights 2 and 3
    C("gather_sorted", m_l_estimator, "domain", x=[2.0, 1.0, 2.0]),
    C("rank_weighted", m_rank_weighted, "domain", x=[1.0, 1.0, 2.0]),  # continuous, a corner in each tied entry
    C("spearman", m_spearman, "domain", x=[1.0, 2.0, 2.0, 4.0, 3.0]),  # ranks swap at the tie: a jump
    C("ecdf_scaled", m_ecdf_scaled, t=2.5),
    C("ecdf_scaled", m_ecdf_scaled, "domain", t=4.0),  # on a data point: the count jumps
    # a kernel density estimate with Silverman's bandwidth, Laplace and Cauchy log-likelihoods
    C("kde_log", m_kde_log, x=X5),
    H("kde_log", undefined(x=5), "domain", x=[2.0] * 5),  # std 0: h = 0, the value 0/0
    C("laplace_ll", m_laplace, mu=3.0, b=2.0),
    C("laplace_ll", m_laplace, "domain", mu=4.0, b=2.0),  # mu on the sample median: a corner; b's slope 1.25
    C("laplace_ll4", lambda mu, b: m_laplace(mu, b, DATA4), mu=3.0, b=2.0),  # both slopes exactly 0
    C("laplace_lib", m_laplace, "domain", mu=4.0, b=2.0),
    C("cauchy_ll", m_cauchy, mu=3.0, g=2.0),
    C("cauchy_ll", m_cauchy, "unstable", mu=3.0, g=1e-300),  # z^2 overflows: log(inf); the value is 3.4e3
    C("cauchy_lib", m_cauchy, "unstable", mu=3.0, g=1e-300),
    # a softmin and soft ranks with a temperature, down to 1e-300
    H("softmin", softmin_truth([1.0, 2.0, 3.0], 0.5), x=[1.0, 2.0, 3.0], t=0.5),
    H("softmin", softmin_truth([1.0, 1.0, 2.0], 0.5), x=[1.0, 1.0, 2.0], t=0.5),  # min's tie: smooth as a whole
    # t's slope -1e300 e^(-1e300) is 0 in float64; the rule's (x - m) / t^2 meets t^2 = 0: NaN
    H("softmin", softmin_truth([1.0, 2.0, 3.0], 1e-300), "unstable", x=[1.0, 2.0, 3.0], t=1e-300),
    H("soft_rank", soft_rank_truth([2.0, 1.0, 3.0], 1.0), x=[2.0, 1.0, 3.0], t=1.0),
    # the tie's slopes +-2.5e299; exp(1e300) overflows and the sigmoid's slope is 0 * inf
    H("soft_rank", soft_rank_truth([1.0, 1.0, 2.0], 1e-300, ("x",)), "unstable", wrt="x", x=[1.0, 1.0, 2.0],
      t=1e-300),
    # drawdowns, ranges, NaN-aware medians
    C("max_drawdown", m_drawdown, p=[1.0, 3.0, 2.0, 3.0, 2.5]),  # a tie in the running maximum, harmless
    C("max_drawdown", m_drawdown, "domain", p=[1.0, 3.0, 2.0, 3.0, 2.0]),  # two drawdowns of 1 tie
    C("ptp", m_ptp, "domain", x=[5.0, 1.0, 5.0, 2.0]),
    C("nanmedian_masked", m_nanmedian_masked, x=[1.0, 3.0, 2.0, 5.0]),  # F2: the exact value comes out NaN
    C("nanmedian_masked", m_nanmedian_masked, x=[1.0, 2.0, 2.0, 5.0]),  # the tie is with the missing entry
    # constant data: each entry's partial exists (moving one entry alone moves no order statistic used, or moves the
    # clip bounds with it), though no total derivative does; a rule's share for the tied entries is not that partial
    C("median", m_median, "wrong", x=[4.0, 4.0, 4.0]),  # partials 0; the rule's [0, 1, 0]
    C("trimmed_mean", m_trimmed, "wrong", x=[2.0] * 5),  # partials 0; the rule's 1/3 for three entries
    # W1: each entry's sides are 0.6 (percentile 10's weight 1 - 0.4) and 0.6000000000000001 (percentile 90's frac(0.9 *
    # 4)), the float weights the program computes: a kink of 1.1e-16, as max(x, 0) 1e-300 beside x is one (the rule's
    # 1 is off both sides; exact weights, percentiles 12.5 and 87.5, are a unit test's: wrong)
    H("winsorized_sum", undefined(x=5), "domain", x=[3.0] * 5),
    # four entries tie with the lower bound: up, one becomes s3 and moves hi (1 + 0.4); down, it is s0 and moves lo (0.6)
    C("winsorized_sum", m_winsor, "domain", x=[3.0, 3.0, 3.0, 3.0, 5.0]),
    # round two: NaN-aware reductions where the NaN sorts last anyway, overflow in the median's mean, 1 ulp beside
    # Huber's threshold, a MAD at 1e300, float32 KDE
    C("nanmedian_last", lambda x: m_median(x[:3]), x=[1.0, 3.0, 2.0, 5.0]),
    C("nanmean_masked", lambda x: (x[0] + x[2] + x[3]) / 3, x=[1.0, 3.0, 2.0, 5.0]),
    C("median", m_median, "unstable", x=[0.0, 1.5e308, 1.6e308, 1.7e308]),  # NumPy's mean of the pair overflows
    C("huber", m_huber, r=[1.0000000000000002, 0.9999999999999999, -1.0000000000000002]),
    C("mad", m_mad, x=[1e300, 2e300, 4e300, 8e300, 13e300]),
    C("kde_log", lambda x: m_kde_log(x, "float32"), dtype="float32", x=X5),
    C("pct_nearest", pct(Q30, "nearest"), "domain", dtype="float32", x=X5T),
    H("soft_rank_expit", soft_rank_truth([1.0, 1.0, 2.0], 1e-300, ("x",)), wrt="x", x=[1.0, 1.0, 2.0], t=1e-300),
    C("laplace_ll", m_laplace, "domain", mu=3.0, b=1e-300),  # b's slope 1.6e601: past float64
    C("clip_pinned", lambda x: min(max(x[0], x[1]), x[1]), "wrong", x=[3.0, 3.0]),  # F1: x[1] whatever x[0]: [0, 1]
    C("clip_const_pinned", lambda x: S(min(max(v, 3), 3) for v in x), "wrong", x=[3.0, 1.0]),  # 3: slopes 0; rule 1
    C("clip_pinned_minmax", lambda x: min(max(x[0], x[1]), x[1]), "wrong", x=[3.0, 3.0]),
    # min(max(x0, x1), 3) at [3, 3]: either entry moved alone leaves 3 (up, min cuts it; down, max keeps the other)
    C("clip_pinned_const", lambda x: min(max(x[0], x[1]), 3), "wrong", x=[3.0, 3.0]),
    # at constant data: up, x[0] is above the mean (1 + 4/5); down, it is clipped to it (1/5): a corner
    C("clip_to_mean", lambda x: S(min(max(v, S(x) / len(x)), S(x) / len(x) + 1) for v in x), "domain", x=[3.0] * 5),
    C("trimmed_partition", m_trimmed, "domain", x=[1.0, 1.0, 2.0, 3.0, 4.0]),  # index 1.2 -> 1: s1 of a tied pair, a corner
]
