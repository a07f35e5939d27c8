"""scipy.linalg.expm (and expm_frechet) in plain NumPy code: SciPy's numbers in a float dtype, mpmath's exponential
for the exact reference, and a gradient through the block matrix [[A^T, G], [0, A^T]].

Gradients against central differences of mpmath's own expm at 50 digits; values against SciPy's.
"""

import textwrap

import mpmath
import numpy as np
import pytest
import scipy.linalg

import gradcli
import gradcli.numpy as gnp
import gradcli.scipy.linalg as gsl
from gradcli.errors import InputError

A = np.array([[0.3, -1.2, 0.5], [0.8, -0.4, 1.1], [-0.6, 0.2, 0.7]])  # complex eigenvalues, not normal
W = np.array([[1.0, -2.0, 0.5], [0.25, 3.0, -1.0], [2.0, 0.5, -0.75]])


def mp_expm(matrix):
    return mpmath.expm(mpmath.matrix([[mpmath.mpf(v) for v in row] for row in matrix]))


def weighted(matrix, weights):
    return mpmath.fsum(matrix[i, j] * mpmath.mpf(weights[i][j]) for i in range(3) for j in range(3))


def mp_gradient(loss, at):
    """Central differences of ``loss`` (a function of an n x n list of mpf) at 50 digits, step 1e-20."""
    n = len(at)
    with mpmath.workdps(50):
        step = mpmath.mpf("1e-20")
        grad = np.empty((n, n))
        for i in range(n):
            for j in range(n):
                up = [[mpmath.mpf(v) for v in row] for row in at]
                down = [row[:] for row in up]
                up[i][j] += step
                down[i][j] -= step
                grad[i, j] = float((loss(up) - loss(down)) / (2 * step))
    return grad


def test_values_are_scipys_in_each_dtype_and_for_a_stack():
    for dtype in (np.float32, np.float64):
        ours, theirs = gsl.expm(A.astype(dtype)), scipy.linalg.expm(A.astype(dtype))
        assert ours.dtype == theirs.dtype and np.array_equal(ours, theirs)
    stack = np.stack([A, -A, 2 * A])
    assert np.array_equal(gsl.expm(stack), scipy.linalg.expm(stack))


def test_the_gradient_is_the_adjoint_frechet_derivative_against_mpmath():
    grad = gradcli.grad(lambda a: gnp.sum(W * gsl.expm(a)))(A)
    expected = mp_gradient(lambda m: weighted(mp_expm(m), W), A.tolist())
    assert np.allclose(grad, expected, rtol=1e-12, atol=1e-14)


def test_a_stack_differentiates_each_matrix_alone():
    stack = np.stack([A, -0.5 * A])
    grad = gradcli.grad(lambda a: gnp.sum(W * gsl.expm(a)))(stack)
    expected = mp_gradient(lambda m: weighted(mp_expm(m), W), (-0.5 * A).tolist())
    assert np.allclose(grad[1], expected, rtol=1e-12, atol=1e-14)
    assert np.allclose(grad[0], gradcli.grad(lambda a: gnp.sum(W * gsl.expm(a)))(A), rtol=1e-14, atol=0)


def test_forward_mode_is_the_frechet_derivative_against_mpmath():
    direction = np.array([[0.0, 1.0, 0.0], [0.0, 0.0, -2.0], [0.5, 0.0, 0.0]])
    _, tangent = gradcli.jvp(gsl.expm, (A,), (direction,))
    with mpmath.workdps(50):
        exact = mpmath.diff(lambda t: weighted(mpmath.expm(mpmath.matrix(A.tolist()) + t * mpmath.matrix(direction.tolist())),
                                               W), 0)
    assert float(np.sum(W * tangent)) == pytest.approx(float(exact), rel=1e-12)


def test_expm_frechet_is_scipys_and_differentiable_in_its_direction():
    direction = np.array([[0.0, 1.0, 0.0], [0.0, 0.0, -2.0], [0.5, 0.0, 0.0]])
    value, derivative = gsl.expm_frechet(A, direction)
    scipy_value, scipy_derivative = scipy.linalg.expm_frechet(A, direction)
    assert np.array_equal(value, scipy_value) and np.array_equal(derivative, scipy_derivative)  # SciPy's own call
    for part, ours in enumerate(gsl.expm_frechet(A.astype(np.float32), direction.astype(np.float32))):
        theirs = scipy.linalg.expm_frechet(A.astype(np.float32), direction.astype(np.float32))[part]
        assert ours.dtype == theirs.dtype == np.float64 and np.array_equal(ours, theirs)
    assert np.array_equal(gsl.expm_frechet(A, direction, compute_expm=False), derivative)
    # d/dE sum(W * L(A, E)) = L(A^T, W), the derivative being linear in E: each entry by mpmath's own derivative
    grad = gradcli.grad(lambda e: gnp.sum(W * gsl.expm_frechet(A, e, compute_expm=False)))(direction)
    with mpmath.workdps(50):
        for i in range(3):
            for j in range(3):
                unit = mpmath.zeros(3, 3)
                unit[i, j] = 1
                exact = mpmath.diff(lambda t: weighted(mpmath.expm(mpmath.matrix(A.tolist()) + t * unit), W), 0)
                assert grad[i, j] == pytest.approx(float(exact), rel=1e-12)


