"""The twenty-seventh trial set (third part): issue 27's classes on Python functions written against gradcli.numpy and
gradcli.scipy and on formulas. The von Mises-Fisher log-normaliser in 3D at kappa 1e-8 and 1e8 (naive, by expm1, and
with a small-kappa series behind a double where), Student-t and Cauchy log-densities in their tails (the square and
the logaddexp spellings, each failing on its own side), log-ratios of Gamma functions at 1e15 and log B(a, b) at
a = 1e-300, softmax cross-entropies at +-1e308 whose slopes e^-2e308 only text can hold, Hurwitz-zeta log-normalisers
at q = 1e-5 and 1e5, regularised incomplete gamma and beta functions at 1e-300 and 800, log-determinants by Cholesky
of near-singular SPD matrices (one exact in float64, one not), a hand-written Huber loss at its C1 switch, and a
correlation whose norms overflow at 1e160; formulas of the same classes.

Truths are the mathematics written here in mpmath at 2,000 digits (closed forms), never the user file's code; points
are the numbers the dtype holds, constants the float64 numbers the program writes. A case whose ``file`` is
"formula" checks the formula in ``function``.
"""

import mpmath

from cases import Case
from cases5 import _in, hp
from cases21c import _at, _each
from cases26c import _cholesky_logdet_slopes, _closed

G, F = "gn_lib27c.py", "formula"


def _softmax(xs):
    top = max(xs)
    e = [mpmath.exp(v - top) for v in xs]
    return [v / sum(e) for v in e]


# --- the mathematics, written here ---------------------------------------------------------------------------------

def _vmf3_slope(k):
    """d/dk (log k - log(4 pi sinh k)) = 1/k - coth k."""
    return 1 / k - mpmath.coth(k)


def _student_t_slopes(x, df):
    """log Gamma((d+1)/2) - log Gamma(d/2) - log(d pi)/2 - (d+1)/2 log(1 + x^2/d), entry by entry in x."""
    total_df = mpmath.mpf(0)
    slopes_x = []
    for v in x:
        u = v * v / df
        slopes_x.append(-(df + 1) * v / (df + v * v))
        total_df += (mpmath.digamma((df + 1) / 2) / 2 - mpmath.digamma(df / 2) / 2 - 1 / (2 * df)
                     - mpmath.log1p(u) / 2 + (df + 1) / 2 * (v * v / df ** 2) / (1 + u))
    return {"x": slopes_x, "df": total_df}


def _cauchy_slopes(x, loc, scale):
    z = [(v - loc) / scale for v in x]
    return {"x": [-2 * w / (scale * (1 + w * w)) for w in z],
            "loc": sum(2 * w / (scale * (1 + w * w)) for w in z),
            "scale": sum(-1 / scale + 2 * w * w / (scale * (1 + w * w)) for w in z)}


def _gamma_ratio_slopes(x, a):
    return {"x": mpmath.digamma(x + a) - mpmath.digamma(x), "a": mpmath.digamma(x + a)}


def _log_beta_slopes(a, b):
    return {"a": mpmath.digamma(a) - mpmath.digamma(a + b), "b": mpmath.digamma(b) - mpmath.digamma(a + b)}


def _xent_first(z):
    """d (logsumexp(z) - z0) / dz = softmax(z) - e0."""
    def truth():
        p = _softmax(_in("float64", z))
        return {"z": [p[0] - 1] + p[1:]}
    return hp(truth)


def _hurwitz_slopes(s, q, shift=None):
    """d/ds and d/dq of log zeta(s, q) (zeta_s by mpmath's derivative at 200 digits: it cancels nothing), plus the
    shifted Zipf's -s log(2 + q) where ``shift``."""
    with mpmath.workdps(200):
        z = mpmath.zeta(s, q)
        slopes = {"s": mpmath.zeta(s, q, 1) / z, "q": -s * mpmath.zeta(s + 1, q) / z}
        if shift:
            slopes = {"s": -mpmath.log(2 + q) - slopes["s"], "q": -s / (2 + q) - slopes["q"]}
    return slopes


def _gamma_cdf_slope(a):
    """d/dx P(a, x) = x^(a-1) e^-x / Gamma(a)."""
    return lambda x: x ** (a - 1) * mpmath.exp(-x) / mpmath.gamma(a)


def _log_survival2_slope(x):
    """Q(2, x) = e^-x (1 + x): d log Q / dx = -x / (1 + x)."""
    return -x / (1 + x)


def _beta_cdf_slope(a, b):
    return lambda x: x ** (a - 1) * (1 - x) ** (b - 1) / mpmath.beta(a, b)


def _huber_slope(r):
    return r if abs(r) <= 1 else mpmath.sign(r)


