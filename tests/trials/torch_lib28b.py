"""A user's PyTorch code, twenty-eighth round (b): torch.distributions log-densities at their edges (a von Mises in its
location, a low-rank multivariate normal with a near-singular covariance and in its diagonal, a relaxed one-hot
categorical in its logits and temperature, a logistic normal through the stick-breaking transform near a vertex, a
log-normal built as a TransformedDistribution of exp and an affine map, a Beta and a Dirichlet in their
concentrations), nn.Module models read by parameter name (RMSNorm at zero input, LayerNorm with a tiny variance and
a tiny epsilon, SwiGLU, a top-2 mixture-of-experts gate at a tie, causal attention with a -inf mask and an ALiBi bias
through scaled_dot_product_attention), custom autograd.Functions (a straight-through round, gradient reversal, a
clamp that passes its gradient through everywhere, a scaled softplus right and with its two gradients swapped), and
losses (Dice at an empty mask, Poisson NLL with log_input=False at rate 0, xlogy's rate term at 0, F.ctc_loss,
Huber at its delta, smooth L1 with beta 0, margin ranking at its margin)."""

import math

import torch
import torch.nn.functional as F
from torch.distributions import (AffineTransform, Beta, Dirichlet, ExpTransform, LogisticNormal,
                                 LowRankMultivariateNormal, Normal, RelaxedOneHotCategorical, TransformedDistribution,
                                 VonMises)

# ------------------------------------------------------------------------------------------------ distributions
ANGLES = [0.5, 3.0]


def vonmises_nll(loc):
    """-sum log VonMises(x; loc, 2) over two observed angles."""
    return -VonMises(loc, torch.tensor(2.0, dtype=loc.dtype)).log_prob(torch.tensor(ANGLES, dtype=loc.dtype)).sum()


COV_FACTOR = [[1.0], [2.0], [-1.0]]


def lowrank_logp(x):
    """log N(x; 0, W W^T + 1e-10 I) through the Woodbury identity of LowRankMultivariateNormal."""
    factor = torch.tensor(COV_FACTOR, dtype=x.dtype)
    return LowRankMultivariateNormal(torch.zeros(3, dtype=x.dtype), factor,
                                     torch.full((3,), 1e-10, dtype=x.dtype)).log_prob(x)


def lowrank_logp_unit(x):
    """The same with a unit diagonal."""
    factor = torch.tensor(COV_FACTOR, dtype=x.dtype)
    return LowRankMultivariateNormal(torch.zeros(3, dtype=x.dtype), factor, torch.ones(3, dtype=x.dtype)).log_prob(x)


def lowrank_in_diag(cov_diag, x):
    """log N(x; 0, W W^T + diag(cov_diag)) in the diagonal."""
    factor = torch.tensor(COV_FACTOR, dtype=x.dtype)
    return LowRankMultivariateNormal(torch.zeros(3, dtype=x.dtype), factor, cov_diag).log_prob(x)


def lowrank_args():
    return {"cov_diag": torch.tensor([0.5, 1.0, 2.0], dtype=torch.float64),
            "x": torch.tensor([0.3, -1.0, 0.8], dtype=torch.float64)}


RELAXED_Y = [0.7, 0.2, 0.1]


def relaxed_logp(logits):
    """log of a Gumbel-softmax sample's density at temperature 0.5."""
    dist = RelaxedOneHotCategorical(torch.tensor(0.5, dtype=logits.dtype), logits=logits)
    return dist.log_prob(torch.tensor(RELAXED_Y, dtype=logits.dtype))


def relaxed_in_temperature(temperature, logits):
    return RelaxedOneHotCategorical(temperature, logits=logits).log_prob(torch.tensor(RELAXED_Y, dtype=logits.dtype))


def relaxed_args():
    return {"temperature": torch.tensor(0.5, dtype=torch.float64),
            "logits": torch.tensor([1.0, -0.5, 0.25], dtype=torch.float64)}


SIMPLEX_Y = [0.2, 0.3, 0.5]
SIMPLEX_CORNER = [0.999999999, 5e-10, 5e-10]


