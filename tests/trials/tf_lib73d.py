"""A user's TensorFlow code (no TensorFlow Probability), seventy-third round (d): diffusion models and normalizing
flows as researchers write them with tf.math. The cosine schedule's log-SNR as 2 (log alpha - log sigma) with
alpha = cos(pi t / 2), sigma = sin(pi t / 2); a DDIM step; DDPM's normal_kl; the discretised Gaussian likelihood by
tf.math.erf (a difference of CDFs) and the right tail by tf.math.erfc; a min-SNR-gamma weight by tf.minimum; a RealNVP
affine coupling; a linear flow's log-det by tf.linalg.slogdet; a log-det of tf.math.softplus scales; the logit
preprocessing with tf.clip_by_value; the Box-Cox transform with tf.where at lambda = 0."""

import math

import tensorflow as tf

GAMMA = 5.0
EPS = 1e-6


def log_snr_cosine(t):
    alpha = tf.math.cos(math.pi * t / 2)
    sigma = tf.math.sin(math.pi * t / 2)
    return tf.reduce_sum(2.0 * (tf.math.log(alpha) - tf.math.log(sigma)))


def ddim_step(x_t, eps_pred, ab_t, ab_prev):
    x0_pred = (x_t - tf.sqrt(1.0 - ab_t) * eps_pred) / tf.sqrt(ab_t)
    x_prev = tf.sqrt(ab_prev) * x0_pred + tf.sqrt(1.0 - ab_prev) * eps_pred
    return tf.reduce_sum(x_prev ** 2)


def normal_kl(mean1, logvar1, mean2, logvar2):
    return tf.reduce_sum(0.5 * (-1.0 + logvar2 - logvar1 + tf.exp(logvar1 - logvar2)
                                + tf.square(mean1 - mean2) * tf.exp(-logvar2)))


def min_snr_loss(eps_pred, eps, snr):
    weight = tf.minimum(snr, GAMMA) / snr
    return weight * tf.reduce_mean(tf.square(eps_pred - eps))


def _cdf(v):
    return 0.5 * (1.0 + tf.math.erf(v / math.sqrt(2.0)))


def discretized_gaussian_nll(x, means, log_scales):
    centered = x - means
    inv_stdv = tf.exp(-log_scales)
    cdf_plus = _cdf(inv_stdv * (centered + 1.0 / 255.0))
    cdf_min = _cdf(inv_stdv * (centered - 1.0 / 255.0))
    log_probs = tf.where(
        x < -0.999,
        tf.math.log(tf.maximum(cdf_plus, 1e-12)),
        tf.where(x > 0.999, tf.math.log(tf.maximum(1.0 - cdf_min, 1e-12)),
                 tf.math.log(tf.maximum(cdf_plus - cdf_min, 1e-12))))
    return -tf.reduce_sum(log_probs)


def right_tail_mass(x, means, log_scales):
    """The bin's mass in the right tail as 0.5 (erfc(a / sqrt 2) - erfc(b / sqrt 2))."""
    centered = x - means
    inv_stdv = tf.exp(-log_scales)
    a = inv_stdv * (centered - 1.0 / 255.0) / math.sqrt(2.0)
    b = inv_stdv * (centered + 1.0 / 255.0) / math.sqrt(2.0)
    return -tf.reduce_sum(tf.math.log(0.5 * (tf.math.erfc(a) - tf.math.erfc(b))))


def affine_coupling_nll(x, Ws, bs, Wt, bt):
    x1, x2 = x[:2], x[2:]
    s = tf.tanh(tf.linalg.matvec(Ws, x1) + bs)
    t = tf.linalg.matvec(Wt, x1) + bt
    y = tf.concat([x1, x2 * tf.exp(s) + t], axis=0)
    return 0.5 * tf.reduce_sum(y ** 2) - tf.reduce_sum(s)


def linear_flow_nll(W, x):
    z = tf.linalg.matvec(W, x)
    _, logabsdet = tf.linalg.slogdet(W)
    return 0.5 * tf.reduce_sum(z ** 2) - logabsdet


def softplus_scale_logdet(raw):
    return tf.reduce_sum(tf.math.log(tf.math.softplus(raw)))


def logit_clip_nll(x):
    p = tf.clip_by_value(x, EPS, 1.0 - EPS)
    y = tf.math.log(p) - tf.math.log1p(-p)
    return 0.5 * tf.reduce_sum(y ** 2) + tf.reduce_sum(tf.math.log(p) + tf.math.log1p(-p))


def box_cox(x, lam):
    """Box-Cox with its lambda = 0 limit by tf.where."""
    return tf.reduce_sum(tf.where(tf.equal(lam, 0.0), tf.math.log(x), (tf.pow(x, lam) - 1.0) / lam))
