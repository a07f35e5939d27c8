"""A user's PyTorch code, twenty-second round (a): torch.distributions not tried before (Beta's entropy, Binomial in
its logits, LogNormal, the Normal-Normal KL divergence, Normal.cdf under a log), torch.stft power spectra in decibels
(with and without a floor), F.local_response_norm, F.embedding with max_norm, torch.renorm, F.rrelu in evaluation,
celu, glu and threshold, softmin, a hand-written piecewise-linear interpolation by searchsorted, a p = 0.5
vector_norm, a Charbonnier penalty and its eps-less spelling, PolyLoss, autograd.Functions (a sort that marks its
indices non-differentiable, the same sort whose backward gathers where it should scatter, a product whose backward
forgets one input), torch.func (grad of a log-cosh energy, jvp), nn.Bilinear, PixelShuffle, torch.polar, layer_norm at a
constant input, an L1 cdist at a coincident coordinate, softplus at its threshold, nanmean over a log and lerp."""

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.distributions import Beta, Binomial, LogNormal, Normal, kl_divergence
from torch.func import grad, jvp


def beta_entropy(a, b):
    """Entropy of a Beta posterior, the exploration bonus of a Thompson-sampling bandit."""
    return Beta(a, b).entropy().sum()


def binomial_logits(logits):
    k = torch.tensor([2.0, 3.0], dtype=logits.dtype)
    return Binomial(total_count=5, logits=logits).log_prob(k).sum()


def lognormal_logp(x):
    return LogNormal(0.5, 2.0).log_prob(x).sum()


def kl_normal(s):
    """KL(N(0.3, s) || N(0, 1)), a VAE's prior term for one latent."""
    prior = Normal(torch.zeros_like(s), torch.ones_like(s))
    return kl_divergence(Normal(torch.full_like(s, 0.3), s), prior).sum()


def log_cdf(x):
    return Normal(0.0, 1.0).cdf(x).log().sum()


def spectrogram_db(x):
    """Power spectrogram in decibels with a floor, as audio losses compute it."""
    window = torch.hann_window(4, dtype=x.dtype)
    spec = torch.stft(x, n_fft=4, hop_length=4, window=window, center=False, return_complex=True)
    power = spec.real ** 2 + spec.imag ** 2
    return (10.0 * torch.log10(power + 1e-10)).sum()


def spectrogram_db_naive(x):
    window = torch.hann_window(4, dtype=x.dtype)
    spec = torch.stft(x, n_fft=4, hop_length=4, window=window, center=False, return_complex=True)
    return (10.0 * torch.log10(spec.abs() ** 2)).sum()


def lrn_energy(x):
    """Local response normalisation across 4 channels (AlexNet's), read out by a fixed weighting."""
    y = F.local_response_norm(x, size=3, alpha=0.5, beta=0.75, k=1.0)
    weights = torch.tensor([1.0, -2.0, 0.5, 3.0], dtype=x.dtype).reshape(1, 4, 1)
    return (y * weights).sum()


IDS = torch.tensor([0, 2, 0])
READ = torch.tensor([[1.0, -1.0], [0.5, 2.0], [3.0, 1.0]])


def embedding_maxnorm(w):
    """Embeddings looked up with max_norm=1: rows longer than 1 are scaled back (in place) before the lookup."""
    rows = F.embedding(IDS, w, max_norm=1.0)
    return (rows * READ.to(w.dtype)).sum()


def renorm_rows(w):
    capped = torch.renorm(w, p=2, dim=0, maxnorm=1.0)
    return (capped * torch.tensor([[1.0, 2.0], [-1.0, 0.5]], dtype=w.dtype)).sum()


def rrelu_eval(x):
    return F.rrelu(x, training=False).sum()


def celu_sum(x):
    return F.celu(x, alpha=2.0).sum()


def glu_gate(x):
    return F.glu(x, dim=0).sum()


def threshold_sum(x):
    return F.threshold(x, 0.5, 0.0).sum()


def softmin_first(x):
    return nn.Softmin(dim=0)(x)[0]


KNOTS = torch.tensor([0.0, 1.0, 2.0, 4.0])
HEIGHTS = torch.tensor([0.0, 1.0, 4.0, 2.0])


def interp(x):
    """Piecewise-linear interpolation through (KNOTS, HEIGHTS), written by hand with searchsorted."""
    xp, fp = KNOTS.to(x.dtype), HEIGHTS.to(x.dtype)
    i = torch.searchsorted(xp, x.detach(), right=True).clamp(1, len(xp) - 1)
    x0, x1, y0, y1 = xp[i - 1], xp[i], fp[i - 1], fp[i]
    return (y0 + (y1 - y0) * (x - x0) / (x1 - x0)).sum()


