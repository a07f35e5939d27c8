"""A user's JAX code, ninety-first round (d): causal inference and off-policy estimation: inverse propensity weights
with e = sigmoid(logit) (bare and clipped), the self-normalised estimator, the doubly robust (AIPW) estimator, the
propensity model's binary cross-entropy (log_sigmoid and the naive log(sigmoid)), the effective sample size,
off-policy importance ratios pi / mu in probability and in log space, per-decision products of ratios, V-trace's
truncated ratios, a clipped weight with a straight-through custom_vjp (and a wrong one), and an uplift model."""

import jax
import jax.numpy as jnp

T = jnp.array([1.0, 0.0, 1.0])  # treatment indicators
Y = jnp.array([2.0, 0.5, 1.5])  # observed outcomes
R = jnp.array([1.0, 0.5, 2.0])  # rewards of a logged trajectory
GAMMA = 0.5
EPS = 0.01
W_MAX = 10.0


# ----------------------------------------------------------------------------------------- propensity weighting
def ipw_ate(logit):
    """The Horvitz-Thompson ATE: mean(T Y / e - (1 - T) Y / (1 - e))."""
    e = jax.nn.sigmoid(logit)
    return jnp.mean(T * Y / e - (1 - T) * Y / (1 - e))


def ipw_weights(logit):
    e = jax.nn.sigmoid(logit)
    w = T / e + (1 - T) / (1 - e)
    return jnp.sum(w * Y)


def ipw_clipped(logit):
    e = jnp.clip(jax.nn.sigmoid(logit), EPS, 1 - EPS)
    return jnp.mean(T * Y / e - (1 - T) * Y / (1 - e))


def snipw(w):
    """The self-normalised (Hajek) estimate sum(w Y) / sum(w)."""
    return jnp.sum(w * Y) / jnp.sum(w)


def aipw(logit, m1, m0):
    """The doubly robust estimator with outcome models m1, m0."""
    e = jax.nn.sigmoid(logit)
    psi = m1 - m0 + T * (Y - m1) / e - (1 - T) * (Y - m0) / (1 - e)
    return jnp.mean(psi)


def bce_stable(logit):
    return -jnp.mean(T * jax.nn.log_sigmoid(logit) + (1 - T) * jax.nn.log_sigmoid(-logit))


def bce_naive(logit):
    p = jax.nn.sigmoid(logit)
    return -jnp.mean(T * jnp.log(p) + (1 - T) * jnp.log(1 - p))


def ess(w):
    """Kish's effective sample size (sum w)^2 / sum w^2."""
    return jnp.sum(w) ** 2 / jnp.sum(w ** 2)


# ----------------------------------------------------------------------------------------- off-policy evaluation
def is_return(pi, mu):
    return jnp.sum(pi / mu * R)


def ratio_probs(log_pi, log_mu):
    return jnp.sum(jnp.exp(log_pi) / jnp.exp(log_mu) * R)


def ratio_logspace(log_pi, log_mu):
    return jnp.sum(jnp.exp(log_pi - log_mu) * R)


def per_decision(pi, mu):
    """Per-decision importance sampling: sum_t gamma^t r_t prod_{s <= t} pi_s / mu_s."""
    rho = jnp.cumprod(pi / mu)
    disc = GAMMA ** jnp.arange(3)
    return jnp.sum(disc * rho * R)


def per_decision_log(pi, mu):
    rho = jnp.exp(jnp.cumsum(jnp.log(pi) - jnp.log(mu)))
    disc = GAMMA ** jnp.arange(3)
    return jnp.sum(disc * rho * R)


def vtrace(log_rho, v):
    """V-trace targets (IMPALA) with rho_bar = c_bar = 1 over three steps; the loss sum(v_s)."""
    rho = jnp.exp(log_rho)
    rho_c = jnp.minimum(1.0, rho)
    c = jnp.minimum(1.0, rho)
    delta = rho_c * (R + GAMMA * v[1:] - v[:-1])
    acc = 0.0
    out = []
    for s in (2, 1, 0):
        acc = delta[s] + GAMMA * c[s] * acc
        out.append(v[s] + acc)
    return jnp.sum(jnp.stack(out))


# ----------------------------------------------------------------------------------------- custom rules
@jax.custom_vjp
def clip_st(w):
    return jnp.clip(w, 0.0, W_MAX)


def clip_st_fwd(w):
    return clip_st(w), None


def clip_st_bwd(_, g):
    return (g,)


clip_st.defvjp(clip_st_fwd, clip_st_bwd)


@jax.custom_vjp
def clip_bad(w):
    return jnp.clip(w, 0.0, W_MAX)


def clip_bad_fwd(w):
    return clip_bad(w), w


def clip_bad_bwd(w, g):
    return (g * w / W_MAX,)


clip_bad.defvjp(clip_bad_fwd, clip_bad_bwd)


def weighted_st(w):
    return jnp.sum(clip_st(w) * Y)


def weighted_bad(w):
    return jnp.sum(clip_bad(w) * Y)


# ----------------------------------------------------------------------------------------- uplift
def uplift(z1, z0):
    return jnp.sum(jax.nn.sigmoid(z1) - jax.nn.sigmoid(z0))


def uplift_abs(z1, z0):
    return jnp.sum(jnp.abs(jax.nn.sigmoid(z1) - jax.nn.sigmoid(z0)))


# ----------------------------------------------------------------------------------------- log-weights
def snipw_exp(log_w):
    w = jnp.exp(log_w)
    return jnp.sum(w * Y) / jnp.sum(w)


def snipw_softmax(log_w):
    return jnp.sum(jax.nn.softmax(log_w) * Y)


def snipw_where(w):
    """The Hajek estimate guarded where no unit has weight: 0 there."""
    s = jnp.sum(w)
    return jnp.where(s > 0, jnp.sum(w * Y) / s, 0.0)