def logistic_normal_logp(loc):
    """log LogisticNormal(y; loc, 0.5) at a point of the simplex."""
    dist = LogisticNormal(loc, torch.tensor(0.5, dtype=loc.dtype))
    return dist.log_prob(torch.tensor(SIMPLEX_Y, dtype=loc.dtype))


def logistic_normal_corner(loc):
    """The same near the simplex's first vertex."""
    dist = LogisticNormal(loc, torch.tensor(0.5, dtype=loc.dtype))
    return dist.log_prob(torch.tensor(SIMPLEX_CORNER, dtype=loc.dtype))


def scaled_lognormal_nll(mu):
    """-sum log p(y) for y = 2 exp(z), z ~ N(mu, 1), as a TransformedDistribution."""
    dist = TransformedDistribution(Normal(mu, torch.ones_like(mu)), [ExpTransform(), AffineTransform(0.0, 2.0)])
    return -dist.log_prob(torch.tensor([0.5, 3.0], dtype=mu.dtype)).sum()


def beta_logp(conc):
    """log Beta(0.3; conc[0], conc[1]) in its two concentrations."""
    return Beta(conc[0], conc[1]).log_prob(torch.tensor(0.3, dtype=conc.dtype))


def dirichlet_logp(conc):
    return Dirichlet(conc).log_prob(torch.tensor(SIMPLEX_Y, dtype=conc.dtype))


# ---------------------------------------------------------------------------------------------------- modules
READOUT = [1.0, -2.0, 0.5]


class RMSReadout(torch.nn.Module):
    """An RMSNorm (default epsilon: the dtype's machine epsilon) and a fixed linear readout."""

    def __init__(self, dtype=None):
        super().__init__()
        self.norm = torch.nn.RMSNorm(3, dtype=dtype)
        with torch.no_grad():
            self.norm.weight.copy_(torch.tensor([1.5, 0.5, -1.0]))

    def forward(self, x):
        return (self.norm(x) * torch.tensor(READOUT, dtype=x.dtype)).sum()


def rms_readout(model, x):
    return model(x)


def rms_args():
    return {"model": RMSReadout().double(), "x": torch.tensor([0.5, -1.0, 2.0], dtype=torch.float64)}


def rms_args_zero():
    """An all-zero input: the root mean square is 0 and epsilon alone keeps the norm finite."""
    return {"model": RMSReadout().double(), "x": torch.zeros(3, dtype=torch.float64)}


def rms_at(x):
    """The RMSNorm readout as a function of its input, the module made in the input's dtype."""
    return RMSReadout(x.dtype)(x)


def rms_at_converted(x):
    """The same, the module made in float32 and converted."""
    return RMSReadout().to(x.dtype)(x)


def layer_norm_tiny(x):
    """sum(c * layer_norm(x)) with a tiny epsilon, 2^-40 (about 1e-12)."""
    return (F.layer_norm(x, (3,), eps=2.0 ** -40) * torch.tensor(READOUT, dtype=x.dtype)).sum()


W_UP = [[0.5, -1.0], [1.0, 0.25], [-0.5, 0.75]]
W_GATE = [[1.0, 0.5], [-0.25, 1.0], [0.75, -1.0]]
W_DOWN = [[1.0, -0.5, 0.25]]


def swiglu(x):
    """A SwiGLU feed-forward block: down(silu(gate x) * up x), summed."""
    up = x @ torch.tensor(W_UP, dtype=x.dtype).T
    gate = x @ torch.tensor(W_GATE, dtype=x.dtype).T
    return ((F.silu(gate) * up) @ torch.tensor(W_DOWN, dtype=x.dtype).T).sum()


def glu(x):
    """F.glu over the last axis: x[:2] * sigmoid(x[2:]), summed with weights."""
    return (F.glu(x, dim=-1) * torch.tensor([1.0, -2.0], dtype=x.dtype)).sum()


GATE_W = [[1.0, 0.0], [0.0, 1.0], [1.0, -1.0]]  # the three experts' gate rows
EXPERT_W = [[1.0, 2.0], [-1.0, 0.5], [0.5, -0.5]]


