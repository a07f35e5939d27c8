"""A user's TensorFlow code, ninety-seventh round (d): calibration and quantile losses: the pinball loss (tf.maximum),
a smoothed pinball (tf.math.softplus and written out), a Gaussian CRPS (tf.math.erf), temperature scaling's NLL
(sparse softmax cross-entropy and log of softmax), focal loss (plain and by tf.math.log_sigmoid), a Dirichlet
log-likelihood by tf.math.lgamma, conformal scores' quantile by tf.sort, the interval score, and a smooth pinball by
tf.custom_gradient (right and wrong)."""

import math

import tensorflow as tf

Y = [0.5, -1.0, 2.0, 0.25]
PD = [0.25, 0.5, 0.25]
LABEL = 3
Q = 0.25
GAMMA = 0.5
ALPHA = 0.5


def _t(values, like):
    return tf.constant(values, dtype=like.dtype)


def pinball(f, q):
    u = _t(Y, f) - f
    return tf.reduce_mean(tf.maximum(q * u, (q - 1) * u))


def smooth_pinball(f, tau):
    u = _t(Y, f) - f
    return tf.reduce_mean(Q * u + tau * tf.math.softplus(-u / tau))


def smooth_pinball_hand(f, tau):
    u = _t(Y, f) - f
    return tf.reduce_mean(Q * u + tau * tf.math.log(1 + tf.exp(-u / tau)))


def crps_gauss(mu, sigma):
    z = (_t(Y, mu) - mu) / sigma
    cdf = 0.5 * (1 + tf.math.erf(z / math.sqrt(2.0)))
    pdf = tf.exp(-0.5 * z * z) / math.sqrt(2 * math.pi)
    return tf.reduce_mean(sigma * (z * (2 * cdf - 1) + 2 * pdf - 1 / math.sqrt(math.pi)))


def temp_nll(z, T):
    return tf.nn.sparse_softmax_cross_entropy_with_logits(labels=LABEL, logits=z / T)


def temp_nll_naive(z, T):
    return -tf.math.log(tf.nn.softmax(z / T)[LABEL])


def focal(x):
    p = tf.sigmoid(x)
    return tf.reduce_mean(-((1 - p) ** GAMMA) * tf.math.log(p))


def focal_stable(x):
    return tf.reduce_mean(-(tf.sigmoid(-x) ** GAMMA) * tf.math.log_sigmoid(x))


def dirichlet_ll(alpha):
    pd = _t(PD, alpha)
    return (tf.math.lgamma(tf.reduce_sum(alpha)) - tf.reduce_sum(tf.math.lgamma(alpha))
            + tf.reduce_sum((alpha - 1) * tf.math.log(pd)))


def conformal_q(f, sigma):
    s = tf.sort(tf.abs(_t(Y, f) - f) / sigma)
    return 0.25 * s[1] + 0.75 * s[2]


def interval_score(l, u):
    y = _t(Y, l)
    below = tf.cast(y < l, l.dtype)
    above = tf.cast(y > u, u.dtype)
    return tf.reduce_mean((u - l) + 2 / ALPHA * (l - y) * below + 2 / ALPHA * (y - u) * above)


@tf.custom_gradient
def _spb(u):
    def grad(dy):
        return dy * (Q - tf.sigmoid(-u / 0.25))
    return Q * u + 0.25 * tf.math.softplus(-u / 0.25), grad


@tf.custom_gradient
def _spb_bad(u):
    def grad(dy):
        return dy * (Q - tf.sigmoid(u / 0.25))
    return Q * u + 0.25 * tf.math.softplus(-u / 0.25), grad


def smooth_pinball_rule(f):
    return tf.reduce_mean(_spb(_t(Y, f) - f))


def smooth_pinball_rule_bad(f):
    return tf.reduce_mean(_spb_bad(_t(Y, f) - f))
