"""A user's PyTorch code, seventieth round (d): reinforcement-learning objectives as users write them in PyTorch.
PPO's clipped surrogate (torch.clamp, torch.min) from log-probabilities and from probability ratios, a Gaussian
policy's log-probability through torch.distributions.Normal with log_std clamped, a masked categorical policy's
entropy through torch.distributions.Categorical and by hand, the KL between old and new categorical policies by
kl_divergence, GAE by a reversed Python loop, PPO2's clipped value loss, advantage normalisation, and a Huber TD
loss by F.smooth_l1_loss."""
import torch
import torch.nn.functional as F
from torch.distributions import Categorical, Normal, kl_divergence

CLIP_EPS = 0.2
GAMMA = 0.99
LAM = 0.95
MASK = [True, True, False]
OLD_LOGITS = [0.2, -0.4, 0.1]


def ppo_loss(logp, logp_old, adv):
    ratio = torch.exp(logp - logp_old)
    surr1 = ratio * adv
    surr2 = torch.clamp(ratio, 1 - CLIP_EPS, 1 + CLIP_EPS) * adv
    return -torch.min(surr1, surr2).mean()


def ppo_prob_ratio(p, p_old, adv):
    ratio = p / p_old
    surr1 = ratio * adv
    surr2 = torch.clamp(ratio, 1 - CLIP_EPS, 1 + CLIP_EPS) * adv
    return -torch.min(surr1, surr2).mean()


def gaussian_logp(mu, log_std):
    """log pi(a|s) of the stored action 0.5 under Normal(mu, exp(log_std)), log_std clamped to [-20, 2]."""
    log_std = torch.clamp(log_std, -20, 2)
    dist = Normal(mu, log_std.exp())
    return dist.log_prob(torch.tensor(0.5, dtype=mu.dtype))


def masked_entropy(logits):
    """Categorical(logits=...) with the third action masked by -inf."""
    mask = torch.tensor(MASK)
    logits = logits.masked_fill(~mask, float("-inf"))
    return Categorical(logits=logits).entropy()


def masked_entropy_by_hand(logits):
    mask = torch.tensor(MASK)
    logits = logits.masked_fill(~mask, float("-inf"))
    p = torch.softmax(logits, dim=-1)
    logp = torch.log_softmax(logits, dim=-1)
    return -(torch.where(mask, p * logp, torch.zeros_like(p))).sum()


def kl_old_new(logits):
    """KL(pi_old || pi_new) between the stored old policy and the new logits."""
    old = Categorical(logits=torch.tensor(OLD_LOGITS, dtype=logits.dtype))
    return kl_divergence(old, Categorical(logits=logits))


def kl_old_new_masked(logits):
    """The same with the third action masked by -inf in both policies."""
    mask = torch.tensor(MASK)
    old_logits = torch.tensor(OLD_LOGITS, dtype=logits.dtype).masked_fill(~mask, float("-inf"))
    new_logits = logits.masked_fill(~mask, float("-inf"))
    return kl_divergence(Categorical(logits=old_logits), Categorical(logits=new_logits))


def gae_loop(values, rewards):
    """GAE by a reversed loop over 4 steps (values holds the bootstrap value last; the episode ends after step 2)."""
    dones = [0.0, 0.0, 1.0, 0.0]
    advantages = []
    gae = 0.0
    for t in reversed(range(4)):
        nonterminal = 1.0 - dones[t]
        delta = rewards[t] + GAMMA * values[t + 1] * nonterminal - values[t]
        gae = delta + GAMMA * LAM * nonterminal * gae
        advantages.insert(0, gae)
    adv = torch.stack(advantages)
    return 0.5 * (adv ** 2).mean()


def value_loss_clipped(v, v_old, returns):
    """PPO2's clipped value loss."""
    v_clipped = v_old + torch.clamp(v - v_old, -CLIP_EPS, CLIP_EPS)
    loss1 = (v - returns) ** 2
    loss2 = (v_clipped - returns) ** 2
    return 0.5 * torch.max(loss1, loss2).mean()


def normalized_pg_loss(logp, adv):
    """-mean(logp * A_norm) with the advantages normalised in the batch."""
    adv = (adv - adv.mean()) / (adv.std() + 1e-8)
    return -(logp * adv).mean()


def huber_td(q, target):
    return F.smooth_l1_loss(q, target)
