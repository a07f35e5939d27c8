"""A user's PyTorch code, seventy-eighth round (d): detection and segmentation losses, torchvision-free. IoU by
torch.clamp(min=0) of the intersection widths, GIoU, CIoU as torchvision's complete_box_iou_loss writes it (v and
alpha, alpha under torch.no_grad), F.smooth_l1_loss at beta = 1 and beta = 0 and F.huber_loss, box decoding by
torch.exp of the log-scales with a hand-written autograd.Function that clamps the scale in forward and passes the
gradient straight through, torchvision's sigmoid_focal_loss written out (gamma = 2 and 0.5), soft Dice, Tversky, the
Lovasz hinge by torch.sort, and FCOS's centerness."""

import math

import torch
import torch.nn.functional as F

ANCHOR = torch.tensor([0.0, -8.0, 16.0, 24.0])
GT = torch.tensor([2.0, -6.0, 14.0, 20.0])
TARGET = torch.tensor([0.0, 1.0, 0.5])
LABELS = torch.tensor([1.0, 0.0, 1.0, 0.0])
SCALE_CLAMP = math.log(1000.0 / 16)


def box_iou(a, b):
    iw = (torch.min(a[2], b[2]) - torch.max(a[0], b[0])).clamp(min=0)
    ih = (torch.min(a[3], b[3]) - torch.max(a[1], b[1])).clamp(min=0)
    inter = iw * ih
    union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
    return inter / union


def giou(a, b):
    iw = (torch.min(a[2], b[2]) - torch.max(a[0], b[0])).clamp(min=0)
    ih = (torch.min(a[3], b[3]) - torch.max(a[1], b[1])).clamp(min=0)
    inter = iw * ih
    union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
    enclose = (torch.max(a[2], b[2]) - torch.min(a[0], b[0])) * (torch.max(a[3], b[3]) - torch.min(a[1], b[1]))
    return inter / union - (enclose - union) / enclose


def ciou_loss(a, b):
    eps = 1e-7
    iw = (torch.min(a[2], b[2]) - torch.max(a[0], b[0])).clamp(min=0)
    ih = (torch.min(a[3], b[3]) - torch.max(a[1], b[1])).clamp(min=0)
    inter = iw * ih
    iou = inter / ((a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter + eps)
    cw = torch.max(a[2], b[2]) - torch.min(a[0], b[0])
    ch = torch.max(a[3], b[3]) - torch.min(a[1], b[1])
    rho2 = ((a[0] + a[2]) / 2 - (b[0] + b[2]) / 2) ** 2 + ((a[1] + a[3]) / 2 - (b[1] + b[3]) / 2) ** 2
    diou = 1 - iou + rho2 / (cw ** 2 + ch ** 2 + eps)
    v = (4 / (torch.pi ** 2)) * torch.pow(torch.atan((b[2] - b[0]) / (b[3] - b[1]))
                                          - torch.atan((a[2] - a[0]) / (a[3] - a[1])), 2)
    with torch.no_grad():
        alpha = v / (1 - iou + v + eps)
    return diou + alpha * v


def smooth_l1(pred):
    return F.smooth_l1_loss(pred, TARGET.to(pred.dtype), beta=1.0, reduction="sum")


def smooth_l1_beta0(pred):
    return F.smooth_l1_loss(pred, TARGET.to(pred.dtype), beta=0.0, reduction="sum")


def huber(pred):
    return F.huber_loss(pred, TARGET.to(pred.dtype), delta=1.0, reduction="sum")


class ClampedExp(torch.autograd.Function):
    """exp with the log-scale clamped in forward; the gradient passes straight through the clamp."""

    @staticmethod
    def forward(ctx, x):
        result = torch.exp(x.clamp(max=SCALE_CLAMP))
        ctx.save_for_backward(result)
        return result

    @staticmethod
    def backward(ctx, grad_output):
        (result,) = ctx.saved_tensors
        return grad_output * result


def _decode(deltas, scale_w, scale_h):
    a = ANCHOR.to(deltas.dtype)
    aw, ah = a[2] - a[0], a[3] - a[1]
    cx, cy = a[0] + 0.5 * aw + deltas[0] * aw, a[1] + 0.5 * ah + deltas[1] * ah
    w, h = aw * scale_w, ah * scale_h
    return torch.stack([cx - 0.5 * w, cy - 0.5 * h, cx + 0.5 * w, cy + 0.5 * h])


def decode_loss(deltas):
    box = _decode(deltas, torch.exp(deltas[2]), torch.exp(deltas[3]))
    return ((box - GT.to(deltas.dtype)) ** 2).sum()


def decode_clamped_loss(deltas):
    dw = torch.clamp(deltas[2], max=SCALE_CLAMP)
    dh = torch.clamp(deltas[3], max=SCALE_CLAMP)
    box = _decode(deltas, torch.exp(dw), torch.exp(dh))
    return ((box - GT.to(deltas.dtype)) ** 2).sum()


def decode_ste_loss(deltas):
    box = _decode(deltas, ClampedExp.apply(deltas[2]), ClampedExp.apply(deltas[3]))
    return ((box - GT.to(deltas.dtype)) ** 2).sum()


def focal_logits(z):
    """torchvision's sigmoid_focal_loss for a positive anchor, gamma = 2, alpha = -1 (off)."""
    p = torch.sigmoid(z)
    ce = F.binary_cross_entropy_with_logits(z, torch.ones_like(z), reduction="none")
    p_t = p
    return (ce * ((1 - p_t) ** 2)).sum()


def focal_logits_g05(z):
    p = torch.sigmoid(z)
    ce = F.binary_cross_entropy_with_logits(z, torch.ones_like(z), reduction="none")
    return (ce * ((1 - p) ** 0.5)).sum()


def focal(p, gamma):
    return -((1 - p) ** gamma * torch.log(p))


def dice(p, y):
    return 1 - 2 * (p * y).sum() / (p.sum() + y.sum())


def dice_smooth(p, y):
    return 1 - (2 * (p * y).sum() + 1.0) / (p.sum() + y.sum() + 1.0)


def tversky(p, y):
    tp = (p * y).sum()
    fp = (p * (1 - y)).sum()
    fn = ((1 - p) * y).sum()
    return 1 - tp / (tp + 0.3 * fp + 0.7 * fn)


def lovasz_hinge(logits):
    labels = LABELS.to(logits.dtype)
    signs = 2.0 * labels - 1.0
    errors = 1.0 - logits * signs
    errors_sorted, perm = torch.sort(errors, dim=0, descending=True)
    gt_sorted = labels[perm]
    gts = gt_sorted.sum()
    intersection = gts - gt_sorted.cumsum(0)
    union = gts + (1 - gt_sorted).cumsum(0)
    jaccard = 1.0 - intersection / union
    jaccard[1:] = jaccard[1:] - jaccard[:-1]
    return torch.dot(F.relu(errors_sorted), jaccard)


def centerness(ltrb):
    left_right = ltrb[[0, 2]]
    top_bottom = ltrb[[1, 3]]
    c = (left_right.min(dim=-1)[0] / left_right.max(dim=-1)[0]) * \
        (top_bottom.min(dim=-1)[0] / top_bottom.max(dim=-1)[0])
    return torch.sqrt(c)
