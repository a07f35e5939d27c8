"""A user's TensorFlow code, ninety-fourth round (d): survival and event-stream losses on four subjects or three
events: the Cox partial likelihood (naive by tf.cumsum(reverse=True), tf.math.cumulative_logsumexp(reverse=True), a
padded batch masked by tf.where), a Weibull negative log-likelihood, a discrete-time hazard, a Hawkes process, a
Poisson process through tf.math.softplus, a concordance surrogate, and a log1mexp by tf.custom_gradient (right, and a
wrong one)."""

import math

import tensorflow as tf

TIMES = [1.0, 2.0, 3.0, 4.0]
EVENTS = [1.0, 0.0, 1.0, 1.0]
EVENTS_PAD = [1.0, 0.0, 1.0, 0.0]
MASK = [1.0, 1.0, 1.0, 0.0]
W_TIMES0 = [0.5, 2.0, 0.0, 3.0]
W_EVENTS0 = [1.0, 0.0, 0.0, 0.0]
SURVIVED = [1.0, 1.0, 0.0]
DIED = [0.0, 0.0, 1.0]
EV = [0.5, 1.25, 2.0]
HORIZON = 3.0
COUNTS = [2.0, 0.0, 1.0]
DT = 0.5


def _t(values, like):
    return tf.constant(values, dtype=like.dtype)


def cox_naive(r):
    events = _t(EVENTS, r)
    log_risk = tf.math.log(tf.cumsum(tf.exp(r), reverse=True))
    return -tf.reduce_sum((r - log_risk) * events) / tf.reduce_sum(events)


def cox_stable(r):
    events = _t(EVENTS, r)
    log_risk = tf.math.cumulative_logsumexp(r, reverse=True)
    return -tf.reduce_sum((r - log_risk) * events) / tf.reduce_sum(events)


def cox_padded(r):
    events, mask = _t(EVENTS_PAD, r), _t(MASK, r)
    risk = tf.cumsum(tf.exp(r) * mask, reverse=True)
    term = tf.where(events * mask > 0, r - tf.math.log(risk), tf.zeros_like(r))
    return -tf.reduce_sum(term) / tf.reduce_sum(events)


def weibull_nll_zero(k, lam):
    t, e = _t(W_TIMES0, k), _t(W_EVENTS0, k)
    log_h = tf.math.log(k / lam) + (k - 1.0) * tf.math.log(t / lam)
    cum_h = tf.pow(t / lam, k)
    return -tf.reduce_sum(tf.where(e > 0, log_h, tf.zeros_like(log_h))) + tf.reduce_sum(cum_h)


def discrete_log1p(z):
    h = tf.sigmoid(z)
    return -tf.reduce_sum(_t(SURVIVED, z) * tf.math.log1p(-h) + _t(DIED, z) * tf.math.log(h))


def discrete_stable(z):
    return -tf.reduce_sum(_t(SURVIVED, z) * tf.math.log_sigmoid(-z) + _t(DIED, z) * tf.math.log_sigmoid(z))


def hawkes_nll(mu, alpha, beta):
    ev = _t(EV, mu)
    lags = ev[:, None] - ev[None, :]
    past = ev[None, :] < ev[:, None]
    excite = tf.reduce_sum(tf.where(past, tf.exp(-beta * lags), tf.zeros_like(lags)), axis=1)
    compensator = mu * HORIZON + alpha / beta * tf.reduce_sum(1 - tf.exp(-beta * (HORIZON - ev)))
    return -(tf.reduce_sum(tf.math.log(mu + alpha * excite)) - compensator)


def poisson_softplus(z):
    lam = tf.math.softplus(z)
    return -tf.reduce_sum(_t(COUNTS, z) * tf.math.log(lam) - lam * DT)


def concordance(r, s):
    times, events = _t(TIMES, r), _t(EVENTS, r)
    comparable = tf.logical_and(times[:, None] < times[None, :], events[:, None] > 0)
    pair = tf.sigmoid((r[:, None] - r[None, :]) / s)
    return tf.reduce_sum(tf.where(comparable, pair, tf.zeros_like(pair))) / tf.reduce_sum(tf.cast(comparable, r.dtype))


@tf.custom_gradient
def log1mexp(x):
    y = tf.where(x < math.log(2.0), tf.math.log(-tf.math.expm1(-x)), tf.math.log1p(-tf.exp(-x)))

    def grad(dy):
        return dy / tf.math.expm1(x)
    return y, grad


@tf.custom_gradient
def log1mexp_bad(x):
    def grad(dy):
        return dy * tf.exp(-x)
    return tf.math.log(-tf.math.expm1(-x)), grad


def _grouped(f, log_lam):
    H = tf.exp(log_lam) * DT
    return -tf.reduce_sum(_t([1.0, 1.0, 0.0], log_lam) * f(H)) + tf.reduce_sum(_t(SURVIVED, log_lam) * H)


def grouped_custom(log_lam):
    return _grouped(log1mexp, log_lam)


def grouped_bad(log_lam):
    return _grouped(log1mexp_bad, log_lam)


DEATHS = [1.0, 1.0, 0.0]
EXPOSURE = [[1.0, 0.5, 0.0], [1.0, 1.0, 0.25], [0.75, 0.0, 0.0]]


def piecewise_xlogy(lam):
    return -tf.reduce_sum(tf.math.xlogy(_t(DEATHS, lam), lam)) + tf.reduce_sum(tf.linalg.matvec(_t(EXPOSURE, lam), lam))
