"""A user's PyTorch code, eighty-third round (d): a VAE's ELBO terms written by hand (no torch.distributions), the
noise passed in as data. The Gaussian KL from a log-variance and from a standard deviation; the reparameterised
negative ELBO; the Bernoulli decoder by F.binary_cross_entropy_with_logits, by F.binary_cross_entropy of a sigmoid
and by the formula clamp(l, min=0) - l x + log1p(exp(-|l|)) written out; the Gaussian decoder with a learned
log-variance; the IWAE bound by torch.logsumexp; the Gumbel-softmax and its straight-through hard sample with
.detach(); F.gumbel_softmax with a seeded generator; straight-through rounding by an autograd.Function; a KL between
categoricals by torch.xlogy; the Kumaraswamy reparameterisation."""

import math

import torch
import torch.nn.functional as F

X_BIN = torch.tensor([1.0, 0.0, 1.0], dtype=torch.float64)
X_REAL = torch.tensor([0.3, -0.2], dtype=torch.float64)
W_OUT = torch.tensor([1.0, -2.0, 0.5], dtype=torch.float64)
U_NOISE = torch.tensor([0.0, 0.3], dtype=torch.float64)


def gauss_kl(mu, logvar):
    return -0.5 * torch.sum(1 + logvar - mu.pow(2) - logvar.exp())


def gauss_kl_std(mu, std):
    return torch.sum(-torch.log(std) + 0.5 * (std ** 2 + mu ** 2) - 0.5)


def neg_elbo(mu, logvar, eps):
    std = torch.exp(0.5 * logvar)
    z = mu + std * eps
    recon = 0.5 * torch.sum((X_REAL.to(z.dtype) - z) ** 2)
    return recon + gauss_kl(mu, logvar)


# ------------------------------------------------------------------------------------------------- Bernoulli decoder
def bce_logits(logits):
    return F.binary_cross_entropy_with_logits(logits, X_BIN.to(logits.dtype), reduction="sum")


def bce_probs(logits):
    return F.binary_cross_entropy(torch.sigmoid(logits), X_BIN.to(logits.dtype), reduction="sum")


def bce_logits_hand(logits):
    """The formula from BCEWithLogits' documentation, written out with clamp."""
    x = X_BIN.to(logits.dtype)
    return torch.sum(logits.clamp(min=0) - logits * x + torch.log1p(torch.exp(-logits.abs())))


def bce_logits_relu(logits):
    x = X_BIN.to(logits.dtype)
    return torch.sum(F.relu(logits) - logits * x + torch.log1p(torch.exp(-torch.abs(logits))))


# ------------------------------------------------------------------------------------------------- Gaussian decoder
def gauss_nll_logvar(x_hat, logvar):
    x = X_REAL.to(x_hat.dtype)
    return 0.5 * torch.sum(math.log(2 * math.pi) + logvar + (x - x_hat) ** 2 / logvar.exp())


def gauss_nll_torch(x_hat, var):
    """F.gaussian_nll_loss with its default eps = 1e-6 clamp on the variance."""
    return F.gaussian_nll_loss(x_hat, X_REAL.to(x_hat.dtype), var, reduction="sum")


# ------------------------------------------------------------------------------------------------- IWAE
def iwae_bound(logw):
    return torch.logsumexp(logw, dim=0) - math.log(logw.shape[0])


# ------------------------------------------------------------------------------------------------- Gumbel-softmax
def gumbel_softmax(logits, g, tau):
    return torch.sum(F.softmax((logits + g) / tau, dim=-1) * W_OUT.to(logits.dtype))


def gumbel_st(logits, g, tau):
    y_soft = F.softmax((logits + g) / tau, dim=-1)
    index = y_soft.argmax(dim=-1)
    y_hard = torch.zeros_like(y_soft).scatter_(-1, index.unsqueeze(-1), 1.0)
    y = y_hard - y_soft.detach() + y_soft
    return torch.sum(y * W_OUT.to(logits.dtype))


def gumbel_torch(logits):
    torch.manual_seed(0)
    y = F.gumbel_softmax(logits, tau=0.5, hard=False)
    return torch.sum(y * W_OUT.to(logits.dtype))


# ------------------------------------------------------------------------------------------------- straight-through
class STRound(torch.autograd.Function):
    @staticmethod
    def forward(ctx, z):
        return torch.round(z)

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output


def st_round_fn(z):
    zq = STRound.apply(z)
    return torch.sum(zq * W_OUT[: z.shape[0]].to(z.dtype)) + 0.5 * torch.sum(zq ** 2)


def st_round_detach(z):
    zq = z + (torch.round(z) - z).detach()
    return torch.sum(zq * W_OUT[: z.shape[0]].to(z.dtype)) + 0.5 * torch.sum(zq ** 2)


# ------------------------------------------------------------------------------------------------- KL, Kumaraswamy
def cat_kl(q, p):
    return torch.sum(torch.xlogy(q, q) - torch.xlogy(q, p))


def kumaraswamy_latent(a, b):
    u = U_NOISE.to(a.dtype)
    x = (1 - (1 - u).pow(1 / b)).pow(1 / a)
    return torch.sum(x * X_REAL.to(a.dtype))


def bernoulli_st(logits):
    """A binary latent drawn by torch.bernoulli, straight-through: p + (z - p).detach()."""
    torch.manual_seed(0)
    p = torch.sigmoid(logits)
    z = torch.bernoulli(p)
    z = p + (z - p).detach()
    return torch.sum(z * W_OUT.to(logits.dtype))


def gumbel_torch_hard(logits):
    torch.manual_seed(0)
    y = F.gumbel_softmax(logits, tau=0.5, hard=True)
    return torch.sum(y * W_OUT.to(logits.dtype))
