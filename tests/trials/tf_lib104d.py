"""A user's TensorFlow code, hundred-and-fourth round (d): gradients through optimiser updates, the inner gradient by a
tf.GradientTape nested inside the function: three unrolled heavy-ball steps on a tiny quadratic (hypergradients in lr,
mu and w0); MAML's two inner steps on a logistic loss (tf.nn.softplus, and tf.math.log(1 + tf.exp(-m))); Adam's first
update with bias correction; tf.clip_by_global_norm and tf.clip_by_norm (at ||g|| = c and at g = 0); linear warmup and
cosine decay by tf.where, step decay by tf.floor; signSGD by tf.sign; and a global-norm clip by tf.custom_gradient with
the full rule (right) and with the rule that forgets the norm's own slope (slipped)."""

import math

import tensorflow as tf

A = [2.0, 0.5]
B = [1.0, -1.0]
C = [0.5, 0.5]
CW = [1.0, -2.0]
X = [[1.0, 2.0], [-1.5, 0.5]]
Y = [1.0, -1.0]
XV = [0.5, -1.0]
LR, B1, B2, EPS = 1e-3, 0.9, 0.999, 1e-8
CLIP = 5.0


def _t(a, like):
    return tf.constant(a, dtype=like.dtype)


def _train(w):
    return 0.5 * tf.reduce_sum(_t(A, w) * (w - _t(B, w)) ** 2)


def _val(w):
    return 0.5 * tf.reduce_sum((w - _t(C, w)) ** 2)


def _grad(loss_fn, w):
    with tf.GradientTape() as tape:
        tape.watch(w)
        loss = loss_fn(w)
    return tape.gradient(loss, w)


def momentum_unroll(lr, mu, w0):
    w, v = w0, tf.zeros_like(w0)
    for _ in range(3):
        g = _grad(_train, w)
        v = mu * v + g
        w = w - lr * v
    return _val(w)


def _logistic(w):
    return tf.reduce_mean(tf.nn.softplus(-_t(Y, w) * tf.linalg.matvec(_t(X, w), w)))


def _logistic_naive(w):
    return tf.reduce_mean(tf.math.log(1.0 + tf.exp(-_t(Y, w) * tf.linalg.matvec(_t(X, w), w))))


def maml_logistic(w, alpha):
    for _ in range(2):
        w = w - alpha * _grad(_logistic, w)
    return tf.nn.softplus(-tf.reduce_sum(_t(XV, w) * w))


def maml_logistic_naive(w, alpha):
    for _ in range(2):
        w = w - alpha * _grad(_logistic_naive, w)
    return tf.math.log(1.0 + tf.exp(-tf.reduce_sum(_t(XV, w) * w)))


def adam_step(g):
    t = 1
    m = (1 - B1) * g
    v = (1 - B2) * g * g
    m_hat = m / (1 - B1 ** t)
    v_hat = v / (1 - B2 ** t)
    return tf.reduce_sum(_t(CW, g) * LR * m_hat / (tf.sqrt(v_hat) + EPS))


def clip_global(g):
    clipped, _ = tf.clip_by_global_norm([g], CLIP)
    return tf.reduce_sum(_t(CW, g) * clipped[0])


def clip_norm(g):
    return tf.reduce_sum(_t(CW, g) * tf.clip_by_norm(g, CLIP))


def warmup_cosine(step, base):
    warm = base * step / 10.0
    cos = base * 0.5 * (1.0 + tf.cos(math.pi * (step - 10.0) / (110.0 - 10.0)))
    return tf.where(step < 10.0, warm, cos)


def step_decay(step, base):
    return base * 0.1 ** tf.floor(step / 30.0)


def sign_sgd(w, lr):
    g = _grad(_train, w)
    return _val(w - lr * tf.sign(g))


@tf.custom_gradient
def _clip_full(g):
    n = tf.norm(g)
    s = tf.minimum(1.0 / n * CLIP, 1.0)

    def grad(dy):
        # clipped (n > c): d(c g / n) = (c / n) (dy - g (g . dy) / n^2)
        return tf.where(n > CLIP, s * (dy - g * tf.reduce_sum(g * dy) / n ** 2), dy)
    return g * s, grad


@tf.custom_gradient
def _clip_slipped(g):
    n = tf.norm(g)
    s = tf.minimum(1.0 / n * CLIP, 1.0)

    def grad(dy):
        return dy * s  # the scale held constant: forgets the norm's own slope
    return g * s, grad


def clip_custom(g):
    return tf.reduce_sum(_t(CW, g) * _clip_full(g))


def clip_custom_slipped(g):
    return tf.reduce_sum(_t(CW, g) * _clip_slipped(g))


def noam(step, base):
    """The Transformer's schedule as TensorFlow's tutorial writes it: rsqrt(d) * min(rsqrt(step), step * warmup^-1.5)."""
    arg1 = tf.math.rsqrt(step)
    arg2 = step * (4000.0 ** -1.5)
    return base * tf.math.rsqrt(tf.constant(256.0, step.dtype)) * tf.math.minimum(arg1, arg2)
