"""A user's TensorFlow code, thirtieth round (b), written with tf and Keras (TensorFlow Probability is not installed):
Bayesian personalised ranking (log of a sigmoid, and log_sigmoid), a factorisation machine layer whose
tf.custom_gradient gives its factors' gradient through variables= (right, and forgetting the diagonal term), CORAL's
ordinal loss (its reference implementation's log_sigmoid form, and log of sigmoid), the improved DDPM cosine noise
schedule's log-SNR near t = 0 and at t = 1 (the naive ratio and a product of sines), distance and complete IoU box
losses (CIoU's trade-off weight held by tf.stop_gradient), attention with BERT's additive -1e9 padding mask (a query
whose keys are all padding), Keras' Softmax layer with such a mask and UnitNormalization at a zero vector, Newton's
method for Lambert's W in a tf.while_loop, the spectral norm by power iteration in a tf.while_loop (SN-GAN's stopped
singular vector), and custom gradients that are meant to differ from the derivative: a gradient reversal layer and a
straight-through rounding."""

import math

import keras
import tensorflow as tf


# ------------------------------------------------------------------------------------------------- recommenders
def bpr_loss_naive(pos, neg):
    """Bayesian personalised ranking: -mean log sigmoid(seen item's score - unseen item's score)."""
    return -tf.reduce_mean(tf.math.log(tf.sigmoid(pos - neg)))


def bpr_loss(pos, neg):
    """The same through tf.math.log_sigmoid."""
    return -tf.reduce_mean(tf.math.log_sigmoid(pos - neg))


FM_FACTORS = [[0.5, -0.2], [0.3, 0.8], [-0.6, 0.1]]
FM_X = [[1.0, 0.0, 2.0], [0.5, -1.0, 1.0]]
FM_RATINGS = [1.0, -0.5]


class FactorizationMachine(keras.layers.Layer):
    """A factorisation machine's pairwise term, 0.5 sum_f ((sum_i v_if x_i)^2 - sum_i v_if^2 x_i^2), with its
    gradient written out (Rendle's O(kn) form)."""

    def __init__(self, slip=False, **kwargs):
        super().__init__(dtype="float64", **kwargs)
        self.slip = slip

    def build(self, input_shape):
        self.factors = self.add_weight(shape=(3, 2), name="factors",
                                       initializer=keras.initializers.Constant(FM_FACTORS))

    def call(self, x):
        v, slip = self.factors, self.slip

        @tf.custom_gradient
        def pairwise(x):
            xv = tf.matmul(x, v)
            y = 0.5 * tf.reduce_sum(tf.square(xv) - tf.matmul(tf.square(x), tf.square(v)), axis=1)

            def grad(dy, variables=None):
                d_x = dy[:, None] * (tf.matmul(xv, v, transpose_b=True) - x * tf.reduce_sum(tf.square(v), axis=1))
                d_v = tf.matmul(x, dy[:, None] * xv, transpose_a=True)
                if not slip:
                    d_v -= v * tf.matmul(tf.square(x), dy[:, None], transpose_a=True)
                return d_x, [d_v]
            return y, grad
        return pairwise(x)


def fm_loss(layer, x):
    """The squared error of the pairwise term against the ratings."""
    return tf.reduce_sum(tf.square(layer(x) - tf.constant(FM_RATINGS, tf.float64)))


def fm_args():
    layer = FactorizationMachine()
    layer.build((None, 3))
    return {"layer": layer, "x": tf.constant(FM_X, tf.float64)}


def fm_slip_args():
    layer = FactorizationMachine(slip=True)
    layer.build((None, 3))
    return {"layer": layer, "x": tf.constant(FM_X, tf.float64)}


# ---------------------------------------------------------------------------------------- ordinal regression
CORAL_BIASES = [1.5, 0.0, -1.5]
LEVELS = [[1.0, 1.0, 0.0], [1.0, 0.0, 0.0], [1.0, 1.0, 1.0]]  # ranks 2, 1 and 3 of 0..3


