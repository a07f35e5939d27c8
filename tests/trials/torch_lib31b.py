"""A user's PyTorch code, thirty-first round (b): graph neural networks, neural rendering, knowledge distillation,
Fourier features and hand-written layers. Graph attention whose softmax runs over each node's incoming edges
(scatter_reduce's amax and index_add, PyG's way, and the naive exp over index_add), a GCN layer on a learned dense
adjacency with PyG's degree normalisation (deg ** -0.5 with its inf at an isolated node masked to 0), NeRF's volume
rendering (relu densities, alpha compositing through an exclusive cumprod with its 1e-10, and softplus densities),
distillation as the KL of tempered softmaxes (written out with log of softmax, and F.kl_div of F.log_softmax),
random Fourier features at large inputs, an nn.Linear under weight_norm read by its parametrization's name, a linear
autograd.Function right and with its weight gradient transposed, and a softplus Function whose backward slips a
sign."""

import math

import torch
import torch.nn.functional as F

# ------------------------------------------------------------------------------------------- graph attention
SRC = [0, 1, 2, 0, 3, 1]
DST = [1, 0, 1, 2, 2, 2]  # node 3 only sends: no edge arrives there
A_SRC, A_DST = 0.75, -0.5
WEIGHT = 1.5


def _edge_scores(x):
    src, dst = torch.tensor(SRC), torch.tensor(DST)
    return F.leaky_relu(A_SRC * x[src] + A_DST * x[dst], 0.2), src, dst


def gat_attention(x):
    """One graph-attention layer on scalar node features, its softmax taken over each node's incoming edges."""
    e, src, dst = _edge_scores(x)
    top = torch.zeros_like(x).scatter_reduce(0, dst, e.detach(), "amax", include_self=False)
    w = torch.exp(e - top[dst])
    den = torch.zeros_like(x).index_add(0, dst, w)
    alpha = w / den[dst]
    out = torch.zeros_like(x).index_add(0, dst, alpha * x[src] * WEIGHT)
    return (out ** 2).sum()


def gat_attention_naive(x):
    """The same softmax without the per-node maximum taken out."""
    e, src, dst = _edge_scores(x)
    w = torch.exp(e)
    den = torch.zeros_like(x).index_add(0, dst, w)
    alpha = w / den[dst]
    out = torch.zeros_like(x).index_add(0, dst, alpha * x[src] * WEIGHT)
    return (out ** 2).sum()


# ------------------------------------------------------------------------------------------------------- GCN
GCN_W = [[0.5, -1.0], [0.25, 0.75]]


def gcn_layer(adj, x):
    """A GCN layer on a learned dense adjacency: D^-1/2 A D^-1/2 X W, PyG's inf at an isolated node masked to 0."""
    deg = adj.sum(dim=1)
    deg_inv_sqrt = deg.pow(-0.5)
    deg_inv_sqrt = deg_inv_sqrt.masked_fill(deg_inv_sqrt == float("inf"), 0.0)
    norm_adj = deg_inv_sqrt[:, None] * adj * deg_inv_sqrt[None, :]
    h = torch.tanh(norm_adj @ x @ torch.tensor(GCN_W, dtype=x.dtype))
    return h.sum()


# ------------------------------------------------------------------------------------------- volume rendering
DELTAS = [0.5, 0.25, 0.5, 1.0]
COLORS = [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0], [0.0, 0.0, 1.0], [0.5, 0.5, 0.5]]
PIXEL = [0.25, 0.5, 0.125]


def _composite(sigma):
    delta = torch.tensor(DELTAS, dtype=sigma.dtype)
    alpha = 1.0 - torch.exp(-sigma * delta)
    ones = torch.ones(1, dtype=sigma.dtype)
    trans = torch.cumprod(torch.cat([ones, 1.0 - alpha + 1e-10]), 0)[:-1]
    weights = alpha * trans
    rgb = (weights[:, None] * torch.tensor(COLORS, dtype=sigma.dtype)).sum(0)
    return ((rgb - torch.tensor(PIXEL, dtype=sigma.dtype)) ** 2).sum()


def nerf_render(raw):
    """NeRF's photometric loss of one ray: relu densities, alpha compositing through an exclusive cumprod."""
    return _composite(F.relu(raw))


def nerf_render_softplus(raw):
    """The same with softplus densities (mip-NeRF's choice, shifted by -1)."""
    return _composite(F.softplus(raw - 1.0))


# ----------------------------------------------------------------------------------------------- distillation
TEACHER = [2.0, 1.0, -1.0]
TEMPERATURE = 4.0


def distill_naive(student):
    """Hinton's distillation loss T^2 KL(p_teacher || p_student), both softmaxes tempered, written out."""
    p_t = torch.softmax(torch.tensor(TEACHER, dtype=student.dtype) / TEMPERATURE, 0)
    p_s = torch.softmax(student / TEMPERATURE, 0)
    return (p_t * (torch.log(p_t) - torch.log(p_s))).sum() * TEMPERATURE ** 2


