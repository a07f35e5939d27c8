"""svd, its singular values and pinv at high precision: the exact reference of functions built on them.

Each checked function is a plain NumPy module, checked unchanged. Every expected
number is computed here with mpmath from other mathematics than gradcli's path
(the symmetric eigenproblem of A^T A, or normal equations), never read from
gradcli's output.
"""

import math
import textwrap

import mpmath
import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.autodiff import mp as gmp
from gradcli.autodiff.catalog import catalogue
from gradcli.autodiff.core import NoGradientError

TALL = np.array([[1.0, 2.0], [0.3, -1.0], [0.7, 1.5]])
B = np.array([1.0, 2.0, -3.0])
to_mp = np.vectorize(mpmath.mpf, otypes=[object])


def _module(tmp_path, body):
    path = tmp_path / "decompositions.py"
    path.write_text("import numpy as np\n\n" + textwrap.dedent(body))
    return f"{path}:f"


def _eigen_of_gram(a):
    """(eigenvalues descending, eigenvectors) of A^T A by mpmath's symmetric solver: the squared singular values and V."""
    gram = mpmath.matrix(a.tolist()).T * mpmath.matrix(a.tolist())
    w, q = mpmath.eigsy(gram)
    order = sorted(range(len(w)), key=lambda i: -w[i])
    q = np.array(q.tolist(), dtype=object)[:, order]
    return [w[i] for i in order], q


def _nuclear(a):
    """||A||_* = sum sqrt(eig(A^T A)), gradient U V^T = A V diag(1/s) V^T."""
    w, q = _eigen_of_gram(a)
    s = [mpmath.sqrt(x) for x in w]
    return sum(s), np.matmul(np.matmul(a, q) * np.array([1 / x for x in s], dtype=object), q.T)


def _spectral(a):
    """||A||_2 = sqrt(largest eig(A^T A)), gradient u1 v1^T = A v1 v1^T / s1."""
    w, q = _eigen_of_gram(a)
    s1, v1 = mpmath.sqrt(w[0]), q[:, :1]
    return s1, np.matmul(np.matmul(a, v1), v1.T) / s1


def _least_squares(a):
    """||x||^2 for x = (A^T A)^-1 A^T b (normal equations); gradient 2 r y^T - 2 A y x^T, r = b - A x, y = (A^T A)^-1 x."""
    m = mpmath.matrix(a.tolist())
    gram = m.T * m
    x = mpmath.lu_solve(gram, m.T * mpmath.matrix(B.tolist()))
    y = mpmath.lu_solve(gram, x)
    r = mpmath.matrix(B.tolist()) - m * x
    gradient = 2 * r * y.T - 2 * m * y * x.T
    return sum(v * v for v in x), np.array(gradient.tolist(), dtype=object)


CHECKED = [
    ("nuclear norm, singular values summed", "return np.sum(np.linalg.svd(a, compute_uv=False))", _nuclear),
    ("nuclear norm, norm 'nuc'", "return np.linalg.norm(a, 'nuc')", _nuclear),
    ("nuclear norm, trace of U^T A V", "u, s, vh = np.linalg.svd(a, full_matrices=False)\n"
     "    return np.trace(u.T @ a @ vh.T)", _nuclear),
    ("spectral norm, largest singular value", "return np.linalg.svd(a)[1][0]", _spectral),
    ("spectral norm, norm 2", "return np.linalg.norm(a, 2)", _spectral),
    ("least squares through pinv", "x = np.linalg.pinv(a) @ np.array([1.0, 2.0, -3.0])\n"
     "    return np.sum(x ** 2)", _least_squares),
]


@pytest.mark.parametrize("name, body, truth", CHECKED, ids=[c[0] for c in CHECKED])
def test_a_check_gets_the_exact_reference(tmp_path, name, body, truth):
    report = gradcli.check(
        _module(tmp_path, f"def f(a):\n    {body}\n"), [{"a": TALL}], dtypes=("float64",), fixes=False, max_time=math.inf
    )
    result = report.results[0]
    with mpmath.workdps(50):
        value, gradient = truth(to_mp(TALL))
    assert result.status == "ok", (result.status, result.findings, result.notes)
    assert result.exact_value is not None and result.exact_gradient["a"] is not None, result.notes
    assert abs(mpmath.mpf(result.exact_value) - value) <= 1e-12 * abs(value)
    expected = np.asarray(gradient, dtype=float)
    got = np.asarray(result.exact_gradient["a"], dtype=float)
    assert np.max(np.abs(got - expected)) <= 1e-12 * np.max(np.abs(expected)), (got, expected)


