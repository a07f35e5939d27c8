"""Round 52d, PyTorch: library constants made of the user's numbers (beta, delta, eps, margin, a scale) in float32
and float64 programs; torch.nn.functional losses; torch.distributions log-densities with parameters the user built
in the data's dtype; an autograd.Function applied in a Python loop; nn.Modules (LayerNorm, BatchNorm in eval mode,
dropout in eval mode) checked by parameter name."""

import torch
import torch.nn.functional as F
from torch import nn

# ------------------------------------------------------------------------------------------- losses with constants


def smooth_l1(x):
    return F.smooth_l1_loss(x, torch.zeros_like(x), beta=0.3, reduction="sum")


def huber(x):
    return F.huber_loss(x, torch.zeros_like(x), delta=0.7, reduction="mean")


def kl_batchmean(x):
    p = torch.tensor([[0.2, 0.5, 0.3]], dtype=x.dtype)
    return F.kl_div(F.log_softmax(x, dim=-1), p, reduction="batchmean")


def kl_log_target(x):
    t = torch.tensor([-1.5, -0.25], dtype=x.dtype)
    return F.kl_div(x, t, reduction="sum", log_target=True)


def poisson_eps(x):
    t = torch.tensor([2.0, 3.0], dtype=x.dtype)
    return F.poisson_nll_loss(x, t, log_input=False, eps=3e-8, reduction="sum")


def poisson_log(x):
    t = torch.tensor([2.0, 0.5], dtype=x.dtype)
    return F.poisson_nll_loss(x, t, log_input=True, reduction="mean")


def gaussian_nll(x, var):
    t = torch.tensor([0.25, -0.5], dtype=x.dtype)
    return F.gaussian_nll_loss(x, t, var, eps=1e-3, reduction="mean")


def cos_embed(a, b):
    y = torch.tensor([-1.0], dtype=a.dtype)
    return F.cosine_embedding_loss(a[None], b[None], y, margin=0.2)


def cos_embed_pos(a, b):
    y = torch.tensor([1.0], dtype=a.dtype)
    return F.cosine_embedding_loss(a[None], b[None], y)


def ranking(x1, x2):
    y = torch.tensor([-1.0], dtype=x1.dtype)
    return F.margin_ranking_loss(x1, x2, y, margin=0.1)


def triplet(a):
    p = torch.tensor([[0.5, -1.0]], dtype=a.dtype)
    n = torch.tensor([[0.25, 0.75]], dtype=a.dtype)
    return F.triplet_margin_loss(a, p, n, margin=2.0)


def unit_dot(x):
    w = torch.tensor([1.0, -2.0, 0.5], dtype=x.dtype)
    return torch.sum(F.normalize(x, dim=0, eps=1e-4) * w)


def dropout_eval(x):
    return torch.sum(F.dropout(x, p=0.3, training=False) ** 2)


# ------------------------------------------------------------------------------------------- distributions


def normal_lp(x):
    d = torch.distributions.Normal(torch.tensor(0.3, dtype=x.dtype), torch.tensor(0.7, dtype=x.dtype))
    return d.log_prob(x).sum()


def beta_lp(x):
    d = torch.distributions.Beta(torch.tensor(2.5, dtype=x.dtype), torch.tensor(1.5, dtype=x.dtype))
    return d.log_prob(x).sum()


def gamma_lp(x):
    d = torch.distributions.Gamma(torch.tensor(2.5, dtype=x.dtype), torch.tensor(1.5, dtype=x.dtype))
    return d.log_prob(x).sum()


def gamma_conc(a):
    x = torch.tensor(0.8, dtype=a.dtype)
    return torch.distributions.Gamma(a, torch.tensor(1.5, dtype=a.dtype)).log_prob(x).sum()


def dirichlet_conc(a):
    x = torch.tensor([0.2, 0.3, 0.5], dtype=a.dtype)
    return torch.distributions.Dirichlet(a).log_prob(x)


def student_lp(x):
    d = torch.distributions.StudentT(torch.tensor(3.0, dtype=x.dtype), torch.tensor(0.1, dtype=x.dtype),
                                     torch.tensor(0.4, dtype=x.dtype))
    return d.log_prob(x).sum()


# ------------------------------------------------------------------------------------------- rules in a loop


class SoftplusFn(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return F.softplus(x)

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return grad * torch.sigmoid(x)


class SoftplusSlip(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return F.softplus(x)

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return grad * torch.sigmoid(-x)


class ScaledExp(torch.autograd.Function):
    """exp(0.3 x): its backward reads the forward's saved value and the user's 0.3."""

    @staticmethod
    def forward(ctx, x):
        y = torch.exp(0.3 * x)
        ctx.save_for_backward(y)
        return y

    @staticmethod
    def backward(ctx, grad):
        (y,) = ctx.saved_tensors
        return grad * 0.3 * y


def looped(x):
    for _ in range(3):
        x = SoftplusFn.apply(x) - 1.0
    return x.sum()


def looped_slip(x):
    for _ in range(3):
        x = SoftplusFn.apply(x) - 1.0 if _ != 1 else SoftplusSlip.apply(x) - 1.0
    return x.sum()


def scaled_loop(x):
    total = torch.zeros((), dtype=x.dtype)
    for k in range(2):
        total = total + ScaledExp.apply(x * (k + 1)).sum()
    return total


# ------------------------------------------------------------------------------------------- modules


class Normed(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln = nn.LayerNorm(3, eps=1e-3)
        self.head = nn.Linear(3, 1, bias=False)
        with torch.no_grad():
            self.ln.weight.copy_(torch.tensor([1.5, -0.5, 0.75]))
            self.ln.bias.copy_(torch.tensor([0.1, 0.2, -0.3]))
            self.head.weight.copy_(torch.tensor([[0.5, 1.0, -2.0]]))

    def forward(self, x):
        return self.head(self.ln(x))[:, 0]


X3 = [[0.5, -0.25, 1.0], [0.01, 0.02, 0.0]]


def normed_loss(model, x):
    return torch.sum(model(x) ** 2)


def normed_args():
    model = Normed()
    return {"model": model, "x": torch.tensor(X3)}


def normed_args64():
    model = Normed().double()
    return {"model": model, "x": torch.tensor(X3, dtype=torch.float64)}


class EvalBN(nn.Module):
    def __init__(self):
        super().__init__()
        self.bn = nn.BatchNorm1d(2, eps=0.01)
        self.drop = nn.Dropout(0.5)
        with torch.no_grad():
            self.bn.running_mean.copy_(torch.tensor([0.2, -0.1]))
            self.bn.running_var.copy_(torch.tensor([0.05, 2.0]))
            self.bn.weight.copy_(torch.tensor([1.25, 0.5]))
            self.bn.bias.copy_(torch.tensor([0.0, 0.3]))
        self.eval()

    def forward(self, x):
        return self.drop(self.bn(x))


XB = [[1.0, 2.0], [-0.5, 0.25]]


def bn_loss(model, x):
    return torch.sum(torch.tanh(model(x)))


def bn_args():
    return {"model": EvalBN(), "x": torch.tensor(XB)}
