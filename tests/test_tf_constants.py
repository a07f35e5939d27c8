"""A traced graph's constants, made eager tensors for its rerun, are the tensors ``tf.constant`` makes: dtype, shape and bits.

The rerun of a traced gradient graph (`tf_graph.Rerun`) gives TensorFlow's
own numbers only if each constant of the graph enters it as TensorFlow would
make it; the bridge makes a number by TensorFlow's quick door for numbers
(`tf_eager.as_tensor`) and anything else by ``tf.constant``. These tests hold
that to ``tf.constant`` on the values where a quick path could slip: signed
zeros (whichever zero TensorFlow made first), subnormals, NaN and infinities,
float16, integers, booleans, arrays; and hold a rerun of a graph with tiny and
inexact constants to the eager call's bits.
"""

import numpy as np
import pytest
import tensorflow as tf

from gradcli.capture.tf_bridge import TensorFlowFunction
from gradcli.capture.tf_eager import as_tensor

VALUES = [
    (0.0, np.float64), (-0.0, np.float64), (-0.0, np.float32), (1.0, np.float32), (0.1, np.float64), (0.1, np.float32),
    (5e-324, np.float64), (1e-40, np.float32), (np.nan, np.float64), (np.inf, np.float32), (-np.inf, np.float64),
    (65504.0, np.float16), (-0.0, np.float16), (3, np.int32), (-7, np.int64), (True, np.bool_), ([1.5, -0.0], np.float64),
]


def _bits(tensor):
    array = np.asarray(tensor.numpy())
    return array.dtype, array.shape, array.tobytes()


@pytest.mark.parametrize("value, dtype", VALUES, ids=[f"{v}-{np.dtype(d).name}" for v, d in VALUES])
def test_a_graph_constant_enters_the_rerun_as_tf_constant_makes_it(value, dtype):
    proto = tf.make_tensor_proto(np.asarray(value, dtype=dtype))
    array = tf.make_ndarray(proto)
    made = as_tensor(tf, array)
    assert made.dtype == tf.as_dtype(dtype)
    assert _bits(made) == _bits(tf.constant(array))


@pytest.mark.parametrize("first, then", [(-0.0, 0.0), (0.0, -0.0)])
@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_a_zero_keeps_its_sign_whichever_zero_tensorflow_made_first(first, then, dtype):
    tf.constant(first, dtype=tf.as_dtype(dtype))  # TensorFlow keeps the numbers it converts, 0.0 and -0.0 as one
    made = as_tensor(tf, dtype(then))
    assert np.signbit(made.numpy()) == np.signbit(then)


def test_a_rerun_of_a_graph_with_tiny_and_inexact_constants_gives_the_eager_calls_bits():
    def fun(x):
        return tf.reduce_sum(tf.math.log1p(x * x) * 0.1 + x * 1e-300 - 2.5e-308 * tf.exp(x))

    x = np.array([-2.0, 0.0, 3.5])
    function = TensorFlowFunction(fun, "fun")
    value, (grad,) = function.own((x,), np.ones(()))
    assert function._rerun_at([x], list, None) is not None  # the rerun, not an eager call, gave those numbers

    tensor = tf.constant(x)
    with tf.GradientTape() as tape:
        tape.watch(tensor)
        y = fun(tensor)
    want = tape.gradient(y, tensor)
    assert np.asarray(value).tobytes() == y.numpy().tobytes()
    assert np.asarray(grad).tobytes() == want.numpy().tobytes()
