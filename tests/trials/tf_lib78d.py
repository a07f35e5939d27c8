"""A user's TensorFlow code, seventy-eighth round (d): detection and segmentation losses. IoU and GIoU by tf.maximum /
tf.minimum of the box edges, CIoU's aspect term by tf.math.atan with alpha under tf.stop_gradient, smooth L1 by
tf.where and a tf.custom_gradient Huber whose rule clips d / beta, box decoding by tf.exp, a focal loss by
tf.math.log_sigmoid, soft Dice and FCOS's centerness by tf.reduce_min / tf.reduce_max."""

import math

import tensorflow as tf

ANCHOR = [0.0, -8.0, 16.0, 24.0]
GT = [2.0, -6.0, 14.0, 20.0]
TARGET = [0.0, 1.0, 0.5]


def box_iou(a, b):
    iw = tf.maximum(tf.minimum(a[2], b[2]) - tf.maximum(a[0], b[0]), 0.0)
    ih = tf.maximum(tf.minimum(a[3], b[3]) - tf.maximum(a[1], b[1]), 0.0)
    inter = iw * ih
    union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
    return inter / union


def giou(a, b):
    iw = tf.maximum(tf.minimum(a[2], b[2]) - tf.maximum(a[0], b[0]), 0.0)
    ih = tf.maximum(tf.minimum(a[3], b[3]) - tf.maximum(a[1], b[1]), 0.0)
    inter = iw * ih
    union = (a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter
    enclose = (tf.maximum(a[2], b[2]) - tf.minimum(a[0], b[0])) * (tf.maximum(a[3], b[3]) - tf.minimum(a[1], b[1]))
    return inter / union - (enclose - union) / enclose


def ciou_aspect(a, b):
    """CIoU's aspect penalty alone, alpha held: alpha v."""
    iw = tf.maximum(tf.minimum(a[2], b[2]) - tf.maximum(a[0], b[0]), 0.0)
    ih = tf.maximum(tf.minimum(a[3], b[3]) - tf.maximum(a[1], b[1]), 0.0)
    inter = iw * ih
    iou = inter / ((a[2] - a[0]) * (a[3] - a[1]) + (b[2] - b[0]) * (b[3] - b[1]) - inter)
    v = 4.0 / math.pi ** 2 * tf.square(tf.math.atan((b[2] - b[0]) / (b[3] - b[1]))
                                       - tf.math.atan((a[2] - a[0]) / (a[3] - a[1])))
    alpha = tf.stop_gradient(v / (1.0 - iou + v))
    return alpha * v


def ciou_v(wh, wh_gt):
    """CIoU's aspect term from (width, height) pairs, alpha held for boxes apart (IoU 0)."""
    v = 4.0 / math.pi ** 2 * tf.square(tf.math.atan(wh_gt[0] / wh_gt[1]) - tf.math.atan(wh[0] / wh[1]))
    alpha = tf.stop_gradient(v / (1.0 + v))
    return alpha * v


def smooth_l1(pred, beta):
    d = pred - tf.constant(TARGET, pred.dtype)
    return tf.reduce_sum(tf.where(tf.abs(d) < beta, 0.5 * d ** 2 / beta, tf.abs(d) - 0.5 * beta))


@tf.custom_gradient
def _huber(d):
    beta = 1.0
    ad = tf.abs(d)
    loss = tf.where(ad < beta, 0.5 * d * d / beta, ad - 0.5 * beta)

    def grad(dy):
        return dy * tf.clip_by_value(d / beta, -1.0, 1.0)
    return loss, grad


def huber_custom(pred):
    return tf.reduce_sum(_huber(pred - tf.constant(TARGET, pred.dtype)))


def decode_loss(deltas):
    a = tf.constant(ANCHOR, deltas.dtype)
    aw, ah = a[2] - a[0], a[3] - a[1]
    cx, cy = a[0] + 0.5 * aw + deltas[0] * aw, a[1] + 0.5 * ah + deltas[1] * ah
    w, h = aw * tf.exp(deltas[2]), ah * tf.exp(deltas[3])
    box = tf.stack([cx - 0.5 * w, cy - 0.5 * h, cx + 0.5 * w, cy + 0.5 * h])
    return tf.reduce_sum(tf.square(box - tf.constant(GT, deltas.dtype)))


def focal_logits(z):
    """gamma = 2 for a positive anchor, through log_sigmoid: -(1 - p)^2 log p."""
    p = tf.sigmoid(z)
    return -tf.reduce_sum(tf.pow(1.0 - p, 2.0) * tf.math.log_sigmoid(z))


def dice(p, y):
    return 1.0 - 2.0 * tf.reduce_sum(p * y) / (tf.reduce_sum(p) + tf.reduce_sum(y))


def dice_smooth(p, y):
    return 1.0 - (2.0 * tf.reduce_sum(p * y) + 1.0) / (tf.reduce_sum(p) + tf.reduce_sum(y) + 1.0)


def centerness(ltrb):
    lr = tf.gather(ltrb, [0, 2])
    tb = tf.gather(ltrb, [1, 3])
    return tf.sqrt(tf.reduce_min(lr) / tf.reduce_max(lr) * (tf.reduce_min(tb) / tf.reduce_max(tb)))
