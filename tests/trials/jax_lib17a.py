"""A user's JAX code, seventeenth round: sparsemax by sorting, hyperbolic (Poincare-ball) distances, great-circle
distances by the haversine and by the spherical law of cosines, the Langevin function, the von Mises-Fisher log
normaliser on the sphere, a relativistic kinetic energy's log, Plackett-Luce ranking likelihoods with a reversed
cumulative logsumexp, soft-DTW under jax.checkpoint, an ordinal (cumulative-logit) model with NamedTuple parameters,
a Chebyshev series by Clenshaw's recurrence in a fori_loop, a Gamma survival log-probability by gammaincc, a Chamfer
distance through vmap, wrapped angle differences, custom rules (a custom_jvp with a tangent off by a factor e^x, a
custom_vjp that forgets its cotangent, a custom_jvp whose where-guarded tangent leaks), a GARCH(1, 1) likelihood in a
scan with NamedTuple parameters, a truncated normal's log normaliser, and ndtri, spence, norm.logsf,
hyp1f1 and sici."""

from typing import NamedTuple

import jax
import jax.numpy as jnp
import jax.scipy.stats
from jax import lax
from jax.scipy.special import gammaincc, log_ndtr, logsumexp, ndtr

# --- sparsemax ----------------------------------------------------------------------------------------------------

W_SPARSE = jnp.array([1.0, -2.0, 0.5, 3.0])


def sparsemax(z):
    """The Euclidean projection of z onto the simplex (Martins and Astudillo), by sorting."""
    z_sorted = jnp.sort(z)[::-1]
    k = jnp.arange(1, z.shape[0] + 1)
    cumulative = jnp.cumsum(z_sorted)
    support = 1 + k * z_sorted > cumulative
    k_z = jnp.sum(support)
    tau = (jnp.sum(jnp.where(support, z_sorted, 0.0)) - 1.0) / k_z
    return jnp.maximum(z - tau, 0.0)


def sparsemax_score(z):
    return jnp.dot(sparsemax(z), W_SPARSE)


# --- hyperbolic distance --------------------------------------------------------------------------------------------

def _poincare_delta(u, v):
    sq = jnp.sum((u - v) ** 2)
    return 2.0 * sq / ((1.0 - jnp.sum(u ** 2)) * (1.0 - jnp.sum(v ** 2)))


def poincare_naive(u, v):
    """The Poincare-ball distance as the textbook writes it."""
    return jnp.arccosh(1.0 + _poincare_delta(u, v))


def poincare(u, v):
    """arccosh(1 + d) as log1p(d + sqrt(d (d + 2))): no 1 + d rounded."""
    d = _poincare_delta(u, v)
    return jnp.log1p(d + jnp.sqrt(d * (d + 2.0)))


# --- great-circle distances -------------------------------------------------------------------------------------------

def haversine(p, q):
    """The angle between two points given as [latitude, longitude] in radians."""
    dlat = q[0] - p[0]
    dlon = q[1] - p[1]
    a = jnp.sin(dlat / 2) ** 2 + jnp.cos(p[0]) * jnp.cos(q[0]) * jnp.sin(dlon / 2) ** 2
    return 2.0 * jnp.arcsin(jnp.sqrt(a))


def great_circle_acos(p, q):
    """The same angle by the spherical law of cosines."""
    c = jnp.sin(p[0]) * jnp.sin(q[0]) + jnp.cos(p[0]) * jnp.cos(q[0]) * jnp.cos(q[1] - p[1])
    return jnp.arccos(c)


# --- the Langevin function L(x) = coth(x) - 1/x ----------------------------------------------------------------------

def langevin_naive(x):
    return jnp.sum(1.0 / jnp.tanh(x) - 1.0 / x)


def langevin(x):
    """coth(x) - 1/x, its series below 1e-3 (the double-where pattern keeps the other branch's NaN out)."""
    small = jnp.abs(x) < 1e-3
    xs = jnp.where(small, 1.0, x)
    series = x / 3.0 - x ** 3 / 45.0 + 2.0 * x ** 5 / 945.0
    return jnp.sum(jnp.where(small, series, 1.0 / jnp.tanh(xs) - 1.0 / xs))


# --- von Mises-Fisher on the 2-sphere: log C(kappa) = log kappa - log(4 pi sinh kappa) --------------------------------

def vmf_log_norm_naive(kappa):
    return jnp.log(kappa) - jnp.log(4 * jnp.pi) - jnp.log(jnp.sinh(kappa))


