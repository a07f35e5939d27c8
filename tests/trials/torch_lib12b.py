"""A user's PyTorch code, twelfth round (b): normalisation layers at a constant input (layer, batch and group norm),
a focal loss, a CTC loss, a contrastive (InfoNCE) loss, cross-entropy with label smoothing and an ignored target,
smooth L1 at its beta, torch.special (i0e, log_ndtr, xlog1py), torch.where with a scalar and a broadcast operand,
cumprod through zeros and a hand-written cumprod backward, and reparametrised samples (Normal, Gamma)."""

import torch
import torch.nn.functional as F
from torch import distributions as D
from torch import nn

WEIGHTS3 = (1.0, 2.0, 4.0)


def layer_norm_probe(x):
    out = F.layer_norm(x, x.shape[-1:], eps=1e-5)
    return torch.sum(out * torch.tensor(WEIGHTS3, dtype=x.dtype))


def layer_norm_no_eps(x):
    out = F.layer_norm(x, x.shape[-1:], eps=0.0)
    return torch.sum(out * torch.tensor(WEIGHTS3, dtype=x.dtype))


def batch_norm_train(x):
    out = F.batch_norm(x.reshape(-1, 1), None, None, training=True, eps=1e-5).reshape(-1)
    return torch.sum(out * torch.tensor(WEIGHTS3, dtype=x.dtype))


def group_norm_probe(x):
    out = F.group_norm(x.reshape(1, 4, 1), 2, eps=1e-5).reshape(-1)
    return torch.sum(out * torch.tensor((1.0, 2.0, 4.0, 8.0), dtype=x.dtype))


class Normed(nn.Module):
    def __init__(self):
        super().__init__()
        self.ln = nn.LayerNorm(3, eps=1e-5)

    def forward(self, x):
        return self.ln(x)


def normed_loss(model, x):
    return torch.sum(model(x) ** 2 * torch.tensor(WEIGHTS3, dtype=x.dtype))


def normed_args():
    model = Normed().double()
    with torch.no_grad():
        model.ln.weight.copy_(torch.tensor([0.5, -1.0, 2.0]))
        model.ln.bias.copy_(torch.tensor([0.25, 0.0, -0.5]))
    return model, torch.tensor([0.3, -1.2, 2.0], dtype=torch.float64)


def focal_loss(z, gamma=0.5):
    """torchvision-style sigmoid focal loss with every target 1."""
    t = torch.ones_like(z)
    p = torch.sigmoid(z)
    ce = F.binary_cross_entropy_with_logits(z, t, reduction="none")
    p_t = p * t + (1 - p) * (1 - t)
    loss = ce * (1 - p_t) ** gamma
    return torch.sum(loss)


def ctc(logits):
    log_probs = F.log_softmax(logits, dim=-1)  # (T, N, C)
    targets = torch.tensor([[1]])
    return F.ctc_loss(log_probs, targets, torch.tensor([2]), torch.tensor([1]), blank=0, reduction="sum")


def info_nce(z1):
    z2 = torch.tensor([[1.0, 0.5], [-0.25, 1.0]], dtype=z1.dtype)
    a, b = F.normalize(z1, dim=1), F.normalize(z2, dim=1)
    logits = a @ b.T / 0.1
    return F.cross_entropy(logits, torch.arange(2))


def smoothed_ce(logits):
    targets = torch.tensor([0, -100, 2])
    return F.cross_entropy(logits, targets, label_smoothing=0.1, ignore_index=-100)


def smooth_l1(pred):
    return F.smooth_l1_loss(pred, torch.zeros_like(pred), beta=1.0)


def log_bessel(k):
    return torch.sum(torch.log(torch.special.i0e(k)) + k)  # log I0(k), stable for large k


def log_cdf(x):
    return torch.sum(torch.special.log_ndtr(x))


def xlog1py_sum(x, y):
    return torch.sum(torch.special.xlog1py(x, y))


def relu_by_where(x):
    return torch.sum(torch.where(x > 0, x, 0.0) ** 2)


def floor_by_where(x, b):
    return torch.sum(torch.where(x > 0, x, b) * torch.tensor(WEIGHTS3, dtype=x.dtype))


def cumprod_sum(x):
    return torch.sum(torch.cumprod(x, dim=0))


class CumProd(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x):
        out = torch.cumprod(x, dim=0)
        ctx.save_for_backward(x, out)
        return out

    @staticmethod
    def backward(ctx, grad):
        x, out = ctx.saved_tensors
        return torch.flip(torch.cumsum(torch.flip(grad * out, [0]), 0), [0]) / x  # d out_k / d x_j = out_k / x_j


def my_cumprod_sum(x):
    return torch.sum(CumProd.apply(x))


def normal_sample(mu, sigma):
    torch.manual_seed(0)
    z = D.Normal(mu, sigma).rsample()
    return torch.sum(z ** 2)


def gamma_sample(alpha):
    torch.manual_seed(0)
    return torch.sum(D.Gamma(alpha, torch.ones_like(alpha)).rsample())


def masked_sq(x):
    valid = x > 0
    return torch.sum(x[valid] ** 2)
