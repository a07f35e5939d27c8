"""A user's PyTorch code, sixteenth round (b): attention variants (a causal scaled dot-product, a padded batch whose
first query sees no key, a Hugging Face style additive mask of the dtype's most negative number), normalisation at
degenerate batches (GroupNorm with a constant group, InstanceNorm over one position, RMSNorm by hand and by
F.rms_norm), cross-entropy with class weights and label smoothing, a focal loss with a fractional exponent,
torch.distributions at the edges of their supports (Beta at 0 and 1, StudentT with a huge df), the scaled Bessel
function i1e at 0, and custom autograd.Functions with subtle bugs (a needs_input_grad test on the wrong input,
gradients returned in the wrong order, a rule that overflows in float32)."""

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.distributions import Beta, StudentT

KEYS = [[1.0, 0.5], [-0.5, 1.0], [0.25, -1.0]]
VALUES = [[1.0, 2.0], [0.5, -1.0], [-2.0, 0.25]]
READOUT = [[1.0, -0.5], [2.0, 0.25], [-1.0, 1.0]]


def causal_attention(q):
    """Causal self-attention's readout with fixed keys and values, PyTorch's fused entry point."""
    k = torch.tensor([KEYS], dtype=q.dtype)
    v = torch.tensor([VALUES], dtype=q.dtype)
    out = F.scaled_dot_product_attention(q, k, v, is_causal=True)
    return (out * torch.tensor(READOUT, dtype=q.dtype)).sum()


def padded_attention(q):
    """A padded batch: the first query is padding and may attend no key."""
    k = torch.tensor([KEYS], dtype=q.dtype)
    v = torch.tensor([VALUES], dtype=q.dtype)
    allowed = torch.tensor([[False, False, False], [True, True, False], [True, True, True]])
    out = F.scaled_dot_product_attention(q, k, v, attn_mask=allowed)
    return (out * torch.tensor(READOUT, dtype=q.dtype)).sum()


def hf_attention(q):
    """Attention with an additive mask of the dtype's most negative number, as transformer libraries build it."""
    k = torch.tensor(KEYS, dtype=q.dtype)
    v = torch.tensor(VALUES, dtype=q.dtype)
    keep = torch.tensor([[1.0, 1.0, 0.0], [0.0, 0.0, 0.0]], dtype=q.dtype)
    scores = q @ k.T / 2 ** 0.5
    scores = scores + (1.0 - keep) * torch.finfo(q.dtype).min
    weights = torch.softmax(scores, dim=-1)
    return (weights @ v * torch.tensor(READOUT[:2], dtype=q.dtype)).sum()


def group_norm_loss(x):
    """GroupNorm over two groups of two channels; the first group is one constant value."""
    gamma = torch.tensor([1.5, 0.5, -1.0, 2.0], dtype=x.dtype)
    beta = torch.tensor([0.1, 0.0, -0.2, 0.3], dtype=x.dtype)
    y = F.group_norm(x, 2, gamma, beta, eps=1e-5)
    c = torch.tensor([[[1.0, -2.0], [0.5, 3.0], [-1.0, 0.25], [2.0, 1.0]]], dtype=x.dtype)
    return (c * y + y * y).sum()


def instance_norm_loss(x):
    """InstanceNorm of a sequence one step long: every normalised value is 0."""
    y = F.instance_norm(x, eps=1e-5)
    return (y * torch.tensor([[[1.0], [-2.0]]], dtype=x.dtype)).sum()


def rms_norm_hand(x):
    """RMSNorm as LLaMA-style code writes it, a padding row of zeros in the batch."""
    weight = torch.tensor([1.0, 2.0, -0.5], dtype=x.dtype)
    y = x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6) * weight
    return (y * torch.tensor([0.5, -1.0, 2.0], dtype=x.dtype)).sum()


def rms_norm_builtin(x):
    weight = torch.tensor([1.0, 2.0, -0.5], dtype=x.dtype)
    y = F.rms_norm(x, (3,), weight, eps=1e-6)
    return (y * torch.tensor([0.5, -1.0, 2.0], dtype=x.dtype)).sum()


def smoothed_ce(logits):
    """Class-weighted cross-entropy with label smoothing, batch mean."""
    target = torch.tensor([0, 2])
    weight = torch.tensor([1.0, 2.0, 0.5], dtype=logits.dtype)
    return F.cross_entropy(logits, target, weight=weight, label_smoothing=0.1)


