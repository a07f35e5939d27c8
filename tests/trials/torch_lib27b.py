"""A user's PyTorch code, twenty-seventh round (b): a RealNVP affine coupling (its log-determinant as s.sum() and as
the log of a product of scales, and as an nn.Module whose weights are the variables), a rational-quadratic spline flow
at its bin edges (value and log-determinant), a triplet loss with Euclidean distances at equal anchor and positive
(and with squared distances), a focal loss with a fractional gamma at p = 1, label smoothing at logits of +-1e4 (by
hand, through log_softmax, and F.cross_entropy's label_smoothing), a negative binomial regression head (by hand and
through torch.distributions.NegativeBinomial) far out and in its Poisson limit, quantile losses at their kinks
(torch.where, torch.maximum, and the Huberised one of quantile regression DQN), attention with ALiBi biases and with
rotary embeddings, Adam's bias correction in beta2 near 1, a Tobit likelihood through torch.special.ndtr and
log_ndtr, a continuous Bernoulli at its removable singularity, a physics-informed residual through
torch.autograd.grad, autograd.Functions (a logsumexp right, one whose backward drops grad_output, one that clips its
gradient), in-place ops, and a spectral-norm penalty."""

import math

import torch
import torch.nn.functional as F
from torch.distributions import ContinuousBernoulli, NegativeBinomial

# ---------------------------------------------------------------------------------------------- RealNVP coupling
W_S = [[1.0, 0.5], [0.5, 1.0]]
B_S = [0.25, -0.5]
W_T = [[0.5, -1.0], [2.0, 0.25]]


def _conditioner(x1):
    s = x1 @ torch.tensor(W_S, dtype=x1.dtype) + torch.tensor(B_S, dtype=x1.dtype)
    t = x1 @ torch.tensor(W_T, dtype=x1.dtype)
    return s, t


def coupling_logdet(x):
    """The log-determinant of an affine coupling's Jacobian, as RealNVP computes it: the sum of the log-scales."""
    s, _ = _conditioner(x)
    return s.sum()


def coupling_logdet_naive(x):
    s, _ = _conditioner(x)
    return torch.log(torch.prod(torch.exp(s)))


def realnvp_nll(x):
    """-log p(x) under one affine coupling layer and a standard normal base (x = (x1, x2), x1 passed through)."""
    x1, x2 = x[:2], x[2:]
    s, t = _conditioner(x1)
    z = torch.cat([x1, x2 * torch.exp(s) + t])
    return 0.5 * (z * z).sum() + 2 * math.log(2 * math.pi) - s.sum()


class AffineCoupling(torch.nn.Module):
    """RealNVP's coupling: a linear scale net bounded by tanh and a linear shift net on the first half."""

    def __init__(self):
        super().__init__()
        self.scale = torch.nn.Linear(2, 2)
        self.shift = torch.nn.Linear(2, 2, bias=False)
        with torch.no_grad():
            self.scale.weight.copy_(torch.tensor([[0.5, -1.0], [0.25, 0.75]]))
            self.scale.bias.copy_(torch.tensor([0.1, -0.2]))
            self.shift.weight.copy_(torch.tensor([[1.0, 0.5], [-0.5, 2.0]]))

    def forward(self, x):
        x1, x2 = x[..., :2], x[..., 2:]
        s = 2.0 * torch.tanh(self.scale(x1))
        z2 = x2 * torch.exp(s) + self.shift(x1)
        return torch.cat([x1, z2], dim=-1), s.sum(dim=-1)


def flow_nll(flow, x):
    z, log_det = flow(x)
    return (0.5 * (z * z).sum(dim=-1) - log_det).mean()


def flow_args():
    return {"flow": AffineCoupling().double(), "x": torch.tensor([[0.5, -1.0, 2.0, 0.3], [1.5, 0.2, -0.7, 1.1]],
                                                                  dtype=torch.float64)}


def flow_args32():
    return {"flow": AffineCoupling(), "x": torch.tensor([[0.5, -1.0, 2.0, 0.3], [1.5, 0.2, -0.7, 1.1]])}