@pytest.mark.parametrize("shape", [(4, 3), (3, 4), (2, 3, 2)], ids=str)
def test_svd_on_mpmath_numbers_is_numpys_with_its_signs(shape):
    gmp.enable()
    a = np.random.default_rng(7).standard_normal(shape)
    with mpmath.workdps(40):
        u, s, vh = gnp.linalg.svd(to_mp(a), full_matrices=False)
        k = min(shape[-2:])
        residual = np.matmul(u * s[..., None, :], vh) - to_mp(a)
        orthonormal = np.matmul(np.swapaxes(u, -1, -2), u) - np.eye(k)
        assert max(abs(e) for e in np.concatenate([residual.ravel(), orthonormal.ravel()])) < mpmath.mpf(10) ** -35
        only_s = gnp.linalg.svd(to_mp(a), compute_uv=False)
    for mine, numpys in zip((u, s, vh), np.linalg.svd(a, full_matrices=False)):
        np.testing.assert_allclose(np.asarray(mine, dtype=float), numpys, atol=1e-13)
    np.testing.assert_allclose(np.asarray(only_s, dtype=float), np.linalg.svd(a, compute_uv=False), rtol=1e-14)


def test_complex_svd_on_mpmath_numbers_keeps_unit_vectors_and_numpys_phases():
    gmp.enable()
    rng = np.random.default_rng(3)
    a = rng.standard_normal((3, 2)) + 1j * rng.standard_normal((3, 2))
    with mpmath.workdps(40):
        u, s, vh = gnp.linalg.svd(np.vectorize(mpmath.mpc, otypes=[object])(a), full_matrices=False)
        gram = np.matmul(np.conj(u).T, u) - np.eye(2)
        assert max(abs(e) for e in gram.ravel()) < mpmath.mpf(10) ** -35  # the phase turn is a unit at 40 digits
        residual = np.matmul(u * s, vh) - a
        assert max(abs(e) for e in residual.ravel()) < 1e-14
    for mine, numpys in zip((u, s, vh), np.linalg.svd(a, full_matrices=False)):
        np.testing.assert_allclose(np.vectorize(complex)(mine), numpys, atol=1e-13)


def test_the_rule_on_mpmath_numbers_reads_complex_elements():
    # The singular values of x + iy: the rule must take its complex branch on mpmath numbers too.
    gmp.enable()
    rng = np.random.default_rng(5)
    x, y = rng.standard_normal((3, 3)), rng.standard_normal((3, 3))

    def f(x, y):
        return gnp.sum(gnp.linalg.svd(x + 1j * y, compute_uv=False) ** 2 * np.array([1.0, 2.0, 3.0]))

    floats = gradcli.grad(f, argnums=(0, 1))(x, y)
    with mpmath.workdps(30):
        exact = gradcli.grad(f, argnums=(0, 1))(to_mp(x), to_mp(y))
    for mine, numpys in zip(exact, floats):  # (on mpmath numbers a real input's cotangent keeps its imaginary part)
        np.testing.assert_allclose(np.vectorize(lambda z: float(mpmath.re(z)))(mine), numpys, rtol=1e-10, atol=1e-12)


def test_pinv_on_mpmath_numbers_keeps_numpys_rank():
    gmp.enable()
    rank_two = np.array([[1.0, 2.0], [0.5, -1.0], [3.0, 1.0], [0.0, 2.0]]) @ np.array([[1.0, 0.0, 2.0], [0.5, 1.0, -1.0]])
    with mpmath.workdps(40):
        p = gnp.linalg.pinv(to_mp(rank_two))
        a = to_mp(rank_two)
        # The Moore-Penrose conditions, to 40 digits: A P A = A, P A P = P.
        worst = max(abs(e) for e in np.concatenate([(a @ p @ a - a).ravel(), (p @ a @ p - p).ravel()]))
        assert worst < mpmath.mpf(10) ** -30
        cut = gnp.linalg.pinv(to_mp(TALL), 0.5)  # NumPy's rcond: singular values below half the largest dropped
        batched = gnp.linalg.pinv(to_mp(np.stack([TALL, 2 * TALL])), rtol=None)
    np.testing.assert_allclose(np.asarray(p, dtype=float), np.linalg.pinv(rank_two), atol=1e-13)
    np.testing.assert_allclose(np.asarray(cut, dtype=float), np.linalg.pinv(TALL, 0.5), atol=1e-13)
    np.testing.assert_allclose(np.asarray(batched, dtype=float), np.linalg.pinv(np.stack([TALL, 2 * TALL]), rtol=None), atol=1e-13)


