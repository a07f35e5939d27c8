"""A user's PyTorch code, sixty-fifth round (d): the built-in losses at their edges. F.nll_loss with weight= and
ignore_index, F.cross_entropy with label_smoothing and class weights, F.binary_cross_entropy near p = 0 (its log
clamped at -100, its backward's denominator at 1e-12), F.binary_cross_entropy_with_logits with pos_weight at +-100,
F.poisson_nll_loss (log_input True with full=True, log_input False at x = 0), F.gaussian_nll_loss below its eps,
F.kl_div with log_target, F.huber_loss / F.smooth_l1_loss at their switch, F.soft_margin_loss at -100,
F.margin_ranking_loss and F.hinge_embedding_loss at the margin, F.cosine_embedding_loss at a zero vector,
F.triplet_margin_loss at equal distances, and torchvision's sigmoid focal loss written by hand."""
import torch
import torch.nn.functional as F

T2 = torch.tensor([0, 2])
T2_IGN = torch.tensor([0, -100])
CW = torch.tensor([1.0, 2.0, 0.5])


def nll_weighted(x):
    return F.nll_loss(F.log_softmax(x.view(2, 3), dim=1), T2, weight=CW.to(x.dtype))


def nll_ignore(x):
    return F.nll_loss(F.log_softmax(x.view(2, 3), dim=1), T2_IGN, weight=CW.to(x.dtype), ignore_index=-100)


def ce_smooth(x):
    return F.cross_entropy(x.view(2, 3), T2, label_smoothing=0.1)


def ce_smooth_weighted(x):
    return F.cross_entropy(x.view(2, 3), T2, weight=CW.to(x.dtype), label_smoothing=0.2)


def bce_prob(p):
    y = torch.tensor([1.0, 0.0], dtype=p.dtype)
    return F.binary_cross_entropy(p, y)


def bce_logits_pw(z):
    y = torch.tensor([1.0, 0.0, 1.0], dtype=z.dtype)
    return F.binary_cross_entropy_with_logits(z, y, pos_weight=torch.tensor([3.0], dtype=z.dtype))


def poisson_log_full(x):
    t = torch.tensor([0.0, 1.0, 4.0], dtype=x.dtype)
    return F.poisson_nll_loss(x, t, log_input=True, full=True)


def poisson_rate(x):
    t = torch.tensor([2.0, 0.0], dtype=x.dtype)
    return F.poisson_nll_loss(x, t, log_input=False)


def gaussian_nll(mu, var):
    t = torch.tensor([0.5, -1.0], dtype=mu.dtype)
    return F.gaussian_nll_loss(mu, t, var)


def kl_logt(x):
    lq = torch.log(torch.tensor([[0.2, 0.3, 0.5]], dtype=x.dtype))
    return F.kl_div(F.log_softmax(x.view(1, 3), dim=1), lq, reduction="batchmean", log_target=True)


def kl_zeros(x):
    q = torch.tensor([[0.0, 0.4, 0.6]], dtype=x.dtype)
    return F.kl_div(F.log_softmax(x.view(1, 3), dim=1), q, reduction="batchmean")


def huber(x):
    return F.huber_loss(x, torch.zeros_like(x), delta=1.0)


def smooth_l1(x):
    return F.smooth_l1_loss(x, torch.zeros_like(x), beta=0.5)


def smooth_l1_beta0(x):
    return F.smooth_l1_loss(x, torch.zeros_like(x), beta=0.0)


def soft_margin(x):
    return F.soft_margin_loss(x, torch.ones_like(x))


def margin_ranking(a, b):
    return F.margin_ranking_loss(a, b, torch.ones_like(a), margin=0.5)


def hinge_embedding(x):
    return F.hinge_embedding_loss(x, -torch.ones_like(x), margin=1.0)


def cosine_embedding(x):
    y = torch.tensor([[1.0, 2.0]], dtype=x.dtype)
    return F.cosine_embedding_loss(x.view(1, 2), y, torch.tensor([1]))


def triplet(a):
    p = torch.tensor([[1.0, 0.0]], dtype=a.dtype)
    n = torch.tensor([[0.0, 1.0]], dtype=a.dtype)
    return F.triplet_margin_loss(a.view(1, 2), p, n, margin=0.0)


def triplet_m1(a):
    p = torch.tensor([[1.0, 0.0]], dtype=a.dtype)
    n = torch.tensor([[0.0, 1.0]], dtype=a.dtype)
    return F.triplet_margin_loss(a.view(1, 2), p, n, margin=1.0)


def focal(z):
    t = torch.tensor([1.0, 0.0], dtype=z.dtype)
    p = torch.sigmoid(z)
    ce = F.binary_cross_entropy_with_logits(z, t, reduction="none")
    p_t = p * t + (1 - p) * (1 - t)
    loss = ce * ((1 - p_t) ** 2)
    alpha_t = 0.25 * t + 0.75 * (1 - t)
    return (alpha_t * loss).mean()
