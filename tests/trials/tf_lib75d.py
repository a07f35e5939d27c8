"""A user's TensorFlow code, seventy-fifth round (d): contrastive and metric-learning losses on tiny batches. InfoNCE by
tf.math.l2_normalize and tf.nn.softmax_cross_entropy_with_logits; SimCLR's NT-Xent as its TensorFlow repository writes
it (logits_aa - masks * LARGE_NUM, LARGE_NUM = 1e9, temperature 0.07); cosine similarity over tf.norm with + 1e-8 and
bare; triplet losses through tf.nn.relu and tf.nn.softplus; batch-hard mining over the pairwise distances of the
well-known TensorFlow triplet-loss post (the dot-product expansion, tf.maximum(d, 0), the sqrt of d + 1e-16 where d is
0); ArcFace by tf.math.acos of tf.clip_by_value; Barlow Twins standardised by tf.math.reduce_std; VICReg; BYOL with
tf.stop_gradient; a supervised contrastive mean over positives by tf.math.divide_no_nan."""

import tensorflow as tf

LABELS = tf.constant([0, 0, 1, 1])
SINGLETON = tf.constant([0, 0, 1, 2])
CLASSES = tf.constant([0, 2, 1])
LARGE_NUM = 1e9


def info_nce(z1, z2):
    logits = tf.matmul(tf.math.l2_normalize(z1, axis=1), tf.math.l2_normalize(z2, axis=1), transpose_b=True) / 0.07
    labels = tf.eye(tf.shape(z1)[0], dtype=z1.dtype)
    return tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(labels=labels, logits=logits))


def nt_xent(hidden1, hidden2):
    """SimCLR's add_contrastive_loss (one replica), hidden_norm=True, temperature 0.07."""
    hidden1 = tf.math.l2_normalize(hidden1, -1)
    hidden2 = tf.math.l2_normalize(hidden2, -1)
    batch_size = tf.shape(hidden1)[0]
    labels = tf.one_hot(tf.range(batch_size), batch_size * 2, dtype=hidden1.dtype)
    masks = tf.one_hot(tf.range(batch_size), batch_size, dtype=hidden1.dtype)
    logits_aa = tf.matmul(hidden1, hidden1, transpose_b=True) / 0.07
    logits_aa = logits_aa - masks * LARGE_NUM
    logits_bb = tf.matmul(hidden2, hidden2, transpose_b=True) / 0.07
    logits_bb = logits_bb - masks * LARGE_NUM
    logits_ab = tf.matmul(hidden1, hidden2, transpose_b=True) / 0.07
    logits_ba = tf.matmul(hidden2, hidden1, transpose_b=True) / 0.07
    loss_a = tf.nn.softmax_cross_entropy_with_logits(labels, tf.concat([logits_ab, logits_aa], 1))
    loss_b = tf.nn.softmax_cross_entropy_with_logits(labels, tf.concat([logits_ba, logits_bb], 1))
    return tf.reduce_mean(loss_a + loss_b)


def cosine_eps(a, b):
    cos = tf.reduce_sum(a * b, axis=-1) / (tf.norm(a, axis=-1) * tf.norm(b, axis=-1) + 1e-8)
    return tf.reduce_sum(1.0 - cos)


def cosine_bare(a, b):
    cos = tf.reduce_sum(a * b, axis=-1) / (tf.norm(a, axis=-1) * tf.norm(b, axis=-1))
    return tf.reduce_sum(1.0 - cos)


def triplet_relu(a, p, n):
    d_ap = tf.reduce_sum(tf.square(a - p), axis=-1)
    d_an = tf.reduce_sum(tf.square(a - n), axis=-1)
    return tf.reduce_mean(tf.nn.relu(d_ap - d_an + 1.0))


def triplet_softplus(a, p, n):
    d_ap = tf.reduce_sum(tf.square(a - p), axis=-1)
    d_an = tf.reduce_sum(tf.square(a - n), axis=-1)
    return tf.reduce_mean(tf.nn.softplus(d_ap - d_an + 1.0))


def _pairwise_distances(embeddings, squared=False):
    dot_product = tf.matmul(embeddings, tf.transpose(embeddings))
    square_norm = tf.linalg.diag_part(dot_product)
    distances = tf.expand_dims(square_norm, 0) - 2.0 * dot_product + tf.expand_dims(square_norm, 1)
    distances = tf.maximum(distances, 0.0)
    if not squared:
        mask = tf.cast(tf.equal(distances, 0.0), distances.dtype)
        distances = distances + mask * 1e-16
        distances = tf.sqrt(distances)
        distances = distances * (1.0 - mask)
    return distances


