"""A user's PyTorch code, seventy-seventh round (d): forecasting on short series. Simple exponential smoothing and
Holt's trend by Python loops over tensors, an AR(2) forecast and stationary variance, Box-Cox with torch.where at
lambda = 0, RMSLE through torch.log1p, MAPE, sMAPE (plain and guarded), MASE, the pinball loss, a Gaussian CRPS with
torch.erf, DeepAR's negative binomial with torch.lgamma and F.softplus, a Student-t likelihood, the Tweedie deviance,
seasonal differencing undone by torch.cumsum, and a window normalised by x.std() (+ eps) and by RevIN's form."""

import math

import torch
import torch.nn.functional as F

Y = torch.tensor([3.0, 5.0, 4.0, 6.0, 7.0, 6.5])
TEST = torch.tensor([7.0, 8.0, 6.0])
COUNTS = torch.tensor([0.0, 3.0, 7.0, 1.0])
HIST_LAST = torch.tensor([10.0, 12.0, 9.0, 11.0])
TARGET = torch.tensor([11.0, 12.5, 8.0, 12.0, 11.5, 13.0, 9.5, 12.0])
W = torch.tensor([1.0, -2.0, 3.0, 0.5, -1.0, 2.0])


def ses_sse(y, alpha):
    level = y[0]
    sse = torch.zeros((), dtype=y.dtype)
    for t in range(1, y.shape[0]):
        err = y[t] - level
        sse = sse + err ** 2
        level = level + alpha * err
    return sse


def ses_logit(theta):
    return ses_sse(Y.to(theta.dtype), torch.sigmoid(theta))


def holt_sse(alpha, beta):
    y = Y.to(alpha.dtype)
    level, trend = y[0], y[1] - y[0]
    sse = 0.0
    for t in range(1, y.shape[0]):
        forecast = level + trend
        sse = sse + (y[t] - forecast) ** 2
        new_level = alpha * y[t] + (1 - alpha) * forecast
        trend = beta * (new_level - level) + (1 - beta) * trend
        level = new_level
    return sse


def ar2_forecast(phi):
    y0, y1 = Y[-2].to(phi.dtype), Y[-1].to(phi.dtype)
    for _ in range(10):
        y0, y1 = y1, phi[0] * y1 + phi[1] * y0
    return y1


def ar2_gamma0(phi):
    return (1 - phi[1]) / ((1 + phi[1]) * ((1 - phi[1]) ** 2 - phi[0] ** 2))


def boxcox(y, lam):
    return torch.where(lam == 0, torch.log(y), (y ** lam - 1) / lam).sum()


def rmsle(pred):
    return torch.sqrt(torch.mean((torch.log1p(pred) - torch.log1p(TEST.to(pred.dtype))) ** 2))


def mape(f, y):
    return torch.mean(torch.abs(y - f) / torch.abs(y))


def smape(f, y):
    return torch.mean(2 * torch.abs(y - f) / (torch.abs(y) + torch.abs(f)))


def smape_where(f, y):
    denom = torch.abs(y) + torch.abs(f)
    return torch.mean(torch.where(denom == 0, torch.zeros_like(denom), 2 * torch.abs(y - f) / denom))


def mase(f, train):
    scale = torch.mean(torch.abs(train[1:] - train[:-1]))
    return torch.mean(torch.abs(TEST.to(f.dtype) - f)) / scale


def pinball(f):
    q = 0.9
    e = TEST.to(f.dtype) - f
    return torch.mean(torch.max(q * e, (q - 1) * e))


def crps_gaussian(mu, raw):
    sigma = F.softplus(raw)
    z = (2.0 - mu) / sigma
    cdf = 0.5 * (1 + torch.erf(z / math.sqrt(2.0)))
    pdf = torch.exp(-0.5 * z ** 2) / math.sqrt(2 * math.pi)
    return sigma * (z * (2 * cdf - 1) + 2 * pdf - 1 / math.sqrt(math.pi))


def negbin_nll(m, a):
    y = COUNTS.to(m.dtype)
    mu, alpha = F.softplus(m), F.softplus(a)
    r = 1.0 / alpha
    ll = (torch.lgamma(y + r) - torch.lgamma(y + 1) - torch.lgamma(r)
          - r * torch.log1p(alpha * mu) + y * (torch.log(alpha * mu) - torch.log1p(alpha * mu)))
    return -ll.sum()


def student_t_nll(mu, nu):
    y = TEST.to(mu.dtype)
    sigma = 1.5
    z = (y - mu) / sigma
    ll = (torch.lgamma((nu + 1) / 2) - torch.lgamma(nu / 2) - 0.5 * torch.log(nu * math.pi) - math.log(sigma)
          - (nu + 1) / 2 * torch.log1p(z ** 2 / nu))
    return -ll.sum()


def tweedie(mu, y):
    p = 1.5
    dev = 2 * (y ** (2 - p) / ((1 - p) * (2 - p)) - y * mu ** (1 - p) / (1 - p) + mu ** (2 - p) / (2 - p))
    return dev.sum()


def seasonal_undiff(d):
    levels = HIST_LAST.to(d.dtype) + torch.cumsum(d.reshape(2, 4), dim=0)
    return ((levels.reshape(-1) - TARGET.to(d.dtype)) ** 2).sum()


def normalise_eps(x):
    return (W.to(x.dtype) * (x - x.mean()) / (x.std() + 1e-8)).sum()


def revin(x):
    var = x.var(unbiased=False)
    return (W.to(x.dtype) * (x - x.mean()) / torch.sqrt(var + 1e-5)).sum()
