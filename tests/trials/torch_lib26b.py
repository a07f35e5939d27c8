"""A user's PyTorch code, twenty-sixth round (b): SwiGLU and GeGLU feed-forward blocks, a mixture-density network's
negative log-likelihood (logsumexp over components, and by hand) at log-sigma -50 and far targets, a Tweedie deviance
(through mu = exp(eta), and in eta directly) at eta +-800, a zero-inflated Poisson likelihood (naive and through
logaddexp/softplus), a Hawkes process log-likelihood (the compensator by 1 - exp and by expm1) at a decay of 1e-20, an
ArcFace angular-margin logit at perfect alignment (with and without the clamp), a linear-chain CRF's negative
log-likelihood, an autograd.Function log-cosh that saves tanh for its backward (right and mixed-up), temperature
scaling as an nn.Module holding its logits in buffers, attention whose padded query row masks every key, and a
generalised normal log-density in its shape parameter at x = 0."""

import math

import torch
import torch.nn.functional as F
from torch.distributions import LKJCholesky, Normal

W_GATE = [[0.5, -1.0, 0.25], [1.0, 0.5, -0.75]]
W_UP = [[-0.5, 0.25, 1.0], [0.75, -1.0, 0.5]]
W_DOWN = [1.5, -2.0]


def swiglu_block(x):
    """A SwiGLU feed-forward block (as in LLaMA) read out to one number."""
    gate = x @ torch.tensor(W_GATE, dtype=x.dtype).T
    up = x @ torch.tensor(W_UP, dtype=x.dtype).T
    return (F.silu(gate) * up * torch.tensor(W_DOWN, dtype=x.dtype)).sum()


def geglu_block(x):
    """GeGLU: the gate through the exact (erf) GELU."""
    gate = x @ torch.tensor(W_GATE, dtype=x.dtype).T
    up = x @ torch.tensor(W_UP, dtype=x.dtype).T
    return (F.gelu(gate) * up * torch.tensor(W_DOWN, dtype=x.dtype)).sum()


def geglu_tanh_block(x):
    gate = x @ torch.tensor(W_GATE, dtype=x.dtype).T
    up = x @ torch.tensor(W_UP, dtype=x.dtype).T
    return (F.gelu(gate, approximate="tanh") * up * torch.tensor(W_DOWN, dtype=x.dtype)).sum()


TARGET = 0.5


def mdn_nll(logits, mu, log_sigma):
    """A mixture-density network's loss for one target: -log sum_k pi_k N(y; mu_k, sigma_k)."""
    log_pi = F.log_softmax(logits, dim=-1)
    components = Normal(mu, log_sigma.exp()).log_prob(torch.tensor(TARGET, dtype=mu.dtype))
    return -torch.logsumexp(log_pi + components, dim=-1)


def mdn_nll_naive(logits, mu, log_sigma):
    pi = torch.softmax(logits, dim=-1)
    sigma = torch.exp(log_sigma)
    density = torch.exp(-0.5 * ((TARGET - mu) / sigma) ** 2) / (sigma * math.sqrt(2 * math.pi))
    return -torch.log((pi * density).sum())


POWER = 1.5
CLAIMS = [0.0, 2.0, 0.5]


def tweedie_naive(eta):
    """Tweedie deviance (power 1.5) of a log-link model: the mean first, then its powers."""
    y = torch.tensor(CLAIMS, dtype=eta.dtype)
    mu = torch.exp(eta)
    return (-y * mu.pow(1 - POWER) / (1 - POWER) + mu.pow(2 - POWER) / (2 - POWER)).sum()


def tweedie_stable(eta):
    y = torch.tensor(CLAIMS, dtype=eta.dtype)
    return (-y * torch.exp((1 - POWER) * eta) / (1 - POWER) + torch.exp((2 - POWER) * eta) / (2 - POWER)).sum()


COUNTS = [0.0, 3.0]


