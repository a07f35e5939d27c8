"""The float32 allowance for library identities, across the class: every smoothing, every framework.

A rule p - t that assumes labels summing to 1 is off the exact derivative (sum(t) p - t) by
(sum(t) - 1) p, a few float32 roundoffs of p. At a confident prediction the gradient entry p - t
is small (2s/3 at smoothing s) while p and t are near 1: the allowance is float32's eps of the
operands of the rule's last subtraction (`checker.rule_rounding`), so such rules are `ok` at any
smoothing. A rule off by 5e-7 on its largest entry (what 1e-5 of it is at smoothing 0.07, four
float32 eps of those operands) is `wrong` at every one of the same points.
"""

import math
import textwrap

import numpy
import pytest

import gradcli

NUMPY = """
import numpy as onp
import gradcli.numpy as np
from gradcli.autodiff import custom_gradient

SMOOTHING = {smoothing}
N = {classes}
T = (onp.eye(N, dtype=onp.float32)[0] * onp.float32(1 - SMOOTHING) + onp.float32(SMOOTHING / N)).astype(onp.float32)
OFF = onp.zeros(N, dtype=onp.float32)
OFF[0] = {off}


@custom_gradient
def f(z):
    shifted = {shifted}
    log_p = shifted - np.log(np.sum(np.exp(shifted)))

    def grad_fn(upstream):
        return upstream * (np.exp(log_p) - T) + OFF

    return -np.sum(T * log_p), grad_fn
"""

KERAS = """
import keras
import tensorflow as tf


def cce(z):
    loss = keras.losses.CategoricalCrossentropy(from_logits=True, label_smoothing={smoothing}, reduction="sum")
    return loss(tf.one_hot([0], {classes}, dtype=z.dtype), tf.reshape(z, (1, {classes})))


def soft_labels(z):
    labels = tf.one_hot([0], {classes}, dtype=tf.float32) * (1.0 - {smoothing}) + {smoothing} / {classes}
    logits = tf.reshape(z, (1, {classes}))
    return tf.reduce_sum(tf.nn.softmax_cross_entropy_with_logits(tf.cast(labels, z.dtype), logits))


def focal(z):
    loss = keras.losses.CategoricalFocalCrossentropy(from_logits=True, label_smoothing={smoothing}, reduction="sum")
    return loss(tf.one_hot([0], {classes}, dtype=z.dtype), tf.reshape(z, (1, {classes})))
"""

TORCH = """
import torch

SMOOTHING = {smoothing}
T = torch.nn.functional.one_hot(torch.tensor(0), {classes}).float() * (1 - SMOOTHING) + SMOOTHING / {classes}
OFF = torch.zeros({classes})
OFF[0] = {off}


class SmoothedCE(torch.autograd.Function):
    @staticmethod
    def forward(ctx, z):
        log_p = z - torch.logsumexp(z, 0)
        ctx.save_for_backward(log_p)
        return -(T.to(z.dtype) * log_p).sum()

    @staticmethod
    def backward(ctx, g):
        (log_p,) = ctx.saved_tensors
        return g * (log_p.exp() - T.to(log_p.dtype)) + OFF.to(log_p.dtype)


def f(z):
    return SmoothedCE.apply(z)
"""

OFF = 5e-7  # on the largest entry: four float32 eps of the rule's operands (about 1 at these points)

# (smoothing, logits, spelling of the shift): the labels' rounding against entries of 2s/3 and s/N.
NUMPY_CASES = [
    (0.01, [80.0, -80.0, 0.0], "z - np.max(z)"),
    (0.02, [80.0, -80.0, 0.0], "z"),
    (0.03, [8.0, -8.0, 0.0], "z - np.max(z)"),
    (0.05, [80.0, -80.0, 0.0], "z"),
    (0.06, [30.0, -30.0, 0.0], "z - np.max(z)"),
    (0.2, [80.0, -80.0, 0.0], "z - np.max(z)"),
    (0.04, [60.0, -60.0, 0.0, -10.0, 5.0], "z"),
]
FRAMEWORK_CASES = [
    ("keras", "cce", 0.01, [80.0, -80.0, 0.0]),
    ("keras", "cce", 0.05, [80.0, -80.0, 0.0]),
    ("keras", "cce", 0.2, [40.0, -40.0, 0.0]),
    ("keras", "soft_labels", 0.03, [80.0, -80.0, 0.0]),
    ("keras", "soft_labels", 0.015, [20.0, -20.0, 0.0, 3.0]),
    ("torch", "f", 0.03, [80.0, -80.0, 0.0]),
    ("torch", "f", 0.01, [50.0, -50.0, 0.0, 1.0]),
]


