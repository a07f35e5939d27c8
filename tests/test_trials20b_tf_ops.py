"""TensorFlow operations the twentieth user trials (b) found replayed otherwise than TensorFlow computes them.

M1: ``tf.math.multiply_no_nan`` (MulNoNan) had no replay (exit 2): it is x * y but 0 wherever y is 0, even where x
is infinite or NaN, so a mask multiplied onto a log-likelihood is flat in the masked entry, and TensorFlow's 0
times log's 1/0 there is a NaN the check calls wrong. S1: an empty segment of ``unsorted_segment_max`` (``min``)
holds the dtype's lowest (highest) finite number and of ``segment_max``/``segment_min`` 0, where the replay held -inf
(+inf), which made the exact value infinite and every point ``domain``; a float32 program's reference holds float32's
lowest, as the program does (the capture hands the fill as a constant a narrower dtype holds as its own limit).
"""

import os

import numpy as np
import pytest
import tensorflow as tf

import gradcli

USER = os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials", "tf_lib20b.py")
IDS = tf.constant([0, 0, 2])  # segment 1 is empty


def _only(report):
    (result,) = report.results
    return result


def unsorted_min_weighted(x):
    return tf.reduce_sum(tf.math.unsorted_segment_min(x, IDS, num_segments=3) * tf.constant([1.0, 1e-300, 2.0], x.dtype))


def sorted_extremes(x):
    return tf.reduce_sum(tf.math.segment_max(x, IDS) + 3.0 * tf.math.segment_min(x, IDS))


def unsorted_max_scaled(x):
    return tf.reduce_sum(tf.math.exp(tf.math.unsorted_segment_max(x, IDS, num_segments=3) / 1e308))


def test_multiply_no_nan_is_replayed_and_its_masked_log_is_a_where_leak():
    product = _only(gradcli.check(f"{USER}:no_nan_product", {"x": [3.0, 0.5], "y": [0.0, 2.0]}, dtypes=("float64",)))
    assert product.status == "ok"
    assert product.exact_gradient == {"x": [0.0, 2.0], "y": [3.0, 0.5]}
    masked = _only(gradcli.check(f"{USER}:masked_loglik", {"p": [0.5, 0.0]}, dtypes=("float64",)))
    assert masked.status == "wrong"  # TensorFlow's NaN in the masked entry, whose slope is 0
    assert masked.exact_gradient == {"p": [2.0, 0.0]}
    assert np.isnan(masked.gradient["p"][1])


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_an_empty_unsorted_segment_max_is_the_dtypes_lowest_float(dtype):
    result = _only(gradcli.check(f"{USER}:segment_max_empty", {"x": [1.0, 3.0, 2.0]}, dtypes=(dtype,)))
    assert result.status == "ok"  # was domain: an infinite exact value; in float32 float64's lowest, beyond its range
    assert result.exact_value == pytest.approx(-float(np.finfo(dtype).max), rel=1e-15)
    assert result.exact_gradient == {"x": [0.0, 1.0, 1.0]}


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_empty_segments_hold_what_tensorflow_holds(dtype):
    big = float(np.finfo(dtype).max)
    minimum = _only(gradcli.check(unsorted_min_weighted, {"x": [1.0, 3.0, 2.0]}, dtypes=(dtype,)))
    assert minimum.status == "ok"
    assert minimum.exact_value == pytest.approx(1.0 + 1e-300 * big + 4.0 if dtype == "float64" else 5.0, rel=1e-6)
    assert minimum.exact_gradient == {"x": [1.0, 0.0, 2.0]}
    extremes = _only(gradcli.check(sorted_extremes, {"x": [1.0, 3.0, 2.0]}, dtypes=(dtype,)))
    assert extremes.status == "ok"
    assert extremes.exact_value == pytest.approx(14.0)  # max [3, 0, 2] + 3 min [1, 0, 2]: the empty segment 0 in both
    assert extremes.exact_gradient == {"x": [3.0, 1.0, 4.0]}


def test_the_lowest_float_reaches_the_value():
    result = _only(gradcli.check(unsorted_max_scaled, {"x": [1.0, 3.0, 2.0]}, dtypes=("float64",)))
    assert result.status == "ok"
    assert result.exact_value == pytest.approx(2.0 + np.exp(-np.finfo(np.float64).max / 1e308), rel=1e-12)
