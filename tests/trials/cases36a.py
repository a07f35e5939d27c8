"""The thirty-sixth trial set (first part): in JAX, radio channels (a Rician envelope's log-density by log(i0), whose
Bessel function overflows at x nu = 800, and by i0e; the Rician mean by the Laguerre function's Bessel form, i0(900)
times e^-450, and by i0e/i1e; a Nakagami log-density by gammaln at a fading figure of 1e8, where log m - digamma(m)
cancels to 5e-9; a custom_jvp log I0 right, with its division by I0 forgotten, and at 0, where |x| and i0e each have a
kink its sum has not), flood frequency (the generalised extreme value log-density in its shape xi at 1e-9, where
(1 + xi z)^(-1/xi) loses seven digits, and at the Gumbel limit xi = 0 behind one where (the idle log1p(0)/0 leaks, and
the limit's branch has no slope in xi), a double where with the limit's series, and lax.cond, whose Gumbel branch has
no slope in xi either; a 100-year return level at xi = 1e-12 naive and by expm1, whose quotient rule still cancels; a
GEV fitted to annual maxima from a parameter tree, --wrt by path; the per-sample scores' slopes by jax.vmap of
jax.grad through the series), teletraffic (Erlang's blocking probability by its recursion in lax.fori_loop, in float32
where it underflows to a right 0, by powers over factorials where 200^150 overflows, by jax.scipy.stats.poisson, behind
a custom_vjp with dB/da = B (n/a - 1 + B) right and with a sign slipped, Erlang C; waiting times by Lindley's recursion
in lax.scan at a customer who arrives exactly as the server frees, a kink), biodiversity (Hill numbers at q = 1 + 1e-9,
naive and by logsumexp, which cancels just as much, and by the Shannon limit's series behind a double where, also at
q = 1; the inverse Simpson index), room acoustics (Eyring's reverberation time by log(1 - alpha) at alpha = 1e-10 and by
log1p, and at alpha = 1, where the room has no echo and no slope) and jax.nn's selu (a kink at 0), celu (C1 there,
of a max and a min), soft_sign (smooth, of an abs) and hard_tanh (corners at +-1). In plain NumPy and SciPy the same
as legacy code writes them, with scipy.special.i0/i0e, expm1 and log1p, scipy.stats.rice and genextreme (SciPy's
c = -xi), a Python branch onto the Gumbel limit at xi == 0 and onto the Shannon entropy by entr at q == 1, Erlang B by
a for loop, by math.factorial, by scipy.stats.poisson and scipy.special.pdtr, and Lindley's recursion by Python's max.

Truths are the mathematics written here in mpmath (closed forms, Bessel and confluent hypergeometric functions, sums,
or mpmath.diff at 2,000 digits through `num_grad` of the formulas restated), never the user files' code; points are
the numbers the dtype holds, constants the numbers the program writes. A coordinate with no derivative is NaN.
"""

import math

import mpmath

from cases import Case, mp
from cases5 import _in, hp
from cases12a import _f, num_grad
from cases22b import _each

J, N = "jax_lib36a.py", "numpy_lib36a.py"
NAN = mpmath.nan


def _fixed(name, values):
    return lambda: {name: [mp(v) for v in values] if isinstance(values, list) else mp(values)}


# --- radio channels --------------------------------------------------------------------------------------------------


def _rice_ratio(u):
    return mpmath.besseli(1, u) / mpmath.besseli(0, u)


def _rice_slopes(x, nu, dtype="float64"):
    """d/dx = 1/x - x + nu I1(x nu)/I0(x nu), d/dnu = -nu + x I1(x nu)/I0(x nu) (unit scatter)."""
    def truth():
        (xv,), (nv,) = _in(dtype, [x]), _in(dtype, [nu])
        r = _rice_ratio(xv * nv)
        return {"x": 1 / xv - xv + nv * r, "nu": -nv + xv * r}
    return hp(truth)


def _rice_pdf(scale):
    """The Rician density of scale s at x, shape b = nu / s: (x / s^2) e^(-(x^2 + nu^2) / (2 s^2)) I0(x nu / s^2)."""
    def pdf(x, nu):
        return x / scale ** 2 * mpmath.exp(-(x * x + nu * nu) / (2 * scale ** 2)) * mpmath.besseli(0, x * nu / scale ** 2)
    return pdf


def _rice_mean(nu):
    return mpmath.sqrt(mpmath.pi / 2) * mpmath.hyp1f1(-mp(1) / 2, 1, -nu * nu / 2)


