"""A user's JAX code, eighteenth round: an Adam step with its bias correction at step 1, logdiffexp, a Student-t
log-density by gammaln at a huge number of degrees of freedom, log-binomial coefficients by gammaln, a batched
Mahalanobis distance by a Cholesky factor and a triangular solve, the Gumbel-max trick's log-probability, the angle
between two rotations by the arccos of a trace, quaternion normalisation, and the logit of a clipped probability."""

import jax.numpy as jnp
from jax.nn import log_softmax
from jax.scipy.linalg import cho_factor, cho_solve, solve_triangular
from jax.scipy.special import gammaln

# --- Adam's first step -------------------------------------------------------------------------------------------------

BETA1, BETA2, EPS, LR = 0.9, 0.999, 1e-8, 1e-3


def adam_first_update(g):
    """The size of Adam's first update for gradient g: m and v from zero, corrected by 1 - beta^t at t = 1."""
    t = 1
    m = (1.0 - BETA1) * g
    v = (1.0 - BETA2) * g * g
    m_hat = m / (1.0 - BETA1 ** t)
    v_hat = v / (1.0 - BETA2 ** t)
    return jnp.sum(LR * m_hat / (jnp.sqrt(v_hat) + EPS))


# --- logdiffexp ------------------------------------------------------------------------------------------------------

def logdiffexp_naive(a, b):
    return jnp.sum(jnp.log(jnp.exp(a) - jnp.exp(b)))


def logdiffexp(a, b):
    """log(e^a - e^b) for a > b, as a + log(-expm1(b - a))."""
    return jnp.sum(a + jnp.log(-jnp.expm1(b - a)))


# --- Student-t -------------------------------------------------------------------------------------------------------

def student_t_logpdf(x, nu):
    return jnp.sum(gammaln((nu + 1.0) / 2.0) - gammaln(nu / 2.0) - 0.5 * jnp.log(nu * jnp.pi)
                   - (nu + 1.0) / 2.0 * jnp.log1p(x * x / nu))


# --- binomial coefficients -------------------------------------------------------------------------------------------

def log_binom(n, k):
    return gammaln(n + 1.0) - gammaln(k + 1.0) - gammaln(n - k + 1.0)


# --- Mahalanobis -----------------------------------------------------------------------------------------------------

COV = jnp.array([[2.0, 0.3, -0.1], [0.3, 1.0, 0.2], [-0.1, 0.2, 0.5]])
COV_NEAR_SINGULAR = [[1.0, 0.999999999999], [0.999999999999, 1.0]]


def mahalanobis_sq(x, mu):
    """The squared Mahalanobis distances of a batch of rows x from mu, summed, by the Cholesky factor."""
    chol = jnp.linalg.cholesky(COV)
    z = solve_triangular(chol, (x - mu).T, lower=True)
    return jnp.sum(z * z)


def mahalanobis_cho_solve(x):
    d = x - jnp.array([0.5, -0.5])
    factor = cho_factor(jnp.array(COV_NEAR_SINGULAR, dtype=x.dtype), lower=True)
    return jnp.sum(d * cho_solve(factor, d.T).T)


# --- Gumbel-max --------------------------------------------------------------------------------------------------------

GUMBEL = jnp.array([0.0, 0.5, 0.0])


def gumbel_max_logp(z):
    """The log-probability of the category the Gumbel-max trick draws with the fixed noise GUMBEL."""
    k = jnp.argmax(z + GUMBEL)
    return log_softmax(z)[k]


def gumbel_max_logp_naive(z):
    k = jnp.argmax(z + GUMBEL)
    return jnp.log(jnp.exp(z[k]) / jnp.sum(jnp.exp(z)))


# --- rotations ---------------------------------------------------------------------------------------------------------

def _rot_z(a):
    c, s = jnp.cos(a), jnp.sin(a)
    zero, one = jnp.zeros_like(a), jnp.ones_like(a)
    return jnp.stack([jnp.stack([c, -s, zero]), jnp.stack([s, c, zero]), jnp.stack([zero, zero, one])])


def rotation_angle(a, b):
    """The angle of R(a)^T R(b), two rotations about z, by arccos((trace - 1) / 2), clipped for safety."""
    r = _rot_z(a).T @ _rot_z(b)
    return jnp.arccos(jnp.clip((jnp.trace(r) - 1.0) / 2.0, -1.0, 1.0))


# --- quaternions -----------------------------------------------------------------------------------------------------

W_QUAT = jnp.array([0.5, -1.0, 2.0, 0.25])


def quat_score(q):
    return jnp.dot(q / jnp.linalg.norm(q), W_QUAT)


def quat_score_safe(q):
    """Normalising with the norm kept off zero, as many codebases do."""
    return jnp.dot(q / jnp.maximum(jnp.linalg.norm(q), 1e-12), W_QUAT)


# --- logit of a clipped probability ------------------------------------------------------------------------------------

P_EPS = 1e-7


def clipped_logit(p):
    q = jnp.clip(p, P_EPS, 1.0 - P_EPS)
    return jnp.sum(jnp.log(q) - jnp.log1p(-q))


# --- sigmoid cross-entropy -------------------------------------------------------------------------------------------

LABELS = jnp.array([0.3, 1.0, 0.0])


def sigmoid_ce(z):
    """The stable form max(z, 0) - z y + log1p(e^-|z|)."""
    return jnp.sum(jnp.maximum(z, 0.0) - z * LABELS + jnp.log1p(jnp.exp(-jnp.abs(z))))


def sigmoid_ce_naive(z):
    p = 1.0 / (1.0 + jnp.exp(-z))
    return -jnp.sum(LABELS * jnp.log(p) + (1.0 - LABELS) * jnp.log(1.0 - p))