# ------------------------------------------------------------------------------- rational-quadratic spline flow
KNOTS_X = [-1.0, -0.25, 0.5, 1.0]
KNOTS_Y = [-1.0, -0.5, 0.75, 1.0]
SLOPES = [1.0, 0.5, 2.0, 1.0]


def _rq_spline(x):
    """Durkan et al.'s monotone rational-quadratic spline on [-1, 1] and its derivative, bin by bin."""
    kx = torch.tensor(KNOTS_X, dtype=x.dtype)
    ky = torch.tensor(KNOTS_Y, dtype=x.dtype)
    d = torch.tensor(SLOPES, dtype=x.dtype)
    k = (torch.searchsorted(kx, x.detach(), right=True) - 1).clamp(0, len(KNOTS_X) - 2)
    x0, x1, y0, y1 = kx[k], kx[k + 1], ky[k], ky[k + 1]
    d0, d1 = d[k], d[k + 1]
    w, h = x1 - x0, y1 - y0
    s = h / w
    xi = (x - x0) / w
    both = xi * (1 - xi)
    denominator = s + (d1 + d0 - 2 * s) * both
    y = y0 + h * (s * xi ** 2 + d0 * both) / denominator
    slope = s ** 2 * (d1 * xi ** 2 + 2 * s * both + d0 * (1 - xi) ** 2) / denominator ** 2
    return y, slope


def spline_flow(x):
    """The spline's outputs, summed (a flow's forward pass read out)."""
    y, _ = _rq_spline(x)
    return y.sum()


def spline_logdet(x):
    """The flow's log-determinant: the sum of the log-derivatives."""
    _, slope = _rq_spline(x)
    return torch.log(slope).sum()


# ------------------------------------------------------------------------------------------------ triplet losses
MARGIN = 1.0


def triplet_euclidean(anchor, positive, negative):
    """A triplet loss with Euclidean distances, as a metric-learning tutorial writes it."""
    d_pos = torch.linalg.vector_norm(anchor - positive, dim=-1)
    d_neg = torch.linalg.vector_norm(anchor - negative, dim=-1)
    return F.relu(d_pos - d_neg + MARGIN).sum()


def triplet_squared(anchor, positive, negative):
    d_pos = ((anchor - positive) ** 2).sum(dim=-1)
    d_neg = ((anchor - negative) ** 2).sum(dim=-1)
    return F.relu(d_pos - d_neg + MARGIN).sum()


def triplet_library(anchor, positive, negative):
    return F.triplet_margin_loss(anchor, positive, negative, margin=MARGIN, reduction="sum")


# ------------------------------------------------------------------------------------------------------- focal
GAMMA_FRAC = 0.5


def focal_frac(z):
    """A binary focal loss with a fractional focusing exponent, positives only: -(1 - p)^gamma log p."""
    p = torch.sigmoid(z)
    return (-(1 - p) ** GAMMA_FRAC * torch.log(p)).sum()


def focal_frac_stable(z):
    return (-torch.exp(GAMMA_FRAC * F.logsigmoid(-z)) * F.logsigmoid(z)).sum()


# ------------------------------------------------------------------------------------------------ label smoothing
EPS_LS = 0.1


def _smoothed_target(logits):
    k = logits.shape[-1]
    return (1 - EPS_LS) * F.one_hot(torch.tensor(0), k).to(logits.dtype) + EPS_LS / k


def smoothed_ce_hand(logits):
    """Cross-entropy against a label-smoothed target (class 0), through the log of the softmax."""
    return -(_smoothed_target(logits) * torch.log(torch.softmax(logits, dim=-1))).sum()


def smoothed_ce(logits):
    return -(_smoothed_target(logits) * F.log_softmax(logits, dim=-1)).sum()


def smoothed_ce_library(logits):
    return F.cross_entropy(logits[None], torch.tensor([0]), label_smoothing=EPS_LS)


# ------------------------------------------------------------------------------------ negative binomial regression
COUNTS_NB = [0.0, 3.0, 10.0]


def nb_nll_naive(eta, log_r):
    """A negative binomial regression head (log link, learnt dispersion), its NLL written from the pmf."""
    y = torch.tensor(COUNTS_NB, dtype=eta.dtype)
    mu, r = torch.exp(eta), torch.exp(log_r)
    log_pmf = (torch.lgamma(y + r) - torch.lgamma(r) - torch.lgamma(y + 1)
               + r * torch.log(r / (r + mu)) + y * torch.log(mu / (r + mu)))
    return -log_pmf.sum()


