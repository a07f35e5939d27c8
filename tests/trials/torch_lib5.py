"""A user's PyTorch numerics, fifth round, as torch.nn.functional and torch.distributions write them: mish and
gelu far left, BCE-with-logits with pos_weight at +-800, logsumexp over a -inf entry, xlogy entropies, log_ndtr, the
Student-t and Gumbel log densities, Huber; an nn.Module checked by parameter name, torch.func.vmap, and xlogy at 0."""

import torch
import torch.nn as nn
import torch.nn.functional as F


def mish(x):
    return F.mish(x).sum()


def gelu_tanh(x):
    return F.gelu(x, approximate="tanh").sum()


def bce_pos_weight(z):
    y = torch.tensor([1.0, 0.0], dtype=z.dtype)
    return F.binary_cross_entropy_with_logits(z, y, pos_weight=torch.tensor(3.0, dtype=z.dtype), reduction="sum")


def lse_masked(x):
    z = x.masked_fill(torch.tensor([False, True, False]), float("-inf"))
    return torch.logsumexp(z, dim=0)


def entropy(p):
    return -torch.special.xlogy(p, p).sum()


def log_ndtr(x):
    return torch.special.log_ndtr(x).sum()


def student_t(x):
    return torch.distributions.StudentT(3.0).log_prob(x).sum()


def gumbel(x):
    return torch.distributions.Gumbel(0.0, 1.0).log_prob(x).sum()


def huber(r):
    return F.huber_loss(r, torch.zeros_like(r), delta=1.0, reduction="sum")


def xlogy_y(y):
    return torch.special.xlogy(torch.tensor([0.0, 3.0], dtype=y.dtype), y).sum()


class Scorer(nn.Module):
    def __init__(self):
        super().__init__()
        self.proj = nn.Linear(2, 3)
        self.temperature = nn.Parameter(torch.tensor(0.5))

    def forward(self, x):
        return F.log_softmax(self.proj(x) / self.temperature, dim=-1)


def scorer_args():
    torch.manual_seed(5)
    model = Scorer().double()
    x = torch.tensor([[1.0, -2.0], [0.5, 0.25]], dtype=torch.float64)
    labels = torch.tensor([2, 0])
    return model, x, labels


def scorer_loss(model, x, labels):
    return F.nll_loss(model(x), labels)


def vmapped(w):
    xs = torch.tensor([[1.0, 2.0], [-1.0, 0.5]], dtype=w.dtype)
    per = torch.func.vmap(lambda x: F.softplus(torch.dot(w, x)))(xs)
    return per.sum()


def log_ndtr_far(x):
    return torch.special.log_ndtr(x).sum()


def cosine(x):
    return F.cosine_similarity(x, torch.ones_like(x), dim=0)


def angle(p):
    return torch.atan2(p[0], p[1])


class Stack(nn.Module):
    def __init__(self):
        super().__init__()
        self.net = nn.Sequential(nn.Linear(2, 2), nn.Tanh(), nn.Linear(2, 1))
        self.register_buffer("shift", torch.tensor([0.5, -0.5]))

    def forward(self, x):
        return self.net(x - self.shift)


def stack_args():
    torch.manual_seed(7)
    model = Stack().double()
    x = torch.tensor([[1.0, 2.0], [-0.5, 0.25], [3.0, -1.0]], dtype=torch.float64)
    return model, x


def stack_loss(model, x):
    return F.softplus(model(x)).mean()


def second_share(x):
    return torch.softmax(x, dim=0)[1]
