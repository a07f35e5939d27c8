"""A user's plain NumPy code, seventy-fifth round (d): contrastive and metric-learning losses on tiny batches, as
course notebooks write them before moving to a framework: InfoNCE with a max-shifted log-softmax and the naive exp /
sum at temperature 0.01; cosine similarity by x / np.linalg.norm (bare, and + 1e-8); a triplet loss by np.maximum;
a supervised contrastive loss (bare mean over positives, and with the count clamped by np.maximum); center loss;
Barlow Twins standardised by np.std; VICReg; ArcFace by np.arccos(np.clip(cos, -1, 1))."""

import numpy as np

LABELS = np.array([0, 0, 1, 1])
SINGLETON = np.array([0, 0, 1, 2])
CLASSES = np.array([0, 2, 1])


def _unit(z):
    return z / np.linalg.norm(z, axis=1, keepdims=True)


def _log_softmax(x):
    m = np.max(x, axis=1, keepdims=True)
    return x - m - np.log(np.sum(np.exp(x - m), axis=1, keepdims=True))


def info_nce(z1, z2):
    logits = _unit(z1) @ _unit(z2).T / 0.07
    return -np.mean(np.diag(_log_softmax(logits)))


def info_nce_naive(z1, z2):
    e = np.exp(_unit(z1) @ _unit(z2).T / 0.01)
    return -np.mean(np.log(np.diag(e) / e.sum(axis=1)))


def cosine_eps(a, b):
    cos = np.sum(a * b, axis=-1) / (np.linalg.norm(a, axis=-1) * np.linalg.norm(b, axis=-1) + 1e-8)
    return np.sum(1.0 - cos)


def triplet(a, p, n):
    d_ap = np.sum((a - p) ** 2, axis=-1)
    d_an = np.sum((a - n) ** 2, axis=-1)
    return np.mean(np.maximum(d_ap - d_an + 1.0, 0.0))


def _supcon(features, labels, guard):
    f = _unit(features)
    n = f.shape[0]
    logits = f @ f.T / 0.07
    not_self = 1.0 - np.eye(n)
    logits = logits - np.max(logits, axis=1, keepdims=True)
    exp_logits = np.exp(logits) * not_self
    log_prob = logits - np.log(exp_logits.sum(axis=1, keepdims=True))
    mask = (labels[:, None] == labels[None, :]) * not_self
    count = mask.sum(axis=1)
    if guard:
        count = np.maximum(count, 1.0)
    return -np.mean((mask * log_prob).sum(axis=1) / count)


def supcon(features):
    return _supcon(features, LABELS, False)


def supcon_singleton(features):
    return _supcon(features, SINGLETON, False)


def supcon_singleton_guarded(features):
    return _supcon(features, SINGLETON, True)


def center_loss(x, centers):
    return 0.5 * np.mean(np.sum((x - centers[CLASSES]) ** 2, axis=1))


def barlow_std(z1, z2):
    a = (z1 - z1.mean(0)) / z1.std(0)
    b = (z2 - z2.mean(0)) / z2.std(0)
    c = a.T @ b / z1.shape[0]
    on = np.sum((np.diag(c) - 1.0) ** 2)
    off = np.sum(c ** 2) - np.sum(np.diag(c) ** 2)
    return on + 5e-3 * off


def vicreg(z1, z2):
    n, d = z1.shape
    inv = np.mean((z1 - z2) ** 2)
    std1 = np.sqrt(z1.var(axis=0, ddof=1) + 1e-4)
    std2 = np.sqrt(z2.var(axis=0, ddof=1) + 1e-4)
    var = np.mean(np.maximum(1.0 - std1, 0.0)) / 2 + np.mean(np.maximum(1.0 - std2, 0.0)) / 2
    c1, c2 = z1 - z1.mean(0), z2 - z2.mean(0)
    cov1, cov2 = c1.T @ c1 / (n - 1), c2.T @ c2 / (n - 1)
    off1 = np.sum(cov1 ** 2) - np.sum(np.diag(cov1) ** 2)
    off2 = np.sum(cov2 ** 2) - np.sum(np.diag(cov2) ** 2)
    return 25.0 * inv + 25.0 * var + off1 / d + off2 / d


def arcface(x, W):
    cos = _unit(x) @ _unit(W).T
    theta = np.arccos(np.clip(cos, -1.0, 1.0))
    onehot = np.eye(W.shape[0])[CLASSES]
    logits = 16.0 * np.where(onehot > 0, np.cos(theta + 0.5), cos)
    return -np.mean(np.sum(onehot * _log_softmax(logits), axis=1))