def moe_top2(x):
    """A top-2 mixture of three linear experts: softmax over the two largest gate logits."""
    logits = torch.tensor(GATE_W, dtype=x.dtype) @ x
    top, chosen = torch.topk(logits, 2)
    weights = torch.softmax(top, dim=-1)
    experts = torch.tensor(EXPERT_W, dtype=x.dtype) @ x
    return (weights * experts[chosen]).sum()


KEYS = [[0.5, 1.0], [-1.0, 0.25], [2.0, 2.0]]
VALUES = [[1.0, -1.0], [0.5, 2.0], [-1.5, 0.25]]


def causal_alibi(q):
    """Causal attention through scaled_dot_product_attention with a float mask: -inf above the diagonal and an ALiBi
    bias -0.5 (i - j) below."""
    n = q.shape[0]
    i = torch.arange(n).unsqueeze(1)
    j = torch.arange(n).unsqueeze(0)
    bias = (-0.5 * (i - j)).to(q.dtype).masked_fill(j > i, float("-inf"))
    k = torch.tensor(KEYS, dtype=q.dtype)
    v = torch.tensor(VALUES, dtype=q.dtype)
    return F.scaled_dot_product_attention(q, k, v, attn_mask=bias).sum()


# -------------------------------------------------------------------------------------- custom autograd.Functions
class RoundSTE(torch.autograd.Function):
    """The straight-through estimator: round forward, identity backward."""

    @staticmethod
    def forward(ctx, x):
        return torch.round(x)

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output


def ste_quantized(x):
    """A quantised weight's squared error against 0.3, through the straight-through round."""
    return ((RoundSTE.apply(x * 4) / 4 - 0.3) ** 2).sum()


class GradReverse(torch.autograd.Function):
    """Gradient reversal (domain-adversarial training): identity forward, -lambda times the gradient backward."""

    @staticmethod
    def forward(ctx, x, lam):
        ctx.lam = lam
        return x.view_as(x)

    @staticmethod
    def backward(ctx, grad_output):
        return -ctx.lam * grad_output, None


def reversed_features(x):
    return (GradReverse.apply(x, 0.5) ** 2).sum()


class LeakyClamp(torch.autograd.Function):
    """Clamp to [-1, 1] forward; the backward passes the gradient through everywhere (the clamp "kept trainable")."""

    @staticmethod
    def forward(ctx, x):
        return x.clamp(-1.0, 1.0)

    @staticmethod
    def backward(ctx, grad_output):
        return grad_output


def clamped_square(x):
    return (LeakyClamp.apply(x) ** 2).sum()


class ScaledSoftplus(torch.autograd.Function):
    """softplus(beta x) / beta with both gradients written out."""

    @staticmethod
    def forward(ctx, x, beta):
        ctx.save_for_backward(x, beta)
        return F.softplus(beta * x) / beta

    @staticmethod
    def backward(ctx, grad_output):
        x, beta = ctx.saved_tensors
        s = torch.sigmoid(beta * x)
        d_beta = (x * s - F.softplus(beta * x) / beta) / beta
        return grad_output * s, (grad_output * d_beta).sum()


class ScaledSoftplusSwapped(torch.autograd.Function):
    """The same, its backward returning the two gradients in the wrong order (beta's first)."""

    @staticmethod
    def forward(ctx, x, beta):
        ctx.save_for_backward(x, beta)
        return F.softplus(beta * x) / beta

    @staticmethod
    def backward(ctx, grad_output):
        x, beta = ctx.saved_tensors
        s = torch.sigmoid(beta * x)
        d_beta = (x * s - F.softplus(beta * x) / beta) / beta
        return (grad_output * d_beta).sum() * torch.ones_like(x), grad_output.sum() * s.sum() * torch.ones_like(beta)


def scaled_softplus(x, beta):
    return (ScaledSoftplus.apply(x, beta) * torch.tensor([1.0, -2.0], dtype=x.dtype)).sum()


def scaled_softplus_swapped(x, beta):
    return (ScaledSoftplusSwapped.apply(x, beta) * torch.tensor([1.0, -2.0], dtype=x.dtype)).sum()


# ------------------------------------------------------------------------------------------------------ losses
def dice_loss(p, target):
    """Soft Dice loss with smoothing 1 (the V-Net form)."""
    intersection = (p * target).sum()
    return 1 - (2 * intersection + 1.0) / (p.sum() + target.sum() + 1.0)


