"""Round 51d, TensorFlow (Keras): the classes issue 29 names, as a user writes them. tf.custom_gradient rules (the
documentation's "stable" log1pexp and its siblings, right, cancelling and slipped; inside tf.function; with
variables= on a tf.Module, right and with its weight gradient slipped; Keras' grad_fn(*args, upstream=)); tf.where
leaks and guards; tf.norm and tf.math.l2_normalize at 0 and at overflow; fused losses at +-800; a Keras layer checked
by its variables' paths."""

import keras
import tensorflow as tf

# ------------------------------------------------------------------------------------------- custom gradients


@tf.custom_gradient
def log1pexp_docs(x):
    e = tf.exp(x)

    def grad(dy):
        return dy * (1 - 1 / (1 + e))

    return tf.math.log(1 + e), grad


@tf.custom_gradient
def softplus_cancel(x):
    def grad(dy):
        return dy * (1 - tf.math.sigmoid(-x))

    return tf.math.softplus(x), grad


@tf.custom_gradient
def softplus_mirror(x):
    def grad(dy):
        return dy * tf.math.sigmoid(-x)

    return tf.math.softplus(x), grad


@tf.custom_gradient
def softplus_good(x):
    def grad(dy):
        return dy * tf.math.sigmoid(x)

    return tf.math.softplus(x), grad


@tf.custom_gradient
def log_sigmoid_cancel(x):
    """log sigmoid(x) = -softplus(-x); its slope 1 - sigmoid(x), written so."""
    def grad(dy):
        return dy * (1 - tf.math.sigmoid(x))

    return -tf.math.softplus(-x), grad


def docs(x):
    return tf.reduce_sum(log1pexp_docs(x))


def sp_cancel(x):
    return tf.reduce_sum(softplus_cancel(x))


def sp_mirror(x):
    return tf.reduce_sum(softplus_mirror(x))


@tf.function
def sp_good_graph(x):
    return tf.reduce_sum(softplus_good(x))


@tf.function
def sp_mirror_graph(x):
    return tf.reduce_sum(softplus_mirror(x))


def log_sig_cancel(x):
    return tf.reduce_sum(log_sigmoid_cancel(x))


@tf.custom_gradient
def log1pexp_keras(x):
    def grad(*args, upstream=None):
        if upstream is None:
            (upstream,) = args
        return upstream * tf.math.sigmoid(x)

    return tf.math.softplus(x), grad


@tf.custom_gradient
def log1pexp_keras_slip(x):
    def grad(*args, upstream=None):
        if upstream is None:
            (upstream,) = args
        return upstream * tf.math.sigmoid(x) * (1 - tf.math.sigmoid(x))

    return tf.math.softplus(x), grad


def keras_style(x):
    return tf.reduce_sum(log1pexp_keras(x))


def keras_style_slip(x):
    return tf.reduce_sum(log1pexp_keras_slip(x))


class Gate(tf.Module):
    """softplus(w * x), its weight's gradient returned by the rule (variables=)."""

    def __init__(self, slip=False):
        super().__init__()
        self.w = tf.Variable([0.5, -1.5], dtype=tf.float64)
        self.slip = slip

    @tf.function
    def __call__(self, x):
        return tf.reduce_sum(gated(x, self.w, self.slip))


def gated(x, w, slip):
    @tf.custom_gradient
    def inner(x):
        z = w * x

        def grad(dy, variables=None):
            s = tf.math.sigmoid(z)
            dw = dy * s * (w if slip else x)
            return dy * s * w, [dw]

        return tf.math.softplus(z), grad

    return inner(x)


def gate_loss(model, x):
    return model(x)


def gate_args():
    return {"model": Gate(), "x": tf.constant([2.0, 0.5], dtype=tf.float64)}


def gate_slip_args():
    return {"model": Gate(slip=True), "x": tf.constant([2.0, 0.5], dtype=tf.float64)}


# ------------------------------------------------------------------------------------------- tf.where
def xlogx_where(x):
    return tf.reduce_sum(tf.where(x > 0, x * tf.math.log(x), 0.0))


def xlogx_double(x):
    safe = tf.where(x > 0, x, tf.ones_like(x))
    return tf.reduce_sum(tf.where(x > 0, safe * tf.math.log(safe), 0.0))


def pow_where(x):
    return tf.reduce_sum(tf.where(x > 0, x ** 1.5, 0.0))


def half_log_late_guard(x):
    r = tf.sqrt(x)
    safe = tf.where(x > 0, r, tf.ones_like(x))
    return tf.reduce_sum(tf.where(x > 0, tf.math.log(safe), 0.0))


# ------------------------------------------------------------------------------------------- norms
def tf_norm(x):
    return tf.norm(x)


def l2n_score(x):
    return tf.reduce_sum(tf.math.l2_normalize(x) * tf.constant([1.0, 2.0], dtype=x.dtype))


# ------------------------------------------------------------------------------------------- fused losses
def sce_logits(z, y):
    return tf.reduce_sum(tf.nn.sigmoid_cross_entropy_with_logits(labels=y, logits=z))


def rlse(x):
    return tf.math.reduce_logsumexp(x)


def rlse_naive(x):
    return tf.math.log(tf.reduce_sum(tf.exp(x)))


def log_softmax_pick(x):
    return tf.nn.log_softmax(x)[1]


def log_softmax_naive(x):
    return tf.math.log(tf.nn.softmax(x))[0]


# ------------------------------------------------------------------------------------------- Keras
X_DATA = [[0.5, -1.0], [1.5, 0.25], [-0.75, 2.0]]
Y_DATA = [1.0, 0.0, 1.0]


class Scorer(keras.Model):
    def __init__(self):
        super().__init__(dtype="float64")
        self.head = keras.layers.Dense(1, dtype="float64",
                                       kernel_initializer=keras.initializers.Constant([[0.5], [-0.25]]),
                                       bias_initializer=keras.initializers.Constant(0.125))

    def call(self, x):
        return self.head(x)[:, 0]


def scorer_loss(model, x, y):
    return tf.reduce_mean(tf.nn.sigmoid_cross_entropy_with_logits(labels=y, logits=model(x)))


def scorer_args():
    model = Scorer()
    x = tf.constant(X_DATA, dtype=tf.float64)
    model(x)
    return {"model": model, "x": x, "y": tf.constant(Y_DATA, dtype=tf.float64)}
