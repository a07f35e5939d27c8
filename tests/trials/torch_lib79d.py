"""A user's PyTorch code, seventy-ninth round (d): uncertainty and evidential losses, torch.distributions-free. A
heteroscedastic Gaussian NLL with torch.exp(-log_var), F.gaussian_nll_loss on a predicted variance (its eps clamp),
a Laplace NLL, the Normal-Inverse-Gamma NLL with torch.lgamma and its evidence regulariser, evidential classification
(torch.digamma, F.relu, the KL to the uniform Dirichlet), a Beta NLL written with torch.xlogy, a hand-written
autograd.Function for lgamma(a) - lgamma(a + 1/2), the expected calibration error with float masks, temperature
scaling by F.log_softmax and by torch.log(torch.softmax), MC dropout's mean + torch.std of four passes, quantile
regression's crossing penalty torch.relu, and a mixture density network by torch.logsumexp."""

import math

import torch
import torch.nn.functional as F

Y3 = torch.tensor([1.3, -0.2, 0.7])
Y_REG = 1.0
Y_CLS = torch.tensor([0.0, 1.0, 0.0])
CORRECT = torch.tensor([1.0, 0.0, 1.0, 1.0, 0.0, 1.0])
N_BINS = 10
X_MC = torch.tensor([0.8, -1.2, 0.5])
MASKS = torch.tensor([[1.0, 1.0, 0.0], [1.0, 0.0, 1.0], [1.0, 1.0, 1.0], [1.0, 0.0, 0.0]])
KEEP = 0.5
Y_Q, TAUS, LAM = 0.5, (0.1, 0.9), 1.0
Y_MDN = 0.5


def gauss_nll(mu, log_var):
    y = Y3.to(mu.dtype)
    return (0.5 * (log_var + (y - mu) ** 2 * torch.exp(-log_var))).sum()


def gaussian_nll_builtin(mu, var):
    return F.gaussian_nll_loss(mu, Y3.to(mu.dtype), var, eps=1e-6, reduction="sum")


def laplace_nll(mu, log_b):
    y = Y3.to(mu.dtype)
    return (torch.abs(y - mu) * torch.exp(-log_b) + log_b + math.log(2.0)).sum()


def nig_nll(gamma, nu, alpha, beta):
    two_b_lambda = 2 * beta * (1 + nu)
    return (0.5 * torch.log(math.pi / nu)
            - alpha * torch.log(two_b_lambda)
            + (alpha + 0.5) * torch.log(nu * (Y_REG - gamma) ** 2 + two_b_lambda)
            + torch.lgamma(alpha) - torch.lgamma(alpha + 0.5))


def nig_loss(gamma, nu, alpha, beta):
    return nig_nll(gamma, nu, alpha, beta) + 0.01 * torch.abs(Y_REG - gamma) * (2 * nu + alpha)


class LgammaHalfDiff(torch.autograd.Function):
    """lgamma(a) - lgamma(a + 1/2), its rule digamma(a) - digamma(a + 1/2)."""

    @staticmethod
    def forward(ctx, a):
        ctx.save_for_backward(a)
        return torch.lgamma(a) - torch.lgamma(a + 0.5)

    @staticmethod
    def backward(ctx, grad_output):
        (a,) = ctx.saved_tensors
        return grad_output * (torch.digamma(a) - torch.digamma(a + 0.5))


def nig_nll_fn(gamma, nu, alpha, beta):
    two_b_lambda = 2 * beta * (1 + nu)
    return (0.5 * torch.log(math.pi / nu)
            - alpha * torch.log(two_b_lambda)
            + (alpha + 0.5) * torch.log(nu * (Y_REG - gamma) ** 2 + two_b_lambda)
            + LgammaHalfDiff.apply(alpha))


def edl_digamma(z):
    alpha = F.relu(z) + 1
    return (Y_CLS.to(z.dtype) * (torch.digamma(alpha.sum()) - torch.digamma(alpha))).sum()


def edl_kl(z):
    y = Y_CLS.to(z.dtype)
    alpha = F.relu(z) + 1
    a = y + (1 - y) * alpha
    s = a.sum()
    return (torch.lgamma(s) - math.lgamma(a.shape[0]) - torch.lgamma(a).sum()
            + ((a - 1) * (torch.digamma(a) - torch.digamma(s))).sum())


def beta_nll(a, b, p):
    return -(torch.xlogy(a - 1, p) + torch.xlogy(b - 1, 1 - p)
             - (torch.lgamma(a) + torch.lgamma(b) - torch.lgamma(a + b)))


def ece(conf):
    correct = CORRECT.to(conf.dtype)
    edges = torch.linspace(0, 1, N_BINS + 1, dtype=conf.dtype)
    total = conf.new_zeros(())
    for lo, hi in zip(edges[:-1], edges[1:]):
        in_bin = ((conf > lo) & (conf <= hi)).to(conf.dtype)
        total = total + torch.abs(((correct - conf) * in_bin).sum())
    return total / conf.shape[0]


def temp_nll(z, T):
    return -F.log_softmax(z / T, dim=0)[1]


def temp_nll_naive(z, T):
    return -torch.log(torch.softmax(z / T, dim=0))[1]


def mc_ucb(w):
    p = (MASKS.to(w.dtype) * X_MC.to(w.dtype)) @ w / KEEP
    return p.mean() + p.std(unbiased=False)


def mc_ucb_eps(w):
    p = (MASKS.to(w.dtype) * X_MC.to(w.dtype)) @ w / KEEP
    return p.mean() + torch.sqrt(p.var(unbiased=False) + 1e-12)


def quantile_loss(q):
    def pinball(qq, tau):
        d = Y_Q - qq
        return torch.max(tau * d, (tau - 1) * d)
    return pinball(q[0], TAUS[0]) + pinball(q[1], TAUS[1]) + LAM * torch.relu(q[0] - q[1])


def quantile_loss_soft(q):
    """The crossing penalty smoothed: softplus(q_lo - q_hi)."""
    def pinball(qq, tau):
        d = Y_Q - qq
        return torch.max(tau * d, (tau - 1) * d)
    return pinball(q[0], TAUS[0]) + pinball(q[1], TAUS[1]) + LAM * F.softplus(q[0] - q[1])


def mdn_nll(logit_pi, mu, log_sigma):
    log_pi = F.log_softmax(logit_pi, dim=0)
    z = (Y_MDN - mu) / torch.exp(log_sigma)
    comp = log_pi - log_sigma - 0.5 * math.log(2 * math.pi) - 0.5 * z ** 2
    return -torch.logsumexp(comp, dim=0)