def vmf_log_norm(kappa):
    """log sinh k = k + log1p(-e^(-2k)) - log 2: no overflow for large kappa."""
    return jnp.log(kappa) - jnp.log(2 * jnp.pi) - kappa - jnp.log1p(-jnp.exp(-2.0 * kappa))


# --- relativistic kinetic energy --------------------------------------------------------------------------------------

def log_kinetic_naive(p, m):
    return jnp.log(jnp.sqrt(p * p + m * m) - m)


def log_kinetic(p, m):
    """sqrt(p^2 + m^2) - m as p^2 / (sqrt(p^2 + m^2) + m)."""
    return jnp.log(p * p / (jnp.sqrt(p * p + m * m) + m))


# --- Plackett-Luce: scores in the observed order, best first ---------------------------------------------------------

def plackett_luce_nll(s):
    tails = lax.cumlogsumexp(s, reverse=True)
    return jnp.sum(tails - s)


def plackett_luce_naive(s):
    tails = jnp.log(jnp.cumsum(jnp.exp(s)[::-1])[::-1])
    return jnp.sum(tails - s)


# --- soft-DTW -----------------------------------------------------------------------------------------------------

GAMMA = 0.01
GAMMA_NAIVE = 0.001


@jax.checkpoint
def _softmin(a, b, c):
    return -GAMMA * logsumexp(-jnp.stack([a, b, c]) / GAMMA)


def _softmin_naive(a, b, c):
    return -GAMMA_NAIVE * jnp.log(jnp.exp(-a / GAMMA_NAIVE) + jnp.exp(-b / GAMMA_NAIVE) + jnp.exp(-c / GAMMA_NAIVE))


def _soft_dtw(x, y, softmin):
    cost = (x[:, None] - y[None, :]) ** 2
    n, m = cost.shape
    big = 1e10
    rows = [[None] * (m + 1) for _ in range(n + 1)]
    for i in range(n + 1):
        for j in range(m + 1):
            rows[i][j] = jnp.asarray(0.0 if i == j == 0 else big)
    for i in range(1, n + 1):
        for j in range(1, m + 1):
            rows[i][j] = cost[i - 1, j - 1] + softmin(rows[i - 1][j - 1], rows[i - 1][j], rows[i][j - 1])
    return rows[n][m]


def soft_dtw(x, y):
    return _soft_dtw(x, y, _softmin)


def soft_dtw_naive(x, y):
    return _soft_dtw(x, y, _softmin_naive)


# --- an ordinal regression with NamedTuple parameters -----------------------------------------------------------------

class Ordinal(NamedTuple):
    cuts: jnp.ndarray
    w: jnp.ndarray


def _eta(params, x):
    return jnp.dot(params.w, x)


def ordinal_middle_naive(params, x):
    """-log P(y = 1) = -log(sigmoid(c1 - eta) - sigmoid(c0 - eta))."""
    eta = _eta(params, x)
    return -jnp.log(jax.nn.sigmoid(params.cuts[1] - eta) - jax.nn.sigmoid(params.cuts[0] - eta))


def ordinal_middle(params, x):
    """The same probability as sigmoid(a) sigmoid(-b) (1 - e^(b - a)), in logs."""
    eta = _eta(params, x)
    a, b = params.cuts[1] - eta, params.cuts[0] - eta
    return -(jax.nn.log_sigmoid(a) + jax.nn.log_sigmoid(-b) + jnp.log(-jnp.expm1(b - a)))


def ordinal_args():
    return {"params": Ordinal(cuts=jnp.array([0.0, 1.0]), w=jnp.array([-20.0, 10.0])), "x": jnp.array([1.5, -1.0])}


# --- a Chebyshev series by Clenshaw's recurrence ------------------------------------------------------------------

CHEB = jnp.array([0.5, -1.0, 0.25, 2.0, -0.75])


def chebyshev(x):
    def body(k, carry):
        b1, b2 = carry
        c = CHEB[CHEB.shape[0] - 1 - k]
        return 2.0 * x * b1 - b2 + c, b1

    b1, b2 = lax.fori_loop(0, CHEB.shape[0] - 1, body, (jnp.zeros_like(x), jnp.zeros_like(x)))
    return jnp.sum(x * b1 - b2 + CHEB[0])


# --- a Gamma survival log-probability ---------------------------------------------------------------------------------

SHAPE = 2.5


