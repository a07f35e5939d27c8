"""A user's PyTorch code, seventy-fifth round (d): contrastive and metric-learning losses on tiny batches. InfoNCE by
F.normalize and F.cross_entropy (temperatures 0.07 and 0.01); SimCLR's NT-Xent over F.cosine_similarity of every pair
with the diagonal masked_fill-ed by -inf (and by -1e9); F.cosine_similarity at a zero vector; F.triplet_margin_loss
(its pairwise_distance adds eps = 1e-6 to the difference) and a hand-written relu triplet; batch-hard mining over
torch.cdist; SupContrast's SupConLoss as its repository writes it (mean over each anchor's positives: bare, and with
the later guard for an anchor without positives); insightface's ArcMarginProduct (sine = sqrt((1 - cos^2).clamp(0,
1))) and ArcFace by torch.acos of a clamped cosine; the center loss of KaiyangZhou's repository (distmat clamped to
[1e-12, 1e12] after masking); Barlow Twins as its repository writes it (in-place diagonal and off_diagonal view) with
z.std(0) and with F.batch_norm; VICReg as its repository writes it; BYOL's loss on a detached target."""

import math

import torch
import torch.nn.functional as F

LABELS = torch.tensor([0, 0, 1, 1])
SINGLETON = torch.tensor([0, 0, 1, 2])  # classes 1 and 2 have one sample each: an anchor without positives
CLASSES = torch.tensor([0, 2, 1])


# ------------------------------------------------------------------------------------------------- InfoNCE
def info_nce(z1, z2):
    logits = F.normalize(z1, dim=1) @ F.normalize(z2, dim=1).T / 0.07
    return F.cross_entropy(logits, torch.arange(z1.shape[0]))


def info_nce_t001(z1, z2):
    logits = F.normalize(z1, dim=1) @ F.normalize(z2, dim=1).T / 0.01
    return F.cross_entropy(logits, torch.arange(z1.shape[0]))


def nt_xent(z1, z2):
    n = z1.shape[0]
    z = torch.cat([z1, z2], dim=0)
    sim = F.cosine_similarity(z.unsqueeze(1), z.unsqueeze(0), dim=2) / 0.07
    sim = sim.masked_fill(torch.eye(2 * n, dtype=torch.bool), float("-inf"))
    target = torch.cat([torch.arange(n, 2 * n), torch.arange(n)])
    return F.cross_entropy(sim, target)


def nt_xent_large_num(z1, z2):
    n = z1.shape[0]
    z = F.normalize(torch.cat([z1, z2], dim=0), dim=1)
    sim = z @ z.T / 0.07
    sim = sim.masked_fill(torch.eye(2 * n, dtype=torch.bool), -1e9)
    target = torch.cat([torch.arange(n, 2 * n), torch.arange(n)])
    return F.cross_entropy(sim, target)


def cosine(a, b):
    return (1 - F.cosine_similarity(a, b, dim=-1)).sum()


# ------------------------------------------------------------------------------------------------- triplets
def triplet_builtin(a, p, n):
    return F.triplet_margin_loss(a, p, n, margin=1.0)


def triplet_relu(a, p, n):
    d_ap = (a - p).pow(2).sum(-1)
    d_an = (a - n).pow(2).sum(-1)
    return F.relu(d_ap - d_an + 1.0).mean()


def batch_hard(e):
    d = torch.cdist(e, e)
    same = LABELS[:, None] == LABELS[None, :]
    hardest_pos = d.masked_fill(~same, float("-inf")).max(dim=1).values
    hardest_neg = d.masked_fill(same, float("inf")).min(dim=1).values
    return F.relu(hardest_pos - hardest_neg + 0.5).mean()


# ------------------------------------------------------------------------------------------------- SupCon
def _supcon(features, labels, guard):
    """SupConLoss (Khosla et al.'s repository), one view, temperature 0.07 (base_temperature 0.07)."""
    features = F.normalize(features, dim=1)
    labels = labels.contiguous().view(-1, 1)
    mask = torch.eq(labels, labels.T).to(features.dtype)
    anchor_dot_contrast = torch.div(torch.matmul(features, features.T), 0.07)
    logits_max, _ = torch.max(anchor_dot_contrast, dim=1, keepdim=True)
    logits = anchor_dot_contrast - logits_max.detach()
    n = features.shape[0]
    logits_mask = torch.scatter(torch.ones_like(mask), 1, torch.arange(n).view(-1, 1), 0)
    mask = mask * logits_mask
    exp_logits = torch.exp(logits) * logits_mask
    log_prob = logits - torch.log(exp_logits.sum(1, keepdim=True))
    mask_pos_pairs = mask.sum(1)
    if guard:
        mask_pos_pairs = torch.where(mask_pos_pairs < 1e-6, 1, mask_pos_pairs)
    mean_log_prob_pos = (mask * log_prob).sum(1) / mask_pos_pairs
    return -(0.07 / 0.07) * mean_log_prob_pos.mean()


