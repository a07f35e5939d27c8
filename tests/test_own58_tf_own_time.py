"""TensorFlow's own run bounded by --max-time like JAX's (`capture.own_time`): an eager function's or a tf.function's
value or gradient that never returns (a tf.while_loop that never ends) gives the point no verdict naming
TensorFlow's call and the user's function. The hang is a call held on an event the test releases, so no thread is
left spinning."""

import numpy as np
import pytest

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
    assert "gradcli left it running" in message


def test_tensorflow_over_a_range_is_bounded_too(names, monkeypatch):
    path = names["__file__"]
    message = range_stopped(monkeypatch, tf_bridge, tf_bridge.capture(names["compiled"], f"{path}:compiled"))
    assert message.startswith(
        f"TensorFlow's own run of {path}:compiled (tf.vectorized_map of its value and gradient over 3 points, defined "
        f"at {path}:5) was still running after 0.2 seconds"), message


def test_tensorflow_s_numbers_in_time_are_its_own(names):
    assert_twice_sine_in_time(tf_bridge.capture(names["smooth"], "smooth"))
