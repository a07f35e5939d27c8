"""A user's PyTorch training code: an nn.Module with LayerNorm, masked attention, distributions, custom Functions."""

import torch
import torch.nn as nn
import torch.nn.functional as F


class Net(nn.Module):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Linear(3, 4)
        self.norm = nn.LayerNorm(4)
        self.fc2 = nn.Linear(4, 3)

    def forward(self, x):
        h = F.silu(self.norm(self.fc1(x)))
        return self.fc2(h)


def net_args():
    torch.manual_seed(3)
    model = Net().double()
    x = torch.randn(4, 3, dtype=torch.float64)
    labels = torch.tensor([0, 2, 1, 2])
    return model, x, labels


def net_loss(model, x, labels):
    return F.cross_entropy(model(x), labels)


def masked_attention(q):
    k = torch.tensor([[1.0, 0.0], [0.0, 1.0], [1.0, 1.0]], dtype=q.dtype)
    mask = torch.tensor([False, False, True])
    scores = (k @ q).masked_fill(mask, float("-inf"))
    return (torch.softmax(scores, dim=0) * torch.tensor([1.0, 3.0, 5.0], dtype=q.dtype)).sum()


def focal_loss(z):
    p = torch.sigmoid(z)
    return -((1 - p) ** 2) * torch.log(p)


def gaussian_nll(mu, log_sigma):
    dist = torch.distributions.Normal(mu, torch.exp(log_sigma))
    return -dist.log_prob(torch.tensor(1.3, dtype=mu.dtype))


def beta_nll(a, b):
    x = 0.3
    log_beta = torch.lgamma(a) + torch.lgamma(b) - torch.lgamma(a + b)
    return log_beta - (a - 1) * torch.log(torch.tensor(x, dtype=a.dtype)) - (b - 1) * torch.log1p(torch.tensor(-x, dtype=a.dtype))


def poisson(log_rate):
    target = torch.tensor([0.0, 2.0, 5.0], dtype=log_rate.dtype)
    return F.poisson_nll_loss(log_rate, target, log_input=True, full=False)


def logdet(b):
    a = b @ b.T + torch.eye(2, dtype=b.dtype)
    return torch.logdet(a)


def logdet_chol(b):
    a = b @ b.T + torch.eye(2, dtype=b.dtype)
    return 2 * torch.log(torch.diagonal(torch.linalg.cholesky(a))).sum()


def cosine(a):
    b = torch.tensor([1.0, 2.0], dtype=a.dtype)
    return F.cosine_similarity(a, b, dim=0, eps=1e-8)


def huber(r):
    return F.huber_loss(r, torch.zeros_like(r), delta=1.0)


def smooth_l1(r):
    return F.smooth_l1_loss(r, torch.zeros_like(r), beta=0.5, reduction="sum")


def naive_softmax(x):
    e = torch.exp(x)
    return (e / e.sum())[0]


def angle(p):
    return torch.atan2(p[1], p[0])


def clamp_min(x):
    return torch.clamp(x, min=0.0).sum()


class Swish(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * torch.sigmoid(x)

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        s = torch.sigmoid(x)
        return grad_output * s * (1 + x * (1 - s))


class BadSwish(Swish):
    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        s = torch.sigmoid(x)
        return grad_output * s * (1 - s)


def swish(x):
    return Swish.apply(x).sum()


def bad_swish(x):
    return BadSwish.apply(x).sum()


def layer_norm_const(x):
    return (F.layer_norm(x, (3,)) * torch.tensor([1.0, 2.0, 4.0], dtype=x.dtype)).sum()


def kth(x):
    return torch.kthvalue(x, 2).values


class StraightThrough(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        return torch.round(x)

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output


def quantized(x):
    return (StraightThrough.apply(x) * torch.tensor([1.0, 2.0], dtype=x.dtype)).sum()
