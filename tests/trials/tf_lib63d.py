"""Round 63d (TensorFlow): losses that differentiate inside, and training-step utilities, as users write them: a
WGAN-GP gradient penalty by a nested tf.GradientTape (at a critic whose input gradient is 0; the squared-norm
variant), a MAML loss after one inner SGD step, a Hessian-vector product by nested tapes, tf.clip_by_global_norm of
an inner gradient (at a zero and a tiny gradient) and an Adam step at step 1 (m / (sqrt(v) + eps) at v = 0)."""

import tensorflow as tf

B = [1.0, -2.0]


def _inner_grad(w):
    with tf.GradientTape() as tape:
        tape.watch(w)
        loss = tf.reduce_sum(tf.math.log(tf.math.cosh(w)))
    return tape.gradient(loss, w)


def wgan_gp(w, x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        d = tf.math.tanh(tf.reduce_sum(w * x))
    g = tape.gradient(d, x)
    return (tf.norm(g) - 1.0) ** 2


def wgan_gp_squared(w, x):
    with tf.GradientTape() as tape:
        tape.watch(x)
        d = tf.math.tanh(tf.reduce_sum(w * x))
    g = tape.gradient(d, x)
    return (tf.reduce_sum(g ** 2) - 1.0) ** 2


def maml(w):
    with tf.GradientTape() as tape:
        tape.watch(w)
        train = tf.reduce_sum(tf.math.softplus(tf.constant([1.0, 2.0], dtype=w.dtype) * w))
    adapted = w - 0.1 * tape.gradient(train, w)
    return tf.reduce_sum((adapted - tf.constant(B, dtype=w.dtype)) ** 2)


def hvp_reg(w):
    v = tf.constant([1.0, -1.0], dtype=w.dtype)
    with tf.GradientTape() as outer:
        outer.watch(w)
        with tf.GradientTape() as inner:
            inner.watch(w)
            f = tf.reduce_sum(tf.math.cosh(w)) + w[0] * w[1]
        g = inner.gradient(f, w)
    hv = outer.gradient(g, w, output_gradients=v)
    return 0.5 * tf.reduce_sum(hv ** 2)


def clip_step(w):
    g = _inner_grad(w)
    (clipped,), _ = tf.clip_by_global_norm([g], 1.0)
    return tf.reduce_sum((w - 0.1 * clipped - tf.constant(B, dtype=w.dtype)) ** 2)


def adam_step(w):
    g = _inner_grad(w)
    m_hat = ((1 - 0.9) * g) / (1 - 0.9 ** 1)
    v_hat = ((1 - 0.999) * tf.square(g)) / (1 - 0.999 ** 1)
    new_w = w - 0.1 * m_hat / (tf.sqrt(v_hat) + 1e-8)
    return tf.reduce_sum((new_w - tf.constant(B, dtype=w.dtype)) ** 2)


def clip_norm_step(w):
    g = _inner_grad(w)
    clipped = tf.clip_by_norm(g, 1.0)  # TensorFlow's double where around the norm
    return tf.reduce_sum((w - 0.1 * clipped - tf.constant(B, dtype=w.dtype)) ** 2)
