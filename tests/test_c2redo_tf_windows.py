"""TensorFlow's raised-cosine windows (``tf.signal.hann_window``, ``hamming_window``: ``a - b cos(constant(2 pi) *
range(n) / m)``, folded as constants) are the mathematical windows in the exact replay: the fold reads pi's float as
pi, and Hamming's a and b as the decimals TensorFlow writes (0.54 and 0.46)."""

import mpmath
import numpy as np
import pytest
import tensorflow as tf

from gradcli.autodiff import mp as mp_core
from gradcli.capture.tf_bridge import capture

WINDOWS = {  # name -> (TensorFlow's window, its mathematics at k of m)
    "hann": (tf.signal.hann_window, lambda k, m: 0.5 - 0.5 * mpmath.cospi(mpmath.mpf(2 * k) / m)),
    "hamming": (tf.signal.hamming_window, lambda k, m: mpmath.mpf(54) / 100 - mpmath.mpf(46) / 100 * mpmath.cospi(mpmath.mpf(2 * k) / m)),
}


@pytest.mark.parametrize("name", list(WINDOWS))
@pytest.mark.parametrize("length, periodic", [(4, True), (5, False)])
def test_a_windows_exact_replay_is_its_mathematics(name, length, periodic):
    window, entry = WINDOWS[name]

    def windowed(x):
        return tf.reduce_sum(window(length, periodic=periodic, dtype=x.dtype) * x)

    mp_core.enable()
    bridge = capture(windowed, f"{name}_windowed")
    with mpmath.workprec(150):
        point = np.array([mpmath.mpf(v) for v in np.linspace(-1.0, 2.0, length)], dtype=object)
        gradient = bridge.backward((point,), mpmath.mpf(1))[0]
        for k in range(length):
            assert abs(gradient[k] - entry(k, length if periodic else length - 1)) < mpmath.mpf(2) ** -120, k
