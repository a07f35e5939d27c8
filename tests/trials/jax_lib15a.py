"""A user's JAX code, fifteenth round: an affine coupling layer of a normalizing flow with tanh-bounded log-scales
and its log-determinant, a Gaussian-mixture log-likelihood with tiny component weights, a Weibull survival
likelihood and a Cox partial likelihood by a reverse cumulative logsumexp, jax.scipy.stats (norm.logcdf and logsf
far in the tail, t.logpdf, gamma.logpdf at a tiny x), Black-Scholes far out of the money and an implied volatility
by Newton in lax.fori_loop, Lennard-Jones, softened Coulomb and Morse potentials, lax.scan recurrences (an
exponential moving average, a tanh RNN cell), lax.cond, jnp.interp and jnp.polyval, an ill-conditioned
jnp.linalg.solve, a softmax at a temperature near 0 and a log-diff-exp."""

import jax
import jax.numpy as jnp
from jax import lax
from jax.scipy import stats
from jax.scipy.special import logsumexp


def coupling_logdet(x, w):
    """One RealNVP affine coupling: x[:2] conditions the scale and shift of x[2:]; the loss is the standard-normal
    negative log-likelihood of the output minus the log-determinant."""
    x1, x2 = x[:2], x[2:]
    h = jnp.tanh(x1 @ w)
    log_s = 2.0 * jnp.tanh(h[:2] / 2.0)  # bounded log-scales
    t = h[2:]
    y2 = x2 * jnp.exp(log_s) + t
    z = jnp.concatenate([x1, y2])
    return 0.5 * jnp.sum(z ** 2) - jnp.sum(log_s)


def coupling_args():
    x = jnp.array([0.3, -1.2, 2.0, 0.5])
    w = jnp.array([[0.5, -0.3, 0.2, 1.0], [0.1, 0.8, -0.6, 0.4]])
    return {"x": x, "w": w}


def mixture_nll(x, logits):
    """A 3-component Gaussian mixture in 1-D: -sum log sum_k pi_k N(x_i | mu_k, 1)."""
    mus = jnp.array([-2.0, 0.0, 3.0])
    log_pi = jax.nn.log_softmax(logits)
    comp = -0.5 * (x[:, None] - mus[None, :]) ** 2 - 0.5 * jnp.log(2 * jnp.pi) + log_pi[None, :]
    return -jnp.sum(logsumexp(comp, axis=1))


def mixture_nll_naive(x, logits):
    mus = jnp.array([-2.0, 0.0, 3.0])
    pi = jax.nn.softmax(logits)
    dens = jnp.exp(-0.5 * (x[:, None] - mus[None, :]) ** 2) / jnp.sqrt(2 * jnp.pi)
    return -jnp.sum(jnp.log(dens @ pi))


def weibull_nll(log_k, log_lam):
    """Right-censored Weibull: events contribute log f, censored ones log S."""
    t = jnp.array([0.5, 1.2, 3.0, 7.5])
    event = jnp.array([1.0, 1.0, 0.0, 1.0])
    k, lam = jnp.exp(log_k), jnp.exp(log_lam)
    z = (t / lam) ** k
    log_f = log_k - log_lam + (k - 1) * jnp.log(t / lam) - z
    return -jnp.sum(event * log_f + (1 - event) * (-z))


def cox_partial(beta):
    """Cox partial likelihood with times sorted ascending: the risk set of i is i.. n, a reverse cumulative
    logsumexp."""
    x = jnp.array([[1.0, 0.5], [-0.3, 2.0], [2.2, -1.0], [0.0, 0.7], [1.5, 1.5]])
    event = jnp.array([1.0, 0.0, 1.0, 1.0, 0.0])
    eta = x @ beta
    rev = lax.cumlogsumexp(eta[::-1])[::-1]
    return -jnp.sum(event * (eta - rev))


def norm_tail(x):
    return stats.norm.logcdf(x) + stats.norm.logsf(-x)


def t_loglik(x, df):
    return jnp.sum(stats.t.logpdf(x, df))


def gamma_loglik(x, a):
    return jnp.sum(stats.gamma.logpdf(x, a))


def black_scholes_call(sigma, spot):
    strike, rate, tau = 100.0, 0.01, 0.5
    d1 = (jnp.log(spot / strike) + (rate + 0.5 * sigma ** 2) * tau) / (sigma * jnp.sqrt(tau))
    d2 = d1 - sigma * jnp.sqrt(tau)
    return spot * stats.norm.cdf(d1) - strike * jnp.exp(-rate * tau) * stats.norm.cdf(d2)


