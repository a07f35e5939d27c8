"""A user's PyTorch code, seventy-third round (d): diffusion models and normalizing flows as researchers write them in
PyTorch. Diffusion: the VP-SDE's linear schedule sigma(t) = sqrt(1 - alpha_bar(t)) (bare, by torch.expm1, and by an
autograd.Function whose backward clamps the root), guided-diffusion's discretized_gaussian_log_likelihood with its tanh
approximation of the normal CDF and its clamps, the edge bin by torch.log(torch.special.ndtr) and by
torch.special.log_ndtr, the KL between two Gaussians by torch.distributions.kl_divergence, a min-SNR-gamma loss by
torch.clamp(max=gamma). Flows: a RealNVP affine coupling (exp(tanh(s))), a linear flow's log-det by
torch.linalg.slogdet, a log-det of F.softplus scales, a rational-quadratic spline on 4 bins with nflows' searchsorted
(a sum of comparisons), and the logit preprocessing by torch.logit with and without eps."""

import math

import numpy as np
import torch
import torch.distributions as D
import torch.nn.functional as F

BETA_MIN, BETA_MAX = 0.1, 20.0
GAMMA = 5.0
B = 3.0
K = 4


# ------------------------------------------------------------------------------------------------- schedules
def _integral_beta(t):
    return BETA_MIN * t + 0.5 * (BETA_MAX - BETA_MIN) * t ** 2


def vp_sigma(t):
    """The VP-SDE's noise level sqrt(1 - alpha_bar(t)), alpha_bar(t) = exp(-int_0^t beta)."""
    alpha_bar = torch.exp(-_integral_beta(t))
    return torch.sqrt(1.0 - alpha_bar).sum()


def vp_sigma_expm1(t):
    return torch.sqrt(-torch.expm1(-_integral_beta(t))).sum()


class ClampedSqrt(torch.autograd.Function):
    """sqrt that never returns NaN and whose gradient never blows up."""

    @staticmethod
    def forward(ctx, x):
        y = torch.sqrt(x.clamp_min(0.0))
        ctx.save_for_backward(y)
        return y

    @staticmethod
    def backward(ctx, g):
        (y,) = ctx.saved_tensors
        return g / (2 * y.clamp_min(1e-6))


def sigma_clamped(alpha_bar):
    return ClampedSqrt.apply(1.0 - alpha_bar).sum()


def min_snr_loss(eps_pred, eps, snr):
    weight = torch.clamp(snr, max=GAMMA) / snr
    return weight * F.mse_loss(eps_pred, eps)


def kl_normal(mu_q, scale_q, mu_p, scale_p):
    return D.kl_divergence(D.Normal(mu_q, scale_q), D.Normal(mu_p, scale_p)).sum()


# ------------------------------------------------------------------------------------------- the last step's likelihood
def approx_standard_normal_cdf(x):
    return 0.5 * (1.0 + torch.tanh(np.sqrt(2.0 / np.pi) * (x + 0.044715 * torch.pow(x, 3))))


def discretized_gaussian_log_likelihood(x, means, log_scales):
    """guided-diffusion's, as written there (negated, summed)."""
    centered_x = x - means
    inv_stdv = torch.exp(-log_scales)
    plus_in = inv_stdv * (centered_x + 1.0 / 255.0)
    cdf_plus = approx_standard_normal_cdf(plus_in)
    min_in = inv_stdv * (centered_x - 1.0 / 255.0)
    cdf_min = approx_standard_normal_cdf(min_in)
    log_cdf_plus = torch.log(cdf_plus.clamp(min=1e-12))
    log_one_minus_cdf_min = torch.log((1.0 - cdf_min).clamp(min=1e-12))
    cdf_delta = cdf_plus - cdf_min
    log_probs = torch.where(
        x < -0.999,
        log_cdf_plus,
        torch.where(x > 0.999, log_one_minus_cdf_min, torch.log(cdf_delta.clamp(min=1e-12))),
    )
    return -log_probs.sum()


def edge_log_ndtr_naive(x, means, log_scales):
    plus_in = torch.exp(-log_scales) * (x - means + 1.0 / 255.0)
    return -torch.log(torch.special.ndtr(plus_in)).sum()


def edge_log_ndtr(x, means, log_scales):
    plus_in = torch.exp(-log_scales) * (x - means + 1.0 / 255.0)
    return -torch.special.log_ndtr(plus_in).sum()


# ------------------------------------------------------------------------------------------------- flows
def affine_coupling_nll(x, Ws, bs, Wt, bt):
    x1, x2 = x[:2], x[2:]
    s = torch.tanh(Ws @ x1 + bs)
    t = Wt @ x1 + bt
    y = torch.cat([x1, x2 * torch.exp(s) + t])
    return 0.5 * (y ** 2).sum() - s.sum()


def linear_flow_nll(W, x):
    z = W @ x
    _, logabsdet = torch.linalg.slogdet(W)
    return 0.5 * (z ** 2).sum() - logabsdet


def softplus_scale_logdet(raw):
    return torch.log(F.softplus(raw)).sum()


def _searchsorted(bin_locations, inputs, eps=1e-6):
    """nflows' searchsorted: the last knot nudged up by eps, the bin the count of knots at or below the input."""
    bin_locations = bin_locations.clone()
    bin_locations[-1] += eps
    return torch.sum(inputs[..., None] >= bin_locations, dim=-1) - 1


def _rq_spline(x, uw, uh, ud):
    w, h = torch.softmax(uw, dim=0), torch.softmax(uh, dim=0)
    one = torch.ones(1, dtype=x.dtype)
    d = torch.cat([one, F.softplus(ud), one])
    xk = torch.cat([torch.zeros(1, dtype=x.dtype), torch.cumsum(w, 0)]) * (2 * B) - B
    yk = torch.cat([torch.zeros(1, dtype=x.dtype), torch.cumsum(h, 0)]) * (2 * B) - B
    k = _searchsorted(xk, x)
    x_lo, wk = xk[k], xk[k + 1] - xk[k]
    y_lo, hk = yk[k], yk[k + 1] - yk[k]
    d_lo, d_hi = d[k], d[k + 1]
    s = hk / wk
    xi = (x - x_lo) / wk
    den = s + (d_hi + d_lo - 2 * s) * xi * (1 - xi)
    y = y_lo + hk * (s * xi ** 2 + d_lo * xi * (1 - xi)) / den
    dydx = s ** 2 * (d_hi * xi ** 2 + 2 * s * xi * (1 - xi) + d_lo * (1 - xi) ** 2) / den ** 2
    return y, dydx


def spline_nll(x, uw, uh, ud):
    y, dydx = _rq_spline(x, uw, uh, ud)
    return 0.5 * (y ** 2).sum() - torch.log(dydx).sum()


def logit_eps_nll(x):
    """Data in [0, 1] to logit space by torch.logit(x, eps=1e-6), with the log-det of the logit."""
    y = torch.logit(x, eps=1e-6)
    p = x.clamp(1e-6, 1 - 1e-6)
    return 0.5 * (y ** 2).sum() + (torch.log(p) + torch.log1p(-p)).sum()


def logit_nll(x):
    y = torch.logit(x)
    return 0.5 * (y ** 2).sum() + (torch.log(x) + torch.log1p(-x)).sum()


def log_snr_tan(t):
    return (-2.0 * torch.log(torch.tan(math.pi * t / 2))).sum()
