"""A user's JAX code, ninety-second round (d): the losses of training and aligning a small language model: DPO's
-log sigmoid(beta margin) (naive, jax.nn.log_sigmoid, jax.nn.softplus), IPO's squared margin, a Bradley-Terry reward
loss, the per-token KL penalty exp(d) - 1 - d (naive and by expm1), the z-loss logsumexp(z)^2, label-smoothed
cross-entropy, perplexity, a temperature-scaled log-softmax, top-k masking before the softmax, logit soft-capping,
RMSNorm with and without eps, and custom_vjp rules (a straight-through top-1 pick, a softmax pick, a wrong one)."""

import jax
import jax.numpy as jnp

BETA = 0.5
TAU = 0.1
REF_C = jnp.array([-4.0, -6.0])  # the reference policy's log-probabilities of the chosen answers
REF_R = jnp.array([-5.0, -6.0])  # and of the rejected ones
TARGETS = jnp.array([2, 0])  # next tokens at two positions, vocabulary of 4
VOCAB = 4
SMOOTH = 0.25
CAP = 30.0
TOP_K = 2
TOP_TARGET = 1
EPS_NORM = 1e-6
GAIN = jnp.array([1.0, 0.5, 2.0, 1.5])
W_OUT = jnp.array([0.25, -1.0, 0.5, 2.0])
VALUES = jnp.array([1.0, -2.0, 0.5])


# ----------------------------------------------------------------------------------------- preference losses
def _margin(lp_c, lp_r):
    return BETA * ((lp_c - REF_C) - (lp_r - REF_R))


def dpo_naive(lp_c, lp_r):
    """DPO as the paper writes it: -log sigmoid(beta ((pi_c - ref_c) - (pi_r - ref_r)))."""
    return -jnp.mean(jnp.log(jax.nn.sigmoid(_margin(lp_c, lp_r))))


def dpo_log_sigmoid(lp_c, lp_r):
    return -jnp.mean(jax.nn.log_sigmoid(_margin(lp_c, lp_r)))


def dpo_softplus(lp_c, lp_r):
    return jnp.mean(jax.nn.softplus(-_margin(lp_c, lp_r)))


def ipo(lp_c, lp_r):
    """IPO: (h - 1 / (2 tau))^2 with h the log-ratio margin."""
    h = (lp_c - REF_C) - (lp_r - REF_R)
    return jnp.mean((h - 1 / (2 * TAU)) ** 2)


def bt_loss(r_c, r_r):
    """A reward model's Bradley-Terry loss."""
    return -jnp.mean(jax.nn.log_sigmoid(r_c - r_r))


# ----------------------------------------------------------------------------------------- KL penalty, z-loss
def kl_naive(logp, logq):
    """The per-token KL penalty to the reference (Schulman's k3): exp(d) - 1 - d, d = logp - logq."""
    d = logp - logq
    return jnp.sum(jnp.exp(d) - 1 - d)


def kl_expm1(logp, logq):
    d = logp - logq
    return jnp.sum(jnp.expm1(d) - d)


def z_loss(z):
    """PaLM's z-loss: the squared log-normaliser, averaged over positions."""
    return jnp.mean(jax.nn.logsumexp(z, axis=-1) ** 2)


def z_loss_naive(z):
    return jnp.mean(jnp.log(jnp.sum(jnp.exp(z), axis=-1)) ** 2)


# ----------------------------------------------------------------------------------------- cross-entropies
def ls_ce(z):
    """Label-smoothed cross-entropy: targets (1 - eps) one-hot + eps / V."""
    q = (1 - SMOOTH) * jax.nn.one_hot(TARGETS, VOCAB) + SMOOTH / VOCAB
    return -jnp.mean(jnp.sum(q * jax.nn.log_softmax(z, axis=-1), axis=-1))


def ls_ce_naive(z):
    q = (1 - SMOOTH) * jax.nn.one_hot(TARGETS, VOCAB) + SMOOTH / VOCAB
    return -jnp.mean(jnp.sum(q * jnp.log(jax.nn.softmax(z, axis=-1)), axis=-1))


def perplexity(z):
    nll = -jnp.take_along_axis(jax.nn.log_softmax(z, axis=-1), TARGETS[:, None], axis=-1)
    return jnp.exp(jnp.mean(nll))


def temp_ce(z, temp):
    """The target's negative log-probability at temperature temp."""
    return -jax.nn.log_softmax(z / temp)[TOP_TARGET]


def temp_ce_naive(z, temp):
    return -jnp.log(jax.nn.softmax(z / temp))[TOP_TARGET]


def topk_ce(z):
    """Top-k sampling's distribution: everything below the k-th largest logit masked with -inf."""
    kth = jax.lax.top_k(z, TOP_K)[0][-1]
    masked = jnp.where(z >= kth, z, -jnp.inf)
    return -jax.nn.log_softmax(masked)[TOP_TARGET]


def topk_ce_1e9(z):
    kth = jax.lax.top_k(z, TOP_K)[0][-1]
    masked = jnp.where(z >= kth, z, -1e9)
    return -jax.nn.log_softmax(masked)[TOP_TARGET]


def softcap_ce(z):
    """Gemma's logit soft-capping c tanh(z / c) before the cross-entropy."""
    capped = CAP * jnp.tanh(z / CAP)
    logp = jax.nn.log_softmax(capped, axis=-1)
    return -jnp.mean(jnp.take_along_axis(logp, TARGETS[:, None], axis=-1))


# ----------------------------------------------------------------------------------------- RMSNorm
def rmsnorm(x):
    y = x * jax.lax.rsqrt(jnp.mean(x ** 2) + EPS_NORM) * GAIN
    return jnp.sum(y * W_OUT)


def rmsnorm_noeps(x):
    y = x / jnp.sqrt(jnp.mean(x ** 2)) * GAIN
    return jnp.sum(y * W_OUT)


# ----------------------------------------------------------------------------------------- custom rules
@jax.custom_vjp
def st_top1(z):
    return jax.nn.one_hot(jnp.argmax(z), z.shape[0], dtype=z.dtype)


def st_top1_fwd(z):
    return st_top1(z), None


def st_top1_bwd(_, g):
    return (g,)


st_top1.defvjp(st_top1_fwd, st_top1_bwd)


@jax.custom_vjp
def soft_pick(z):
    return jax.nn.softmax(z)


def soft_pick_fwd(z):
    p = jax.nn.softmax(z)
    return p, p


def soft_pick_bwd(p, g):
    return (p * (g - jnp.sum(p * g)),)


soft_pick.defvjp(soft_pick_fwd, soft_pick_bwd)


@jax.custom_vjp
def soft_pick_bad(z):
    return jax.nn.softmax(z)


def soft_pick_bad_fwd(z):
    p = jax.nn.softmax(z)
    return p, p


def soft_pick_bad_bwd(p, g):
    return (p * g,)


soft_pick_bad.defvjp(soft_pick_bad_fwd, soft_pick_bad_bwd)


def st_value(z):
    """The value of the greedy token, trained straight through."""
    return jnp.sum(st_top1(z) * VALUES)


def soft_value(z):
    return jnp.sum(soft_pick(z) * VALUES)


def soft_value_bad(z):
    return jnp.sum(soft_pick_bad(z) * VALUES)
