"""TensorFlow's general eigen-decomposition and QR replayed: ``tf.linalg.eig`` / ``eigvals`` (op ``Eig``, complex
answers for a real matrix) and ``tf.linalg.qr`` (op ``Qr``, thin and full), each loss real, checked in float32 and
float64 against TensorFlow's own float64 numbers and against closed forms.

TensorFlow's kernel orders the eigenvalues its own way (no sort, nor LAPACK's order) and picks each eigenvector's
phase: the replay takes both from the kernel's answer on the matrix's floats, so a loss reading one eigenvalue by its
place has TensorFlow's value. Eig's gradient casts a complex tensor to a real one, which keeps the real part.
"""

import math

import numpy as np
import pytest

import gradcli

from eig58_checks import REAL, ROTATING, assert_ok_and_as_the_framework, assert_the_radius_of_the_pair

tf = pytest.importorskip("tensorflow")

MIXED = np.array([[0.1, 2.0, 0.3], [-1.5, -1.0, 0.2], [0.7, 0.3, 0.9]])  # a complex pair and a real eigenvalue


def spectral_radius(a):
    return tf.reduce_max(tf.abs(tf.linalg.eigvals(a)))


def by_place(a):
    """Reads eigenvalues by their place in TensorFlow's order, and the moduli of the eigenvectors' first entries."""
    e, v = tf.linalg.eig(a)
    return tf.math.real(e[0]) * 3.0 + tf.math.imag(e[1]) + tf.reduce_sum(tf.abs(v[0]) * tf.range(1.0, 1.0 + a.shape[0], dtype=a.dtype))


def thin_qr(a):
    q, r = tf.linalg.qr(a)
    return tf.reduce_sum(q * q[:, :1]) + tf.reduce_sum(r ** 2 * tf.linalg.band_part(r, 0, 1))


def full_qr(a):
    q, r = tf.linalg.qr(a, full_matrices=True)
    return tf.reduce_sum(q * q[:, :1]) + tf.reduce_sum(r ** 3) + q[1, -1]


def _tensorflows_own(function, matrix):
    a = tf.Variable(matrix)
    with tf.GradientTape() as tape:
        value = function(a)
    return float(value), tape.gradient(value, a).numpy()


def _checked_as_tensorflow(function, matrix, dtypes=("float32", "float64")):
    # (a 3x3 eig at high precision is a few seconds of CPU: a loaded machine's wall clock may need more than 30 s)
    report = gradcli.check(function, [{"a": np.array(matrix)}], dtypes=dtypes, fixes=False, max_time=math.inf)
    return assert_ok_and_as_the_framework(report, *_tensorflows_own(function, np.array(matrix)))


def test_the_spectral_radius_of_a_complex_pair_is_exact():
    assert_the_radius_of_the_pair(_checked_as_tensorflow(spectral_radius, ROTATING))


@pytest.mark.parametrize("matrix", [ROTATING, REAL], ids=["complex-pair", "real"])
def test_a_loss_reading_eigenvalues_by_place_has_tensorflows_order(matrix):
    result = _checked_as_tensorflow(by_place, matrix, dtypes=("float64",))
    # Eig's gradient casts the real part of V^H gV back to complex: on exact numbers no float64 there
    assert not [note for note in result.notes if "loses its digits" in str(note)], result.notes


def test_the_eig_op_gives_tensorflows_outputs():
    from gradcli.capture.tf_ops import OPS

    eig = OPS["Eig"][0]
    real = np.array(REAL)
    e, v = eig([MIXED], {"compute_v": True})
    tf_e, tf_v = (t.numpy() for t in tf.linalg.eig(MIXED))
    assert np.iscomplexobj(e) and np.iscomplexobj(v)
    np.testing.assert_allclose(e, tf_e, rtol=1e-14)
    np.testing.assert_allclose(v, tf_v, atol=1e-14)
    e, v = eig([real], {"compute_v": False})
    assert np.iscomplexobj(e) and np.size(v) == 0  # complex even where every eigenvalue is real, as TensorFlow's
    np.testing.assert_allclose(e, tf.linalg.eigvals(real).numpy(), rtol=1e-14)


@pytest.mark.parametrize("function, matrix, dtypes", [
    (thin_qr, np.array([[1.0, 2.0], [-3.0, 1.0], [0.5, 2.0]]), ("float64",)),
    (full_qr, np.array([[1.0, 2.0, 0.3], [-3.0, 1.0, 2.0], [0.2, 0.7, -1.0]]), ("float64",)),
], ids=["thin-tall", "full-square"])
def test_a_loss_of_qr_has_tensorflows_signs(function, matrix, dtypes):
    _checked_as_tensorflow(function, matrix, dtypes)


def test_the_qr_op_gives_tensorflows_outputs_both_ways():
    from gradcli.capture.tf_ops import OPS

    qr = OPS["Qr"][0]
    tall = np.array([[-1.0, 2.0], [0.5, 3.0], [2.0, -1.0]])
    for full, shapes in ((False, ((3, 2), (2, 2))), (True, ((3, 3), (3, 2)))):
        q, r = qr([tall], {"full_matrices": full})
        tf_q, tf_r = (t.numpy() for t in tf.linalg.qr(tall, full_matrices=full))
        assert (np.shape(q), np.shape(r)) == shapes
        np.testing.assert_allclose(q, tf_q, atol=1e-14)
        np.testing.assert_allclose(r, tf_r, atol=1e-14)
