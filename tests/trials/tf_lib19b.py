"""A user's TensorFlow/Keras code, nineteenth round (b): tf.math's special functions not tried before (Fresnel's
cosine integral, the Bessel functions J1 and Y0 at 1e-300, erfcinv far in the tail, xdivy at x = 0), reductions at
their edges (the Euclidean norm of tiny numbers, segment_max and top_k at ties), Keras activations at their switches
(selu at 0, softsign at 0, hard_sigmoid at -3, mish at -800), tf.function programs with tf.switch_case, tf.scan and
tf.foldl, NumPy-style logaddexp at a tie, a truncated normal's log-density typed in by hand (naive and with erfc),
tf.custom_gradient as the docs write it (two inputs, one gradient's sign flipped; a captured tf.Variable), Keras'
CategoricalFocalCrossentropy and Dice losses, and a Dense + RMSNormalization model checked in its kernel."""

import math

import keras
import tensorflow as tf


def fresnel_c_sum(x):
    return tf.reduce_sum(tf.math.special.fresnel_cos(x))


def bessel_j1_sum(x):
    return tf.reduce_sum(tf.math.special.bessel_j1(x))


def bessel_y0_sum(x):
    return tf.reduce_sum(tf.math.special.bessel_y0(x))


def erfcinv_sum(p):
    return tf.reduce_sum(tf.math.erfcinv(p))


def xdivy_sum(x, y):
    return tf.reduce_sum(tf.math.xdivy(x, y))


def euclid_norm(x):
    """The length of a vector of tiny components (their squares underflow)."""
    return tf.math.reduce_euclidean_norm(x)


def segment_peaks(x):
    """The largest of each of two segments; the first segment's two values tie."""
    return tf.reduce_sum(tf.math.segment_max(x, tf.constant([0, 0, 1])))


def top2_sum(x):
    return tf.reduce_sum(tf.math.top_k(x, k=2).values)


def selu_sum(x):
    return tf.reduce_sum(keras.activations.selu(x))


def softsign_sum(x):
    return tf.reduce_sum(keras.activations.softsign(x))


def hard_sigmoid_sum(x):
    return tf.reduce_sum(keras.activations.hard_sigmoid(x))


def mish_sum(x):
    return tf.reduce_sum(keras.activations.mish(x))


@tf.function
def piecewise(x):
    """x^2 up to 1, then the tangent line 2x - 1 up to 2, then the constant 3."""
    branch = tf.cast(x > 1.0, tf.int32) + tf.cast(x > 2.0, tf.int32)
    return tf.switch_case(branch, [lambda: x * x, lambda: 2.0 * x - 1.0, lambda: tf.ones_like(x) * 3.0])


@tf.function
def ema_energy(x):
    """Sum of squares of an exponential moving average (decay 0.9) of a series."""
    averages = tf.scan(lambda acc, v: 0.9 * acc + 0.1 * v, x, initializer=tf.zeros((), dtype=x.dtype))
    return tf.reduce_sum(averages * averages)


@tf.function
def running_product(x):
    return tf.foldl(lambda acc, v: acc * v, x, initializer=tf.ones((), dtype=x.dtype))


def logaddexp_pair(a, b):
    return tf.reduce_sum(tf.experimental.numpy.logaddexp(a, b))


def _std_normal_cdf(z):
    return 0.5 * (1.0 + tf.math.erf(z / math.sqrt(2.0)))


def truncnorm_naive(loc):
    """Log-density of data under a unit normal truncated to [10, 12], the normaliser as a difference of CDFs."""
    data = tf.constant([10.5, 11.0], dtype=loc.dtype)
    z = data - loc
    mass = _std_normal_cdf(12.0 - loc) - _std_normal_cdf(10.0 - loc)
    return tf.reduce_sum(-0.5 * z * z - 0.5 * math.log(2 * math.pi) - tf.math.log(mass))


def truncnorm_erfc(loc):
    """The same log-density, the normaliser's mass written with erfc of the upper tail."""
    data = tf.constant([10.5, 11.0], dtype=loc.dtype)
    z = data - loc
    c = 1.0 / math.sqrt(2.0)
    mass = 0.5 * (tf.math.erfc((10.0 - loc) * c) - tf.math.erfc((12.0 - loc) * c))
    return tf.reduce_sum(-0.5 * z * z - 0.5 * math.log(2 * math.pi) - tf.math.log(mass))


@tf.custom_gradient
def weighted_log(x, w):
    y = w * tf.math.log(x)

    def grad(upstream):
        return upstream * w / x, -upstream * tf.math.log(x)
    return y, grad


def weighted_log_sum(x, w):
    return tf.reduce_sum(weighted_log(x, w))


temperature = tf.Variable(2.0, dtype=tf.float64)


@tf.custom_gradient
def scaled_softplus(x):
    """temperature * softplus(x), its gradient for the captured variable returned through `variables`."""
    y = temperature * tf.math.softplus(x)

    def grad(upstream, variables=None):
        dx = upstream * temperature * tf.math.sigmoid(x)
        return dx, [tf.reduce_sum(upstream * tf.math.softplus(x))]
    return y, grad


def scaled_softplus_sum(x):
    return tf.reduce_sum(scaled_softplus(x))


