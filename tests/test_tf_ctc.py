"""TensorFlow's CTC loss with dense labels, replayed: its legacy Defun loops walked, its forward-backward recursion
in log space run by gradcli's ops.

``tf.nn.ctc_loss`` with dense labels computes its loss and its gradient together
(a ``tf.custom_gradient`` whose rule hands back the posterior the forward-backward
pass made), in two ``While`` loops over legacy ``function.Defun`` bodies that
fill a zeroed ``Empty`` tensor row by row, each step a ``reduce_logsumexp``.
TensorFlow runs it in float32 alone (its transition matrix is float32 whatever
the logits), so the float32 trace is the program the exact reference replays,
and a shift its logsumexp takes out and adds back under a stop_gradient is
taken from floats (ties of balls no precision decides). Checked here: the
replay against TensorFlow's own value and gradient (time-major and batch-major
logits, the blank first and last, two sequences of other lengths in one batch),
and a check's exact gradient against the sum over alignments written out with
mpmath.
"""

import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")

import mpmath
import numpy as np
import pytest
import tensorflow as tf

import gradcli
from gradcli.capture.tf_bridge import capture
from bridge_checks import assert_replays_as_the_framework_computes

# Two sequences over three classes, the second two frames long in a batch of three frames; labels "a b" and "b".
LOGITS = np.array([[[0.5, 1.0, -0.5], [0.2, -0.3, 0.8], [0.0, 0.4, 1.2]],
                   [[1.1, -0.7, 0.3], [-0.2, 0.9, 0.1], [0.6, 0.6, 0.6]]], dtype=np.float32)
# One sequence of two frames over (blank, a), the label "a": the alignments a a, a _, _ a.
SHORT = np.array([[[0.3, -0.4], [1.2, 0.5]]], dtype=np.float32)


def both_layouts(logits):
    """Batch-major logits with the blank last (``blank_index=-1``), the second sequence two frames long, plus the same
    logits time-major (frames first) with the blank first."""
    batch_major = tf.nn.ctc_loss(tf.constant([[0, 1], [1, 0]]), logits, label_length=tf.constant([2, 1]),
                                 logit_length=tf.constant([3, 2]), logits_time_major=False, blank_index=-1)
    time_major = tf.nn.ctc_loss(tf.constant([[1, 2], [2, 0]]), tf.transpose(logits, [1, 0, 2]), label_length=tf.constant([2, 1]),
                                logit_length=tf.constant([3, 3]), logits_time_major=True, blank_index=0)
    return tf.reduce_sum(batch_major * tf.constant([1.0, 0.5], logits.dtype) + time_major)


def short(logits):
    loss = tf.nn.ctc_loss(tf.constant([[1]]), logits, label_length=tf.constant([1]), logit_length=tf.constant([2]),
                          logits_time_major=False)
    return tf.reduce_sum(loss)


def test_ctc_loss_replays_as_tensorflow_computes():
    """TensorFlow computes this loss in float32 alone (its transition matrix is float32 whatever the logits): the
    replay of its float32 graph gives TensorFlow's value and gradient, and so does, to float32's digits, the replay
    on float64 numbers the exact reference runs."""
    bridge = capture(both_layouts, "both_layouts")
    value, (grad,) = bridge.own((LOGITS,), np.float32(1.0))
    for logits in (LOGITS, LOGITS.astype(np.float64)):
        np.testing.assert_allclose(bridge.forward(logits), value, rtol=1e-6)
        np.testing.assert_allclose(bridge.backward((logits,), logits.dtype.type(1.0))[0], grad, rtol=1e-5, atol=1e-7)


def test_ctc_loss_is_ok_with_the_exact_gradient_of_its_alignments():
    """TensorFlow's rule (softmax minus the forward-backward posterior) is the exact derivative, and the exact
    gradient is that of -log of the sum over the three alignments of "a" in two frames."""
    (result,) = gradcli.check(short, [{"logits": SHORT}], dtypes=("float32",), fixes=False).results
    assert result.status.value == "ok", (result.status, result.error, [f.message for f in result.findings])

    def loss(*flat):
        frames = [_softmax(flat[0:2]), _softmax(flat[2:4])]
        blank, a = 0, 1
        return -mpmath.log(frames[0][a] * frames[1][a] + frames[0][a] * frames[1][blank] + frames[0][blank] * frames[1][a])

    point = [mpmath.mpf(float(v)) for v in SHORT.ravel()]
    with mpmath.workdps(40):
        truth = [mpmath.diff(loss, point, tuple(int(i == j) for j in range(4))) for i in range(4)]
    exact = np.asarray(result.exact_gradient["logits"], dtype=np.float64).ravel()
    np.testing.assert_allclose(exact, [float(t) for t in truth], rtol=1e-10)


def _softmax(row):
    exps = [mpmath.exp(v) for v in row]
    return [e / mpmath.fsum(exps) for e in exps]
