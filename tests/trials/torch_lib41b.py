"""A user's PyTorch code, forty-first round (b): inventory, marketing-mix modelling and machine translation. A
newsvendor's expected shortage by the normal loss function pdf(z) - z Q(z) (and as an autograd.Function saving its pdf
and tail with ctx.save_for_backward, answering only the inputs ctx.needs_input_grad asks for; right, with the spread's
gradient written as the loss itself, and once_differentiable answering None for the spread), expected leftovers by
torch.clamp and over/under-stock costs clipped in place, a Gamma lead time by torch.distributions and its mean log by
digamma, demand losses (F.poisson_nll_loss with Stirling's term, F.gaussian_nll_loss, F.huber_loss); an adstock carried
over week by week (torch.stack) with an exponential saturation (by 1 - exp and by expm1), a saturation curve whose
steepness-0 limit is put in by torch.where; a label-smoothed cross-entropy (F.cross_entropy, and written out with the
log of a softmax), a distillation loss by F.kl_div with log targets, the cosine similarity of two embeddings, and a tiny
LayerNorm + attention encoder read by its parameters' names."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F
from torch.autograd.function import once_differentiable

# ------------------------------------------------------------------------------------------- inventory
MU, SIGMA = 100.0, 10.0
ROOT_2PI = math.sqrt(2 * math.pi)


def expected_shortage(q):
    """Expected units short when q are stocked against Normal(100, 10^2) demand: sigma G(z), G the normal loss."""
    z = (q - MU) / SIGMA
    pdf = torch.exp(-0.5 * z ** 2) / ROOT_2PI
    tail = 0.5 * torch.erfc(z / math.sqrt(2))
    return SIGMA * (pdf - z * tail)


class NormalLoss(torch.autograd.Function):
    """sigma G((q - mu) / sigma) with its own backward: d/dq = -Q(z), d/dsigma = pdf(z)."""

    @staticmethod
    def forward(ctx, q, sigma):
        z = (q - MU) / sigma
        pdf = torch.exp(-0.5 * z ** 2) / ROOT_2PI
        tail = 0.5 * torch.erfc(z / math.sqrt(2))
        ctx.save_for_backward(z, pdf, tail)
        return sigma * (pdf - z * tail)

    @staticmethod
    def backward(ctx, grad):
        z, pdf, tail = ctx.saved_tensors
        d_q = -grad * tail if ctx.needs_input_grad[0] else None
        d_sigma = grad * pdf if ctx.needs_input_grad[1] else None
        return d_q, d_sigma


class NormalLossSlip(NormalLoss):
    """The same, its spread's gradient written as G(z), forgetting the z Q(z) the chain rule adds."""

    @staticmethod
    def backward(ctx, grad):
        z, pdf, tail = ctx.saved_tensors
        d_q = -grad * tail if ctx.needs_input_grad[0] else None
        d_sigma = grad * (pdf - z * tail) if ctx.needs_input_grad[1] else None
        return d_q, d_sigma


class NormalLossNoSpread(torch.autograd.Function):
    """The same, its backward once_differentiable and answering None for the spread, as if it were data."""

    @staticmethod
    def forward(ctx, q, sigma):
        z = (q - MU) / sigma
        pdf = torch.exp(-0.5 * z ** 2) / ROOT_2PI
        tail = 0.5 * torch.erfc(z / math.sqrt(2))
        ctx.save_for_backward(tail)
        return sigma * (pdf - z * tail)

    @staticmethod
    @once_differentiable
    def backward(ctx, grad):
        (tail,) = ctx.saved_tensors
        return -grad * tail, None


def shortage_no_spread(q, sigma):
    return NormalLossNoSpread.apply(q, sigma)


def shortage_custom(q, sigma):
    return NormalLoss.apply(q, sigma)


def shortage_slip(q, sigma):
    return NormalLossSlip.apply(q, sigma)


DEMANDS = [80.0, 95.0, 100.0, 120.0]


def expected_leftover(q):
    """Mean units left over across sampled demands."""
    return torch.clamp(q - torch.tensor(DEMANDS, dtype=q.dtype), min=0).mean()


def newsvendor_cost(q):
    """Mean cost of 4 per unit short and 1 per unit over, the shortfalls clipped in place."""
    short = torch.tensor(DEMANDS, dtype=q.dtype) - q
    over = -short.clone()
    short.clamp_(min=0)
    over.clamp_(min=0)
    return (4.0 * short + 1.0 * over).mean()


LEAD = [1.0]


def lead_time_loglik(shape, rate):
    """A supplier's lead time (in weeks) under a Gamma."""
    return torch.distributions.Gamma(shape, rate).log_prob(torch.tensor(LEAD, dtype=shape.dtype)).sum()


def mean_log_lead(shape, rate):
    """E[log T] of a Gamma lead time: digamma(a) - log(b)."""
    return torch.digamma(shape) - torch.log(rate)


