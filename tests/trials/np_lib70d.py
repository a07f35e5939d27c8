"""A user's plain NumPy code, seventieth round (d): reinforcement-learning objectives in NumPy. Discounted returns
by a reversed loop and a value loss, PPO's clipped surrogate (np.clip, np.minimum), a tanh-squashed Gaussian's
log-probability correction (naive and by logaddexp), a soft state value alpha * logsumexp(Q / alpha) by hand (naive,
and shifted by the max), advantage normalisation by np.std, and the KL between categorical policies."""
import numpy as np

GAMMA = 0.99
CLIP_EPS = 0.2


def discounted_value_loss(values, rewards):
    """Returns G_t = r_t + gamma G_{t+1} by a reversed loop (the episode ends after the last reward)."""
    returns = np.zeros_like(rewards)
    g = 0.0
    for t in reversed(range(len(rewards))):
        g = rewards[t] + GAMMA * g
        returns[t] = g
    return 0.5 * np.mean((returns - values) ** 2)


def ppo_prob_ratio(p, p_old, adv):
    ratio = p / p_old
    surr1 = ratio * adv
    surr2 = np.clip(ratio, 1 - CLIP_EPS, 1 + CLIP_EPS) * adv
    return -np.mean(np.minimum(surr1, surr2))


def squash_correction_naive(u):
    """sum log(1 - tanh(u)^2 + 1e-6) over the action's dimensions."""
    return np.sum(np.log(1 - np.tanh(u) ** 2 + 1e-6))


def squash_correction_stable(u):
    """sum log(1 - tanh(u)^2) as 2 (log 2 - u - softplus(-2u)), softplus by logaddexp."""
    return np.sum(2 * (np.log(2) - u - np.logaddexp(0, -2 * u)))


def soft_value_naive(q, alpha):
    return alpha * np.log(np.sum(np.exp(q / alpha)))


def soft_value_shifted(q, alpha):
    z = q / alpha
    m = np.max(z)
    return alpha * (m + np.log(np.sum(np.exp(z - m))))


def normalized_pg_loss(logp, adv):
    adv = (adv - adv.mean()) / (adv.std() + 1e-8)
    return -np.mean(logp * adv)


def kl_categorical(logits_new, logits_old):
    def log_softmax(z):
        z = z - np.max(z)
        return z - np.log(np.sum(np.exp(z)))
    lp_old = log_softmax(logits_old)
    return np.sum(np.exp(lp_old) * (lp_old - log_softmax(logits_new)))
