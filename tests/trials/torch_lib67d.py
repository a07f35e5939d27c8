"""A user's PyTorch code, sixty-seventh round (d): torch.special's functions and the cumulative ops at their edges.
log_ndtr / ndtr / ndtri in the far tails, erfcx, i0e / i1e at 0, xlog1py / xlogy / entr at 0, logit with eps, sinc at
0 and beside it, lgamma and digamma at poles and 1e-300, multigammaln near its edge, cumsum, cumprod with zeros and
underflow, logcumsumexp at -inf and +-800, cummax with ties."""
import torch


def log_ndtr(x):
    return torch.special.log_ndtr(x).sum()


def ndtr(x):
    return torch.special.ndtr(x).sum()


def ndtri(p):
    return torch.special.ndtri(p).sum()


def erfcx(x):
    return torch.special.erfcx(x).sum()


def i0e(x):
    return torch.special.i0e(x).sum()


def i1e(x):
    return torch.special.i1e(x).sum()


def xlog1py(x, y):
    return torch.special.xlog1py(x, y).sum()


def entropy(p):
    return -torch.special.xlogy(p, p).sum()


def entr(p):
    return torch.special.entr(p).sum()


def logit_eps(p):
    return torch.special.logit(p, eps=1e-6).sum()


def log1p_expm1(x):
    return (torch.special.log1p(x) + torch.special.expm1(x)).sum()


def sinc(x):
    return torch.special.sinc(x).sum()


def lgamma(x):
    return torch.lgamma(x).sum()


def gammaln(x):
    return torch.special.gammaln(x).sum()


def digamma(x):
    return torch.special.digamma(x).sum()


def multigammaln(a):
    return torch.special.multigammaln(a, 3)


def log_softmax_pick(x):
    return torch.special.log_softmax(x, dim=0)[0]


def cumsum_weighted(x):
    w = torch.tensor([1.0, -2.0, 0.5], dtype=x.dtype)
    return (w * torch.cumsum(x, dim=0)).sum()


def cumprod_sum(x):
    return torch.cumprod(x, dim=0).sum()


def cumprod_last(x):
    return torch.cumprod(x, dim=0)[-1]


def logcumsumexp_sum(x):
    return torch.logcumsumexp(x, dim=0).sum()


def logcumsumexp_masked(x):
    mask = torch.tensor([float("-inf"), 0.0, 0.0], dtype=x.dtype)
    return torch.logcumsumexp(x + mask, dim=0)[1:].sum()


def cummax_sum(x):
    return torch.cummax(x, dim=0).values.sum()


def xlogy(x, y):
    return torch.special.xlogy(x, y).sum()
