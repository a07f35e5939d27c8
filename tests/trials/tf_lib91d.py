"""A user's TensorFlow code, ninety-first round (d): causal inference and off-policy estimation: inverse propensity
weights with e = tf.sigmoid(logit) (bare and tf.clip_by_value'd), the self-normalised estimator, AIPW, the propensity
model's loss by tf.nn.sigmoid_cross_entropy_with_logits and by the naive log(sigmoid), the effective sample size,
importance ratios pi / mu in probability and in log space, per-decision products by tf.math.cumprod, V-trace's
truncated ratios by tf.minimum, a clipped weight with a straight-through tf.custom_gradient (and a wrong one), and an
uplift model."""

import tensorflow as tf

T = [1.0, 0.0, 1.0]
Y = [2.0, 0.5, 1.5]
R = [1.0, 0.5, 2.0]
GAMMA = 0.5
EPS = 0.01
W_MAX = 10.0


def _t(values, like):
    return tf.constant(values, dtype=like.dtype)


# ----------------------------------------------------------------------------------------- propensity weighting
def ipw_ate(logit):
    e = tf.sigmoid(logit)
    t, y = _t(T, logit), _t(Y, logit)
    return tf.reduce_mean(t * y / e - (1 - t) * y / (1 - e))


def ipw_weights(logit):
    e = tf.sigmoid(logit)
    t = _t(T, logit)
    w = t / e + (1 - t) / (1 - e)
    return tf.reduce_sum(w * _t(Y, logit))


def ipw_clipped(logit):
    e = tf.clip_by_value(tf.sigmoid(logit), EPS, 1 - EPS)
    t, y = _t(T, logit), _t(Y, logit)
    return tf.reduce_mean(t * y / e - (1 - t) * y / (1 - e))


def snipw(w):
    return tf.reduce_sum(w * _t(Y, w)) / tf.reduce_sum(w)


def aipw(logit, m1, m0):
    e = tf.sigmoid(logit)
    t, y = _t(T, logit), _t(Y, logit)
    psi = m1 - m0 + t * (y - m1) / e - (1 - t) * (y - m0) / (1 - e)
    return tf.reduce_mean(psi)


def bce_stable(logit):
    return tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=_t(T, logit), logits=logit))


def bce_naive(logit):
    p = tf.sigmoid(logit)
    t = _t(T, logit)
    return -tf.reduce_mean(t * tf.math.log(p) + (1 - t) * tf.math.log(1 - p))


def ess(w):
    return tf.reduce_sum(w) ** 2 / tf.reduce_sum(w ** 2)


# ----------------------------------------------------------------------------------------- off-policy evaluation
def is_return(pi, mu):
    return tf.reduce_sum(pi / mu * _t(R, pi))


def ratio_probs(log_pi, log_mu):
    return tf.reduce_sum(tf.exp(log_pi) / tf.exp(log_mu) * _t(R, log_pi))


def ratio_logspace(log_pi, log_mu):
    return tf.reduce_sum(tf.exp(log_pi - log_mu) * _t(R, log_pi))


def per_decision(pi, mu):
    rho = tf.math.cumprod(pi / mu)
    disc = GAMMA ** tf.range(3, dtype=pi.dtype)
    return tf.reduce_sum(disc * rho * _t(R, pi))


def vtrace(log_rho, v):
    rho = tf.exp(log_rho)
    rho_c = tf.minimum(tf.cast(1.0, rho.dtype), rho)
    c = tf.minimum(tf.cast(1.0, rho.dtype), rho)
    delta = rho_c * (_t(R, v) + GAMMA * v[1:] - v[:-1])
    acc = tf.zeros((), dtype=v.dtype)
    out = []
    for s in (2, 1, 0):
        acc = delta[s] + GAMMA * c[s] * acc
        out.append(v[s] + acc)
    return tf.reduce_sum(tf.stack(out))


# ----------------------------------------------------------------------------------------- custom rules
@tf.custom_gradient
def clip_st(w):
    def grad(dy):
        return dy
    return tf.clip_by_value(w, 0.0, W_MAX), grad


@tf.custom_gradient
def clip_bad(w):
    def grad(dy):
        return dy * w / W_MAX
    return tf.clip_by_value(w, 0.0, W_MAX), grad


def weighted_st(w):
    return tf.reduce_sum(clip_st(w) * _t(Y, w))


def weighted_bad(w):
    return tf.reduce_sum(clip_bad(w) * _t(Y, w))


# ----------------------------------------------------------------------------------------- uplift
def uplift(z1, z0):
    return tf.reduce_sum(tf.sigmoid(z1) - tf.sigmoid(z0))


def uplift_abs(z1, z0):
    return tf.reduce_sum(tf.abs(tf.sigmoid(z1) - tf.sigmoid(z0)))


# ----------------------------------------------------------------------------------------- log-weights
def snipw_exp(log_w):
    w = tf.exp(log_w)
    return tf.reduce_sum(w * _t(Y, log_w)) / tf.reduce_sum(w)


def snipw_softmax(log_w):
    return tf.reduce_sum(tf.nn.softmax(log_w) * _t(Y, log_w))


def snipw_no_nan(w):
    """The Hajek estimate, 0 where no unit has weight."""
    return tf.math.divide_no_nan(tf.reduce_sum(w * _t(Y, w)), tf.reduce_sum(w))
