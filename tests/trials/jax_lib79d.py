"""A user's JAX code, seventy-ninth round (d): the losses of models that predict their own uncertainty, on a handful
of outputs. A heteroscedastic Gaussian NLL with a predicted log-variance, with the variance by jax.nn.softplus, by a
hand-written log(1 + exp(s)) and by softplus + 1e-6, and Seitzer's beta-NLL (the NLL weighted by stop_gradient(var **
0.5)); a Laplace NLL |y - mu| / b + log(2 b); deep evidential regression's Normal-Inverse-Gamma NLL (Amini et al.:
jax.scipy.special.gammaln) on (gamma, nu, alpha, beta) and from a head's raw outputs through softplus, and its evidence
regulariser |y - gamma| (2 nu + alpha); evidential classification (Sensoy et al.): the digamma loss with alpha = relu(z)
+ 1 and the KL of the label-removed Dirichlet to the uniform one; a Beta NLL (betaln) with the target raw and clipped;
the expected calibration error over 10 equal bins; temperature scaling by jax.nn.log_softmax(z / T) and by
log(softmax(z / T)); MC dropout's mean + std of four passes with fixed masks (jnp.std, sqrt(var + 1e-12), and a
custom_jvp sqrt whose rule gives 0 at 0); quantile regression's pinball loss with a crossing penalty relu(q_lo - q_hi);
a mixture density network's log-likelihood by logsumexp of Gaussian components with sigma = exp(log_sigma)."""

import math

import jax
import jax.numpy as jnp
from jax.scipy.special import betaln, digamma, gammaln, logsumexp

Y3 = jnp.array([1.3, -0.2, 0.7])
Y_REG = 1.0
Y_CLS = jnp.array([0.0, 1.0, 0.0])
CORRECT = jnp.array([1.0, 0.0, 1.0, 1.0, 0.0, 1.0])
N_BINS = 10
X_MC = jnp.array([0.8, -1.2, 0.5])
MASKS = jnp.array([[1.0, 1.0, 0.0], [1.0, 0.0, 1.0], [1.0, 1.0, 1.0], [1.0, 0.0, 0.0]])  # feature 0 always kept
KEEP = 0.5
Y_Q, TAUS, LAM = 0.5, (0.1, 0.9), 1.0
Y_MDN = 0.5


# ------------------------------------------------------------------------------------------------- regression NLLs
def gauss_nll(mu, log_var):
    y = Y3.astype(mu.dtype)
    return jnp.sum(0.5 * (log_var + (y - mu) ** 2 * jnp.exp(-log_var)))


def gauss_nll_softplus(mu, s):
    y = Y3.astype(mu.dtype)
    var = jax.nn.softplus(s)
    return jnp.sum(0.5 * (jnp.log(var) + (y - mu) ** 2 / var))


def gauss_nll_softplus_naive(mu, s):
    y = Y3.astype(mu.dtype)
    var = jnp.log(1 + jnp.exp(s))
    return jnp.sum(0.5 * (jnp.log(var) + (y - mu) ** 2 / var))


def gauss_nll_softplus_eps(mu, s):
    y = Y3.astype(mu.dtype)
    var = jax.nn.softplus(s) + 1e-6
    return jnp.sum(0.5 * (jnp.log(var) + (y - mu) ** 2 / var))


def beta_weighted_nll(mu, log_var):
    """Seitzer et al.'s beta-NLL, beta = 0.5: each term weighted by its variance ** beta, held."""
    y = Y3.astype(mu.dtype)
    var = jnp.exp(log_var)
    nll = 0.5 * (log_var + (y - mu) ** 2 / var)
    return jnp.sum(jax.lax.stop_gradient(var ** 0.5) * nll)


def laplace_nll(mu, log_b):
    y = Y3.astype(mu.dtype)
    return jnp.sum(jnp.abs(y - mu) * jnp.exp(-log_b) + log_b + math.log(2.0))


# ------------------------------------------------------------------------------------------------- deep evidential regression
def nig_nll(gamma, nu, alpha, beta):
    two_b_lambda = 2 * beta * (1 + nu)
    return (0.5 * jnp.log(jnp.pi / nu)
            - alpha * jnp.log(two_b_lambda)
            + (alpha + 0.5) * jnp.log(nu * (Y_REG - gamma) ** 2 + two_b_lambda)
            + gammaln(alpha) - gammaln(alpha + 0.5))


