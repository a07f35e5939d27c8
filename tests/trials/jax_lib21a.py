"""A user's JAX code, twenty-first round: flax-style layers written in jax.numpy (RMSNorm with and without its eps,
rotary position embeddings, causal attention masked by -inf and by where, ALiBi biases), jax.nn.softmax with
``where=``, jax.scipy.stats log-densities (beta, gamma, Student t, Poisson at 0 counts, a multivariate normal with a
nearly singular covariance), jax.numpy.linalg (slogdet, eigenvalues of a 2x2 with a tie), jnp.interp, jnp.clip,
jnp.nan_to_num, a custom_jvp with nondiff_argnums, and a lax.scan forward algorithm."""

import functools

import jax
import jax.numpy as jnp
import numpy as np
from jax import lax
from jax.scipy import stats
from jax.scipy.special import logsumexp

# --- layers -----------------------------------------------------------------------------------------------------------


def rms_norm(x):
    """RMSNorm as flax writes it: x / sqrt(mean(x^2) + eps), summed against fixed weights."""
    gain = np.array([1.0, -2.0, 0.5])
    y = x * lax.rsqrt(jnp.mean(x * x) + 1e-6)
    return jnp.sum(gain * y)


def rms_norm_no_eps(x):
    """The same normalisation without the eps."""
    gain = np.array([1.0, -2.0, 0.5])
    y = x / jnp.sqrt(jnp.mean(x ** 2))
    return jnp.sum(gain * y)


def rms_norm_scaled(x):
    """RMSNorm that divides by the largest magnitude first, so x^2 never overflows."""
    gain = np.array([1.0, -2.0, 0.5])
    scale = jnp.max(jnp.abs(x))
    z = x / scale
    y = z / jnp.sqrt(jnp.mean(z * z))
    return jnp.sum(gain * y)


def _rotate(v, position):
    """Rotary embedding of one 4-vector: pairs (v0, v1), (v2, v3) turned by position * theta_i."""
    theta = np.array([1.0, 0.01])
    angle = position * theta
    cos, sin = jnp.cos(angle), jnp.sin(angle)
    even, odd = v[0::2], v[1::2]
    return jnp.stack([even * cos - odd * sin, even * sin + odd * cos], axis=-1).reshape(-1)


def rotary_score(q):
    """The attention score between a query at position 3 and a fixed key at position 1."""
    k = np.array([0.5, -1.0, 2.0, 0.25])
    return jnp.dot(_rotate(q, 3.0), _rotate(k, 1.0))


def causal_attention(scores):
    """Causal self-attention over a 3x3 score matrix, masked by -inf, applied to fixed values."""
    values = np.array([1.0, -2.0, 3.0])
    mask = jnp.tril(jnp.ones((3, 3), dtype=bool))
    masked = jnp.where(mask, scores, -jnp.inf)
    weights = jax.nn.softmax(masked, axis=-1)
    return jnp.sum(weights @ values)


def causal_attention_where(scores):
    """The same with jax.nn.softmax's own where=."""
    values = np.array([1.0, -2.0, 3.0])
    mask = jnp.tril(jnp.ones((3, 3), dtype=bool))
    weights = jax.nn.softmax(scores, axis=-1, where=mask)
    return jnp.sum(jnp.where(mask, weights, 0.0) @ values)


def alibi_attention(q):
    """One query row attending to four keys with ALiBi's linear distance penalty (slope 0.5)."""
    keys = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [-1.0, 0.5]])
    values = np.array([2.0, -1.0, 0.5, 4.0])
    distance = jnp.abs(jnp.arange(4) - 3)
    scores = keys @ q - 0.5 * distance
    return jnp.dot(jax.nn.softmax(scores), values)


def alibi_attention_naive(q):
    """The same with the softmax written out: exp(s) / sum exp(s)."""
    keys = np.array([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0], [-1.0, 0.5]])
    values = np.array([2.0, -1.0, 0.5, 4.0])
    distance = jnp.abs(jnp.arange(4) - 3)
    scores = keys @ q - 0.5 * distance
    e = jnp.exp(scores)
    return jnp.dot(e / jnp.sum(e), values)


# --- densities --------------------------------------------------------------------------------------------------------


def beta_nll(x):
    """Negative log-likelihood of samples under Beta(0.5, 2)."""
    return -jnp.sum(stats.beta.logpdf(x, 0.5, 2.0))


def beta_fit(a, b):
    """Negative log-likelihood of fixed samples as a function of the Beta's parameters."""
    data = np.array([0.1, 0.5, 0.9])
    return -jnp.sum(stats.beta.logpdf(data, a, b))


def gamma_nll(x):
    """Negative log-likelihood under Gamma(shape 3, scale 2)."""
    return -jnp.sum(stats.gamma.logpdf(x, 3.0, scale=2.0))


def student_t_nll(df):
    """Negative log-likelihood of fixed residuals under a Student t of df degrees of freedom."""
    residuals = np.array([0.5, -1.5, 3.0])
    return -jnp.sum(stats.t.logpdf(residuals, df))


def poisson_nll(rate):
    """Poisson negative log-likelihood of counts that include zeros."""
    counts = np.array([0.0, 0.0, 2.0])
    return -jnp.sum(stats.poisson.logpmf(counts, rate))


def poisson_zero_nll(rate):
    """Poisson negative log-likelihood of zero counts only."""
    counts = np.array([0.0, 0.0])
    return -jnp.sum(stats.poisson.logpmf(counts, rate))


