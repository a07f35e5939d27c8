"""Keras' label-smoothed cross-entropy in its float32 loss dtype (issue 29's K1, decided).

Keras' source smooths the labels as ``y * (1.0 - label_smoothing) + label_smoothing / num_classes`` in the loss's
dtype, float32, whatever the logits' dtype: Python computes 1.0 - 0.1 = 0.9, and TensorFlow holds 0.9 and 0.1 as
float32 does. The function is then -sum(t log softmax(z)) with t = (0.9f + 0.1f/3, 0.1f/3, 0.1f/3), whose labels sum
to 0.9f + 0.1f = 1 - 2.2e-8, so its slope is softmax(z) sum(t) - t (not softmax(z) - t, and not with the labels
1 - 0.1f + 0.1f/3, which the trial's truth first took). The truths below are that mathematics in mpmath.
"""

import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")

import mpmath
import numpy as np
import pytest
import tensorflow as tf

import gradcli


def _smoothed(smoothing, classes, dtype):
    """A Keras CategoricalCrossentropy on logits for class 0, the user's code as a trial writes it."""
    loss = tf.keras.losses.CategoricalCrossentropy(from_logits=True, label_smoothing=smoothing)

    def smoothed_ce(logits):
        return loss(tf.one_hot([0], classes, dtype=dtype), logits[None])

    return smoothed_ce


def _truth(logits, smoothing):
    """softmax(z) sum(t) - t, t Keras' labels from float32's smoothing and 1 - smoothing, the arithmetic exact."""
    f32 = np.float32
    with mpmath.workdps(50):
        kept, share = mpmath.mpf(float(f32(1.0 - smoothing))), mpmath.mpf(float(f32(smoothing))) / len(logits)
        labels = [kept + share] + [share] * (len(logits) - 1)
        z = [mpmath.mpf(float(v)) for v in logits]
        e = [mpmath.exp(v - max(z)) for v in z]
        return [float(v / sum(e) * sum(labels) - t) for v, t in zip(e, labels)]


@pytest.mark.parametrize("smoothing, logits", [(0.1, [2.0, -1.0, 0.5]), (0.3, [0.25, 1.5, -2.0, 3.0])])
def test_kerass_float32_label_smoothing_has_the_slope_of_its_float32_labels(smoothing, logits):
    function = _smoothed(smoothing, len(logits), tf.float64)
    report = gradcli.check(function, [{"logits": logits}], dtypes=("float32", "float64"), fixes=False,
                           framework="tensorflow")
    truth = _truth(logits, smoothing)
    for result in report.results:
        assert [float(g) for g in result.exact_gradient["logits"]] == pytest.approx(truth, rel=1e-12, abs=1e-15), (
            result.dtype)
    verdicts = {r.dtype: r.status.value for r in report.results}
    # float32 arithmetic is what a float32 check asks for; a float64 run of a float32 Keras loss keeps float32's
    # digits, unstable as float64 work, the loss named as the cause
    assert verdicts == {"float32": "ok", "float64": "unstable"}, [r.findings for r in report.results]
    wide = next(r for r in report.results if r.dtype == "float64")
    assert "keras.losses.CategoricalCrossentropy computes in float32" in wide.findings[0].message, wide.findings


def test_the_labels_not_summing_to_one_is_what_separates_the_slope_from_softmax_minus_labels():
    """The tester tested: the slope a model with labels summing to 1 gives is off by more than the test's tolerance."""
    logits, smoothing = [2.0, -1.0, 0.5], 0.1
    truth = _truth(logits, smoothing)
    with mpmath.workdps(50):
        tenth = mpmath.mpf(float(np.float32(0.1)))
        labels = [1 - tenth + tenth / 3, tenth / 3, tenth / 3]
        e = [mpmath.exp(mpmath.mpf(v)) for v in logits]
        summing_to_one = [float(v / sum(e) - t) for v, t in zip(e, labels)]
    assert summing_to_one != pytest.approx(truth, rel=1e-12, abs=1e-15)
