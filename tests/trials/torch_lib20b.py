"""A user's PyTorch code, twentieth round (b): torch.distributions not tried before (HalfNormal and HalfCauchy in a tiny
scale, Uniform with a sample on its lower edge, an Independent Normal whose scale is a softplus, a Dirichlet-like
density through StickBreakingTransform), activations and pools at their switches (softshrink squared, hardshrink,
prelu, cummax and max_pool1d at ties, lp_pool1d over a zero window), distances (pdist at a repeated point, squared
and not), F.normalize of a zero vector, torch.special functions PyTorch does not differentiate (bessel_j0), a
matrix exponential and the determinant of a singular matrix, torch.func (a Laplacian by torch.func.hessian, a
model called through functional_call), autograd.Functions with the mistakes tutorials warn of (a backward that
forgets grad_output, a backward that uses the saved input as if it were the output, an in-place forward with
mark_dirty), and a small MLP with LayerNorm, GELU(tanh) and Mish."""

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.distributions import HalfCauchy, HalfNormal, Independent, Normal, TransformedDistribution, Uniform
from torch.distributions.transforms import StickBreakingTransform


def halfnormal_logp(scale):
    """Log-likelihood of two magnitudes under half-normals of their own scales."""
    data = torch.tensor([2e-160, 1.0], dtype=scale.dtype)
    return HalfNormal(scale).log_prob(data).sum()


def halfnormal32_logp(scale):
    data = torch.tensor([2e-20, 1.0], dtype=scale.dtype)
    return HalfNormal(scale).log_prob(data).sum()


def halfcauchy_logp(scale):
    data = torch.tensor([1e200, 0.5], dtype=scale.dtype)
    return HalfCauchy(scale).log_prob(data).sum()


def uniform_logp(low, high):
    """Log-likelihood of two samples, the first exactly on its lower bound."""
    data = torch.tensor([0.0, 1.0], dtype=low.dtype)
    return Uniform(low, high, validate_args=False).log_prob(data).sum()


def independent_normal(raw):
    """A diagonal Gaussian whose scales are softplus(raw), one event of two coordinates."""
    loc = torch.tensor([0.0, 1.0], dtype=raw.dtype)
    point = torch.tensor([0.5, -1.0], dtype=raw.dtype)
    return Independent(Normal(loc, F.softplus(raw)), 1).log_prob(point)


def stickbreak_logp(y):
    """A logistic-normal density on the 3-simplex, evaluated at y (score matching differentiates in the sample)."""
    base = Normal(torch.tensor([0.25, -0.5], dtype=y.dtype), torch.tensor([1.0, 2.0], dtype=y.dtype))
    flow = TransformedDistribution(Independent(base, 1), [StickBreakingTransform()], validate_args=False)
    return flow.log_prob(y)


def softshrink_sq(x):
    return (F.softshrink(x, 0.5) ** 2).sum()


def hardshrink_sum(x):
    return F.hardshrink(x, 0.5).sum()


def prelu_sum(x, w):
    return (F.prelu(x, w) * torch.tensor([1.0, 2.0], dtype=x.dtype)).sum()


def cummax_sum(x):
    """The running maximum, summed (a tie between the first two values)."""
    return torch.cummax(x, dim=0).values.sum()


def maxpool_sum(x):
    return F.max_pool1d(x.reshape(1, 1, -1), kernel_size=2, stride=1).sum()


def lppool_sum(x):
    """L2 pooling over windows of two (the first window all zeros)."""
    return F.lp_pool1d(x.reshape(1, 1, -1), norm_type=2, kernel_size=2).sum()


def pdist_sum(x):
    """Sum of pairwise distances between three points in the plane."""
    return F.pdist(x).sum()


def pdist_energy(x):
    return (F.pdist(x) ** 2).sum()


def normalize_dot(x):
    """Projection of the unit direction of x on a fixed vector (F.normalize's eps keeps x = 0 finite)."""
    w = torch.tensor([1.0, -2.0, 0.5], dtype=x.dtype)
    return (F.normalize(x, dim=0) * w).sum()


def bessel_energy(x):
    """A potential with a Bessel well: J0(x) + x^2 / 2."""
    return (torch.special.bessel_j0(x) + 0.5 * x * x).sum()


def expm_score(a):
    """A weighted sum of the entries of exp(A), A a 2x2 generator."""
    w = torch.tensor([[1.0, -0.5], [0.25, 2.0]], dtype=a.dtype)
    return (torch.linalg.matrix_exp(a) * w).sum()


def det_value(a):
    return torch.linalg.det(a)


def laplacian_energy(x):
    """The Laplacian of sum(softplus(x)), by torch.func.hessian, as a loss."""
    hess = torch.func.hessian(lambda v: F.softplus(v).sum())(x)
    return torch.trace(hess)


