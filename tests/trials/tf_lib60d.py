"""Round 60d (TensorFlow / Keras): models with state and modes: tf.keras.Sequential and a subclassed
tf.keras.Model with Dense / LayerNormalization / BatchNormalization (training=True and False) / Embedding,
a tf.Variable held as state, an L2 penalty over model.trainable_variables; ordinary data and extremes."""

import numpy as np
import tensorflow as tf

X = np.array([[1.0, 2.0], [-0.5, 0.25], [2.0, -3.0], [0.75, -1.0]], dtype=np.float32)
Y = np.array([[0.5], [-1.0], [0.25], [2.0]], dtype=np.float32)
W1 = np.array([[0.5, 1.5, -1.0], [-0.25, 0.75, 0.5]], dtype=np.float32)
B1 = np.array([0.125, -0.375, 0.25], dtype=np.float32)
W2 = np.array([[1.25], [-0.5], [0.75]], dtype=np.float32)
B2 = np.array([0.5], dtype=np.float32)


def _sequential(activation, scale=1.0):
    model = tf.keras.Sequential([tf.keras.Input((2,)), tf.keras.layers.Dense(3, activation=activation, name="hidden"),
                                 tf.keras.layers.Dense(1, name="out")])
    model.layers[0].set_weights([scale * W1, B1])
    model.layers[1].set_weights([W2, B2])
    return model


def seq_args():
    return {"model": _sequential("tanh"), "x": tf.constant(X), "y": tf.constant(Y)}


def seq_sigmoid_sat_args():  # pre-activations of about a hundred: sigmoid saturates
    return {"model": _sequential("sigmoid", 64.0), "x": tf.constant(X), "y": tf.constant(Y)}


def seq_mse(model, x, y):
    return tf.reduce_mean(tf.square(model(x) - y))


def l2_reg(model, x, y):
    penalty = tf.add_n([tf.reduce_sum(v ** 2) for v in model.trainable_variables])
    return tf.reduce_mean(tf.square(model(x) - y)) + 0.01 * penalty


class Tagger(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.embed = tf.keras.layers.Embedding(4, 3)
        self.norm = tf.keras.layers.LayerNormalization(epsilon=1e-3)
        self.head = tf.keras.layers.Dense(2)

    def call(self, tokens):
        return self.head(self.norm(self.embed(tokens)))


def _tagger(table):
    model = Tagger()
    model(tf.constant([[0, 1]]))
    model.embed.set_weights([np.array(table, dtype=np.float32)])
    model.head.set_weights([np.array([[1.0, -0.5], [0.25, 0.75], [-1.5, 0.5]], np.float32),
                            np.array([0.25, -0.25], np.float32)])
    return model


TABLE = [[0.5, -1.0, 0.25], [1.5, 0.25, -0.75], [-0.75, 0.5, 2.0], [0.125, 2.0, -1.0]]


def tagger_args():
    return {"model": _tagger(TABLE), "tokens": tf.constant([[1, 2, 0], [3, 1, 1]]),
            "labels": tf.constant([[0, 1, 1], [1, 0, 1]])}


def tagger_flat_args():  # an embedding row of equal entries: the layer norm's variance is 0 there
    table = [list(r) for r in TABLE]
    table[2] = [2.0, 2.0, 2.0]
    return {"model": _tagger(table), "tokens": tf.constant([[1, 2, 0], [3, 1, 1]]),
            "labels": tf.constant([[0, 1, 1], [1, 0, 1]])}


def tagger_loss(model, tokens, labels):
    logits = model(tokens)
    return tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(labels=labels, logits=logits))


class BNNet(tf.keras.Model):
    def __init__(self):
        super().__init__()
        self.dense = tf.keras.layers.Dense(2, use_bias=False)
        self.bn = tf.keras.layers.BatchNormalization(epsilon=1e-3)

    def call(self, x, training=False):
        return self.bn(self.dense(x), training=training)


C = np.array([[1.0, -2.0], [0.5, 1.5], [-1.0, 0.25], [2.0, -0.5]], dtype=np.float32)


def bn_args():
    model = BNNet()
    model(tf.constant(X))
    model.dense.set_weights([np.array([[0.5, 1.5], [-0.25, 0.75]], np.float32)])
    model.bn.set_weights([np.array([1.5, -0.5], np.float32), np.array([0.25, 0.5], np.float32),
                          np.array([0.5, -1.0], np.float32), np.array([4.0, 0.25], np.float32)])
    return {"model": model, "x": tf.constant(X)}


def bn_train_loss(model, x):
    return tf.reduce_sum(model(x, training=True) * C)


def bn_infer_loss(model, x):
    return tf.reduce_sum(model(x, training=False) * C)


SCALE = tf.Variable(2.0)


def scaled(x):
    """A tf.Variable read as state (not an argument)."""
    return tf.reduce_sum(tf.math.log_sigmoid(SCALE * x))


def naive_scaled(x):
    return tf.reduce_sum(tf.math.log(tf.sigmoid(SCALE * x)))
