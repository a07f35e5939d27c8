"""A user's TensorFlow code, forty-first round (b): radar detection and fading channels. The Rician envelope's
log-likelihood by tf.math.bessel_i0 (which overflows) and by bessel_i0e, in a tf.function too, and through a
tf.custom_gradient for log i0e (right, and with the scaling's -1 forgotten); a cell-averaging CFAR detector as a Keras
layer whose tf.custom_gradient gives its threshold multiplier's gradient through variables= (right, and with the
SNR's factor forgotten); the Nakagami-m log-density by lgamma (its shape's slope by digamma); the detection
probability in Gaussian noise by erfc, under a log, far in its tail; a detector's binary entropy by xlogy and xlog1py;
a detector's logistic loss by the log of a sigmoid and by log_sigmoid; Keras losses (BinaryCrossentropy on a Dense
layer's logits, Huber at its delta, KLDivergence with a zero target), target classification by
tf.nn.softmax_cross_entropy_with_logits, and a Doppler signature's direction by tf.nn.l2_normalize."""

import math

import keras
import tensorflow as tf


# ------------------------------------------------------------------------------------------- Rician envelope
def rician_loglik(x, nu):
    """Log-likelihood of envelope samples x of a sinusoid of amplitude nu in unit-variance noise."""
    return tf.reduce_sum(tf.math.log(x) - 0.5 * (x ** 2 + nu ** 2) + tf.math.log(tf.math.bessel_i0(x * nu)))


def rician_loglik_stable(x, nu):
    """The same by the scaled Bessel function: -(x^2 + nu^2)/2 + x nu = -(x - nu)^2 / 2."""
    return tf.reduce_sum(tf.math.log(x) - 0.5 * (x - nu) ** 2 + tf.math.log(tf.math.bessel_i0e(x * nu)))


@tf.function
def rician_loglik_graph(x, nu):
    return tf.reduce_sum(tf.math.log(x) - 0.5 * (x - nu) ** 2 + tf.math.log(tf.math.bessel_i0e(x * nu)))


@tf.custom_gradient
def log_i0e(z):
    """log(I0(z) e^-z), its gradient I1(z)/I0(z) - 1 by the scaled functions."""
    def grad(dy):
        return dy * (tf.math.bessel_i1e(z) / tf.math.bessel_i0e(z) - 1.0)
    return tf.math.log(tf.math.bessel_i0e(z)), grad


@tf.custom_gradient
def log_i0e_slip(z):
    """The same, its gradient forgetting the -1 the scaling e^-z brings."""
    def grad(dy):
        return dy * tf.math.bessel_i1e(z) / tf.math.bessel_i0e(z)
    return tf.math.log(tf.math.bessel_i0e(z)), grad


def rician_loglik_custom(x, nu):
    return tf.reduce_sum(tf.math.log(x) - 0.5 * (x - nu) ** 2 + log_i0e(x * nu))


def rician_loglik_slip(x, nu):
    return tf.reduce_sum(tf.math.log(x) - 0.5 * (x - nu) ** 2 + log_i0e_slip(x * nu))


# ------------------------------------------------------------------------------------------- CFAR detector
CELLS = 16.0


class CFARDetector(keras.layers.Layer):
    """A cell-averaging CFAR detector against a Swerling I target: log P_d = -N log1p(alpha / (N (1 + snr))),
    alpha its learnt threshold multiplier, the gradient written in a tf.custom_gradient."""

    def __init__(self, slip=False, **kwargs):
        super().__init__(dtype="float64", **kwargs)
        self.slip = slip

    def build(self, input_shape):
        self.alpha = self.add_weight(shape=(), name="alpha", initializer=keras.initializers.Constant(5.0))

    def call(self, snr):
        alpha, slip = self.alpha, self.slip

        @tf.custom_gradient
        def log_pd(snr):
            u = alpha / (CELLS * (1 + snr))

            def grad(dy, variables=None):
                d_snr = alpha / ((1 + u) * (1 + snr) ** 2)
                d_alpha = -1 / (1 + u) if slip else -1 / ((1 + u) * (1 + snr))
                return dy * d_snr, [dy * d_alpha]
            return -CELLS * tf.math.log1p(u), grad
        return log_pd(snr)


