"""A user's JAX code, eighty-first round (d): log-likelihoods of small normalising flows (1-4 dimensions) and their
log-determinants. A standard-normal base density; a planar flow z + u tanh(w.z + b) with log|1 + u.psi| (bare, with
an epsilon, and with Rezende's invertibility fix of u by softplus); an affine coupling layer with scale exp(s) and with
softplus(s) + eps; the tanh squashing of a squashed-Gaussian policy, naive, with 1e-6, and in the stable
2(log 2 - x - softplus(-2x)), and as a custom_jvp (right and wrong); a radial flow around a centre; a leaky-ReLU flow; a
logit preprocessing layer, bare and with RealNVP's alpha; a batch-norm flow with log(var + eps); a 2x2 linear flow by
slogdet and by log|det|."""

import math

import jax
import jax.numpy as jnp
from jax.scipy.stats import norm

LOG2PI = math.log(2 * math.pi)


def std_normal_logp(z):
    return jnp.sum(-0.5 * z ** 2 - 0.5 * LOG2PI)


def scipy_normal_logp(z):
    return jnp.sum(norm.logpdf(z))


# ------------------------------------------------------------------------------------------------- planar flow
W = jnp.array([1.0, 0.5])
B = 0.0


def _planar_term(z, u):
    a = jnp.dot(W, z) + B
    psi = (1 - jnp.tanh(a) ** 2) * W
    return 1 + jnp.dot(u, psi)


def planar_logq(z, u):
    """log q_1(f(z)) = log q_0(z) - log|det df/dz| for one planar layer."""
    return std_normal_logp(z) - jnp.log(jnp.abs(_planar_term(z, u)))


def planar_logq_eps(z, u):
    return std_normal_logp(z) - jnp.log(jnp.abs(_planar_term(z, u)) + 1e-8)


def planar_uhat(z, u):
    """Rezende & Mohamed's fix: u_hat = u + (m(w.u) - w.u) w / |w|^2, m(x) = -1 + softplus(x), so w.u_hat > -1."""
    wu = jnp.dot(W, u)
    u_hat = u + (-1 + jax.nn.softplus(wu) - wu) * W / jnp.dot(W, W)
    return std_normal_logp(z) - jnp.log(jnp.abs(_planar_term(z, u_hat)))


# ------------------------------------------------------------------------------------------------- affine coupling
def coupling_exp(x2, s, t):
    """y2 = x2 * exp(s) + t; log p(x2 | x1) = log N(y2) + sum(s)."""
    y = x2 * jnp.exp(s) + t
    return std_normal_logp(y) + jnp.sum(s)


def coupling_softplus(x2, s, t):
    scale = jax.nn.softplus(s) + 1e-3
    y = x2 * scale + t
    return std_normal_logp(y) + jnp.sum(jnp.log(scale))


def coupling_naive_softplus(x2, s, t):
    scale = jnp.log(1 + jnp.exp(s)) + 1e-3
    y = x2 * scale + t
    return std_normal_logp(y) + jnp.sum(jnp.log(scale))


# ------------------------------------------------------------------------------------------------- tanh squashing
def squash_naive(u):
    """log pi(a) for a = tanh(u), u ~ N(0, 1): log N(u) - sum log(1 - tanh(u)^2)."""
    return std_normal_logp(u) - jnp.sum(jnp.log(1 - jnp.tanh(u) ** 2))


def squash_eps(u):
    return jnp.sum(jnp.log(1 - jnp.tanh(u) ** 2 + 1e-6))


def squash_stable(u):
    return std_normal_logp(u) - jnp.sum(2 * (jnp.log(2.0) - u - jax.nn.softplus(-2 * u)))


@jax.custom_jvp
def log1m_tanh2(x):
    return 2 * (jnp.log(2.0) - x - jax.nn.softplus(-2 * x))


@log1m_tanh2.defjvp
def _log1m_tanh2_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return log1m_tanh2(x), -2 * jnp.tanh(x) * t


@jax.custom_jvp
def log1m_tanh2_bad(x):
    return 2 * (jnp.log(2.0) - x - jax.nn.softplus(-2 * x))


