"""TensorFlow's graphs, replayed, compute as TensorFlow does: IEEE results, no floating-point warnings.

TensorFlow's gradient of CumulativeLogsumexp splits the upstream gradient by
sign and takes log(g) and log(-g) of every entry, keeping each only where the
sign allows (``where_v2``). The replay computes both sides as TensorFlow does;
NumPy would warn of the log of a negative number that TensorFlow computes
silently and then drops.
"""

import os
import warnings

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")

import numpy as np
import tensorflow as tf

from gradcli.capture.tf_bridge import capture


def test_cumulative_logsumexp_gradient_replays_without_a_warning():
    bridge = capture(lambda x: tf.reduce_sum(tf.math.cumulative_logsumexp(x)), "cumulative")
    x = np.array([0.5, -1.0, 2.0, 0.25])
    _, (own,) = bridge.own((x,), np.float64(1.0))
    with warnings.catch_warnings():
        warnings.simplefilter("error", RuntimeWarning)
        (replayed,) = bridge.backward((x,), np.float64(1.0))
    np.testing.assert_allclose(np.asarray(replayed, dtype=np.float64), own, rtol=1e-12)
