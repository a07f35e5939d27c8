"""TensorFlow's Hamming window's coefficients are the decimals 0.54 and 0.46 in the exact replay, in a float32 window
too (float32's 0.54 read as 0.54); the same numbers in the user's own code stay the floats they are."""

import mpmath
import numpy as np
import tensorflow as tf

from gradcli.autodiff import mp as mp_core
from gradcli.capture.tf_bridge import capture

D = mpmath.mpf


def _exact_gradient(fun, point):
    mp_core.enable()
    bridge = capture(fun, fun.__name__)
    with mpmath.workprec(150):
        return bridge.backward((np.array([D(v) for v in point], dtype=object),), D(1))[0]


def float32_hamming(x):
    return tf.reduce_sum(tf.cast(tf.signal.hamming_window(5, periodic=False, dtype=tf.float32), x.dtype) * x)


def users_hamming(x):
    """The user's own raised cosine with TensorFlow's coefficients, at its end k = 0: 0.54 - 0.46 of the floats."""
    k = tf.range(5, dtype=x.dtype)
    return tf.reduce_sum((0.54 - 0.46 * tf.cos(np.pi * k / 2)) * x)


def test_a_float32_windows_coefficients_are_the_decimals():
    gradient = _exact_gradient(float32_hamming, [1.0, 2.0, 3.0, 4.0, 5.0])
    with mpmath.workprec(150):
        for k, truth in enumerate([D(8) / 100, D(54) / 100, 1, D(54) / 100, D(8) / 100]):
            assert abs(gradient[k] - truth) < D(2) ** -140, k


def test_the_users_own_coefficients_stay_floats():
    gradient = _exact_gradient(users_hamming, [1.0, 2.0, 3.0, 4.0, 5.0])
    with mpmath.workprec(150):
        assert gradient[0] == D(0.54) - D(0.46)  # the binary floats' difference, 2^-56-ish from 0.08
        assert abs(gradient[0] - D(8) / 100) > D(10) ** -18
