"""The exact reference through iterative decompositions: it settles, and a 0 there is proven, not accepted.

mpmath's eigenvalue and singular value solvers iterate to convergence; the
reference's noise estimate reruns the program rounding every op down or up,
and rounded up they never converged, so the spectral norm of a 2x2 matrix ran
past any deadline. eigh reads one triangle: its derivative in the other is 0
by construction, and the spectral norm of a diagonal matrix is an even function
of each off-diagonal entry: zeros that only a proof settles (so do cholesky's
upper triangle, which NumPy never reads, and det's and slogdet's zeros). Each expected
number is computed here with mpmath from closed forms for 2x2 matrices, never
from gradcli's path.
"""

import math
import textwrap

import mpmath
import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.autodiff import arb as arb_core
from gradcli.autodiff import arb_eigh, arb_proof_linalg
from gradcli.autodiff import mp as gmp
from gradcli.checker import precision, python_zero
from gradcli.checker.exact_python import _traced

NORM = "return np.linalg.norm(b, 2)"
EIGH = "return np.sum(np.linalg.eigh(b)[0] ** 2)"


def _module(tmp_path, body):
    path = tmp_path / "spectral.py"
    path.write_text("import numpy as np\n\n" + textwrap.dedent(f"def f(b):\n    {body}\n"))
    return f"{path}:f"


def _spectral_2x2(b):
    """||B||_2 for 2x2 B: s^2 = (T + sqrt(T^2 - 4 D^2)) / 2, T the squared Frobenius norm, D the determinant."""
    a, c, d, e = (mpmath.mpf(float(v)) for v in np.ravel(b))
    t, det = a * a + c * c + d * d + e * e, a * e - c * d
    root = mpmath.sqrt(t * t - 4 * det * det)
    s = mpmath.sqrt((t + root) / 2)
    d_t = [2 * a, 2 * c, 2 * d, 2 * e]
    d_det = [e, -d, -c, a]
    gradient = [(dt + (t * dt - 4 * det * dd) / root) / (4 * s) for dt, dd in zip(d_t, d_det)]
    return s, gradient


def _eigh_squares_2x2(b):
    """The sum of squared eigenvalues of the symmetric matrix eigh reads (lower triangle): trace(S^2)
    = a^2 + 2 c^2 + e^2, c = b[1, 0]; b[0, 1] is never read."""
    a, _, c, e = (mpmath.mpf(float(v)) for v in np.ravel(b))
    return a * a + 2 * c * c + e * e, [2 * a, mpmath.mpf(0), 4 * c, 2 * e]


POINTS = [
    (NORM, [[3, 1], [0.5, 1]], _spectral_2x2),
    (NORM, [[3, 0], [0, 1]], _spectral_2x2),
    (NORM, [[3, 0.5], [0.5, 1]], _spectral_2x2),
    (NORM, [[1, 2], [0.3, -1]], _spectral_2x2),
    (EIGH, [[3, 1], [0.5, 1]], _eigh_squares_2x2),
    (EIGH, [[2, 1], [1, 3]], _eigh_squares_2x2),
]


def _check(tmp_path, body, at):
    report = gradcli.check(
        _module(tmp_path, body), [{"b": np.array(at, dtype=float)}], dtypes=("float64",), fixes=False, max_time=math.inf
    )
    return report.results[0]


@pytest.mark.parametrize("body, at, truth", POINTS, ids=[f"{p[0][7:25]}@{p[1]}" for p in POINTS])
def test_the_reference_settles_on_the_truth_with_its_zeros_exact(tmp_path, body, at, truth):
    result = _check(tmp_path, body, at)
    with mpmath.workdps(50):
        value, gradient = truth(np.array(at, dtype=float))
    assert result.status == "ok", (result.status, result.findings, result.notes)
    assert abs(mpmath.mpf(result.exact_value) - value) <= 1e-12 * abs(value)
    got = np.ravel(np.asarray(result.exact_gradient["b"], dtype=float))
    for mine, exact in zip(got, gradient):
        if exact == 0:
            assert mine == 0.0, (got, gradient)  # a proven 0, not a small number
        else:
            assert abs(mine - float(exact)) <= 1e-10 * abs(float(exact)), (got, gradient)


@pytest.mark.parametrize("mode", ["f", "c"])
def test_a_solver_rounded_one_way_converges_and_its_noise_is_its_error(mode):
    gmp.enable()
    b = np.array([[3.0, 1.0], [0.5, 1.0]])
    with mpmath.workdps(60):
        truth = _spectral_2x2(b)[0]
        with precision._Rounding(mode, alternate=True):
            rounded = gnp.linalg.norm(np.vectorize(mpmath.mpf, otypes=[object])(b), 2)
        assert abs(rounded - truth) <= mpmath.mpf(10) ** -55
        _, noise = precision.with_noise(lambda: gnp.linalg.norm(np.vectorize(mpmath.mpf, otypes=[object])(b), 2))
        assert 0 < noise[0] <= mpmath.mpf(10) ** -55


def _zeros(body, at):
    namespace = {"np": gnp}
    exec(f"def f(b):\n    {body}\n", namespace)  # noqa: S102 - a fixed test body, the user's module as written
    b = np.array(at, dtype=float)
    zeros = python_zero.Zeros(lambda *a: _traced(namespace["f"], a), [b])
    return [zeros._proven(k) for k in range(4)]