class TwoLayer(nn.Module):
    def __init__(self):
        super().__init__()
        self.inp = nn.Linear(2, 3)
        self.norm = nn.LayerNorm(3)
        self.out = nn.Linear(3, 1)

    def forward(self, x):
        h = F.gelu(self.norm(self.inp(x)), approximate="tanh")
        return self.out(F.mish(h))


def _two_layer():
    model = TwoLayer().double()
    with torch.no_grad():
        model.inp.weight.copy_(torch.tensor([[1.0, -0.5], [0.25, 2.0], [-1.5, 0.75]]))
        model.inp.bias.copy_(torch.tensor([0.1, -0.2, 0.3]))
        model.norm.weight.copy_(torch.tensor([1.0, 0.5, -2.0]))
        model.norm.bias.copy_(torch.tensor([0.0, 0.25, -0.5]))
        model.out.weight.copy_(torch.tensor([[0.5, -1.0, 1.5]]))
        model.out.bias.copy_(torch.tensor([0.125]))
    return model


def mlp_loss(model, x):
    return model(x).pow(2).sum()


def mlp_args():
    return {"model": _two_layer(), "x": torch.tensor([[1.0, 2.0], [0.5, -1.5]], dtype=torch.float64)}


def functional_loss(params, x):
    """The same model called with its parameters as a dict (torch.func.functional_call), differentiated in them."""
    out = torch.func.functional_call(_MODEL, params, (x,))
    return out.pow(2).sum()


_MODEL = _two_layer()


def functional_args():
    params = {name: p.detach().clone() for name, p in _MODEL.named_parameters() if name.startswith("out.")}
    return {"params": params, "x": torch.tensor([[1.0, 2.0], [0.5, -1.5]], dtype=torch.float64)}


class SinNoUpstream(torch.autograd.Function):
    """sin with its derivative written as the tutorial's first draft: cos(x), the upstream gradient forgotten."""

    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return torch.sin(x)

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return torch.cos(x)


def sin_energy(x):
    return (SinNoUpstream.apply(x) ** 2).sum()


def sin_plain(x):
    return SinNoUpstream.apply(x).sum()


class ExpSavedInput(torch.autograd.Function):
    """exp whose backward reuses the saved tensor as if it were the output (it saved the input)."""

    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return torch.exp(x)

    @staticmethod
    def backward(ctx, grad_output):
        (result,) = ctx.saved_tensors
        return grad_output * result


def exp_sum(x):
    return ExpSavedInput.apply(x).sum()


class DoubleInPlace(torch.autograd.Function):
    """Doubles its input in place, as the docs' mark_dirty example does."""

    @staticmethod
    def forward(ctx, x):
        x.mul_(2.0)
        ctx.mark_dirty(x)
        return x

    @staticmethod
    def backward(ctx, grad_output):
        return 2.0 * grad_output


def doubled_energy(x):
    return (DoubleInPlace.apply(x.clone()) ** 2).sum()


class SoftplusAttr(torch.autograd.Function):
    """A stable softplus whose input is kept on ctx as an attribute, not by save_for_backward."""

    @staticmethod
    def forward(ctx, x):
        ctx.x = x
        return torch.clamp(x, min=0) + torch.log1p(torch.exp(-x.abs()))

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output * torch.sigmoid(ctx.x)


def softplus_attr(x):
    return (SoftplusAttr.apply(x) * torch.tensor([1.0, 3.0], dtype=x.dtype)).sum()


def poisson_nll_rate(rate):
    """PoissonNLLLoss on rates (not log-rates), with Stirling's term; one rate at 0 (eps keeps the log finite)."""
    counts = torch.tensor([3.0, 0.0, 5.0], dtype=rate.dtype)
    return nn.PoissonNLLLoss(log_input=False, full=True, reduction="sum")(rate, counts)


def multi_margin_sq(x):
    """Squared multi-class hinge (p=2); the second score sits exactly on its margin."""
    return F.multi_margin_loss(x.unsqueeze(0), torch.tensor([0]), p=2, margin=1.0)


def triplet_cosine(anchor):
    """A triplet loss with the cosine distance, at a point where the hinge is exactly 0."""
    positive = torch.tensor([[1.0, 0.0]], dtype=anchor.dtype)
    negative = torch.tensor([[0.0, 1.0]], dtype=anchor.dtype)
    distance = lambda a, b: 1.0 - F.cosine_similarity(a, b)  # noqa: E731
    return F.triplet_margin_with_distance_loss(anchor, positive, negative, distance_function=distance, margin=0.5)


def trapz_gauss(t):
    """The trapezoid rule for the integral of exp(-t^2) over sample points t, differentiated in the points."""
    return torch.trapezoid(torch.exp(-t * t), t)
