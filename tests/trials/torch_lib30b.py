"""A user's PyTorch code, thirtieth round (b): recommender systems, object detection, ordinal regression, attention
masks and physics-informed losses. Bayesian personalised ranking (log of a sigmoid, and logsigmoid; a custom
autograd.Function whose backward writes 1 - sigmoid), a rating's squared error under matrix factorisation with L2
through .norm() ** 2 (at zero embeddings), an nn.Embedding factorisation model read by parameter name, an
approximate NDCG through sigmoid ranks at a low temperature, box losses written by hand (IoU, GIoU, DIoU at
overlapping, disjoint, touching and identical boxes), Faster R-CNN's clamped log-size decoding, a cumulative-link
ordinal likelihood with its +-inf cut-points (the difference of sigmoids, and the factored log form), attention whose
padding query sees only -inf scores (its NaN row blanked afterwards), physics-informed residuals through
torch.autograd.grad(create_graph=True) (u' + u = 0 and u'' = -u, by a parameter vector and through an nn.Sequential by
parameter name), and a mean-squared-error autograd.Function right and with its 1/N forgotten."""

import math

import torch
import torch.nn.functional as F


# ------------------------------------------------------------------------------------------------- recommenders
def bpr_loss_naive(pos, neg):
    """Bayesian personalised ranking: -mean log sigmoid(seen item's score - unseen item's score)."""
    return -torch.log(torch.sigmoid(pos - neg)).mean()


def bpr_loss(pos, neg):
    """The same through F.logsigmoid."""
    return -F.logsigmoid(pos - neg).mean()


class LogSigmoid(torch.autograd.Function):
    """log sigmoid(x) with a hand-written backward, as a BPR implementation ships it."""

    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return F.logsigmoid(x)

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return grad_output * (1 - torch.sigmoid(x))


class LogSigmoidStable(torch.autograd.Function):
    """The same, its backward written sigmoid(-x)."""

    @staticmethod
    def forward(ctx, x):
        ctx.save_for_backward(x)
        return F.logsigmoid(x)

    @staticmethod
    def backward(ctx, grad_output):
        (x,) = ctx.saved_tensors
        return grad_output * torch.sigmoid(-x)


def bpr_loss_custom(pos, neg):
    """BPR through the LogSigmoid Function."""
    return -LogSigmoid.apply(pos - neg).mean()


def bpr_loss_custom_stable(pos, neg):
    """BPR through the LogSigmoidStable Function."""
    return -LogSigmoidStable.apply(pos - neg).mean()


RATING = 4.0
L2 = 0.01


def mf_loss(user, item):
    """One observed rating's squared error under matrix factorisation, with L2 on both embeddings."""
    pred = (user * item).sum()
    return (pred - RATING) ** 2 + L2 * (user.norm() ** 2 + item.norm() ** 2)


USER_WEIGHTS = [[0.5, -0.25], [0.0, 0.0], [1.0, 0.75]]  # user 1 is a cold start: its embedding is still zero
ITEM_WEIGHTS = [[0.3, 0.8], [-0.6, 0.1], [0.2, -0.4]]
USER_BIAS = [0.1, 0.0, -0.2]
ITEM_BIAS = [0.05, 0.3, 0.0]
USERS, ITEMS, RATINGS = [0, 1, 2, 1], [0, 2, 1, 1], [4.0, 3.0, 1.0, 5.0]


class MatrixFactorization(torch.nn.Module):
    """A biased matrix factorisation: user . item + user bias + item bias."""

    def __init__(self):
        super().__init__()
        self.user = torch.nn.Embedding(3, 2)
        self.item = torch.nn.Embedding(3, 2)
        self.user_bias = torch.nn.Embedding(3, 1)
        self.item_bias = torch.nn.Embedding(3, 1)

    def forward(self, users, items):
        dot = (self.user(users) * self.item(items)).sum(-1)
        return dot + self.user_bias(users).squeeze(-1) + self.item_bias(items).squeeze(-1)


def mf_model_loss(model, users, items, ratings):
    """Mean squared rating error plus L2 on the embedding tables."""
    reg = model.user.weight.pow(2).sum() + model.item.weight.pow(2).sum()
    return F.mse_loss(model(users, items), ratings) + L2 * reg


def mf_model_args():
    model = MatrixFactorization().double()
    with torch.no_grad():
        model.user.weight.copy_(torch.tensor(USER_WEIGHTS, dtype=torch.float64))
        model.item.weight.copy_(torch.tensor(ITEM_WEIGHTS, dtype=torch.float64))
        model.user_bias.weight.copy_(torch.tensor(USER_BIAS, dtype=torch.float64)[:, None])
        model.item_bias.weight.copy_(torch.tensor(ITEM_BIAS, dtype=torch.float64)[:, None])
    return {"model": model, "users": torch.tensor(USERS), "items": torch.tensor(ITEMS),
            "ratings": torch.tensor(RATINGS, dtype=torch.float64)}