def test_only_true_zeros_are_proven():
    assert _zeros(EIGH, [[3, 1], [0.5, 1]]) == [False, True, False, False]
    assert _zeros(EIGH.replace("eigh(b)", "eigh(b, 'U')"), [[3, 1], [0.5, 1]]) == [False, False, True, False]
    assert _zeros(NORM, [[3, 0], [0, 1]])[1:3] == [True, True]
    assert _zeros(NORM, [[3, 1], [0.5, 1]]) == [False] * 4  # every derivative there is a number
    assert _zeros("return np.sum(np.linalg.eigh(b + b.T)[0] ** 2)", [[3, 1], [0.5, 1]]) == [False] * 4
    # sigma_max of [[1, h], [0, 1]] is 1 + |h|/2 + ...: even in h, a kink, no slope 0 (a repeated singular value)
    assert _zeros(NORM, [[1, 0], [0, 1]]) == [False] * 4
    assert _zeros(NORM, [[1, 0], [0, 0]])[1:3] == [True, True]  # sigma_max simple: the 0 beside it is no kink of it


def test_planted_noise_in_a_structural_zero_leaves_no_reference(tmp_path, monkeypatch):
    # On mpmath's path (which eigh takes where the balls cannot prove its spectrum simple), the op's proof rule no
    # longer says which triangle eigh reads: its 0 is then a difference's noise again.
    def unproven(full):
        raise arb_core.NoArb("planted: no spectrum proven simple")

    monkeypatch.setattr(arb_eigh, "_eigenvalues", unproven)
    unplanted = arb_proof_linalg.decomposition
    monkeypatch.setattr(arb_proof_linalg, "decomposition", lambda name, a, answer, reads, *rest: unplanted(name, a, answer, None, *rest))
    result = _check(tmp_path, EIGH, [[2, 1], [1, 3]])
    assert result.status != "ok"
    assert "not proven 0" in " ".join(result.notes + [str(f) for f in result.findings])



def _cholesky_weighted_2x2(b):
    """sum(L * W), W = [[1, 2], [3, 4]], for L the Cholesky factor of b's lower triangle:
    L00 = sqrt(a), L10 = c / L00, L11 = sqrt(e - L10^2); b[0, 1] is never read."""
    a, _, c, e = (mpmath.mpf(float(v)) for v in np.ravel(b))
    l00 = mpmath.sqrt(a)
    l10 = c / l00
    l11 = mpmath.sqrt(e - l10 * l10)
    d_l11_a, d_l11_c, d_l11_e = l10 * l10 / (2 * a * l11), -l10 / (l00 * l11), 1 / (2 * l11)
    value = l00 + 3 * l10 + 4 * l11
    gradient = [1 / (2 * l00) - 3 * c / (2 * a * l00) + 4 * d_l11_a, mpmath.mpf(0), 3 / l00 + 4 * d_l11_c, 4 * d_l11_e]
    return value, gradient


def _slogdet_2x2(b):
    """log|a e - c d|, gradient the cofactors over the determinant."""
    a, c, d, e = (mpmath.mpf(float(v)) for v in np.ravel(b))
    det = a * e - c * d
    return mpmath.log(abs(det)), [e / det, -d / det, -c / det, a / det]


def _singular_product_2x2(b):
    """s0 s1 = |det|, gradient the cofactors times the determinant's sign."""
    log_det, gradient = _slogdet_2x2(b)
    det = mpmath.exp(log_det)
    return det, [g * det for g in gradient]


SOLVERS = [
    ("return np.sum(np.linalg.cholesky(b) * np.array([[1.0, 2.0], [3.0, 4.0]]))", [[3, 1], [0.5, 1]],
     _cholesky_weighted_2x2),
    ("return np.sum(np.linalg.cholesky(b) * np.array([[1.0, 2.0], [3.0, 4.0]]))", [[3, 0], [0, 1]],
     _cholesky_weighted_2x2),
    ("return np.linalg.slogdet(b)[1]", [[3, 0], [0, 1]], _slogdet_2x2),
    ("s = np.linalg.svd(b)[1]\n    return s[0] * s[1]", [[3, 0], [0, 1]], _singular_product_2x2),
]


@pytest.mark.parametrize("body, at, truth", SOLVERS, ids=["cholesky", "cholesky diagonal", "slogdet", "svd signs"])
def test_direct_solvers_and_svd_settle_with_proven_zeros(tmp_path, body, at, truth):
    test_the_reference_settles_on_the_truth_with_its_zeros_exact(tmp_path, body, at, truth)


def test_a_kink_at_the_point_is_no_symmetric_zero():
    # |x0| at 0 is the same function of the step on both sides, and has no derivative there.
    def f(x):
        return gnp.abs(x[0]) + x[1] ** 2

    zeros = python_zero.Zeros(lambda *a: _traced(f, a), [np.array([0.0, 1.0])])
    assert [zeros._proven(k) for k in range(2)] == [False, False]


def test_log_det_as_log_eigenvalues_at_a_repeated_eigenvalue_is_proven(tmp_path):
    """log det as a sum of log-eigenvalues at C = 1.1 I: the eigenvalues are proven equal (`arb_proof_linalg.
    _eigenvalue_groups`), their slopes meet only in their sum, so the off-diagonal slopes' 0 is proven, as at
    distinct eigenvalues."""
    target = _module(tmp_path, "return np.sum(np.log(np.linalg.eigh(b @ b.T + 0.1 * np.eye(2))[0]))")
    for b in (np.eye(2), np.diag([1.0, 2.0])):
        result, = gradcli.check(target, [{"b": b}], dtypes=("float64",), fixes=False).results
        assert result.status.value == "ok" and result.exact_gradient["b"][0][1] == 0
        assert "eigenvalues are equal" not in " ".join(f.message for f in result.findings)
