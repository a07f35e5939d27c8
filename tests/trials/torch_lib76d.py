"""A user's PyTorch code, seventy-sixth round (d): sparse routing, trees and structured activations on tiny inputs.
Sparsemax as the sparsemax-pytorch repositories write it (torch.sort descending, cumsum, the support by comparison,
tau gathered at the support's size) by autograd, by a torch.autograd.Function with the usual backward (the mean of
the upstream over the support), and by one whose backward divides by the full size; entmax-1.5 by the entmax
package's bisection; a top-2 mixture-of-experts gate by torch.topk (softmax over the kept logits, scatter of -inf),
the Switch Transformer's load-balancing loss, a noisy top-2 gate with torch.manual_seed(0); a soft decision tree
(torch.sigmoid at temperature 0.01) and a hard-routed one with the straight-through s + (hard - s).detach();
F.gumbel_softmax(tau=0.1, hard=True) after torch.manual_seed(0); F.hardtanh, F.relu6, F.hardswish; a spline by
torch.searchsorted; the pinball loss by torch.max and by torch.where."""

import torch
import torch.nn.functional as F

READOUT = torch.tensor([1.0, -2.0, 3.0, 0.5])
EXPERTS = torch.tensor([[1.0, -0.5], [0.25, 2.0], [-1.0, 0.5], [0.5, 0.75]])
LEAVES = torch.tensor([1.0, -1.0, 0.5, 2.0])
KNOTS = torch.tensor([0.0, 1.0, 2.0, 3.0])
TOKENS = torch.tensor([[1.0, 0.5], [-0.5, 1.0]])
TARGET = torch.tensor([0.5, -1.0, 2.0])


# ------------------------------------------------------------------------------------------------- sparsemax
def _sparsemax(z):
    z_sorted, _ = torch.sort(z, descending=True)
    k = torch.arange(1, z.shape[-1] + 1, dtype=z.dtype)
    cumsum = torch.cumsum(z_sorted, dim=-1)
    support = 1 + k * z_sorted > cumsum
    k_z = support.sum()
    tau = (cumsum.gather(-1, (k_z - 1).view(1)) - 1) / k_z
    return torch.clamp(z - tau, min=0)


def sparsemax(z):
    return (READOUT.to(z.dtype) * _sparsemax(z)).sum()


class SparsemaxFunction(torch.autograd.Function):
    @staticmethod
    def forward(ctx, z):
        p = _sparsemax(z)
        ctx.save_for_backward(p)
        return p

    @staticmethod
    def backward(ctx, grad_output):
        (p,) = ctx.saved_tensors
        nonzeros = (p != 0).to(grad_output.dtype)
        v = (grad_output * nonzeros).sum() / nonzeros.sum()
        return nonzeros * (grad_output - v)


class SparsemaxSizeBug(torch.autograd.Function):
    @staticmethod
    def forward(ctx, z):
        p = _sparsemax(z)
        ctx.save_for_backward(p)
        return p

    @staticmethod
    def backward(ctx, grad_output):
        (p,) = ctx.saved_tensors
        nonzeros = (p != 0).to(grad_output.dtype)
        v = (grad_output * nonzeros).sum() / p.numel()
        return nonzeros * (grad_output - v)


def sparsemax_fn(z):
    return (READOUT.to(z.dtype) * SparsemaxFunction.apply(z)).sum()


def sparsemax_size_bug(z):
    return (READOUT.to(z.dtype) * SparsemaxSizeBug.apply(z)).sum()


def sparsemax_loss(z):
    """The sparsemax loss for the label 2, as the paper writes it."""
    z_sorted, _ = torch.sort(z, descending=True)
    k = torch.arange(1, z.shape[-1] + 1, dtype=z.dtype)
    cumsum = torch.cumsum(z_sorted, dim=-1)
    support = 1 + k * z_sorted > cumsum
    k_z = support.sum()
    tau = (cumsum[k_z - 1] - 1) / k_z
    in_s = (z > tau).to(z.dtype)
    return -z[2] + 0.5 * (in_s * (z ** 2 - tau ** 2)).sum() + 0.5


# ------------------------------------------------------------------------------------------------- entmax-1.5
def _entmax15_bisect(z, n_iter=50):
    x = z / 2
    max_val, _ = x.max(dim=-1, keepdim=True)
    tau_lo = max_val - 1.0
    tau_hi = max_val - (1.0 / z.shape[-1]) ** 0.5
    f_lo = (torch.clamp(x - tau_lo, min=0) ** 2).sum(-1, keepdim=True) - 1
    dm = tau_hi - tau_lo
    for _ in range(n_iter):
        dm = dm / 2
        tau_m = tau_lo + dm
        p_m = torch.clamp(x - tau_m, min=0) ** 2
        f_m = p_m.sum(-1, keepdim=True) - 1
        mask = f_m * f_lo >= 0
        tau_lo = torch.where(mask, tau_m, tau_lo)
    return p_m / p_m.sum(-1, keepdim=True)


