"""The operation whose result TensorFlow flushes to 0 is the one a check names, at the user's line.

At x = 88 in float32, TensorFlow's gradient of ``log(1 + exp(x))`` takes the
reciprocal of 1 + e^88: 6e-39, a subnormal number, which TensorFlow's CPU
kernels flush to 0, so its gradient is 0 where the exact one is 1. The replay
in the dtype flushes as TensorFlow does, and the recorder is shown the flushed
reciprocal: unflushed, it sees an accurate 6e-39 and no operation to blame.
"""

import numpy as np
import tensorflow as tf

import gradcli

SOFTPLUS = "import tensorflow as tf\n\n\ndef softplus(x):\n    return tf.math.log(1 + tf.exp(x))\n"


def test_tensorflow_flushes_what_the_replay_flushes():
    # The premise: a subnormal result is 0 and a subnormal operand counts as 0, float32 and float64 alike.
    assert tf.exp(tf.constant(-90.0, tf.float32)).numpy() == 0.0
    assert tf.exp(tf.constant(-720.0, tf.float64)).numpy() == 0.0
    assert (tf.constant(1e-40, tf.float32) * 1e10).numpy() == 0.0
    assert np.exp(np.float32(-90.0)) != 0.0  # NumPy keeps it: a replay must flush


def test_the_reciprocal_tensorflow_flushes_to_zero_is_named_at_the_users_line(tmp_path):
    path = tmp_path / "model.py"
    path.write_text(SOFTPLUS)
    (result,) = gradcli.check(f"{path}:softplus", [{"x": 88.0}], dtypes=("float32",), fixes=False).results
    assert result.status == "unstable"
    assert result.gradient["x"] == 0.0
    named = [f for f in result.findings if f.phase == "backward" and f.location == f"{path}:5"]
    # the op of TensorFlow's gradient graph, as TensorFlow names it: by the call whose gradient it is, and its type
    assert [(f.op, f.framework_op) for f in named] == [("tf.math.log gradient (Reciprocal)", "Reciprocal")]
    assert named[0].output == "0.0"


def test_a_subnormal_forward_result_is_named_where_tensorflow_made_it_zero(tmp_path):
    path = tmp_path / "model.py"
    path.write_text("import tensorflow as tf\n\n\ndef scaled(x):\n    e = tf.exp(x)\n    return e * 1e30\n")
    (result,) = gradcli.check(f"{path}:scaled", [{"x": -90.0}], dtypes=("float32",), fixes=False).results
    assert result.value == 0.0  # TensorFlow's own: e^-90 flushed
    assert result.status != "ok"
    ops = [(f.op, f.location) for f in result.findings if f.phase == "forward"]
    assert ("tf.math.exp (Exp)", f"{path}:5") in ops
