"""A user's PyTorch code, twenty-fourth round (a): singular values (the nuclear norm, svdvals weighted, a spectral
norm), a pseudo-inverse, triangular solves, Kronecker products, std_mean on a flat row, a piecewise-linear
interpolation by bucketize, causal scaled_dot_product_attention and a hand-written attention, conv1d and
conv_transpose1d, pixel_shuffle, cumulative_trapezoid, cholesky_inverse, Beta and Dirichlet log-densities in their
concentrations, a logit-normal through a SigmoidTransform, a gradient penalty through torch.func.grad (log cosh naive
and stable), autograd.Functions (a top-1 with mark_non_differentiable indices, a top-1 whose backward scatters to the
wrong place, a log-sum-exp whose backward exponentiates unshifted), poisson_nll_loss on rates at 0 and the phase of
a complex number built from two real tensors."""

import torch
import torch.nn.functional as F
from torch.distributions import Beta, Dirichlet, Normal, SigmoidTransform, TransformedDistribution


def nuclear_norm(a):
    """Trace-norm regulariser of a weight matrix."""
    return torch.linalg.matrix_norm(a, ord="nuc")


def singular_weighted(a):
    s = torch.linalg.svdvals(a)
    return s[0] + 3.0 * s[1]


def spectral_norm(a):
    return torch.linalg.matrix_norm(a, ord=2)


def pinv_readout(a):
    return (torch.linalg.pinv(a) * torch.tensor([[1.0, 2.0], [-1.0, 0.5]], dtype=a.dtype)).sum()


def triangular_energy(l):
    """Solve L z = b for a lower-triangular L (a whitening step) and take z's energy."""
    b = torch.tensor([[1.0], [-2.0]], dtype=l.dtype)
    z = torch.linalg.solve_triangular(torch.tril(l), b, upper=False)
    return (z ** 2).sum()


def kron_energy(a, b):
    k = torch.kron(a, b)
    w = torch.arange(1, k.numel() + 1, dtype=a.dtype).reshape(k.shape)
    return (w * k).sum()


def spread(x):
    """The standard deviation plus the mean of a row of readings (torch.std_mean)."""
    std, mean = torch.std_mean(x)
    return std + 2 * mean


KNOTS = [0.0, 1.0, 2.5, 4.0]
HEIGHTS = [0.0, 2.0, 1.0, 3.0]


def interp_loss(x):
    """A piecewise-linear lookup table evaluated at x (bucketize picks the segment)."""
    knots = torch.tensor(KNOTS, dtype=x.dtype)
    heights = torch.tensor(HEIGHTS, dtype=x.dtype)
    i = torch.bucketize(x, knots).clamp(1, len(KNOTS) - 1)
    t = (x - knots[i - 1]) / (knots[i] - knots[i - 1])
    y = heights[i - 1] + t * (heights[i] - heights[i - 1])
    return (y * torch.tensor([1.0, -2.0], dtype=x.dtype)).sum()


KEYS = [[1.0, 0.0], [0.5, -1.0], [-0.5, 2.0]]
VALUES = [[1.0, 2.0], [-1.0, 0.5], [3.0, -2.0]]
READOUT = [[1.0, -1.0], [2.0, 0.5], [-1.0, 1.0]]


def causal_attention(q):
    """One head of causal self-attention with fixed keys and values, read out by fixed weights."""
    k = torch.tensor(KEYS, dtype=q.dtype)
    v = torch.tensor(VALUES, dtype=q.dtype)
    out = F.scaled_dot_product_attention(q[None], k[None], v[None], is_causal=True)[0]
    return (out * torch.tensor(READOUT, dtype=q.dtype)).sum()


def naive_attention(q):
    """The same attention without a mask, its softmax written out as exp / sum exp."""
    k = torch.tensor(KEYS, dtype=q.dtype)
    v = torch.tensor(VALUES, dtype=q.dtype)
    scores = q @ k.T / 2 ** 0.5
    weights = torch.exp(scores) / torch.exp(scores).sum(-1, keepdim=True)
    return (weights @ v * torch.tensor(READOUT, dtype=q.dtype)).sum()


def conv_energy(x):
    """A 1-D signal through a fixed 3-tap filter (conv1d, padding 1), read out as an energy."""
    kernel = torch.tensor([[[1.0, -2.0, 0.5]]], dtype=x.dtype)
    y = F.conv1d(x.reshape(1, 1, -1), kernel, padding=1).reshape(-1)
    return (y ** 2).sum()


def upsample_energy(x):
    """A transposed convolution (stride 2) as a learned upsampler, read out by a ramp."""
    kernel = torch.tensor([[[1.0, 0.5, -1.0]]], dtype=x.dtype)
    y = F.conv_transpose1d(x.reshape(1, 1, -1), kernel, stride=2).reshape(-1)
    return (torch.arange(1, y.numel() + 1, dtype=x.dtype) * y ** 2).sum()


