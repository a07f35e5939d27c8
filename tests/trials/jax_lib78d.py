"""A user's JAX code, seventy-eighth round (d): object-detection and segmentation losses on one or two small boxes
([x1, y1, x2, y2]) and 3x3 masks. IoU by clamped intersection widths (jnp.clip), GIoU with the enclosing box, DIoU,
CIoU as torchvision writes it (alpha under stop_gradient) and as YOLO code writes it (h + eps), smooth L1 with beta as
an input, box decoding by exp of the predicted log-scales (plain and clamped at log(1000 / 16) as Detectron2 does), a
log-space anchor regression target under smooth L1 (beta = 1/9), the focal loss on a probability and on logits
(torchvision's ce * (1 - p_t)^gamma and a log-sigmoid form), soft Dice (plain, + 1 smoothing, through a sigmoid),
Tversky and focal Tversky, the Lovasz hinge by jnp.argsort, and FCOS's centerness sqrt(min/max * min/max), plain and
with a custom_jvp square root that gives 0 at 0."""

import math

import jax
import jax.numpy as jnp

ANCHOR = jnp.array([0.0, -8.0, 16.0, 24.0])  # x1, y1, x2, y2: centre (8, 8), size 16 x 32
GT = jnp.array([2.0, -6.0, 14.0, 20.0])
TARGET = jnp.array([0.0, 1.0, 0.5])
DELTAS = jnp.array([0.1, -0.05, 0.2, -0.3])  # a head's predicted (dx, dy, dw, dh)
LABELS = jnp.array([1.0, 0.0, 1.0, 0.0])
SCALE_CLAMP = math.log(1000.0 / 16)
BETA = 1.0 / 9


# ------------------------------------------------------------------------------------------------- overlaps
def _area(b):
    return (b[2] - b[0]) * (b[3] - b[1])


def box_iou(a, b):
    iw = jnp.clip(jnp.minimum(a[2], b[2]) - jnp.maximum(a[0], b[0]), 0.0, None)
    ih = jnp.clip(jnp.minimum(a[3], b[3]) - jnp.maximum(a[1], b[1]), 0.0, None)
    inter = iw * ih
    union = _area(a) + _area(b) - inter
    return inter / union


def giou(a, b):
    iw = jnp.clip(jnp.minimum(a[2], b[2]) - jnp.maximum(a[0], b[0]), 0.0, None)
    ih = jnp.clip(jnp.minimum(a[3], b[3]) - jnp.maximum(a[1], b[1]), 0.0, None)
    inter = iw * ih
    union = _area(a) + _area(b) - inter
    enclose = (jnp.maximum(a[2], b[2]) - jnp.minimum(a[0], b[0])) * (jnp.maximum(a[3], b[3]) - jnp.minimum(a[1], b[1]))
    return inter / union - (enclose - union) / enclose


def diou_loss(a, b):
    eps = 1e-7
    iw = jnp.clip(jnp.minimum(a[2], b[2]) - jnp.maximum(a[0], b[0]), 0.0, None)
    ih = jnp.clip(jnp.minimum(a[3], b[3]) - jnp.maximum(a[1], b[1]), 0.0, None)
    inter = iw * ih
    iou = inter / (_area(a) + _area(b) - inter + eps)
    cw = jnp.maximum(a[2], b[2]) - jnp.minimum(a[0], b[0])
    ch = jnp.maximum(a[3], b[3]) - jnp.minimum(a[1], b[1])
    rho2 = ((a[0] + a[2]) / 2 - (b[0] + b[2]) / 2) ** 2 + ((a[1] + a[3]) / 2 - (b[1] + b[3]) / 2) ** 2
    return 1 - iou + rho2 / (cw ** 2 + ch ** 2 + eps)


def ciou_loss(a, b):
    """torchvision's complete_box_iou_loss for one pair: a the prediction, b the ground truth."""
    eps = 1e-7
    iw = jnp.clip(jnp.minimum(a[2], b[2]) - jnp.maximum(a[0], b[0]), 0.0, None)
    ih = jnp.clip(jnp.minimum(a[3], b[3]) - jnp.maximum(a[1], b[1]), 0.0, None)
    inter = iw * ih
    iou = inter / (_area(a) + _area(b) - inter + eps)
    cw = jnp.maximum(a[2], b[2]) - jnp.minimum(a[0], b[0])
    ch = jnp.maximum(a[3], b[3]) - jnp.minimum(a[1], b[1])
    rho2 = ((a[0] + a[2]) / 2 - (b[0] + b[2]) / 2) ** 2 + ((a[1] + a[3]) / 2 - (b[1] + b[3]) / 2) ** 2
    diou = 1 - iou + rho2 / (cw ** 2 + ch ** 2 + eps)
    w_pred, h_pred = a[2] - a[0], a[3] - a[1]
    w_gt, h_gt = b[2] - b[0], b[3] - b[1]
    v = (4 / (jnp.pi ** 2)) * (jnp.arctan(w_gt / h_gt) - jnp.arctan(w_pred / h_pred)) ** 2
    alpha = jax.lax.stop_gradient(v / (1 - iou + v + eps))
    return diou + alpha * v


