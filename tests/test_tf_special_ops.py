"""TensorFlow's incomplete beta, incomplete gamma in its shape and matrix square root, checked as users write them.

`tf.math.betainc` (differentiated in x, as TensorFlow differentiates it),
`tf.math.igamma`/`igammac` differentiated in a (TensorFlow's backward is its
own `IgammaGradA` op) and `tf.linalg.sqrtm` (`MatrixSquareRoot`) replay to
TensorFlow's own value and gradient in float64, are judged `ok` in float32 and
float64, and their exact gradients meet mpmath's: the beta density in closed
form for betainc (x near 1 among the points), mpmath.diff of the regularised
incomplete gamma in a (a tiny a among the points), mpmath.diff of mpmath's
principal square root entry by entry for sqrtm (a matrix that is not symmetric).
"""

import math
import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")

import mpmath
import numpy as np
import pytest
import tensorflow as tf

import gradcli
from gradcli.capture.tf_bridge import capture
from bridge_checks import assert_replays_as_the_framework_computes

BETA_A, BETA_B = 2.5, 0.5
BETA_X = np.array([0.3, 0.999])
GAMMA_X = [2.0, 0.5, 0.3]
GAMMA_A = np.array([3.0, 0.7, 1e-3])
WEIGHTS = [[1.0, -2.0], [0.5, 3.0]]
MATRIX = np.array([[2.0, 0.5], [0.3, 1.0]])


def beta_cdf(x):
    return tf.reduce_sum(tf.math.betainc(tf.constant(BETA_A, x.dtype), tf.constant(BETA_B, x.dtype), x))


def gamma_cdf_in_shape(a):
    return tf.reduce_sum(tf.math.igamma(a, tf.constant(GAMMA_X, dtype=a.dtype)))


def gamma_survival_in_shape(a):
    return tf.reduce_sum(tf.math.igammac(a, tf.constant(GAMMA_X, dtype=a.dtype)))


def weighted_root(a):
    return tf.reduce_sum(tf.constant(WEIGHTS, a.dtype) * tf.linalg.sqrtm(a))


def _beta_density(x):
    a, b = mpmath.mpf(BETA_A), mpmath.mpf(BETA_B)
    return [x ** (a - 1) * (1 - x) ** (b - 1) / mpmath.beta(a, b) for x in map(mpmath.mpf, x)]


def _gamma_shape_derivative(sign):
    def derivative(a):
        return [sign * mpmath.diff(lambda s: mpmath.gammainc(s, 0, x, regularized=True), mpmath.mpf(ai)) for ai, x in zip(a, GAMMA_X)]

    return derivative


def _root_derivative(m):
    def weighted(*entries):
        root = mpmath.sqrtm(mpmath.matrix([[entries[0], entries[1]], [entries[2], entries[3]]]))
        return sum(WEIGHTS[i][j] * root[i, j] for i in range(2) for j in range(2))

    point = [mpmath.mpf(v) for v in np.ravel(m)]
    orders = [tuple(int(i == k) for i in range(4)) for k in range(4)]
    return np.reshape([mpmath.diff(weighted, point, order) for order in orders], (2, 2))


CASES = {
    "Betainc in x": (beta_cdf, BETA_X, _beta_density),
    "IgammaGradA (igamma in a)": (gamma_cdf_in_shape, GAMMA_A, _gamma_shape_derivative(1)),
    "IgammaGradA (igammac in a)": (gamma_survival_in_shape, GAMMA_A, _gamma_shape_derivative(-1)),
    "MatrixSquareRoot": (weighted_root, MATRIX, _root_derivative),
}


def _tensorflow_gradient(fun, x):
    tensor = tf.constant(x, dtype=tf.float64)
    with tf.GradientTape() as tape:
        tape.watch(tensor)
        y = fun(tensor)
    return tape.gradient(y, tensor).numpy()


@pytest.mark.parametrize("name", CASES)
def test_the_op_replays_as_tensorflow_computes_it_in_float64(name):
    fun, x, _ = CASES[name]
    assert_replays_as_the_framework_computes(capture, fun, (x,), name)


@pytest.mark.parametrize("name", CASES)
def test_the_users_function_is_ok_and_its_exact_gradient_is_mpmaths(name):
    fun, x, truth = CASES[name]
    report = gradcli.check(fun, [x], dtypes=("float32", "float64"), framework="tensorflow")
    assert [r.status.value for r in report.results] == ["ok", "ok"], [r.findings for r in report.results]
    [exact] = report.results[1].exact_gradient.values()
    exact = np.asarray(exact, dtype=np.float64)
    with mpmath.workdps(30):
        expected = np.asarray(truth(x), dtype=np.float64)
    np.testing.assert_allclose(exact, expected, rtol=1e-12)
    np.testing.assert_allclose(exact, _tensorflow_gradient(fun, x), rtol=1e-9)


def test_betainc_in_its_shape_is_wrong_where_tensorflow_gives_no_gradient():
    def beta_cdf_in_shape(a):
        return tf.reduce_sum(tf.math.betainc(a, tf.constant(BETA_B, a.dtype), tf.constant(0.3, a.dtype)))

    # The exact d/da is mpmath's betainc differentiated, seconds of CPU: a loaded machine's wall clock is no part of the verdict.
    (result,) = gradcli.check(beta_cdf_in_shape, [np.array([BETA_A])], dtypes=("float64",), framework="tensorflow",
                              max_time=math.inf).results
    assert result.status.value == "wrong", result.findings
    np.testing.assert_allclose(np.asarray(result.gradient["a"], dtype=np.float64), [0.0])
    with mpmath.workdps(30):
        expected = float(mpmath.diff(lambda s: mpmath.betainc(s, BETA_B, 0, mpmath.mpf(0.3), regularized=True), BETA_A))
    np.testing.assert_allclose(np.asarray(result.exact_gradient["a"], dtype=np.float64), [expected], rtol=1e-10)
    # named at the user's call, as TensorFlow's gradient of Betainc that gives none for a
    (finding,) = [f for f in result.findings if f.kind == "wrong-rule"]
    assert finding.location.endswith(f"test_tf_special_ops.py:{beta_cdf_in_shape.__code__.co_firstlineno + 1}"), finding
    assert "Betainc" in finding.op and "none for its a" in finding.op