MODULE = '''\
import numpy as np
import scipy.linalg


def loss(x):
    generator = np.array([[-x, 1.0, 0.0], [0.5, -2.0 * x, x], [0.0, 0.25, -1.0]])
    return scipy.linalg.expm(generator)[0, 2] + np.sum(scipy.linalg.expm(generator * 0.5))


def uses_sinm(x):
    return np.sum(scipy.linalg.sinm(np.eye(2) * x))
'''


def test_a_plain_module_is_checked_against_mpmaths_exponential(tmp_path):
    path = tmp_path / "generator.py"
    path.write_text(MODULE)

    def truth(x):
        g = mpmath.matrix([[-x, 1, 0], [mpmath.mpf("0.5"), -2 * x, x], [0, mpmath.mpf("0.25"), -1]])
        return mpmath.expm(g)[0, 2] + mpmath.fsum(mpmath.expm(g * mpmath.mpf("0.5")))

    (result,) = gradcli.check(f"{path}:loss", [0.8], dtypes=("float64",), fixes=False).results
    assert result.status == "ok", result.error
    with mpmath.workdps(50):
        exact = float(mpmath.diff(truth, mpmath.mpf("0.8")))
        value = float(truth(mpmath.mpf("0.8")))
    assert result.exact_value == pytest.approx(value, rel=1e-14)
    assert result.exact_gradient["x"] == pytest.approx(exact, rel=1e-13)
    assert result.gradient["x"] == pytest.approx(exact, rel=1e-11)


def test_a_matrix_function_gradcli_lacks_is_refused_naming_it_and_its_line(tmp_path):
    path = tmp_path / "generator.py"
    path.write_text(textwrap.dedent(MODULE))
    with pytest.raises(InputError, match=r"line 11: scipy.linalg.sinm is a SciPy function gradcli.scipy does not have"):
        gradcli.check(f"{path}:uses_sinm", [2.0], dtypes=("float64",), fixes=False)


def test_on_balls_and_jets_the_exponential_and_its_derivative_enclose_mpmaths():
    """The exact reference's ball path: flint's proven exponential, and on jets the Frechet derivative along each
    seed, each ball holding mpmath's number at 200 bits."""
    flint = pytest.importorskip("flint")
    from gradcli.autodiff import arb, ops_scipy_linalg

    arb.enable()
    direction = np.array([[0.0, 1.0, 0.0], [0.0, 0.0, -2.0], [0.5, 0.0, 0.0]])
    with mpmath.workprec(400):  # mpmath's exponential is a few units off in its last place: more bits than the balls'
        exact = mpmath.expm(mpmath.matrix(A.tolist()))
        slope = [[mpmath.diff(lambda t: mpmath.expm(mpmath.matrix(A.tolist()) + t * mpmath.matrix(direction.tolist()))[i, j],
                              0) for j in range(3)] for i in range(3)]
    outer = flint.ctx.prec
    flint.ctx.prec = 200
    try:
        balls = np.array([[flint.arb(v) for v in row] for row in A], dtype=object)
        jets = np.array([[arb.Jet(flint.arb(v), np.array([flint.arb(t)], dtype=object)) for v, t in zip(row, trow)]
                         for row, trow in zip(A, direction)], dtype=object)
        exp, along = ops_scipy_linalg.expm_primitive(balls), ops_scipy_linalg.expm_primitive(jets)
        for i in range(3):
            for j in range(3):
                assert exp[i, j].rad() < 1e-50 and exp[i, j].overlaps(flint.arb(mpmath.nstr(exact[i, j], 100)))
                assert along[i, j].v.overlaps(exp[i, j])
                (d,) = along[i, j].d
                assert d.rad() < 1e-50 and abs(float(d.mid()) - float(slope[i][j])) < 1e-14 * (1 + abs(float(slope[i][j])))
    finally:
        flint.ctx.prec = outer