def supcon(features):
    return _supcon(features, LABELS, False)


def supcon_singleton(features):
    return _supcon(features, SINGLETON, False)


def supcon_singleton_guarded(features):
    return _supcon(features, SINGLETON, True)


# ------------------------------------------------------------------------------------------------- ArcFace
def arc_margin(x, W, s=16.0, m=0.5):
    """insightface's ArcMarginProduct (easy_margin=False)."""
    cos_m, sin_m = math.cos(m), math.sin(m)
    th = math.cos(math.pi - m)
    mm = math.sin(math.pi - m) * m
    cosine = F.linear(F.normalize(x), F.normalize(W))
    sine = torch.sqrt((1.0 - torch.pow(cosine, 2)).clamp(0, 1))
    phi = cosine * cos_m - sine * sin_m
    phi = torch.where(cosine > th, phi, cosine - mm)
    one_hot = torch.zeros_like(cosine)
    one_hot.scatter_(1, CLASSES.view(-1, 1), 1)
    output = (one_hot * phi + (1.0 - one_hot) * cosine) * s
    return F.cross_entropy(output, CLASSES)


def arcface_acos(x, W):
    cosine = F.linear(F.normalize(x), F.normalize(W))
    theta = torch.acos(torch.clamp(cosine, -1.0 + 1e-7, 1.0 - 1e-7))
    one_hot = F.one_hot(CLASSES, W.shape[0]).to(x.dtype)
    logits = 16.0 * torch.where(one_hot > 0, torch.cos(theta + 0.5), cosine)
    return F.cross_entropy(logits, CLASSES)


# ------------------------------------------------------------------------------------------------- center loss
def center_loss(x, centers):
    """KaiyangZhou/pytorch-center-loss."""
    batch_size, num_classes = x.size(0), centers.size(0)
    distmat = torch.pow(x, 2).sum(dim=1, keepdim=True).expand(batch_size, num_classes) + \
        torch.pow(centers, 2).sum(dim=1, keepdim=True).expand(num_classes, batch_size).t()
    distmat = distmat.addmm(x, centers.t(), beta=1, alpha=-2)
    classes = torch.arange(num_classes).long()
    labels = CLASSES.unsqueeze(1).expand(batch_size, num_classes)
    mask = labels.eq(classes.expand(batch_size, num_classes))
    dist = distmat * mask.float().to(x.dtype)
    return dist.clamp(min=1e-12, max=1e+12).sum() / batch_size


# ------------------------------------------------------------------------------------------------- Barlow Twins, VICReg
def off_diagonal(x):
    n, m = x.shape
    assert n == m
    return x.flatten()[:-1].view(n - 1, n + 1)[:, 1:].flatten()


def barlow_std(z1, z2):
    z1n = (z1 - z1.mean(0)) / z1.std(0)
    z2n = (z2 - z2.mean(0)) / z2.std(0)
    c = z1n.T @ z2n / z1.shape[0]
    on_diag = torch.diagonal(c).add_(-1).pow_(2).sum()
    off_diag = off_diagonal(c).pow_(2).sum()
    return on_diag + 5e-3 * off_diag


def barlow_bn(z1, z2):
    a = F.batch_norm(z1, None, None, training=True, eps=1e-5)
    b = F.batch_norm(z2, None, None, training=True, eps=1e-5)
    c = a.T @ b / z1.shape[0]
    on_diag = torch.diagonal(c).add_(-1).pow_(2).sum()
    off_diag = off_diagonal(c).pow_(2).sum()
    return on_diag + 5e-3 * off_diag


def vicreg(x, y):
    batch_size, num_features = x.shape
    repr_loss = F.mse_loss(x, y)
    x = x - x.mean(dim=0)
    y = y - y.mean(dim=0)
    std_x = torch.sqrt(x.var(dim=0) + 0.0001)
    std_y = torch.sqrt(y.var(dim=0) + 0.0001)
    std_loss = torch.mean(F.relu(1 - std_x)) / 2 + torch.mean(F.relu(1 - std_y)) / 2
    cov_x = (x.T @ x) / (batch_size - 1)
    cov_y = (y.T @ y) / (batch_size - 1)
    cov_loss = off_diagonal(cov_x).pow_(2).sum().div(num_features) + off_diagonal(cov_y).pow_(2).sum().div(num_features)
    return 25.0 * repr_loss + 25.0 * std_loss + 1.0 * cov_loss


# ------------------------------------------------------------------------------------------------- BYOL
def byol(p, z):
    p = F.normalize(p, dim=-1, p=2)
    z = F.normalize(z.detach(), dim=-1, p=2)
    return (2 - 2 * (p * z).sum(dim=-1)).mean()
