"""A user's PyTorch code, eighty-second round (d): entropic optimal transport between tiny point clouds, a handful of
Sinkhorn iterations unrolled. The probability-domain Sinkhorn and its transport cost; the log-domain Sinkhorn with
torch.logsumexp; the Sinkhorn divergence; an envelope-theorem autograd.Function for the converged dual value, right and
with its 2 forgotten; 1-D Wasserstein distances by torch.sort; the Euclidean ground cost by torch.cdist and by the
expansion; the Gaussian W2 with a matrix square root by torch.linalg.eigh; a KL marginal penalty."""

import torch

N_ITER = 10


def cost_1d(x, y):
    return (x[:, None] - y[None, :]) ** 2


def sinkhorn_cost(x, y, eps):
    C = cost_1d(x, y)
    a = torch.full_like(x, 1.0 / x.shape[0])
    b = torch.full_like(y, 1.0 / y.shape[0])
    K = torch.exp(-C / eps)
    v = torch.ones_like(b)
    for _ in range(N_ITER):
        u = a / (K @ v)
        v = b / (K.T @ u)
    P = u[:, None] * K * v[None, :]
    return (P * C).sum()


def sinkhorn_log_cost(x, y, eps):
    C = cost_1d(x, y)
    log_a = torch.log(torch.full_like(x, 1.0 / x.shape[0]))
    log_b = torch.log(torch.full_like(y, 1.0 / y.shape[0]))
    f, g = torch.zeros_like(x), torch.zeros_like(y)
    for _ in range(N_ITER):
        f = eps * log_a - eps * torch.logsumexp((g[None, :] - C) / eps, dim=1)
        g = eps * log_b - eps * torch.logsumexp((f[:, None] - C) / eps, dim=0)
    P = torch.exp((f[:, None] + g[None, :] - C) / eps)
    return (P * C).sum()


def sinkhorn_divergence(x, y, eps):
    return sinkhorn_log_cost(x, y, eps) - 0.5 * (sinkhorn_log_cost(x, x, eps) + sinkhorn_log_cost(y, y, eps))


# ------------------------------------------------------------------------------------------------- implicit gradient
EPS_DUAL = 0.5
N_DUAL = 60


def _dual_solve(x, y):
    C = cost_1d(x, y)
    log_a = torch.log(torch.full_like(x, 1.0 / x.shape[0]))
    log_b = torch.log(torch.full_like(y, 1.0 / y.shape[0]))
    f, g = torch.zeros_like(x), torch.zeros_like(y)
    for _ in range(N_DUAL):
        f = EPS_DUAL * log_a - EPS_DUAL * torch.logsumexp((g[None, :] - C) / EPS_DUAL, dim=1)
        g = EPS_DUAL * log_b - EPS_DUAL * torch.logsumexp((f[:, None] - C) / EPS_DUAL, dim=0)
    P = torch.exp((f[:, None] + g[None, :] - C) / EPS_DUAL)
    return f.mean() + g.mean(), P


class OTValue(torch.autograd.Function):
    """The converged entropic OT value, its gradient by the envelope theorem (d/dC = P)."""

    @staticmethod
    def forward(ctx, x, y):
        with torch.no_grad():
            value, P = _dual_solve(x, y)
        ctx.save_for_backward(x, y, P)
        return value

    @staticmethod
    def backward(ctx, grad_output):
        x, y, P = ctx.saved_tensors
        D = x[:, None] - y[None, :]
        return grad_output * (2 * P * D).sum(1), grad_output * (-2 * P * D).sum(0)


class OTValueBad(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, y):
        with torch.no_grad():
            value, P = _dual_solve(x, y)
        ctx.save_for_backward(x, y, P)
        return value

    @staticmethod
    def backward(ctx, grad_output):
        x, y, P = ctx.saved_tensors
        D = x[:, None] - y[None, :]
        return grad_output * (P * D).sum(1), grad_output * (-P * D).sum(0)


def ot_implicit(x, y):
    return OTValue.apply(x, y)


def ot_implicit_bad(x, y):
    return OTValueBad.apply(x, y)


# ------------------------------------------------------------------------------------------------- 1-D Wasserstein
def w2_sorted(x, y):
    return ((torch.sort(x).values - torch.sort(y).values) ** 2).mean()


def w1_sorted(x, y):
    xs, _ = torch.sort(x)
    ys, _ = torch.sort(y)
    return (xs - ys).abs().mean()


# ------------------------------------------------------------------------------------------------- ground costs
def euclid_cost_cdist(x, y):
    return torch.cdist(x, y).sum()


def euclid_cost_expand(x, y):
    d2 = (x ** 2).sum(1)[:, None] + (y ** 2).sum(1)[None, :] - 2 * x @ y.T
    return torch.sqrt(torch.clamp(d2, min=0.0)).sum()


def sinkhorn_cost_expand(x, y, eps):
    C = (x ** 2).sum(1)[:, None] + (y ** 2).sum(1)[None, :] - 2 * x @ y.T
    a = torch.full((x.shape[0],), 1.0 / x.shape[0], dtype=x.dtype)
    b = torch.full((y.shape[0],), 1.0 / y.shape[0], dtype=y.dtype)
    K = torch.exp(-C / eps)
    v = torch.ones_like(b)
    for _ in range(N_ITER):
        u = a / (K @ v)
        v = b / (K.T @ u)
    return (u[:, None] * K * v[None, :] * C).sum()


# ------------------------------------------------------------------------------------------------- Gaussian W2
def _cov(c):
    return torch.stack([torch.stack([c[0], c[1]]), torch.stack([c[1], c[2]])])


def sqrtm_eigh(S):
    w, V = torch.linalg.eigh(S)
    return V @ torch.diag(torch.sqrt(w)) @ V.T


def gaussian_w2(m1, c1, m2, c2):
    S1, S2 = _cov(c1), _cov(c2)
    r = sqrtm_eigh(S2)
    return ((m1 - m2) ** 2).sum() + torch.trace(S1 + S2 - 2 * sqrtm_eigh(r @ S1 @ r))


# ------------------------------------------------------------------------------------------------- unbalanced OT
def kl_penalty(p, q):
    return (torch.xlogy(p, p / q) - p + q).sum()
