"""The float32 allowance for library identities, relative to the terms a rule combines, not to each entry.

A fused cross-entropy rule, p - t, assumes labels summing to 1. Float32 labels smoothed at 0.07
as Keras smooths them sum to 1 + 1.5e-8, so the rule is 1.5e-8 p off the exact derivative
(sum(t) p - t): within float32's eps of the gradient's terms, but 3.2e-7 of a confident
prediction's largest entry of 0.047. The README promises such a rule is `ok` in float32; a rule
off by more than the dtype can hold is still `wrong`, confident or not.
"""

import math
import textwrap

import numpy
import pytest

import gradcli

# The rule's own arithmetic is spelled in the program, so every case below is one body with one
# part changed: a factor of 1 (the library's rule) or of 1 + 1e-5 on the largest entry alone, or a
# planted wrong rule (its labels' smoothing forgotten).
PROGRAM = """
import numpy as onp
import gradcli.numpy as np
from gradcli.autodiff import custom_gradient

SMOOTHING = 0.07
_REST = onp.float32(SMOOTHING / 3)
T = onp.array([onp.float32(1 - SMOOTHING) + _REST, _REST, _REST], dtype=onp.float32)  # as Keras smooths them
RULE_T = {rule_t}


@custom_gradient
def f(z):
    shifted = {shifted}
    log_p = shifted - np.log(np.sum(np.exp(shifted)))

    def grad_fn(upstream):
        return upstream * (np.exp(log_p) - RULE_T) * {factor}

    return -np.sum(T * log_p), grad_fn
"""


# Shifted by the largest logit (as TensorFlow's kernels do), or not: then at high precision log p is
# 80 - 80, whose rounding makes the rule's terms look 80 times larger than p and t are.
SPELLINGS = {"shifted": "z - np.max(z)", "unshifted": "z"}


def _status(tmp_path, at, factor="1.0", rule_t="T", dtype="float32", spelling="shifted"):
    path = tmp_path / "cce.py"
    path.write_text(textwrap.dedent(PROGRAM.format(factor=factor, rule_t=rule_t, shifted=SPELLINGS[spelling])))
    result = gradcli.check(f"{path}:f", [{"z": numpy.array(at)}], dtypes=(dtype,), fixes=False, max_time=math.inf).results[0]
    return result


def test_the_labels_do_break_the_identity_the_rule_assumes():
    # The case is the class: float32 labels that sum to 1 only to float32's eps.
    rest = numpy.float32(0.07 / 3)
    labels = numpy.array([numpy.float32(1 - 0.07) + rest, rest, rest], dtype=numpy.float32).astype(numpy.float64)
    assert 1e-8 < abs(labels.sum() - 1) < 1.2e-7


@pytest.mark.parametrize("spelling", sorted(SPELLINGS))
@pytest.mark.parametrize("at", [[80.0, -80.0, 0.0], [8.0, -8.0, 0.0], [1.0, 2.0, 3.0]])
def test_a_rule_that_assumes_the_labels_sum_to_1_is_ok_in_float32(tmp_path, at, spelling):
    result = _status(tmp_path, at, spelling=spelling)
    assert result.status == "ok", result.findings


def test_the_same_rule_is_held_to_float64s_tolerance_in_float64(tmp_path):
    # No allowance in float64: there the labels' 2.2e-8 is far above the 1e-8 a rule may be off.
    result = _status(tmp_path, [80.0, -80.0, 0.0], dtype="float64")
    assert result.status == "wrong", result.findings


@pytest.mark.parametrize("spelling", sorted(SPELLINGS))
@pytest.mark.parametrize("at", [[80.0, -80.0, 0.0], [8.0, -8.0, 0.0], [1.0, 2.0, 3.0]])
def test_a_rule_off_by_1e_5_relative_on_its_largest_entry_is_wrong_in_float32(tmp_path, at, spelling):
    # The largest entry is the label's at every point here; the others are left exact.
    result = _status(tmp_path, at, factor="onp.array([1 + 1e-5, 1, 1], dtype=onp.float32)", spelling=spelling)
    assert result.status == "wrong", result.findings
    assert any(f.kind == "wrong-rule" for f in result.findings), result.findings


@pytest.mark.parametrize("at", [[80.0, -80.0, 0.0], [1.0, 2.0, 3.0]])
def test_a_planted_wrong_custom_gradient_is_wrong_in_float32(tmp_path, at):
    # The rule forgets the smoothing (one-hot labels): off by 0.033 and more, confident or not.
    result = _status(tmp_path, at, rule_t="onp.array([1.0, 0.0, 0.0], dtype=onp.float32)")
    assert result.status == "wrong", result.findings


KERAS = """
import keras
import tensorflow as tf


def smoothed_cce(logits):
    loss = keras.losses.CategoricalCrossentropy(from_logits=True, label_smoothing=0.1, reduction="sum")
    return loss(tf.constant([[1.0, 0.0, 0.0]], dtype=logits.dtype), tf.reshape(logits, (1, 3)))
"""


def _keras(tmp_path):
    pytest.importorskip("tensorflow")  # the extra `tensorflow`, installed by `make test`
    path = tmp_path / "keras_cce.py"
    path.write_text(textwrap.dedent(KERAS))
    point = [{"logits": numpy.array([80.0, -80.0, 0.0])}]
    return gradcli.check(f"{path}:smoothed_cce", point, dtypes=("float32",), fixes=False, max_time=math.inf).results[0]


def test_keras_label_smoothed_cross_entropy_at_a_confident_prediction_is_ok_in_float32(tmp_path):
    # TensorFlow's fused rule p - t beside Keras's float32 labels, which sum to 1 - 2.2e-8 (T29).
    result = _keras(tmp_path)
    assert result.status == "ok", result.findings


def test_kerass_rule_off_by_1e_5_on_its_largest_entry_is_wrong_in_float32(tmp_path, monkeypatch):
    pytest.importorskip("tensorflow")
    from gradcli.capture import tf_ops

    fused, names = tf_ops.OPS["SoftmaxCrossEntropyWithLogits"]

    def off(ins, attrs):
        loss, backprop = fused(ins, attrs)
        return loss, tf_ops.gnp.multiply(backprop, numpy.array([[1 + 1e-5, 1.0, 1.0]]))

    monkeypatch.setitem(tf_ops.OPS, "SoftmaxCrossEntropyWithLogits", (off, names))
    result = _keras(tmp_path)
    assert result.status == "wrong", result.findings
