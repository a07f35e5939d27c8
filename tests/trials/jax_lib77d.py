"""A user's JAX code, seventy-seventh round (d): forecasting on short series. Simple exponential smoothing by a Python
loop and by lax.scan (alpha direct and through a sigmoid), Holt's linear trend by lax.scan, an AR(2) recurrence's
10-step forecast, its largest root and its stationary variance, the Box-Cox transform (jnp.where at lambda = 0, and the
"safe" double where), RMSLE on log1p targets, MAPE, sMAPE (plain and with the 0/0 guarded by jnp.where), MASE, the
multi-quantile pinball loss, the CRPS of a Gaussian by erf, a DeepAR negative-binomial likelihood with
jax.scipy.special.gammaln and softplus for the dispersion, a Student-t likelihood, the Tweedie deviance, the Poisson
deviance (naive and by xlogy), seasonal differencing undone by a cumulative sum, and a window normalised by its
standard deviation (plain, + eps, and RevIN's sqrt(var + eps))."""

import jax
import jax.numpy as jnp
from jax.scipy.special import gammaln, xlogy

Y = jnp.array([3.0, 5.0, 4.0, 6.0, 7.0, 6.5])  # a short training series
TEST = jnp.array([7.0, 8.0, 6.0])
COUNTS = jnp.array([0.0, 3.0, 7.0, 1.0])  # demand counts, with a zero
HIST_LAST = jnp.array([10.0, 12.0, 9.0, 11.0])  # the last season of history (period 4)
TARGET = jnp.array([11.0, 12.5, 8.0, 12.0, 11.5, 13.0, 9.5, 12.0])
W = jnp.array([1.0, -2.0, 3.0, 0.5, -1.0, 2.0])  # a readout of the normalised window
QUANTILES = jnp.array([0.1, 0.5, 0.9])


# ------------------------------------------------------------------------------------------------- smoothing
def ses_sse(alpha):
    level = Y[0]
    sse = 0.0
    for t in range(1, Y.shape[0]):
        err = Y[t] - level
        sse = sse + err ** 2
        level = alpha * Y[t] + (1 - alpha) * level
    return sse


def ses_scan(y, alpha):
    def step(level, y_t):
        err = y_t - level
        return level + alpha * err, err ** 2
    _, sq = jax.lax.scan(step, y[0], y[1:])
    return jnp.sum(sq)


def ses_logit(theta):
    alpha = jax.nn.sigmoid(theta)  # keeps alpha in (0, 1)
    return ses_scan(Y.astype(theta.dtype), alpha)


def holt_sse(alpha, beta):
    def step(carry, y_t):
        level, trend = carry
        forecast = level + trend
        new_level = alpha * y_t + (1 - alpha) * forecast
        new_trend = beta * (new_level - level) + (1 - beta) * trend
        return (new_level, new_trend), (y_t - forecast) ** 2
    y = Y.astype(alpha.dtype)
    _, sq = jax.lax.scan(step, (y[0], y[1] - y[0]), y[1:])
    return jnp.sum(sq)


# ------------------------------------------------------------------------------------------------- AR(2)
def ar2_forecast(phi):
    y0, y1 = Y[-2].astype(phi.dtype), Y[-1].astype(phi.dtype)
    for _ in range(10):
        y0, y1 = y1, phi[0] * y1 + phi[1] * y0
    return y1


def ar2_max_root(phi):
    """The larger root of z^2 - phi1 z - phi2 (real roots assumed)."""
    return (phi[0] + jnp.sqrt(phi[0] ** 2 + 4 * phi[1])) / 2


def ar2_gamma0(phi):
    """The stationary variance of an AR(2) with unit noise variance."""
    return (1 - phi[1]) / ((1 + phi[1]) * ((1 - phi[1]) ** 2 - phi[0] ** 2))


# ------------------------------------------------------------------------------------------------- transforms
def boxcox(y, lam):
    return jnp.sum(jnp.where(lam == 0, jnp.log(y), (y ** lam - 1) / lam))


def boxcox_safe(y, lam):
    lam_safe = jnp.where(lam == 0, 1.0, lam)
    return jnp.sum(jnp.where(lam == 0, jnp.log(y), (y ** lam_safe - 1) / lam_safe))


