"""The replay's ops that build a new array around their inputs (pads, scatters, stitches, one-hots, diagonals) keep
the gradient on gradcli's tape, complex inputs as real ones, and the complex forms of adjoints, norms, variances and
rounded quotients differentiate as their values do.

Each entry of TensorFlow's table (`tf_ops.OPS`) and PyTorch's (`torch_ops.OPS`,
`torch_complex.COMPLEX_OPS`) is called as a replay calls it, on a complex tensor
made of the real inputs x, inside a real loss (weighted |y|^2 and imaginary
parts); gradcli's gradient of that loss is held to central differences of the
same entries run on plain arrays. An entry that writes its input's bare numbers
into a new array drops the gradient (a 0 where the differences see the slope).
No framework is imported: the tables are gradcli's own.
"""

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.capture import torch_complex, torch_ops
from gradcli.capture.tf_ops import OPS as TF_OPS

X = np.array([1.0, 2.0, -1.0, 0.5, 0.3, -0.7, 1.5, 0.25])


def tf_op(name, *ins, **attrs):
    return TF_OPS[name][0](list(ins), attrs)


def matrix(z):
    return gnp.reshape(z, (2, 2))


# name -> the array built from z, a complex vector of 4 entries (x[:4] + i x[4:])
TF_BUILDERS = {
    "Pad": lambda z: tf_op("Pad", z, np.array([[1, 1]])),
    "PadV2": lambda z: tf_op("PadV2", z, np.array([[1, 2]]), 2.0),
    "MirrorPad REFLECT": lambda z: tf_op("MirrorPad", z, np.array([[2, 1]]), mode=b"REFLECT"),
    "MirrorPad SYMMETRIC": lambda z: tf_op("MirrorPad", z, np.array([[2, 1]]), mode=b"SYMMETRIC"),
    "MirrorPadGrad": lambda z: tf_op("MirrorPadGrad", gnp.concatenate([z, z[:3] * 2]), np.array([[1, 2]]), mode=b"SYMMETRIC"),
    "UnsortedSegmentSum": lambda z: tf_op("UnsortedSegmentSum", z, np.array([1, 0, 1, -1]), np.array(2)),
    "StridedSliceGrad": lambda z: tf_op("StridedSliceGrad", np.array([6]), np.array([1]), np.array([5]), np.array([1]), z),
    "DynamicStitch": lambda z: tf_op("DynamicStitch", np.array([0, 2]), np.array([1, 2]), z[:2], z[2:]),
    "ScatterNd": lambda z: tf_op("ScatterNd", np.array([[1], [3]]), z[:2], np.array([5])),
    "TensorScatterUpdate": lambda z: tf_op("TensorScatterUpdate", z, np.array([[1]]), z[2:3] * z[0:1]),
    "TensorScatterAdd": lambda z: tf_op("TensorScatterAdd", z, np.array([[1], [1]]), z[2:4]),
    "OneHot": lambda z: tf_op("OneHot", np.array([0, 2]), np.array(3), z[0], z[1], axis=-1),
    "Fill": lambda z: tf_op("Fill", np.array([3]), z[1]),
    "MatrixSetDiagV3": lambda z: tf_op("MatrixSetDiagV3", matrix(z), z[2:4] * 2, np.array(0)),
    "MatrixDiagV3": lambda z: tf_op("MatrixDiagV3", z[:2]),
    "SegmentSum": lambda z: tf_op("SegmentSum", z, np.array([0, 0, 1, 1])),
    "ZerosLike": lambda z: tf_op("ZerosLike", z) + z,
    "EuclideanNorm": lambda z: tf_op("EuclideanNorm", z, np.array([0])),
    "SquaredDifference": lambda z: tf_op("SquaredDifference", z, z[::-1]),
    "BatchMatMulV2 adj_x": lambda z: tf_op("BatchMatMulV2", matrix(z)[None], matrix(z * z)[None], adj_x=True),
    "MatrixInverse adjoint": lambda z: tf_op("MatrixInverse", matrix(z), adjoint=True),
    "MatrixSolve adjoint": lambda z: tf_op("MatrixSolve", matrix(z), matrix(z)[:, :1] + 1, adjoint=True),
    "MatrixTriangularSolve adjoint": lambda z: tf_op("MatrixTriangularSolve", matrix(z), z[:2, None], adjoint=True,
                                                     lower=True),
}

