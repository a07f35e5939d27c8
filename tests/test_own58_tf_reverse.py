"""``tf.reverse`` (TensorFlow's ReverseV2, which is its own gradient) replayed at high precision: along one axis, along
several with a negative one, and on a complex tensor; the exact gradient is the mathematics' own."""

import numpy as np
import pytest

import gradcli
from own_calls_held import users_functions

tf = pytest.importorskip("tensorflow")

SOURCE = '''
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
def names(tmp_path_factory):
    return users_functions(tmp_path_factory.mktemp("own58"), SOURCE, "own58_reverse.py")


@pytest.mark.parametrize("name, x, gradient", CASES)
def test_tf_reverse_and_its_gradient_are_replayed_exactly(names, name, x, gradient):
    (result,) = gradcli.check(f"{names['__file__']}:{name}", [{"x": x}], dtypes=("float64",), fixes=False).results
    assert result.status.value == "ok", [f.message for f in result.findings]
    np.testing.assert_allclose(np.asarray(result.exact_gradient["x"], dtype=float), gradient, rtol=1e-13)
