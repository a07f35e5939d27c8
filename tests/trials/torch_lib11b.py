"""A user's PyTorch code, eleventh round (b): a gradient hook that clips, activation checkpointing, hardswish at its
corners, a running log-sum-exp, a logit clamped at its eps, an in-place clamp, a boolean-mask assignment, weight
tying, a Sequential addressed by index, a GRU cell, an autograd Function that computes its forward in SciPy, one with
a non-differentiable second output, a loss built on torch.func.grad, a log-determinant of a Jacobian, and
distributions (Student's t with many degrees of freedom, a Beta's concentrations, a confident policy's entropy)."""

import numpy as np
import scipy.special
import torch
import torch.nn.functional as F
import torch.utils.checkpoint
from torch import distributions as D
from torch import nn


def hooked_square(x):
    y = x * x
    y.register_hook(lambda g: g.clamp(-1.0, 1.0))  # keep the backward signal bounded
    return torch.sum(3.0 * y)


def _block(x):
    return F.softplus(x) * torch.sin(x)


def checkpointed(x):
    return torch.sum(torch.utils.checkpoint.checkpoint(_block, x, use_reentrant=False))


def hardswish_sum(x):
    return torch.sum(F.hardswish(x))


def running_lse(x):
    return torch.sum(torch.logcumsumexp(x, dim=0))


def logit_sum(p):
    return torch.sum(torch.special.logit(p, eps=1e-6))


def clamped_inplace(x):
    h = x * 2.0
    h.clamp_(min=-1.0, max=1.0)
    return torch.sum(h)


def zero_negatives(x):
    y = x.clone()
    y[y < 0] = 0.0
    return torch.sum(y * y)


class TiedLM(nn.Module):
    def __init__(self):
        super().__init__()
        self.emb = nn.Embedding(3, 2)
        self.out = nn.Linear(2, 3, bias=False)
        self.out.weight = self.emb.weight  # weight tying, as language models do

    def forward(self, tokens):
        return self.out(self.emb(tokens))


TIED_TARGETS = torch.tensor([1, 0])


def tied_loss(model, tokens):
    return F.cross_entropy(model(tokens), TIED_TARGETS)


def tied_args():
    model = TiedLM().double()
    with torch.no_grad():
        model.emb.weight.copy_(torch.tensor([[0.5, -1.0], [1.0, 0.25], [-0.75, 0.5]], dtype=torch.float64))
    return model, torch.tensor([0, 2])


def stacked_loss(model, x):
    return torch.sum(model(x) ** 2)


def stacked_args():
    model = nn.Sequential(nn.Linear(2, 2), nn.Tanh(), nn.Linear(2, 1)).double()
    with torch.no_grad():
        model[0].weight.copy_(torch.tensor([[0.5, -0.25], [1.0, 0.75]], dtype=torch.float64))
        model[0].bias.copy_(torch.tensor([0.125, -0.5], dtype=torch.float64))
        model[2].weight.copy_(torch.tensor([[2.0, -1.0]], dtype=torch.float64))
        model[2].bias.copy_(torch.tensor([0.25], dtype=torch.float64))
    return model, torch.tensor([[1.0, 2.0]], dtype=torch.float64)


def gru_loss(cell, x, h):
    return torch.sum(cell(x, h))


def gru_args():
    cell = nn.GRUCell(2, 1).double()
    with torch.no_grad():
        cell.weight_ih.copy_(torch.tensor([[0.5, -0.25], [0.75, 0.5], [-1.0, 0.25]], dtype=torch.float64))
        cell.weight_hh.copy_(torch.tensor([[0.5], [-0.5], [1.0]], dtype=torch.float64))
        cell.bias_ih.copy_(torch.tensor([0.125, -0.25, 0.5], dtype=torch.float64))
        cell.bias_hh.copy_(torch.tensor([0.0, 0.25, -0.125], dtype=torch.float64))
    x = torch.tensor([[1.0, -2.0]], dtype=torch.float64)
    h = torch.tensor([[0.5]], dtype=torch.float64)
    return cell, x, h