def coral_loss(z):
    """CORAL (Cao et al.): K - 1 binary tasks sharing one score, as its reference implementation writes them."""
    logits = z[:, None] + tf.constant(CORAL_BIASES, z.dtype)
    levels = tf.constant(LEVELS, z.dtype)
    term = tf.math.log_sigmoid(logits) * levels + (tf.math.log_sigmoid(logits) - logits) * (1 - levels)
    return -tf.reduce_mean(tf.reduce_sum(term, axis=1))


def coral_loss_naive(z):
    """The same written with probabilities."""
    p = tf.sigmoid(z[:, None] + tf.constant(CORAL_BIASES, z.dtype))
    levels = tf.constant(LEVELS, z.dtype)
    term = tf.math.log(p) * levels + tf.math.log(1 - p) * (1 - levels)
    return -tf.reduce_mean(tf.reduce_sum(term, axis=1))


# ------------------------------------------------------------------------------------------- diffusion models
S = 0.008
ALPHA_BAR_0 = math.cos(S / (1 + S) * math.pi / 2) ** 2


def cosine_log_snr_naive(t):
    """The improved DDPM cosine schedule's log-SNR, log(alpha_bar / (1 - alpha_bar))."""
    alpha_bar = tf.cos((t + S) / (1 + S) * math.pi / 2) ** 2 / ALPHA_BAR_0
    return tf.reduce_sum(tf.math.log(alpha_bar / (1 - alpha_bar)))


def cosine_log_snr(t):
    """The same with 1 - alpha_bar as sin(theta - theta0) sin(theta + theta0) / cos(theta0)^2."""
    theta = (t + S) / (1 + S) * (math.pi / 2)
    theta0 = S / (1 + S) * (math.pi / 2)
    gap = t / (1 + S) * (math.pi / 2)  # theta - theta0
    return tf.reduce_sum(2 * tf.math.log(tf.cos(theta)) - tf.math.log(tf.sin(gap) * tf.sin(theta + theta0)))


# ------------------------------------------------------------------------------------------ object detection
TARGET_BOX = [1.0, 1.0, 3.0, 2.0]  # x1, y1, x2, y2


def _iou_and_distance(pred, target):
    iw = tf.maximum(tf.minimum(pred[2], target[2]) - tf.maximum(pred[0], target[0]), 0.0)
    ih = tf.maximum(tf.minimum(pred[3], target[3]) - tf.maximum(pred[1], target[1]), 0.0)
    inter = iw * ih
    union = (pred[2] - pred[0]) * (pred[3] - pred[1]) + (target[2] - target[0]) * (target[3] - target[1]) - inter
    cw = tf.maximum(pred[2], target[2]) - tf.minimum(pred[0], target[0])
    ch = tf.maximum(pred[3], target[3]) - tf.minimum(pred[1], target[1])
    rho2 = ((pred[0] + pred[2] - target[0] - target[2]) ** 2 + (pred[1] + pred[3] - target[1] - target[3]) ** 2) / 4
    return inter / union, rho2 / (cw ** 2 + ch ** 2)


def diou_loss(pred):
    """Distance IoU loss: 1 - IoU + centre distance^2 / enclosing diagonal^2."""
    iou, distance = _iou_and_distance(pred, tf.constant(TARGET_BOX, pred.dtype))
    return 1 - iou + distance


def ciou_loss(pred):
    """Complete IoU loss: DIoU plus alpha v, v the aspect ratios' arctan gap, alpha held out of the gradient."""
    target = tf.constant(TARGET_BOX, pred.dtype)
    iou, distance = _iou_and_distance(pred, target)
    v = 4 / math.pi ** 2 * (tf.atan((target[2] - target[0]) / (target[3] - target[1]))
                            - tf.atan((pred[2] - pred[0]) / (pred[3] - pred[1]))) ** 2
    alpha = tf.stop_gradient(v / (1 - iou + v + 1e-7))
    return 1 - iou + distance + alpha * v


# --------------------------------------------------------------------------------------------------- attention
KEYS = [[1.0, 0.0], [0.5, 0.5], [0.0, 1.0]]
VALUES = [[1.0, 2.0], [0.0, -1.0], [3.0, 0.5]]
KEY_MASK = [[1.0, 1.0, 0.0], [0.0, 0.0, 0.0]]  # the second query's keys are all padding