def ciou_yolo(a, b):
    """CIoU as YOLO code writes it: eps added to the heights, alpha without a gradient."""
    eps = 1e-7
    w1, h1 = a[2] - a[0], a[3] - a[1] + eps
    w2, h2 = b[2] - b[0], b[3] - b[1] + eps
    inter = (jnp.clip(jnp.minimum(a[2], b[2]) - jnp.maximum(a[0], b[0]), 0.0, None)
             * jnp.clip(jnp.minimum(a[3], b[3]) - jnp.maximum(a[1], b[1]), 0.0, None))
    union = w1 * h1 + w2 * h2 - inter + eps
    iou = inter / union
    cw = jnp.maximum(a[2], b[2]) - jnp.minimum(a[0], b[0])
    ch = jnp.maximum(a[3], b[3]) - jnp.minimum(a[1], b[1])
    c2 = cw ** 2 + ch ** 2 + eps
    rho2 = ((b[0] + b[2] - a[0] - a[2]) ** 2 + (b[1] + b[3] - a[1] - a[3]) ** 2) / 4
    v = (4 / math.pi ** 2) * (jnp.arctan(w2 / h2) - jnp.arctan(w1 / h1)) ** 2
    alpha = jax.lax.stop_gradient(v / (v - iou + (1 + eps)))
    return 1 - (iou - (rho2 / c2 + v * alpha))


def ciou_aspect(a, b):
    """CIoU's aspect penalty alone, alpha v with alpha held (no eps), as a separate loss term."""
    iw = jnp.clip(jnp.minimum(a[2], b[2]) - jnp.maximum(a[0], b[0]), 0.0, None)
    ih = jnp.clip(jnp.minimum(a[3], b[3]) - jnp.maximum(a[1], b[1]), 0.0, None)
    inter = iw * ih
    iou = inter / (_area(a) + _area(b) - inter)
    v = 4 / jnp.pi ** 2 * (jnp.arctan((b[2] - b[0]) / (b[3] - b[1])) - jnp.arctan((a[2] - a[0]) / (a[3] - a[1]))) ** 2
    alpha = jax.lax.stop_gradient(v / (1 - iou + v))
    return alpha * v


def ciou_v(wh, wh_gt):
    """CIoU's aspect term from (width, height) pairs, alpha held for boxes apart (IoU 0)."""
    v = (4 / jnp.pi ** 2) * (jnp.arctan(wh_gt[0] / wh_gt[1]) - jnp.arctan(wh[0] / wh[1])) ** 2
    alpha = jax.lax.stop_gradient(v / (1 + v))
    return alpha * v


# ------------------------------------------------------------------------------------------------- regression
def smooth_l1(pred, beta):
    d = pred - TARGET.astype(pred.dtype)
    return jnp.sum(jnp.where(jnp.abs(d) < beta, 0.5 * d ** 2 / beta, jnp.abs(d) - 0.5 * beta))


def _decode(deltas, dw, dh):
    a = ANCHOR.astype(deltas.dtype)
    aw, ah = a[2] - a[0], a[3] - a[1]
    cx, cy = a[0] + 0.5 * aw + deltas[0] * aw, a[1] + 0.5 * ah + deltas[1] * ah
    w, h = aw * jnp.exp(dw), ah * jnp.exp(dh)
    return jnp.stack([cx - 0.5 * w, cy - 0.5 * h, cx + 0.5 * w, cy + 0.5 * h])


def decode_loss(deltas):
    box = _decode(deltas, deltas[2], deltas[3])
    return jnp.sum((box - GT.astype(deltas.dtype)) ** 2)


def decode_clamped_loss(deltas):
    dw = jnp.minimum(deltas[2], SCALE_CLAMP)
    dh = jnp.minimum(deltas[3], SCALE_CLAMP)
    box = _decode(deltas, dw, dh)
    return jnp.sum((box - GT.astype(deltas.dtype)) ** 2)