def dice_empty(p):
    """Soft Dice against an empty mask."""
    return dice_loss(p, torch.zeros_like(p))


def dice_unsmoothed(p):
    """Dice without smoothing against an empty mask: 0 / 0 where the prediction is empty too."""
    target = torch.zeros_like(p)
    return 1 - 2 * (p * target).sum() / (p.sum() + target.sum())


COUNTS = [0.0, 2.0, 5.0]


def poisson_rate(rate):
    """F.poisson_nll_loss on rates (log_input=False): rate - y log(rate + 1e-8)."""
    return F.poisson_nll_loss(rate, torch.tensor(COUNTS, dtype=rate.dtype), log_input=False, reduction="sum")


def poisson_xlogy(rate):
    """The Poisson NLL by hand with xlogy, which is 0 where the count is 0."""
    y = torch.tensor(COUNTS, dtype=rate.dtype)
    return (rate - torch.xlogy(y, rate)).sum()


def ctc_builtin(logits):
    """F.ctc_loss for the one-symbol label "a" (class 1, blank 0) over four frames."""
    log_probs = F.log_softmax(logits, dim=-1).unsqueeze(1)
    return F.ctc_loss(log_probs, torch.tensor([[1]]), [logits.shape[0]], [1], reduction="sum")


HUBER_TARGET = [0.0, 1.0, -2.0]


def huber(pred):
    return F.huber_loss(pred, torch.tensor(HUBER_TARGET, dtype=pred.dtype), delta=0.5, reduction="sum")


def smooth_l1_zero_beta(pred):
    """smooth_l1 with beta 0 is the L1 loss: a kink at each target."""
    return F.smooth_l1_loss(pred, torch.tensor(HUBER_TARGET, dtype=pred.dtype), beta=0.0, reduction="sum")


def ranking(s1):
    """margin_ranking_loss(s1, s2, y=1, margin 0.5): max(0, -(s1 - s2) + 0.5)."""
    s2 = torch.tensor([0.0, 1.0], dtype=s1.dtype)
    return F.margin_ranking_loss(s1, s2, torch.ones_like(s1), margin=0.5, reduction="sum")


def cosine_triplet(anchor):
    """A triplet loss with the cosine distance 1 - cos (no cone at equal anchor and positive)."""
    positive = torch.tensor([[1.0, 2.0]], dtype=anchor.dtype)
    negative = torch.tensor([[2.0, 1.5]], dtype=anchor.dtype)
    return F.triplet_margin_with_distance_loss(
        anchor, positive, negative, distance_function=lambda a, b: 1 - F.cosine_similarity(a, b), margin=0.5)


def logcosh_naive(x):
    return torch.log(torch.cosh(x)).sum()


def log1mexp_naive(x):
    """log(1 - exp(-x)), a survival log-probability, as written first."""
    return torch.log(1 - torch.exp(-x)).sum()


def log1mexp_where(x):
    """Maechler's split: log(-expm1(-x)) below log 2, log1p(-exp(-x)) above, through torch.where."""
    return torch.where(x < math.log(2.0), torch.log(-torch.expm1(-x)), torch.log1p(-torch.exp(-x))).sum()


# ---------------------------------------------------------------------------------------------- eigh and torch.cond
def _symmetric(a):
    return (a + a.T) / 2


def eig_cubed_trace(a):
    """tr(S^3) for S = (a + a^T) / 2, rebuilt from torch.linalg.eigh's eigenvalues and eigenvectors."""
    eigenvalues, vectors = torch.linalg.eigh(_symmetric(a))
    return (vectors @ torch.diag(eigenvalues ** 3) @ vectors.T).trace()


def eig_sum_cubed(a):
    """The same from the eigenvalues alone."""
    return (torch.linalg.eigvalsh(_symmetric(a)) ** 3).sum()


def energy_or_mass(x):
    """sum(x^2) where the total is positive, else -sum(x), through torch.cond."""
    return torch.cond(x.sum() > 0, lambda v: (v * v).sum(), lambda v: -v.sum(), (x,))
