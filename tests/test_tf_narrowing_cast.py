"""A library's cast to a narrower dtype is where a float64 check's digits went: never `wrong`.

Keras' loss classes compute in their own dtype (float32 unless told), casting
a float64 caller's tensors: the program under a float64 check is a float32
program from that cast on, keeping float32's digits. A float64 check of it is
judged as those numbers (unstable where float32 lost float64's digits), the
loss named as the cause at the line calling it, with how to ask for float64,
and the exact gradient given. A rule after the user's own cast to
float32 is held to float32's allowance; a rule wrong by more than that stays
`wrong`.
"""

import textwrap

import tensorflow as tf  # noqa: F401 - the extra `tensorflow`, installed by `make test`

import gradcli

LOSSES = """
import keras
import tensorflow as tf


def smoothed_cce(logits):
    loss = keras.losses.CategoricalCrossentropy(from_logits=True, label_smoothing=0.1, reduction="sum")
    return loss(tf.constant([[1.0, 0.0, 0.0]], dtype=logits.dtype), tf.reshape(logits, (1, 3)))


def smoothed_cce_float64(logits):
    loss = keras.losses.CategoricalCrossentropy(from_logits=True, label_smoothing=0.1, reduction="sum", dtype="float64")
    return loss(tf.constant([[1.0, 0.0, 0.0]], dtype=logits.dtype), tf.reshape(logits, (1, 3)))


def binary(p):
    loss = keras.losses.BinaryCrossentropy(reduction="sum")
    return loss(tf.constant([1.0, 0.0], dtype=p.dtype), p)


def divergence(pred):
    loss = keras.losses.KLDivergence(reduction="sum")
    return loss(tf.constant([0.5, 0.5], dtype=pred.dtype), pred)


@tf.custom_gradient
def _off_rule(x):
    def grad(dy):
        return dy * 2.002 * x  # 0.1% off 2x: wrong in every dtype

    return x * x, grad


def wrong_rule_after_a_cast(x):
    return tf.reduce_sum(_off_rule(tf.cast(x, tf.float32)))
"""


def _check(tmp_path, name, point, dtype="float64"):
    path = tmp_path / "keras_losses.py"
    path.write_text(textwrap.dedent(LOSSES))
    (result,) = gradcli.check(f"{path}:{name}", [point], dtypes=(dtype,), fixes=False).results
    return result, str(path)


def _return_line(name):
    """The line of ``name``'s return in the user's file: where the loss is called."""
    lines = textwrap.dedent(LOSSES).splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"def {name}("))
    return next(i for i in range(start, len(lines)) if lines[i].lstrip().startswith("return ")) + 1


def _narrowed(result):
    return [f for f in result.findings if f.kind == "narrowed"]


def _said_float32(result, path, name, loss):
    """The float64 run is unstable, its first finding saying the loss computes in float32, at the line calling it;
    the exact gradient is there."""
    assert result.status.value == "unstable", [f.message for f in result.findings]
    said = result.findings[0]
    assert said.kind == "narrowed" and said.op == f"keras.losses.{loss}", result.findings
    assert all(g is not None for g in next(iter(result.exact_gradient.values())))
    assert said.location == f"{path}:{_return_line(name)}"
    assert f"keras.losses.{loss} computes in float32" in said.message and 'dtype="float64"' in said.message
    assert not any(f.kind == "wrong-rule" for f in result.findings)


def test_keras_smoothed_cross_entropy_in_float64_is_said_float32_work_at_its_call(tmp_path):
    result, path = _check(tmp_path, "smoothed_cce", {"logits": [800.0, -800.0, 0.0]})
    _said_float32(result, path, "smoothed_cce", "CategoricalCrossentropy")


def test_each_keras_loss_in_float64_is_said_float32_work_at_its_call(tmp_path):
    for name, point, loss in [("divergence", {"pred": [1e-300, 0.5]}, "KLDivergence"),
                              ("binary", {"p": [0.3, 0.4]}, "BinaryCrossentropy")]:
        result, path = _check(tmp_path, name, point)
        _said_float32(result, path, name, loss)


def test_a_loss_told_float64_computes_in_float64(tmp_path):
    result, _ = _check(tmp_path, "smoothed_cce_float64", {"logits": [800.0, -800.0, 0.0]})
    assert result.status.value == "ok" and not _narrowed(result)
    assert not any("not every step" in note for note in result.notes)


def test_a_float32_check_of_the_same_loss_is_ok_with_nothing_narrowed(tmp_path):
    result, _ = _check(tmp_path, "smoothed_cce", {"logits": [80.0, -80.0, 0.0]}, dtype="float32")
    assert result.status.value == "ok" and not _narrowed(result)


def test_a_rule_wrong_beyond_float32s_allowance_stays_wrong_after_a_cast(tmp_path):
    result, path = _check(tmp_path, "wrong_rule_after_a_cast", {"x": [0.5, -1.5]})
    assert result.status.value == "wrong"
    assert any(f.kind == "wrong-rule" for f in result.findings) and not _narrowed(result)
