"""A user's PyTorch code, eighteenth round: binary cross-entropy with logits, KL divergence with log targets, the
logit of a clamped probability, a Student-t log-density from torch.distributions at huge degrees of freedom, a
multivariate normal by its Cholesky factor, and the inverse of softplus."""

import torch
import torch.nn.functional as F
from torch.distributions import MultivariateNormal, StudentT


def bce_logits(z):
    y = torch.tensor([0.3, 1.0, 0.0], dtype=z.dtype)
    return F.binary_cross_entropy_with_logits(z, y, reduction="sum")


def kl_log_target(inp, tgt):
    return F.kl_div(inp, tgt, reduction="sum", log_target=True)


def logit_eps(p):
    return torch.logit(p, eps=1e-6).sum()


def student_t_logp(x, df):
    return StudentT(df).log_prob(x).sum()


SCALE_TRIL = [[1.5, 0.0], [0.4, 0.8]]


def mvn_logp(x, loc):
    dist = MultivariateNormal(loc, scale_tril=torch.tensor(SCALE_TRIL, dtype=x.dtype))
    return dist.log_prob(x).sum()


def softplus_inverse(y):
    """y + log(-expm1(-y)): log(e^y - 1) without e^y."""
    return (y + torch.log(-torch.expm1(-y))).sum()