def focal_loss(z):
    """The sigmoid focal loss (alpha 0.25) with a fractional gamma, written out as detection code does."""
    t = torch.tensor([1.0, 0.0], dtype=z.dtype)
    p = torch.sigmoid(z)
    ce = F.binary_cross_entropy_with_logits(z, t, reduction="none")
    p_t = p * t + (1 - p) * (1 - t)
    loss = ce * (1 - p_t) ** 0.5
    alpha_t = 0.25 * t + 0.75 * (1 - t)
    return (alpha_t * loss).sum()


def beta_logp(a, b):
    """Beta log-likelihood of proportions that hit the ends of [0, 1]."""
    data = torch.tensor([1.0, 0.0], dtype=a.dtype)
    return Beta(a, b, validate_args=False).log_prob(data).sum()


def student_logp(df):
    """Student-t log-likelihood, its degrees of freedom learned (heavy tails fading to a Gaussian)."""
    data = torch.tensor([0.5, 0.5], dtype=df.dtype)
    return StudentT(df, validate_args=False).log_prob(data).sum()


def scaled_bessel1(x):
    return torch.special.i1e(x).sum()


class Scale(torch.autograd.Function):
    """x * w with a hand-written backward that skips the gradients nobody asked for."""

    @staticmethod
    def forward(ctx, x, w):
        ctx.save_for_backward(x, w)
        return x * w

    @staticmethod
    def backward(ctx, grad):
        x, w = ctx.saved_tensors
        grad_x = grad * w if ctx.needs_input_grad[0] else None
        grad_w = grad * x if ctx.needs_input_grad[0] else None
        return grad_x, grad_w


def scale_loss(w, x):
    return (Scale.apply(x, w) ** 2).sum()


def scale_args():
    return {"w": torch.tensor([0.5, -1.5], dtype=torch.float64), "x": torch.tensor([2.0, 3.0], dtype=torch.float64)}


class Growth(torch.autograd.Function):
    """a * exp(b), elementwise."""

    @staticmethod
    def forward(ctx, a, b):
        e = torch.exp(b)
        ctx.save_for_backward(a, e)
        return a * e

    @staticmethod
    def backward(ctx, grad):
        a, e = ctx.saved_tensors
        return grad * a * e, grad * e


def growth(a, b):
    return Growth.apply(a, b).sum()


class LogSigmoid(torch.autograd.Function):
    """log(sigmoid(x)) with its derivative written as exp(-x) / (1 + exp(-x))."""

    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return -F.softplus(-x)

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return grad * torch.exp(-x) / (1 + torch.exp(-x))


def log_sigmoid(x):
    return LogSigmoid.apply(x).sum()


class Tiny(nn.Module):
    def __init__(self):
        super().__init__()
        self.norm = nn.GroupNorm(2, 4, eps=1e-5)

    def forward(self, x):
        return self.norm(x)


def tiny_loss(model, x):
    return (model(x) * torch.tensor([[1.0, -2.0, 0.5, 3.0]], dtype=x.dtype)).sum()


def tiny_args():
    model = Tiny().double()
    with torch.no_grad():
        model.norm.weight.copy_(torch.tensor([1.5, 0.5, -1.0, 2.0]))
        model.norm.bias.copy_(torch.tensor([0.1, 0.0, -0.2, 0.3]))
    return {"model": model, "x": torch.tensor([[0.5, -1.0, 2.0, 2.0]], dtype=torch.float64)}


def safe_log(p):
    """log of probabilities clamped at the dtype's machine epsilon, as many codebases guard a log."""
    return torch.log(p.clamp_min(torch.finfo(p.dtype).eps)).sum()


def smoothed_ce_ignored(logits):
    """The same loss over a batch whose second row is padding (ignore_index)."""
    target = torch.tensor([0, -100])
    weight = torch.tensor([1.0, 2.0, 0.5], dtype=logits.dtype)
    return F.cross_entropy(logits, target, weight=weight, label_smoothing=0.1, ignore_index=-100)


def scale_both_args():
    """scale_args' point, where x is differentiated too (checked without --wrt)."""
    return scale_args()