def shuffle_energy(x):
    """pixel_shuffle of a 4-channel 1x2 map into one 2x4 image, read out by a fixed mask."""
    y = F.pixel_shuffle(x.reshape(1, 4, 1, 2), 2).reshape(2, 4)
    mask = torch.tensor([[1.0, -1.0, 2.0, 0.5], [3.0, 1.0, -2.0, 1.0]], dtype=x.dtype)
    return (mask * y ** 2).sum()


def running_area(y):
    """The running area under samples at spacing 0.5, each partial area squared."""
    area = torch.cumulative_trapezoid(y, dx=0.5)
    return (area ** 2).sum()


def precision_trace(l):
    """tr((L L^T)^-1 W) from a Cholesky factor, by cholesky_inverse."""
    w = torch.tensor([[2.0, 0.5], [0.5, 1.0]], dtype=l.dtype)
    return (torch.cholesky_inverse(torch.tril(l)) * w).sum()


def beta_logp(a):
    """Beta(a, 2) log-density of a few observed fractions, as a function of the first concentration."""
    x = torch.tensor([0.2, 0.999, 1e-4], dtype=a.dtype)
    return Beta(a, torch.tensor(2.0, dtype=a.dtype)).log_prob(x).sum()


def dirichlet_logp(alpha):
    x = torch.tensor([0.5, 0.3, 0.2], dtype=alpha.dtype)
    return Dirichlet(alpha).log_prob(x)


def logit_normal_logp(loc):
    """A logit-normal (Normal pushed through a sigmoid) scored on fractions near 0 and 1."""
    dist = TransformedDistribution(Normal(loc, torch.tensor(0.5, dtype=loc.dtype)), [SigmoidTransform()])
    y = torch.tensor([0.3, 0.999999], dtype=loc.dtype)
    return dist.log_prob(y).sum()


def _log_cosh_naive(x):
    return torch.log(torch.cosh(x)).sum()


def _log_cosh_stable(x):
    return (x.abs() + F.softplus(-2 * x.abs()) - torch.log(torch.tensor(2.0, dtype=x.dtype))).sum()


def penalty_naive(x):
    """A gradient penalty: the squared gradient of a log-cosh energy, taken by torch.func.grad."""
    g = torch.func.grad(_log_cosh_naive)(x)
    return (g ** 2).sum()


def penalty_stable(x):
    g = torch.func.grad(_log_cosh_stable)(x)
    return (g ** 2).sum()


class TopOne(torch.autograd.Function):
    """The largest entry and its index; the index is marked non-differentiable."""

    @staticmethod
    def forward(ctx, x):
        value, index = x.max(dim=0)
        ctx.mark_non_differentiable(index)
        ctx.save_for_backward(index)
        ctx.size = x.shape[0]
        return value, index

    @staticmethod
    def backward(ctx, grad_value, grad_index):
        (index,) = ctx.saved_tensors
        grad = torch.zeros(ctx.size, dtype=grad_value.dtype)
        grad[index] = grad_value
        return grad


class TopOneSlip(torch.autograd.Function):
    """The largest entry; the backward sends the gradient to the smallest entry."""

    @staticmethod
    def forward(ctx, x):
        value, index = x.max(dim=0)
        ctx.mark_non_differentiable(index)
        ctx.save_for_backward(x)
        return value, index

    @staticmethod
    def backward(ctx, grad_value, grad_index):
        (x,) = ctx.saved_tensors
        grad = torch.zeros_like(x)
        grad[x.argmin()] = grad_value
        return grad


def top_gap(x):
    """The largest entry's margin over the mean."""
    value, _ = TopOne.apply(x)
    return 3 * value - x.mean()


def top_gap_slip(x):
    value, _ = TopOneSlip.apply(x)
    return 3 * value - x.mean()


class LogSumExp(torch.autograd.Function):
    """log sum exp with the max shifted out in the forward; the backward exponentiates x as given."""

    @staticmethod
    def forward(ctx, x):
        top = x.max()
        out = top + torch.log(torch.exp(x - top).sum())
        ctx.save_for_backward(x)
        return out

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return grad * torch.exp(x) / torch.exp(x).sum()


def lse_weighted(x):
    return LogSumExp.apply(x * torch.tensor([1.0, 2.0, -1.0], dtype=x.dtype))


def poisson_rate_loss(rate):
    """Poisson NLL on predicted rates (not logs), counts [0, 3]."""
    counts = torch.tensor([0.0, 3.0], dtype=rate.dtype)
    return F.poisson_nll_loss(rate, counts, log_input=False, reduction="sum")


def phase_sum(re, im):
    """The phases of complex numbers built from two real tensors, weighted (torch.angle)."""
    return (torch.angle(torch.complex(re, im)) * torch.tensor([1.0, 3.0], dtype=re.dtype)).sum()
