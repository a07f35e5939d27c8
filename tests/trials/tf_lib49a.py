"""Round 49a, TensorFlow: Elo's expected score and its log loss (by 10 ** d as the rating lists print it, by
log_sigmoid, by a tf.custom_gradient right and slipped, with a home advantage read through variables=), a Glicko-style
Keras layer of ratings trained with Keras's binary cross-entropy, and the Einstein heat capacity of phonon modes
(naive, expm1, sinh, behind one and two tf.where, a tf.function, a custom gradient right and slipped)."""

import math

import tensorflow as tf
from tensorflow import keras

# ------------------------------------------------------------------------------------------- Elo ratings
LN10_400 = math.log(10.0) / 400.0


def elo_log_loss(d):
    """-log E, E = 1 / (1 + 10^(-d / 400)) the expected score of a player d points stronger who won."""
    expected = 1 / (1 + 10 ** (-d / 400))
    return -tf.math.log(expected)


def elo_log_loss_stable(d):
    return -tf.math.log_sigmoid(d * LN10_400)


@tf.custom_gradient
def elo_rule(d):
    loss = tf.math.softplus(-d * LN10_400)

    def grad(dy):
        return dy * -LN10_400 * tf.math.sigmoid(-d * LN10_400)
    return loss, grad


@tf.custom_gradient
def elo_rule_slip(d):
    loss = tf.math.softplus(-d * LN10_400)

    def grad(dy):
        return dy * -LN10_400 * tf.math.sigmoid(d * LN10_400)
    return loss, grad


class HomeAdvantage(tf.Module):
    """A trained home advantage h (Elo points) added to the home side's rating difference."""

    def __init__(self, h):
        super().__init__()
        self.h = tf.Variable(h, dtype=tf.float64)

    def __call__(self, d):
        return home_loss(d, self.h)


def home_loss(d, h):
    @tf.custom_gradient
    def loss_fn(d):
        z = (d + h) * LN10_400
        loss = tf.math.softplus(-z)

        def grad(dy, variables=None):
            g = dy * -LN10_400 * tf.math.sigmoid(-z)
            return g, [tf.reduce_sum(g)]
        return loss, grad
    return tf.reduce_sum(loss_fn(d))


def home_fit(model, d):
    return model(d)


def home_fit_args():
    return {"model": HomeAdvantage(60.0), "d": tf.constant([-50.0, 120.0, 10.0], dtype=tf.float64)}


# ------------------------------------------------------------------------------------------- Glicko layer
PI2 = math.pi ** 2


class GlickoLayer(keras.layers.Layer):
    """Logits of the home player winning: g(RD) (r_home - r_away) ln 10 / 400, g = 1 / sqrt(1 + 3 q^2 RD^2 / pi^2)."""

    def __init__(self, ratings, deviation, **kwargs):
        super().__init__(dtype="float64", **kwargs)
        self._ratings, self._deviation = ratings, deviation

    def build(self, input_shape):
        self.rating = self.add_weight(shape=(len(self._ratings),), name="rating",
                                      initializer=keras.initializers.Constant(self._ratings))
        self.deviation = self.add_weight(shape=(), name="deviation",
                                         initializer=keras.initializers.Constant(self._deviation))

    def call(self, games):
        home, away = games[:, 0], games[:, 1]
        g = 1 / tf.sqrt(1 + 3 * LN10_400 ** 2 * self.deviation ** 2 / PI2)
        diff = tf.gather(self.rating, home) - tf.gather(self.rating, away)
        return g * diff * LN10_400


def glicko_loss(layer, games, outcome):
    bce = keras.losses.BinaryCrossentropy(from_logits=True)
    return bce(outcome, layer(games))


def glicko_loss_probs(layer, games, outcome):
    bce = keras.losses.BinaryCrossentropy()
    return bce(outcome, tf.math.sigmoid(layer(games)))


def _glicko(ratings, deviation):
    layer = GlickoLayer(ratings, deviation)
    layer.build(None)
    return {"layer": layer, "games": tf.constant([[0, 1], [1, 2], [2, 0], [0, 2]], dtype=tf.int32),
            "outcome": tf.constant([1.0, 0.0, 1.0, 1.0], dtype=tf.float64)}


def glicko_args():
    return _glicko([1500.0, 1620.0, 1410.0], 80.0)


def glicko_lopsided_args():
    """A rating list gone wrong: the first player 20,000 points above the rest, and losing to the third."""
    return _glicko([21500.0, 1620.0, 1410.0], 80.0)


# ------------------------------------------------------------------------------------------- phonon heat capacity
X_PER_THZ = 0.16  # h nu / k_B T per THz at 300 K


def einstein_cv(nu):
    """Heat capacity (in k_B) of phonon modes of frequencies nu (THz): x^2 e^x / (e^x - 1)^2."""
    x = X_PER_THZ * nu
    return tf.reduce_sum(x ** 2 * tf.exp(x) / (tf.exp(x) - 1) ** 2)


def einstein_cv_expm1(nu):
    x = X_PER_THZ * nu
    return tf.reduce_sum(x ** 2 * tf.exp(x) / tf.math.expm1(x) ** 2)


def einstein_cv_sinh(nu):
    """The same as (x/2 / sinh(x/2))^2, which holds for large x."""
    half = X_PER_THZ * nu / 2
    return tf.reduce_sum((half / tf.sinh(half)) ** 2)


def einstein_cv_where(nu):
    """1 - x^2/12 near the acoustic branch's x = 0, the sinh form elsewhere."""
    x = X_PER_THZ * nu
    half = x / 2
    return tf.reduce_sum(tf.where(x < 1e-4, 1 - x * x / 12, (half / tf.sinh(half)) ** 2))


def einstein_cv_safe(nu):
    x = X_PER_THZ * nu
    small = x < 1e-4
    half = tf.where(small, tf.ones_like(x), x / 2)
    return tf.reduce_sum(tf.where(small, 1 - x * x / 12, (half / tf.sinh(half)) ** 2))


@tf.function(input_signature=[tf.TensorSpec(shape=[None], dtype=tf.float64)])
def einstein_cv_graph(nu):
    half = X_PER_THZ * nu / 2
    return tf.reduce_sum(tf.math.square(half / tf.math.sinh(half)))


@tf.custom_gradient
def _mode_cv(x):
    u = x / 2
    s = u / tf.sinh(u)

    def grad(dy):
        return dy * s * (tf.sinh(u) - u * tf.cosh(u)) / tf.sinh(u) ** 2
    return s * s, grad


@tf.custom_gradient
def _mode_cv_slip(x):
    u = x / 2
    s = u / tf.sinh(u)

    def grad(dy):
        return dy * 2 * s * (tf.sinh(u) - u * tf.cosh(u)) / tf.sinh(u) ** 2
    return s * s, grad


def einstein_cv_rule(nu):
    return tf.reduce_sum(_mode_cv(X_PER_THZ * nu))


def einstein_cv_rule_slip(nu):
    return tf.reduce_sum(_mode_cv_slip(X_PER_THZ * nu))
