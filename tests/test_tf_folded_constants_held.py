"""A user's float constant that TensorFlow folds with others (a clipped label) is the narrower program's number.

In float32, ``tf.constant([0.3], dtype=x.dtype)`` is float32's 0.3 from its
creation, and ``tf.clip_by_value`` of it by 1e-7 and 1.0 (what Keras does to
y_true) is folded at capture: an operation on constants alone. The exact replay of
the float32 program computes that fold on the constant as float32 holds it, so at
x = the label the KL term t log(t / x) is exactly 0 with slope -t/x = -1, as
TensorFlow computes it; in float64 the label is float64's 0.3 and the same holds.
"""

import pytest

import gradcli

SOURCE = """import tensorflow as tf


def clipped_ratio(x):
    t = tf.clip_by_value(tf.constant([0.3], dtype=x.dtype), 1e-7, 1.0)
    return tf.reduce_sum(t * tf.math.log(t / x))
"""


@pytest.mark.parametrize("dtype", ["float32", "float64"])
def test_a_clipped_label_is_held_as_the_program_holds_it(tmp_path, dtype):
    path = tmp_path / "clipped_label.py"
    path.write_text(SOURCE)
    result = gradcli.check(f"{path}:clipped_ratio", [{"x": [0.3]}], dtypes=(dtype,), fixes=False).results[0]
    assert result.status.value == "ok"
    assert result.exact_value == 0
    assert list(result.exact_gradient["x"]) == [-1.0]