def implied_vol(price):
    """Implied volatility of an at-the-money-ish call by 30 Newton steps from sigma = 0.3."""
    spot, strike, rate, tau = 100.0, 105.0, 0.01, 0.5

    def bs(sigma):
        d1 = (jnp.log(spot / strike) + (rate + 0.5 * sigma ** 2) * tau) / (sigma * jnp.sqrt(tau))
        d2 = d1 - sigma * jnp.sqrt(tau)
        return spot * stats.norm.cdf(d1) - strike * jnp.exp(-rate * tau) * stats.norm.cdf(d2)

    def step(_, sigma):
        d1 = (jnp.log(spot / strike) + (rate + 0.5 * sigma ** 2) * tau) / (sigma * jnp.sqrt(tau))
        vega = spot * stats.norm.pdf(d1) * jnp.sqrt(tau)
        return sigma - (bs(sigma) - price) / vega

    return lax.fori_loop(0, 30, step, 0.3)


def lennard_jones(r):
    sr6 = (1.0 / r) ** 6
    return jnp.sum(4.0 * (sr6 ** 2 - sr6))


def coulomb_soft(x):
    """Pair energy of three unit charges on a line, softened by eps^2 = 1e-12."""
    d = x[:, None] - x[None, :]
    r = jnp.sqrt(d ** 2 + 1e-12)
    mask = 1.0 - jnp.eye(3)
    return 0.5 * jnp.sum(mask / r)


def morse(r):
    d_e, a, r_e = 4.7, 1.9, 0.74
    return d_e * (1.0 - jnp.exp(-a * (r - r_e))) ** 2


def ema(x, alpha):
    def step(m, v):
        m = alpha * m + (1 - alpha) * v
        return m, m
    _, ms = lax.scan(step, 0.0, x)
    return jnp.sum(ms ** 2)


def rnn_loss(w, x):
    def cell(h, v):
        h = jnp.tanh(w * h + v)
        return h, h
    h, _ = lax.scan(cell, 0.0, x)
    return h ** 2


def cond_loss(x):
    return lax.cond(x > 0, lambda v: jnp.log1p(v), lambda v: jnp.expm1(v), x)


def interp_poly(x):
    xp = jnp.array([0.0, 1.0, 2.0, 4.0])
    fp = jnp.array([1.0, 3.0, 2.0, 0.0])
    return jnp.interp(x, xp, fp) + jnp.polyval(jnp.array([0.5, -1.0, 2.0]), x)


def solve_ill(t):
    a = jnp.array([[1.0, 1.0], [1.0, 1.0 + t]])
    b = jnp.array([2.0, 3.0])
    return jnp.sum(jnp.linalg.solve(a, b))


def cold_softmax(z, temp):
    return jax.nn.softmax(z / temp)[0]


def log_diff_exp(a, b):
    """log(exp(a) - exp(b)) for a > b, written stably."""
    return a + jnp.log(-jnp.expm1(b - a))


def log_diff_exp_naive(a, b):
    return jnp.log(jnp.exp(a) - jnp.exp(b))


def solve_second(t):
    a = jnp.array([[1.0, 1.0], [1.0, 1.0 + t]])
    return jnp.linalg.solve(a, jnp.array([2.0, 3.0]))[1]


def softmax_total(z):
    return jnp.sum(jax.nn.softmax(z))


VON_MISES_DATA = jnp.array([0.5, -0.5, 0.25, -0.25])


def von_mises_nll(mu, kappa):
    """The von Mises negative log-likelihood with the scaled Bessel function: log I0(k) = log i0e(k) + k."""
    log_i0 = jnp.log(jax.scipy.special.i0e(kappa)) + kappa
    return jnp.sum(-kappa * jnp.cos(VON_MISES_DATA - mu) + jnp.log(2 * jnp.pi) + log_i0)


def cox_partial_reverse(beta):
    """The Cox partial likelihood with lax.cumlogsumexp's own reverse flag."""
    x = jnp.array([[1.0, 0.5], [-0.3, 2.0], [2.2, -1.0], [0.0, 0.7], [1.5, 1.5]])
    event = jnp.array([1.0, 0.0, 1.0, 1.0, 0.0])
    eta = x @ beta
    return -jnp.sum(event * (eta - lax.cumlogsumexp(eta, reverse=True)))


def masked_mixture(a):
    """logsumexp with a zero weight: the second component is switched off."""
    return logsumexp(a, b=jnp.array([0.5, 0.0, 0.5]))


def inv_ill(t):
    a = jnp.array([[1.0, 1.0], [1.0, 1.0 + t]])
    return jnp.linalg.inv(a)[1, 1]


def poly_coeffs(c):
    return jnp.polyval(c, 1e8)


def ema_long(alpha):
    """An exponential moving average over 400 steps of a fixed signal."""
    x = jnp.sin(jnp.arange(400.0) / 10.0)

    def step(m, v):
        m = alpha * m + (1 - alpha) * v
        return m, m
    _, ms = lax.scan(step, 0.0, x)
    return jnp.mean(ms ** 2)


def polar(x, y):
    return jnp.hypot(x, y) + jnp.arctan2(y, x)


def sinc_sum(x):
    return jnp.sum(jnp.sinc(x))