def mvn_nll(x):
    """Negative log-density of a 2-d normal with correlation 0.5."""
    cov = np.array([[1.0, 0.5], [0.5, 1.0]])
    return -stats.multivariate_normal.logpdf(x, np.zeros(2), cov)


def mvn_nll_near_singular(x):
    """The same with correlation 1 - 1e-12: the covariance's condition number is 2e12."""
    cov = np.array([[1.0, 1.0 - 1e-12], [1.0 - 1e-12, 1.0]])
    return -stats.multivariate_normal.logpdf(x, np.zeros(2), cov)


# --- linear algebra ---------------------------------------------------------------------------------------------------


def log_det(a):
    """log |det A| by slogdet."""
    sign, logabs = jnp.linalg.slogdet(a)
    return logabs


def top_eigenvalue(a):
    """The largest eigenvalue of a symmetric matrix (its symmetric part)."""
    s = (a + a.T) / 2
    return jnp.linalg.eigvalsh(s)[-1]


def eigen_energy(a):
    """Sum of squared eigenvalues of the symmetric part."""
    s = (a + a.T) / 2
    return jnp.sum(jnp.linalg.eigh(s)[0] ** 2)


# --- elementwise helpers ----------------------------------------------------------------------------------------------


def interp_cost(x):
    """A piecewise-linear cost table looked up by jnp.interp."""
    knots = np.array([0.0, 1.0, 2.0, 4.0])
    costs = np.array([0.0, 1.0, 4.0, 5.0])
    return jnp.sum(jnp.interp(x, knots, costs))


def clipped_square(x):
    """Sum of squares of x clipped to [-1, 1]."""
    return jnp.sum(jnp.clip(x, -1.0, 1.0) ** 2)


def safe_log_sum(x):
    """log with its -inf replaced by nan_to_num."""
    return jnp.sum(x * jnp.nan_to_num(jnp.log(x)))


@functools.partial(jax.custom_jvp, nondiff_argnums=(1,))
def soft_threshold(x, lam):
    return jnp.sign(x) * jnp.maximum(jnp.abs(x) - lam, 0.0)


@soft_threshold.defjvp
def _soft_threshold_jvp(lam, primals, tangents):
    (x,), (dx,) = primals, tangents
    y = soft_threshold(x, lam)
    return y, jnp.where(jnp.abs(x) > lam, 1.0, 0.0) * dx


def lasso_prox(x):
    return jnp.sum(soft_threshold(x, 0.5) ** 2)


@functools.partial(jax.custom_jvp, nondiff_argnums=(1,))
def scaled_softplus(x, beta):
    return jnp.logaddexp(beta * x, 0.0) / beta


@scaled_softplus.defjvp
def _scaled_softplus_jvp(beta, primals, tangents):
    (x,), (dx,) = primals, tangents
    return scaled_softplus(x, beta), jax.nn.sigmoid(x) * dx


def softplus_beta_sum(x):
    return jnp.sum(scaled_softplus(x, 4.0))


# --- a scan -----------------------------------------------------------------------------------------------------------


def hmm_log_likelihood(log_emissions):
    """The forward algorithm of a two-state HMM in log space, by lax.scan over the time steps."""
    log_transition = np.log(np.array([[0.9, 0.1], [0.2, 0.8]]))
    log_start = np.log(np.array([0.5, 0.5]))

    def step(alpha, emission):
        alpha = logsumexp(alpha[:, None] + log_transition, axis=0) + emission
        return alpha, None

    alpha, _ = lax.scan(step, log_start + log_emissions[0], log_emissions[1:])
    return logsumexp(alpha)


def hmm_likelihood_naive(log_emissions):
    """The same in probability space: exp, products, log at the end."""
    transition = np.array([[0.9, 0.1], [0.2, 0.8]])
    start = np.array([0.5, 0.5])

    def step(alpha, emission):
        return (alpha @ transition) * jnp.exp(emission), None

    alpha, _ = lax.scan(step, start * jnp.exp(log_emissions[0]), log_emissions[1:])
    return jnp.log(jnp.sum(alpha))


# --- an optimizer step ------------------------------------------------------------------------------------------------


def adam_first_step(g):
    """The parameters after Adam's first step from 0 (optax's defaults, bias-corrected), summed."""
    b1, b2, eps, lr = 0.9, 0.999, 1e-8, 1e-3
    m = (1 - b1) * g
    v = (1 - b2) * g * g
    m_hat = m / (1 - b1)
    v_hat = v / (1 - b2)
    return jnp.sum(-lr * m_hat / (jnp.sqrt(v_hat) + eps))


# --- signed logsumexp, softmax's where=, a saturating RNN -------------------------------------------------------------


def signed_log_diff_exp(x):
    """log |e^x0 - e^x1| by logsumexp with b and return_sign."""
    value, sign = logsumexp(x, b=jnp.array([1.0, -1.0]), return_sign=True)
    return value


def softmax_where_row(x):
    """jax.nn.softmax with where= on one row, the masked entries filled by where afterwards."""
    mask = jnp.array([True, False, True])
    w = jax.nn.softmax(x, where=mask)
    return jnp.sum(jnp.where(mask, w, 0.0) * jnp.array([1.0, 5.0, -2.0]))


def tanh_rnn_last_state(x):
    def step(h, xt):
        h = jnp.tanh(2.0 * h + xt)
        return h, h
    h, _ = jax.lax.scan(step, 0.0, x)
    return h