def cfar_log_pd(layer, snr):
    return layer(snr)


def _cfar_args(slip):
    layer = CFARDetector(slip=slip)
    layer.build(())
    return {"layer": layer, "snr": tf.constant(10.0, dtype=tf.float64)}


def cfar_args():
    return _cfar_args(False)


def cfar_slip_args():
    return _cfar_args(True)


def cfar_fresh_args():
    """The layer as constructed: Keras makes its weight at its first call."""
    return {"layer": CFARDetector(), "snr": tf.constant(10.0, dtype=tf.float64)}


# ------------------------------------------------------------------------------------------- fading
ECHOES = [1.0]


def nakagami_loglik(m, omega):
    """Nakagami-m log-density of echo amplitudes, shape m and spread omega."""
    x = tf.constant(ECHOES, dtype=m.dtype)
    return tf.reduce_sum(math.log(2.0) + m * tf.math.log(m) - tf.math.lgamma(m) - m * tf.math.log(omega)
                         + (2 * m - 1) * tf.math.log(x) - m * x ** 2 / omega)


# ------------------------------------------------------------------------------------------- detection
def log_detection_prob(amplitude, threshold):
    """log P(A + noise > T) in unit Gaussian noise."""
    return tf.math.log(0.5 * tf.math.erfc((threshold - amplitude) / math.sqrt(2.0)))


def detector_entropy(p):
    """The binary entropy (nats) of each cell's detection probability."""
    return -tf.reduce_sum(tf.math.xlogy(p, p) + tf.math.xlog1py(1.0 - p, -p))


def detector_nll(score):
    """A logistic detector's loss on a true target."""
    return -tf.math.log(tf.math.sigmoid(score))


@tf.function
def detector_nll_stable(score):
    return -tf.math.log_sigmoid(score)


FEATURES = [[0.5, -1.0, 2.0], [1.5, 0.2, -0.3], [-0.7, 0.9, 0.4], [20.0, -10.0, 5.0]]
LABELS = [[1.0], [0.0], [1.0], [1.0]]
KERNEL = [[0.8], [-0.5], [0.3]]


def detector_bce(dense, features, labels):
    return keras.losses.BinaryCrossentropy(from_logits=True, dtype="float64")(labels, dense(features))


def detector_args():
    dense = keras.layers.Dense(1, use_bias=False, dtype="float64")
    dense.build((None, 3))
    dense.kernel.assign(tf.constant(KERNEL, dtype=tf.float64))
    return {"dense": dense, "features": tf.constant(FEATURES, dtype=tf.float64),
            "labels": tf.constant(LABELS, dtype=tf.float64)}


def range_huber(pred):
    """Range-estimation error (km) under Keras' Huber loss."""
    return keras.losses.Huber(delta=1.0, dtype="float64")(tf.constant([3.0, 5.0], dtype=pred.dtype), pred)


def class_kl(pred):
    """KL divergence from the labelled class mix to the predicted one, by Keras."""
    target = tf.constant([[0.7, 0.3, 0.0]], dtype=pred.dtype)
    return keras.losses.KLDivergence(dtype="float64")(target, pred[None, :])


def class_xent(logits):
    """Target classification (aircraft, bird, clutter) with smoothed labels."""
    labels = tf.constant([0.9, 0.05, 0.05], dtype=logits.dtype)
    return tf.nn.softmax_cross_entropy_with_logits(labels=labels, logits=logits)


def doppler_direction(v):
    """The first component of a Doppler signature's unit direction."""
    return tf.nn.l2_normalize(v)[0]


def cfar_pd(layer, snr):
    return tf.exp(layer(snr))
