"""A user's PyTorch code, twenty-ninth round (b): reinforcement learning and generative models. A soft actor-critic's
tanh-squashed Gaussian log-probability with fixed noise (the common log(1 - tanh(u)^2 + 1e-6) correction and the
softplus form), a behaviour-cloning log-likelihood of recorded actions through a TanhTransform (atanh near +-1), PPO's
clipped surrogate (by hand, and through an nn.Linear policy read by parameter name), a planar flow at its
invertibility edge (u.w = -1, as a function and as an nn.Module in u), a VAE's KL term at log-variances of -1500 to
+100 (by hand and through torch.distributions.kl_divergence), Bernoulli decoders from logits and from clamped
probabilities, a whole VAE's negative ELBO in its encoder's weights, InfoNCE with F.normalize at a zero embedding, a
WGAN-GP gradient penalty through a double backward in the critic's weights, an nn.GRU over three steps (in its
recurrent weights and in its input), torch.float_power in float32, and custom autograd.Functions (atanh and an L2
normalisation, each right and with a slip)."""

import math

import torch
import torch.nn.functional as F
from torch.distributions import Bernoulli, Normal, TanhTransform, TransformedDistribution, kl_divergence

# ------------------------------------------------------------------------------------ soft actor-critic log-prob
NOISE = [0.3, -1.2]


def sac_logp_naive(mu, log_std):
    """log pi(a | s) of a reparameterised tanh-squashed Gaussian action, as SAC implementations write it."""
    std = log_std.exp()
    u = mu + std * torch.tensor(NOISE, dtype=mu.dtype)
    a = torch.tanh(u)
    logp = Normal(mu, std).log_prob(u) - torch.log(1 - a.pow(2) + 1e-6)
    return logp.sum()


def sac_logp_stable(mu, log_std):
    """The same with the correction written as 2 (log 2 - u - softplus(-2u))."""
    std = log_std.exp()
    u = mu + std * torch.tensor(NOISE, dtype=mu.dtype)
    logp = Normal(mu, std).log_prob(u) - 2 * (math.log(2) - u - F.softplus(-2 * u))
    return logp.sum()


ACTIONS = [0.5, -0.999999]


def bc_logp_tanh(mu):
    """The log-likelihood of recorded actions under a tanh-squashed Gaussian policy (std 0.5)."""
    dist = TransformedDistribution(Normal(mu, torch.full_like(mu, 0.5)), [TanhTransform()])
    return dist.log_prob(torch.tensor(ACTIONS, dtype=mu.dtype)).sum()


# --------------------------------------------------------------------------------------------------------- PPO
LOGP_OLD = [-1.0, -0.5, -2.0]
ADVANTAGES = [1.0, -0.5, 2.0]


def ppo_loss(logp):
    """PPO's clipped surrogate objective (clip 0.2), negated for a minimiser."""
    ratio = torch.exp(logp - torch.tensor(LOGP_OLD, dtype=logp.dtype))
    adv = torch.tensor(ADVANTAGES, dtype=logp.dtype)
    surrogate = torch.min(ratio * adv, torch.clamp(ratio, 0.8, 1.2) * adv)
    return -surrogate.mean()


OBSERVATIONS = [[0.5, -1.0], [1.0, 0.25], [-0.5, 2.0]]
TAKEN = [0, 1, 1]
OLD_LOGP = [-0.9, -0.6, -0.8]
BATCH_ADV = [1.0, -0.5, 0.75]


def ppo_policy_loss(policy, obs, actions):
    """PPO's loss for a linear softmax policy over two actions."""
    logp = F.log_softmax(policy(obs), dim=-1).gather(1, actions[:, None])[:, 0]
    ratio = (logp - torch.tensor(OLD_LOGP, dtype=obs.dtype)).exp()
    adv = torch.tensor(BATCH_ADV, dtype=obs.dtype)
    return -torch.min(ratio * adv, ratio.clamp(0.8, 1.2) * adv).mean()


def ppo_policy_args():
    policy = torch.nn.Linear(2, 2).double()
    with torch.no_grad():
        policy.weight.copy_(torch.tensor([[0.3, -0.2], [-0.1, 0.4]]))
        policy.bias.copy_(torch.tensor([0.05, -0.05]))
    return {"policy": policy, "obs": torch.tensor(OBSERVATIONS, dtype=torch.float64),
            "actions": torch.tensor(TAKEN)}


# ------------------------------------------------------------------------------------------------- planar flow
PLANAR_U = [1.0, 0.0]
PLANAR_W = [-1.0, 0.5]  # u . w = -1: the edge of invertibility


def planar_nll(z):
    """-log p(x) of a planar flow's output under a standard normal, f(z) = z + u tanh(w.z), minus its log-det."""
    u = torch.tensor(PLANAR_U, dtype=z.dtype)
    w = torch.tensor(PLANAR_W, dtype=z.dtype)
    h = torch.tanh(w @ z)
    f = z + u * h
    log_det = torch.log(torch.abs(1 + (u @ w) * (1 - h ** 2)))
    return 0.5 * (f ** 2).sum() - log_det