def nb_nll(eta, log_r):
    y = torch.tensor(COUNTS_NB, dtype=eta.dtype)
    return -NegativeBinomial(total_count=torch.exp(log_r), logits=eta - log_r).log_prob(y).sum()


# -------------------------------------------------------------------------------------------------- quantile losses
QUANTILES = [0.1, 0.5, 0.9]
TARGETS_Q = [1.0, 2.0, -0.5]
KAPPA = 0.5


def pinball(pred):
    e = torch.tensor(TARGETS_Q, dtype=pred.dtype) - pred
    q = torch.tensor(QUANTILES, dtype=pred.dtype)
    return torch.where(e >= 0, q * e, (q - 1) * e).mean()


def pinball_max(pred):
    e = torch.tensor(TARGETS_Q, dtype=pred.dtype) - pred
    q = torch.tensor(QUANTILES, dtype=pred.dtype)
    return torch.maximum(q * e, (q - 1) * e).mean()


def quantile_huber(pred):
    """QR-DQN's quantile Huber loss: |tau - 1{u < 0}| huber_kappa(u) / kappa."""
    u = torch.tensor(TARGETS_Q, dtype=pred.dtype) - pred
    tau = torch.tensor(QUANTILES, dtype=pred.dtype)
    huber = torch.where(u.abs() <= KAPPA, 0.5 * u ** 2, KAPPA * (u.abs() - 0.5 * KAPPA))
    return ((tau - (u < 0).to(u.dtype)).abs() * huber / KAPPA).mean()


# -------------------------------------------------------------------------------------------------------- attention
VALUES_ATT = [[1.0, -1.0], [0.5, 2.0], [-1.5, 0.25]]
ALIBI_SLOPE = 0.5


def alibi_attention(q, k):
    """Causal attention with ALiBi's linear distance penalty, read out to one number."""
    n = q.shape[0]
    scores = q @ k.T / math.sqrt(q.shape[-1])
    pos = torch.arange(n)
    distance = (pos[:, None] - pos[None, :]).to(q.dtype)
    scores = scores - ALIBI_SLOPE * distance
    scores = scores.masked_fill(pos[None, :] > pos[:, None], float("-inf"))
    return (torch.softmax(scores, dim=-1) @ torch.tensor(VALUES_ATT, dtype=q.dtype)).sum()


POSITIONS = [0.0, 5.0, 1000.0]


def _rotate(x, positions):
    angle = positions[:, None] * (1.0 / 10000 ** (torch.arange(0, x.shape[-1], 2, dtype=x.dtype) / x.shape[-1]))
    cos, sin = torch.cos(angle), torch.sin(angle)
    even, odd = x[..., 0::2], x[..., 1::2]
    return torch.stack([even * cos - odd * sin, even * sin + odd * cos], dim=-1).flatten(-2)


def rotary_attention(q, k):
    """Attention with rotary position embeddings at positions 0, 5 and 1000."""
    positions = torch.tensor(POSITIONS, dtype=q.dtype)
    scores = _rotate(q, positions) @ _rotate(k, positions).T / math.sqrt(q.shape[-1])
    return (torch.softmax(scores, dim=-1) @ torch.tensor(VALUES_ATT, dtype=q.dtype)).sum()


# --------------------------------------------------------------------------------------- Adam's bias correction
STEP = 10
M_RAW, V_RAW, LR = 0.02, 4e-4, 1e-3


def adam_update(beta2):
    """The size of Adam's tenth update as a function of beta2 (a hyper-gradient): lr m_hat / sqrt(v_hat)."""
    correction = 1 - beta2 ** STEP
    return LR * M_RAW / torch.sqrt(V_RAW / correction)


def adam_update_expm1(beta2):
    correction = -torch.expm1(STEP * torch.log1p(beta2 - 1))
    return LR * M_RAW / torch.sqrt(V_RAW / correction)


# ------------------------------------------------------------------------------------------------------ Tobit
LIMIT, SIGMA_T = 0.0, 0.5


