"""A user's TensorFlow code, tenth round (b): a running product and a product through a zero, a maximum at a tie,
gathers and embedding lookups (sparse gradients), custom rules with two inputs (one swapped, one inside a
tf.function), a rule that gives an input no gradient, a rule with variables= wrong only for its variable, an input
the loss never reads, label smoothing and soft labels at saturated logits, the log-of-probability spellings a fix
replaces, special functions (Dawson's integral, the scaled Bessel I1, lgamma left of 0), an FFT's power, and a
variable read by the loss."""

import tensorflow as tf

SCALE = tf.Variable(2.0, dtype=tf.float64)
TABLE_IDS = tf.constant([0, 2, 0])


def running_product(x):
    return tf.reduce_sum(tf.math.cumprod(x))


def product(x):
    return tf.reduce_prod(x)


def peak(x):
    return tf.reduce_max(x)


def gathered(x):
    return tf.reduce_sum(tf.gather(x, [0, 0, 1]) ** 2)


def embedded(table):
    return tf.reduce_sum(tf.nn.embedding_lookup(table, TABLE_IDS) ** 2)


@tf.custom_gradient
def scaled_exp_rule(a, b):
    e = tf.exp(b)

    def grad(upstream):
        return upstream * a * e, upstream * e

    return a * e, grad


def scaled_exp(a, b):
    return tf.reduce_sum(scaled_exp_rule(a, b))


@tf.custom_gradient
def hypot_rule(a, b):
    r = tf.sqrt(a * a + b * b)

    def grad(upstream):
        return upstream * a / r, upstream * b / r

    return r, grad


@tf.function
def hypot_sum(a, b):
    return tf.reduce_sum(hypot_rule(a, b))


@tf.custom_gradient
def scale_rule(x, k):
    def grad(upstream):
        return upstream * k, None

    return x * k, grad


def scale_by(x, k):
    return tf.reduce_sum(scale_rule(x, k) ** 2)


@tf.custom_gradient
def weighted_square(x):
    y = SCALE * x * x

    def grad(upstream, variables=None):
        return upstream * 2.0 * SCALE * x, [-tf.reduce_sum(upstream * x * x)]

    return y, grad


def variable_square(x):
    return tf.reduce_sum(weighted_square(x))


def unused_input(x, y):
    return tf.reduce_sum(x * x)


def smoothed_cce(logits):
    labels = tf.constant([[0.0, 0.0, 1.0], [1.0, 0.0, 0.0]], dtype=logits.dtype)
    loss = tf.keras.losses.CategoricalCrossentropy(from_logits=True, label_smoothing=0.1)
    return loss(labels, logits)


def soft_label_xent(logits):
    labels = tf.constant([[0.2, 0.3, 0.5], [0.9, 0.1, 0.0]], dtype=logits.dtype)
    return tf.reduce_sum(tf.nn.softmax_cross_entropy_with_logits(labels=labels, logits=logits))


def log_prob_naive(z):
    return tf.reduce_sum(tf.math.log(1.0 - tf.sigmoid(z)))


def log_softmax_naive(z):
    return tf.math.log(tf.nn.softmax(z))[0]


def dawson_sum(x):
    return tf.reduce_sum(tf.math.special.dawsn(x))


def bessel_i1e_sum(x):
    return tf.reduce_sum(tf.math.special.bessel_i1e(x))


def lgamma_sum(x):
    return tf.reduce_sum(tf.math.lgamma(x))


def spectrum_power(x):
    return tf.reduce_sum(tf.abs(tf.signal.rfft(x)) ** 2)


def scaled_by_variable(x):
    return tf.reduce_sum(SCALE * tf.sin(x))


def dense_args():
    model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(1, activation="softplus", name="head")])
    model.get_layer("head").set_weights([tf.constant([[1.0], [-2.0]]).numpy(), tf.constant([0.5]).numpy()])
    return model, tf.constant([[0.3, -0.7]])


def dense_loss(model, x):
    return tf.reduce_sum(model(x))


def straight_through(x):
    q = x + tf.stop_gradient(tf.round(x * 4.0) / 4.0 - x)
    return tf.reduce_sum(q * q)
