"""A user's TensorFlow code, eighty-sixth round (d): NeRF volume rendering on one ray of four samples (t = 2 .. 3.5,
delta = 0.5, grey colours) as the original TensorFlow NeRF writes it: raw2outputs with tf.math.cumprod(1 - alpha +
1e-10, exclusive=True), the stable -tf.math.expm1 and exclusive tf.math.cumsum spelling, alphas composited by
tf.math.cumprod(exclusive=True), a softplus density, the expected depth, PSNR by tf.math.log(mse) / log(10), a
ray-sphere hit, view directions by tf.math.l2_normalize, and the compositing step by tf.custom_gradient (right, and
with the transmittance before the sample)."""

import tensorflow as tf

T_VALS = [2.0, 2.5, 3.0, 3.5]
DELTA = 0.5
RGB = [0.875, 0.375, 0.625, 0.125]
GT = [0.25, 0.5, 0.75]
VIEW_W = [0.25, 0.5, -0.75]


def _c(values, like):
    return tf.constant(values, dtype=like.dtype)


def weights_nerf(sigma):
    alpha = 1.0 - tf.exp(-sigma * DELTA)
    return alpha * tf.math.cumprod(1.0 - alpha + 1e-10, axis=-1, exclusive=True)


def weights_stable(sigma):
    sd = sigma * DELTA
    alpha = -tf.math.expm1(-sd)
    return alpha * tf.exp(-tf.math.cumsum(sd, axis=-1, exclusive=True))


def render(sigma):
    return tf.reduce_sum(weights_nerf(sigma) * _c(RGB, sigma))


def render_stable(sigma):
    return tf.reduce_sum(weights_stable(sigma) * _c(RGB, sigma))


def render_noeps(sigma):
    alpha = 1.0 - tf.exp(-sigma * DELTA)
    trans = tf.math.cumprod(1.0 - alpha, axis=-1, exclusive=True)
    return tf.reduce_sum(alpha * trans * _c(RGB, sigma))


def composite(alpha):
    trans = tf.math.cumprod(1.0 - alpha, axis=-1, exclusive=True)
    return tf.reduce_sum(alpha * trans * _c(RGB, alpha))


def render_softplus(raw):
    return render(tf.math.softplus(raw - 1.0))


def depth(sigma):
    w = weights_nerf(sigma)
    return tf.reduce_sum(w * _c(T_VALS, sigma)) / tf.reduce_sum(w)


def psnr(pred):
    mse = tf.reduce_mean(tf.square(pred - _c(GT, pred)))
    return -10.0 * tf.math.log(mse) / tf.math.log(tf.constant(10.0, dtype=pred.dtype))


def sphere_t(o):
    d = tf.constant([0.0, 0.0, 1.0], dtype=o.dtype)
    b = 2.0 * tf.reduce_sum(o * d)
    c = tf.reduce_sum(o * o) - 1.0
    disc = b * b - 4.0 * c
    return (-b - tf.sqrt(disc)) / 2.0


def view_dir(d):
    return tf.reduce_sum(tf.math.l2_normalize(d, axis=-1) * _c(VIEW_W, d))


@tf.custom_gradient
def render_custom(sigma):
    w = weights_stable(sigma)
    rgb = _c(RGB, sigma)

    def grad(dy):
        t_after = tf.exp(-tf.math.cumsum(sigma * DELTA, axis=-1))
        suffix = tf.math.cumsum(w * rgb, axis=-1, exclusive=True, reverse=True)
        return dy * DELTA * (t_after * rgb - suffix)

    return tf.reduce_sum(w * rgb), grad


@tf.custom_gradient
def render_bad(sigma):
    w = weights_stable(sigma)
    rgb = _c(RGB, sigma)

    def grad(dy):
        t_before = tf.exp(-tf.math.cumsum(sigma * DELTA, axis=-1, exclusive=True))
        suffix = tf.math.cumsum(w * rgb, axis=-1, exclusive=True, reverse=True)
        return dy * DELTA * (t_before * rgb - suffix)

    return tf.reduce_sum(w * rgb), grad


def depth_safe(sigma):
    w = weights_nerf(sigma)
    return tf.math.divide_no_nan(tf.reduce_sum(w * _c(T_VALS, sigma)), tf.reduce_sum(w))


def composite_far_first(alpha):
    """Samples stored far to near: the transmittance by a reversed exclusive cumprod."""
    trans = tf.math.cumprod(1.0 - alpha, axis=-1, exclusive=True, reverse=True)
    return tf.reduce_sum(alpha * trans * _c(RGB[::-1], alpha))


render_xla = tf.function(render, jit_compile=True)