def _nakagami_score(m):
    """d/dm of the Nakagami log-density at x = Omega = 1: log m - digamma(m)."""
    return mpmath.log(m) - mpmath.digamma(m)


def _nakagami_curvature(m):
    return 1 / m - mpmath.psi(1, m)


ENVELOPES = [0.8, 1.7, 2.4]


def _loglik_slope(nu):
    return sum(-nu + _f(x) * _rice_ratio(_f(x) * nu) for x in ENVELOPES)


# --- flood frequency -------------------------------------------------------------------------------------------------

FLOOD = mp("1.5")


def _gev_y(xi, z):
    """log1p(xi z) / xi, z at xi = 0."""
    return z if xi == 0 else mpmath.log1p(xi * z) / xi


def _gev_logpdf(xi, z=FLOOD):
    y = _gev_y(xi, z)
    return -y - xi * y - mpmath.exp(-y)


def _gev_scores(xis):
    """The second derivative in xi of the GEV log-density at each shape."""
    return hp(lambda: {"xis": [mpmath.diff(_gev_logpdf, v, 2) for v in _in("float64", xis)]})


def _return_level(log_y):
    """mu + sigma expm1(-xi log y) / xi, mu = 120, sigma = 35 (the program's log y, as it rounds y)."""
    def level(xi):
        return 120 + 35 * (-log_y if xi == 0 else mpmath.expm1(-xi * log_y) / xi)
    return level


LOG_Y_NAIVE = mpmath.log(_f(-math.log(1 - 0.01)))
LOG_Y_LOG1P = mpmath.log(_f(-math.log1p(-0.01)))
MAXIMA = [96.0, 143.0, 121.0, 188.0, 110.0, 132.0, 167.0, 101.0, 154.0, 126.0]


def _gev_fit_loss(loc, log_scale, shape):
    total = 0
    for m in MAXIMA:
        z = (_f(m) - loc) / mpmath.exp(log_scale)
        y = _gev_y(shape, z)
        total += log_scale + (1 + shape) * y + mpmath.exp(-y)
    return total


def _gev_fit(names):
    def truth():
        at = {"loc": mp(125), "log_scale": _f(math.log(30.0)), "shape": _f(0.1)}
        slopes = {n: mpmath.diff(lambda v, n=n: _gev_fit_loss(**dict(at, **{n: v})), at[n]) for n in at}
        return {"params." + n: slopes[n] for n in names}
    return hp(truth)


def _gev_cdf(x, xi):
    """SciPy's genextreme.cdf at loc 120, scale 35, c = -xi: exp(-e^-y)."""
    return mpmath.exp(-mpmath.exp(-_gev_y(xi, (x - 120) / 35)))


def _gev_logsf(x, c):
    """log(1 - exp(-e^-y)), y = -log1p(-c x) / c (SciPy's shape c)."""
    return mpmath.log(-mpmath.expm1(-mpmath.exp(-_gev_y(-c, x))))


# --- teletraffic -----------------------------------------------------------------------------------------------------


def _erlang_b(n):
    """a^n / n! over sum_k a^k / k!."""
    return lambda traffic: (traffic ** n / mpmath.factorial(n)) / sum(traffic ** k / mpmath.factorial(k)
                                                                     for k in range(n + 1))


def _erlang_c(traffic):
    b = _erlang_b(50)(traffic)
    return b / (1 - traffic / 50 * (1 - b))


# --- biodiversity, rooms ---------------------------------------------------------------------------------------------

ABUNDANCE = [mp("0.5"), mp("0.25"), mp("0.25")]


def _hill(q):
    return sum(p ** q for p in ABUNDANCE) ** (1 / (1 - q))


def _hill_at_one():
    """D'(1) = -V/2 e^H, V the variance of log p: the removable point's slope."""
    logs = [mpmath.log(p) for p in ABUNDANCE]
    shannon = -sum(p * v for p, v in zip(ABUNDANCE, logs))
    spread = sum(p * v * v for p, v in zip(ABUNDANCE, logs)) - shannon ** 2
    return {"q": -spread / 2 * mpmath.exp(shannon)}


def _simpson_slopes(p):
    """d/dp_i of 1 / sum p^2 = -2 p_i / (sum p^2)^2."""
    def truth():
        ps = _in("float64", p)
        s = sum(v * v for v in ps)
        return {"p": [-2 * v / s ** 2 for v in ps]}
    return hp(truth)


