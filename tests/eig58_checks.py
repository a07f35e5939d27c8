"""The checks shared by tests/test_eig58_torch.py and test_eig58_tf.py: a real loss through a general eig or a QR."""

import numpy as np

ROTATING = [[1.0, 2.0], [-3.0, 1.0]]  # eigenvalues 1 +- i sqrt(6): a complex-conjugate pair
# Three real eigenvalues, which TensorFlow gives in the order 0.79, -1.54, -0.36 (LAPACK's: 0.79, -0.36, -1.54)
REAL = [[0.1, 2.0, 0.3], [0.5, -1.0, 0.2], [0.7, 0.3, 0.9]]


def assert_ok_and_as_the_framework(report, value, gradient):
    """Every dtype's verdict is ok, and the last's (float64's) exact value and gradient are the framework's own
    float64 ``value`` and ``gradient`` (of the one argument ``a``) at a well-conditioned point."""
    for result in report.results:
        assert result.status == "ok", (result.dtype, result.status, result.findings)
    result = report.results[-1]
    np.testing.assert_allclose(float(result.exact_value), value, rtol=1e-12)
    np.testing.assert_allclose(np.asarray(result.exact_gradient["a"], np.float64), gradient, rtol=1e-10, atol=1e-12)
    return result


def assert_the_radius_of_the_pair(result):
    """ROTATING's spectral radius: |lambda|^2 = det a = 7 for the pair, so the radius is sqrt(7) and its slope the
    cofactors over 2 sqrt(7)."""
    np.testing.assert_allclose(float(result.exact_value), np.sqrt(7.0), rtol=1e-15)
    cofactors = np.array([[1.0, 3.0], [-2.0, 1.0]])
    np.testing.assert_allclose(np.asarray(result.exact_gradient["a"], np.float64), cofactors / (2 * np.sqrt(7.0)),
                               rtol=1e-14)