def interp_plain(x):
    """The same interpolation, searchsorted given x itself (its integer answer carries no gradient anyway)."""
    xp, fp = KNOTS.to(x.dtype), HEIGHTS.to(x.dtype)
    i = torch.searchsorted(xp, x, right=True).clamp(1, len(xp) - 1)
    return (fp[i - 1] + (fp[i] - fp[i - 1]) * (x - xp[i - 1]) / (xp[i] - xp[i - 1])).sum()


def half_norm(x):
    return torch.linalg.vector_norm(x, ord=0.5)


def charbonnier(x):
    eps = 1e-3
    return torch.sqrt(x * x + eps * eps).sum()


def robust_l1(x):
    return torch.sqrt(x * x).sum()


TARGET = torch.tensor([0])


def poly_loss(logits):
    """PolyLoss (Leng et al.): cross-entropy plus 2 (1 - p_target)."""
    ce = F.cross_entropy(logits, TARGET)
    pt = F.softmax(logits, dim=1)[0, 0]
    return ce + 2.0 * (1.0 - pt)


class SortWithIndex(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        values, order = torch.sort(x)
        ctx.save_for_backward(order)
        ctx.mark_non_differentiable(order)
        return values, order

    @staticmethod
    def backward(ctx, g_values, g_order):
        (order,) = ctx.saved_tensors
        return torch.zeros_like(g_values).scatter(0, order, g_values)


class GatherSort(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        values, order = torch.sort(x)
        ctx.save_for_backward(order)
        ctx.mark_non_differentiable(order)
        return values, order

    @staticmethod
    def backward(ctx, g_values, g_order):
        (order,) = ctx.saved_tensors
        return g_values.gather(0, order)


def ranked_score(x):
    values, _ = SortWithIndex.apply(x)
    return (values * torch.arange(1, len(x) + 1, dtype=x.dtype)).sum()


def ranked_score_gather(x):
    values, _ = GatherSort.apply(x)
    return (values * torch.arange(1, len(x) + 1, dtype=x.dtype)).sum()


class ScaleBy(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, s):
        ctx.save_for_backward(x, s)
        return x * s

    @staticmethod
    def backward(ctx, g):
        x, s = ctx.saved_tensors
        return g * s, None


def scaled_sum(x, s):
    return (ScaleBy.apply(x, s) ** 2).sum()


def log_cosh_energy(x):
    return torch.log(torch.cosh(x)).sum()


def score_matching(x):
    """Half the squared score of a log-cosh energy, the score taken by torch.func.grad."""
    score = grad(log_cosh_energy)(x)
    return 0.5 * (score ** 2).sum()


def directional_curvature(x):
    """The derivative of sum(x sin x) along v, by torch.func.jvp, squared."""
    v = torch.tensor([1.0, -2.0], dtype=x.dtype)
    _, slope = jvp(lambda z: (z * torch.sin(z)).sum(), (x,), (v,))
    return slope ** 2


BILINEAR = nn.Bilinear(2, 2, 1).double()
with torch.no_grad():
    BILINEAR.weight.copy_(torch.tensor([[[1.0, 2.0], [-0.5, 3.0]]]))
    BILINEAR.bias.fill_(0.25)


def bilinear_form(x, y):
    return BILINEAR(x.unsqueeze(0), y.unsqueeze(0)).sum()


def shuffled_energy(x):
    """PixelShuffle of a (1, 4, 1, 1) map into (1, 1, 2, 2), weighted per pixel."""
    y = nn.PixelShuffle(2)(x.reshape(1, 4, 1, 1))
    weights = torch.tensor([[1.0, 2.0], [3.0, 4.0]], dtype=x.dtype)
    return (y[0, 0] ** 2 * weights).sum()


def polar_energy(r, theta):
    z = torch.polar(r, theta)
    return z.real.sum() + (z * z).imag.sum()


LN_WEIGHTS = torch.tensor([1.0, -2.0, 0.5])


def layernorm_readout(x):
    """LayerNorm of a feature vector (eps 1e-5), read out by fixed weights: smooth even at a constant input."""
    return (F.layer_norm(x, (3,), eps=1e-5) * LN_WEIGHTS.to(x.dtype)).sum()


def cdist_l1(x):
    anchors = torch.tensor([[0.0, 1.0], [2.0, -1.0]], dtype=x.dtype)
    return torch.cdist(x.unsqueeze(0), anchors, p=1.0).sum()


def softplus_sharp(x):
    return F.softplus(x, beta=2.0, threshold=20.0).sum()



def nanmean_log(x):
    """Mean log-intensity, the NaN of a bad (negative) reading skipped by nanmean."""
    return torch.nanmean(torch.log(x))


def lerp_energy(a, w):
    """An exponential-moving-average step by torch.lerp toward a fixed target, squared."""
    target = torch.tensor([1.0, -2.0], dtype=a.dtype)
    return (torch.lerp(a, target, w) ** 2).sum()