@pytest.mark.parametrize("shape", [(3, 2), (2, 3), (2, 3, 2)], ids=str)
def test_full_factors_on_mpmath_numbers_complete_the_exact_thin_ones(shape):
    gmp.enable()
    a = np.random.default_rng(2).standard_normal(shape)
    with mpmath.workdps(40):
        u, s, vh = gnp.linalg.svd(to_mp(a))  # NumPy's default: full_matrices=True
        for q in (np.matmul(np.swapaxes(u, -1, -2), u), np.matmul(vh, np.swapaxes(vh, -1, -2))):
            assert max(abs(e) for e in (q - np.eye(q.shape[-1])).ravel()) < mpmath.mpf(10) ** -35
    for mine, numpys in zip((u, s, vh), np.linalg.svd(a)):
        np.testing.assert_allclose(np.asarray(mine, dtype=float), numpys, atol=1e-13)


def test_a_loss_reading_the_added_columns_is_refused_not_guessed():
    with pytest.raises(NoGradientError, match="full_matrices=False"):
        gradcli.grad(lambda a: gnp.sum(gnp.linalg.svd(a)[0]))(TALL)
    with pytest.raises(NoGradientError, match="full_matrices=False"):
        gradcli.grad(lambda a: gnp.sum(gnp.linalg.svd(a)[2]))(TALL.T)
    # Reading only the thin part of a full U: its gradient, with a zero from the added columns.
    thin = gradcli.grad(lambda a: gnp.sum(gnp.linalg.svd(a, full_matrices=False)[0][:, 0] * TALL[:, 0]))(TALL)
    full = gradcli.grad(lambda a: gnp.sum(gnp.linalg.svd(a)[0][:, 0] * TALL[:, 0]))(TALL)
    np.testing.assert_allclose(full, thin, atol=1e-15)


def test_gradcli_ops_lists_their_mpmath_path():
    rows = {row.name: row for row in catalogue(include_scipy=True)}
    for name in ("linalg.svd", "linalg.pinv", "rollaxis", "scipy.linalg.svd", "scipy.linalg.pinv"):
        assert rows[name].mpmath, name
    assert not rows["scipy.integrate.odeint"].mpmath  # it says it has no exact reference, on purpose
    gmp.enable()
    moved = gnp.rollaxis(to_mp(np.arange(24.0).reshape(2, 3, 4)), 2)
    assert moved.shape == (4, 2, 3) and isinstance(moved[1, 0, 2], mpmath.mpf)
    assert moved[1, 0, 2] == np.rollaxis(np.arange(24.0).reshape(2, 3, 4), 2)[1, 0, 2]


def test_complex_eigenvectors_on_mpmath_numbers_stay_unit_vectors():
    # Turned to NumPy's phase by a turn of modulus 1 at the working precision, not float64's.
    gmp.enable()
    rng = np.random.default_rng(11)
    a = rng.standard_normal((3, 3)) + 1j * rng.standard_normal((3, 3))
    hermitian = a + np.conj(a).T
    to_mpc = np.vectorize(mpmath.mpc, otypes=[object])
    with mpmath.workdps(40):
        for (w, v), numpys in ((gnp.linalg.eigh(to_mpc(hermitian)), np.linalg.eigh(hermitian)), (gnp.linalg.eig(to_mpc(a)), np.linalg.eig(a))):
            lengths = [abs(mpmath.fsum(abs(z) ** 2 for z in v[:, j]) - 1) for j in range(3)]
            assert max(lengths) < mpmath.mpf(10) ** -35, lengths
            np.testing.assert_allclose(np.vectorize(complex)(v), numpys[1], atol=1e-13)
