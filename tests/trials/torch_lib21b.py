"""A user's PyTorch code, twenty-first round (b): torch functions not tried before (logaddexp2 and its naive spelling,
nan_to_num over a log, a masked mean whose where leaks, diff/quantile/median at ties, special.entr, xlog1py, Hurwitz
zeta in q, gammainc in x, spherical_bessel_j0 and hermite_polynomial_h, which PyTorch does not differentiate, fmod,
cumprod through zeros), a Cox partial likelihood (logcumsumexp of the reversed scores, and the naive cumsum of exps),
torch.distributions not tried before (Multinomial in its logits, Geometric, NegativeBinomial in its total_count),
F.gaussian_nll_loss's clamped variance, scaled_dot_product_attention with a fully masked row, F.unfold and
F.grid_sample, linalg (inv, the infinity and nuclear norms), torch.func (jacfwd inside a flow's log-determinant, vjp in
a gradient penalty, vmap of grad per example), autograd.Functions (a clamp the backward forgets, two outputs with
set_materialize_grads(False), two outputs' gradients swapped), a gradient hook that clips, a normaliser computed with
set_grad_enabled(False), and a float32 log-softmax computed in float64."""

import math

import torch
import torch.nn.functional as F
from torch.distributions import Geometric, Multinomial, NegativeBinomial
from torch.func import grad, jacfwd, vjp, vmap


def logaddexp2_sum(x, y):
    """Bits of a sum of two powers of two, as an entropy coder's code writes it."""
    return torch.logaddexp2(x, y).sum()


def naive_logaddexp2(x, y):
    return torch.log2(torch.exp2(x) + torch.exp2(y)).sum()


OBSERVED = torch.tensor([True, False, True])


def masked_log_mean(x):
    """Mean log of the observed entries; the unobserved one holds whatever the loader put there (a 0)."""
    logs = torch.where(OBSERVED, torch.log(x), torch.zeros_like(x))
    return logs.sum() / OBSERVED.sum()


def safe_masked_log_mean(x):
    safe = torch.where(OBSERVED, x, torch.ones_like(x))
    logs = torch.where(OBSERVED, torch.log(safe), torch.zeros_like(x))
    return logs.sum() / OBSERVED.sum()


def floored_log(x):
    """A log-likelihood whose -inf at a zero is floored at -100, as data pipelines do."""
    return torch.nan_to_num(torch.log(x), neginf=-100.0).sum()


EVENTS = [1.0, 0.0, 1.0, 1.0]  # the samples are sorted by time: the risk set of i is every sample from i on


def cox_nll(s):
    """Negative Cox partial log-likelihood of risk scores s."""
    events = torch.tensor(EVENTS, dtype=s.dtype)
    log_risk = torch.logcumsumexp(s.flip(0), 0).flip(0)
    return -((s - log_risk) * events).sum()


def cox_nll_naive(s):
    events = torch.tensor(EVENTS, dtype=s.dtype)
    risk = torch.cumsum(torch.exp(s).flip(0), 0).flip(0)
    return -((s - torch.log(risk)) * events).sum()


def tv_loss(x):
    """Total variation of a 1-D signal."""
    return torch.diff(x).abs().sum()


def lower_quartile(x):
    return torch.quantile(x, 0.25)


def median_score(x):
    return torch.median(x) * 2.0


def entropy_entr(p):
    return torch.special.entr(p).sum()


def xlog1py_sum(x, y):
    return torch.special.xlog1py(x, y).sum()


def hurwitz_tail(q):
    """sum over n of 1 / (n + q)^2, a tail of a Basel-type series, by the Hurwitz zeta function."""
    s = torch.full_like(q, 2.0)
    return torch.special.zeta(s, q).sum()


def gammainc_x(x):
    a = torch.tensor([0.5, 2.5], dtype=x.dtype)
    return torch.special.gammainc(a, x).sum()


def sph_energy(x):
    return (torch.special.spherical_bessel_j0(x) + 0.5 * x * x).sum()


def hermite_energy(x):
    return (torch.special.hermite_polynomial_h(x, 3) + x).sum()


def phase_wrap(x):
    return torch.fmod(x, 1.0).sum()


def cumprod_sum(x):
    return torch.cumprod(x, 0).sum()


def multinomial_logp(z):
    counts = torch.tensor([3.0, 5.0, 2.0], dtype=z.dtype)
    return Multinomial(10, logits=z).log_prob(counts)


def geometric_logp(p):
    k = torch.tensor([3.0, 0.0], dtype=p.dtype)
    return Geometric(probs=p).log_prob(k).sum()


def negbin_dispersion(r):
    """A negative-binomial count model's log-likelihood in its total_count (the dispersion), the logit fixed."""
    k = torch.tensor([5.0], dtype=r.dtype)
    logits = torch.tensor([-30.0], dtype=r.dtype)
    return NegativeBinomial(total_count=r, logits=logits).log_prob(k).sum()


def gaussian_nll(var):
    """A heteroscedastic regression's loss in its predicted variances."""
    mu = torch.tensor([0.5, 1.0], dtype=var.dtype)
    target = torch.tensor([0.0, 2.0], dtype=var.dtype)
    return F.gaussian_nll_loss(mu, target, var, reduction="sum")


