"""A user's PyTorch code, seventy-fourth round (d): graph neural networks on a tiny graph with torch's own scatter
operations (no torch_scatter): the same 5-node graph (a duplicate edge 1 -> 2, a self-loop 3 -> 3, node 4 isolated).
PyG's gcn_norm (self-loops added by torch.cat, degrees by index_add_, deg.pow(-0.5) with its inf masked to 0 by
masked_fill_), without self-loops, and with deg.clamp(min=1); mean and max aggregation by Tensor.scatter_reduce ("mean",
"amax", include_self=False, and "amax" over a zero base with include_self=True); GAT's softmax over incoming edges as
torch_geometric.utils.softmax writes it (amax shift, exp, a sum + 1e-16); GraphSAGE's F.normalize at a zero embedding;
link prediction's F.binary_cross_entropy on sigmoids and F.binary_cross_entropy_with_logits; a graph readout by
torch.max; the Laplacian's eigenvalues by torch.linalg.eigh; an inverse-degree-weighted loss. Then: scatter_reduce
"mean" with its default include_self=True, a pooling max of relu(w x), F.binary_cross_entropy on one sigmoid per
entry, and GCN by torch.sparse.mm."""

import torch
import torch.nn.functional as F

N = 5
SRC = torch.tensor([0, 1, 1, 2, 2, 3, 1, 3])
DST = torch.tensor([1, 0, 2, 1, 3, 2, 2, 3])
POS = (torch.tensor([0, 2]), torch.tensor([1, 3]))
NEG = (torch.tensor([0, 1]), torch.tensor([4, 3]))
CYCLE = (torch.tensor([0, 1, 2, 3]), torch.tensor([1, 2, 3, 0]))
TARGET = [0.2, -0.1, 0.4, 0.0, 0.3]


def _target(x):
    return torch.tensor(TARGET, dtype=x.dtype)


def _propagate(x, src, dst, norm):
    return torch.zeros(N, dtype=x.dtype).index_add_(0, dst, norm * x[src])


def gcn_pyg(x, edge_weight):
    """PyG's gcn_norm with add_self_loops=True, then one propagation."""
    loop = torch.arange(N)
    src, dst = torch.cat([SRC, loop]), torch.cat([DST, loop])
    ew = torch.cat([edge_weight, torch.ones(N, dtype=x.dtype)])
    deg = torch.zeros(N, dtype=x.dtype).index_add_(0, dst, ew)
    deg_inv_sqrt = deg.pow(-0.5)
    deg_inv_sqrt.masked_fill_(deg_inv_sqrt == float("inf"), 0)
    h = _propagate(x, src, dst, deg_inv_sqrt[src] * ew * deg_inv_sqrt[dst])
    return 0.5 * (h ** 2).sum()


def gcn_pyg_no_loops(x, edge_weight):
    deg = torch.zeros(N, dtype=x.dtype).index_add_(0, DST, edge_weight)
    deg_inv_sqrt = deg.pow(-0.5)
    deg_inv_sqrt.masked_fill_(deg_inv_sqrt == float("inf"), 0)
    h = _propagate(x, SRC, DST, deg_inv_sqrt[SRC] * edge_weight * deg_inv_sqrt[DST])
    return 0.5 * ((h - _target(x)) ** 2).sum()


def gcn_clamp(x, edge_weight):
    deg = torch.zeros(N, dtype=x.dtype).index_add_(0, DST, edge_weight)
    dinv = deg.clamp(min=1.0).pow(-0.5)
    h = _propagate(x, SRC, DST, dinv[SRC] * edge_weight * dinv[DST])
    return 0.5 * ((h - _target(x)) ** 2).sum()


def mean_agg(x, w):
    m = torch.zeros(N, dtype=x.dtype).scatter_reduce(0, DST, x[SRC], reduce="mean", include_self=False)
    h = w[0] * x + w[1] * m
    return 0.5 * (h ** 2).sum()


def max_agg(x, w):
    m = torch.zeros(N, dtype=x.dtype).scatter_reduce(0, DST, x[SRC], reduce="amax", include_self=False)
    h = w[0] * x + w[1] * m
    return 0.5 * (h ** 2).sum()


def max_agg_relu(x, w):
    """amax over a zero base with include_self=True: max(0, neighbours)."""
    m = torch.zeros(N, dtype=x.dtype).scatter_reduce(0, DST, x[SRC], reduce="amax", include_self=True)
    h = w[0] * x + w[1] * m
    return 0.5 * (h ** 2).sum()