RELEVANCE = [3.0, 2.0, 0.0, 1.0]


def _approx_ndcg(scores, temperature):
    n = scores.shape[0]
    diff = scores[None, :] - scores[:, None]  # diff[i, j] = s_j - s_i
    off_diagonal = 1 - torch.eye(n, dtype=scores.dtype)
    ranks = 1 + (torch.sigmoid(diff / temperature) * off_diagonal).sum(1)
    gains = 2 ** torch.tensor(RELEVANCE, dtype=scores.dtype) - 1
    dcg = (gains / torch.log2(1 + ranks)).sum()
    ideal = (gains.sort(descending=True).values / torch.log2(torch.arange(2, n + 2, dtype=scores.dtype))).sum()
    return 1 - dcg / ideal


def approx_ndcg_loss(scores):
    """ApproxNDCG (Qin et al.): ranks smoothed by sigmoids at temperature 1."""
    return _approx_ndcg(scores, 1.0)


def approx_ndcg_sharp(scores):
    """The same at temperature 0.01, close to the true ranks."""
    return _approx_ndcg(scores, 0.01)


# -------------------------------------------------------------------------------------------- object detection
TARGET_BOX = [1.0, 1.0, 3.0, 2.0]  # x1, y1, x2, y2


def _overlap(pred, target):
    iw = (torch.min(pred[2], target[2]) - torch.max(pred[0], target[0])).clamp(min=0)
    ih = (torch.min(pred[3], target[3]) - torch.max(pred[1], target[1])).clamp(min=0)
    inter = iw * ih
    union = (pred[2] - pred[0]) * (pred[3] - pred[1]) + (target[2] - target[0]) * (target[3] - target[1]) - inter
    return inter / union, union


def iou_loss(pred):
    """1 - IoU of a predicted box against the ground truth."""
    iou, _ = _overlap(pred, torch.tensor(TARGET_BOX, dtype=pred.dtype))
    return 1 - iou


def giou_loss(pred):
    """Generalised IoU loss (Rezatofighi et al.): 1 - IoU + (C - union) / C, C the enclosing box's area."""
    target = torch.tensor(TARGET_BOX, dtype=pred.dtype)
    iou, union = _overlap(pred, target)
    cw = torch.max(pred[2], target[2]) - torch.min(pred[0], target[0])
    ch = torch.max(pred[3], target[3]) - torch.min(pred[1], target[1])
    enclosing = cw * ch
    return 1 - iou + (enclosing - union) / enclosing


def diou_loss(pred):
    """Distance IoU loss (Zheng et al.): 1 - IoU + centre distance^2 / enclosing diagonal^2."""
    target = torch.tensor(TARGET_BOX, dtype=pred.dtype)
    iou, _ = _overlap(pred, target)
    centre_gap = ((pred[0] + pred[2]) - (target[0] + target[2])) ** 2 / 4 \
        + ((pred[1] + pred[3]) - (target[1] + target[3])) ** 2 / 4
    cw = torch.max(pred[2], target[2]) - torch.min(pred[0], target[0])
    ch = torch.max(pred[3], target[3]) - torch.min(pred[1], target[1])
    return 1 - iou + centre_gap / (cw ** 2 + ch ** 2)


ANCHOR = [0.0, 0.0, 16.0, 16.0]
GT_BOX = [2.0, 3.0, 40.0, 20.0]
BBOX_CLIP = math.log(1000.0 / 16)


def decode_l1(deltas):
    """Faster R-CNN's box decoding from (dx, dy, dw, dh) with the log-size deltas clamped, then L1 to the truth."""
    anchor = torch.tensor(ANCHOR, dtype=deltas.dtype)
    w, h = anchor[2] - anchor[0], anchor[3] - anchor[1]
    cx, cy = anchor[0] + 0.5 * w, anchor[1] + 0.5 * h
    dw, dh = torch.clamp(deltas[2], max=BBOX_CLIP), torch.clamp(deltas[3], max=BBOX_CLIP)
    pcx, pcy = cx + deltas[0] * w, cy + deltas[1] * h
    pw, ph = w * torch.exp(dw), h * torch.exp(dh)
    box = torch.stack([pcx - 0.5 * pw, pcy - 0.5 * ph, pcx + 0.5 * pw, pcy + 0.5 * ph])
    return F.l1_loss(box, torch.tensor(GT_BOX, dtype=deltas.dtype), reduction="sum")


