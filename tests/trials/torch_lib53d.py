"""Round 53d, PyTorch: the new-style autograd.Function (forward without ctx, setup_context, save_for_backward,
mark_non_differentiable, once_differentiable), right and slipped; torch.func inside a loss (functional_call, vmap);
torch.special (xlog1py, entr, erfcx, log_ndtr, i0e, logit with eps); torch.logcumsumexp; cdist and
pairwise_distance at identical points; clamp with tensor bounds; masked_fill over a sqrt; F.mish and F.silu in
float32; Beta and StudentT log-densities by their parameters; a module with tied weights and a buffer; a GRUCell."""

import torch
import torch.nn.functional as F
from torch import nn
from torch.autograd.function import once_differentiable

# ------------------------------------------------------------------------------------------- new-style Functions


class LogCosh(torch.autograd.Function):
    @staticmethod
    def forward(x):
        return x + F.softplus(-2 * x) - torch.log(torch.tensor(2.0, dtype=x.dtype))

    @staticmethod
    def setup_context(ctx, inputs, output):
        (x,) = inputs
        ctx.save_for_backward(x)

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return grad * torch.tanh(x)


class LogCoshSlip(torch.autograd.Function):
    @staticmethod
    def forward(x):
        return x + F.softplus(-2 * x) - torch.log(torch.tensor(2.0, dtype=x.dtype))

    @staticmethod
    def setup_context(ctx, inputs, output):
        (x,) = inputs
        ctx.save_for_backward(x)

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return grad * torch.tanh(2 * x)


def logcosh_good(x):
    return torch.sum(LogCosh.apply(x))


def logcosh_slip(x):
    return torch.sum(LogCoshSlip.apply(x))


class SortDesc(torch.autograd.Function):
    @staticmethod
    def forward(x):
        return torch.sort(x, descending=True)

    @staticmethod
    def setup_context(ctx, inputs, output):
        values, idx = output
        ctx.mark_non_differentiable(idx)
        ctx.save_for_backward(idx)
        ctx.n = inputs[0].shape[0]

    @staticmethod
    def backward(ctx, grad_values, grad_idx):
        (idx,) = ctx.saved_tensors
        out = torch.zeros(ctx.n, dtype=grad_values.dtype)
        return out.index_add(0, idx, grad_values)


def sorted_weighted(x):
    values, idx = SortDesc.apply(x)
    w = torch.tensor([3.0, 2.0, 1.0], dtype=x.dtype)
    return torch.sum(values * w)


