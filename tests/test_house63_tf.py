"""TensorFlow code that reads a tensor as a Python number with ``float(t)`` and computes on with it: TensorFlow's
gradient (its eager run) holds the number constant, while the function's values follow it. The exact reference is the
function's derivative (mpmath's, of the same mathematics written here); the gradient is `wrong`, named at the read's
line."""

import mpmath
import pytest

import gradcli

USERS = '''\
import tensorflow as tf


def float_scale(x):
    s = float(tf.reduce_sum(x))
    return tf.reduce_sum(tf.sin(x)) * s
'''


@pytest.fixture(scope="module")
def checked(tmp_path_factory):
    path = tmp_path_factory.mktemp("house63_tf") / "users.py"
    path.write_text(USERS)
    report = gradcli.check(f"{path}:float_scale", [{"x": 1.5}], dtypes=("float64",), fixes=False)
    return report.results[0]


def _truth(x):
    with mpmath.workdps(40):
        return float(mpmath.diff(lambda t: mpmath.sin(t) * t, mpmath.mpf(x)))


def test_the_exact_gradient_follows_the_number_read_and_tensorflows_does_not(checked):
    assert abs(float(checked.exact_gradient["x"]) - _truth(1.5)) <= 1e-13 * abs(_truth(1.5))
    # TensorFlow's own gradient holds s = 1.5 constant: 1.5 * cos(1.5)
    assert abs(float(checked.gradient["x"]) - 1.5 * float(mpmath.cos(1.5))) <= 1e-14
    assert checked.status != "ok"


def test_a_number_read_with_float_is_wrong_at_its_line(checked):
    assert checked.status == "wrong"
    assert any(f.location and f.location.endswith("users.py:5") and "float" in f.op for f in checked.findings)
