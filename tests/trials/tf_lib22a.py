"""A user's TensorFlow code, twenty-second round (a): tf.signal.stft power spectra in decibels (with and without a
floor), hand-written bijectors (the Tanh log-det-Jacobian naive and stable, softplus's inverse naive and stable),
Keras' Huber at its switch point, elu and selu at 0, tf.math.segment_min at a tie, unsorted_segment_prod through
zeros, tf.nn.local_response_normalization, tf.image.total_variation and psnr, a custom_gradient whose norm forgets
its floor, a reverse exclusive cumprod, a hand-written Keras layer with build() and a softplus-positive scale, a
tf.function choosing between two pieces by tf.cond, a mean over the finite logs by boolean_mask, and
unsorted_segment_sqrt_n."""

import math

import tensorflow as tf


def spectrogram_db(x):
    spec = tf.signal.stft(x, frame_length=4, frame_step=4, fft_length=4, window_fn=tf.signal.hann_window)
    power = tf.math.real(spec) ** 2 + tf.math.imag(spec) ** 2
    return tf.reduce_sum(10.0 * tf.math.log(power + 1e-10) / math.log(10.0))


def spectrogram_db_naive(x):
    spec = tf.signal.stft(x, frame_length=4, frame_step=4, fft_length=4, window_fn=tf.signal.hann_window)
    return tf.reduce_sum(20.0 * tf.math.log(tf.abs(spec)) / math.log(10.0))


def tanh_logdet_naive(x):
    """log |d tanh(x) / dx| of a Tanh bijector, as the textbook writes it."""
    return tf.reduce_sum(tf.math.log(1.0 - tf.tanh(x) ** 2))


def tanh_logdet(x):
    return tf.reduce_sum(2.0 * (math.log(2.0) - x - tf.nn.softplus(-2.0 * x)))


def softplus_inverse_naive(y):
    return tf.reduce_sum(tf.math.log(tf.math.expm1(y)))


def softplus_inverse(y):
    return tf.reduce_sum(y + tf.math.log(-tf.math.expm1(-y)))


def huber_at_switch(pred):
    target = tf.constant([0.0, 1.0, 5.0], dtype=pred.dtype)
    return tf.keras.losses.Huber(delta=1.0)(target, pred)


def elu_sum(x):
    return tf.reduce_sum(tf.nn.elu(x))


def selu_sum(x):
    return tf.reduce_sum(tf.nn.selu(x))


def segment_min_sum(x):
    return tf.reduce_sum(tf.math.segment_min(x, tf.constant([0, 0, 1, 1])))


def segment_prod_sum(x):
    return tf.reduce_sum(tf.math.unsorted_segment_prod(x, tf.constant([0, 0, 0, 1]), num_segments=2))


def lrn_energy(x):
    """tf.nn.local_response_normalization over 4 channels, read out by a fixed weighting."""
    y = tf.nn.local_response_normalization(tf.reshape(x, [1, 1, 1, 4]), depth_radius=1, bias=1.0, alpha=0.5,
                                           beta=0.75)
    return tf.reduce_sum(y * tf.constant([1.0, -2.0, 0.5, 3.0], dtype=x.dtype))


def tv_image(img):
    return tf.reduce_sum(tf.image.total_variation(img))


REFERENCE = [[[0.25], [0.5]], [[0.75], [1.0]]]


def psnr_loss(img):
    return -tf.reduce_sum(tf.image.psnr(img, tf.constant(REFERENCE, dtype=img.dtype), max_val=1.0))


@tf.custom_gradient
def floored_norm(x):
    norm = tf.sqrt(tf.reduce_sum(x * x) + 1e-12)

    def grad(g):
        return g * x / tf.norm(x)
    return norm, grad


def norm_penalty(x):
    return floored_norm(x) ** 2


def survival(x):
    """Exclusive reverse cumulative product: the chance each of x's stages is followed by survivors."""
    return tf.reduce_sum(tf.math.cumprod(x, exclusive=True, reverse=True))


class PositiveScale(tf.keras.layers.Layer):
    """y = softplus(raw) * x + shift, its parameters made in build()."""

    def build(self, input_shape):
        self.raw = self.add_weight(shape=(input_shape[-1],), initializer="zeros", dtype=self.dtype)
        self.shift = self.add_weight(shape=(input_shape[-1],), initializer="ones", dtype=self.dtype)

    def call(self, x):
        return tf.nn.softplus(self.raw) * x + self.shift


def scaled_energy(x):
    layer = PositiveScale(dtype=x.dtype)
    return tf.reduce_sum(layer(x) ** 2)


@tf.function
def branch_energy(x):
    """x^2 to the right of 0, -x^3 to the left, chosen by tf.cond: both pieces are flat at 0."""
    return tf.cond(x > 0.0, lambda: x * x, lambda: -x * x * x)


def finite_mean_log(x):
    """Mean log-intensity over the readings whose log is finite (a bad reading's NaN or -inf dropped)."""
    logs = tf.math.log(x)
    return tf.reduce_mean(tf.boolean_mask(logs, tf.math.is_finite(logs)))


def pooled_sqrt_n(x):
    """Segment sums scaled by 1/sqrt(count), squared (a bag-of-embeddings pooling)."""
    return tf.reduce_sum(tf.math.unsorted_segment_sqrt_n(x, tf.constant([0, 0, 1]), num_segments=2) ** 2)