COUNTS = [0.0, 3.0, 12.0]


def demand_poisson_nll(log_rate):
    return F.poisson_nll_loss(log_rate, torch.tensor(COUNTS, dtype=log_rate.dtype), log_input=True, full=True,
                              reduction="sum")


OBSERVED = [0.0, 2.0]


def forecast_gaussian_nll(var):
    """A probabilistic forecast's loss in its predicted variances."""
    mean = torch.tensor([0.5, 1.0], dtype=var.dtype)
    return F.gaussian_nll_loss(mean, torch.tensor(OBSERVED, dtype=var.dtype), var, reduction="sum")


def forecast_huber(pred):
    return F.huber_loss(pred, torch.tensor([1.0, 2.0], dtype=pred.dtype), delta=1.0, reduction="sum")


# ------------------------------------------------------------------------------------------- marketing mix
HALF = 2.0


def adstock_response(spend, decay):
    """Geometric adstock carried over week by week, then an exponential saturation 1 - exp(-x / 2)."""
    carried = [spend[0]]
    for t in range(1, spend.shape[0]):
        carried.append(spend[t] + decay * carried[-1])
    carried = torch.stack(carried)
    return (1 - torch.exp(-carried / HALF)).sum()


def adstock_response_expm1(spend, decay):
    carried = [spend[0]]
    for t in range(1, spend.shape[0]):
        carried.append(spend[t] + decay * carried[-1])
    carried = torch.stack(carried)
    return (-torch.expm1(-carried / HALF)).sum()


def saturation_response(spend, steepness):
    """(1 - exp(-b x)) / b, its b -> 0 limit x put in by torch.where."""
    return torch.where(steepness.abs() < 1e-8, spend, -torch.expm1(-steepness * spend) / steepness).sum()


# ------------------------------------------------------------------------------------------- translation
SMOOTH = 0.1


def smoothed_xent(logits):
    """Label-smoothed cross-entropy of one target token (class 0) among four."""
    return F.cross_entropy(logits.unsqueeze(0), torch.tensor([0]), label_smoothing=SMOOTH)


def smoothed_xent_naive(logits):
    probs = torch.softmax(logits, dim=-1)
    q = torch.full_like(probs, SMOOTH / 4)
    q[0] += 1 - SMOOTH
    return -(q * torch.log(probs)).sum()


TEACHER = [math.log(0.7), math.log(0.2), math.log(0.1), -800.0]


def distill_kl(student):
    """KL(teacher || student) from the teacher's log-probabilities."""
    teacher = torch.tensor(TEACHER, dtype=student.dtype)
    return F.kl_div(F.log_softmax(student, dim=-1), teacher, log_target=True, reduction="sum")


def embedding_similarity(a, b):
    return F.cosine_similarity(a, b, dim=0)


WQ = [[0.5, -0.2, 0.1], [0.3, 0.4, -0.6], [-0.1, 0.2, 0.7]]
WK = [[0.2, 0.1, -0.3], [-0.4, 0.6, 0.2], [0.5, -0.1, 0.3]]
WV = [[1.0, 0.2, 0.0], [-0.3, 0.8, 0.1], [0.2, -0.5, 0.9]]
TOKENS = [[0.1, 0.7, -0.4], [0.5, 0.5, 0.5], [-1.2, 0.3, 0.8]]  # the second token is constant: LayerNorm's eps alone
TARGETS = [[0.0, 1.0, 0.0], [0.5, 0.0, 0.5], [-1.0, 0.0, 1.0]]


class TinyEncoder(nn.Module):
    """Pre-norm single-head self-attention with a residual."""

    def __init__(self):
        super().__init__()
        self.norm = nn.LayerNorm(3, dtype=torch.float64)
        self.q = nn.Linear(3, 3, bias=False, dtype=torch.float64)
        self.k = nn.Linear(3, 3, bias=False, dtype=torch.float64)
        self.v = nn.Linear(3, 3, bias=False, dtype=torch.float64)
        with torch.no_grad():
            for layer, w in ((self.q, WQ), (self.k, WK), (self.v, WV)):
                layer.weight.copy_(torch.tensor(w, dtype=torch.float64))
            self.norm.weight.copy_(torch.tensor([1.0, 0.5, 2.0], dtype=torch.float64))

    def forward(self, x):
        h = self.norm(x)
        scores = self.q(h) @ self.k(h).T / math.sqrt(3)
        return x + torch.softmax(scores, dim=-1) @ self.v(h)


def encoder_loss(model, x, y):
    return F.mse_loss(model(x), y)


def encoder_args():
    return {"model": TinyEncoder(), "x": torch.tensor(TOKENS, dtype=torch.float64),
            "y": torch.tensor(TARGETS, dtype=torch.float64)}


def encoder_residual(model, x, y):
    return (model(x) - y).abs().sum()