def tobit_censored(mu):
    """The censored part of a Tobit likelihood: -log P(y* <= 0) for latent means mu."""
    return -torch.log(torch.special.ndtr((LIMIT - mu) / SIGMA_T)).sum()


def tobit_censored_stable(mu):
    return -torch.special.log_ndtr((LIMIT - mu) / SIGMA_T).sum()


# ------------------------------------------------------------------------------------------ continuous Bernoulli
OBSERVED_CB = 0.3


def cb_logp(probs):
    """A continuous Bernoulli's log-density of 0.3 in its parameter (the VAE likelihood for pixels in [0, 1])."""
    return ContinuousBernoulli(probs=probs).log_prob(torch.tensor(OBSERVED_CB, dtype=probs.dtype)).sum()


# -------------------------------------------------------------------------------------- physics-informed residual
COLLOCATION = [0.0, 0.5, 1.0]


def pinn_residual(w):
    """The mean squared residual of u' + u = 0 for u(x) = w2 tanh(w0 x + w1), u' from torch.autograd.grad."""
    x = torch.tensor(COLLOCATION, dtype=w.dtype, requires_grad=True)
    u = w[2] * torch.tanh(w[0] * x + w[1])
    (u_x,) = torch.autograd.grad(u.sum(), x, create_graph=True)
    return ((u_x + u) ** 2).mean()


def pinn_residual_by_hand(w):
    x = torch.tensor(COLLOCATION, dtype=w.dtype)
    t = torch.tanh(w[0] * x + w[1])
    u = w[2] * t
    u_x = w[2] * w[0] * (1 - t * t)
    return ((u_x + u) ** 2).mean()


# -------------------------------------------------------------------------------------------- autograd.Functions
class LogSumExp(torch.autograd.Function):
    """logsumexp with its gradient from the saved output: softmax = exp(x - out)."""

    @staticmethod
    def forward(ctx, x):
        top = x.max()
        out = top + torch.log(torch.exp(x - top).sum())
        ctx.save_for_backward(x, out)
        return out

    @staticmethod
    def backward(ctx, grad_output):
        x, out = ctx.saved_tensors
        return grad_output * torch.exp(x - out)


class LogSumExpDropped(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        top = x.max()
        out = top + torch.log(torch.exp(x - top).sum())
        ctx.save_for_backward(x, out)
        return out

    @staticmethod
    def backward(ctx, grad_output):
        x, out = ctx.saved_tensors
        return torch.exp(x - out)


def temperature_lse(x):
    """A soft maximum at temperature 0.5: 0.5 logsumexp(x / 0.5)."""
    return 0.5 * LogSumExp.apply(x / 0.5)


def temperature_lse_dropped(x):
    return 0.5 * LogSumExpDropped.apply(x / 0.5)


class ClippedExp(torch.autograd.Function):
    """exp with its gradient clipped to 1e4, a common guard against exploding gradients."""

    @staticmethod
    def forward(ctx, x):
        y = torch.exp(x)
        ctx.save_for_backward(y)
        return y

    @staticmethod
    def backward(ctx, grad_output):
        (y,) = ctx.saved_tensors
        return grad_output * y.clamp(max=1e4)


def clipped_exp_sum(x):
    return ClippedExp.apply(x).sum()


# ------------------------------------------------------------------------------------------------ in-place and masks
def softplus_inplace(x):
    """softplus with beta 2, written with in-place ops on a copy."""
    y = (2 * x).exp_()
    z = (y + 1).log()
    return z.div_(2).sum()


def masked_mean_logits(x):
    """A mean over the entries a mask keeps, the others zeroed in place first."""
    keep = torch.tensor([True, False, True, True])
    y = x.clone()
    y.masked_fill_(~keep, 0.0)
    return torch.logsumexp(y, dim=0) - y.sum() / keep.sum()


# ------------------------------------------------------------------------------------------------ spectral penalty
def spectral_penalty(w):
    """A Lipschitz penalty: the largest singular value of a weight matrix."""
    return torch.linalg.matrix_norm(w, ord=2)


def spectral_penalty_power(w):
    """The same through the largest eigenvalue of W^T W."""
    return torch.sqrt(torch.linalg.eigvalsh(w.T @ w)[-1])
