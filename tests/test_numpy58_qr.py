"""np.linalg.qr in gradcli.numpy: NumPy's factors to the bit in a float dtype, their gradient, and Householder's
factors with NumPy's signs on the exact reference's numbers."""

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.autodiff.ops_qr import _stacked_householder
from opcheck import check_grads

RNG = np.random.default_rng(58)
TALL = RNG.normal(size=(4, 3))
SQUARE = np.array([[2.0, 1.0], [0.5, 3.0]])
WEIGHTS_Q, WEIGHTS_R = RNG.normal(size=(4, 3)), RNG.normal(size=(3, 3))


@pytest.mark.bitlevel
@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_numpys_factors(dtype):
    for a in (TALL.astype(dtype), SQUARE.astype(dtype), RNG.normal(size=(2, 3, 3)).astype(dtype)):
        for mode in ("reduced", "complete"):
            (q, r), (want_q, want_r) = gnp.linalg.qr(a, mode), np.linalg.qr(a, mode)
            assert np.array_equal(q, want_q) and np.array_equal(r, want_r) and q.dtype == dtype
        assert np.array_equal(gnp.linalg.qr(a, "r"), np.linalg.qr(a, "r"))


def test_the_gradient_is_the_factors_derivative():
    """Both factors' slopes through the rule, and a gradient of the gradient (the rule is made of recorded ops)."""
    check_grads(lambda a: gnp.sum(gnp.linalg.qr(a)[0] * WEIGHTS_Q) + gnp.sum(gnp.linalg.qr(a)[1] * WEIGHTS_R), TALL)
    check_grads(lambda a: gnp.sum(gnp.linalg.qr(a, "r") ** 2), TALL, order=2)


def test_householder_on_exact_numbers_has_numpys_signs():
    """LAPACK sends each column to -sign(pivot)|column| and leaves one already in place: the exact factors are NumPy's
    (to rounding) whatever the pivots' signs, a stack included."""
    stack = np.stack([TALL, -TALL, np.triu(TALL)])
    q, r = _stacked_householder(stack)
    want_q, want_r = np.linalg.qr(stack, "complete")
    np.testing.assert_allclose(np.asarray(q, dtype=float), want_q, rtol=0, atol=1e-14)
    np.testing.assert_allclose(np.asarray(r, dtype=float), want_r, rtol=0, atol=1e-14)


@pytest.mark.parametrize("a", [SQUARE, np.array([[-2.0, 1.0], [0.0, 3.0]])])
def test_log_abs_det_by_r_is_checked_against_the_exact_gradient(a):
    """sum log|diag R| is log|det A| (its gradient A^-T), at a column LAPACK leaves in place too (a[1, 0] = 0 under a
    negative pivot: R's signs jump there, |R_00| does not)."""
    def log_volume(a):
        return gnp.sum(gnp.log(gnp.abs(gnp.diagonal(gnp.linalg.qr(a)[1]))))

    result = gradcli.check(log_volume, {"a": a}, dtypes=["float64"]).results[0]
    want = np.linalg.inv(a).T
    assert result.status == "ok"
    np.testing.assert_allclose(np.asarray(result.exact_gradient["a"], dtype=float), want, rtol=1e-13, atol=1e-14)


def test_a_wide_matrix_gradient_is_refused_with_why():
    with pytest.raises(NotImplementedError, match="at least as tall as wide"):
        gradcli.grad(lambda a: gnp.sum(gnp.linalg.qr(a)[1]))(TALL.T)
    with pytest.raises(ValueError, match="mode"):
        gnp.linalg.qr(TALL, "raw")