def encode_loss(gt):
    """The log-space regression target of a ground-truth box against its anchor, under smooth L1 (beta = 1/9)."""
    a = ANCHOR.astype(gt.dtype)
    aw, ah = a[2] - a[0], a[3] - a[1]
    acx, acy = a[0] + 0.5 * aw, a[1] + 0.5 * ah
    gw, gh = gt[2] - gt[0], gt[3] - gt[1]
    gcx, gcy = gt[0] + 0.5 * gw, gt[1] + 0.5 * gh
    t = jnp.stack([(gcx - acx) / aw, (gcy - acy) / ah, jnp.log(gw / aw), jnp.log(gh / ah)])
    d = jnp.abs(DELTAS.astype(gt.dtype) - t)
    return jnp.sum(jnp.where(d < BETA, 0.5 * d ** 2 / BETA, d - 0.5 * BETA))


# ------------------------------------------------------------------------------------------------- classification
def focal(p, gamma):
    """The focal loss of the true class's probability p."""
    return -(1 - p) ** gamma * jnp.log(p)


def focal_logits(z):
    """torchvision's sigmoid_focal_loss for a positive anchor, gamma = 2 (alpha left out)."""
    p = jax.nn.sigmoid(z)
    ce = jax.nn.softplus(-z)  # binary cross-entropy with logits at target 1
    return ce * (1 - p) ** 2.0


def focal_logits_g05(z):
    p = jax.nn.sigmoid(z)
    ce = jax.nn.softplus(-z)
    return ce * (1 - p) ** 0.5


def focal_logsig(z):
    """The same, gamma = 0.5, in log space: (1 - p)^gamma = exp(gamma log_sigmoid(-z))."""
    return jax.nn.softplus(-z) * jnp.exp(0.5 * jax.nn.log_sigmoid(-z))


# ------------------------------------------------------------------------------------------------- masks
def dice(p, y):
    return 1 - 2 * jnp.sum(p * y) / (jnp.sum(p) + jnp.sum(y))


def dice_smooth(p, y):
    return 1 - (2 * jnp.sum(p * y) + 1.0) / (jnp.sum(p) + jnp.sum(y) + 1.0)


def dice_logits(z, y):
    p = jax.nn.sigmoid(z)
    return 1 - 2 * jnp.sum(p * y) / (jnp.sum(p) + jnp.sum(y))


def tversky(p, y):
    tp = jnp.sum(p * y)
    fp = jnp.sum(p * (1 - y))
    fn = jnp.sum((1 - p) * y)
    return 1 - tp / (tp + 0.3 * fp + 0.7 * fn)


def focal_tversky(p, y):
    tp = jnp.sum(p * y)
    fp = jnp.sum(p * (1 - y))
    fn = jnp.sum((1 - p) * y)
    return (1 - tp / (tp + 0.3 * fp + 0.7 * fn)) ** 0.75


def lovasz_hinge(logits):
    """The Lovasz hinge of four pixels (Berman et al.'s flat form)."""
    signs = 2 * LABELS.astype(logits.dtype) - 1
    errors = 1 - logits * signs
    perm = jnp.argsort(-errors)
    errors_sorted = errors[perm]
    gt_sorted = LABELS.astype(logits.dtype)[perm]
    gts = jnp.sum(gt_sorted)
    intersection = gts - jnp.cumsum(gt_sorted)
    union = gts + jnp.cumsum(1 - gt_sorted)
    jaccard = 1 - intersection / union
    jaccard = jnp.concatenate([jaccard[:1], jaccard[1:] - jaccard[:-1]])
    return jnp.dot(jax.nn.relu(errors_sorted), jaccard)


# ------------------------------------------------------------------------------------------------- centerness
def centerness(ltrb):
    lr = ltrb[jnp.array([0, 2])]
    tb = ltrb[jnp.array([1, 3])]
    return jnp.sqrt((jnp.min(lr) / jnp.max(lr)) * (jnp.min(tb) / jnp.max(tb)))


@jax.custom_jvp
def safe_sqrt(x):
    return jnp.sqrt(x)


@safe_sqrt.defjvp
def safe_sqrt_jvp(primals, tangents):
    (x,), (t,) = primals, tangents
    y = jnp.sqrt(x)
    return y, jnp.where(x > 0, t / (2 * jnp.where(x > 0, y, 1.0)), 0.0)


def centerness_safe(ltrb):
    lr = ltrb[jnp.array([0, 2])]
    tb = ltrb[jnp.array([1, 3])]
    return safe_sqrt((jnp.min(lr) / jnp.max(lr)) * (jnp.min(tb) / jnp.max(tb)))
