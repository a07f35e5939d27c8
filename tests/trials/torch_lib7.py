"""A user's PyTorch code, seventh round: normalisations at their degenerate points (F.normalize at and near 0,
F.group_norm and F.batch_norm on constant channels), losses from torch.nn.functional at far logits (soft margin,
weighted BCE), cosine similarity at collinear vectors, torch.special.entr and xlog1py at subnormal probabilities,
torch.distributions' Weibull and Gumbel at their tails, a hand-written autograd.Function whose backward overflows, a
where-guarded entropy, and a Weibull survival module checked by its parameters' names."""

import torch
import torch.distributions as D
import torch.nn.functional as F

W = torch.tensor([1.0, -2.0, 3.0], dtype=torch.float64)


def normalized(x):
    return torch.sum(W.to(x.dtype) * F.normalize(x, dim=0))


def group_norm(x):
    # one sample, four channels of two positions, two groups
    weight = torch.tensor([1.0, 2.0, -1.0, 0.5], dtype=x.dtype)
    y = F.group_norm(x.reshape(1, 4, 2), 2, weight=weight, eps=1e-5)
    return torch.sum(y * torch.arange(8, dtype=x.dtype).reshape(1, 4, 2))


def batch_norm_train(x):
    # a batch of four samples of one feature, in training mode (batch statistics)
    y = F.batch_norm(x.reshape(4, 1), None, None, training=True, eps=1e-3)
    return torch.sum(y.reshape(4) * torch.tensor([1.0, 2.0, 4.0, -3.0], dtype=x.dtype))


def soft_margin(x):
    return F.soft_margin_loss(x, torch.ones_like(x), reduction="sum")


def weighted_bce(z):
    target = torch.tensor([1.0, 0.0], dtype=z.dtype)
    return F.binary_cross_entropy_with_logits(z, target, pos_weight=torch.tensor(3.0, dtype=z.dtype), reduction="sum")


def cosine(x):
    y = torch.tensor([1.0, 2.0, 3.0], dtype=x.dtype)
    return F.cosine_similarity(x, y, dim=0)


def entr_sum(p):
    return torch.sum(torch.special.entr(p))


def bernoulli_entropy(p):
    return -torch.sum(torch.special.xlogy(p, p) + torch.special.xlog1py(1.0 - p, -p))


def weibull_lp(x):
    d = D.Weibull(torch.tensor(1.5, dtype=x.dtype), torch.tensor(2.0, dtype=x.dtype))
    return torch.sum(d.log_prob(x))


def gumbel_lp(x):
    d = D.Gumbel(torch.tensor(0.0, dtype=x.dtype), torch.tensor(2.0, dtype=x.dtype))
    return torch.sum(d.log_prob(x))


class Log1pExp(torch.autograd.Function):
    """softplus with a hand-written backward: e^x / (1 + e^x)."""

    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return torch.logaddexp(x, torch.zeros_like(x))

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return grad * torch.exp(x) / (1.0 + torch.exp(x))


def softplus_custom(x):
    return torch.sum(Log1pExp.apply(x))


PADDED = torch.tensor([True, True, False])


def entropy_where(p):
    # the entropy of the real entries; the padding (last entry, p = 0) masked out
    return -torch.sum(torch.where(PADDED, p * torch.log(p), torch.zeros_like(p)))


class WeibullSurvival(torch.nn.Module):
    """A Weibull survival model: the log-likelihood of event times, censored ones by their survival."""

    def __init__(self):
        super().__init__()
        self.log_shape = torch.nn.Parameter(torch.tensor(0.5, dtype=torch.float64))
        self.log_scale = torch.nn.Parameter(torch.tensor(-0.2, dtype=torch.float64))

    def forward(self, time, event):
        k, lam = torch.exp(self.log_shape), torch.exp(self.log_scale)
        z = time / lam
        log_pdf = torch.log(k / lam) + (k - 1.0) * torch.log(z)
        return torch.sum(event * log_pdf - z ** k)


def survival_loss(model, time, event):
    return model(time, event)


def survival_args():
    torch.manual_seed(0)
    model = WeibullSurvival()
    time = torch.tensor([0.4, 1.7, 2.2, 0.05], dtype=torch.float64)
    event = torch.tensor([1.0, 0.0, 1.0, 1.0], dtype=torch.float64)
    return model, time, event


def logit_eps(p):
    # logit with the probabilities clamped to [1e-6, 1 - 1e-6]
    return torch.sum(torch.logit(p, eps=1e-6))


class WeightNormed(torch.nn.Module):
    """One weight-normalised linear unit: w = g v / |v|."""

    def __init__(self, direction):
        super().__init__()
        layer = torch.nn.Linear(2, 1, bias=False, dtype=torch.float64)
        with torch.no_grad():
            layer.weight.copy_(torch.tensor([direction], dtype=torch.float64))
        self.unit = torch.nn.utils.parametrizations.weight_norm(layer)

    def forward(self, x):
        return self.unit(x).sum()


def weight_norm_loss(model, x):
    return model(x)


def weight_norm_args():
    return WeightNormed([3.0, 4.0]), torch.tensor([[1.0, 2.0]], dtype=torch.float64)


def weight_norm_tiny_args():
    return WeightNormed([3e-200, 4e-200]), torch.tensor([[1.0, 2.0]], dtype=torch.float64)
