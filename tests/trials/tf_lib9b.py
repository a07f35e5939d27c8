"""A user's TensorFlow code, ninth round (b): a tf.custom_gradient rule with variables= that is right in an unusual
way, a TFP-style custom_gradient(fx, gx, x) whose gx overflows, divide_no_nan at 0, Keras' LogCosh at a tiny residual
and KLDivergence at its clip bounds, clip_by_global_norm at zero and outside its norm, a weighted cross-entropy at
confident logits in float32, a gradient penalty through an inner GradientTape, a float64 Keras LayerNormalization at
a constant row, and a float32 literal at its own rounding."""

import tensorflow as tf

SCALE = tf.Variable(3.0, dtype=tf.float64)
COST = [1.0, -2.0]


@tf.custom_gradient
def scaled_log1p_square(x):
    y = SCALE * tf.math.log1p(x * x)

    def grad_fn(upstream, variables=None):
        # 2 w x / (1 + x^2) written as 2 w / (x + 1/x): at x = 0, 1/x is inf and the quotient 0
        return upstream * 2.0 * SCALE / (x + 1.0 / x), [tf.reduce_sum(upstream * tf.math.log1p(x * x))]

    return y, grad_fn


def variable_rule(x):
    return tf.reduce_sum(scaled_log1p_square(x))


def tfp_custom_gradient(fx, gx, x):
    """TensorFlow Probability's math.custom_gradient for one tensor x: the value fx, the gradient gx."""
    return tf.stop_gradient(fx) + tf.stop_gradient(gx) * (x - tf.stop_gradient(x))


def softplus_tfp(x):
    e = tf.exp(x)
    return tf.reduce_sum(tfp_custom_gradient(tf.math.softplus(x), e / (1.0 + e), x))


def safe_normalise(x):
    unit = tf.math.divide_no_nan(x, tf.norm(x))
    return tf.reduce_sum(tf.constant(COST, dtype=x.dtype) * unit)


def sinc_no_nan(x):
    return tf.reduce_sum(tf.math.divide_no_nan(tf.sin(x), x))


def keras_log_cosh(pred):
    return tf.keras.losses.LogCosh()(tf.zeros_like(pred), pred)


def keras_kl(pred):
    true = tf.constant([[0.5, 0.5]], dtype=pred.dtype)
    return tf.keras.losses.KLDivergence()(true, pred[None, :])


def global_clip(a, b):
    (ca, cb), _ = tf.clip_by_global_norm([a, b], 1.0)
    return tf.reduce_sum(tf.constant(COST, dtype=a.dtype) * ca) + 3.0 * tf.reduce_sum(cb)


def weighted_xent(z):
    labels = tf.constant([1.0, 0.0], dtype=z.dtype)
    return tf.reduce_sum(tf.nn.weighted_cross_entropy_with_logits(labels, z, pos_weight=3.0))


def gradient_penalty(x):
    with tf.GradientTape() as inner:
        inner.watch(x)
        y = tf.reduce_sum(tf.math.softplus(3.0 * x))
    g = inner.gradient(y, x)
    return tf.reduce_sum(g * g)


NORM = tf.keras.layers.LayerNormalization(epsilon=1e-3, dtype="float64")


def keras_layer_norm(x):
    return tf.reduce_sum(tf.constant([1.0, 3.0, -2.0], dtype=tf.float64) * NORM(x[None, :]))


def shifted_square(x):
    return (x - 0.1) ** 2
