"""A user's JAX code, hundred-and-first round (d): robust regression losses on a few residuals: Huber as optax writes
it (optax.huber_loss: min(|e|, delta), then 0.5 q^2 + delta (|e| - q)) and as a jnp.where; smooth L1 with its beta as
an argument (the 1 / beta branch idle at beta = 0); pseudo-Huber delta^2 (sqrt(1 + (r / delta)^2) - 1); Charbonnier
sqrt(r^2 + eps^2); log-cosh (naive, and Keras' softplus form); Cauchy, Geman-McClure, Tukey's biweight (a where at
|r| = c), Welsch; Barron's general adaptive loss rho(x, alpha, c) naive, with Barron's small-epsilon guard and with a
where per special case (robust_loss_pytorch's general.lossfun); IRLS weights psi(r) / r; a quantile Huber (QR-DQN) and
the pinball loss; the MAD scale; and a custom_vjp Huber whose bwd clips the residual (right, and wrong on purpose at
the switch |r| = delta)."""

import jax
import jax.numpy as jnp

DELTA = 1.0
EPS = 1e-3  # Charbonnier's epsilon
TUKEY_C = 4.685  # 95% efficiency at the normal
W = jnp.array([0.5, -0.25, 1.0, 0.75])  # weights of the residuals (at most 4)


def _w(r):
    return W[: r.shape[0]]


# ------------------------------------------------------------------------------------------------- Huber
def huber_optax(r):
    """optax.huber_loss(predictions=r, targets=0, delta=1.0), summed (optax itself is not installed here)."""
    errors = r
    abs_errors = jnp.abs(errors)
    quadratic = jnp.minimum(abs_errors, DELTA)
    linear = abs_errors - quadratic
    return jnp.sum(0.5 * quadratic ** 2 + DELTA * linear)


def huber_where(r, delta):
    a = jnp.abs(r)
    return jnp.sum(jnp.where(a <= delta, 0.5 * r ** 2, delta * (a - 0.5 * delta)))


def smooth_l1(r, beta):
    """fvcore / detectron2's smooth_l1_loss, written with jnp.where: beta = 0 meant as the L1 loss."""
    n = jnp.abs(r)
    return jnp.sum(jnp.where(n < beta, 0.5 * n ** 2 / beta, n - 0.5 * beta))


def pseudo_huber(r, delta):
    return jnp.sum(delta ** 2 * (jnp.sqrt(1 + (r / delta) ** 2) - 1))


def charbonnier(r):
    return jnp.sum(jnp.sqrt(r ** 2 + EPS ** 2))


def charbonnier_eps(r, eps):
    return jnp.sum(jnp.sqrt(r ** 2 + eps ** 2))


# ------------------------------------------------------------------------------------------------- log-cosh
def log_cosh(r):
    return jnp.sum(jnp.log(jnp.cosh(r)))


def log_cosh_keras(r):
    """keras.losses.log_cosh's own form: x + softplus(-2 x) - log 2."""
    return jnp.sum(r + jax.nn.softplus(-2.0 * r) - jnp.log(2.0))


# ------------------------------------------------------------------------------------------------- redescending
def cauchy(r, c):
    return jnp.sum(0.5 * c ** 2 * jnp.log1p((r / c) ** 2))


def geman_mcclure(r, c):
    z = (r / c) ** 2
    return jnp.sum(2 * z / (z + 4))


def tukey(r):
    c = TUKEY_C
    inside = c ** 2 / 6 * (1 - (1 - (r / c) ** 2) ** 3)
    return jnp.sum(jnp.where(jnp.abs(r) <= c, inside, c ** 2 / 6))


def welsch(r, c):
    return jnp.sum(0.5 * c ** 2 * (1 - jnp.exp(-0.5 * (r / c) ** 2)))


# ------------------------------------------------------------------------------------------------- Barron
def barron_naive(x, alpha, c):
    """rho(x, alpha, c) as the paper's equation reads: 0 / 0 at alpha = 0 and alpha = 2."""
    b = jnp.abs(alpha - 2)
    return jnp.sum(b / alpha * (((x / c) ** 2 / b + 1) ** (alpha / 2) - 1))