def rmsle(pred):
    target = TEST.astype(pred.dtype)
    return jnp.sqrt(jnp.mean((jnp.log1p(pred) - jnp.log1p(target)) ** 2))


# ------------------------------------------------------------------------------------------------- point metrics
def mape(f, y):
    return jnp.mean(jnp.abs(y - f) / jnp.abs(y))


def mape_eps(f, y):
    return jnp.mean(jnp.abs(y - f) / jnp.maximum(jnp.abs(y), 1e-8))


def smape(f, y):
    return jnp.mean(2 * jnp.abs(y - f) / (jnp.abs(y) + jnp.abs(f)))


def smape_where(f, y):
    denom = jnp.abs(y) + jnp.abs(f)
    return jnp.mean(jnp.where(denom == 0, 0.0, 2 * jnp.abs(y - f) / denom))


def mase(f, train):
    scale = jnp.mean(jnp.abs(jnp.diff(train)))
    return jnp.mean(jnp.abs(TEST.astype(f.dtype) - f)) / scale


def pinball_multi(f):
    """f: (3 quantiles, 3 steps)."""
    e = TEST.astype(f.dtype)[None, :] - f
    q = QUANTILES.astype(f.dtype)[:, None]
    return jnp.mean(jnp.maximum(q * e, (q - 1) * e))


# ------------------------------------------------------------------------------------------------- probabilistic
def crps_gaussian(mu, raw):
    sigma = jax.nn.softplus(raw)
    z = (2.0 - mu) / sigma
    cdf = 0.5 * (1 + jax.scipy.special.erf(z / jnp.sqrt(2.0)))
    pdf = jnp.exp(-0.5 * z ** 2) / jnp.sqrt(2 * jnp.pi)
    return sigma * (z * (2 * cdf - 1) + 2 * pdf - 1 / jnp.sqrt(jnp.pi))


def negbin_nll(m, a):
    """DeepAR's negative binomial: mu = softplus(m), alpha = softplus(a)."""
    y = COUNTS.astype(m.dtype)
    mu, alpha = jax.nn.softplus(m), jax.nn.softplus(a)
    r = 1.0 / alpha
    ll = (gammaln(y + r) - gammaln(y + 1) - gammaln(r)
          - r * jnp.log1p(alpha * mu) + y * (jnp.log(alpha * mu) - jnp.log1p(alpha * mu)))
    return -jnp.sum(ll)


def student_t_nll(mu, nu):
    y = TEST.astype(mu.dtype)
    sigma = 1.5
    z = (y - mu) / sigma
    ll = (gammaln((nu + 1) / 2) - gammaln(nu / 2) - 0.5 * jnp.log(nu * jnp.pi) - jnp.log(sigma)
          - (nu + 1) / 2 * jnp.log1p(z ** 2 / nu))
    return -jnp.sum(ll)


def tweedie(mu, y):
    p = 1.5
    dev = 2 * (y ** (2 - p) / ((1 - p) * (2 - p)) - y * mu ** (1 - p) / (1 - p) + mu ** (2 - p) / (2 - p))
    return jnp.sum(dev)


def poisson_dev(mu):
    y = COUNTS.astype(mu.dtype)
    return 2 * jnp.sum(y * jnp.log(y / mu) - (y - mu))


def poisson_dev_xlogy(mu):
    y = COUNTS.astype(mu.dtype)
    return 2 * jnp.sum(xlogy(y, y) - xlogy(y, mu) - (y - mu))


# ------------------------------------------------------------------------------------------------- seasonal, windows
def seasonal_undiff(d):
    """d: 8 forecast seasonal differences (period 4), undone season by season by a cumulative sum."""
    levels = HIST_LAST.astype(d.dtype) + jnp.cumsum(d.reshape(2, 4), axis=0)
    return jnp.sum((levels.reshape(-1) - TARGET.astype(d.dtype)) ** 2)


def normalise(x):
    return jnp.sum(W.astype(x.dtype) * (x - jnp.mean(x)) / jnp.std(x))


def normalise_eps(x):
    return jnp.sum(W.astype(x.dtype) * (x - jnp.mean(x)) / (jnp.std(x) + 1e-8))


def revin(x):
    return jnp.sum(W.astype(x.dtype) * (x - jnp.mean(x)) / jnp.sqrt(jnp.var(x) + 1e-5))
