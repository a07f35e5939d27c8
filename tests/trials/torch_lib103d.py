"""A user's PyTorch code, hundred-and-third round (d): transformer building blocks on tiny tensors: RMSNorm by hand
(torch.rsqrt, eps = 1e-6, and eps = 0) and F.rms_norm, F.layer_norm at a constant row, rotary embeddings, logit
soft-capping, the z-loss by torch.logsumexp, masked_fill(-inf) causal and padding masks (a fully masked row), BERT's
additive -1e9 mask, an online softmax from a running max of -inf, SwiGLU by F.silu and by x * torch.sigmoid(x), GeGLU by
F.gelu(approximate="tanh"), F.kl_div of two log_softmaxes, F.cross_entropy(label_smoothing=0.1), and
F.scaled_dot_product_attention (is_causal, and a boolean mask leaving a query no key)."""

import torch
import torch.nn.functional as F

G = [1.0, -2.0, 0.5]
V = [1.0, -2.0, 0.5]
INV_FREQ = 1.0 / (10000.0 ** (torch.arange(0, 4, 2, dtype=torch.float64) / 4))  # [1, 0.01]
CAUSAL = torch.tril(torch.ones(3, 3, dtype=torch.bool))
PAD = torch.tensor([[False, False, False], [True, True, False], [True, True, True]])


def _t(a, like):
    return torch.as_tensor(a, dtype=like.dtype)


def rmsnorm(x):
    y = x * torch.rsqrt(x.pow(2).mean() + 1e-6)
    return (_t(G, x) * y).sum()


def rmsnorm_eps0(x):
    y = x * torch.rsqrt(x.pow(2).mean())
    return (_t(G, x) * y).sum()


def rms_norm_f(x):
    return (_t(G, x) * F.rms_norm(x, (3,), eps=1e-6)).sum()


def layer_norm(x):
    return (_t(G, x) * F.layer_norm(x, (3,), eps=1e-5)).sum()


def rope(x, pos):
    ang = pos * INV_FREQ.to(x.dtype)
    c, s = torch.cos(ang), torch.sin(ang)
    x1, x2 = x[0::2], x[1::2]
    y = torch.cat([x1 * c - x2 * s, x1 * s + x2 * c])
    return (y * _t([1.0, -1.0, 0.5, 2.0], x)).sum()


def softcap(x, c):
    return (c * torch.tanh(x / c)).sum()


def z_loss(z):
    return 1e-4 * torch.logsumexp(z, dim=0) ** 2


def _rows(p, like):
    return (p * _t(V, like)[None, :]).sum()


def causal_fill(s):
    p = torch.softmax(s.masked_fill(~CAUSAL, float("-inf")), dim=-1)
    return _rows(p, s)


def padded_fill(s):
    p = torch.softmax(s.masked_fill(~PAD, float("-inf")), dim=-1)
    return _rows(p, s)


def padded_add_1e9(s):
    p = torch.softmax(s + (1.0 - PAD.to(s.dtype)) * -1e9, dim=-1)
    return _rows(p, s)


def online_softmax(s):
    """Flash attention's one-pass softmax over three keys, key 0 masked, the rescaling unguarded."""
    s = s.masked_fill(torch.tensor([True, False, False]), float("-inf"))
    vals = _t(V, s)
    m = torch.tensor(float("-inf"), dtype=s.dtype)
    l = torch.zeros((), dtype=s.dtype)
    acc = torch.zeros((), dtype=s.dtype)
    for j in range(3):
        m_new = torch.maximum(m, s[j])
        scale = torch.exp(m - m_new)
        e = torch.exp(s[j] - m_new)
        l = l * scale + e
        acc = acc * scale + e * vals[j]
        m = m_new
    return acc / l


def swiglu(a, b):
    return (F.silu(a) * b).sum()


def swiglu_sigmoid(a, b):
    return (a * torch.sigmoid(a) * b).sum()


def geglu(a, b):
    return (F.gelu(a, approximate="tanh") * b).sum()


def kl_div(a, b):
    """KL(softmax(a) || softmax(b)) by F.kl_div(log q, log p, log_target=True)."""
    return F.kl_div(F.log_softmax(b, dim=0), F.log_softmax(a, dim=0), reduction="sum", log_target=True)


def kl_div_probs(a, b):
    """The same with the target as probabilities: F.kl_div's xlogy(p, p) - p log q."""
    return F.kl_div(F.log_softmax(b, dim=0), F.softmax(a, dim=0), reduction="sum")


def ls_ce(logits):
    return F.cross_entropy(logits[None, :], torch.tensor([0]), label_smoothing=0.1)


WO = [[1.0, -1.0, 0.5, 2.0], [0.25, 1.0, -0.5, 1.5]]


def sdpa_causal(x):
    t = x[None, None]  # (B, H, T, E)
    o = F.scaled_dot_product_attention(t, t, t, is_causal=True)
    return (o[0, 0] * _t(WO, x)).sum()


def sdpa_padded(x):
    """A boolean mask leaving query 0 no key."""
    mask = torch.tensor([[False, False], [True, True]])
    t = x[None, None]
    o = F.scaled_dot_product_attention(t, t, t, attn_mask=mask)
    return (o[0, 0] * _t(WO, x)).sum()


class SiLU(torch.autograd.Function):
    """A memory-saving SiLU: keeps x, recomputes sigmoid in backward."""

    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * torch.sigmoid(x)

    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        s = torch.sigmoid(x)
        return g * s * (1 + x * (1 - s))


class SiLUWrong(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * torch.sigmoid(x)

    @staticmethod
    def backward(ctx, g):
        (x,) = ctx.saved_tensors
        return g * torch.sigmoid(x)  # forgets x * sigmoid'(x)


def swiglu_custom(a, b):
    return (SiLU.apply(a) * b).sum()


def swiglu_custom_wrong(a, b):
    return (SiLUWrong.apply(a) * b).sum()
