"""A user's JAX code, sixteenth round: a few Adam steps in a lax.scan differentiated through (a meta-gradient), planar
and radial normalizing flows with their log-determinants, a hidden-Markov forward algorithm in log space with
impossible transitions, explicit Euler and leapfrog integrators in fori_loop / scan, Tukey, Cauchy and Geman-McClure
robust losses, the log of a variance (naive, jnp.var, Welford in a scan), log-sum-exp pooling, jax.nn activations at
their extremes and switches (gelu, squareplus, celu, elu, sparse_plus, hard_silu, mish), an entropy with a subnormal
probability, a median at a tie, the top eigenvalue of a 2x2 by eigh and a correlation's log-determinant by
cholesky."""

import jax
import jax.numpy as jnp
from jax import lax
from jax.scipy.special import logsumexp

B1, B2, EPS, LR = 0.9, 0.999, 1e-8, 0.1


def adam_meta(w):
    """Three Adam steps on the training loss sum(w^2)/2 (its gradient is w), then the validation loss at the result."""

    def step(carry, t):
        w, m, v = carry
        g = w
        m = B1 * m + (1 - B1) * g
        v = B2 * v + (1 - B2) * g * g
        m_hat = m / (1 - B1 ** t)
        v_hat = v / (1 - B2 ** t)
        w = w - LR * m_hat / (jnp.sqrt(v_hat) + EPS)
        return (w, m, v), None

    zeros = jnp.zeros_like(w)
    (w, _, _), _ = lax.scan(step, (w, zeros, zeros), jnp.arange(1.0, 4.0))
    return jnp.sum((w - 0.25) ** 2)


def _u_hat(u, w):
    """The planar flow's invertibility fix: u moved along w so that w . u_hat >= -1."""
    wu = jnp.dot(w, u)
    m = -1.0 + jax.nn.softplus(wu)
    return u + (m - wu) * w / jnp.dot(w, w)


def planar_kl(params, z):
    """A planar flow f(z) = z + u_hat tanh(w . z + b) pushing base samples z toward a standard normal: the
    energy of f(z) minus the log-determinant, summed over the samples."""
    u = _u_hat(params["u"], params["w"])
    a = z @ params["w"] + params["b"]
    f = z + jnp.tanh(a)[:, None] * u[None, :]
    psi = (1.0 - jnp.tanh(a) ** 2)[:, None] * params["w"][None, :]
    log_det = jnp.log(jnp.abs(1.0 + psi @ u))
    return jnp.sum(0.5 * jnp.sum(f ** 2, axis=1) - log_det)


def planar_args():
    params = {"u": jnp.array([0.8, -0.4]), "w": jnp.array([1.5, 0.5]), "b": jnp.array(0.1)}
    z = jnp.array([[0.3, -1.0], [1.2, 0.4], [-0.7, 2.0]])
    return {"params": params, "z": z}


Z0 = jnp.array([0.5, -0.5])


def radial_loss(z):
    """A radial flow around Z0 (alpha = 1, beta = 2): the energy of f(z) minus its log-determinant."""
    alpha, beta = 1.0, 2.0
    diff = z - Z0
    r = jnp.linalg.norm(diff)
    h = 1.0 / (alpha + r)
    f = z + beta * h * diff
    log_det = jnp.log1p(beta * h) + jnp.log1p(beta * h - beta * h * h * r)
    return 0.5 * jnp.sum(f ** 2) - log_det


# a left-to-right HMM: state 1 never goes back to 0, and the chain starts in state 0
LOG_A = jnp.log(jnp.array([[0.9, 0.1], [0.0, 1.0]]))
LOG_PI = jnp.log(jnp.array([1.0, 0.0]))


def hmm_loglik(log_b):
    """log p(observations) by the forward algorithm in log space; log_b[t, k] is log p(obs_t | state k)."""

    def step(log_alpha, lb):
        log_alpha = logsumexp(log_alpha[:, None] + LOG_A, axis=0) + lb
        return log_alpha, None

    log_alpha, _ = lax.scan(step, LOG_PI + log_b[0], log_b[1:])
    return logsumexp(log_alpha)


def hmm_loglik_probs(log_b):
    """The same forward algorithm in probability space, as a textbook writes it."""
    a = jnp.exp(LOG_A)
    alpha = jnp.exp(LOG_PI) * jnp.exp(log_b[0])
    for t in range(1, log_b.shape[0]):
        alpha = (alpha @ a) * jnp.exp(log_b[t])
    return jnp.log(jnp.sum(alpha))


def euler_log_energy(y0, k):
    """600 explicit Euler steps of y' = -k y with step 0.1; the log of the final energy."""
    y = lax.fori_loop(0, 600, lambda i, y: y - 0.1 * k * y, y0)
    return jnp.log(y * y)


def euler_energy(y0, k):
    """100 explicit Euler steps of y' = -k y with step 0.1; the final energy."""
    y = lax.fori_loop(0, 100, lambda i, y: y - 0.1 * k * y, y0)
    return y * y


def leapfrog_pendulum(theta0, omega0):
    """Leapfrog (kick-drift-kick) for a pendulum, 50 steps of 0.05; the final angle squared."""

    def step(state, _):
        theta, omega = state
        omega = omega - 0.025 * jnp.sin(theta)
        theta = theta + 0.05 * omega
        omega = omega - 0.025 * jnp.sin(theta)
        return (theta, omega), None

    (theta, _), _ = lax.scan(step, (theta0, omega0), None, length=50)
    return theta ** 2


