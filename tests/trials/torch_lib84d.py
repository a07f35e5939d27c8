"""A user's PyTorch code, eighty-fourth round (d): mixture models and soft clustering written by hand (no
torch.distributions) on three 1-D points: a Gaussian mixture's log-likelihood by torch.logsumexp over components with
F.log_softmax weights, the naive log of the summed densities, the scales as parameters, one EM step's mean update, soft
k-means by F.softmax and by hand, hard k-means by torch.min, a Student-t mixture by torch.lgamma, a mixture of
Bernoullis by torch.xlogy, a Dirichlet prior's log-density, and a k-means++ seeding draw by torch.multinomial."""

import math

import torch
import torch.nn.functional as F

X = torch.tensor([0.5, -1.0, 2.0], dtype=torch.float64)
X_BIN = torch.tensor([[1.0, 0.0, 1.0], [0.0, 0.0, 1.0]], dtype=torch.float64)
DF = 3.0
HALF_LOG_2PI = 0.5 * math.log(2 * math.pi)


def _normal_logpdf(x, mu, sigma):
    return -0.5 * ((x - mu) / sigma) ** 2 - torch.log(sigma) - HALF_LOG_2PI


def gmm_loglik(logits, mu, log_sigma):
    x = X.to(mu.dtype)[:, None]
    lp = -0.5 * ((x - mu) / log_sigma.exp()) ** 2 - log_sigma - HALF_LOG_2PI
    return torch.logsumexp(F.log_softmax(logits, dim=0) + lp, dim=1).sum()


def gmm_loglik_naive(logits, mu, log_sigma):
    x = X.to(mu.dtype)[:, None]
    sigma = log_sigma.exp()
    pdf = torch.exp(-0.5 * ((x - mu) / sigma) ** 2) / (sigma * math.sqrt(2 * math.pi))
    return torch.log((F.softmax(logits, dim=0) * pdf).sum(dim=1)).sum()


def gmm_loglik_scale(logits, mu, sigma):
    lp = _normal_logpdf(X.to(mu.dtype)[:, None], mu, sigma)
    return torch.logsumexp(F.log_softmax(logits, dim=0) + lp, dim=1).sum()


def em_means(logits, mu, log_sigma):
    x = X.to(mu.dtype)[:, None]
    lp = F.log_softmax(logits, dim=0) + _normal_logpdf(x, mu, log_sigma.exp())
    r = F.softmax(lp, dim=1)
    mu_new = (r * x).sum(0) / r.sum(0)
    return (mu_new ** 2).sum()


def soft_kmeans(centres, tau):
    d = (X.to(centres.dtype)[:, None] - centres) ** 2
    return (F.softmax(-d / tau, dim=1) * d).sum()


def soft_kmeans_hand(centres, tau):
    d = (X.to(centres.dtype)[:, None] - centres) ** 2
    e = torch.exp(-d / tau)
    return (e / e.sum(dim=1, keepdim=True) * d).sum()


def kmeans_loss(centres):
    d = (X.to(centres.dtype)[:, None] - centres) ** 2
    return torch.min(d, dim=1).values.sum()


def t_mixture(logits, mu, log_sigma):
    x = X.to(mu.dtype)[:, None]
    z = (x - mu) / log_sigma.exp()
    nu = torch.tensor(DF, dtype=mu.dtype)
    lp = (torch.lgamma((nu + 1) / 2) - torch.lgamma(nu / 2) - 0.5 * torch.log(nu * math.pi) - log_sigma
          - (nu + 1) / 2 * torch.log1p(z ** 2 / nu))
    return torch.logsumexp(F.log_softmax(logits, dim=0) + lp, dim=1).sum()


def bern_mixture(logits, p):
    x = X_BIN.to(p.dtype)[:, None, :]
    ll = (torch.xlogy(x, p) + torch.xlogy(1 - x, 1 - p)).sum(-1)
    return torch.logsumexp(ll + F.log_softmax(logits, dim=0), dim=1).sum()


def dirichlet_logpdf(w, alpha):
    return torch.lgamma(alpha.sum()) - torch.lgamma(alpha).sum() + ((alpha - 1) * torch.log(w)).sum()


def kmeanspp_seed(centres):
    """k-means++: the next seed drawn with probability proportional to D^2, then the loss to it."""
    d2 = ((X.to(centres.dtype)[:, None] - centres) ** 2).min(dim=1).values
    i = torch.multinomial(d2 / d2.sum(), 1)
    return ((X.to(centres.dtype)[i] - centres) ** 2).sum()
