"""A user's PyTorch code, eighth round: scaled-dot-product attention with a boolean mask and a masked_fill(-inf)
softmax, autograd.Functions with subtle backward errors (a sign lost for x < 0, a missing chain factor), torch.cdist
at a coincident row, distributions (KL between Normals with tiny scales, a negative binomial at a large count and
with a huge total count), RMS norm at a zero row, a flow's softplus scale and a unit-ball clip through
torch.linalg.vector_norm, and a softmax at temperature 1e-3."""

import torch
import torch.nn.functional as F
from torch.distributions import Normal, NegativeBinomial, kl_divergence

KEYS = torch.tensor([[1.0, 0.5], [-0.3, 2.0], [0.7, -1.1]], dtype=torch.float64)
VALUES = torch.tensor([[1.0, -1.0], [2.0, 0.5], [-3.0, 4.0]], dtype=torch.float64)
MASK = torch.tensor([True, True, False])
COST = torch.tensor([1.0, -2.0], dtype=torch.float64)
TARGETS = torch.tensor([[0.0, 0.0], [3.0, 5.0]], dtype=torch.float64)
GAIN = torch.tensor([1.0, -2.0, 0.5], dtype=torch.float64)


def sdpa(q):
    out = F.scaled_dot_product_attention(q.reshape(1, 2), KEYS.to(q.dtype), VALUES.to(q.dtype), attn_mask=MASK[None, :])
    return torch.sum(COST.to(q.dtype) * out)


def masked_fill_attention(q):
    scores = KEYS.to(q.dtype) @ q / 2.0 ** 0.5
    weights = torch.softmax(scores.masked_fill(~MASK, float("-inf")), dim=-1)
    return torch.sum(COST.to(q.dtype) * (weights @ VALUES.to(q.dtype)))


class SignedSquare(torch.autograd.Function):
    """x |x|: a smooth odd square."""

    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return x * torch.abs(x)

    @staticmethod
    def backward(ctx, grad):
        (x,) = ctx.saved_tensors
        return grad * 2.0 * x


def signed_square(x):
    return torch.sum(SignedSquare.apply(x))


class Exp2(torch.autograd.Function):
    """e^(2x)."""

    @staticmethod
    def forward(ctx, x):
        y = torch.exp(2.0 * x)
        ctx.save_for_backward(y)
        return y

    @staticmethod
    def backward(ctx, grad):
        (y,) = ctx.saved_tensors
        return grad * y


def exp2_sum(x):
    return torch.sum(Exp2.apply(x))


def cdist_sum(a):
    return torch.sum(torch.cdist(a, TARGETS.to(a.dtype)))


def kl_normals(mu, s):
    return kl_divergence(Normal(mu, s), Normal(torch.zeros_like(mu) + 0.5, torch.zeros_like(s) + 1e-200)).sum()


def negbin(logits):
    d = NegativeBinomial(total_count=torch.tensor(5.0, dtype=logits.dtype), logits=logits, validate_args=False)
    return d.log_prob(torch.tensor(1e9, dtype=logits.dtype)).sum()


def rms_norm(x):
    return torch.sum(GAIN.to(x.dtype) * F.rms_norm(x, (3,), eps=1e-6))


def flow_logdet(s):
    return torch.sum(torch.log(F.softplus(s)))


def negbin_count(r):
    # a negative binomial with a huge total count (nearly Poisson), at a small observed count
    d = NegativeBinomial(total_count=r, logits=torch.tensor(-35.0, dtype=r.dtype), validate_args=False)
    return d.log_prob(torch.tensor(3.0, dtype=r.dtype)).sum()


def clip_unit(x):
    # x scaled back onto the unit ball when it leaves it: x * min(1, 1 / |x|)
    scale = torch.clamp(1.0 / torch.linalg.vector_norm(x), max=1.0)
    return torch.sum(torch.tensor([1.0, 2.0], dtype=x.dtype) * x * scale)


def tempered_softmax(z):
    # a Gumbel-softmax relaxation's sample at temperature 1e-3 (noise drawn outside)
    return torch.sum(torch.tensor([1.0, 3.0, -2.0], dtype=z.dtype) * F.softmax(z / 1e-3, dim=-1))
