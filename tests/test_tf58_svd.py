"""TensorFlow's singular value decomposition replayed: ``tf.linalg.svd`` with and without its vectors, thin and full,
the nuclear norm it makes and ``tf.linalg.norm(ord=2)`` of a matrix, each checked in float32 and float64.

TensorFlow's ``Svd`` op gives ``(s, u, v)``, v itself where NumPy's gives
its adjoint, and each pair of singular vectors with the sign its own kernel
picks: the replay turns each pair to that sign, so a loss that reads u or v
has TensorFlow's value. The matrix 2-norm's graph finds its axes with a
``tf.where`` of a condition alone inside a ``map_fn`` loop.
"""

import mpmath
import numpy as np
import pytest

import gradcli

tf = pytest.importorskip("tensorflow")

MATRIX = np.array([[1.0, 2.0, 0.0], [0.5, 3.0, 1.0]])
TALL = np.array([[1.0, 2.0], [0.5, 3.0], [2.0, -1.0]])
ROW = np.array([[-1.5, 2.0]])


def nuclear(a):
    return tf.reduce_sum(tf.linalg.svd(a, compute_uv=False))


def spectral(a):
    return tf.linalg.norm(a, ord=2, axis=[-2, -1])


def reads_thin_vectors(a):
    s, u, v = tf.linalg.svd(a)
    return tf.reduce_sum(tf.matmul(u * s, v, adjoint_b=True) ** 2) + tf.reduce_sum(u[:, 1]) + tf.reduce_sum(v[:, 0])


def reads_full_vectors(a):
    s, u, v = tf.linalg.svd(a, full_matrices=True)
    return tf.reduce_sum(s * s) + u[0, 0] * v[0, 0] + v[1, 0]  # v's added column unread


def _oracle_svd(matrix):
    """U, s, V of ``matrix`` by mpmath at 40 digits: gradcli's own svd is not asked."""
    with mpmath.workdps(40):
        u, s, vh = mpmath.svd_r(mpmath.matrix(matrix.tolist()))
        return (np.array(u.tolist(), dtype=object), np.array(s.tolist(), dtype=object).ravel(),
                np.array(vh.T.tolist(), dtype=object))


def _norm_truths(matrix):
    """(nuclear norm, its gradient U V^T, 2-norm, its gradient u_1 v_1^T) as float64."""
    u, s, v = _oracle_svd(matrix)
    k = len(s)
    nuclear_slope = u[:, :k].dot(v[:, :k].T)
    spectral_slope = np.outer(u[:, 0], v[:, 0])
    as_floats = np.vectorize(float, otypes=[np.float64])
    return float(sum(s)), as_floats(nuclear_slope), float(max(s)), as_floats(spectral_slope)


def _checked(function, matrix, dtypes=("float32", "float64")):
    report = gradcli.check(function, [{"a": matrix}], dtypes=dtypes, fixes=False)
    for result in report.results:
        assert result.status == "ok", (function.__name__, result.dtype, result.status, result.findings)
    return report.results[-1]


@pytest.mark.parametrize("function, value_of, slope_of, matrix", [(nuclear, 0, 1, MATRIX), (spectral, 2, 3, TALL)])
def test_the_norms_made_of_singular_values_are_exact(function, value_of, slope_of, matrix):
    result = _checked(function, matrix)
    truths = _norm_truths(matrix)
    np.testing.assert_allclose(float(result.exact_value), truths[value_of], rtol=1e-14)
    np.testing.assert_allclose(np.asarray(result.exact_gradient["a"], np.float64), truths[slope_of], rtol=1e-12)


def _tensorflows_own(function, matrix):
    a = tf.constant(matrix)
    with tf.GradientTape() as tape:
        tape.watch(a)
        value = function(a)
    return float(value), tape.gradient(value, a).numpy()


@pytest.mark.parametrize("function, matrix, dtypes", [
    (reads_full_vectors, ROW, ("float64",)), (reads_thin_vectors, TALL, ("float32", "float64")),
])
def test_a_loss_reading_the_singular_vectors_has_tensorflows_signs(function, matrix, dtypes):
    # u and v are each a sign away from NumPy's: TensorFlow's own float64 numbers are the truth to rounding
    report = gradcli.check(function, [{"a": matrix}], dtypes=dtypes, fixes=False)
    for result in report.results:
        assert result.status == "ok", (result.dtype, result.status, result.findings)
        # Svd's gradient sets a diagonal (MatrixSetDiagV3): its identity in the dtype, as TensorFlow's, not float64
        assert not [note for note in result.notes if "float64" in str(note)], result.notes
    value, gradient = _tensorflows_own(function, matrix)
    np.testing.assert_allclose(float(report.results[-1].exact_value), value, rtol=1e-12)
    np.testing.assert_allclose(np.asarray(report.results[-1].exact_gradient["a"], np.float64), gradient, rtol=1e-10,
                               atol=1e-12)


def test_the_op_gives_tensorflows_outputs_for_each_attribute():
    from gradcli.capture.tf_ops import OPS

    svd = OPS["Svd"][0]
    s, u, v = svd([MATRIX], {"compute_uv": True, "full_matrices": True})
    tf_s, tf_u, tf_v = (t.numpy() for t in tf.linalg.svd(MATRIX, full_matrices=True))
    assert (np.shape(u), np.shape(v)) == ((2, 2), (3, 3))
    np.testing.assert_allclose(s, tf_s, rtol=1e-14)
    # the thin columns as TensorFlow's, signs included; v's added column up to its sign (any unit normal of the rows)
    np.testing.assert_allclose(u, tf_u, atol=1e-14)
    np.testing.assert_allclose(v[:, :2], tf_v[:, :2], atol=1e-14)
    np.testing.assert_allclose(abs(v[:, 2]), abs(tf_v[:, 2]), atol=1e-14)
    s, u, v = svd([MATRIX], {"compute_uv": False, "full_matrices": False})
    assert np.size(u) == np.size(v) == 0
    np.testing.assert_allclose(s, tf_s, rtol=1e-14)
