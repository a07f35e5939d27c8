"""Eager TensorFlow code that reads a number out of a tensor (``float(t)``, ``t.numpy()``) and computes on with it:
TensorFlow's tape holds the number constant while the function's values follow it. The exact reference follows the
read, so the gradient is `wrong`, named at the read's line; an array read by ``.numpy()`` and handed to NumPy cannot be
traced and is refused there. Truths: mpmath's derivatives of the same mathematics written here."""

import mpmath
import pytest
from click.testing import CliRunner

import gradcli
from gradcli.cli import cli
from gradcli.errors import InputError

USERS = '''\
import numpy as np
import tensorflow as tf


def float_scale(x):
    s = float(tf.reduce_sum(x))
    return tf.reduce_sum(tf.sin(x)) * s


def numpy_scale(x):
    s = tf.reduce_sum(x * x).numpy()
    return tf.reduce_sum(tf.exp(x)) * s


def declared_stop(x):
    s = tf.stop_gradient(tf.reduce_sum(x))
    return tf.reduce_sum(tf.sin(x)) * s


def numpy_into_numpy(x):
    s = tf.reduce_sum(x).numpy()
    return tf.reduce_sum(tf.sin(x)) * np.sin(s)
'''


def _line(text):
    return next(i for i, line in enumerate(USERS.splitlines(), 1) if text in line)


@pytest.fixture(scope="module")
def users(tmp_path_factory):
    path = tmp_path_factory.mktemp("tfreads63") / "users.py"
    path.write_text(USERS)
    return path


def _check(users, name, x):
    return gradcli.check(f"{users}:{name}", [{"x": x}], dtypes=("float64",), fixes=False).results[0]


def _derivative(f, x):
    with mpmath.workdps(40):
        return float(mpmath.diff(f, mpmath.mpf(x)))


def _close(a, b, rtol):
    return abs(float(a) - b) <= rtol * abs(b)


def test_a_number_read_with_float_is_wrong_at_its_line(users):
    result = _check(users, "float_scale", 1.5)
    truth = _derivative(lambda t: mpmath.sin(t) * t, 1.5)
    assert _close(result.exact_gradient["x"], truth, 1e-13)
    assert _close(result.gradient["x"], float(1.5 * mpmath.cos(1.5)), 1e-14)  # the tape holds s = 1.5
    assert result.status == "wrong"
    finding = result.findings[0]
    assert finding.op == "gradient through float()"
    assert finding.location.endswith(f"users.py:{_line('float(')}")
    assert "tf.stop_gradient" in finding.message and ".detach()" not in finding.message


def test_an_array_read_with_numpy_and_computed_on_by_tensorflow_is_wrong_at_its_line(users):
    result = _check(users, "numpy_scale", 0.7)
    truth = _derivative(lambda t: mpmath.exp(t) * t * t, 0.7)
    assert _close(result.exact_gradient["x"], truth, 1e-13)
    assert _close(result.gradient["x"], float(mpmath.exp(0.7) * 0.49), 1e-14)  # the tape holds s = 0.49
    assert result.status == "wrong"
    finding = result.findings[0]
    assert finding.op == "gradient through .numpy()"
    assert finding.location.endswith(f"users.py:{_line('.numpy()')}")
    assert "as a NumPy array" in finding.message


def test_a_declared_stop_is_the_function_checked(users):
    result = _check(users, "declared_stop", 1.5)
    truth = float(1.5 * mpmath.cos(1.5))  # s held constant, as the code says
    assert _close(result.exact_gradient["x"], truth, 1e-13)
    assert result.status == "ok"


def test_an_array_handed_to_numpy_is_refused_at_the_read(users):
    line = _line("np.sin(s)") - 1  # the .numpy() on the line before
    with pytest.raises(InputError, match=rf"users\.py:{line}: \.numpy\(\) reads .* TensorFlow's operations"):
        _check(users, "numpy_into_numpy", 1.5)
    result = CliRunner().invoke(cli, ["check", f"{users}:numpy_into_numpy", "--at", "x=1.5", "--no-fix"])
    assert result.exit_code == 2 and "Traceback" not in result.output