def barron_eps(x, alpha, c):
    """Barron's 'approximate' form: epsilon = 1e-6 nudges alpha off its singularities."""
    epsilon = 1e-6
    b = jnp.abs(alpha - 2) + epsilon
    d = jnp.where(alpha >= 0, alpha + epsilon, alpha - epsilon)
    return jnp.sum((b / d) * (jnp.power((x / c) ** 2 / b + 1.0, 0.5 * d) - 1.0))


def barron(x, alpha, c):
    """robust_loss_pytorch's general.lossfun (and robust_loss_jax), a where per special case."""
    squared_scaled_x = (x / c) ** 2
    loss_two = 0.5 * squared_scaled_x
    loss_zero = jnp.log1p(jnp.minimum(0.5 * squared_scaled_x, 3e37))
    loss_neginf = -jnp.expm1(jnp.minimum(-0.5 * squared_scaled_x, 87.5))
    loss_posinf = jnp.expm1(jnp.minimum(0.5 * squared_scaled_x, 87.5))
    machine_epsilon = jnp.finfo(x.dtype).eps
    beta_safe = jnp.maximum(machine_epsilon, jnp.abs(alpha - 2.0))
    alpha_safe = jnp.where(alpha >= 0, 1.0, -1.0) * jnp.maximum(machine_epsilon, jnp.abs(alpha))
    loss_otherwise = (beta_safe / alpha_safe) * (jnp.power(squared_scaled_x / beta_safe + 1.0, 0.5 * alpha) - 1.0)
    loss = jnp.where(alpha == -jnp.inf, loss_neginf,
                     jnp.where(alpha == 0, loss_zero,
                               jnp.where(alpha == 2, loss_two,
                                         jnp.where(alpha == jnp.inf, loss_posinf, loss_otherwise))))
    return jnp.sum(loss)


# ------------------------------------------------------------------------------------------------- IRLS, quantiles, scale
def irls_weights(r):
    """Huber's IRLS weights psi(r) / r, psi the clipped residual: 0 / 0 at r = 0."""
    psi = jnp.clip(r, -DELTA, DELTA)
    return jnp.sum(_w(r) * psi / r)


def irls_weights_safe(r):
    a = jnp.abs(r)
    return jnp.sum(_w(r) * jnp.where(a <= DELTA, 1.0, DELTA / jnp.maximum(a, DELTA)))


def quantile_huber(u, tau, kappa):
    """QR-DQN's quantile Huber: |tau - 1{u < 0}| * huber_kappa(u) / kappa."""
    a = jnp.abs(u)
    h = jnp.where(a <= kappa, 0.5 * u ** 2, kappa * (a - 0.5 * kappa))
    return jnp.sum(jnp.abs(tau - (u < 0).astype(u.dtype)) * h / kappa)


def pinball(u, tau):
    return jnp.sum(jnp.maximum(tau * u, (tau - 1) * u))


def mad_scale(r):
    """The normal-consistent median absolute deviation."""
    return 1.4826 * jnp.median(jnp.abs(r - jnp.median(r)))


# ------------------------------------------------------------------------------------------------- custom rules
@jax.custom_vjp
def _huber(r):
    a = jnp.abs(r)
    return jnp.where(a <= DELTA, 0.5 * r ** 2, DELTA * (a - 0.5 * DELTA))


def _huber_fwd(r):
    return _huber(r), r


def _huber_bwd(r, g):
    return (g * jnp.clip(r, -DELTA, DELTA),)


_huber.defvjp(_huber_fwd, _huber_bwd)


def huber_custom(r):
    return jnp.sum(_w(r) * _huber(r))


@jax.custom_vjp
def _huber_bad(r):
    a = jnp.abs(r)
    return jnp.where(a <= DELTA, 0.5 * r ** 2, DELTA * (a - 0.5 * DELTA))


def _huber_bad_fwd(r):
    return _huber_bad(r), r


def _huber_bad_bwd(r, g):
    a = jnp.abs(r)
    return (g * jnp.where(a < DELTA, r, jnp.where(a > DELTA, DELTA * jnp.sign(r), 0.0)),)


_huber_bad.defvjp(_huber_bad_fwd, _huber_bad_bwd)


def huber_custom_bad(r):
    return jnp.sum(_w(r) * _huber_bad(r))