TORCH = torch_ops.OPS
TORCH_BUILDERS = {
    "scatter.src": lambda z: TORCH["scatter.src"](np.zeros(5, complex), 0, np.array([1, 3]), z[:2]),
    "scatter_add": lambda z: TORCH["scatter_add"](z, 0, np.array([1, 1]), z[2:4]),
    "index_put": lambda z: TORCH["index_put"](z, [np.array([1])], z[2:3] * z[0:1]),
    "index_put accumulate": lambda z: TORCH["index_put"](z, [np.array([1, 1])], z[2:4], True),
    "select_scatter": lambda z: TORCH["select_scatter"](z, z[0] * 2, 0, 1),
    "slice_scatter": lambda z: TORCH["slice_scatter"](z, z[:2] * 2, 0, 2, 4),
    "diagonal_scatter": lambda z: TORCH["diagonal_scatter"](matrix(z), z[2:4] * z[:2]),
    "constant_pad_nd": lambda z: TORCH["constant_pad_nd"](z, [1, 2], 2.0),
    "_neg_view": lambda z: torch_complex.COMPLEX_OPS["_neg_view"](gnp.conj(z)),
    "var": lambda z: TORCH["var"](z) * (1 + 0j),
    "linalg_lu_solve adjoint": lambda z: torch_ops._lu_solve(torch_ops._Factored(matrix(z)), None, matrix(z * z), True,
                                                              True),
    "div floor and trunc": lambda z: (TORCH["div"](gnp.real(z), 0.7, rounding_mode="floor")
                                      + TORCH["div"](gnp.imag(z), -0.45, rounding_mode="trunc")) * z,
}


def loss(build, x):
    """A real loss of the complex array ``build`` makes of x: its weighted |y|^2 and imaginary parts."""
    y = gnp.reshape(build(x[:4] + 1j * x[4:]), (-1,))
    w = np.arange(1.0, gnp.shape(y)[0] + 1)
    return gnp.sum(gnp.real(y * gnp.conj(y)) * w) + gnp.sum(gnp.imag(y) * w)


def differences(build, x, step=1e-6):
    columns = []
    for i in range(x.size):
        e = np.zeros(x.size)
        e[i] = step
        columns.append((float(loss(build, x + e)) - float(loss(build, x - e))) / (2 * step))
    return np.array(columns)


BUILDERS = {**{f"tf {name}": build for name, build in TF_BUILDERS.items()},
            **{f"torch {name}": build for name, build in TORCH_BUILDERS.items()}}


@pytest.mark.parametrize("name", list(BUILDERS))
def test_a_built_array_keeps_the_gradient_of_a_complex_input(name):
    build = BUILDERS[name]
    gradient = gradcli.grad(lambda x: loss(build, x))(X)
    truth = differences(build, X)
    assert np.abs(truth).max() > 0.1  # the loss moves with x: a dropped gradient would be seen
    np.testing.assert_allclose(gradient, truth, rtol=1e-6, atol=1e-6)


def test_tensorflows_cross_product_is_exact_and_differentiates():
    cross = TF_OPS["Cross"][0]
    a, b = np.array([1.0, 2.0, -1.0]), np.array([0.5, 0.3, -0.7])
    np.testing.assert_array_equal(cross([a, b], {}), np.cross(a, b))
    gradient = gradcli.grad(lambda v: gnp.sum(cross([v[:3], v[3:]], {}) * np.array([1.0, -2.0, 3.0])))(np.concatenate([a, b]))
    np.testing.assert_allclose(gradient, np.concatenate([np.cross(b, [1.0, -2.0, 3.0]), np.cross([1.0, -2.0, 3.0], a)]))


