"""A user's JAX code, fourteenth round: entropic optimal transport by log-domain Sinkhorn at a small epsilon, a
Gaussian-process marginal likelihood by Cholesky with jitter at a tiny lengthscale, a VAE's ELBO with a
log-variance parametrisation at extreme log-variances, InfoNCE at temperature 0.01, focal loss where p -> 1,
one-dimensional Wasserstein and energy distances by sorting, quantile losses by jnp.quantile and jnp.percentile,
median / MAD / trimmed means, a log-barrier objective near its boundary, an implicit function by a Newton
while_loop with a custom_jvp, a safe norm by custom_jvp, logsumexp with negative weights, and jax.scipy.special
(gammaln, digamma, betainc, xlog1py)."""

import jax
import jax.numpy as jnp
from jax.scipy.special import betainc, digamma, gammaln, xlog1py


def sinkhorn_cost(shift, eps):
    x = jnp.array([0.0, 0.5, 1.0])
    y = jnp.array([0.2, 0.7, 1.1]) + shift
    cost = (x[:, None] - y[None, :]) ** 2
    log_a = jnp.log(jnp.ones(3) / 3)
    log_b = jnp.log(jnp.ones(3) / 3)
    f = jnp.zeros(3)
    g = jnp.zeros(3)
    for _ in range(20):
        f = -eps * jax.nn.logsumexp((g[None, :] - cost) / eps + log_b[None, :], axis=1)
        g = -eps * jax.nn.logsumexp((f[:, None] - cost) / eps + log_a[:, None], axis=0)
    plan = jnp.exp((f[:, None] + g[None, :] - cost) / eps + log_a[:, None] + log_b[None, :])
    return jnp.sum(plan * cost)


def gp_nll(log_ls, log_noise):
    x = jnp.array([0.0, 0.3, 0.9, 2.0])
    y = jnp.array([0.5, -0.2, 1.0, 0.3])
    ls = jnp.exp(log_ls)
    d2 = (x[:, None] - x[None, :]) ** 2
    k = jnp.exp(-0.5 * d2 / ls ** 2) + (jnp.exp(log_noise) + 1e-6) * jnp.eye(4)
    chol = jnp.linalg.cholesky(k)
    alpha = jax.scipy.linalg.cho_solve((chol, True), y)
    return 0.5 * y @ alpha + jnp.sum(jnp.log(jnp.diag(chol))) + 2.0 * jnp.log(2 * jnp.pi)


def vae_kl(mu, logvar):
    return -0.5 * jnp.sum(1 + logvar - mu ** 2 - jnp.exp(logvar))


def vae_elbo(mu, logvar):
    eps = jnp.array([0.3, -1.2])
    z = mu + jnp.exp(0.5 * logvar) * eps
    x = jnp.array([1.0, 0.0])
    logits = 2.0 * z - 0.5
    recon = jnp.sum(x * jax.nn.log_sigmoid(logits) + (1 - x) * jax.nn.log_sigmoid(-logits))
    kl = -0.5 * jnp.sum(1 + logvar - mu ** 2 - jnp.exp(logvar))
    return -(recon - kl)


def info_nce(za, zb):
    za = za / jnp.linalg.norm(za, axis=1, keepdims=True)
    zb = zb / jnp.linalg.norm(zb, axis=1, keepdims=True)
    logits = za @ zb.T / 0.01
    return -jnp.mean(jnp.diag(jax.nn.log_softmax(logits, axis=1)))


def info_nce_args():
    za = jnp.array([[1.0, 0.2], [0.1, 1.0], [-1.0, 0.3]])
    zb = jnp.array([[0.9, 0.1], [0.3, 1.0], [-1.0, -0.2]])
    return {"za": za, "zb": zb}


def focal_loss(z):
    p = jax.nn.sigmoid(z)
    return -((1 - p) ** 0.5) * jnp.log(p)