class PlanarFlow(torch.nn.Module):
    """A planar flow with u reparameterised so that u.w > -1 (Rezende and Mohamed's appendix)."""

    def __init__(self):
        super().__init__()
        self.u = torch.nn.Parameter(torch.tensor(PLANAR_U, dtype=torch.float64))
        self.w = torch.nn.Parameter(torch.tensor(PLANAR_W, dtype=torch.float64))
        self.b = torch.nn.Parameter(torch.tensor(0.25, dtype=torch.float64))

    def forward(self, z):
        wu = self.w @ self.u
        u_hat = self.u + (-1 + F.softplus(wu) - wu) * self.w / (self.w @ self.w)
        h = torch.tanh(z @ self.w + self.b)
        f = z + u_hat * h[:, None]
        log_det = torch.log(torch.abs(1 + (1 - h ** 2) * (self.w @ u_hat)))
        return f, log_det


def planar_flow_nll(flow, z):
    f, log_det = flow(z)
    return (0.5 * (f ** 2).sum(-1) - log_det).mean()


def planar_flow_args():
    return {"flow": PlanarFlow(), "z": torch.tensor([[0.3, 0.2], [-1.0, 0.5]], dtype=torch.float64)}


# -------------------------------------------------------------------------------------------------------- VAEs
def vae_kl(mu, logvar):
    """The VAE paper's KL(q || N(0, I)) of a diagonal Gaussian."""
    return -0.5 * torch.sum(1 + logvar - mu.pow(2) - logvar.exp())


def vae_kl_dist(mu, logvar):
    """The same through torch.distributions."""
    q = Normal(mu, (0.5 * logvar).exp())
    return kl_divergence(q, Normal(torch.zeros_like(mu), torch.ones_like(mu))).sum()


PIXELS = [1.0, 0.0, 1.0]


def bernoulli_decoder(z):
    """A Bernoulli decoder's reconstruction loss from logits."""
    return -Bernoulli(logits=z).log_prob(torch.tensor(PIXELS, dtype=z.dtype)).sum()


def bernoulli_decoder_probs(z):
    """The same, the decoder handing probabilities (sigmoid of its logits) to Bernoulli."""
    return -Bernoulli(probs=torch.sigmoid(z)).log_prob(torch.tensor(PIXELS, dtype=z.dtype)).sum()


EPSILON = 0.7


class TinyVAE(torch.nn.Module):
    """An encoder to one latent (its mean and log-variance) and a Bernoulli decoder back to three pixels."""

    def __init__(self):
        super().__init__()
        self.enc = torch.nn.Linear(3, 2)
        self.dec = torch.nn.Linear(1, 3)
        with torch.no_grad():
            self.enc.weight.copy_(torch.tensor([[0.5, -0.25, 1.0], [-0.5, 0.75, 0.25]]))
            self.enc.bias.copy_(torch.tensor([0.1, -1.0]))
            self.dec.weight.copy_(torch.tensor([[1.5], [-2.0], [0.5]]))
            self.dec.bias.copy_(torch.tensor([0.0, 0.25, -0.5]))

    def forward(self, x):
        mu, logvar = self.enc(x).unbind(-1)
        z = mu + (0.5 * logvar).exp() * EPSILON
        logits = self.dec(z[..., None])
        reconstruction = F.binary_cross_entropy_with_logits(logits, x, reduction="sum")
        kl = -0.5 * torch.sum(1 + logvar - mu.pow(2) - logvar.exp())
        return reconstruction + kl


def negative_elbo(model, x):
    return model(x)


def vae_args():
    return {"model": TinyVAE().double(), "x": torch.tensor([[1.0, 0.0, 1.0], [0.0, 1.0, 1.0]], dtype=torch.float64)}


# ----------------------------------------------------------------------------------------------------- InfoNCE
KEYS = [[1.0, 0.0], [0.6, 0.8], [-1.0, 0.0]]  # the positive first, each of unit norm
TAU = 0.07


def infonce(anchor):
    """InfoNCE of one anchor against its positive (the first key) and two negatives."""
    q = F.normalize(anchor, dim=0)
    logits = torch.tensor(KEYS, dtype=anchor.dtype) @ q / TAU
    return -F.log_softmax(logits, dim=0)[0]


# ---------------------------------------------------------------------------------------------- WGAN-GP penalty
def _critic():
    critic = torch.nn.Sequential(torch.nn.Linear(2, 3), torch.nn.Tanh(), torch.nn.Linear(3, 1)).double()
    with torch.no_grad():
        critic[0].weight.copy_(torch.tensor([[0.5, -1.0], [1.0, 0.5], [-0.25, 0.75]]))
        critic[0].bias.copy_(torch.tensor([0.1, -0.2, 0.3]))
        critic[2].weight.copy_(torch.tensor([[1.0, -0.5, 2.0]]))
        critic[2].bias.zero_()
    return critic


