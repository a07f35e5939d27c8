"""A user's PyTorch code, sixth round: torch.distributions (Poisson, negative binomial, Dirichlet, multivariate normal
with a Cholesky factor, a Gaussian mixture, Gamma in its shape, Binomial, LogNormal, the Normal KL),
F.triplet_margin_loss at a zero distance, label-smoothed cross-entropy, the full Poisson NLL, RMS norm at tiny
inputs, a clamp near its bound, a CLIP-style InfoNCE module with a learnable temperature, and a Black-Scholes price
through torch.special.ndtr."""

import math

import torch
import torch.distributions as D
import torch.nn as nn
import torch.nn.functional as F


def poisson_lp(rate):
    return D.Poisson(rate).log_prob(torch.tensor([0.0, 3.0], dtype=rate.dtype)).sum()


def negbin_lp(logits):
    k = torch.tensor([0.0, 4.0], dtype=logits.dtype)
    return D.NegativeBinomial(total_count=3.0, logits=logits).log_prob(k).sum()


def dirichlet_lp(x):
    conc = torch.tensor([2.0, 3.0], dtype=x.dtype)
    return D.Dirichlet(conc).log_prob(x)


def mvn_lp(x):
    loc = torch.tensor([1.0, -2.0], dtype=x.dtype)
    cov = torch.tensor([[2.0, 0.5], [0.5, 1.0]], dtype=x.dtype)
    return D.MultivariateNormal(loc, scale_tril=torch.linalg.cholesky(cov)).log_prob(x)


def mixture_ll(x):
    mix = D.Categorical(probs=torch.tensor([0.3, 0.7], dtype=x.dtype))
    comp = D.Normal(torch.tensor([0.0, 1.0], dtype=x.dtype), torch.tensor([1.0, 2.0], dtype=x.dtype))
    return D.MixtureSameFamily(mix, comp).log_prob(x).sum()


def gamma_shape(a):
    x = torch.tensor(1e6, dtype=a.dtype)
    return D.Gamma(a, torch.tensor(1.0, dtype=a.dtype)).log_prob(x).sum()


POSITIVE = torch.tensor([[1.0, 2.0, 3.0]], dtype=torch.float64)
NEGATIVE = torch.tensor([[1.2, 2.0, 3.0]], dtype=torch.float64)


def triplet(anchor):
    return F.triplet_margin_loss(anchor.reshape(1, 3), POSITIVE.to(anchor.dtype), NEGATIVE.to(anchor.dtype),
                                 margin=1.0)


def smoothed_ce(logits):
    return F.cross_entropy(logits.reshape(1, 3), torch.tensor([0]), label_smoothing=0.1)


def rms_norm(x):
    w = torch.tensor([1.0, 2.0, 4.0], dtype=x.dtype)
    return (F.rms_norm(x, (3,), eps=1e-6) * w).sum()


class Clip(nn.Module):
    """Image-text similarities scaled by a learnable inverse temperature, as CLIP does."""

    def __init__(self):
        super().__init__()
        self.logit_scale = nn.Parameter(torch.tensor(4.6, dtype=torch.float64))

    def forward(self, sims, labels):
        return F.cross_entropy(self.logit_scale.exp() * sims, labels)


def clip_loss(model, sims, labels):
    return model(sims, labels)


def clip_args():
    sims = torch.tensor([[0.9, 0.5, 0.1], [0.2, 0.8, -0.3]], dtype=torch.float64)
    return Clip(), sims, torch.tensor([0, 1])


def bs_call(s):
    k, r, sigma, t = 1000.0, 0.01, 0.2, 1.0
    d1 = (torch.log(s / k) + (r + 0.5 * sigma ** 2) * t) / (sigma * t ** 0.5)
    d2 = d1 - sigma * t ** 0.5
    return (s * torch.special.ndtr(d1) - k * math.exp(-r * t) * torch.special.ndtr(d2)).sum()


def binomial_lp(logits):
    k = torch.tensor([0.0, 10.0], dtype=logits.dtype)
    return D.Binomial(total_count=10, logits=logits).log_prob(k).sum()


def poisson_nll_full(log_rate):
    target = torch.tensor([0.0, 5.0], dtype=log_rate.dtype)
    return F.poisson_nll_loss(log_rate, target, log_input=True, full=True, reduction="sum")


def lognormal_lp(x):
    return D.LogNormal(0.0, 0.5).log_prob(x).sum()


def kl_normals(s):
    # KL(N(0, s1) || N(0, s2)) as torch.distributions registers it: through the ratio of the scales
    return D.kl_divergence(D.Normal(0.0, s[0]), D.Normal(0.0, s[1]))


def log_clamped(x):
    return torch.log(torch.clamp(x, min=1e-300)).sum()