def zip_nll_naive(logit, eta):
    """Zero-inflated Poisson NLL: a structural zero with probability pi, else Poisson(lam)."""
    y = torch.tensor(COUNTS, dtype=eta.dtype)
    pi = torch.sigmoid(logit)
    lam = torch.exp(eta)
    zero = -torch.log(pi + (1 - pi) * torch.exp(-lam))
    count = -(torch.log(1 - pi) + y * torch.log(lam) - lam - torch.lgamma(y + 1))
    return torch.where(y == 0, zero, count).sum()


def zip_nll(logit, eta):
    y = torch.tensor(COUNTS, dtype=eta.dtype)
    lam = torch.exp(eta)
    zero = -(torch.logaddexp(logit, -lam) - F.softplus(logit))
    count = -(-F.softplus(logit) + y * eta - lam - torch.lgamma(y + 1))
    return torch.where(y == 0, zero, count).sum()


EVENTS = [0.5, 1.2, 1.3, 2.8]
HORIZON = 3.0


def _hawkes_intensity(mu, alpha, beta, t):
    lags = t[:, None] - t[None, :]
    earlier = torch.tril(torch.ones(len(t), len(t), dtype=torch.bool), diagonal=-1)
    kernel = torch.where(earlier, torch.exp(-beta * lags.clamp(min=0)), torch.zeros_like(lags))
    return mu + alpha * kernel.sum(dim=1)


def hawkes_loglik(mu, alpha, beta):
    """Log-likelihood of an exponential-kernel Hawkes process on [0, T]."""
    t = torch.tensor(EVENTS, dtype=mu.dtype)
    compensator = mu * HORIZON + alpha / beta * (1 - torch.exp(-beta * (HORIZON - t))).sum()
    return torch.log(_hawkes_intensity(mu, alpha, beta, t)).sum() - compensator


def hawkes_loglik_expm1(mu, alpha, beta):
    t = torch.tensor(EVENTS, dtype=mu.dtype)
    compensator = mu * HORIZON - alpha / beta * torch.expm1(-beta * (HORIZON - t)).sum()
    return torch.log(_hawkes_intensity(mu, alpha, beta, t)).sum() - compensator


SCALE, MARGIN = 30.0, 0.5


def arcface_logit(x):
    """ArcFace's target logit s cos(theta + m) for an embedding against its class centre (1, 0)."""
    centre = torch.tensor([1.0, 0.0], dtype=x.dtype)
    cos = F.normalize(x, dim=0) @ centre
    return SCALE * torch.cos(torch.acos(cos) + MARGIN)


def arcface_logit_clamped(x):
    centre = torch.tensor([1.0, 0.0], dtype=x.dtype)
    cos = (F.normalize(x, dim=0) @ centre).clamp(-1 + 1e-7, 1 - 1e-7)
    return SCALE * torch.cos(torch.acos(cos) + MARGIN)


TRANSITIONS = [[0.5, -1.0], [0.25, 0.75]]
GOLD = [0, 1, 1]


def crf_nll(emissions):
    """A linear-chain CRF's negative log-likelihood of the gold tags (forward algorithm in log space)."""
    trans = torch.tensor(TRANSITIONS, dtype=emissions.dtype)
    alpha = emissions[0]
    for t in range(1, emissions.shape[0]):
        alpha = torch.logsumexp(alpha[:, None] + trans, dim=0) + emissions[t]
    log_z = torch.logsumexp(alpha, dim=0)
    gold = sum(emissions[t, GOLD[t]] for t in range(len(GOLD))) + sum(
        trans[GOLD[t - 1], GOLD[t]] for t in range(1, len(GOLD)))
    return log_z - gold


def crf_nll_naive(emissions):
    trans = torch.tensor(TRANSITIONS, dtype=emissions.dtype)
    alpha = emissions[0]
    for t in range(1, emissions.shape[0]):
        alpha = torch.log(torch.exp(alpha[:, None] + trans).sum(dim=0)) + emissions[t]
    log_z = torch.log(torch.exp(alpha).sum())
    gold = sum(emissions[t, GOLD[t]] for t in range(len(GOLD))) + sum(
        trans[GOLD[t - 1], GOLD[t]] for t in range(1, len(GOLD)))
    return log_z - gold


