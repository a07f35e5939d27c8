"""Round 61d (PyTorch): indexing, gather / scatter and discrete picks inside losses as users write them:
index_select with repeats, gather for an NLL, scatter_add into an empty bucket, scatter_reduce (amax, mean),
index_put_(accumulate=True), masked_select, boolean-mask means, torch.topk, torch.sort, embedding lookups with
repeated ids."""

import torch
import torch.nn.functional as F

W3 = [1.0, 2.0, 3.0]


def index_select_sq(x):
    return (torch.index_select(x, 0, torch.tensor([0, 0, 2])) ** 2).sum()


def nll_gather(logits):
    labels = torch.tensor([2, 0])
    logp = F.log_softmax(logits, dim=1)
    return -logp.gather(1, labels[:, None]).mean()


def scatter_add_log(x):
    out = torch.zeros(4, dtype=x.dtype).scatter_add(0, torch.tensor([0, 0, 2]), x ** 2)
    return torch.log1p(out).sum()


def scatter_amax(x):
    out = torch.zeros(2, dtype=x.dtype).scatter_reduce(0, torch.tensor([0, 0, 1]), x, reduce="amax",
                                                       include_self=False)
    return (out * torch.tensor([1.0, 2.0], dtype=x.dtype)).sum()


def scatter_mean(x):
    out = torch.zeros(2, dtype=x.dtype).scatter_reduce(0, torch.tensor([0, 0, 1]), x, reduce="mean",
                                                       include_self=False)
    return (out ** 2).sum()


def index_put_acc(x):
    out = torch.zeros(3, dtype=x.dtype)
    out = out.index_put((torch.tensor([1, 1, 0]),), x, accumulate=True)
    return (out ** 2).sum()


def index_put_inplace(x):
    out = torch.zeros(3, dtype=x.dtype)
    out.index_put_((torch.tensor([2, 0]),), x[:2] * 3.0)
    return (out * torch.tensor(W3, dtype=x.dtype)).sum()


def masked_select_sq(x):
    return (torch.masked_select(x, x > 0) ** 2).sum()


def mask_mean(x):
    keep = torch.tensor([True, False, True])
    return (x[keep] ** 2).mean()


def topk_weighted(x):
    values, _ = torch.topk(x, 2)
    return (values * torch.tensor([2.0, 1.0], dtype=x.dtype)).sum()


def sort_weighted(x):
    values, _ = torch.sort(x)
    return (values * torch.tensor(W3, dtype=x.dtype)).sum()


def embed_repeat(weight):
    ids = torch.tensor([1, 1, 0])
    e = F.embedding(ids, weight)
    return (e ** 2).sum()


def max_reduce(x):
    return x.max() * 2.0 + x.sum()


def index_add_sq(x):
    out = torch.zeros(2, dtype=x.dtype).index_add(0, torch.tensor([1, 1, 0]), x)
    return (out ** 2).sum()


def ce_ignore_index(logits):
    return F.cross_entropy(logits, torch.tensor([2, -100]), ignore_index=-100)