def _correlation_slopes(x, y):
    """r = <xc, yc> / (|xc| |yc|): dr/dx = yc / (|xc| |yc|) - r xc / |xc|^2 (both already centred)."""
    n = len(x)
    xc = [v - sum(x) / n for v in x]
    yc = [v - sum(y) / n for v in y]
    nx = mpmath.sqrt(sum(v * v for v in xc))
    ny = mpmath.sqrt(sum(v * v for v in yc))
    r = sum(a * b for a, b in zip(xc, yc)) / (nx * ny)
    return {"x": [b / (nx * ny) - r * a / nx ** 2 for a, b in zip(xc, yc)],
            "y": [a / (nx * ny) - r * b / ny ** 2 for a, b in zip(xc, yc)]}


NEAR_EXACT = [[4, 2], [2, 1.0000000000009095]]  # L = [[2, 0], [1, 2^-20]]: every step exact in float64

GN = [
    # 1/k - coth k = -k/3 at 1e-8: two slopes of 1e8 cancel to 3e-9, in either spelling
    Case(G, "vmf3_log_normalizer_naive", _at(kappa=[1e-8]), "float64", "unstable", _each("kappa", [1e-8], _vmf3_slope)),
    Case(G, "vmf3_log_normalizer", _at(kappa=[1e-8]), "float64", "unstable", _each("kappa", [1e-8], _vmf3_slope)),
    # sinh(1e8) overflows; by expm1 the slope is 1e-8 - 1 to the last digit
    Case(G, "vmf3_log_normalizer_naive", _at(kappa=[1e8]), "float64", "unstable", _each("kappa", [1e8], _vmf3_slope)),
    Case(G, "vmf3_log_normalizer", _at(kappa=[1e8, 2]), "float64", "ok", _each("kappa", [1e8, 2], _vmf3_slope)),
    # the series' slope -k/3 + k^3/45 is the truth's to 1e-40 at 1e-8
    Case(G, "vmf3_log_normalizer_series", _at(kappa=[1e-8, 1e8, 2]), "float64", "ok",
         _each("kappa", [1e-8, 1e8, 2], _vmf3_slope)),
    Case(G, "vmf3_log_normalizer_series", _at(kappa=[1e-5, 5e-324]), "float64", "ok",
         _each("kappa", [1e-5, 5e-324], _vmf3_slope)),
    # x^2 overflows at 1e200: log1p(inf) makes the df slope -inf
    Case(G, "student_t_log_prob_naive", _at(x=[1e200], df=3), "float64", "unstable",
         _closed(_student_t_slopes, x=[1e200], df=3)),
    Case(G, "student_t_log_prob", _at(x=[1e200, -2.5], df=3), "float64", "ok",
         _closed(_student_t_slopes, x=[1e200, -2.5], df=3)),
    Case(G, "student_t_log_prob_naive", _at(x=[3, -0.5], df=4.5), "float64", "ok",
         _closed(_student_t_slopes, x=[3, -0.5], df=4.5)),
    Case(G, "cauchy_log_prob_naive", _at(x=[1e300], loc=0, scale=1), "float64", "unstable",
         _closed(_cauchy_slopes, x=[1e300], loc=0, scale=1)),
    Case(G, "cauchy_log_prob", _at(x=[1e300], loc=0, scale=1), "float64", "ok",
         _closed(_cauchy_slopes, x=[1e300], loc=0, scale=1)),
    # near the centre the logaddexp spelling's weight e^(2 log|z|) = z^2 underflows at 1e-300: slope 0 for -2e-300
    Case(G, "cauchy_log_prob", _at(x=[1e-300], loc=0, scale=1), "float64", "unstable",
         _closed(_cauchy_slopes, x=[1e-300], loc=0, scale=1)),
    Case(G, "cauchy_log_prob_naive", _at(x=[1e-300], loc=0, scale=1), "float64", "ok",
         _closed(_cauchy_slopes, x=[1e-300], loc=0, scale=1)),
    # gammaln(1e15 + 0.5) - gammaln(1e15): 17.3 from two numbers near 3.4e16; the x slope 5e-16 from two near 34.5
    Case(G, "log_gamma_ratio", _at(x=1e15, a=0.5), "float64", "unstable", _closed(_gamma_ratio_slopes, x=1e15, a=0.5)),
    Case(G, "log_gamma_ratio", _at(x=3, a=0.5), "float64", "ok", _closed(_gamma_ratio_slopes, x=3, a=0.5)),
    # a + b rounds to b at a = 1e-300: the b slope psi(1) - psi(1 + 1e-300) = -1.6e-300 comes out 0
    Case(G, "beta_binomial_log_norm", _at(a=1e-300, b=1), "float64", "unstable", _closed(_log_beta_slopes, a=1e-300, b=1)),
    Case(G, "beta_binomial_log_norm", _at(a=2.5, b=1e-3), "float64", "ok", _closed(_log_beta_slopes, a=2.5, b=1e-3)),
    # softmax weights e^-2e308 and e^-1e308: float64 holds 0, the exact gradient must say the number
    # 1e308 + log 2 rounds to 1e308: the loss log 2 comes out 0 (the slopes are right)
    Case(G, "softmax_xent_first", _at(z=[1e308, 1e308, -1e308]), "float64", "unstable", _xent_first([1e308, 1e308, -1e308])),
    Case(G, "log_softmax_xent_first", _at(z=[-1e308, 1e307, 0]), "float64", "ok", _xent_first([-1e308, 1e307, 0])),
    # z0 the label, an integer the user types
    Case(G, "softmax_xent_label", _at(z=[1, 2, 3], label=0), "float64", "ok", _xent_first([1, 2, 3]), wrt="z"),
    Case(G, "softmax_xent_by_hand", _at(z=[1e308, -1e308, 0]), "float64", "ok", _xent_first([1e308, -1e308, 0])),
    Case(G, "softmax_xent_first", _at(z=[-1.7976931348623157e308, 0, 0]), "float64", "ok",
         _xent_first([-1.7976931348623157e308, 0, 0])),
    Case(G, "hurwitz_log_normalizer", _at(s=[2.5], q=[1e-5]), "float64", "ok",
         _closed(lambda s, q: {k: [v] for k, v in _hurwitz_slopes(s[0], q[0]).items()}, s=[2.5], q=[1e-5])),
    Case(G, "hurwitz_log_normalizer", _at(s=[2.5], q=[1e5]), "float64", "ok",
         _closed(lambda s, q: {k: [v] for k, v in _hurwitz_slopes(s[0], q[0]).items()}, s=[2.5], q=[1e5])),
    Case(G, "shifted_zipf_log_pmf", _at(s=[1.5], q=[0.5]), "float64", "ok",
         _closed(lambda s, q: {k: [v] for k, v in _hurwitz_slopes(s[0], q[0], True).items()}, s=[1.5], q=[0.5])),
    Case(G, "gamma_cdf", _at(x=[1e-300], a=0.5), "float64", "ok", _each("x", [1e-300], _gamma_cdf_slope(mpmath.mpf(0.5))),
         wrt="x"),
    # Q(2, 800) = 801 e^-800 underflows: log(0)
    Case(G, "gamma_log_survival", _at(x=[800], a=2), "float64", "unstable", _each("x", [800], _log_survival2_slope),
         wrt="x"),
    Case(G, "gamma_log_survival", _at(x=[30], a=2), "float64", "ok", _each("x", [30], _log_survival2_slope), wrt="x"),
    # -800 e^-800 is beyond float64: its 0 is the nearest number, the exact gradient must say the rest
    Case(G, "gamma_survival", _at(x=[800], a=2), "float64", "ok",
         _each("x", [800], lambda x: -_gamma_cdf_slope(2)(x)), wrt="x"),
    # P + Q = 1: slope 0 by the identity
    Case(G, "gamma_cdf_plus_survival", _at(x=[1e-300, 800], a=2), "float64", "ok",
         hp(lambda: {"x": [mpmath.mpf(0), mpmath.mpf(0)]}), wrt="x"),
    Case(G, "beta_cdf", _at(x=[1e-300, 0.9999999999999999], a=2, b=3), "float64", "ok",
         _each("x", [1e-300, 0.9999999999999999], _beta_cdf_slope(2, 3)), wrt="x"),
    Case(G, "logdet_by_cholesky", _at(a=NEAR_EXACT), "float64", "ok", _cholesky_logdet_slopes(NEAR_EXACT)),
    # both pieces have slope +-1 at |r| = 1: no kink at the switch
    Case(G, "huber_by_hand", _at(r=[1, -1, 1e-300, 3]), "float64", "ok", _each("r", [1, -1, 1e-300, 3], _huber_slope)),
    # 0.5 * r * r's slope is two halves of r: each half of 5e-324 rounds to 0
    Case(G, "huber_by_hand", _at(r=[5e-324]), "float64", "unstable", _each("r", [5e-324], _huber_slope)),
    # the centred squares 2.8e320 overflow: the slopes come out 0 * inf
    Case(G, "correlation", _at(x=[1e160, 2e160, 4e160], y=[1, 2, 3.5]), "float64", "unstable",
         _closed(_correlation_slopes, x=[1e160, 2e160, 4e160], y=[1, 2, 3.5])),
    Case(G, "correlation_scaled", _at(x=[1e160, 2e160, 4e160], y=[1, 2, 3.5]), "float64", "ok",
         _closed(_correlation_slopes, x=[1e160, 2e160, 4e160], y=[1, 2, 3.5])),
    Case(G, "correlation", _at(x=[1, 2, 4], y=[1, 2, 3.5]), "float64", "ok",
         _closed(_correlation_slopes, x=[1, 2, 4], y=[1, 2, 3.5])),
]