TUKEY_C = 4.685


def tukey_loss(r):
    u = r / TUKEY_C
    inside = TUKEY_C ** 2 / 6.0 * (1.0 - (1.0 - u ** 2) ** 3)
    return jnp.sum(jnp.where(jnp.abs(r) <= TUKEY_C, inside, TUKEY_C ** 2 / 6.0))


def cauchy_loss(r):
    c = 2.3849
    return jnp.sum(jnp.log1p((r / c) ** 2))


def geman_mcclure(r):
    s = (r / 0.5) ** 2
    return jnp.sum(2.0 * s / (s + 4.0))


def log_var_naive(x):
    return jnp.log(jnp.mean(x * x) - jnp.mean(x) ** 2)


def log_var(x):
    return jnp.log(jnp.var(x))


def welford_log_var(x):
    def step(carry, xi):
        n, mean, m2 = carry
        n = n + 1.0
        delta = xi - mean
        mean = mean + delta / n
        m2 = m2 + delta * (xi - mean)
        return (n, mean, m2), None

    zero = jnp.zeros_like(x[0])
    (n, _, m2), _ = lax.scan(step, (zero, zero, zero), x)
    return jnp.log(m2 / n)


SAMPLES = jnp.array([0.3, 1.7, -2.2])


def log_var_shift(t):
    """The log-variance of samples shifted by t: the same for every t."""
    return jnp.log(jnp.var(SAMPLES + t))


def lse_pool(x, r):
    """Log-sum-exp pooling: (1/r) log mean exp(r x), between the mean (r -> 0) and the max (r -> inf)."""
    return (logsumexp(r * x) - jnp.log(x.shape[0])) / r


def lse_pool_naive(x, r):
    return jnp.log(jnp.mean(jnp.exp(r * x))) / r


def gelu_sum(x):
    return jnp.sum(jax.nn.gelu(x))


def gelu_exact_sum(x):
    return jnp.sum(jax.nn.gelu(x, approximate=False))


def squareplus_sum(x):
    return jnp.sum(jax.nn.squareplus(x))


def celu_sum(x):
    return jnp.sum(jax.nn.celu(x, alpha=0.5))


def elu_sum(x):
    return jnp.sum(jax.nn.elu(x, alpha=0.5))


def sparse_plus_sum(x):
    return jnp.sum(jax.nn.sparse_plus(x))


def hard_silu_sum(x):
    return jnp.sum(jax.nn.hard_silu(x))


def mish_sum(x):
    return jnp.sum(jax.nn.mish(x))


def entropy(p):
    return -jnp.sum(p * jnp.log(p))


def median_loss(x):
    return jnp.median(x)


def top_eigenvalue(a, b, c):
    return jnp.linalg.eigh(jnp.array([[a, b], [b, c]]))[0][-1]


def corr_logdet(t):
    """The log-determinant of a 2x2 correlation matrix with rho = tanh(t), by its Cholesky factor."""
    rho = jnp.tanh(t)
    chol = jnp.linalg.cholesky(jnp.array([[1.0, rho], [rho, 1.0]]))
    return 2.0 * jnp.sum(jnp.log(jnp.diagonal(chol)))


def clipped_sgd(w):
    """Two SGD steps on sum(w^2)/2 with the gradient clipped to global norm 1 (as optax.clip_by_global_norm), then the
    validation loss."""
    for _ in range(2):
        g = w
        scale = jnp.minimum(1.0, 1.0 / jnp.linalg.norm(g))
        w = w - 0.1 * g * scale
    return jnp.sum((w - 0.25) ** 2)


def sinh_arcsinh_logdet(x):
    """The log-derivative of the sinh-arcsinh flow f(x) = sinh(delta asinh(x) - eps), delta = 2, eps = 0.3."""
    delta, eps = 2.0, 0.3
    return jnp.sum(jnp.log(delta) + jnp.log(jnp.cosh(delta * jnp.arcsinh(x) - eps)) - 0.5 * jnp.log1p(x * x))


def spectral_norm(w):
    return jnp.linalg.norm(w.reshape(2, 2), ord=2)


def _planar_map(z):
    u, w, b = jnp.array([0.8, -0.4]), jnp.array([1.5, 0.5]), 0.1
    return z + u * jnp.tanh(jnp.dot(w, z) + b)


def planar_logdet_jacfwd(z):
    """The planar map's log|det J| from its Jacobian by jax.jacfwd, inside the loss."""
    return jnp.linalg.slogdet(jax.jacfwd(_planar_map)(z))[1]


def implicit_sqrt(a):
    """sqrt(a) as the root of x^2 - a by Newton's method, differentiated implicitly (lax.custom_root)."""

    def newton(f, x0):
        return lax.fori_loop(0, 30, lambda i, x: x - f(x) / (2.0 * x), x0)

    def tangent_solve(g, y):
        return y / g(1.0)

    return lax.custom_root(lambda x: x * x - a, jnp.ones_like(a), newton, tangent_solve)


def masked_pool(x):
    """Attention pooling over a padded sequence of three, the last two padding: their scores set to -1e9 (as
    transformer code masks) before the softmax."""
    scores = jnp.where(jnp.array([True, False, False]), x, -1e9)
    return jnp.sum(jax.nn.softmax(scores) * jnp.array([3.0, 1.0, 2.0]))
