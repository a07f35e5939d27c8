"""A user's PyTorch code, forty-fifth round (b): diffusion models, optical flow and stereo, mortality modelling and
pharmacodynamics. A DDPM linear noise schedule's alpha_bar by torch.cumprod of 1 - beta and its log-SNR at the last
step (and the first), beside the log-space form by torch.log1p / torch.cumsum / torch.expm1; the improved-DDPM cosine
schedule's beta with its clip at 0.999; a log-SNR autograd.Function whose backward is right and has a sign slip; the
Charbonnier penalty sqrt(x^2 + eps^2) with eps = 1e-3 and with eps = 0, and its generalised power 0.45 form; depth
from disparity f B / d (bare, through torch.clamp_min, through torch.where); soft-argmin over a cost volume by
F.softmin and by hand-written exponentials; SSIM of two patches with and without its stabilising constants; the
Gompertz-Makeham negative log-density of a death at age 120 (naive and in log space), a Gompertz log-survival as an
autograd.Function (right, and with the slope in c missing its age term); a Lee-Carter nn.Module fitted by
F.poisson_nll_loss(log_input=True), and a one-age Lee-Carter rate fed to F.poisson_nll_loss(log_input=False, eps=1e-8);
the Hill equation at a huge concentration and its logistic form in log C by torch.special.expit."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F

# ------------------------------------------------------------------------------------------- diffusion: DDPM schedule
T_STEPS = 1024
BETA_MIN, BETA_MAX = 1e-4, 0.02


def linear_betas(beta_min, beta_max):
    """DDPM's linear schedule, beta_t from beta_min at t = 0 to nearly beta_max at t = T - 1."""
    dtype = beta_min.dtype if torch.is_tensor(beta_min) else beta_max.dtype
    steps = torch.arange(T_STEPS, dtype=dtype) / T_STEPS
    return beta_min + (beta_max - beta_min) * steps


def log_snr_last(beta_max):
    """log SNR at the last step, log(alpha_bar / (1 - alpha_bar)), alpha_bar by the running product."""
    alpha_bar = torch.cumprod(1 - linear_betas(BETA_MIN, beta_max), dim=0)
    ab = alpha_bar[-1]
    return torch.log(ab / (1 - ab))


def log_snr_last_logspace(beta_max):
    """The same in log space: log alpha_bar by a running sum of log1p(-beta), log(1 - alpha_bar) by expm1."""
    log_alpha_bar = torch.cumsum(torch.log1p(-linear_betas(BETA_MIN, beta_max)), dim=0)
    la = log_alpha_bar[-1]
    return la - torch.log(-torch.expm1(la))


def log_snr_first(beta_min):
    """log SNR at the first step: 1 - alpha_bar is beta_min again, by cancellation."""
    alpha_bar = torch.cumprod(1 - linear_betas(beta_min, BETA_MAX), dim=0)
    ab = alpha_bar[0]
    return torch.log(ab) - torch.log(1 - ab)


def log_snr_first_logspace(beta_min):
    log_alpha_bar = torch.cumsum(torch.log1p(-linear_betas(beta_min, BETA_MAX)), dim=0)
    la = log_alpha_bar[0]
    return la - torch.log(-torch.expm1(la))


COSINE_T, COSINE_S = 1000, 0.008


def cosine_alpha_bar(t):
    return torch.cos((t / COSINE_T + COSINE_S) / (1 + COSINE_S) * math.pi / 2) ** 2


def cosine_beta(t):
    """Nichol and Dhariwal's cosine schedule: beta_t = 1 - alpha_bar(t) / alpha_bar(t - 1), clipped at 0.999."""
    beta = 1 - cosine_alpha_bar(t) / cosine_alpha_bar(t - 1)
    return torch.clamp(beta, max=0.999)


class LogSNR(torch.autograd.Function):
    """log(a / (1 - a)) of alpha_bar, its backward by hand."""

    @staticmethod
    def forward(ctx, ab):
        ctx.save_for_backward(ab)
        return torch.log(ab) - torch.log1p(-ab)

    @staticmethod
    def backward(ctx, grad):
        (ab,) = ctx.saved_tensors
        return grad * (1 / ab + 1 / (1 - ab))


