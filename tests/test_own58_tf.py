"""TensorFlow in own58: its own run bounded by --max-time like JAX's (`capture.own_time`), and tf.reverse replayed.

An eager function's or a tf.function's value or gradient that never returns (a
tf.while_loop that never ends) gives the point no verdict naming TensorFlow's
call and the user's function; the hang is a call held on an event the test
releases, so no thread is left spinning. ``tf.reverse`` (ReverseV2, which is
its own gradient) is replayed at high precision along one axis, along several
with a negative one, and on a complex tensor; the exact gradient is the
mathematics' own. One file: one TensorFlow import for both.
"""

import numpy as np
import pytest

import gradcli
from gradcli.capture import own_time, tf_bridge
from own_calls_held import assert_twice_sine_in_time, held, range_stopped, users_functions

tf = pytest.importorskip("tensorflow")

SOURCE = '''
import tensorflow as tf


def smooth(x):
    return tf.sin(x) * 2.0


compiled = tf.function(smooth)
'''


@pytest.fixture(scope="module")
def names(tmp_path_factory):
    return users_functions(tmp_path_factory.mktemp("own58"), SOURCE, "own58_tf.py")


@pytest.mark.parametrize("name, cotangent, how", [
    ("smooth", None, "eagerly, its value"),
    ("compiled", np.float32(1.0), "compiled, its value and tf.GradientTape's gradient"),
])
def test_tensorflow_s_own_value_and_gradient_are_bounded_and_named(names, monkeypatch, name, cotangent, how):
    path = names["__file__"]
    bridge = tf_bridge.capture(names[name], f"{path}:{name}")
    with held(monkeypatch, tf_bridge), own_time.bounding(0.2), pytest.raises(own_time.OwnCallStopped) as stopped:
        bridge.own((np.float32(0.5),), cotangent)
    message = str(stopped.value)
    assert message.startswith(f"TensorFlow's own run of {path}:{name} ({how}, defined at {path}:5) was still running "
                              "after 0.2 seconds (--max-time 0.2)"), message
    assert "gradcli stopped it" in message


def test_tensorflow_over_a_range_is_bounded_too(names, monkeypatch):
    path = names["__file__"]
    message = range_stopped(monkeypatch, tf_bridge, tf_bridge.capture(names["compiled"], f"{path}:compiled"))
    assert message.startswith(
        f"TensorFlow's own run of {path}:compiled (tf.vectorized_map of its value and gradient over 3 points, defined "
        f"at {path}:5) was still running after 0.2 seconds"), message


def test_tensorflow_s_numbers_in_time_are_its_own(names):
    assert_twice_sine_in_time(tf_bridge.capture(names["smooth"], "smooth"))


REVERSED = '''
import tensorflow as tf


def one_axis(x):
    return tf.reduce_sum(tf.sin(tf.reverse(x, axis=[0])) * tf.constant([1.0, 2.0, 3.0], dtype=x.dtype))


def both_axes(x):
    y = tf.reverse(tf.reshape(x, [2, 2]), axis=[-1, 0])
    return tf.reduce_sum(tf.exp(y) * tf.constant([[1.0, 2.0], [3.0, 4.0]], dtype=x.dtype))


def on_complex(x):
    r = tf.reverse(tf.complex(x, 2.0 * x), axis=[0]) * tf.constant([1.0 + 1.0j, 2.0, 3.0j], dtype=tf.complex128)
    return tf.reduce_sum(tf.math.real(r * tf.math.conj(r)) + tf.math.imag(r))
'''

X = np.array([0.1, 0.2, 0.3])
# |w|^2 |x + 2ix|^2 + Im(w (x + 2ix)) per entry, the weights read backwards: w = 3i, 2, 1 + i at x0, x1, x2
SQUARED, IMAGINARY = np.array([9.0, 4.0, 2.0]), np.array([3.0, 4.0, 3.0])
CASES = [
    ("one_axis", X, np.cos(X) * [3.0, 2.0, 1.0]),
    ("both_axes", np.array([0.1, 0.2, 0.3, 0.4]), np.exp([0.1, 0.2, 0.3, 0.4]) * [4.0, 3.0, 2.0, 1.0]),
    ("on_complex", X, 2 * 5 * SQUARED * X + IMAGINARY),
]


@pytest.fixture(scope="module")
def reversing(tmp_path_factory):
    return users_functions(tmp_path_factory.mktemp("own58"), REVERSED, "own58_reverse.py")


@pytest.mark.parametrize("name, x, gradient", CASES)
def test_tf_reverse_and_its_gradient_are_replayed_exactly(reversing, name, x, gradient):
    (result,) = gradcli.check(f"{reversing['__file__']}:{name}", [{"x": x}], dtypes=("float64",), fixes=False).results
    assert result.status.value == "ok", [f.message for f in result.findings]
    np.testing.assert_allclose(np.asarray(result.exact_gradient["x"], dtype=float), gradient, rtol=1e-13)
