"""A user's JAX code, ninety-seventh round (d): calibration, quantile and conformal losses on 3-4 samples: the pinball
loss (jnp.maximum and jnp.where) and a smoothed one by softplus (and written out), a Gaussian CRPS (norm.cdf / pdf)
and an ensemble CRPS by pairwise |x_i - x_j|, temperature scaling's NLL (log_softmax, and log of softmax), a soft-binned
expected calibration error (jax.nn.sigmoid and written out) and one soft bin, focal loss (1 - p)^gamma log p (written
plainly and by log_sigmoid), a Dirichlet log-likelihood by lgamma, conformal scores |y - f| / sigma and their quantile
by a sort and by jnp.quantile (and the two smallest by lax.approx_min_k), the interval score, a smooth pinball with a
custom_vjp rule (right and wrong), and a normal quantile by ndtri."""

import jax
import jax.numpy as jnp
from jax.scipy.special import gammaln, ndtri
from jax.scipy.stats import norm

Y = jnp.array([0.5, -1.0, 2.0, 0.25])  # observed targets
ACC = jnp.array([1.0, 0.0, 1.0, 1.0])  # was each prediction right
EDGES = jnp.array([0.0, 0.25, 0.5, 0.75, 1.0])  # calibration bins
PD = jnp.array([0.25, 0.5, 0.25])  # a predicted distribution the Dirichlet scores
LABEL = 3
Q = 0.25  # the quantile level of the smoothed pinball
GAMMA = 0.5  # focal loss's focusing parameter
ALPHA = 0.5  # the interval's miscoverage


# ----------------------------------------------------------------------------------------- pinball (quantile) loss
def pinball(f, q):
    u = Y - f
    return jnp.mean(jnp.maximum(q * u, (q - 1) * u))


def pinball_where(f, q):
    u = Y - f
    return jnp.mean(jnp.where(u >= 0, q * u, (q - 1) * u))


def smooth_pinball(f, tau):
    """q u + tau softplus(-u / tau): tends to the pinball loss as tau -> 0."""
    u = Y - f
    return jnp.mean(Q * u + tau * jax.nn.softplus(-u / tau))


def smooth_pinball_hand(f, tau):
    u = Y - f
    return jnp.mean(Q * u + tau * jnp.log(1.0 + jnp.exp(-u / tau)))


# ----------------------------------------------------------------------------------------- CRPS
def crps_gauss(mu, sigma):
    """The CRPS of N(mu, sigma^2) at Y, in closed form."""
    z = (Y - mu) / sigma
    return jnp.mean(sigma * (z * (2 * norm.cdf(z) - 1) + 2 * norm.pdf(z) - 1 / jnp.sqrt(jnp.pi)))


def crps_ensemble(x):
    """An ensemble's CRPS at y = 0.5: E|X - y| - E|X - X'| / 2."""
    y = 0.5
    return jnp.mean(jnp.abs(x - y)) - 0.5 * jnp.mean(jnp.abs(x[:, None] - x[None, :]))


def crps_ensemble_sorted(x):
    """The same by the sorted members: E|X - y| - sum_i (2 i - m - 1) x_(i) / m^2."""
    y, m = 0.5, x.shape[0]
    xs = jnp.sort(x)
    i = jnp.arange(1, m + 1)
    return jnp.mean(jnp.abs(x - y)) - jnp.sum((2 * i - m - 1) * xs) / m ** 2


# ----------------------------------------------------------------------------------------- temperature scaling
def temp_nll(z, T):
    return -jax.nn.log_softmax(z / T)[LABEL]


def temp_nll_naive(z, T):
    return -jnp.log(jax.nn.softmax(z / T)[LABEL])


