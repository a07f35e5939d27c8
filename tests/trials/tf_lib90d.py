"""A user's TensorFlow code, ninetieth round (d): state-space models and linear recurrences: the zero-order-hold
discretisation of a diagonal state matrix (tf.exp, (exp(A dt) - 1) / A * B, tf.math.expm1, a tf.where guard at A =
0), dt = tf.math.softplus(raw) and the textbook log(1 + exp(raw)), a selective scan h_t = a_t h_{t-1} + b_t x_t (a
Python loop, tf.scan, exp(tf.cumsum(log a)), tf.math.cumprod / cumprod[s], the log-space scan by
tf.math.cumulative_logsumexp), LSTM and GRU cells, and a minimal linear recurrent unit with lambda = exp(-exp(nu) + i
theta) by tf.complex."""

import tensorflow as tf

B = [1.0, 0.5, -2.0]
C = [0.25, 1.0, -1.0]
B_SEQ = [0.5, 1.0, 2.0, 0.25]
TARGET = 0.25
A_DIAG = [-1.0, -0.5]
BX = [0.5, 2.0]
X_LRU = [1.0, -0.5, 0.25]


def _t(values, like):
    return tf.constant(values, dtype=like.dtype)


# ----------------------------------------------------------------------------------------- discretisation
def zoh(a, dt):
    a_bar = tf.exp(a * dt)
    b_bar = (a_bar - 1.0) / a * _t(B, a)
    return tf.reduce_sum(a_bar + _t(C, a) * b_bar)


def zoh_expm1(a, dt):
    a_bar = tf.exp(a * dt)
    b_bar = tf.math.expm1(a * dt) / a * _t(B, a)
    return tf.reduce_sum(a_bar + _t(C, a) * b_bar)


def zoh_guarded(a, dt):
    a_bar = tf.exp(a * dt)
    b_bar = tf.where(tf.abs(a) < 1e-6, dt * tf.ones_like(a), tf.math.expm1(a * dt) / a) * _t(B, a)
    return tf.reduce_sum(a_bar + _t(C, a) * b_bar)


def softplus_dt(raw):
    dt = tf.math.softplus(raw)
    return tf.reduce_sum(tf.exp(_t(A_DIAG, raw) * dt) + dt * _t(BX, raw))


def softplus_dt_naive(raw):
    dt = tf.math.log(1.0 + tf.exp(raw))
    return tf.reduce_sum(tf.exp(_t(A_DIAG, raw) * dt) + dt * _t(BX, raw))


# ----------------------------------------------------------------------------------------- selective scan
def _loss(h_last):
    return (h_last - TARGET) ** 2


def scan_loop(a, x):
    b = _t(B_SEQ, a)
    h = tf.zeros((), dtype=a.dtype)
    for t in range(a.shape[0]):
        h = a[t] * h + b[t] * x[t]
    return _loss(h)


def scan_tf(a, x):
    hs = tf.scan(lambda h, ab: ab[0] * h + ab[1], (a, _t(B_SEQ, a) * x), initializer=tf.zeros((), dtype=a.dtype))
    return _loss(hs[-1])


def scan_logcumsum(a, x):
    log_a = tf.cumsum(tf.math.log(a))
    h = tf.reduce_sum(tf.exp(log_a[-1] - log_a) * _t(B_SEQ, a) * x)
    return _loss(h)


def scan_cumprod(a, x):
    p = tf.math.cumprod(a)
    h = tf.reduce_sum(p[-1] / p * _t(B_SEQ, a) * x)
    return _loss(h)


def scan_heinsen(a, x):
    a_star = tf.cumsum(tf.math.log(a))
    log_h = a_star + tf.math.cumulative_logsumexp(tf.math.log(_t(B_SEQ, a) * x) - a_star)
    return _loss(tf.exp(log_h[-1]))


# ----------------------------------------------------------------------------------------- gated cells
def lstm_cell(u, c):
    f, i, g = tf.sigmoid(u[0]), tf.sigmoid(u[1]), tf.tanh(u[2])
    return f * c + i * g


def gru_step(u, h, hc):
    z = tf.sigmoid(u)
    return (1.0 - z) * h + z * hc


def gru_step_stable(u, h, hc):
    return hc + tf.sigmoid(-u) * (h - hc)


# ----------------------------------------------------------------------------------------- linear recurrent unit
def lru(nu, theta):
    lam = tf.exp(tf.complex(-tf.exp(nu), theta))
    gamma = tf.sqrt(1.0 - tf.abs(lam) ** 2)
    h = tf.complex(tf.zeros_like(nu), tf.zeros_like(nu))
    for x_t in X_LRU:
        h = lam * h + tf.complex(gamma * x_t, tf.zeros_like(nu))
    return tf.abs(h) ** 2


def lru_stable(nu, theta):
    lam = tf.exp(tf.complex(-tf.exp(nu), theta))
    gamma = tf.sqrt(-tf.math.expm1(-2.0 * tf.exp(nu)))
    h = tf.complex(tf.zeros_like(nu), tf.zeros_like(nu))
    for x_t in X_LRU:
        h = lam * h + tf.complex(gamma * x_t, tf.zeros_like(nu))
    return tf.math.real(h * tf.math.conj(h))
