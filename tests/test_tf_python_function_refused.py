"""A tf.function that calls Python (SciPy through ``tf.numpy_function``) is refused at its line, saying why."""

import pytest

import gradcli
from gradcli.errors import InputError

SOURCE = '''
import scipy.special
import tensorflow as tf


@tf.function
def via_scipy(x):
    y = tf.numpy_function(lambda v: scipy.special.expit(v), [x], tf.float64)
    return tf.reduce_sum(y * x)
'''


def test_a_numpy_function_inside_a_tf_function_is_refused_at_its_line(tmp_path):
    path = tmp_path / "user_scipy.py"
    path.write_text(SOURCE)
    with pytest.raises(InputError) as refused:
        gradcli.check(f"{path}:via_scipy", [{"x": [0.5]}], dtypes=["float64"], fixes=False)
    message = str(refused.value)
    assert f"PyFunc ('PyFunc', at {path}:8)" in message
    assert "tf.numpy_function or tf.py_function" in message and "not one gradcli can replay yet" not in message