def _eyring_slope(dtype="float64"):
    """d/dalpha of -A / (220 log(1 - alpha)): -A / (220 (1 - alpha) log(1 - alpha)^2); none at 1. A is 0.161 * 200
    as Python multiplies it, then taken into the dtype of alpha (a weak constant in JAX)."""
    numerator = _in(dtype, [0.161 * 200.0])[0]

    def slope(alpha):
        return NAN if alpha == 1 else -numerator / (220 * (1 - alpha) * mpmath.log1p(-alpha) ** 2)
    return slope


# --- activations -----------------------------------------------------------------------------------------------------

SELU_SCALE, SELU_ALPHA = _f(1.0507009873554804934193349852946), _f(1.6732632423543772848170429916717)
POINTS = [0, 1, -1, 0.5]


def _activation(slope):
    return hp(lambda: {"x": [slope(v) for v in _in("float64", POINTS)]})


def _selu(x):
    return NAN if x == 0 else (SELU_SCALE if x > 0 else SELU_SCALE * SELU_ALPHA * mpmath.exp(x))


def _celu(x):
    return 1 if x >= 0 else mpmath.exp(x / mp("0.5"))


def _soft_sign(x):
    return 1 / (1 + abs(x)) ** 2


def _hard_tanh(x):
    return NAN if abs(x) == 1 else (1 if abs(x) < 1 else 0)