class LogCosh(torch.autograd.Function):
    """log(cosh(x)) without overflow; tanh(x) saved for the backward."""

    @staticmethod
    def forward(ctx, x):
        t = torch.tanh(x)
        ctx.save_for_backward(t)
        return x + F.softplus(-2 * x) - math.log(2)

    @staticmethod
    def backward(ctx, grad):
        (t,) = ctx.saved_tensors
        return grad * t


class LogCoshMixedUp(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        t = torch.tanh(x)
        ctx.save_for_backward(t)
        return x + F.softplus(-2 * x) - math.log(2)

    @staticmethod
    def backward(ctx, grad):
        (t,) = ctx.saved_tensors
        return grad * (1 - t * t)


def log_cosh_loss(x):
    return LogCosh.apply(x).sum()


def log_cosh_loss_mixed_up(x):
    return LogCoshMixedUp.apply(x).sum()


class TemperatureScaler(torch.nn.Module):
    """Post-hoc calibration: a validation set's logits and labels held as buffers, one learnt log-temperature."""

    def __init__(self, logits, labels):
        super().__init__()
        self.register_buffer("logits", torch.tensor(logits))
        self.register_buffer("labels", torch.tensor(labels))
        self.log_t = torch.nn.Parameter(torch.tensor(0.5))

    def forward(self):
        return F.cross_entropy(self.logits / self.log_t.exp(), self.labels)


def calibration_nll(scaler):
    return scaler()


def scaler_args():
    return (TemperatureScaler([[2.0, -1.0, 0.5], [0.25, 1.5, -2.0], [3.0, 2.5, -1.0]], [0, 1, 1]),)


VALUES = [[1.0, -1.0], [0.5, 2.0], [-1.5, 0.25]]
KEY_PADDING = [False, False, True]


def padded_attention(q, k):
    """Attention over three keys, the last one padding; the second query is a padded position masking every key."""
    scores = q @ k.T / math.sqrt(k.shape[-1])
    mask = torch.tensor(KEY_PADDING)[None, :] | torch.tensor([[False], [True]])
    scores = scores.masked_fill(mask, float("-inf"))
    return (torch.softmax(scores, dim=-1) @ torch.tensor(VALUES, dtype=q.dtype)).sum()


def padded_attention_finite(q, k):
    scores = q @ k.T / math.sqrt(k.shape[-1])
    mask = torch.tensor(KEY_PADDING)[None, :] | torch.tensor([[False], [True]])
    scores = scores.masked_fill(mask, torch.finfo(q.dtype).min)
    return (torch.softmax(scores, dim=-1) @ torch.tensor(VALUES, dtype=q.dtype)).sum()


def generalised_normal_logp(x, p):
    """Log-density of the generalised normal (scale 1) in its shape p: log p - log 2 - lgamma(1/p) - |x|^p."""
    return (torch.log(p) - math.log(2) - torch.lgamma(1 / p) - x.abs().pow(p)).sum()


def sdpa_padded(q, k):
    """The same padded attention through F.scaled_dot_product_attention and a boolean mask (True: attend)."""
    allowed = ~(torch.tensor(KEY_PADDING)[None, :] | torch.tensor([[False], [True]]))
    out = F.scaled_dot_product_attention(q[None], k[None], torch.tensor(VALUES, dtype=q.dtype)[None], attn_mask=allowed)
    return out.sum()


def lkj_logp(r, eta):
    """The LKJ log-density of a 2x2 correlation's Cholesky factor built from its correlation r."""
    one, zero = torch.ones_like(r), torch.zeros_like(r)
    factor = torch.stack([torch.stack([one, zero]), torch.stack([r, torch.sqrt(1 - r * r)])])
    return LKJCholesky(2, eta).log_prob(factor)


def chebyshev_features(x):
    """A feature expansion: half the third Chebyshev polynomial plus the square."""
    return (0.5 * torch.special.chebyshev_polynomial_t(x, 3) + x ** 2).sum()


def airy_tail(x):
    return (torch.special.airy_ai(x) + x).sum()