class LogSNRSlip(torch.autograd.Function):
    """The same, the derivative of -log(1 - a) written with the wrong sign."""

    @staticmethod
    def forward(ctx, ab):
        ctx.save_for_backward(ab)
        return torch.log(ab) - torch.log1p(-ab)

    @staticmethod
    def backward(ctx, grad):
        (ab,) = ctx.saved_tensors
        return grad * (1 / ab - 1 / (1 - ab))


def log_snr_rule(ab):
    return LogSNR.apply(ab).sum()


def log_snr_rule_slip(ab):
    return LogSNRSlip.apply(ab).sum()


# ------------------------------------------------------------------------------------------- optical flow and stereo
EPS = 1e-3


def charbonnier(x):
    """The Charbonnier penalty of flow residuals, sqrt(x^2 + eps^2)."""
    return torch.sqrt(x * x + EPS ** 2).sum()


def charbonnier_no_eps(x):
    """The same with eps = 0: |x| written as a square root."""
    return torch.sqrt(x * x).sum()


def charbonnier_generalised(x):
    """Sun, Roth and Black's generalised Charbonnier, (x^2 + eps^2)^0.45."""
    return ((x * x + EPS ** 2) ** 0.45).sum()


FOCAL, BASELINE = 720.0, 0.54  # pixels, metres (KITTI-like)


def depth_from_disparity(d):
    return (FOCAL * BASELINE / d).sum()


def depth_clamped(d):
    """Depth with the disparity floored at 1e-3 px."""
    return (FOCAL * BASELINE / torch.clamp_min(d, 1e-3)).sum()


def depth_masked(d):
    """Depth where the disparity is valid, 0 elsewhere."""
    depth = torch.where(d > 0, FOCAL * BASELINE / d, torch.zeros_like(d))
    return depth.sum()


DISPARITIES = [0.0, 1.0, 2.0, 3.0]


def soft_argmin(cost):
    """GC-Net's soft-argmin over a cost volume: the expected disparity under softmin of the costs."""
    p = F.softmin(cost, dim=0)
    return (p * torch.tensor(DISPARITIES, dtype=cost.dtype)).sum()


def soft_argmin_naive(cost):
    e = torch.exp(-cost)
    p = e / e.sum()
    return (p * torch.tensor(DISPARITIES, dtype=cost.dtype)).sum()


C1, C2 = 0.01 ** 2, 0.03 ** 2


def ssim(x, y):
    """SSIM of two patches (one window), with its constants C1 and C2."""
    mx, my = x.mean(), y.mean()
    vx, vy = ((x - mx) ** 2).mean(), ((y - my) ** 2).mean()
    cov = ((x - mx) * (y - my)).mean()
    return (2 * mx * my + C1) * (2 * cov + C2) / ((mx ** 2 + my ** 2 + C1) * (vx + vy + C2))


def ssim_no_constants(x, y):
    mx, my = x.mean(), y.mean()
    vx, vy = ((x - mx) ** 2).mean(), ((y - my) ** 2).mean()
    cov = ((x - mx) * (y - my)).mean()
    return (2 * mx * my) * (2 * cov) / ((mx ** 2 + my ** 2) * (vx + vy))


# ------------------------------------------------------------------------------------------- mortality
MAKEHAM_A, GOMPERTZ_B = 5e-4, 2e-5
AGE = 120.0


def gm_death_nll(c):
    """-log of the Gompertz-Makeham density of a death at age 120, mu(x) S(x)."""
    x = torch.tensor(AGE, dtype=c.dtype)
    hazard = MAKEHAM_A + GOMPERTZ_B * torch.exp(c * x)
    survival = torch.exp(-MAKEHAM_A * x - GOMPERTZ_B / c * torch.expm1(c * x))
    return -torch.log(hazard * survival)


def gm_death_nll_logspace(c):
    x = torch.tensor(AGE, dtype=c.dtype)
    log_hazard = torch.log(MAKEHAM_A + GOMPERTZ_B * torch.exp(c * x))
    log_survival = -MAKEHAM_A * x - GOMPERTZ_B / c * torch.expm1(c * x)
    return -(log_hazard + log_survival)


