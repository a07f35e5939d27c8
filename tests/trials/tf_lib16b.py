"""A user's TensorFlow/Keras code, sixteenth round (b): Keras' dot-product and additive attention layers with a key
mask, GroupNormalization with a constant group, CategoricalCrossentropy with label smoothing on logits and on
softmax probabilities, tf.math's special functions at their edges (xlog1py, bessel_i1e at 0, igamma
at x = 0), and a Keras layer whose tf.custom_gradient hands back its variables' gradients in the wrong order."""

import keras
import numpy as np
import tensorflow as tf

KEYS = [[[1.0, 0.5], [-0.5, 1.0], [0.25, -1.0]]]
VALUES = [[[1.0, 2.0], [0.5, -1.0], [-2.0, 0.25]]]
READOUT = [[1.0, -0.5], [2.0, 0.25]]


def dot_attention(q):
    """Keras' Attention layer (Luong scores), the third key padding."""
    layer = keras.layers.Attention(dtype=q.dtype)
    k = tf.constant(KEYS, dtype=q.dtype)
    v = tf.constant(VALUES, dtype=q.dtype)
    out = layer([q, v, k], mask=[None, tf.constant([[True, True, False]])])
    return tf.reduce_sum(out * tf.constant(READOUT, dtype=q.dtype))


def additive_attention(q):
    """Keras' AdditiveAttention layer (Bahdanau scores, no learned scale), the third key padding."""
    layer = keras.layers.AdditiveAttention(use_scale=False, dtype=q.dtype)
    k = tf.constant(KEYS, dtype=q.dtype)
    v = tf.constant(VALUES, dtype=q.dtype)
    out = layer([q, v, k], mask=[None, tf.constant([[True, True, False]])])
    return tf.reduce_sum(out * tf.constant(READOUT, dtype=q.dtype))


def group_norm_loss(x):
    """Keras' GroupNormalization over two groups of two channels (gamma 1, beta 0, epsilon 1e-3)."""
    layer = keras.layers.GroupNormalization(groups=2, epsilon=1e-3, dtype=x.dtype)
    c = tf.constant([[1.0, -2.0, 0.5, 3.0], [2.0, 1.0, -1.0, 0.25]], dtype=x.dtype)
    return tf.reduce_sum(layer(x) * c)


def smoothed_cce_logits(logits):
    labels = tf.constant([[1.0, 0.0, 0.0], [0.0, 0.0, 1.0]], dtype=logits.dtype)
    loss = keras.losses.CategoricalCrossentropy(from_logits=True, label_smoothing=0.1, dtype=logits.dtype.name)
    return loss(labels, logits)


def smoothed_cce_probs(logits):
    """The same loss on the model's softmax output, as a classifier with a softmax head feeds it."""
    labels = tf.constant([[1.0, 0.0, 0.0]], dtype=logits.dtype)
    loss = keras.losses.CategoricalCrossentropy(label_smoothing=0.1, dtype=logits.dtype.name)
    return loss(labels, tf.nn.softmax(logits))


def log1p_weighted(x, y):
    return tf.reduce_sum(tf.math.xlog1py(x, y))


def bessel_scaled1(x):
    return tf.reduce_sum(tf.math.bessel_i1e(x))


def gamma_cdf(x):
    """The regularised lower incomplete gamma P(a, x): a Gamma(a) CDF, differentiated in x."""
    a = tf.constant([0.5, 3.0], dtype=x.dtype)
    return tf.reduce_sum(tf.math.igamma(a, x))


class Affine(keras.layers.Layer):
    """x * w + b with a hand-written gradient; the variables' gradients through variables=."""

    def build(self, input_shape):
        self.w = self.add_weight(name="w", shape=(2,), initializer=keras.initializers.Constant(1.5))
        self.b = self.add_weight(name="b", shape=(2,), initializer=keras.initializers.Constant(-0.5))

    def call(self, x):
        w, b = self.w, self.b

        @tf.custom_gradient
        def op(x):
            def grad_fn(upstream, variables=None):
                return upstream * w, [upstream, upstream * x]

            return x * w + b, grad_fn

        return op(x)


class AffineModel(keras.Model):
    def __init__(self):
        super().__init__()
        self.affine = Affine(dtype="float64")

    def call(self, x):
        return self.affine(x)


def affine_loss(model, x):
    return tf.reduce_sum(model(x) * tf.constant([1.0, -3.0], dtype=x.dtype))


def affine_args():
    model = AffineModel()
    x = tf.constant([0.5, 2.0], dtype=tf.float64)
    model(x)
    model.affine.w.assign([1.5, -0.25])
    model.affine.b.assign([-0.5, 2.0])
    return {"model": model, "x": x}


def safe_log(p):
    """log of probabilities floored at the dtype's machine epsilon."""
    return tf.reduce_sum(tf.math.log(tf.maximum(p, np.finfo(p.dtype.as_numpy_dtype).eps)))


@tf.function(jit_compile=True)
def xla_bce(z):
    """Binary cross-entropy against label 1 from a sigmoid, XLA-compiled as a training step is."""
    p = tf.sigmoid(z)
    return -tf.reduce_sum(tf.math.log(p))