JAX = [
    # --- radio channels
    Case(J, "rice_logpdf", "x=1,nu=1", "float64", "ok", _rice_slopes(1, 1)),
    # i0(800) overflows: log(inf), and its slope i1/i0 is inf/inf
    Case(J, "rice_logpdf", "x=20,nu=40", "float64", "unstable", _rice_slopes(20, 40),
         "return jnp.log(x) - (x ** 2 + nu ** 2) / 2.0 + jnp.log(i0(x * nu))"),
    Case(J, "rice_logpdf_stable", "x=20,nu=40", "float64", "ok", _rice_slopes(20, 40)),
    Case(J, "rice_logpdf_stable", "x=1,nu=1", "float32", "ok", _rice_slopes(1, 1, "float32")),
    Case(J, "rice_logpdf_stable", "x=1e-300,nu=2", "float64", "ok", _rice_slopes(1e-300, 2)),
    Case(J, "rice_mean", "nu=1", "float64", "ok", num_grad(_rice_mean, nu=1)),
    # e^-450 underflows times i0(450) overflowing
    Case(J, "rice_mean", "nu=60", "float64", "unstable", num_grad(_rice_mean, nu=60)),
    Case(J, "rice_mean_stable", "nu=60", "float64", "ok", num_grad(_rice_mean, nu=60)),
    Case(J, "rice_mean_stable", "nu=0", "float64", "ok", _fixed("nu", 0)),
    Case(J, "nakagami_logpdf", "m=2", "float64", "ok", _each("m", _nakagami_score, [2])),
    # m log m - gammaln(m) - m: terms of 1.8e9 leave 9; its slope log m - digamma(m) = 5e-9 from terms of 18
    Case(J, "nakagami_logpdf", "m=100000000", "float64", "unstable", _each("m", _nakagami_score, [1e8])),
    Case(J, "nakagami_score", "m=2", "float64", "ok", _each("m", _nakagami_curvature, [2])),
    Case(J, "nakagami_score", "m=100000000", "float64", "unstable", _each("m", _nakagami_curvature, [1e8])),
    Case(J, "rice_loglik", "nu=1.3", "float64", "ok", _each("nu", _loglik_slope, [1.3])),
    # |x| and i0e = e^-|x| I0 both kink at 0; log I0 does not
    Case(J, "rice_loglik", "nu=0", "float64", "ok", _fixed("nu", 0)),
    Case(J, "rice_loglik_bad", "nu=1.3", "float64", "wrong", _each("nu", _loglik_slope, [1.3]), "def _log_i0_bad_jvp"),
    # I1 is 0 at 0: the forgotten division by I0 is harmless there
    Case(J, "rice_loglik_bad", "nu=0", "float64", "ok", _fixed("nu", 0)),
    # --- flood frequency
    Case(J, "gev_logpdf", "xi=0.1", "float64", "ok", num_grad(_gev_logpdf, xi=0.1)),
    # 1 + 1.5e-9 keeps seven digits, raised to -1e9
    Case(J, "gev_logpdf", "xi=1e-09", "float64", "unstable", num_grad(_gev_logpdf, xi=1e-9)),
    Case(J, "gev_logpdf", "xi=-0.2", "float32", "ok", num_grad(_gev_logpdf, "float32", xi=-0.2)),
    # the idle log1p(0)/0's NaN slope leaks, and the limit's branch has no slope in xi where the density has
    Case(J, "gev_logpdf_where", "xi=0", "float64", "wrong", num_grad(_gev_logpdf, xi=0),
         "y = jnp.where(xi == 0.0, FLOOD, jnp.log1p(xi * FLOOD) / xi)"),
    Case(J, "gev_logpdf_where", "xi=0.1", "float64", "ok", num_grad(_gev_logpdf, xi=0.1)),
    Case(J, "gev_logpdf_safe", "xi=0", "float64", "ok", num_grad(_gev_logpdf, xi=0)),
    Case(J, "gev_logpdf_safe", "xi=1e-09", "float64", "ok", num_grad(_gev_logpdf, xi=1e-9)),
    Case(J, "gev_logpdf_safe", "xi=-0.2", "float64", "ok", num_grad(_gev_logpdf, xi=-0.2)),
    Case(J, "gev_logpdf_safe", "xi=0", "float32", "ok", num_grad(_gev_logpdf, "float32", xi=0)),
    # lax.cond runs the Gumbel branch only: no NaN, but no slope in xi either
    Case(J, "gev_logpdf_cond", "xi=0", "float64", "wrong", num_grad(_gev_logpdf, xi=0)),
    Case(J, "gev_logpdf_cond", "xi=0.1", "float64", "ok", num_grad(_gev_logpdf, xi=0.1)),
    Case(J, "return_level", "xi=0.1", "float64", "ok", num_grad(_return_level(LOG_Y_NAIVE), xi=0.1)),
    Case(J, "return_level", "xi=1e-12", "float64", "unstable", num_grad(_return_level(LOG_Y_NAIVE), xi=1e-12),
         "return mu - sigma / xi * (1.0 - y ** (-xi))"),
    # expm1 keeps the level's digits, but its slope E'/xi - E/xi^2 cancels 4.6e12 against 4.6e12
    Case(J, "return_level_expm1", "xi=1e-12", "float64", "unstable", num_grad(_return_level(LOG_Y_LOG1P), xi=1e-12)),
    Case(J, "return_level_expm1", "xi=-0.1", "float64", "ok", num_grad(_return_level(LOG_Y_LOG1P), xi=-0.1)),
    Case(J, "gev_fit", None, "float64", "ok", _gev_fit(["loc", "log_scale", "shape"]), args="gev_args", wrt="params"),
    Case(J, "gev_scores", "xis=[0,0.1,-0.2]", "float64", "ok", _gev_scores([0, 0.1, -0.2])),
    # --- teletraffic
    Case(J, "erlang_b", "traffic=40", "float64", "ok", num_grad(_erlang_b(50), traffic=40)),
    Case(J, "erlang_b", "traffic=40", "float32", "ok", num_grad(_erlang_b(50), "float32", traffic=40)),
    Case(J, "erlang_b", "traffic=0.001", "float64", "ok", num_grad(_erlang_b(50), traffic=0.001)),
    # B = 3e-80 and its slope 8e-78 are below float32's least subnormal: 0 is their float32
    Case(J, "erlang_b", "traffic=0.5", "float32", "ok", num_grad(_erlang_b(50), "float32", traffic=0.5)),
    # no overflow, but the backward's g / k! for k near 150 is below 2.2e-308, and XLA flushes subnormals to 0:
    # those terms' share of the slope is lost, 7e-6 of it
    Case(J, "erlang_b_power", "traffic=100", "float64", "unstable", num_grad(_erlang_b(150), traffic=100)),
    Case(J, "erlang_b_power", "traffic=20", "float64", "ok", num_grad(_erlang_b(150), traffic=20)),
    # 200^150 overflows: inf / inf
    Case(J, "erlang_b_power", "traffic=200", "float64", "unstable", num_grad(_erlang_b(150), traffic=200)),
    Case(J, "erlang_b_poisson", "traffic=40", "float64", "ok", num_grad(_erlang_b(50), traffic=40)),
    Case(J, "erlang_b_poisson", "traffic=0.001", "float64", "ok", num_grad(_erlang_b(50), traffic=0.001)),
    Case(J, "erlang_b_rule", "traffic=40", "float64", "ok", num_grad(_erlang_b(50), traffic=40)),
    Case(J, "erlang_b_rule_bad", "traffic=40", "float64", "wrong", num_grad(_erlang_b(50), traffic=40),
         "def _erlang_bad_bwd"),
    Case(J, "erlang_c", "traffic=40", "float64", "ok", num_grad(_erlang_c, traffic=40)),
    Case(J, "lindley_waits", "service=[1.5,0.8,1.7,0.9,0.3]", "float64", "ok", _fixed("service", [4, 3, 2, 1, 0])),
    # 0.8 + 1.2 is 2 exactly as the floats add: the third customer arrives as the server frees
    Case(J, "lindley_waits", "service=[1.5,0.8,1.2,0.9,0.3]", "float64", "domain",
         _fixed("service", [NAN, NAN, NAN, 1, 0])),
    # --- biodiversity
    Case(J, "hill_number", "q=2", "float64", "ok", num_grad(_hill, q=2)),
    Case(J, "hill_number", "q=0", "float64", "ok", num_grad(_hill, q=0)),
    # sum p^q = 1 + 1e-9 H keeps seven digits of its excess, raised to -1e9
    Case(J, "hill_number", "q=1.000000001", "float64", "unstable", num_grad(_hill, q=1.000000001)),
    Case(J, "hill_number_lse", "q=1.000000001", "float64", "unstable", num_grad(_hill, q=1.000000001)),
    Case(J, "hill_number_lse", "q=0.5", "float64", "ok", num_grad(_hill, q=0.5)),
    Case(J, "hill_number_safe", "q=1.000000001", "float64", "ok", num_grad(_hill, q=1.000000001)),
    Case(J, "hill_number_safe", "q=1", "float64", "ok", hp(_hill_at_one)),
    Case(J, "hill_number_safe", "q=3", "float64", "ok", num_grad(_hill, q=3)),
    Case(J, "simpson_diversity", "p=[0.5,0.3,0.2]", "float64", "ok", _simpson_slopes([0.5, 0.3, 0.2])),
    # --- rooms
    Case(J, "eyring_time", "alpha=0.3", "float64", "ok", _each("alpha", _eyring_slope(), [0.3])),
    Case(J, "eyring_time", "alpha=1e-10", "float64", "unstable", _each("alpha", _eyring_slope(), [1e-10]),
         "return 0.161 * VOLUME / (-SURFACE * jnp.log(1.0 - alpha))"),
    Case(J, "eyring_time_log1p", "alpha=1e-10", "float64", "ok", _each("alpha", _eyring_slope(), [1e-10])),
    Case(J, "eyring_time_log1p", "alpha=0.3", "float32", "ok",
         _each("alpha", _eyring_slope("float32"), [0.3], "float32")),
    Case(J, "eyring_time_log1p", "alpha=1", "float64", "domain", _each("alpha", _eyring_slope(), [1])),
    # --- activations
    Case(J, "selu_at", "x=[0,1,-1,0.5]", "float64", "domain", _activation(_selu)),
    Case(J, "celu_at", "x=[0,1,-1,0.5]", "float64", "ok", _activation(_celu)),
    Case(J, "soft_sign_at", "x=[0,1,-1,0.5]", "float64", "ok", _activation(_soft_sign)),
    Case(J, "hard_tanh_at", "x=[0,1,-1,0.5]", "float64", "domain", _activation(_hard_tanh)),
    # --- input errors a user makes
    Case(J, "gev_fit", None, "float32", "input-error", args="gev_args", wrt="params.sigma", message=("sigma",)),
    Case(J, "rice_logpdf", "x=1", "float64", "input-error", message=("nu",)),
]