class ScaledErfcx(torch.autograd.Function):
    """erfcx from SciPy, whose tail PyTorch had no kernel for; the backward is its derivative."""

    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return torch.from_numpy(scipy.special.erfcx(x.detach().cpu().numpy()))

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        y = torch.from_numpy(scipy.special.erfcx(x.detach().cpu().numpy()))
        return grad * (2.0 * x * y - 2.0 / np.sqrt(np.pi))


def scipy_erfcx(x):
    return torch.sum(ScaledErfcx.apply(x))


class MaxWithIndex(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        value, index = torch.max(x, dim=0)
        ctx.mark_non_differentiable(index)
        ctx.save_for_backward(index)
        ctx.size = x.shape[0]
        return value, index

    @staticmethod
    @torch.autograd.function.once_differentiable
    def backward(ctx, grad, _):
        (index,) = ctx.saved_tensors
        out = torch.zeros(ctx.size, dtype=grad.dtype)
        out[index] = grad
        return out


def max_with_index(x):
    value, _ = MaxWithIndex.apply(x)
    return value * value


def _potential(x):
    return torch.sum(x ** 4 / 4 - x ** 2)


def force_norm(x):
    force = torch.func.grad(_potential)(x)
    return torch.sum(force * force)


def _flow(x):
    return x + 0.5 * torch.tanh(x)


def flow_logdet(x):
    jacobian = torch.func.jacrev(_flow)(x)
    return torch.linalg.slogdet(jacobian)[1]


def student_nll(df):
    y = torch.tensor([0.5, 3.0], dtype=df.dtype)
    return -torch.sum(D.StudentT(df).log_prob(y))


def beta_nll(a, b):
    x = torch.tensor(0.3, dtype=a.dtype)
    return -torch.sum(D.Beta(a, b).log_prob(x))


def policy_entropy(z):
    return D.Categorical(logits=z).entropy()


def attention_loss(attn, x):
    out, _ = attn(x, x, x, need_weights=False)
    return torch.sum(out ** 2)


def attention_args():
    attn = nn.MultiheadAttention(2, 1, batch_first=True).double()
    with torch.no_grad():
        attn.in_proj_weight.copy_(torch.tensor([[0.5, -0.25], [0.75, 1.0], [-0.5, 0.25], [1.0, 0.5], [0.25, -1.0],
                                                [0.5, 0.5]], dtype=torch.float64))
        attn.in_proj_bias.zero_()
        attn.out_proj.weight.copy_(torch.tensor([[1.0, -0.5], [0.25, 0.75]], dtype=torch.float64))
        attn.out_proj.bias.zero_()
    return attn, torch.tensor([[[1.0, -0.5], [0.25, 2.0], [-1.5, 0.75]]], dtype=torch.float64)


def lstm_loss(cell, x, h, c):
    h1, c1 = cell(x, (h, c))
    return torch.sum(h1) + torch.sum(c1)


def lstm_args():
    cell = nn.LSTMCell(2, 1).double()
    with torch.no_grad():
        cell.weight_ih.copy_(torch.tensor([[0.5, -0.25], [0.75, 0.5], [-1.0, 0.25], [0.25, 1.0]], dtype=torch.float64))
        cell.weight_hh.copy_(torch.tensor([[0.5], [-0.5], [1.0], [0.25]], dtype=torch.float64))
        cell.bias_ih.copy_(torch.tensor([0.125, -0.25, 0.5, 0.0], dtype=torch.float64))
        cell.bias_hh.zero_()
    return cell, torch.tensor([[1.0, -2.0]], dtype=torch.float64), torch.tensor([[0.5]], dtype=torch.float64), \
        torch.tensor([[-0.25]], dtype=torch.float64)


def erfcx_sum(x):
    return torch.sum(torch.special.erfcx(x))
