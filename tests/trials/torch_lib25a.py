"""A user's PyTorch code, twenty-fifth round (a): an NT-Xent contrastive loss at temperature 0.01 (stable and
hand-written), a binary focal loss at p -> 1 (naive and through logsigmoid), a GRU unrolled over three steps,
cosine_similarity at and near a zero vector, a Student-t log-density in its degrees of freedom far out, an
autograd.Function clamp whose backward passes everything, a masked log_softmax and a masked softmax by hand, a soft
minimum at gamma 0.01 (logsumexp and by hand), a norm-clipping scale at 0, smooth_l1_loss with beta 0, an inverse-gamma
log-density at 1e-300 and a von Mises mean resultant length through i1e/i0e."""

import torch
import torch.nn.functional as F
from torch.distributions import InverseGamma, StudentT

TEMPERATURE = 0.01


def nt_xent(z):
    """SimCLR's NT-Xent: rows i and i + n/2 are two views of one image."""
    n = z.shape[0]
    z = F.normalize(z, dim=1)
    sim = z @ z.T / TEMPERATURE
    sim = sim.masked_fill(torch.eye(n, dtype=torch.bool), float("-inf"))
    targets = (torch.arange(n) + n // 2) % n
    return F.cross_entropy(sim, targets)


def nt_xent_naive(z):
    n = z.shape[0]
    z = z / z.norm(dim=1, keepdim=True)
    sim = torch.exp(z @ z.T / TEMPERATURE)
    positives = sim[torch.arange(n), (torch.arange(n) + n // 2) % n]
    negatives = sim.sum(dim=1) - torch.diagonal(sim)
    return -torch.log(positives / negatives).mean()


LABELS = [1.0, 0.0]


def focal_naive(x):
    """Binary focal loss, gamma 2, written from the paper."""
    y = torch.tensor(LABELS, dtype=x.dtype)
    p = torch.sigmoid(x)
    p_t = y * p + (1 - y) * (1 - p)
    return (-(1 - p_t) ** 2 * torch.log(p_t)).sum()


def focal_stable(x):
    y = torch.tensor(LABELS, dtype=x.dtype)
    signed = (2 * y - 1) * x  # log p_t = logsigmoid(signed), 1 - p_t = sigmoid(-signed)
    return (torch.sigmoid(-signed) ** 2 * -F.logsigmoid(signed)).sum()


def _gru():
    gru = torch.nn.GRU(input_size=2, hidden_size=2, batch_first=True)
    with torch.no_grad():
        for p in gru.parameters():
            p.copy_(((torch.arange(p.numel()) % 5 - 2) * 0.25).reshape(p.shape))
    return gru


GRU = _gru()


def gru_readout(x):
    """Run a tiny GRU over a 3-step sequence and read the last hidden state."""
    out, h = GRU(x.unsqueeze(0))
    return (h[0, 0] * torch.tensor([1.0, -2.0], dtype=x.dtype)).sum()


def gru_readout_built(x):
    """The same GRU built and cast inside the function."""
    gru = _gru().to(x.dtype)
    out, h = gru(x.unsqueeze(0))
    return (h[0, 0] * torch.tensor([1.0, -2.0], dtype=x.dtype)).sum()


def cosine_score(x):
    """How well an embedding points along a fixed direction."""
    y = torch.tensor([3.0, 4.0, 0.0], dtype=x.dtype)
    return F.cosine_similarity(x, y, dim=0)


def studentt_df(df):
    """Fit a Student-t's degrees of freedom (the points are fixed)."""
    t = StudentT(df, torch.zeros((), dtype=df.dtype), torch.ones((), dtype=df.dtype))
    return t.log_prob(torch.full_like(df, 1.5)).sum()


class ClampPass(torch.autograd.Function):
    """Clamp to [-1, 1] and let the gradient through untouched."""

    @staticmethod
    def forward(ctx, x):
        return x.clamp(-1.0, 1.0)

    @staticmethod
    def backward(ctx, grad):
        return grad


def clamped_readout(x):
    return (ClampPass.apply(x) * torch.tensor([1.0, 2.0], dtype=x.dtype)).sum()


MASK = [True, True, False, True]


def masked_nll(x):
    """Cross-entropy over the valid positions only (the third is padding)."""
    mask = torch.tensor(MASK)
    logp = F.log_softmax(x.masked_fill(~mask, float("-inf")), dim=-1)
    target = torch.tensor([0.25, 0.5, 0.0, 0.25], dtype=x.dtype)
    return -(target * logp.masked_fill(~mask, 0.0)).sum()


def masked_softmax_naive(x):
    mask = torch.tensor(MASK, dtype=x.dtype)
    e = torch.exp(x) * mask
    p = e / e.sum()
    target = torch.tensor([0.25, 0.5, 0.0, 0.25], dtype=x.dtype)
    return -(target[[0, 1, 3]] * torch.log(p[[0, 1, 3]])).sum()


GAMMA = 0.01


def soft_min(x):
    """Soft-DTW's smoothed minimum of three costs."""
    return -GAMMA * torch.logsumexp(-x / GAMMA, dim=0)


def soft_min_naive(x):
    return -GAMMA * torch.log(torch.exp(-x / GAMMA).sum())


def clip_scale(x):
    """Scale a vector down to norm 1 when it is longer (the clip_grad_norm_ rule applied to a tensor)."""
    scale = torch.clamp(1.0 / (x.norm() + 1e-6), max=1.0)
    return (x * scale * torch.tensor([1.0, -2.0, 0.5], dtype=x.dtype)).sum()


def l1_like(pred):
    """smooth_l1_loss with beta 0 is the L1 loss."""
    target = torch.tensor([1.0, -0.5, 2.0], dtype=pred.dtype)
    return F.smooth_l1_loss(pred, target, beta=0.0, reduction="sum")


def inverse_gamma_logp(concentration):
    """An inverse-gamma prior's log-density at a tiny and a moderate variance, in its shape."""
    d = InverseGamma(concentration, torch.tensor(2.0, dtype=concentration.dtype))
    return d.log_prob(torch.tensor([1e-30, 0.5], dtype=concentration.dtype)).sum()


def inverse_gamma_tiny(concentration):
    d = InverseGamma(concentration, torch.tensor(2.0, dtype=concentration.dtype))
    return d.log_prob(torch.tensor([1e-300, 0.5], dtype=concentration.dtype)).sum()


def mean_resultant(kappa):
    """A von Mises' mean resultant length A(kappa) = I1(kappa) / I0(kappa), through the scaled Bessel functions."""
    return (torch.special.i1e(kappa) / torch.special.i0e(kappa)).sum()


def mean_resultant_naive(kappa):
    return (torch.special.i1(kappa) / torch.special.i0(kappa)).sum()


NORM = torch.nn.LayerNorm(3)  # float32, as PyTorch makes it
with torch.no_grad():
    NORM.weight.copy_(torch.tensor([1.0, -0.5, 2.0]))
    NORM.bias.copy_(torch.tensor([0.25, 0.0, -1.0]))


def layer_norm_readout(x):
    """A float32 model's LayerNorm, read out by fixed weights."""
    return (NORM(x) * torch.tensor([1.0, 2.0, -1.0], dtype=x.dtype)).sum()


SMOOTH = torch.nn.Conv1d(1, 1, 3, padding=1, bias=True)
with torch.no_grad():
    SMOOTH.weight.copy_(torch.tensor([[[0.25, 0.5, 0.25]]]))
    SMOOTH.bias.fill_(0.5)


def smoothed_energy(x):
    """A float32 Conv1d smoothing a signal, then its energy."""
    return (SMOOTH(x.reshape(1, 1, -1)) ** 2).sum()


class LogSumExp(torch.autograd.Function):
    """logsumexp with its backward from the saved result: exp(x - lse)."""

    @staticmethod
    def forward(ctx, x):
        top = x.max()
        result = top + torch.log(torch.exp(x - top).sum())
        ctx.save_for_backward(x, result)
        return result

    @staticmethod
    def backward(ctx, grad):
        x, result = ctx.saved_tensors
        return grad * torch.exp(x - result)


def lse_function(x):
    return LogSumExp.apply(x * torch.tensor([1.0, 2.0, -1.0], dtype=x.dtype))


class ScaleNoGrad(torch.autograd.Function):
    """x * s, whose backward returns None for the scale (it is 'only a hyperparameter')."""

    @staticmethod
    def forward(ctx, x, s):
        ctx.save_for_backward(s)
        return x * s

    @staticmethod
    def backward(ctx, grad):
        (s,) = ctx.saved_tensors
        return grad * s, None


def scaled_sum(x, s):
    return ScaleNoGrad.apply(x, s).sum()


def embedding_pull(x):
    """cosine_embedding_loss pulling an embedding towards a fixed one (label 1)."""
    y = torch.tensor([[3.0, 4.0, 0.0]], dtype=x.dtype)
    return F.cosine_embedding_loss(x.unsqueeze(0), y, torch.tensor([1.0], dtype=x.dtype))


def gru_energy(gru, x):
    """The last hidden state's energy of a GRU handed in whole (its recurrent weights are what the check moves)."""
    out, h = gru(x)
    return (h ** 2).sum()


def gru_args():
    return GRU, torch.tensor([[[1.0, -0.5], [0.3, 2.0], [-1.0, 0.25]]])


def centered_energy(x):
    """Energy about a centre computed without gradient (a target held fixed, as an EMA teacher's is)."""
    with torch.no_grad():
        centre = x.mean()
    return ((x - centre) ** 2 * torch.tensor([1.0, 2.0, 3.0], dtype=x.dtype)).sum()


def masked_nll_inplace(x):
    """The masked cross-entropy with the mask written in place on a copy of the scores."""
    scores = x.clone()
    scores.masked_fill_(~torch.tensor(MASK), float("-inf"))
    logp = F.log_softmax(scores, dim=-1)
    return -(logp[0] * 0.25 + logp[1] * 0.5 + logp[3] * 0.25)