def batch_hard(embeddings, margin=0.5):
    pairwise_dist = _pairwise_distances(embeddings)
    dtype = embeddings.dtype
    not_self = 1.0 - tf.eye(tf.shape(embeddings)[0], dtype=dtype)
    same = tf.cast(tf.equal(tf.expand_dims(LABELS, 0), tf.expand_dims(LABELS, 1)), dtype)
    mask_anchor_positive = same * not_self
    hardest_positive_dist = tf.reduce_max(mask_anchor_positive * pairwise_dist, axis=1, keepdims=True)
    mask_anchor_negative = 1.0 - same
    max_anchor_negative_dist = tf.reduce_max(pairwise_dist, axis=1, keepdims=True)
    anchor_negative_dist = pairwise_dist + max_anchor_negative_dist * (1.0 - mask_anchor_negative)
    hardest_negative_dist = tf.reduce_min(anchor_negative_dist, axis=1, keepdims=True)
    return tf.reduce_mean(tf.maximum(hardest_positive_dist - hardest_negative_dist + margin, 0.0))


def arcface(x, W):
    cos = tf.matmul(tf.math.l2_normalize(x, axis=1), tf.math.l2_normalize(W, axis=1), transpose_b=True)
    theta = tf.math.acos(tf.clip_by_value(cos, -1.0, 1.0))
    onehot = tf.one_hot(CLASSES, tf.shape(W)[0], dtype=x.dtype)
    logits = 16.0 * tf.where(onehot > 0, tf.cos(theta + 0.5), cos)
    return tf.reduce_mean(tf.nn.softmax_cross_entropy_with_logits(onehot, logits))


def barlow_std(z1, z2):
    n = tf.cast(tf.shape(z1)[0], z1.dtype)
    a = (z1 - tf.reduce_mean(z1, 0)) / tf.math.reduce_std(z1, 0)
    b = (z2 - tf.reduce_mean(z2, 0)) / tf.math.reduce_std(z2, 0)
    c = tf.matmul(a, b, transpose_a=True) / n
    on = tf.reduce_sum((tf.linalg.diag_part(c) - 1.0) ** 2)
    off = tf.reduce_sum(c ** 2) - tf.reduce_sum(tf.linalg.diag_part(c) ** 2)
    return on + 5e-3 * off


def vicreg(z1, z2):
    n = tf.cast(tf.shape(z1)[0], z1.dtype)
    d = tf.cast(tf.shape(z1)[1], z1.dtype)
    inv = tf.reduce_mean(tf.square(z1 - z2))
    c1, c2 = z1 - tf.reduce_mean(z1, 0), z2 - tf.reduce_mean(z2, 0)
    std1 = tf.sqrt(tf.reduce_sum(c1 ** 2, 0) / (n - 1) + 1e-4)
    std2 = tf.sqrt(tf.reduce_sum(c2 ** 2, 0) / (n - 1) + 1e-4)
    var = tf.reduce_mean(tf.nn.relu(1.0 - std1)) / 2 + tf.reduce_mean(tf.nn.relu(1.0 - std2)) / 2
    cov1 = tf.matmul(c1, c1, transpose_a=True) / (n - 1)
    cov2 = tf.matmul(c2, c2, transpose_a=True) / (n - 1)
    off = lambda c: tf.reduce_sum(c ** 2) - tf.reduce_sum(tf.linalg.diag_part(c) ** 2)
    return 25.0 * inv + 25.0 * var + off(cov1) / d + off(cov2) / d


def byol(p, z):
    p = tf.math.l2_normalize(p, axis=-1)
    z = tf.math.l2_normalize(tf.stop_gradient(z), axis=-1)
    return tf.reduce_mean(2.0 - 2.0 * tf.reduce_sum(p * z, axis=-1))


def supcon_singleton(features):
    """A supervised contrastive loss whose mean over each anchor's positives is tf.math.divide_no_nan (temperature
    0.07): an anchor without positives contributes 0."""
    f = tf.math.l2_normalize(features, axis=1)
    n = tf.shape(f)[0]
    logits = tf.matmul(f, f, transpose_b=True) / 0.07
    not_self = 1.0 - tf.eye(n, dtype=f.dtype)
    logits = logits - tf.eye(n, dtype=f.dtype) * LARGE_NUM
    log_prob = tf.nn.log_softmax(logits, axis=1)
    pos = tf.cast(tf.equal(tf.expand_dims(SINGLETON, 0), tf.expand_dims(SINGLETON, 1)), f.dtype) * not_self
    mean_pos = tf.math.divide_no_nan(tf.reduce_sum(pos * log_prob, 1), tf.reduce_sum(pos, 1))
    return -tf.reduce_mean(mean_pos)