def focal_loss_stable(z):
    log_p = jax.nn.log_sigmoid(z)
    one_minus_p = jax.nn.sigmoid(-z)
    return -(one_minus_p ** 2) * log_p


def wasserstein_1d(x, y):
    return jnp.mean(jnp.abs(jnp.sort(x) - jnp.sort(y)))


def energy_distance(x, y):
    def mean_gap(a, b):
        return jnp.mean(jnp.abs(a[:, None] - b[None, :]))
    return 2 * mean_gap(x, y) - mean_gap(x, x) - mean_gap(y, y)


def quantile_of(x):
    return jnp.quantile(x, 0.3) + jnp.percentile(x, 90.0)


def median_mad(x):
    med = jnp.median(x)
    return jnp.median(jnp.abs(x - med))


def trimmed_mean(x):
    order = jnp.argsort(x)
    kept = x[order][1:-1]
    return jnp.mean(kept)


def log_barrier(x, t):
    a = jnp.array([[1.0, 1.0], [-1.0, 0.0], [0.0, -1.0]])
    b = jnp.array([1.0, 0.0, 0.0])
    c = jnp.array([-1.0, -2.0])
    return t * (c @ x) - jnp.sum(jnp.log(b - a @ x))


@jax.custom_jvp
def cube_root_newton(a):
    def keep_going(state):
        x, x_old = state
        return jnp.abs(x - x_old) > 1e-12 * jnp.abs(x)

    def step(state):
        x, _ = state
        return x - (x ** 3 + x - a) / (3 * x ** 2 + 1), x

    x, _ = jax.lax.while_loop(keep_going, step, (a, a + 1.0))
    return x


@cube_root_newton.defjvp
def _cube_root_newton_jvp(primals, tangents):
    (a,), (da,) = primals, tangents
    x = cube_root_newton(a)
    return x, da / (3 * x ** 2 + 1)


def implicit_loss(a):
    x = cube_root_newton(a)
    return x ** 2 + jnp.sin(x)


@jax.custom_jvp
def safe_norm(x):
    return jnp.sqrt(jnp.sum(x * x))


@safe_norm.defjvp
def _safe_norm_jvp(primals, tangents):
    (x,), (dx,) = primals, tangents
    n = safe_norm(x)
    unit = jnp.where(n == 0, 0.0, x / jnp.where(n == 0, 1.0, n))
    return n, jnp.dot(unit, dx)


def norm_loss(x):
    return safe_norm(x) * 3.0


def signed_lse(a):
    w = jnp.array([1.0, -1.0])
    return jax.nn.logsumexp(a, b=w)


def lse_with_sign(a):
    w = jnp.array([2.0, -1.0, 0.5])
    value, sign = jax.nn.logsumexp(a, b=w, return_sign=True)
    return value * sign


def beta_nll(a, b):
    x = jnp.array([0.1, 0.5, 0.9])
    log_beta = gammaln(a) + gammaln(b) - gammaln(a + b)
    return -jnp.sum((a - 1) * jnp.log(x) + (b - 1) * jnp.log1p(-x) - log_beta)


def digamma_sum(a):
    return jnp.sum(digamma(a))


def beta_cdf(x):
    return betainc(2.0, 3.0, x)


def xlog1py_loss(x, y):
    return jnp.sum(xlog1py(x, y))


def implicit_loss_unrolled_rule(a):
    def keep_going(state):
        x, x_old = state
        return jnp.abs(x - x_old) > 1e-12 * jnp.abs(x)

    def step(state):
        x, _ = state
        return x - (x ** 3 + x - a) / (3 * x ** 2 + 1), x

    x, _ = jax.lax.while_loop(keep_going, step, (a, a + 1.0))
    return x ** 2 + jnp.sin(x)


def masked_weights_lse(a):
    w = jnp.array([1.0, 0.0, 2.0])
    return jax.nn.logsumexp(a, b=w)


def focal_loss_both_rewrites(z):
    return -(jax.nn.sigmoid(-z) ** 0.5) * jax.nn.log_sigmoid(z)
