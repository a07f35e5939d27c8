"""A user's plain NumPy code, seventy-eighth round (d): detection and segmentation losses as evaluation scripts and
course notebooks write them. IoU by np.clip of the intersection widths, GIoU, smooth L1 by np.where, box decoding by
np.exp, the focal loss on a probability, soft Dice and Tversky on 3x3 masks, and FCOS's centerness."""

import numpy as np

ANCHOR = np.array([0.0, -8.0, 16.0, 24.0])
GT = np.array([2.0, -6.0, 14.0, 20.0])
TARGET = np.array([0.0, 1.0, 0.5])


def box_iou(a, b):
    iw = np.clip(np.minimum(a[2], b[2]) - np.maximum(a[0], b[0]), 0, None)
    ih = np.clip(np.minimum(a[3], b[3]) - np.maximum(a[1], b[1]), 0, None)
    inter = iw * ih
    union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
    return inter / union


def giou(a, b):
    iw = np.clip(np.minimum(a[2], b[2]) - np.maximum(a[0], b[0]), 0, None)
    ih = np.clip(np.minimum(a[3], b[3]) - np.maximum(a[1], b[1]), 0, None)
    inter = iw * ih
    union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
    enclose = (np.maximum(a[2], b[2]) - np.minimum(a[0], b[0])) * (np.maximum(a[3], b[3]) - np.minimum(a[1], b[1]))
    return inter / union - (enclose - union) / enclose


def smooth_l1(pred, beta):
    d = pred - TARGET
    return np.sum(np.where(np.abs(d) < beta, 0.5 * d ** 2 / beta, np.abs(d) - 0.5 * beta))


def decode_loss(deltas):
    aw, ah = ANCHOR[2] - ANCHOR[0], ANCHOR[3] - ANCHOR[1]
    cx, cy = ANCHOR[0] + 0.5 * aw + deltas[0] * aw, ANCHOR[1] + 0.5 * ah + deltas[1] * ah
    w, h = aw * np.exp(deltas[2]), ah * np.exp(deltas[3])
    box = np.array([cx - 0.5 * w, cy - 0.5 * h, cx + 0.5 * w, cy + 0.5 * h])
    return np.sum((box - GT) ** 2)


def focal(p, gamma):
    return -(1 - p) ** gamma * np.log(p)


def dice(p, y):
    return 1 - 2 * np.sum(p * y) / (np.sum(p) + np.sum(y))


def tversky(p, y):
    tp = np.sum(p * y)
    fp = np.sum(p * (1 - y))
    fn = np.sum((1 - p) * y)
    return 1 - tp / (tp + 0.3 * fp + 0.7 * fn)


def centerness(ltrb):
    lr, tb = ltrb[[0, 2]], ltrb[[1, 3]]
    return np.sqrt((lr.min() / lr.max()) * (tb.min() / tb.max()))