@log1m_tanh2_bad.defjvp
def _log1m_tanh2_bad_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    return log1m_tanh2_bad(x), -2 * jnp.tanh(x) * (1 - jnp.tanh(x) ** 2) * t


def squash_custom(u):
    return std_normal_logp(u) - jnp.sum(log1m_tanh2(u))


def squash_custom_bad(u):
    return std_normal_logp(u) - jnp.sum(log1m_tanh2_bad(u))


# ------------------------------------------------------------------------------------------------- radial flow
Z0 = jnp.array([0.5, -0.5])


def radial_logdet(z, alpha, beta):
    """log|det| of z + beta h(r) (z - z0), h = 1 / (alpha + r), in d = 2."""
    r = jnp.linalg.norm(z - Z0)
    h = 1 / (alpha + r)
    dh = -1 / (alpha + r) ** 2
    return jnp.log(1 + beta * h) + jnp.log(1 + beta * h + beta * dh * r)


# ------------------------------------------------------------------------------------------------- leaky ReLU flow
def leaky_logp(x, a):
    """Density of x under the flow x = leaky_relu(z): z = x where x >= 0, x / a elsewhere."""
    z = jnp.where(x >= 0, x, x / a)
    logdet = jnp.sum(jnp.where(x >= 0, 0.0, -jnp.log(a)))
    return std_normal_logp(z) + logdet


def leaky_nn(x, a):
    z = jax.nn.leaky_relu(x, negative_slope=1 / a)
    return std_normal_logp(z) + jnp.sum(jnp.where(x > 0, 0.0, -jnp.log(a)))


# ------------------------------------------------------------------------------------------------- logit layer
def logit_logp(x):
    """Data in [0, 1] mapped to R by logit: log p(x) = log N(logit x) - log x - log(1 - x)."""
    y = jax.scipy.special.logit(x)
    return std_normal_logp(y) - jnp.sum(jnp.log(x) + jnp.log1p(-x))


ALPHA = 0.05


def logit_alpha_logp(x):
    """RealNVP: p = alpha + (1 - 2 alpha) x before the logit."""
    p = ALPHA + (1 - 2 * ALPHA) * x
    y = jnp.log(p) - jnp.log1p(-p)
    return std_normal_logp(y) - jnp.sum(jnp.log(p) + jnp.log1p(-p)) + x.size * jnp.log(1 - 2 * ALPHA)


# ------------------------------------------------------------------------------------------------- batch-norm flow
def batchnorm_logp(x, log_gamma):
    mean = jnp.mean(x)
    var = jnp.var(x)
    y = (x - mean) / jnp.sqrt(var + 1e-5) * jnp.exp(log_gamma)
    logdet = log_gamma - 0.5 * jnp.log(var + 1e-5)
    return std_normal_logp(y) + x.size * logdet


def batchnorm_noeps(x, log_gamma):
    mean = jnp.mean(x)
    var = jnp.var(x)
    y = (x - mean) / jnp.sqrt(var) * jnp.exp(log_gamma)
    return std_normal_logp(y) + x.size * (log_gamma - 0.5 * jnp.log(var))


# ------------------------------------------------------------------------------------------------- linear flow
X_DATA = jnp.array([0.4, -0.7])


def linear_slogdet(W):
    z = W @ X_DATA.astype(W.dtype)
    return std_normal_logp(z) + jnp.linalg.slogdet(W)[1]


def linear_det(W):
    z = W @ X_DATA.astype(W.dtype)
    return std_normal_logp(z) + jnp.log(jnp.abs(jnp.linalg.det(W)))


def linear_eig(W):
    """log|det W| as the sum of log|eigenvalue|."""
    z = W @ X_DATA.astype(W.dtype)
    return std_normal_logp(z) + jnp.sum(jnp.log(jnp.abs(jnp.linalg.eigvals(W))))


def radial_origin(z, alpha, beta):
    """The radial flow centred at the origin."""
    r = jnp.linalg.norm(z)
    h = 1 / (alpha + r)
    return jnp.log(1 + beta * h) + jnp.log(1 + beta * h - beta * r / (alpha + r) ** 2)