def bert_attention(q):
    """Attention with BERT's additive mask: (1 - mask) * -1e9 added to the scores."""
    k, v = tf.constant(KEYS, q.dtype), tf.constant(VALUES, q.dtype)
    scores = tf.matmul(q, k, transpose_b=True) / math.sqrt(2.0)
    scores += (1.0 - tf.constant(KEY_MASK, q.dtype)) * -1e9
    return tf.reduce_sum(tf.matmul(tf.nn.softmax(scores), v))


def keras_softmax_attention(q):
    """The same weights through keras.layers.Softmax with a boolean mask."""
    k, v = tf.constant(KEYS, q.dtype), tf.constant(VALUES, q.dtype)
    scores = tf.matmul(q, k, transpose_b=True) / math.sqrt(2.0)
    weights = keras.layers.Softmax(dtype=q.dtype)(scores, mask=tf.constant(KEY_MASK) > 0.5)
    return tf.reduce_sum(tf.matmul(weights, v))


PROBE = [2.0, -1.0, 0.5]


def unit_probe(x):
    """p . x / |x| through keras.layers.UnitNormalization."""
    y = keras.layers.UnitNormalization(dtype=x.dtype)(x[None, :])[0]
    return tf.reduce_sum(tf.constant(PROBE, x.dtype) * y)


# ------------------------------------------------------------------------------------------ tf.while_loop solvers
@tf.function
def lambert_w(x):
    """W(x) by forty Newton steps on w e^w = x from w = 0, in a tf.while_loop."""
    def body(i, w):
        ew = tf.exp(w)
        return i + 1, w - (w * ew - x) / (ew * (w + 1))
    _, w = tf.while_loop(lambda i, w: i < 40, body, [tf.constant(0), tf.zeros_like(x)])
    return tf.reduce_sum(w)


@tf.function
def spectral_norm(w):
    """The largest singular value by thirty power iterations, the singular vector held out of the gradient (SN-GAN)."""
    def body(i, v):
        u = tf.linalg.matvec(w, v)
        u = u / tf.norm(u)
        v = tf.linalg.matvec(w, u, transpose_a=True)
        return i + 1, v / tf.norm(v)
    v0 = tf.ones([w.shape[1]], w.dtype) / math.sqrt(w.shape[1])
    _, v = tf.while_loop(lambda i, v: i < 30, body, [tf.constant(0), v0])
    return tf.norm(tf.linalg.matvec(w, tf.stop_gradient(v)))


# ------------------------------------------------------------------------ custom gradients meant to differ
LAMBDA = 0.5


@tf.custom_gradient
def reverse_gradient(x):
    """A domain-adversarial network's gradient reversal: the identity forward, -lambda times the gradient back."""
    def grad(dy):
        return -LAMBDA * dy
    return tf.identity(x), grad


def domain_confusion(x):
    """A domain classifier's loss behind the reversal layer."""
    return tf.reduce_sum(tf.math.softplus(-reverse_gradient(x)))


@tf.custom_gradient
def round_ste(x):
    """Rounding with the straight-through estimator's identity gradient."""
    def grad(dy):
        return dy
    return tf.round(x), grad


def quantized_energy(x):
    """The squared norm of the rounded (quantised) weights."""
    return tf.reduce_sum(tf.square(round_ste(x * 4.0) / 4.0))


# ------------------------------------------------------------------------------------ gathered and pooled tables
SEEN_USERS = [0, 1, 2, 1]  # user 1 rated twice
SEEN_ITEMS = [[0.3, 0.8], [-0.6, 0.1], [0.2, -0.4], [0.5, 0.5]]
SEEN_RATINGS = [4.0, 3.0, 1.0, 5.0]


def gather_mf_loss(user_table):
    """Matrix factorisation's rating error through tf.gather (a user read twice), plus tf.nn.l2_loss on the table."""
    users = tf.gather(user_table, SEEN_USERS)
    pred = tf.reduce_sum(users * tf.constant(SEEN_ITEMS, user_table.dtype), axis=1)
    return tf.reduce_mean(tf.square(pred - SEEN_RATINGS)) + 0.01 * tf.nn.l2_loss(user_table)


