"""A user's TensorFlow code, ninety-second round (d): the losses of training and aligning a small language model: DPO
by tf.math.log(tf.sigmoid(.)), tf.math.log_sigmoid and tf.math.softplus, the per-token KL penalty exp(d) - 1 - d
(naive and tf.math.expm1), the z-loss by tf.reduce_logsumexp, Keras's categorical cross-entropy with
label_smoothing, perplexity, top-k masking by tf.math.top_k, logit soft-capping, RMSNorm, and tf.custom_gradient
rules (a straight-through top-1 pick, a wrong softmax pick)."""

import tensorflow as tf

BETA = 0.5
REF_C = [-4.0, -6.0]
REF_R = [-5.0, -6.0]
TARGETS = [2, 0]
VOCAB = 4
SMOOTH = 0.25
CAP = 30.0
TOP_K = 2
TOP_TARGET = 1
EPS_NORM = 1e-6
GAIN = [1.0, 0.5, 2.0, 1.5]
W_OUT = [0.25, -1.0, 0.5, 2.0]
VALUES = [1.0, -2.0, 0.5]


def _t(values, like):
    return tf.constant(values, dtype=like.dtype)


# ----------------------------------------------------------------------------------------- preference losses
def _margin(lp_c, lp_r):
    return BETA * ((lp_c - _t(REF_C, lp_c)) - (lp_r - _t(REF_R, lp_r)))


def dpo_naive(lp_c, lp_r):
    return -tf.reduce_mean(tf.math.log(tf.sigmoid(_margin(lp_c, lp_r))))


def dpo_log_sigmoid(lp_c, lp_r):
    return -tf.reduce_mean(tf.math.log_sigmoid(_margin(lp_c, lp_r)))


def dpo_softplus(lp_c, lp_r):
    return tf.reduce_mean(tf.math.softplus(-_margin(lp_c, lp_r)))


# ----------------------------------------------------------------------------------------- KL penalty, z-loss
def kl_naive(logp, logq):
    d = logp - logq
    return tf.reduce_sum(tf.exp(d) - 1 - d)


def kl_expm1(logp, logq):
    d = logp - logq
    return tf.reduce_sum(tf.math.expm1(d) - d)


def z_loss(z):
    return tf.reduce_mean(tf.reduce_logsumexp(z, axis=-1) ** 2)


# ----------------------------------------------------------------------------------------- cross-entropies
def ls_ce(z):
    labels = tf.one_hot(TARGETS, VOCAB, dtype=z.dtype)
    return tf.reduce_mean(tf.keras.losses.categorical_crossentropy(labels, z, from_logits=True,
                                                                   label_smoothing=SMOOTH))


def perplexity(z):
    nll = tf.nn.sparse_softmax_cross_entropy_with_logits(labels=TARGETS, logits=z)
    return tf.exp(tf.reduce_mean(nll))


def topk_ce(z):
    kth = tf.math.top_k(z, TOP_K).values[-1]
    masked = tf.where(z >= kth, z, tf.constant(float("-inf"), z.dtype))
    return -tf.nn.log_softmax(masked)[TOP_TARGET]


def softcap_ce(z):
    capped = CAP * tf.tanh(z / CAP)
    return tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=TARGETS, logits=capped))


# ----------------------------------------------------------------------------------------- RMSNorm
def rmsnorm(x):
    y = x * tf.math.rsqrt(tf.reduce_mean(x ** 2) + EPS_NORM) * _t(GAIN, x)
    return tf.reduce_sum(y * _t(W_OUT, x))


def rmsnorm_noeps(x):
    y = x / tf.sqrt(tf.reduce_mean(x ** 2)) * _t(GAIN, x)
    return tf.reduce_sum(y * _t(W_OUT, x))


# ----------------------------------------------------------------------------------------- custom rules
@tf.custom_gradient
def st_top1(z):
    def grad(g):
        return g
    return tf.one_hot(tf.argmax(z), tf.shape(z)[0], dtype=z.dtype), grad


@tf.custom_gradient
def soft_pick_bad(z):
    p = tf.nn.softmax(z)

    def grad(g):
        return p * g
    return p, grad


def st_value(z):
    return tf.reduce_sum(st_top1(z) * _t(VALUES, z))


def soft_value_bad(z):
    return tf.reduce_sum(soft_pick_bad(z) * _t(VALUES, z))