def distill(student):
    """The same through F.kl_div of F.log_softmax."""
    p_t = F.softmax(torch.tensor(TEACHER, dtype=student.dtype) / TEMPERATURE, 0)
    return F.kl_div(F.log_softmax(student / TEMPERATURE, 0), p_t, reduction="sum") * TEMPERATURE ** 2


# ------------------------------------------------------------------------------------------- Fourier features
FREQS = [1.0, 10.0, 100.0]
HEAD = [0.5, -0.25, 0.125, 0.75, -0.5, 0.375]


def fourier_features(x):
    """A linear head on random Fourier features [sin 2 pi B x, cos 2 pi B x]."""
    proj = 2 * math.pi * x[:, None] * torch.tensor(FREQS, dtype=x.dtype)
    feats = torch.cat([torch.sin(proj), torch.cos(proj)], dim=1)
    return (feats @ torch.tensor(HEAD, dtype=x.dtype)).sum()


# ------------------------------------------------------------------------------------------------ weight norm
WN_X = [[1.0, 0.5, -1.0], [0.0, 2.0, 1.0], [-1.5, 1.0, 0.5]]
WN_Y = [0.5, 1.0, -2.0]


class WeightNormRegressor(torch.nn.Module):
    """A linear regressor under weight_norm: weight = g v / |v|."""

    def __init__(self):
        super().__init__()
        self.fc = torch.nn.utils.parametrizations.weight_norm(torch.nn.Linear(3, 1))

    def forward(self, x):
        return self.fc(x)[:, 0]


def wn_loss(model, x, y):
    """Mean squared error of the weight-normalised regressor."""
    return F.mse_loss(model(x), y)


def _wn_args(direction):
    model = WeightNormRegressor().double()
    with torch.no_grad():
        model.fc.parametrizations.weight.original0.fill_(1.5)
        model.fc.parametrizations.weight.original1.copy_(torch.tensor([direction], dtype=torch.float64))
        model.fc.bias.fill_(0.25)
    return {"model": model, "x": torch.tensor(WN_X, dtype=torch.float64), "y": torch.tensor(WN_Y, dtype=torch.float64)}


def wn_args():
    return _wn_args([0.5, -1.0, 2.0])


def wn_other_args():
    return _wn_args([1.0, 2.0, -0.5])


def wn_dead_args():
    """A direction zeroed (a pruned unit): weight_norm divides 0 by |0|."""
    return _wn_args([0.0, 0.0, 0.0])


# ------------------------------------------------------------------------------------ hand-written linear layer
LINEAR_W = [[0.5, -1.0], [2.0, 0.25]]
LINEAR_X = [[1.0, 2.0], [-0.5, 1.5]]
LINEAR_Y = [[0.25, -0.5], [0.5, 0.0]]


class LinearFunction(torch.autograd.Function):
    """y = x W^T with its backward written out, as the PyTorch tutorial's extending-autograd example does."""

    @staticmethod
    def forward(ctx, x, weight):
        ctx.save_for_backward(x, weight)
        return x @ weight.t()

    @staticmethod
    def backward(ctx, grad_output):
        x, weight = ctx.saved_tensors
        return grad_output @ weight, grad_output.t() @ x


class LinearFunctionSlip(torch.autograd.Function):
    """The same with the weight's gradient transposed (it has the right shape: W is square)."""

    @staticmethod
    def forward(ctx, x, weight):
        ctx.save_for_backward(x, weight)
        return x @ weight.t()

    @staticmethod
    def backward(ctx, grad_output):
        x, weight = ctx.saved_tensors
        return grad_output @ weight, x.t() @ grad_output


class CustomLinear(torch.nn.Module):
    """A bias-free linear layer through a hand-written Function."""

    def __init__(self, function):
        super().__init__()
        self.function = function
        self.weight = torch.nn.Parameter(torch.tensor(LINEAR_W, dtype=torch.float64))

    def forward(self, x):
        return self.function.apply(x, self.weight)


def custom_linear_loss(model, x, y):
    """Squared error of tanh of the layer's output."""
    return ((torch.tanh(model(x)) - y) ** 2).sum()


def custom_linear_args():
    return {"model": CustomLinear(LinearFunction), "x": torch.tensor(LINEAR_X, dtype=torch.float64),
            "y": torch.tensor(LINEAR_Y, dtype=torch.float64)}


def custom_linear_slip_args():
    return {"model": CustomLinear(LinearFunctionSlip), "x": torch.tensor(LINEAR_X, dtype=torch.float64),
            "y": torch.tensor(LINEAR_Y, dtype=torch.float64)}


def custom_linear_inputs(x):
    """The slipped layer, differentiated in its input only: the input's gradient is the right one."""
    weight = torch.tensor(LINEAR_W, dtype=x.dtype, requires_grad=True)
    return ((torch.tanh(LinearFunctionSlip.apply(x, weight)) - torch.tensor(LINEAR_Y, dtype=x.dtype)) ** 2).sum()


class SoftplusSlip(torch.autograd.Function):
    """softplus with its backward's sign slipped: sigmoid(-x) for sigmoid(x)."""

    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return F.softplus(x)

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return grad_output * torch.sigmoid(-x)


def softplus_slip(x):
    return SoftplusSlip.apply(x).sum()
