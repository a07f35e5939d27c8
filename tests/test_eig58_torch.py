"""PyTorch's general eigen-decomposition replayed: ``torch.linalg.eig`` and ``eigvals`` (``aten.linalg_eig``), complex
answers for a real matrix, in the order and phases of LAPACK's geev (PyTorch's CPU kernel, and NumPy's). Each loss is
real; its exact value and gradient are held to PyTorch's own float64 ones and to closed forms, and at a repeated
eigenvalue the spectral radius is a kink, as it is."""

import math

import numpy as np
import pytest

import gradcli

from eig58_checks import REAL, ROTATING, assert_ok_and_as_the_framework, assert_the_radius_of_the_pair

torch = pytest.importorskip("torch")


def spectral_radius(a):
    return torch.linalg.eigvals(a).abs().max()


def by_place(a):
    """Reads eigenvalues by their place in LAPACK's order, and the moduli of the eigenvectors' first entries."""
    w, v = torch.linalg.eig(a)
    return w[0].real * 3.0 + w[1].imag + (v[0].abs() * torch.arange(1.0, 1.0 + len(a), dtype=a.dtype)).sum()


def _pytorchs_own(function, matrix):
    a = torch.tensor(matrix, dtype=torch.float64, requires_grad=True)
    value = function(a)
    value.backward()
    return value.item(), a.grad.numpy()


def _checked_as_pytorch(function, matrix, dtypes=("float32", "float64")):
    # (a 3x3 eig at high precision is a few seconds of CPU: a loaded machine's wall clock may need more than 30 s)
    report = gradcli.check(function, [{"a": matrix}], dtypes=dtypes, fixes=False, framework="torch", max_time=math.inf)
    return assert_ok_and_as_the_framework(report, *_pytorchs_own(function, matrix))


def test_the_spectral_radius_of_a_complex_pair_is_exact():  # float32 too in test_eig58_tf.py
    assert_the_radius_of_the_pair(_checked_as_pytorch(spectral_radius, ROTATING, dtypes=("float64",)))


# Two real eigenvalues that LAPACK gives ascending (-1.59, 0.69), where it gives REAL's descending: the place is the
# kernel's, no sort of either direction (a 2x2 has a quarter of a 3x3's differences, each eig far cheaper)
ASCENDING = [[-1.0, 0.5], [2.0, 0.1]]


def test_a_loss_reading_eigenvalues_and_vectors_by_place_is_exact():  # a complex pair's in test_eig58_tf.py
    assert np.linalg.eigvals(np.array(ASCENDING))[0] < 0
    _checked_as_pytorch(by_place, np.array(ASCENDING), dtypes=("float64",))


def test_the_spectral_radius_at_a_repeated_eigenvalue_is_a_kink():
    # At the identity a change B moves the eigenvalues to 1 + t mu_i(B), so the radius moves by t max Re mu_i(B):
    # along a diagonal entry 0 from the left, 1 from the right; an off-diagonal entry alone moves neither.
    result = gradcli.check(spectral_radius, [{"a": [[1.0, 0.0], [0.0, 1.0]]}], dtypes=("float64",), fixes=False,
                           framework="torch").results[0]
    assert result.status == "domain", (result.status, result.findings)
    kinks = [f.message for f in result.findings if "kink" in f.message]
    assert any("a[0, 0] is 0 from the left and 1 from the right" in m for m in kinks), kinks
    assert any("a[1, 1] is 0 from the left and 1 from the right" in m for m in kinks), kinks
    assert [float(g) for g in np.ravel(result.exact_gradient["a"])][1:3] == [0.0, 0.0]


def test_the_op_gives_complex_answers_as_pytorch():
    from gradcli.capture.torch_linalg import eig

    w, v = eig(np.array(REAL))
    torch_w, torch_v = (t.numpy() for t in torch.linalg.eig(torch.tensor(REAL, dtype=torch.float64)))
    assert np.iscomplexobj(w) and np.iscomplexobj(v)  # complex even where every eigenvalue is real, as PyTorch's
    np.testing.assert_allclose(w, torch_w, rtol=1e-14)
    np.testing.assert_allclose(v, torch_v, atol=1e-14)
    w, _ = eig(np.array(REAL, dtype=np.float32))
    assert w.dtype == np.complex64


def test_a_real_eigenvalue_beside_a_pair_is_real_exactly_and_each_vector_has_the_kernels_phase():
    # mpmath's eig leaves a real eigenvalue beside a complex pair an imaginary part of ~1e-52 at 50 digits, and its
    # vector too: kept, it is noise no precision settles (a loss reading it never has its exact 0)
    import mpmath

    from gradcli.autodiff.ops_decompositions import _eig_packed_mp

    matrix = [[2.0, 1.0, 0.0, 0.0], [0.5, 3.0, 1.0, 0.0], [0.0, 0.2, 1.0, 4.0], [1.0, 0.0, 0.1, -1.0]]
    with mpmath.workdps(50):
        packed = _eig_packed_mp(np.array([[mpmath.mpf(x) for x in row] for row in matrix], dtype=object),
                                np.linalg.eig)
    numpys, vectors = np.linalg.eig(np.array(matrix))
    real = [k for k in range(4) if numpys[k].imag == 0]
    assert len(real) == 2  # two real eigenvalues and a pair
    for k in real:
        assert all(mpmath.im(z) == 0 for z in packed[:, k]), packed[:, k]
    assert all(mpmath.im(packed[0, k]) != 0 for k in range(4) if k not in real)
    np.testing.assert_allclose(np.vectorize(complex)(packed[0]), numpys, rtol=1e-14)
    np.testing.assert_allclose(np.vectorize(complex)(packed[1:]), vectors, atol=1e-14)  # the kernel's phases