def entmax15(z):
    return (READOUT.to(z.dtype) * _entmax15_bisect(z)).sum()


# ------------------------------------------------------------------------------------------------- mixture of experts
def moe_top2(x, w_gate):
    logits = x @ w_gate
    top_vals, top_idx = torch.topk(logits, 2, dim=-1)
    gates = F.softmax(top_vals, dim=-1)
    chosen = torch.gather(x @ EXPERTS.to(x.dtype).T, -1, top_idx)
    return (gates * chosen).sum()


def moe_top2_scatter(x, w_gate):
    """The dropped experts' logits set to -inf by scatter, then a softmax over all four."""
    logits = x @ w_gate
    top_vals, top_idx = torch.topk(logits, 2, dim=-1)
    masked = torch.full_like(logits, float("-inf")).scatter(-1, top_idx, top_vals)
    gates = F.softmax(masked, dim=-1)
    return (gates * (x @ EXPERTS.to(x.dtype).T)).sum()


def switch_loss(x, w_gate):
    logits = x @ w_gate
    probs = F.softmax(logits, dim=-1)
    top_p, top1 = probs.max(dim=-1)
    expert_out = torch.gather(x @ EXPERTS.to(x.dtype).T, -1, top1[:, None])[:, 0]
    task = (top_p * expert_out).sum()
    frac = F.one_hot(top1, 4).to(x.dtype).mean(0)
    mean_prob = probs.mean(0)
    return task + 0.01 * 4 * (frac * mean_prob).sum()


def noisy_top2(w_gate, w_noise):
    torch.manual_seed(0)
    tokens = TOKENS.to(w_gate.dtype)
    clean = tokens @ w_gate
    std = F.softplus(tokens @ w_noise)
    logits = clean + torch.randn_like(clean) * std
    top_vals, top_idx = torch.topk(logits, 2, dim=-1)
    gates = F.softmax(top_vals, dim=-1)
    chosen = torch.gather(tokens @ EXPERTS.to(w_gate.dtype).T, -1, top_idx)
    return (gates * chosen).sum()


# ------------------------------------------------------------------------------------------------- trees
def _leaf_probs(g):
    return torch.stack([(1 - g[0]) * (1 - g[1]), (1 - g[0]) * g[1], g[0] * (1 - g[2]), g[0] * g[2]])


def soft_tree(x, w, b):
    g = torch.sigmoid((w @ x + b) / 0.01)
    return (_leaf_probs(g) * LEAVES.to(x.dtype)).sum()


def hard_tree_st(x, w, b):
    z = w @ x + b
    s = torch.sigmoid(z)
    hard = (z > 0).to(z.dtype)
    g = s + (hard - s).detach()
    return (_leaf_probs(g) * LEAVES.to(x.dtype)).sum()


# ------------------------------------------------------------------------------------------------- Gumbel-softmax
def gumbel_hard(logits):
    torch.manual_seed(0)
    y = F.gumbel_softmax(logits, tau=0.1, hard=True)
    return (y * READOUT.to(logits.dtype)).sum()


# ------------------------------------------------------------------------------------------------- activations
def hardtanh_sum(x):
    return (READOUT.to(x.dtype) * F.hardtanh(x)).sum()


def relu6_sum(x):
    return (READOUT.to(x.dtype) * F.relu6(x)).sum()


def hardswish_sum(x):
    return (READOUT.to(x.dtype) * F.hardswish(x)).sum()


# ------------------------------------------------------------------------------------------------- spline, pinball
def spline(x, y):
    knots = KNOTS.to(x.dtype)
    idx = torch.clamp(torch.searchsorted(knots, x, right=True) - 1, 0, knots.shape[0] - 2)
    x0, x1 = knots[idx], knots[idx + 1]
    t = (x - x0) / (x1 - x0)
    out = y[idx] * (1 - t) + y[idx + 1] * t
    return (out ** 2).sum()


def pinball(pred):
    e = TARGET.to(pred.dtype) - pred
    return torch.max(0.9 * e, (0.9 - 1) * e).mean()


def pinball_where(pred):
    e = TARGET.to(pred.dtype) - pred
    return torch.where(e >= 0, 0.9 * e, (0.9 - 1) * e).mean()