NUMPY = [
    Case(N, "rice_logpdf", "x=1,nu=1", "float64", "ok", _rice_slopes(1, 1)),
    Case(N, "rice_logpdf", "x=20,nu=40", "float64", "unstable", _rice_slopes(20, 40),
         "return np.log(x) - (x ** 2 + nu ** 2) / 2 + np.log(i0(x * nu))"),
    Case(N, "rice_logpdf_stable", "x=20,nu=40", "float64", "ok", _rice_slopes(20, 40)),
    Case(N, "rice_logpdf_stats", "x=1,nu=1", "float64", "ok", _rice_slopes(1, 1)),
    Case(N, "rice_logpdf_stats", "x=20,nu=40", "float64", "ok", _rice_slopes(20, 40)),
    Case(N, "rice_pdf_stats", "x=3,nu=2", "float64", "ok", num_grad(_rice_pdf(2), x=3, nu=2)),
    Case(N, "gev_logpdf_stats", "xi=0.1", "float64", "ok", num_grad(_gev_logpdf, xi=0.1)),
    Case(N, "gev_logpdf_stats", "xi=0", "float64", "ok", num_grad(_gev_logpdf, xi=0)),
    Case(N, "gev_logpdf_stats", "xi=1e-09", "float64", "ok", num_grad(_gev_logpdf, xi=1e-9)),
    Case(N, "gev_cdf_stats", "x=150,xi=0.1", "float64", "ok", num_grad(_gev_cdf, x=150, xi=0.1)),
    Case(N, "gev_cdf_stats", "x=150,xi=0", "float64", "ok", num_grad(_gev_cdf, x=150, xi=0)),
    Case(N, "gev_logsf_stats", "x=1,c=0", "float64", "ok", num_grad(_gev_logsf, x=1, c=0)),
    Case(N, "gev_logsf_stats", "x=-2,c=0.3", "float64", "ok", num_grad(_gev_logsf, x=-2, c=0.3)),
    # the branch at xi == 0 is the Gumbel limit, which has no slope in xi where the density has
    Case(N, "gev_logpdf", "xi=0", "float64", "wrong", num_grad(_gev_logpdf, xi=0)),
    Case(N, "gev_logpdf", "xi=0.1", "float64", "ok", num_grad(_gev_logpdf, xi=0.1)),
    Case(N, "return_level", "xi=1e-12", "float64", "unstable", num_grad(_return_level(LOG_Y_NAIVE), xi=1e-12),
         "return 120.0 - 35.0 / xi * (1 - y ** (-xi))"),
    Case(N, "return_level", "xi=0.1", "float64", "ok", num_grad(_return_level(LOG_Y_NAIVE), xi=0.1)),
    Case(N, "return_level_expm1", "xi=1e-12", "float64", "unstable", num_grad(_return_level(LOG_Y_LOG1P), xi=1e-12)),
    Case(N, "return_level_special", "xi=0.1", "float64", "ok", num_grad(_return_level(LOG_Y_LOG1P), xi=0.1)),
    Case(N, "return_level_special", "xi=-0.3", "float64", "ok", num_grad(_return_level(LOG_Y_LOG1P), xi=-0.3)),
    Case(N, "erlang_b", "traffic=40", "float64", "ok", num_grad(_erlang_b(50), traffic=40)),
    Case(N, "erlang_b", "traffic=0.001", "float64", "ok", num_grad(_erlang_b(50), traffic=0.001)),
    Case(N, "erlang_b_factorial", "traffic=100", "float64", "ok", num_grad(_erlang_b(150), traffic=100)),
    Case(N, "erlang_b_factorial", "traffic=200", "float64", "unstable", num_grad(_erlang_b(150), traffic=200)),
    Case(N, "erlang_b_poisson", "traffic=40", "float64", "ok", num_grad(_erlang_b(50), traffic=40)),
    Case(N, "erlang_b_pdtr", "traffic=40", "float64", "ok", num_grad(_erlang_b(50), traffic=40)),
    Case(N, "lindley_waits", "service=[1.5,0.8,1.7,0.9,0.3]", "float64", "ok", _fixed("service", [4, 3, 2, 1, 0])),
    Case(N, "lindley_waits", "service=[1.5,0.8,1.2,0.9,0.3]", "float64", "domain",
         _fixed("service", [NAN, NAN, NAN, 1, 0])),
    Case(N, "hill_number", "q=2", "float64", "ok", num_grad(_hill, q=2)),
    Case(N, "hill_number", "q=1.000000001", "float64", "unstable", num_grad(_hill, q=1.000000001)),
    # the branch at q == 1 is the Shannon limit's value, constant in q where the Hill number's slope is -0.17
    Case(N, "hill_number", "q=1", "float64", "wrong", hp(_hill_at_one)),
    Case(N, "eyring_time", "alpha=1e-10", "float64", "unstable", _each("alpha", _eyring_slope(), [1e-10]),
         "return 0.161 * 200.0 / (-220.0 * np.log(1 - alpha))"),
    Case(N, "eyring_time_log1p", "alpha=1e-10", "float64", "ok", _each("alpha", _eyring_slope(), [1e-10])),
    Case(N, "eyring_time_log1p", "alpha=1", "float64", "domain", _each("alpha", _eyring_slope(), [1])),
    Case(N, "eyring_time", "alpha=0.3,beta=1", "float64", "input-error", message=("beta",)),
    Case(N, "gev_logpdf_stats", "shape=0.1", "float64", "input-error", message=("shape",)),
]

ALL = JAX + NUMPY