def _softmax(src, index):
    """torch_geometric.utils.softmax, written out."""
    src_max = torch.zeros(N, dtype=src.dtype).scatter_reduce(0, index, src, reduce="amax", include_self=False)
    out = (src - src_max[index]).exp()
    out_sum = torch.zeros(N, dtype=src.dtype).index_add_(0, index, out) + 1e-16
    return out / out_sum[index]


def gat(x, a):
    e = F.leaky_relu(a[0] * x[SRC] + a[1] * x[DST], negative_slope=0.2)
    alpha = _softmax(e, DST)
    h = torch.zeros(N, dtype=x.dtype).index_add_(0, DST, alpha * x[SRC])
    return 0.5 * ((h - _target(x)) ** 2).sum()


def sage_normalize(x, w):
    s = torch.zeros(N, dtype=x.dtype).index_add_(0, DST, x[SRC])
    cnt = torch.zeros(N, dtype=x.dtype).index_add_(0, DST, torch.ones_like(x[SRC]))
    m = s / cnt.clamp(min=1.0)
    h = torch.stack([w[0] * x + w[1] * m, w[2] * x + w[3] * m], dim=1)
    z = F.normalize(h, p=2.0, dim=1)
    return (z @ torch.tensor([0.6, -0.8], dtype=x.dtype)).sum()


def _scores(z):
    pos = (z[POS[0]] * z[POS[1]]).sum(-1)
    neg = (z[NEG[0]] * z[NEG[1]]).sum(-1)
    return torch.cat([pos, neg]), torch.cat([torch.ones_like(pos), torch.zeros_like(neg)])


def link_bce(z):
    s, y = _scores(z)
    return F.binary_cross_entropy(torch.sigmoid(s), y)


def link_bce_logits(z):
    s, y = _scores(z)
    return F.binary_cross_entropy_with_logits(s, y)


def readout(x, w):
    h = w * x
    return 0.5 * h.sum() + 1.0 * h.mean() + 2.0 * torch.max(h)


def _laplacian(w):
    A = torch.zeros(4, 4, dtype=w.dtype)
    A = A.index_put((CYCLE[0], CYCLE[1]), w, accumulate=True).index_put((CYCLE[1], CYCLE[0]), w, accumulate=True)
    return torch.diag(A.sum(1)) - A


def lap_lambda2(w):
    return torch.linalg.eigh(_laplacian(w)).eigenvalues[1]


def lap_energy(w):
    return (torch.linalg.eigvalsh(_laplacian(w)) ** 2).sum()


def degree_weighted(x, edge_weight):
    deg = torch.zeros(N, dtype=x.dtype).index_add_(0, DST, edge_weight)
    h = torch.zeros(N, dtype=x.dtype).index_add_(0, DST, edge_weight * x[SRC])
    wts = torch.where(deg > 0, 1.0 / deg, torch.zeros_like(deg))
    return (wts * (h - _target(x)) ** 2).sum()


def mean_agg_include_self(x, w):
    """scatter_reduce's default include_self=True: the zero base is averaged in (sum / (count + 1))."""
    m = torch.zeros(N, dtype=x.dtype).scatter_reduce(0, DST, x[SRC], reduce="mean")
    h = w[0] * x + w[1] * m
    return 0.5 * (h ** 2).sum()


def max_pool(x, w):
    m = torch.zeros(N, dtype=x.dtype).scatter_reduce(0, DST, F.relu(w * x[SRC]), reduce="amax", include_self=False)
    return 0.5 * ((x + m) ** 2).sum()


def link_bce_single(s):
    return F.binary_cross_entropy(torch.sigmoid(s), torch.ones_like(s))


def gcn_sparse(x, edge_weight):
    """GCN with self-loops as a sparse matrix product (torch.sparse_coo_tensor, torch.sparse.mm)."""
    deg = torch.zeros(N, dtype=x.dtype).index_add_(0, DST, edge_weight) + 1.0
    dinv = deg.pow(-0.5)
    A = torch.sparse_coo_tensor(torch.stack([DST, SRC]), dinv[SRC] * edge_weight * dinv[DST], (N, N))
    h = torch.sparse.mm(A, x[:, None])[:, 0] + x / deg
    return 0.5 * (h ** 2).sum()