def _check(path, name, at):
    point = [{"z": numpy.array(at)}]
    return gradcli.check(f"{path}:{name}", point, dtypes=("float32",), fixes=False, max_time=math.inf).results[0]


def _numpy(tmp_path, smoothing, at, shifted, off="0.0"):
    path = tmp_path / "cce.py"
    path.write_text(textwrap.dedent(NUMPY.format(smoothing=smoothing, classes=len(at), shifted=shifted, off=off)))
    return _check(path, "f", at)


def _framework(tmp_path, framework, name, smoothing, at, off="0.0"):
    pytest.importorskip("tensorflow" if framework == "keras" else "torch")  # the extras `make test` installs
    source = KERAS if framework == "keras" else TORCH
    path = tmp_path / f"{framework}_cce.py"
    path.write_text(textwrap.dedent(source.format(smoothing=smoothing, classes=len(at), off=off)))
    return _check(path, name, at)


def _off_fused_rule(monkeypatch):
    """TensorFlow's fused softmax cross-entropy rule with ``OFF`` added to its first entry."""
    from gradcli.capture import tf_ops

    fused, names = tf_ops.OPS["SoftmaxCrossEntropyWithLogits"]

    def off(ins, attrs):
        loss, backprop = fused(ins, attrs)
        shift = numpy.zeros(numpy.shape(backprop))
        shift[..., 0] = OFF
        return loss, tf_ops.gnp.add(backprop, shift)

    monkeypatch.setitem(tf_ops.OPS, "SoftmaxCrossEntropyWithLogits", (off, names))


def test_the_labels_miss_1_by_a_float32_roundoff_or_so():
    # The case is the class: the labels' sum is off 1 by about float32's unit roundoff, not 0 and not more.
    for smoothing in (0.01, 0.02, 0.03, 0.04, 0.05, 0.06, 0.2):
        labels = numpy.eye(3, dtype=numpy.float32)[0] * numpy.float32(1 - smoothing) + numpy.float32(smoothing / 3)
        assert abs(labels.astype(numpy.float32).astype(numpy.float64).sum() - 1) < 2 * float(numpy.finfo(numpy.float32).eps)


@pytest.mark.parametrize("smoothing, at, shifted", NUMPY_CASES)
def test_a_rule_assuming_the_labels_sum_to_1_is_ok_at_every_smoothing(tmp_path, smoothing, at, shifted):
    result = _numpy(tmp_path, smoothing, at, shifted)
    assert result.status == "ok", result.findings


@pytest.mark.parametrize("smoothing, at, shifted", NUMPY_CASES)
def test_the_same_rule_off_by_5e_7_on_its_largest_entry_is_wrong(tmp_path, smoothing, at, shifted):
    result = _numpy(tmp_path, smoothing, at, shifted, off=repr(OFF))
    assert result.status == "wrong", result.findings
    assert any(f.kind == "wrong-rule" for f in result.findings), result.findings


@pytest.mark.parametrize("framework, name, smoothing, at", FRAMEWORK_CASES)
def test_library_label_smoothing_is_ok_in_float32(tmp_path, framework, name, smoothing, at):
    result = _framework(tmp_path, framework, name, smoothing, at)
    assert result.status == "ok", result.findings


@pytest.mark.parametrize("framework, name, smoothing, at", FRAMEWORK_CASES)
def test_library_rule_off_by_5e_7_on_its_largest_entry_is_wrong(tmp_path, monkeypatch, framework, name, smoothing, at):
    if framework == "keras":
        pytest.importorskip("tensorflow")
        _off_fused_rule(monkeypatch)
        result = _framework(tmp_path, framework, name, smoothing, at)
    else:
        result = _framework(tmp_path, framework, name, smoothing, at, off=repr(OFF))
    assert result.status == "wrong", result.findings


@pytest.mark.parametrize("smoothing", [0.01, 0.2])
def test_kerass_focal_loss_with_smoothed_labels_is_ok_in_float32(tmp_path, smoothing):
    # No fused rule: TensorFlow's own rules of each op, judged with the same allowance.
    result = _framework(tmp_path, "keras", "focal", smoothing, [80.0, -80.0, 0.0])
    assert result.status == "ok", result.findings
