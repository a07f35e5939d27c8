"""A user's TensorFlow code, seventy-seventh round (d): forecasting on short series, tfp-free. Simple exponential
smoothing by a Python loop, Holt's trend, Box-Cox by tf.where at lambda = 0, sMAPE, MASE, the pinball loss, a Gaussian
CRPS by tf.math.erf, DeepAR's negative binomial by tf.math.lgamma and tf.math.softplus, a Student-t likelihood, a
seasonal undifferencing by tf.cumsum, and a window normalised by tf.math.reduce_std (+ eps)."""

import math

import tensorflow as tf

Y = [3.0, 5.0, 4.0, 6.0, 7.0, 6.5]
TEST = [7.0, 8.0, 6.0]
COUNTS = [0.0, 3.0, 7.0, 1.0]
HIST_LAST = [10.0, 12.0, 9.0, 11.0]
TARGET = [11.0, 12.5, 8.0, 12.0, 11.5, 13.0, 9.5, 12.0]
W = [1.0, -2.0, 3.0, 0.5, -1.0, 2.0]


def ses_sse(alpha):
    y = tf.constant(Y, alpha.dtype)
    level = y[0]
    sse = tf.constant(0.0, alpha.dtype)
    for t in range(1, len(Y)):
        err = y[t] - level
        sse += err ** 2
        level = alpha * y[t] + (1 - alpha) * level
    return sse


def holt_sse(alpha, beta):
    y = tf.constant(Y, alpha.dtype)
    level, trend = y[0], y[1] - y[0]
    sse = tf.constant(0.0, alpha.dtype)
    for t in range(1, len(Y)):
        forecast = level + trend
        sse += (y[t] - forecast) ** 2
        new_level = alpha * y[t] + (1 - alpha) * forecast
        trend = beta * (new_level - level) + (1 - beta) * trend
        level = new_level
    return sse


def boxcox(y, lam):
    return tf.reduce_sum(tf.where(lam == 0, tf.math.log(y), (y ** lam - 1) / lam))


def smape(f, y):
    return tf.reduce_mean(2 * tf.abs(y - f) / (tf.abs(y) + tf.abs(f)))


def mase(f, train):
    scale = tf.reduce_mean(tf.abs(train[1:] - train[:-1]))
    return tf.reduce_mean(tf.abs(tf.constant(TEST, f.dtype) - f)) / scale


def pinball(f):
    q = 0.9
    e = tf.constant(TEST, f.dtype) - f
    return tf.reduce_mean(tf.maximum(q * e, (q - 1) * e))


def crps_gaussian(mu, raw):
    sigma = tf.math.softplus(raw)
    z = (2.0 - mu) / sigma
    cdf = 0.5 * (1 + tf.math.erf(z / math.sqrt(2.0)))
    pdf = tf.exp(-0.5 * z ** 2) / math.sqrt(2 * math.pi)
    return sigma * (z * (2 * cdf - 1) + 2 * pdf - 1 / math.sqrt(math.pi))


def negbin_nll(m, a):
    y = tf.constant(COUNTS, m.dtype)
    mu, alpha = tf.math.softplus(m), tf.math.softplus(a)
    r = 1.0 / alpha
    ll = (tf.math.lgamma(y + r) - tf.math.lgamma(y + 1) - tf.math.lgamma(r)
          - r * tf.math.log1p(alpha * mu) + y * (tf.math.log(alpha * mu) - tf.math.log1p(alpha * mu)))
    return -tf.reduce_sum(ll)


def student_t_nll(mu, nu):
    y = tf.constant(TEST, mu.dtype)
    z = (y - mu) / 1.5
    ll = (tf.math.lgamma((nu + 1) / 2) - tf.math.lgamma(nu / 2) - 0.5 * tf.math.log(nu * math.pi) - math.log(1.5)
          - (nu + 1) / 2 * tf.math.log1p(z ** 2 / nu))
    return -tf.reduce_sum(ll)


def seasonal_undiff(d):
    levels = tf.constant(HIST_LAST, d.dtype) + tf.cumsum(tf.reshape(d, (2, 4)), axis=0)
    return tf.reduce_sum((tf.reshape(levels, (-1,)) - tf.constant(TARGET, d.dtype)) ** 2)


def normalise_eps(x):
    w = tf.constant(W, x.dtype)
    return tf.reduce_sum(w * (x - tf.reduce_mean(x)) / (tf.math.reduce_std(x) + 1e-8))
