"""Round 62d (PyTorch): probabilistic modelling and linear algebra inside losses as users write them:
torch.distributions (Normal.log_prob at a scale of 1e-300, Categorical(logits=) log_prob and entropy, Bernoulli(logits=)
log_prob, Beta and Gamma log_prob with lgamma and digamma in the gradient, kl_divergence of two Normals,
MultivariateNormal.log_prob), a reparameterised sample with a fixed eps, torch.lgamma, torch.special.xlogy,
torch.logdet, torch.linalg.slogdet, torch.linalg.cholesky with torch.cholesky_solve (a Gaussian process)."""

import torch
from torch.distributions import (Bernoulli, Beta, Categorical, Gamma, MultivariateNormal, Normal,
                                 kl_divergence)

GX = [0.0, 0.5, 1.5]
GY = [0.25, -0.5, 0.75]


def normal_logprob(x, log_scale):
    return Normal(torch.zeros_like(x), torch.exp(log_scale)).log_prob(x)


def cat_logprob(logits):
    return Categorical(logits=logits).log_prob(torch.tensor(2))


def cat_entropy(logits):
    return Categorical(logits=logits).entropy()


def bern_logprob(z):
    labels = torch.tensor([0.0, 1.0], dtype=z.dtype)
    return Bernoulli(logits=z).log_prob(labels).sum()


def bern_logprob_pos(z):
    labels = torch.ones_like(z)
    return Bernoulli(logits=z).log_prob(labels).sum()


def beta_logprob(a, b):
    return Beta(a, b).log_prob(torch.tensor(0.25, dtype=a.dtype))


def gamma_logprob(conc, rate):
    return Gamma(conc, rate).log_prob(torch.tensor(2.0, dtype=conc.dtype))


def kl_normal(mu, log_s):
    p = Normal(mu, torch.exp(log_s))
    q = Normal(torch.zeros_like(mu), 2.0 * torch.ones_like(mu))
    return kl_divergence(p, q)


def reparam_elbo(mu, logvar):
    z = mu + torch.exp(0.5 * logvar) * 0.75
    return z ** 2 + 0.5 * (mu ** 2 + torch.exp(logvar) - 1.0 - logvar)


def mvn_logprob(x):
    cov = torch.tensor([[2.0, 0.5], [0.5, 1.0]], dtype=x.dtype)
    return MultivariateNormal(torch.zeros_like(x), covariance_matrix=cov).log_prob(x)


def lgamma_sum(a):
    return torch.lgamma(a).sum()


def xlogy_cross(p, y):
    return -torch.special.xlogy(p, y).sum()


def logdet_loss(a):
    return torch.logdet(a)


def slogdet_loss(a):
    return torch.linalg.slogdet(a).logabsdet


def chol_logdet(a):
    chol = torch.linalg.cholesky(a)
    return 2.0 * torch.log(torch.diagonal(chol)).sum()


def gp_nll(log_ell, log_noise):
    x = torch.tensor(GX, dtype=log_ell.dtype)
    y = torch.tensor(GY, dtype=log_ell.dtype)[:, None]
    d = x[:, None] - x[None, :]
    k = torch.exp(-0.5 * d ** 2 / torch.exp(2.0 * log_ell)) + torch.exp(log_noise) * torch.eye(3, dtype=x.dtype)
    chol = torch.linalg.cholesky(k)
    alpha = torch.cholesky_solve(y, chol)
    return 0.5 * (y * alpha).sum() + torch.log(torch.diagonal(chol)).sum()


def student_t_logprob(df):
    from torch.distributions import StudentT
    return StudentT(df, torch.zeros_like(df), torch.ones_like(df)).log_prob(torch.tensor(1.5, dtype=df.dtype))


def eigh_logdet(a):
    return torch.log(torch.linalg.eigvalsh(a)).sum()


def log_ndtr_sum(x):
    return torch.special.log_ndtr(x).sum()


def tri_solve(chol):
    b = torch.tensor([[1.0], [2.0]], dtype=chol.dtype)
    x = torch.linalg.solve_triangular(chol, b, upper=False)
    return (x ** 2).sum()