def gradient_penalty(critic, x):
    """WGAN-GP's (||grad_x D(x)|| - 1)^2 at interpolates, differentiated again in the critic's weights."""
    x = x.detach().requires_grad_(True)
    out = critic(x)
    (grad,) = torch.autograd.grad(out.sum(), x, create_graph=True)
    return ((grad.norm(2, dim=1) - 1) ** 2).mean()


def penalty_args():
    return {"critic": _critic(), "x": torch.tensor([[0.2, -0.4], [1.0, 0.5]], dtype=torch.float64)}


# ---------------------------------------------------------------------------------------------------------- GRU
GRU_IH = [[0.5], [-0.3], [0.8], [0.2], [1.0], [-0.6]]
GRU_HH = [[0.1, -0.2], [0.3, 0.4], [-0.5, 0.2], [0.25, -0.1], [0.6, -0.3], [0.2, 0.7]]
GRU_B_IH = [0.1, -0.1, 0.2, 0.0, -0.2, 0.1]
GRU_B_HH = [0.0, 0.05, -0.05, 0.1, 0.15, -0.1]
GRU_READOUT = [1.0, -0.5]


class GRUReadout(torch.nn.Module):
    """A one-layer GRU of two units over a sequence and a fixed readout of its last state."""

    def __init__(self, dtype=torch.float64):
        super().__init__()
        self.rnn = torch.nn.GRU(1, 2, dtype=dtype)
        with torch.no_grad():
            self.rnn.weight_ih_l0.copy_(torch.tensor(GRU_IH))
            self.rnn.weight_hh_l0.copy_(torch.tensor(GRU_HH))
            self.rnn.bias_ih_l0.copy_(torch.tensor(GRU_B_IH))
            self.rnn.bias_hh_l0.copy_(torch.tensor(GRU_B_HH))

    def forward(self, seq):
        _, h = self.rnn(seq[:, None, None])
        return (h[0, 0] * torch.tensor(GRU_READOUT, dtype=seq.dtype)).sum()


def gru_readout(model, seq):
    return model(seq)


def gru_args():
    return {"model": GRUReadout(), "seq": torch.tensor([0.5, -1.0, 2.0], dtype=torch.float64)}


def gru_at(seq):
    """The GRU readout in its input sequence, the module made in the input's dtype."""
    return GRUReadout(seq.dtype)(seq)


# ----------------------------------------------------------------------------------------------- float_power
def float_power_energy(x):
    """sum x^2.5 through torch.float_power (which computes in float64 whatever x's dtype)."""
    return torch.float_power(x, 2.5).sum()


# ------------------------------------------------------------------------------------- custom autograd.Functions
class Atanh(torch.autograd.Function):
    """atanh with its derivative 1 / (1 - x^2)."""

    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return 0.5 * (torch.log1p(x) - torch.log1p(-x))

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return grad_output / (1 - x * x)


class AtanhSlip(torch.autograd.Function):
    """The same, its derivative written with the wrong sign inside: 1 / (1 + x^2)."""

    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return 0.5 * (torch.log1p(x) - torch.log1p(-x))

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return grad_output / (1 + x * x)


def atanh_logp(a):
    """log N(atanh(a); 0.3, 0.5^2) over recorded actions."""
    return Normal(0.3, 0.5).log_prob(Atanh.apply(a)).sum()


def atanh_slip_logp(a):
    return Normal(0.3, 0.5).log_prob(AtanhSlip.apply(a)).sum()


class L2Normalize(torch.autograd.Function):
    """x / ||x|| with its Jacobian (I - y y^T) / ||x||."""

    @staticmethod
    def forward(ctx, x):
        norm = x.norm()
        y = x / norm
        ctx.save_for_backward(y, norm)
        return y

    @staticmethod
    def backward(ctx, grad_output):
        y, norm = ctx.saved_tensors
        return (grad_output - y * (y @ grad_output)) / norm


class L2NormalizeSlip(torch.autograd.Function):
    """The same, its backward dividing by the norm and forgetting the projection."""

    @staticmethod
    def forward(ctx, x):
        norm = x.norm()
        y = x / norm
        ctx.save_for_backward(y, norm)
        return y

    @staticmethod
    def backward(ctx, grad_output):
        y, norm = ctx.saved_tensors
        return grad_output / norm


PROBE = [2.0, -1.0, 0.5]


def normalized_probe(x):
    return (L2Normalize.apply(x) * torch.tensor(PROBE, dtype=x.dtype)).sum()


def normalized_probe_slip(x):
    return (L2NormalizeSlip.apply(x) * torch.tensor(PROBE, dtype=x.dtype)).sum()