# ---------------------------------------------------------------------------------------- ordinal regression
CUTPOINTS = [-1.0, 0.5, 2.0]
GRADES = [0, 1, 3]


def ordinal_nll_naive(f):
    """The cumulative-link (proportional odds) model's -log P(grade): sigmoid(upper - f) - sigmoid(lower - f)."""
    cuts = torch.tensor([-math.inf] + CUTPOINTS + [math.inf], dtype=f.dtype)
    grades = torch.tensor(GRADES)
    upper = torch.sigmoid(cuts[grades + 1] - f)
    lower = torch.sigmoid(cuts[grades] - f)
    return -torch.log(upper - lower).sum()


def ordinal_nll(f):
    """The same in logs: sigmoid(a) - sigmoid(b) = sigmoid(a) sigmoid(-b) (1 - e^(b - a))."""
    cuts = torch.tensor([-math.inf] + CUTPOINTS + [math.inf], dtype=f.dtype)
    grades = torch.tensor(GRADES)
    a, b = cuts[grades + 1] - f, cuts[grades] - f
    return -(F.logsigmoid(a) + F.logsigmoid(-b) + torch.log(-torch.expm1(b - a))).sum()


# --------------------------------------------------------------------------------------------------- attention
KEYS = [[1.0, 0.0], [0.5, 0.5], [0.0, 1.0]]
VALUES = [[1.0, 2.0], [0.0, -1.0], [3.0, 0.5]]
SEES = [[True, True, False], [False, False, False]]  # the second query is padding: it sees no key


def masked_attention(q):
    """Scaled dot-product attention with a boolean mask; a query that sees nothing gets zero weights."""
    k, v = torch.tensor(KEYS, dtype=q.dtype), torch.tensor(VALUES, dtype=q.dtype)
    sees = torch.tensor(SEES)
    scores = (q @ k.T / math.sqrt(q.shape[-1])).masked_fill(~sees, float("-inf"))
    weights = torch.softmax(scores, dim=-1)
    weights = weights.masked_fill(~sees.any(-1, keepdim=True), 0.0)  # the padding row's NaNs
    return (weights @ v).sum()


# -------------------------------------------------------------------------------------------- physics-informed
COLLOCATION = [0.0, 0.5, 1.0]


def pinn_decay(theta):
    """The residual of u' + u = 0, u(0) = 1, for the trial solution u(x) = a tanh(w x + b) + 1 - a tanh(b)."""
    a, w, b = theta[0], theta[1], theta[2]
    x = torch.tensor(COLLOCATION, dtype=theta.dtype, requires_grad=True)
    u = a * torch.tanh(w * x + b) + 1 - a * torch.tanh(b)
    (du,) = torch.autograd.grad(u.sum(), x, create_graph=True)
    return ((du + u) ** 2).mean()


def pinn_oscillator(theta):
    """The residual of u'' + u = 0 for u(x) = a sin(w x) + b x^2, through two create_graph derivatives."""
    a, w, b = theta[0], theta[1], theta[2]
    x = torch.tensor(COLLOCATION, dtype=theta.dtype, requires_grad=True)
    u = a * torch.sin(w * x) + b * x ** 2
    (du,) = torch.autograd.grad(u.sum(), x, create_graph=True)
    (d2u,) = torch.autograd.grad(du.sum(), x, create_graph=True)
    return ((d2u + u) ** 2).mean()


HIDDEN_W = [[0.8], [-0.5], [1.2]]
HIDDEN_B = [0.1, 0.3, -0.2]
OUT_W = [[0.6, -0.4, 0.25]]
OUT_B = [0.9]


def pinn_net_loss(net, x):
    """A network's u' + u = 0 residual at the collocation points plus (u(0) - 1)^2."""
    x = x.clone().requires_grad_(True)
    u = net(x)
    (du,) = torch.autograd.grad(u.sum(), x, create_graph=True)
    boundary = net(torch.zeros(1, 1, dtype=x.dtype)) - 1
    return ((du + u) ** 2).mean() + boundary.pow(2).sum()


def pinn_net_args():
    net = torch.nn.Sequential(torch.nn.Linear(1, 3), torch.nn.Tanh(), torch.nn.Linear(3, 1)).double()
    with torch.no_grad():
        net[0].weight.copy_(torch.tensor(HIDDEN_W, dtype=torch.float64))
        net[0].bias.copy_(torch.tensor(HIDDEN_B, dtype=torch.float64))
        net[2].weight.copy_(torch.tensor(OUT_W, dtype=torch.float64))
        net[2].bias.copy_(torch.tensor(OUT_B, dtype=torch.float64))
    return {"net": net, "x": torch.tensor(COLLOCATION, dtype=torch.float64)[:, None]}