def test_a_complex_sigmoid_is_its_definition():
    z = np.array([1.0 + 0.3j, -2.0 - 0.7j, 0.5j])
    np.testing.assert_allclose(gnp.sigmoid(z), 1 / (1 + np.exp(-z)), rtol=1e-15)
    assert gnp.sigmoid(complex(-2.0, 0.7)) == pytest.approx(1 / (1 + np.exp(2.0 - 0.7j)), rel=1e-15)


def test_a_complex_matrixs_slogdet_sign_turns_with_it():
    m = np.array([[1.0 + 0.3j, 2.0 - 0.7j], [-1.0 + 1.5j, 0.5 + 0.25j]])
    sign, logabsdet = gnp.linalg.slogdet(m)
    assert sign == pytest.approx(np.linalg.det(m) / abs(np.linalg.det(m)), rel=1e-14)
    assert logabsdet == pytest.approx(np.log(abs(np.linalg.det(m))), rel=1e-14)
    gradient = gradcli.grad(lambda t: gnp.imag(gnp.linalg.slogdet(m + t)[0]))(0.0)
    step = 1e-6
    truth = (np.imag(np.linalg.slogdet(m + step)[0]) - np.imag(np.linalg.slogdet(m - step)[0])) / (2 * step)
    assert gradient == pytest.approx(truth, rel=1e-6) and abs(truth) > 0.01


def test_a_complex_matrix_exponential_runs_on_exact_numbers():
    import mpmath
    import scipy.linalg

    from gradcli.autodiff import mp as mp_core
    from gradcli.capture import torch_linalg

    m = np.array([[1.0 + 0.3j, 2.0 - 0.7j], [-1.0 + 1.5j, 0.5 + 0.25j]]) * 0.3
    mp_core.enable()
    with mpmath.workdps(30):
        exact = torch_linalg.matrix_exp(np.vectorize(mpmath.mpc, otypes=[object])(m))
        np.testing.assert_allclose(np.asarray(exact, dtype=complex), scipy.linalg.expm(m), rtol=1e-13)


def test_a_hermitian_matrixs_cholesky_factor_runs_on_exact_numbers():
    import mpmath

    from gradcli.autodiff import mp as mp_core

    m = np.array([[3.0 + 0j, 1.0 - 2.0j], [1.0 + 2.0j, 4.0 + 0j]])
    mp_core.enable()
    with mpmath.workdps(30):
        exact = gnp.linalg.cholesky(np.vectorize(mpmath.mpc, otypes=[object])(m))
        np.testing.assert_allclose(np.asarray(exact, dtype=complex), np.linalg.cholesky(m), rtol=1e-14, atol=1e-15)


@pytest.mark.parametrize("shape", [(2, 2), (4, 3), (2, 3)])
def test_a_complex_qr_is_lapacks_in_floats_and_on_exact_numbers(shape):
    import mpmath

    from gradcli.autodiff import mp as mp_core
    from gradcli.capture import torch_linalg

    rng = np.random.default_rng(sum(shape))
    m = rng.standard_normal(shape) + 1j * rng.standard_normal(shape)
    q, r = np.linalg.qr(m)  # LAPACK's zgeqrf: R's diagonal real, its signs -sign(re a_kk)
    ours = torch_linalg.qr(m)
    np.testing.assert_allclose(ours[0], q, atol=1e-14)
    np.testing.assert_allclose(ours[1], r, atol=1e-14)
    mp_core.enable()
    with mpmath.workdps(30):
        exact = torch_linalg.qr(np.vectorize(mpmath.mpc, otypes=[object])(m))
        np.testing.assert_allclose(np.asarray(exact[1], dtype=complex), r, atol=1e-14)
