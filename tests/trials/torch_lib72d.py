"""A user's PyTorch code, seventy-second round (d): recommender losses and embeddings as users write them in PyTorch on
tiny tables. BPR by F.logsigmoid and by log of a sigmoid, lookups by F.embedding with repeated indices (plain, with
scale_grad_by_freq, with max_norm), F.embedding_bag's mean over bags with an empty one and its max mode, a bag mean
by hand, F.cosine_similarity and F.normalize at a zero embedding, a two-tower in-batch F.cross_entropy with a
temperature, F.margin_ranking_loss at its margin, a factorisation machine's pairwise term and popularity-debiased
logits by torch.log of the popularity (bare and clamped)."""

import torch
import torch.nn.functional as F

IDX = torch.tensor([0, 2, 2, 1, 2])
IDX_UNIQUE = torch.tensor([0, 2, 1])
BAG_IDX = torch.tensor([0, 2, 2, 1])
BAG_OFFSETS = torch.tensor([0, 2, 2])  # bag 1 is empty
ONEHOT = [[1.0, 1.0, 0.0, 0.0], [0.0, 0.0, 0.0, 0.0], [0.0, 0.0, 1.0, 1.0]]
WV = [0.5, -1.0]
TEMP = 0.05


def _score(u, i, j):
    return (u * i).sum() - (u * j).sum()


def bpr_logsigmoid(u, i, j):
    return -F.logsigmoid(_score(u, i, j))


def bpr_log_of_sigmoid(u, i, j):
    return -torch.log(torch.sigmoid(_score(u, i, j)))


def _readout(emb):
    return torch.tanh(emb @ torch.tensor(WV, dtype=emb.dtype)).sum()


def embedding_lookup(W):
    return _readout(F.embedding(IDX, W))


def embedding_freq(W):
    return _readout(F.embedding(IDX, W, scale_grad_by_freq=True))


def embedding_freq_unique(W):
    return _readout(F.embedding(IDX_UNIQUE, W, scale_grad_by_freq=True))


def embedding_max_norm(W):
    return _readout(F.embedding(IDX, W, max_norm=1.0))


def bag_mean(W):
    return _readout(F.embedding_bag(BAG_IDX, W, BAG_OFFSETS, mode="mean"))


def bag_max(W):
    return _readout(F.embedding_bag(BAG_IDX, W, BAG_OFFSETS, mode="max"))


def bag_mean_by_hand(W):
    onehot = torch.tensor(ONEHOT, dtype=W.dtype)
    sums = onehot @ W[BAG_IDX]
    counts = onehot.sum(dim=1, keepdim=True)
    return _readout(sums / counts)


def cosine_similarity(u, v):
    return F.cosine_similarity(u, v, dim=0)


def cosine_normalize(u, v):
    return (F.normalize(u, dim=0) * F.normalize(v, dim=0)).sum()


def two_tower_ce(Qe, De):
    logits = Qe @ De.T / TEMP
    return F.cross_entropy(logits, torch.arange(Qe.shape[0]))


def margin_rank(pos, neg):
    return F.margin_ranking_loss(pos, neg, torch.ones_like(pos), margin=1.0)


def fm_pairwise(v, x):
    xv = x @ v
    return 0.5 * (xv ** 2 - (x ** 2) @ (v ** 2)).sum()


def popularity_debiased(s, p):
    logits = s - torch.log(p)
    return -F.log_softmax(logits, dim=0)[0]


def popularity_debiased_clamped(s, p):
    logits = s - torch.log(p.clamp_min(1e-12))
    return -F.log_softmax(logits, dim=0)[0]
