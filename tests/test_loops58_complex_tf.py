"""TensorFlow's ops on complex tensors in gradcli's replay, beyond the FFTs (test_complex57_tf.py): the parts (Real,
Imag, Angle, Conj), arithmetic (Sub, RealDiv, Reciprocal), analytic functions (Log, Sqrt, Pow, Exp, Sin, Cos, Tanh,
Sigmoid, Rsqrt, Log1p, Expm1; the Sqrt, Rsqrt and Reciprocal gradient kernels read the conjugate of their output),
reductions (Sum, Mean), MatMul with and without an adjoint, and SelectV2. Each loss is real; its exact value and
gradient are held to TensorFlow's own float64 ones, and float64 is judged ok. A comparison of complex numbers, which
TensorFlow refuses at every point, is an input error quoting TensorFlow at the user's line."""

import inspect
import re

import pytest

import gradcli
from gradcli.errors import InputError

from complex57_checks import assert_float64_ok_as_the_framework, tensorflows_own

tf = pytest.importorskip("tensorflow")

POINT = {"a": [0.7, -0.4], "b": [0.5, 1.1]}


def _real(x, like):
    return tf.complex(tf.constant(x, like.dtype), tf.constant(0.0, like.dtype))


def parts(a, b):
    z, w = tf.complex(a, b), tf.complex(b, a)
    mixed = tf.math.real(z * w) * 2.0 + tf.math.imag(z * w) ** 2 + tf.math.angle(z * w) + tf.math.real(tf.math.conj(z) * w)
    quotients = tf.math.real(z / w) + tf.math.imag(tf.math.reciprocal(z)) + tf.abs(z - w - _real(1.5, a))
    return tf.reduce_sum(mixed + quotients + tf.math.imag(tf.where(a > 0, z, z * z)))


def analytic(a, b):
    z, w = tf.complex(a, b), tf.complex(b, a)
    powers = tf.math.real(z ** 2) + tf.math.imag(z ** 3) + tf.math.real(tf.pow(z, w))
    roots = tf.math.imag(tf.math.log(z)) + tf.math.real(tf.sqrt(z)) + 2.0 * tf.math.imag(tf.sqrt(z)) + tf.math.imag(tf.math.rsqrt(z))
    half = z * _real(0.5, a)
    waves = tf.math.real(tf.sin(half)) + tf.math.imag(tf.cos(half)) + tf.math.real(tf.tanh(half)) + tf.math.imag(tf.sigmoid(half))
    near_zero = tf.math.real(tf.math.log1p(z)) + tf.math.imag(tf.math.expm1(z * _real(0.1, a))) + tf.math.real(tf.exp(z))
    return tf.reduce_sum(powers + roots + waves + near_zero)


def reduced(a, b):
    z, w = tf.complex(a, b), tf.complex(b, a)
    outer = tf.matmul(tf.reshape(z, (2, 1)), tf.reshape(w, (1, 2)))
    inner = tf.linalg.matmul(tf.reshape(z, (1, 2)), tf.reshape(w, (1, 2)), adjoint_b=True)
    return tf.math.real(tf.reduce_sum(z * w)) + tf.math.imag(tf.reduce_mean(z * w)) + tf.reduce_sum(tf.math.real(outer)) \
        + tf.reduce_sum(tf.math.imag(inner))


@pytest.mark.parametrize("function", [parts, analytic, reduced])
def test_a_real_loss_through_complex_ops_is_replayed_as_tensorflow_computes_it(function):
    (result,) = gradcli.check(function, [POINT], dtypes=("float64",), fixes=False, framework="tensorflow").results
    assert_float64_ok_as_the_framework(result, *tensorflows_own(tf, function, POINT))


def compared(a, b):
    return tf.reduce_sum(tf.where(tf.math.greater(tf.complex(a, b), 0), a, b))


def test_an_op_that_needs_real_numbers_on_a_complex_tensor_is_an_input_error_at_the_users_line():
    line = inspect.getsourcelines(compared)[1] + 1
    with pytest.raises(InputError, match=rf"compared at {re.escape(__file__)}:{line} \(return .*\) hands a complex tensor "
                                         r"to an op that needs real numbers \(TypeError: Value passed to parameter 'x' "
                                         r"has DataType complex128 not in list of allowed values"):
        gradcli.check(compared, [POINT], dtypes=("float64",), fixes=False, framework="tensorflow")
