"""A user's PyTorch code, eighty-ninth round (d): option pricing and risk, differentiated for Greeks: Black-Scholes
call with torch.special.ndtr and put with 0.5 * torch.erfc(x / sqrt(2)) (and by 1 - ndtr), Bachelier's normal model,
Hagan's SABR implied volatility (z / x(z) as written, and guarded by torch.where), Black's implied variance by Newton's
method in an autograd.Function whose backward gives the implicit (vega-based) gradient (right, and with sqrt(T)
forgotten), a digital payoff smoothed by torch.sigmoid, a barrier's survival probability, expected shortfall by
torch.topk and by F.softplus, realized variance of log-returns, and the Kelly growth rate."""

import math

import torch
import torch.nn.functional as F

RATE = 0.05
STRIKE = 100.0
T_IMPLIED = 0.5
SABR_T = 1.0
RETURNS = [0.05, -0.03, 0.12, -0.08]


def _phi(x):
    return 0.5 * torch.erfc(-x / math.sqrt(2))


def _pdf(x):
    return torch.exp(-0.5 * x ** 2) / math.sqrt(2 * math.pi)


def _d1_d2(s, k, sigma, t):
    vol_sqrt_t = sigma * torch.sqrt(t)
    d1 = (torch.log(s / k) + (RATE + 0.5 * sigma ** 2) * t) / vol_sqrt_t
    return d1, d1 - vol_sqrt_t


def bs_call(s, k, sigma, t):
    d1, d2 = _d1_d2(s, k, sigma, t)
    return s * torch.special.ndtr(d1) - k * torch.exp(-RATE * t) * torch.special.ndtr(d2)


def bs_put(s, k, sigma, t):
    d1, d2 = _d1_d2(s, k, sigma, t)
    return k * torch.exp(-RATE * t) * _phi(-d2) - s * _phi(-d1)


def bs_put_one_minus(s, k, sigma, t):
    d1, d2 = _d1_d2(s, k, sigma, t)
    return k * torch.exp(-RATE * t) * (1 - torch.special.ndtr(d2)) - s * (1 - torch.special.ndtr(d1))


def bachelier_call(f, k, sigma, t):
    stdev = sigma * torch.sqrt(t)
    d = (f - k) / stdev
    return (f - k) * torch.special.ndtr(d) + stdev * _pdf(d)


def _sabr_parts(f, k, alpha, beta, rho, nu):
    fk = f * k
    log_fk = torch.log(f / k)
    one_b = 1 - beta
    pre = alpha / (fk ** (one_b / 2) * (1 + one_b ** 2 / 24 * log_fk ** 2 + one_b ** 4 / 1920 * log_fk ** 4))
    corr = 1 + (one_b ** 2 / 24 * alpha ** 2 / fk ** one_b + rho * beta * nu * alpha / (4 * fk ** (one_b / 2))
                + (2 - 3 * rho ** 2) / 24 * nu ** 2) * SABR_T
    z = nu / alpha * fk ** (one_b / 2) * log_fk
    x = torch.log((torch.sqrt(1 - 2 * rho * z + z ** 2) + z - rho) / (1 - rho))
    return pre, corr, z, x


def sabr_vol(f, k, alpha, beta, rho, nu):
    pre, corr, z, x = _sabr_parts(f, k, alpha, beta, rho, nu)
    return pre * (z / x) * corr


def sabr_vol_guarded(f, k, alpha, beta, rho, nu):
    pre, corr, z, x = _sabr_parts(f, k, alpha, beta, rho, nu)
    ratio = torch.where(z.abs() < 1e-7, torch.ones_like(z), z / x)
    return pre * ratio * corr


def _black(vol, f):
    sd = vol * math.sqrt(T_IMPLIED)
    d1 = torch.log(f / STRIKE) / sd + sd / 2
    return f * torch.special.ndtr(d1) - STRIKE * torch.special.ndtr(d1 - sd)


def _newton_vol(price, f):
    vol = math.sqrt(2 * math.pi / T_IMPLIED) * price / f
    for _ in range(40):
        sd = vol * math.sqrt(T_IMPLIED)
        d1 = torch.log(f / STRIKE) / sd + sd / 2
        vega = f * _pdf(d1) * math.sqrt(T_IMPLIED)
        vol = vol - (_black(vol, f) - price) / vega
    return vol


class ImpliedVariance(torch.autograd.Function):
    @staticmethod
    def forward(ctx, price, f):
        vol = _newton_vol(price, f)
        ctx.save_for_backward(vol, f)
        return vol ** 2 * T_IMPLIED

    @staticmethod
    def backward(ctx, g):
        vol, f = ctx.saved_tensors
        sd = vol * math.sqrt(T_IMPLIED)
        d1 = torch.log(f / STRIKE) / sd + sd / 2
        vega = f * _pdf(d1) * math.sqrt(T_IMPLIED)
        dw = 2 * vol * T_IMPLIED / vega
        return g * dw, -g * dw * torch.special.ndtr(d1)


class ImpliedVarianceBad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, price, f):
        vol = _newton_vol(price, f)
        ctx.save_for_backward(vol, f)
        return vol ** 2 * T_IMPLIED

    @staticmethod
    def backward(ctx, g):
        vol, f = ctx.saved_tensors
        sd = vol * math.sqrt(T_IMPLIED)
        d1 = torch.log(f / STRIKE) / sd + sd / 2
        vega = f * _pdf(d1)  # sqrt(T) forgotten
        dw = 2 * vol * T_IMPLIED / vega
        return g * dw, -g * dw * torch.special.ndtr(d1)


def implied_var(price, f):
    return ImpliedVariance.apply(price, f)


def implied_var_bad(price, f):
    return ImpliedVarianceBad.apply(price, f)


def digital(s, eps):
    return torch.sigmoid((s - STRIKE) / eps)


def barrier_survival(s, b, sigma, t):
    x = torch.log(s / b)
    sd = sigma * torch.sqrt(t)
    p = torch.special.ndtr((x - sd ** 2 / 2) / sd) - (s / b) * torch.special.ndtr((-x - sd ** 2 / 2) / sd)
    return torch.where(s > b, p, torch.zeros_like(p))


def expected_shortfall(losses):
    return torch.topk(losses, 2).values.mean()


def cvar_softplus(losses, q):
    return q + (F.softplus(50.0 * (losses - q)) / 50.0).mean() / 0.4


def realized_var(prices):
    r = torch.log(prices[1:] / prices[:-1])
    return (r ** 2).sum()


def kelly_growth(f):
    r = torch.tensor(RETURNS, dtype=f.dtype)
    return torch.log(1 + f * r).mean()


def kelly_growth_log1p(f):
    r = torch.tensor(RETURNS, dtype=f.dtype)
    return torch.log1p(f * r).mean()