def focal_loss(logits):
    """Keras' categorical focal loss from logits (gamma 2, alpha 0.25) for the label [0, 1, 0]."""
    loss = keras.losses.CategoricalFocalCrossentropy(from_logits=True)
    return loss(tf.constant([[0.0, 1.0, 0.0]], dtype=logits.dtype), logits)


def dice_loss(pred):
    loss = keras.losses.Dice()
    return loss(tf.constant([[1.0, 0.0, 1.0, 1.0]], dtype=pred.dtype), pred)


class Scorer(keras.Model):
    """Dense(3) -> RMSNormalization -> tanh -> Dense(1)."""

    def __init__(self):
        super().__init__(dtype="float64")
        self.hidden = keras.layers.Dense(3, dtype="float64")
        self.norm = keras.layers.RMSNormalization(dtype="float64")
        self.head = keras.layers.Dense(1, dtype="float64")

    def call(self, x):
        return self.head(tf.math.tanh(self.norm(self.hidden(x))))


def scorer_loss(model, x):
    return tf.reduce_sum(model(x) ** 2)


def scorer_args():
    """A scorer whose hidden layer gives an all-zero row for the first example (RMSNormalization's 0/0 but for eps)."""
    model = Scorer()
    x = tf.constant([[0.0, 0.0], [0.5, 1.25]], dtype=tf.float64)
    model(x)
    model.hidden.kernel.assign([[2.0, 1.0, -1.0], [1.0, -0.5, 0.75]])
    model.hidden.bias.assign([0.0, 0.0, 0.0])
    model.norm.scale.assign([1.0, -0.5, 2.0])
    model.head.kernel.assign([[1.0], [2.0], [-1.5]])
    model.head.bias.assign([0.25])
    return {"model": model, "x": x}


def gradient_penalty(w):
    """A WGAN-GP style penalty (|d critic / d x| - 1)^2 for the critic sum(tanh(w x)), by a tape inside."""
    x = tf.constant([0.5, -1.0], dtype=w.dtype)
    with tf.GradientTape() as tape:
        tape.watch(x)
        critic = tf.reduce_sum(tf.math.tanh(w * x))
    slope = tape.gradient(critic, x)
    return (tf.norm(slope) - 1.0) ** 2


def row_logsumexp(x):
    """Log-sum-exp of each row by tf.map_fn, then their sum."""
    return tf.reduce_sum(tf.map_fn(tf.math.reduce_logsumexp, x))


class Bag(keras.Model):
    """Mean of the embeddings of a bag of tokens, then a linear score."""

    def __init__(self):
        super().__init__(dtype="float64")
        self.embed = keras.layers.Embedding(4, 2, dtype="float64")
        self.score = keras.layers.Dense(1, dtype="float64")

    def call(self, tokens):
        return self.score(tf.reduce_mean(self.embed(tokens), axis=0, keepdims=True))


def bag_loss(model, tokens):
    return tf.reduce_sum(tf.math.softplus(model(tokens)))


def bag_args():
    """Tokens 1, 3, 1: a repeated row of the embedding table (TensorFlow's IndexedSlices gradient has it twice)."""
    model = Bag()
    tokens = tf.constant([1, 3, 1])
    model(tokens)
    model.embed.embeddings.assign([[0.1, 0.2], [0.5, -1.0], [0.0, 0.0], [2.0, 0.25]])
    model.score.kernel.assign([[1.5], [-0.5]])
    model.score.bias.assign([0.125])
    return {"model": model, "tokens": tokens}


def flow_logdet(x):
    """log |det J| of the flow x + tanh(x) / 2, its Jacobian taken by a tape inside."""
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x + 0.5 * tf.math.tanh(x)
    jacobian = tape.jacobian(y, x)
    return tf.linalg.slogdet(jacobian)[1]


@tf.function
def running_max_energy(x):
    """Squares of a running log-sum-exp kept in a tf.TensorArray, summed."""
    out = tf.TensorArray(x.dtype, size=tf.shape(x)[0])
    acc = tf.constant(-1e300, dtype=x.dtype)
    for i in tf.range(tf.shape(x)[0]):
        acc = tf.reduce_logsumexp(tf.stack([acc, x[i]]))
        out = out.write(i, acc)
    return tf.reduce_sum(out.stack() ** 2)


def per_row_softplus(x):
    return tf.reduce_sum(tf.vectorized_map(lambda row: tf.math.softplus(row) * tf.constant([1.0, 2.0], dtype=row.dtype), x))


def batch_logdet(x):
    """Per-example log-determinants of the map x -> x + tanh(x W) / 2, by batch_jacobian."""
    w = tf.constant([[1.0, 0.5], [-0.5, 1.0]], dtype=x.dtype)
    with tf.GradientTape() as tape:
        tape.watch(x)
        y = x + 0.5 * tf.math.tanh(x @ w)
    jac = tape.batch_jacobian(y, x)
    return tf.reduce_sum(tf.linalg.slogdet(jac)[1])


def directional_penalty(w):
    """(d/dt sum(tanh(w x + t v)))^2 at t = 0 by forward mode (ForwardAccumulator), v = (1, -1)."""
    x = tf.constant([0.5, -1.0], dtype=w.dtype)
    v = tf.constant([1.0, -1.0], dtype=w.dtype)
    z = w * x
    with tf.autodiff.ForwardAccumulator(z, v) as acc:
        out = tf.reduce_sum(tf.math.tanh(z))
    return acc.jvp(out) ** 2