class GompertzLogSurvival(torch.autograd.Function):
    """log S(x) = -b / c (e^(c x) - 1), its backward by hand."""

    @staticmethod
    def forward(ctx, b, c, age):
        g = torch.expm1(c * age)
        ctx.save_for_backward(b, c, age, g)
        return -b / c * g

    @staticmethod
    def backward(ctx, grad):
        b, c, age, g = ctx.saved_tensors
        grad_b = grad_c = None
        if ctx.needs_input_grad[0]:
            grad_b = -grad * g / c
        if ctx.needs_input_grad[1]:
            grad_c = grad * b * (g - c * age * (g + 1)) / c ** 2
        return grad_b, grad_c, None


class GompertzLogSurvivalSlip(torch.autograd.Function):
    """The same, the slope in c taken from the 1 / c alone (the age term forgotten)."""

    @staticmethod
    def forward(ctx, b, c, age):
        g = torch.expm1(c * age)
        ctx.save_for_backward(b, c, age, g)
        return -b / c * g

    @staticmethod
    def backward(ctx, grad):
        b, c, age, g = ctx.saved_tensors
        grad_b = grad_c = None
        if ctx.needs_input_grad[0]:
            grad_b = -grad * g / c
        if ctx.needs_input_grad[1]:
            grad_c = grad * b * g / c ** 2
        return grad_b, grad_c, None


def gompertz_log_survival(b, c):
    return GompertzLogSurvival.apply(b, c, torch.tensor(AGE, dtype=c.dtype))


def gompertz_log_survival_slip(b, c):
    return GompertzLogSurvivalSlip.apply(b, c, torch.tensor(AGE, dtype=c.dtype))


class LeeCarter(nn.Module):
    """log m_xt = a_x + b_x k_t for three ages and three years."""

    def __init__(self):
        super().__init__()
        self.a = nn.Parameter(torch.tensor([-6.0, -4.5, -2.0], dtype=torch.float64))
        self.b = nn.Parameter(torch.tensor([0.5, 0.3, 0.2], dtype=torch.float64))
        self.k = nn.Parameter(torch.tensor([10.0, 0.0, -10.0], dtype=torch.float64))

    def forward(self):
        return self.a[:, None] + self.b[:, None] * self.k[None, :]


def lee_carter_nll(model, deaths, exposure):
    log_m = model()
    return F.poisson_nll_loss(log_m + torch.log(exposure), deaths, log_input=True, reduction="sum")


LC_EXPOSURE = [[1.0e4, 1.2e4, 1.5e4], [8.0e3, 9.0e3, 1.0e4], [2.0e3, 2.5e3, 3.0e3]]
LC_DEATHS = [[3.0, 2.0, 5.0], [40.0, 35.0, 30.0], [300.0, 280.0, 250.0]]


def lee_carter_args():
    return {"model": LeeCarter(), "deaths": torch.tensor(LC_DEATHS, dtype=torch.float64),
            "exposure": torch.tensor(LC_EXPOSURE, dtype=torch.float64)}


def lee_carter_data():
    """The same model and data, for a second look."""
    return lee_carter_args()


LC_A, LC_B, LC_E, LC_D = -6.0, 0.5, 1e4, 3.0


def lee_carter_rate_nll(kappa):
    """One age's Poisson NLL of its deaths, the expected count E exp(a + b k) fed as a rate."""
    rate = LC_E * torch.exp(LC_A + LC_B * kappa)
    deaths = torch.full_like(rate, LC_D)
    return F.poisson_nll_loss(rate, deaths, log_input=False, eps=1e-8, reduction="sum")


# ------------------------------------------------------------------------------------------- pharmacodynamics
EMAX, EC50 = 100.0, 2.0


def hill(conc):
    """The Hill (sigmoid Emax) model with n = 2."""
    return (EMAX * conc ** 2 / (EC50 ** 2 + conc ** 2)).sum()


def hill_logistic(log_conc):
    """The same in log concentration: Emax expit(n (log C - log EC50))."""
    return (EMAX * torch.special.expit(2 * (log_conc - math.log(EC50)))).sum()
