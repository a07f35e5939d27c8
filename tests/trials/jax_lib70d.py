"""A user's JAX code, seventieth round (d): reinforcement-learning objectives as users write them in JAX. PPO's
clipped surrogate from log-probabilities and from probability ratios, a SAC tanh-squashed Gaussian log-probability
(log(1 - tanh(u)^2 + 1e-6) and the softplus form), a Gaussian log-probability with log_std clipped, a categorical
policy's entropy from logits with a -inf action mask (guarded by where, by a large negative number, unguarded),
GAE by a reversed lax.scan, a soft state value alpha * logsumexp(Q / alpha) (by jax.nn.logsumexp and by hand), and
a DQN Huber TD loss whose bootstrapped max is not stopped."""

import jax
import jax.numpy as jnp
from jax import lax
from jax.scipy.stats import norm

CLIP_EPS = 0.2
GAMMA = 0.99
LAM = 0.95
ACTION_MASK = (True, True, False)


# --- policy gradient -------------------------------------------------------------------------------------------------

def ppo_clip(logp, logp_old, adv):
    """PPO's clipped surrogate (to minimise) from new and old log-probabilities of the taken actions."""
    ratio = jnp.exp(logp - logp_old)
    surr1 = ratio * adv
    surr2 = jnp.clip(ratio, 1.0 - CLIP_EPS, 1.0 + CLIP_EPS) * adv
    return -jnp.mean(jnp.minimum(surr1, surr2))


def ppo_prob_ratio(p, p_old, adv):
    """The same surrogate from probabilities: ratio = p / p_old."""
    ratio = p / p_old
    surr1 = ratio * adv
    surr2 = jnp.clip(ratio, 1.0 - CLIP_EPS, 1.0 + CLIP_EPS) * adv
    return -jnp.mean(jnp.minimum(surr1, surr2))


# --- continuous actions ---------------------------------------------------------------------------------------------

def sac_logp_naive(mu, log_std):
    """log pi(a|s) of a tanh-squashed Gaussian, reparameterised with the noise 0.3 (SpinningUp's first version)."""
    std = jnp.exp(log_std)
    u = mu + std * 0.3
    logp = norm.logpdf(u, mu, std)
    logp = logp - jnp.log(1.0 - jnp.tanh(u) ** 2 + 1e-6)
    return logp


def sac_logp_stable(mu, log_std):
    """The same with log(1 - tanh(u)^2) written 2 (log 2 - u - softplus(-2u)) (no 1e-6)."""
    std = jnp.exp(log_std)
    u = mu + std * 0.3
    logp = norm.logpdf(u, mu, std)
    logp = logp - 2.0 * (jnp.log(2.0) - u - jax.nn.softplus(-2.0 * u))
    return logp


def gaussian_logp_clipped(mu, log_std):
    """log N(a; mu, exp(log_std)) of a stored action a = 0.5, log_std clipped to [-20, 2]."""
    log_std = jnp.clip(log_std, -20.0, 2.0)
    return norm.logpdf(0.5, mu, jnp.exp(log_std))


# --- discrete actions -----------------------------------------------------------------------------------------------

def masked_entropy(logits):
    """Entropy of a categorical policy with the third action masked by -inf; the 0 * -inf guarded by where."""
    mask = jnp.array(ACTION_MASK)
    logits = jnp.where(mask, logits, -jnp.inf)
    p = jax.nn.softmax(logits)
    logp = jax.nn.log_softmax(logits)
    return -jnp.sum(jnp.where(mask, p * logp, 0.0))


def masked_entropy_big_negative(logits):
    """The same with the mask written as -1e9 (no where needed)."""
    mask = jnp.array(ACTION_MASK)
    logits = jnp.where(mask, logits, -1e9)
    p = jax.nn.softmax(logits)
    logp = jax.nn.log_softmax(logits)
    return -jnp.sum(p * logp)


def masked_entropy_unguarded(logits):
    """The same with -inf and no guard: 0 * -inf in the masked action."""
    mask = jnp.array(ACTION_MASK)
    logits = jnp.where(mask, logits, -jnp.inf)
    p = jax.nn.softmax(logits)
    return -jnp.sum(p * jax.nn.log_softmax(logits))


# --- advantages ------------------------------------------------------------------------------------------------------

def gae_scan(values, rewards):
    """GAE(gamma, lambda) by a reversed lax.scan over 4 steps (values has the bootstrap value last, the episode ends
    after step 2); the loss is half the mean squared advantage."""
    dones = jnp.array([0.0, 0.0, 1.0, 0.0], dtype=values.dtype)
    nonterminal = 1.0 - dones
    deltas = rewards + GAMMA * values[1:] * nonterminal - values[:-1]

    def step(carry, x):
        delta, nt = x
        carry = delta + GAMMA * LAM * nt * carry
        return carry, carry

    _, adv = lax.scan(step, jnp.zeros_like(values[0]), (deltas, nonterminal), reverse=True)
    return 0.5 * jnp.mean(adv ** 2)


# --- soft values ------------------------------------------------------------------------------------------------------

def soft_value(q, alpha):
    """SAC / soft Q-learning's state value V = alpha * logsumexp(Q / alpha)."""
    return alpha * jax.nn.logsumexp(q / alpha)


def soft_value_naive(q, alpha):
    return alpha * jnp.log(jnp.sum(jnp.exp(q / alpha)))


# --- value learning ---------------------------------------------------------------------------------------------------

def dqn_huber(q, q_next):
    """Huber TD loss of Q(s, a) against r + gamma * max_a' Q(s', a') (the target not stopped), reward 1."""
    target = 1.0 + GAMMA * jnp.max(q_next)
    delta = q - target
    return jnp.where(jnp.abs(delta) <= 1.0, 0.5 * delta ** 2, jnp.abs(delta) - 0.5)