def gamma_log_survival(x):
    return jnp.sum(jnp.log(gammaincc(SHAPE, x)))


# --- a Chamfer distance through vmap ---------------------------------------------------------------------------------

def _nearest(p, cloud):
    return jnp.min(jnp.sum((cloud - p) ** 2, axis=-1))


def chamfer(P, Q):
    return jnp.mean(jax.vmap(_nearest, (0, None))(P, Q)) + jnp.mean(jax.vmap(_nearest, (0, None))(Q, P))


# --- wrapped angles ---------------------------------------------------------------------------------------------------

def wrapped_sq(a, b):
    d = jnp.arctan2(jnp.sin(a - b), jnp.cos(a - b))
    return jnp.sum(d * d)


# --- custom rules ---------------------------------------------------------------------------------------------------

@jax.custom_jvp
def log1mexp(x):
    """log(1 - e^x) for x < 0."""
    return jnp.log(-jnp.expm1(x))


@log1mexp.defjvp
def _log1mexp_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return log1mexp(x), t / jnp.expm1(x)


def log1mexp_sum(x):
    return jnp.sum(log1mexp(x))


@jax.custom_vjp
def root(x):
    return jnp.sqrt(x)


def _root_fwd(x):
    return jnp.sqrt(x), x


def _root_bwd(x, g):
    return (0.5 / jnp.sqrt(x),)


root.defvjp(_root_fwd, _root_bwd)


def root_sum(x):
    return jnp.sum(root(x))


def root_energy(x):
    return jnp.sum(root(x) ** 2)


@jax.custom_jvp
def xsq_log(x):
    """x^2 log x, 0 at 0."""
    safe = jnp.where(x > 0, x, 1.0)
    return jnp.where(x > 0, x * x * jnp.log(safe), 0.0)


@xsq_log.defjvp
def _xsq_log_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return xsq_log(x), jnp.where(x > 0, t * (2.0 * x * jnp.log(x) + x), 0.0)


def xsq_log_sum(x):
    return jnp.sum(xsq_log(x))


# --- GARCH(1, 1) ----------------------------------------------------------------------------------------------------

class Garch(NamedTuple):
    omega: jnp.ndarray
    alpha: jnp.ndarray
    beta: jnp.ndarray


RETURNS = jnp.array([0.5, -1.0, 0.25, 2.0, -0.375])


def garch_nll(params, r):
    """The Gaussian negative log-likelihood of returns under GARCH(1, 1), started at the stationary variance."""
    var0 = params.omega / (1.0 - params.alpha - params.beta)

    def step(var, r_prev):
        var = params.omega + params.alpha * r_prev ** 2 + params.beta * var
        return var, var

    _, rest = lax.scan(step, var0, r[:-1])
    var = jnp.concatenate([var0[None], rest])
    return 0.5 * jnp.sum(jnp.log(var) + r ** 2 / var)


def garch_args():
    return {"params": Garch(jnp.array(0.1), jnp.array(0.2), jnp.array(0.7)), "r": RETURNS}


def garch_args_integrated():
    return {"params": Garch(jnp.array(1e-6), jnp.array(0.2), jnp.array(0.7999999999)), "r": RETURNS}


# --- a truncated normal's log normaliser log(Phi(b) - Phi(a)) -------------------------------------------------------

def truncnorm_log_z_naive(a, b):
    return jnp.log(ndtr(b) - ndtr(a))


def truncnorm_log_z(a, b):
    """For 0 < a < b: Phi(-a) - Phi(-b), in logs."""
    upper, lower = log_ndtr(-a), log_ndtr(-b)
    return upper + jnp.log1p(-jnp.exp(lower - upper))


# --- SciPy's special functions in JAX ----------------------------------------------------------------------------

def probit_sum(p):
    """The standard normal quantile (norm.ppf), summed."""
    return jnp.sum(jax.scipy.special.ndtri(p))


def dilog_sum(x):
    return jnp.sum(jax.scipy.special.spence(x))


def norm_logsf_sum(x):
    """log P(Z > x) for a standard normal."""
    return jnp.sum(jax.scipy.stats.norm.logsf(x))


def kummer_sum(x):
    """Kummer's confluent hypergeometric 1F1(3/2; 5/2; x), summed."""
    return jnp.sum(jax.scipy.special.hyp1f1(1.5, 2.5, x))


def sine_integral_sum(x):
    return jnp.sum(jax.scipy.special.sici(x)[0])
