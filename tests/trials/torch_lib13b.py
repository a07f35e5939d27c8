"""A user's PyTorch code, thirteenth round (b): KL divergence with and without log targets, Poisson NLL with Stirling's
term, Gaussian NLL at a variance under its clamp, cosine similarity and pairwise distance at identical inputs, logit
with eps, an LSTM cell unrolled three steps, attention with a key padding mask, a weight-normalised linear layer,
Gumbel-softmax under a seed and a torch.compile'd loss."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.nn.utils import parametrizations

TARGET = (0.0, 0.25, 0.75)


def kl_probs(z):
    target = torch.tensor([TARGET], dtype=z.dtype)
    return F.kl_div(F.log_softmax(z, dim=-1), target, reduction="sum")


def kl_log_target(z, lt):
    return F.kl_div(F.log_softmax(z, dim=-1), lt, reduction="sum", log_target=True)


def poisson_full(rate_log):
    counts = torch.tensor([0.0, 1.0, 3.0, 12.0], dtype=rate_log.dtype)
    return F.poisson_nll_loss(rate_log, counts, log_input=True, full=True, reduction="sum")


def poisson_rate(rate):
    counts = torch.tensor([0.0, 2.0, 5.0], dtype=rate.dtype)
    return F.poisson_nll_loss(rate, counts, log_input=False, full=True, reduction="sum")


def gauss_nll(mean, var):
    target = torch.tensor([0.5, -1.0], dtype=mean.dtype)
    return F.gaussian_nll_loss(mean, target, var, reduction="sum")


def cos_loss(a, b):
    return 1.0 - F.cosine_similarity(a.unsqueeze(0), b.unsqueeze(0)).sum()


def pair_dist(a, b):
    return F.pairwise_distance(a.unsqueeze(0), b.unsqueeze(0)).sum()


def logit_eps(p):
    return torch.special.logit(p, eps=1e-6).sum()


def _fill(module, scale):
    """Deterministic weights: scale * sin(1 + k) over each parameter's flat index k, in registration order."""
    with torch.no_grad():
        start = 0
        for param in module.parameters():
            k = torch.arange(start, start + param.numel(), dtype=torch.float64)
            param.copy_((scale * torch.sin(1.0 + k)).reshape(param.shape))
            start += param.numel()
    return module


_lstm = _fill(nn.LSTMCell(2, 2).double(), 0.5)


def lstm_unrolled(xs):
    h = torch.zeros(1, 2, dtype=xs.dtype)
    c = torch.zeros(1, 2, dtype=xs.dtype)
    for t in range(xs.shape[0]):
        h, c = _lstm(xs[t].unsqueeze(0), (h, c))
    return (h * h).sum()


_attn = _fill(nn.MultiheadAttention(2, 1, batch_first=True).double(), 0.4)


def attention_masked(q):
    keys = torch.tensor([[[0.5, -1.0], [1.5, 0.25], [-0.75, 2.0]]], dtype=q.dtype)
    mask = torch.tensor([[False, False, True]])
    out, _ = _attn(q, keys, keys, key_padding_mask=mask)
    return (out * out).sum()


def attention_all_masked(q):
    keys = torch.tensor([[[0.5, -1.0], [1.5, 0.25]]], dtype=q.dtype)
    mask = torch.tensor([[True, True]])
    out, _ = _attn(q, keys, keys, key_padding_mask=mask)
    return (out * out).sum()


class WeightNormed(nn.Module):
    def __init__(self):
        super().__init__()
        self.lin = parametrizations.weight_norm(nn.Linear(2, 2, bias=False).double())
        with torch.no_grad():
            self.lin.parametrizations.weight.original0.copy_(torch.tensor([[2.0], [0.5]]))
            self.lin.parametrizations.weight.original1.copy_(torch.tensor([[3.0, 4.0], [1.0, -1.0]]))

    def forward(self, x):
        return self.lin(x)


def wn_loss(model, x):
    return (model(x) ** 2).sum()


def wn_args():
    return {"model": WeightNormed(), "x": torch.tensor([[1.0, 2.0]], dtype=torch.float64)}


def gumbel(z):
    torch.manual_seed(0)
    y = F.gumbel_softmax(z, tau=0.5, hard=False)
    return (y * torch.tensor([1.0, 2.0, 3.0], dtype=z.dtype)).sum()


@torch.compile
def compiled_softplus(x):
    return torch.log1p(torch.exp(x)).sum()


def log_cosh_sum(x):
    return (x + F.softplus(-2.0 * x) - math.log(2.0)).sum()


CENTRES = ((0.3, -1.2), (1.0, 2.0))


def cdist_sum(x):
    return torch.cdist(x, torch.tensor(CENTRES, dtype=x.dtype)).sum()


def upsampled(x):
    y = F.interpolate(x.view(1, 1, -1), scale_factor=2, mode="linear", align_corners=False)
    return (y.flatten() * torch.arange(1, 9, dtype=x.dtype)).sum()


def elu_half(x):
    return F.elu(x, alpha=0.5).sum()


def top_eigenvalue(a):
    return torch.linalg.eigvalsh(a)[-1]
