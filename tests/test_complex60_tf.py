"""TensorFlow's complex tensors through the replay's array builders, adjoints and norms, and TensorFlow's own rules that
lack a conjugate on complex tensors.

A real loss of complex intermediates (|z|^2, real(z conj(z)), abs) is what a
user writes. Each op that builds a new array and writes its input into it (a
pad, a mirror pad, a segment sum, a stitch, a scatter) keeps the gradient on the
tape, on complex numbers as on real ones; an adjoint conjugates; a complex
norm and squared difference read |x|^2. Where TensorFlow's own rule is right the
exact gradient is TensorFlow's; where its rule lacks a conjugate (Cumprod,
SegmentProd) gradcli's `wrong` names that rule's line, and its exact gradient is the one central differences of
TensorFlow's own forward give.
"""

import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")

import numpy as np
import pytest
import tensorflow as tf

import gradcli
from gradcli.capture.tf_ops import OPS
from gradcli.errors import InputError

from complex57_checks import assert_float64_ok_as_the_framework, tensorflows_own

X = [1.0, 2.0, -1.0, 0.5, 0.3, -0.7, 1.5, 0.25]


def power(y):
    """A real loss of a complex tensor: its |y|^2 summed, as real(y conj(y))."""
    y = tf.reshape(y, [-1])
    return tf.math.real(tf.reduce_sum(y * tf.math.conj(y)))


def built_arrays(x):
    """Complex arrays built around their inputs (PadV2, MirrorPad, UnsortedSegmentSum, DynamicStitch), conjugate
    transposes (BatchMatMulV2 adj_x, MatrixSolve with adjoint), a weighted magnitude, and a real cross product (each
    builder of TensorFlow's table keeps the gradient on its own: test_complex60_builders)."""
    z = tf.complex(x[0:4], x[4:8])
    m = tf.reshape(z, (2, 2))
    pads = [tf.pad(z, [[1, 2]], constant_values=2), tf.pad(z, [[2, 1]], mode="SYMMETRIC")]
    summed = tf.math.unsorted_segment_sum(z, [1, 0, 1, -1], 2)
    stitched = tf.dynamic_stitch([[0, 2], [1, 3]], [z[:2], z[2:]])
    adjoints = [tf.linalg.matmul(m[None], m[None], adjoint_a=True), tf.linalg.solve(m, m[:, :1] + 1, adjoint=True)]
    crossed = tf.linalg.cross(x[:3], x[3:6])
    magnitudes = tf.reduce_sum(tf.abs(pads[1]) * tf.range(1.0, 8.0, dtype=x.dtype))
    return sum(power(y) for y in pads + [summed, stitched] + adjoints) + tf.reduce_sum(crossed * crossed) + magnitudes


def test_arrays_built_around_complex_tensors_keep_their_gradient():
    (result,) = gradcli.check(built_arrays, [{"x": X}], dtypes=("float64",), fixes=False, framework="tensorflow").results
    assert_float64_ok_as_the_framework(result, *tensorflows_own(tf, built_arrays, {"x": X}))


def _differences(function, point, step=1e-6):
    """Central differences of TensorFlow's own float64 forward: the truth where TensorFlow's rule is off."""
    point = np.asarray(point, dtype=np.float64)
    columns = []
    for i in range(point.size):
        e = np.zeros(point.size)
        e[i] = step
        columns.append((float(function(tf.constant(point + e))) - float(function(tf.constant(point - e)))) / (2 * step))
    return np.array(columns)


def cumulative_product(x):
    z = tf.complex(x[0:2], x[2:4])
    c = tf.math.cumprod(z)  # TensorFlow's rule for it lacks a conjugate
    return tf.math.real(tf.reduce_sum(c * tf.math.conj(c)))


def segment_product(x):
    z = tf.complex(x[0:4], x[4:8])
    c = tf.math.segment_prod(z, [0, 0, 1, 1])  # TensorFlow's rule for it lacks a conjugate
    return tf.math.real(tf.reduce_sum(c * tf.math.conj(c)))


@pytest.mark.parametrize("function, point", [(cumulative_product, X[:4]), (segment_product, X)],
                         ids=["cumprod", "segment_prod"])
def test_tensorflows_product_rules_lack_a_conjugate_and_are_named_at_their_line(function, point):
    (result,) = gradcli.check(function, [{"x": point}], dtypes=("float64",), fixes=False, framework="tensorflow").results
    truth = _differences(function, point)
    _, own = tensorflows_own(tf, function, {"x": point})
    assert not np.allclose(own["x"], truth, rtol=1e-4)  # TensorFlow's gradient is off: its rule, not gradcli
    assert [float(g) for g in result.exact_gradient["x"]] == pytest.approx(truth, rel=1e-6, abs=1e-6)
    assert result.status.value == "wrong"
    finding = next(f for f in result.findings if f.kind == "wrong-rule")
    line = next(i for i, text in enumerate(open(__file__), 1)
                if f"def {function.__name__}" in text) + 2
    assert finding.location.endswith(f"{os.path.basename(__file__)}:{line}"), finding.location
    assert "built-in rule is off" in finding.message and "gradient it passes on is not" in finding.message


def norms(x):
    """A complex tensor's Euclidean norm (EuclideanNorm, complex in TensorFlow) and squared difference
    (SquaredDifference: conj(x - y)(x - y)), whose values are |.|^2's."""
    z = tf.complex(x[0:4], x[4:8])
    return power(tf.math.reduce_euclidean_norm(z)) + power(tf.math.squared_difference(z, z[::-1]))


def test_a_complex_norm_and_squared_difference_read_the_modulus():
    (result,) = gradcli.check(norms, [{"x": X}], dtypes=("float64",), fixes=False, framework="tensorflow").results
    assert_float64_ok_as_the_framework(result, *tensorflows_own(tf, norms, {"x": X}))


def test_a_complex_op_without_a_replay_says_the_table_lacks_it():
    def solved_in_bands(x):
        bands = tf.complex(tf.constant([[1.0, 1.0], [2.0, 3.0]], x.dtype), tf.zeros((2, 2), x.dtype))
        return tf.reduce_sum(tf.math.real(tf.linalg.banded_triangular_solve(bands, tf.complex(x[0:2], x[2:4])[:, None])))

    with pytest.raises(InputError) as refused:
        gradcli.check(solved_in_bands, [{"x": X[:4]}], dtypes=("float64",), fixes=False, framework="tensorflow")
    message = str(refused.value)
    assert "BandedTriangularSolve" in message and f"not among the {len(OPS)} TensorFlow operations" in message
    assert "only for" not in message and "write it with real tensors" in message