class ExpOnce(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        y = torch.exp(x)
        ctx.save_for_backward(y)
        return y

    @staticmethod
    @once_differentiable
    def backward(ctx, grad):
        (y,) = ctx.saved_tensors
        return grad * y


class ExpOnceSlip(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        y = torch.exp(x)
        ctx.save_for_backward(y)
        return y

    @staticmethod
    @once_differentiable
    def backward(ctx, grad):
        (y,) = ctx.saved_tensors
        return grad * y * y


def exp_once(x):
    return torch.sum(ExpOnce.apply(0.5 * x))


def exp_once_slip(x):
    return torch.sum(ExpOnceSlip.apply(0.5 * x))


def composed_inner_slip(x):
    return torch.sum(LogCosh.apply(ExpOnceSlip.apply(x)))


# ------------------------------------------------------------------------------------------- torch.func


LIN = nn.Linear(2, 1, dtype=torch.float64)
with torch.no_grad():
    LIN.weight.copy_(torch.tensor([[0.5, -1.0]]))
    LIN.bias.copy_(torch.tensor([0.25]))


def functional_lin(w):
    x = torch.tensor([[1.0, 2.0], [-0.5, 0.5]], dtype=w.dtype)
    out = torch.func.functional_call(LIN, {"weight": w, "bias": torch.zeros(1, dtype=w.dtype)}, (x,))
    return torch.sum(torch.tanh(out))


def vmapped_lse(x):
    return torch.sum(torch.func.vmap(lambda r: torch.logsumexp(r, 0))(x))


# ------------------------------------------------------------------------------------------- torch.special


def xlog1py_sum(x, y):
    return torch.sum(torch.special.xlog1py(x, y))


def xlogy_sum(x, y):
    return torch.sum(torch.special.xlogy(x, y))


def entr_sum(x):
    return torch.sum(torch.special.entr(x))


def erfcx_sum(x):
    return torch.sum(torch.special.erfcx(x))


def log_ndtr_sum(x):
    return torch.sum(torch.special.log_ndtr(x))


def i0e_sum(x):
    return torch.sum(torch.special.i0e(x))


def logit_eps(p):
    return torch.sum(torch.special.logit(p, eps=1e-6))


def lcse(x):
    return torch.sum(torch.logcumsumexp(x, 0))


# ------------------------------------------------------------------------------------------- distances, masks


def cdist_same(a):
    b = torch.tensor([[1.0, 2.0], [0.0, 0.0]], dtype=a.dtype)
    return torch.sum(torch.cdist(a, b))


def pdist_same(a):
    b = torch.tensor([[1.0, 2.0]], dtype=a.dtype)
    return torch.sum(F.pairwise_distance(a, b))


def clamp_tensor(x):
    lo = torch.tensor([-1.0, 0.0, 0.5], dtype=x.dtype)
    hi = torch.tensor([1.0, 2.0, 0.75], dtype=x.dtype)
    return torch.sum(torch.clamp(x, min=lo, max=hi) * torch.tensor([1.0, 2.0, 3.0], dtype=x.dtype))


def masked_sqrt(x):
    return torch.sum(torch.sqrt(x).masked_fill(x <= 0, 0.0))


def masked_log(x):
    return torch.sum(torch.log(x).masked_fill(x <= 0, 0.0))


def mish_sum(x):
    return torch.sum(F.mish(x))


def silu_sum(x):
    return torch.sum(F.silu(x))


# ------------------------------------------------------------------------------------------- distributions


def beta_ab(a, b):
    x = torch.tensor(0.3, dtype=a.dtype)
    return torch.sum(torch.distributions.Beta(a, b).log_prob(x))


def student_df(df):
    x = torch.tensor(1.5, dtype=df.dtype)
    d = torch.distributions.StudentT(df, torch.tensor(0.0, dtype=df.dtype), torch.tensor(2.0, dtype=df.dtype))
    return torch.sum(d.log_prob(x))


# ------------------------------------------------------------------------------------------- modules


class Tied(nn.Module):
    def __init__(self):
        super().__init__()
        self.enc = nn.Linear(2, 2, bias=False, dtype=torch.float64)
        self.dec = nn.Linear(2, 2, bias=False, dtype=torch.float64)
        self.dec.weight = self.enc.weight  # tied: one Parameter, two uses
        self.register_buffer("scale", torch.tensor([0.5, 2.0], dtype=torch.float64))
        with torch.no_grad():
            self.enc.weight.copy_(torch.tensor([[0.5, -0.25], [1.0, 0.75]], dtype=torch.float64))

    def forward(self, x):
        return self.dec(torch.tanh(self.enc(x)) * self.scale)


def tied_loss(model, x):
    return torch.sum(model(x) ** 2)


def tied_args():
    return {"model": Tied(), "x": torch.tensor([[1.0, -2.0]], dtype=torch.float64)}


GRU = nn.GRUCell(1, 1, dtype=torch.float64)
with torch.no_grad():
    GRU.weight_ih.copy_(torch.tensor([[0.5], [-0.25], [1.5]]))
    GRU.weight_hh.copy_(torch.tensor([[0.75], [0.5], [-1.0]]))
    GRU.bias_ih.copy_(torch.tensor([0.1, -0.2, 0.3]))
    GRU.bias_hh.copy_(torch.tensor([0.0, 0.25, -0.5]))


def gru_step(x):
    h = torch.tensor([[0.4]], dtype=x.dtype)
    return torch.sum(GRU(x, h))