KEYS = [[1.0, 0.5], [-0.5, 1.0], [0.25, -1.0]]
VALUES = [[1.0, -1.0], [0.5, 2.0], [-2.0, 0.25]]
ALLOWED = [[True, True, False], [False, False, False]]  # the second query sees no key at all
READOUT = [[1.0, 2.0], [-1.0, 0.5]]


def attention_masked_row(q):
    k = torch.tensor(KEYS, dtype=q.dtype)
    v = torch.tensor(VALUES, dtype=q.dtype)
    out = F.scaled_dot_product_attention(q, k, v, attn_mask=torch.tensor(ALLOWED))
    return (out * torch.tensor(READOUT, dtype=q.dtype)).sum()


def patch_energy(x):
    """Squared sums of every 2x2 patch of an image."""
    patches = F.unfold(x, kernel_size=2)
    return (patches.sum(1) ** 2).sum()


IMAGE = [[1.0, 2.0, 0.0], [4.0, -1.0, 3.0], [0.5, 2.0, -2.0]]


def sample_at(g):
    """An image read at one point by bilinear interpolation (a spatial transformer's sampler)."""
    image = torch.tensor(IMAGE, dtype=g.dtype)[None, None]
    return F.grid_sample(image, g.view(1, 1, 1, 2), mode="bilinear", align_corners=True).sum()


def inv_trace(a):
    return torch.trace(torch.linalg.inv(a))


def inf_norm(x):
    return torch.linalg.vector_norm(x, ord=float("inf"))


def nuclear(a):
    return torch.linalg.matrix_norm(a, ord="nuc")


MIX = [[1.0, 0.5], [-0.25, 2.0]]


def flow(x):
    return x + 0.5 * torch.tanh(torch.tensor(MIX, dtype=x.dtype) @ x)


def flow_logdet(x):
    """A residual flow's change-of-variables term, log |det J|, the Jacobian by forward mode."""
    jacobian = jacfwd(flow)(x)
    return torch.linalg.slogdet(jacobian)[1]


def grad_penalty(x):
    """The squared norm of a vector-Jacobian product, as a gradient penalty computes it."""
    v = torch.tensor([1.0, -2.0], dtype=x.dtype)
    _, pull = vjp(torch.tanh, x)
    (g,) = pull(v)
    return (g ** 2).sum()


EXAMPLES = [[1.0, 0.5], [-0.5, 2.0], [0.25, -1.0]]


def _loss_one(w, x):
    return torch.tanh(w @ x) ** 2


def per_example_penalty(w):
    """Sum of the squared per-example gradient norms, by vmap over grad."""
    xs = torch.tensor(EXAMPLES, dtype=w.dtype)
    grads = vmap(grad(_loss_one), in_dims=(None, 0))(w, xs)
    return (grads ** 2).sum()


class ClampedExp(torch.autograd.Function):
    """exp(min(x, 20)): an exponential that stops growing, to keep scores finite."""

    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return torch.exp(x.clamp(max=20.0))

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return grad_output * torch.exp(x)


def clamped_exp_sum(x):
    return ClampedExp.apply(x).sum()


class SinCos(torch.autograd.Function):
    """sin and cos in one call; a gradient not asked for arrives as None."""

    @staticmethod
    def forward(ctx, x):
        ctx.set_materialize_grads(False)
        ctx.save_for_backward(x)
        return torch.sin(x), torch.cos(x)

    @staticmethod
    def backward(ctx, g_sin, g_cos):
        (x,) = ctx.saved_tensors
        out = torch.zeros_like(x)
        if g_sin is not None:
            out = out + g_sin * torch.cos(x)
        if g_cos is not None:
            out = out - g_cos * torch.sin(x)
        return out


def sin_only(x):
    s, _ = SinCos.apply(x)
    return (s ** 2).sum()


class SinCosSwapped(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return torch.sin(x), torch.cos(x)

    @staticmethod
    def backward(ctx, g_sin, g_cos):
        (x,) = ctx.saved_tensors
        return g_cos * torch.cos(x) - g_sin * torch.sin(x)


def phase_energy(x):
    s, c = SinCosSwapped.apply(x)
    return (s + 2.0 * c).sum()


def hooked_energy(x):
    h = x * 3.0
    h.register_hook(lambda g: g.clamp(-1.0, 1.0))
    return (h ** 2).sum()


def detached_log_softmax0(x):
    """log softmax(x)[0], its normaliser computed without autograd to save memory."""
    with torch.set_grad_enabled(False):
        z = torch.logsumexp(x, 0)
    return x[0] - z


def log_softmax_upcast(x):
    """A float32 model's log-probability of class 1, its softmax taken in float64."""
    p = torch.softmax(x, 0, dtype=torch.float64)
    return torch.log(p)[1].to(x.dtype)


def erf_gelu(x):
    """GELU written from the error function, as papers write it."""
    return (0.5 * x * (1.0 + torch.erf(x / math.sqrt(2.0)))).sum()