SESSIONS = [0, 0, 1, 1, 1]  # five clicks in two sessions


def session_max_pool(clicks):
    """Each session's item scores max-pooled with tf.math.unsorted_segment_max, then summed."""
    return tf.reduce_sum(tf.math.unsorted_segment_max(clicks, SESSIONS, num_segments=2))


def session_mean_pool(clicks):
    """The same mean-pooled with tf.math.segment_mean, squared."""
    return tf.reduce_sum(tf.square(tf.math.segment_mean(clicks, SESSIONS)))


# ------------------------------------------------------------------------------------- graph recommenders
EDGES = [(0, 2), (0, 3), (1, 3), (1, 4)]
DEGREES = [2, 2, 1, 2, 1]


def lightgcn_bpr(emb):
    """LightGCN's two propagations through tf.sparse.sparse_dense_matmul, layers averaged, BPR of user 0 on item 2
    over item 4."""
    indices, values = [], []
    for a, b in EDGES:
        w = 1 / math.sqrt(DEGREES[a] * DEGREES[b])
        indices += [[a, b], [b, a]]
        values += [w, w]
    adj = tf.sparse.reorder(tf.sparse.SparseTensor(indices, tf.constant(values, emb.dtype), [5, 5]))
    layers = [emb]
    for _ in range(2):
        layers.append(tf.sparse.sparse_dense_matmul(adj, layers[-1]))
    final = tf.reduce_mean(tf.stack(layers), axis=0)
    return -tf.math.log_sigmoid(tf.reduce_sum(final[0] * final[2]) - tf.reduce_sum(final[0] * final[4]))


@tf.function
def lambert_w_tol(x):
    """W(x) by Newton from w = log1p(x) in a tf.while_loop that stops once every residual is below 1e-12."""
    def body(i, w):
        ew = tf.exp(w)
        return i + 1, w - (w * ew - x) / (ew * (w + 1))

    def unfinished(i, w):
        return tf.logical_and(i < 100, tf.reduce_max(tf.abs(w * tf.exp(w) - x)) > 1e-12)
    _, w = tf.while_loop(unfinished, body, [tf.constant(0), tf.math.log1p(x)])
    return tf.reduce_sum(w)


# ------------------------------------------------------------------------------------------ sparse sessions
CLICKED = [[0, 0, 1], [0, 1, 3], [1, 0, 2], [1, 1, 2], [1, 2, 4]]  # (session, position, item): item 2 twice


def sparse_session_pool(table):
    """Each session's items pooled by tf.nn.embedding_lookup_sparse (combiner sqrtn), squared and summed."""
    ids = tf.sparse.SparseTensor([c[:2] for c in CLICKED], tf.constant([c[2] for c in CLICKED], tf.int64), [2, 3])
    pooled = tf.nn.embedding_lookup_sparse(table, ids, None, combiner="sqrtn")
    return tf.reduce_sum(tf.square(pooled))


ITEM_TABLE = [[0.0, 0.0], [0.5, -0.25], [0.75, 1.0], [-1.0, 0.5], [0.25, 0.125]]
SESSION_IDS = [[1, 3, 0, 0], [2, 2, 4, 0]]  # item 0 pads the sessions
SESSION_TARGETS = [[0.5, 0.5], [-0.25, 1.0]]


class SessionEncoder(keras.Model):
    """Item embeddings with mask_zero=True, mean-pooled by GlobalAveragePooling1D over the unmasked positions."""

    def __init__(self):
        super().__init__()
        self.embedding = keras.layers.Embedding(5, 2, mask_zero=True, dtype="float64",
                                                embeddings_initializer=keras.initializers.Constant(ITEM_TABLE))
        self.pool = keras.layers.GlobalAveragePooling1D(dtype="float64")

    def call(self, ids):
        return self.pool(self.embedding(ids))


def session_encoder_loss(model, ids):
    """The squared distance of each pooled session from its target."""
    return tf.reduce_sum(tf.square(model(ids) - tf.constant(SESSION_TARGETS, tf.float64)))


def session_encoder_args():
    model = SessionEncoder()
    ids = tf.constant(SESSION_IDS)
    model(ids)
    return {"model": model, "ids": ids}