# ----------------------------------------------------------------------------------------- soft-binned ECE
def soft_ece(c, t):
    """sum_k |sum_i m_ik (c_i - acc_i)| / n, m_ik = sigmoid((c_i - e_k) / t) - sigmoid((c_i - e_k+1) / t)."""
    s = jax.nn.sigmoid((c[:, None] - EDGES[None, :]) / t)
    m = s[:, :-1] - s[:, 1:]
    gaps = jnp.sum(m * (c - ACC)[:, None], axis=0)
    return jnp.sum(jnp.abs(gaps)) / c.shape[0]


def soft_ece_hand(c, t):
    s = 1.0 / (1.0 + jnp.exp(-(c[:, None] - EDGES[None, :]) / t))
    m = s[:, :-1] - s[:, 1:]
    gaps = jnp.sum(m * (c - ACC)[:, None], axis=0)
    return jnp.sum(jnp.abs(gaps)) / c.shape[0]


def soft_bin_gap(c, t):
    """One bin's soft membership [0.25, 0.5) of a confidence, its magnitude."""
    return jnp.abs(jax.nn.sigmoid((c - 0.25) / t) - jax.nn.sigmoid((c - 0.5) / t))


# ----------------------------------------------------------------------------------------- focal loss
def focal(x):
    p = jax.nn.sigmoid(x)
    return jnp.mean(-((1 - p) ** GAMMA) * jnp.log(p))


def focal_stable(x):
    return jnp.mean(-(jax.nn.sigmoid(-x) ** GAMMA) * jax.nn.log_sigmoid(x))


def focal_p(p):
    return jnp.mean(-((1 - p) ** GAMMA) * jnp.log(p))


# ----------------------------------------------------------------------------------------- Dirichlet calibration
def dirichlet_ll(alpha):
    """log Dir(PD; alpha)."""
    return gammaln(jnp.sum(alpha)) - jnp.sum(gammaln(alpha)) + jnp.sum((alpha - 1) * jnp.log(PD))


# ----------------------------------------------------------------------------------------- conformal
def conformal_q(f, sigma):
    """Normalised scores |y - f| / sigma and their quantile between the 2nd and 3rd order statistics."""
    s = jnp.sort(jnp.abs(Y - f) / sigma)
    return 0.25 * s[1] + 0.75 * s[2]


def conformal_quantile(f, sigma):
    return jnp.quantile(jnp.abs(Y - f) / sigma, 0.625)


def interval_score(l, u):
    """(u - l) + 2/alpha (l - y) 1{y < l} + 2/alpha (y - u) 1{y > u}."""
    below = (Y < l).astype(l.dtype)
    above = (Y > u).astype(u.dtype)
    return jnp.mean((u - l) + 2 / ALPHA * (l - Y) * below + 2 / ALPHA * (Y - u) * above)


def conformal_knn(f, sigma):
    """The two smallest normalised scores, by the approximate top-k of TPUs."""
    smallest, _ = jax.lax.approx_min_k(jnp.abs(Y - f) / sigma, k=2)
    return jnp.sum(smallest)


def normal_interval(mu, p):
    """A Gaussian's central interval width at level p by ndtri."""
    return jnp.sum(mu) + 2.0 * ndtri(p)


# ----------------------------------------------------------------------------------------- custom rules
@jax.custom_vjp
def _spb(u):
    return Q * u + 0.25 * jax.nn.softplus(-u / 0.25)


def _spb_fwd(u):
    return _spb(u), u


def _spb_bwd(u, g):
    return (g * (Q - jax.nn.sigmoid(-u / 0.25)),)


_spb.defvjp(_spb_fwd, _spb_bwd)


@jax.custom_vjp
def _spbb(u):
    return Q * u + 0.25 * jax.nn.softplus(-u / 0.25)


def _spbb_fwd(u):
    return _spbb(u), u


def _spbb_bwd(u, g):
    return (g * (Q - jax.nn.sigmoid(u / 0.25)),)


_spbb.defvjp(_spbb_fwd, _spbb_bwd)


def smooth_pinball_rule(f):
    return jnp.mean(_spb(Y - f))


def smooth_pinball_rule_bad(f):
    return jnp.mean(_spbb(Y - f))