def nig_nll_head(raw):
    """The evidential head's four raw outputs: gamma, then nu, alpha - 1, beta through softplus."""
    gamma = raw[0]
    nu = jax.nn.softplus(raw[1])
    alpha = jax.nn.softplus(raw[2]) + 1
    beta = jax.nn.softplus(raw[3])
    return nig_nll(gamma, nu, alpha, beta)


def nig_loss(gamma, nu, alpha, beta):
    """NLL plus the evidence regulariser |y - gamma| (2 nu + alpha), weight 0.01."""
    reg = jnp.abs(Y_REG - gamma) * (2 * nu + alpha)
    return nig_nll(gamma, nu, alpha, beta) + 0.01 * reg


# ------------------------------------------------------------------------------------------------- evidential classification
def edl_digamma(z):
    alpha = jax.nn.relu(z) + 1
    s = jnp.sum(alpha)
    return jnp.sum(Y_CLS * (digamma(s) - digamma(alpha)))


def edl_kl(z):
    """KL(Dir(alpha_tilde) || Dir(1)) with the true class's evidence removed."""
    alpha = jax.nn.relu(z) + 1
    a = Y_CLS + (1 - Y_CLS) * alpha
    s = jnp.sum(a)
    k = a.shape[0]
    return (gammaln(s) - gammaln(float(k)) - jnp.sum(gammaln(a))
            + jnp.sum((a - 1) * (digamma(a) - digamma(s))))


# ------------------------------------------------------------------------------------------------- Beta NLL
def beta_nll(a, b, p):
    return -((a - 1) * jnp.log(p) + (b - 1) * jnp.log1p(-p) - betaln(a, b))


def beta_nll_clipped(a, b, p):
    p = jnp.clip(p, 1e-6, 1 - 1e-6)
    return -((a - 1) * jnp.log(p) + (b - 1) * jnp.log1p(-p) - betaln(a, b))


# ------------------------------------------------------------------------------------------------- calibration
def ece(conf):
    """Expected calibration error over N_BINS equal bins (lo, hi], as a differentiable metric of the confidences."""
    correct = CORRECT.astype(conf.dtype)
    edges = jnp.linspace(0.0, 1.0, N_BINS + 1)
    total = 0.0
    for k in range(N_BINS):
        in_bin = (conf > edges[k]) & (conf <= edges[k + 1])
        total = total + jnp.abs(jnp.sum(jnp.where(in_bin, correct - conf, 0.0)))
    return total / conf.shape[0]


def temp_nll(z, T):
    """Temperature scaling: the NLL of label 1."""
    return -jax.nn.log_softmax(z / T)[1]


def temp_nll_naive(z, T):
    return -jnp.log(jax.nn.softmax(z / T))[1]


# ------------------------------------------------------------------------------------------------- MC dropout
def _passes(w):
    return (MASKS.astype(w.dtype) * X_MC.astype(w.dtype)) @ w / KEEP


def mc_ucb(w):
    """An upper confidence bound from four dropout passes: mean + std."""
    p = _passes(w)
    return jnp.mean(p) + jnp.std(p)


def mc_ucb_eps(w):
    p = _passes(w)
    return jnp.mean(p) + jnp.sqrt(jnp.var(p) + 1e-12)


@jax.custom_jvp
def safe_sqrt(x):
    return jnp.sqrt(x)


@safe_sqrt.defjvp
def _safe_sqrt_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    y = jnp.sqrt(x)
    return y, jnp.where(x > 0, t / (2 * jnp.where(x > 0, y, 1.0)), 0.0)


def mc_ucb_safe(w):
    p = _passes(w)
    return jnp.mean(p) + safe_sqrt(jnp.var(p))


# ------------------------------------------------------------------------------------------------- quantiles
def pinball(q, y, tau):
    d = y - q
    return jnp.maximum(tau * d, (tau - 1) * d)


def quantile_loss(q):
    """Pinball losses of the 0.1 and 0.9 quantiles plus the crossing penalty relu(q_lo - q_hi)."""
    return pinball(q[0], Y_Q, TAUS[0]) + pinball(q[1], Y_Q, TAUS[1]) + LAM * jax.nn.relu(q[0] - q[1])


# ------------------------------------------------------------------------------------------------- mixture density network
def mdn_nll(logit_pi, mu, log_sigma):
    log_pi = jax.nn.log_softmax(logit_pi)
    sigma = jnp.exp(log_sigma)
    z = (Y_MDN - mu) / sigma
    comp = log_pi - log_sigma - 0.5 * math.log(2 * math.pi) - 0.5 * z ** 2
    return -logsumexp(comp)