# --------------------------------------------------------------------------------- a hand-written MSE backward
TARGETS = [1.0, -2.0, 0.5, 3.0]


class MeanSquaredError(torch.autograd.Function):
    """mean((pred - target)^2) with its backward written out."""

    @staticmethod
    def forward(ctx, pred, target):
        ctx.save_for_backward(pred, target)
        return ((pred - target) ** 2).mean()

    @staticmethod
    def backward(ctx, grad_output):
        pred, target = ctx.saved_tensors
        return grad_output * 2 * (pred - target) / pred.numel(), None


class MeanSquaredErrorSlip(torch.autograd.Function):
    """The same, the backward written for the sum."""

    @staticmethod
    def forward(ctx, pred, target):
        ctx.save_for_backward(pred, target)
        return ((pred - target) ** 2).mean()

    @staticmethod
    def backward(ctx, grad_output):
        pred, target = ctx.saved_tensors
        return grad_output * 2 * (pred - target), None


def mse_custom(pred):
    return MeanSquaredError.apply(pred, torch.tensor(TARGETS, dtype=pred.dtype))


def mse_custom_slip(pred):
    return MeanSquaredErrorSlip.apply(pred, torch.tensor(TARGETS, dtype=pred.dtype))


# --------------------------------------------------------------------------------------- masked action spaces
ACTION_MASK = [True, False, True, True]  # action 1 is illegal in this state


def masked_policy_entropy(logits):
    """A policy's entropy over its legal actions, illegal ones masked to -inf before Categorical."""
    masked = torch.where(torch.tensor(ACTION_MASK), logits, torch.tensor(float("-inf"), dtype=logits.dtype))
    return torch.distributions.Categorical(logits=masked).entropy()


# ------------------------------------------------------------------------------------- graph recommenders
# users 0 and 1, items 2, 3 and 4; user 0 saw items 2 and 3, user 1 items 3 and 4
EDGES = [(0, 2), (0, 3), (1, 3), (1, 4)]
DEGREES = [2, 2, 1, 2, 1]


def _normalised_edges():
    rows, cols, weights = [], [], []
    for a, b in EDGES:
        w = 1 / math.sqrt(DEGREES[a] * DEGREES[b])
        rows += [a, b]
        cols += [b, a]
        weights += [w, w]
    return rows, cols, weights


def lightgcn_bpr(emb):
    """LightGCN (He et al.): two propagations by the normalised adjacency as a sparse COO tensor, the layers
    averaged; BPR of user 0 on item 2 over item 4."""
    rows, cols, weights = _normalised_edges()
    adj = torch.sparse_coo_tensor([rows, cols], torch.tensor(weights, dtype=emb.dtype), (5, 5))
    layers = [emb]
    for _ in range(2):
        layers.append(torch.sparse.mm(adj, layers[-1]))
    final = torch.stack(layers).mean(0)
    return -F.logsigmoid((final[0] * final[2]).sum() - (final[0] * final[4]).sum())


def lightgcn_bpr_scatter(emb):
    """The same propagation written as message passing with index_add."""
    rows, cols, weights = _normalised_edges()
    dst, src = torch.tensor(rows), torch.tensor(cols)
    w = torch.tensor(weights, dtype=emb.dtype)[:, None]
    layers = [emb]
    for _ in range(2):
        layers.append(torch.zeros_like(emb).index_add(0, dst, layers[-1][src] * w))
    final = torch.stack(layers).mean(0)
    return -F.logsigmoid((final[0] * final[2]).sum() - (final[0] * final[4]).sum())


# ------------------------------------------------------------------------------ a forward-mode PINN residual
def pinn_forward_ad(theta):
    """pinn_decay's residual with u' taken by forward-mode AD (dual numbers) instead of autograd.grad."""
    import torch.autograd.forward_ad as fwAD

    a, w, b = theta[0], theta[1], theta[2]
    x = torch.tensor(COLLOCATION, dtype=theta.dtype)
    with fwAD.dual_level():
        dual_x = fwAD.make_dual(x, torch.ones_like(x))
        dual_u = a * torch.tanh(w * dual_x + b) + 1 - a * torch.tanh(b)
        u, du = fwAD.unpack_dual(dual_u)
    return ((du + u) ** 2).mean()


def sdpa_attention(q):
    """masked_attention through F.scaled_dot_product_attention, whose fully masked rows come out as zeros."""
    k, v = torch.tensor(KEYS, dtype=q.dtype), torch.tensor(VALUES, dtype=q.dtype)
    return F.scaled_dot_product_attention(q[None], k[None], v[None], attn_mask=torch.tensor(SEES)).sum()