def _scalar(name, value, slope, dtype="float64"):
    return hp(lambda: {name: slope(_in(dtype, [value])[0])})


def _pair(slopes, **point):
    def truth():
        (a, b) = _in("float64", list(point.values()))
        return dict(zip(point, slopes(a, b)))
    return hp(truth)


def _erfc_log_slope(x):
    return -2 * mpmath.exp(-x * x) / (mpmath.sqrt(mpmath.pi) * mpmath.erfc(x))


def _triple(slopes, **point):
    def truth():
        return dict(zip(point, slopes(*_in("float64", list(point.values())))))
    return hp(truth)


def _vmf3_shifted_slope(k):
    """The formula drops -log(4 pi): the slope is 1/k - coth k all the same (0 at k = 0, the limit)."""
    return mpmath.mpf(0) if k == 0 else _vmf3_slope(k)


VMF_WHERE = "where(x < 1e-3, -x*x/6 + x**4/180, log(x) - x - log(-expm1(-2*x)) + log(2))"

FORMULAS = [
    Case(F, "log(x) - log(sinh(x))", "x=1e-8", "float64", "unstable", _scalar("x", 1e-8, _vmf3_slope)),
    Case(F, "log(x) - x - log(-expm1(-2*x))", "x=1e8", "float64", "ok", _scalar("x", 1e8, _vmf3_slope)),
    Case(F, VMF_WHERE, "x=1e-8", "float64", "ok", _scalar("x", 1e-8, _vmf3_shifted_slope)),
    # the untaken log(0) is -inf at any precision: its slope leaks NaN through the where
    Case(F, VMF_WHERE, "x=0", "float64", "wrong", _scalar("x", 0, _vmf3_shifted_slope)),
    # slopes -1/(1 + e^2e308) and 1/(1 + e^2e308): beyond float64, not 0
    Case(F, "logaddexp(x, y) - x", "x=1e308,y=-1e308", "float64", "ok",
         _pair(lambda a, b: (-1 / (1 + mpmath.exp(a - b)), 1 / (1 + mpmath.exp(a - b))), x=1e308, y=-1e308)),
    Case(F, "logaddexp(x, logaddexp(y, z)) - x", "x=-1e308,y=1e307,z=0", "float64", "ok",
         _triple(lambda a, b, c: (lambda p: (p[0] - 1, p[1], p[2]))(_softmax([a, b, c])), x=-1e308, y=1e307, z=0)),
    Case(F, "logaddexp(x, logaddexp(y, z)) - x", "x=1e308,y=1e308,z=-1e308", "float64", "unstable",
         _triple(lambda a, b, c: (lambda p: (p[0] - 1, p[1], p[2]))(_softmax([a, b, c])), x=1e308, y=1e308, z=-1e308)),
    # erfc(30) = 2.6e-393 underflows
    Case(F, "log(erfc(x))", "x=30", "float64", "unstable", _scalar("x", 30, _erfc_log_slope)),
    Case(F, "log(erfc(x))", "x=-30", "float64", "ok", _scalar("x", -30, _erfc_log_slope)),
    # log Q(2, x) = log(e^-x (1 + x)): e^-800 underflows; log1p(x) - x is the same function
    Case(F, "log(exp(-x)*(1 + x))", "x=800", "float64", "unstable", _scalar("x", 800, _log_survival2_slope)),
    Case(F, "log1p(x) - x", "x=800", "float64", "ok", _scalar("x", 800, _log_survival2_slope)),
    Case(F, "where(abs(x) <= 1, 0.5*x*x, abs(x) - 0.5)", "x=1", "float64", "ok", _scalar("x", 1, _huber_slope)),
    Case(F, "where(abs(x) <= 1, 0.5*x*x, abs(x) - 0.5)", "x=-1e-310", "float64", "ok", _scalar("x", -1e-310, _huber_slope)),
    Case(F, "log1p(x*x)", "x=1e200", "float64", "unstable", _scalar("x", 1e200, lambda x: 2 * x / (1 + x * x))),
    Case(F, "logaddexp(0, 2*log(abs(x)))", "x=1e200", "float64", "ok", _scalar("x", 1e200, lambda x: 2 * x / (1 + x * x))),
]

ALL = GN + FORMULAS
