"""PyTorch's factorising linear algebra, replayed: determinants through a pivoted LU, and the ops that read its factors.

Each op's replayed forward and backward graphs give PyTorch's own float64
value and gradient. ``torch.linalg.det``'s backward solves with the LU factors
its forward made, nudged by machine epsilon where U's diagonal is exactly 0:
at an exactly singular matrix that gives a zero gradient, where the exact
derivative is the matrix of cofactors. gradcli says `wrong` there, at the
user's line; near a singular matrix the rule is accurate and the verdict `ok`.
QR, SVD, F.rrelu in evaluation, F.bilinear (``_trilinear``), F.embedding_bag
and the matrix exponential (``linalg_matrix_exp``, whose backward is the same
op on a block matrix; the orthogonal parametrisation reads it) replay likewise.
Still refused by name: rrelu in training (its kernel's own random slopes).
"""

import mpmath
import numpy as np
import pytest
import torch

import gradcli
from gradcli.capture import torch_linalg
from gradcli.capture.torch_bridge import capture
from gradcli.errors import InputError
from bridge_checks import assert_forward_replays_on_mpmath, assert_replays_as_the_framework_computes

M = np.array([[2.0, 0.3, -0.4], [0.1, 1.5, 0.2], [0.6, -0.2, 1.0]])
PIVOTED = np.array([[0.1, 2.0, -1.0], [3.0, 0.5, 0.2], [-4.0, 1.0, 0.7]])  # every column pivots a row up
BATCH = np.stack([M, PIVOTED])
SINGULAR = np.array([[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]])  # rank 2: its cofactors are not all 0
# PyTorch factors a contiguous matrix's transpose: this one's is a zero column, which LAPACK leaves unscaled
ZERO_COLUMN = np.array([[0.0, 0.0, 0.0], [1.0, 3.0, 4.0], [2.0, 5.0, 7.0]])


def _ones(like, rows, cols):
    return torch.ones(rows, cols, dtype=like.dtype)


OPS = {
    "det": (lambda x: torch.linalg.det(x), (M,)),
    "det (pivoted rows)": (lambda x: torch.linalg.det(x) ** 2, (PIVOTED,)),
    "det (a transposed view, and torch.det)": (lambda x: torch.linalg.det(x.mT) * torch.det(x), (PIVOTED,)),
    "det (a batch)": (lambda x: (torch.linalg.det(x) * torch.tensor([1.0, -2.0], dtype=x.dtype)).sum(), (BATCH,)),
    "det (singular)": (lambda x: torch.linalg.det(x), (SINGULAR,)),
    "det (a zero column)": (lambda x: torch.linalg.det(x), (ZERO_COLUMN,)),
    "lu_factor": (lambda x: (torch.linalg.lu_factor(x)[0] ** 2).sum(), (PIVOTED,)),
    "lu_solve": (lambda x: torch.linalg.lu_solve(*torch.linalg.lu_factor(x), _ones(x, 3, 2)).sum(), (PIVOTED,)),
    "lu_solve (adjoint)": (lambda x: torch.linalg.lu_solve(*torch.linalg.lu_factor(x), _ones(x, 3, 1), adjoint=True).sum(), (PIVOTED,)),
    "lu_solve (from the right)": (lambda x: torch.linalg.lu_solve(*torch.linalg.lu_factor(x), x[:1] ** 2, left=False).sum(), (PIVOTED,)),
    "lu (P, L, U)": (lambda x: sum((part * (k + 1)).sum() for k, part in enumerate(torch.linalg.lu(x))), (PIVOTED,)),
}


def test_a_householder_qrs_forward_replays_on_mpmath_numbers():
    assert_forward_replays_on_mpmath(capture, lambda x: (torch.linalg.qr(x)[0] * x).sum(), (PIVOTED[1:, :2],), "qr")


def test_the_determinants_forward_replays_on_mpmath_numbers():
    replayed = assert_forward_replays_on_mpmath(capture, lambda x: torch.linalg.det(x), (PIVOTED,), "det")
    assert replayed == pytest.approx(np.linalg.det(PIVOTED), rel=1e-14)


def _det(x):
    return torch.linalg.det(x)  # the line named


def _cofactors(a):
    """The transposed adjugate of a 3x3 matrix: each entry's signed minor (the exact derivative of the determinant)."""
    return np.array([[(-1) ** (i + j) * np.linalg.det(np.delete(np.delete(a, i, 0), j, 1)) for j in range(3)] for i in range(3)])


@pytest.mark.parametrize("singular", [SINGULAR, ZERO_COLUMN], ids=["rank 2", "a zero column"])
def test_the_determinants_rule_at_a_singular_matrix_is_wrong_and_named_at_the_users_line(singular):
    report = gradcli.check(_det, [singular], dtypes=("float32", "float64"), framework="torch")
    line = f"{__file__}:{_det.__code__.co_firstlineno + 1}"
    for result in report.results:
        assert result.status == "wrong", result.findings
        [finding] = [f for f in result.findings if f.kind == "wrong-rule"]
        assert finding.location == line
        np.testing.assert_allclose(np.asarray(result.exact_gradient["x"], dtype=float), _cofactors(singular), rtol=1e-10, atol=1e-12)
    tensor = torch.tensor(singular, requires_grad=True)
    assert not torch.autograd.grad(torch.linalg.det(tensor), tensor)[0].any()  # PyTorch's own gradient there: zeros


def test_near_a_singular_matrix_the_determinants_rule_is_ok_with_its_cofactors():
    near = SINGULAR + np.diag([0.0, 0.0, 1e-9])
    report = gradcli.check(_det, [near], dtypes=("float64",), framework="torch")
    [result] = report.results
    assert result.status == "ok", result.findings
    tensor = torch.tensor(near, requires_grad=True)
    (own,) = torch.autograd.grad(torch.linalg.det(tensor), tensor)
    np.testing.assert_allclose(np.asarray(result.exact_gradient["x"], dtype=float), own.numpy(), rtol=1e-8, atol=1e-12)
    np.testing.assert_allclose(np.asarray(result.exact_gradient["x"], dtype=float), _cofactors(near), rtol=1e-6, atol=1e-12)


V = np.array([0.3, -1.2, 2.0, 0.7])
TABLE = np.random.default_rng(49).normal(size=(5, 3))
BAG_ROWS = torch.tensor([0, 2, 1, 1, 4, 3])
BAG_STARTS = torch.tensor([0, 2, 2, 5])  # the second bag is empty


def _bagged(mode, **options):
    return lambda w: torch.tanh(torch.nn.functional.embedding_bag(BAG_ROWS, w, BAG_STARTS, mode=mode, **options)).sum()


TALL = np.vstack([PIVOTED, np.ones(3)])


def _qr_loss(mode="reduced"):
    return lambda x: (torch.linalg.qr(x, mode=mode)[1] ** 2).sum() + (torch.linalg.qr(x, mode=mode)[0][:, :1] * x[:, :1]).sum()


SURVEYED = {
    "linalg_qr (square)": (_qr_loss(), (M,)),
    "linalg_qr (complete, LAPACK's signs)": (_qr_loss("complete"), (PIVOTED,)),
    "linalg_qr (tall)": (_qr_loss(), (TALL,)),
    "linalg_qr (wide)": (lambda x: (torch.linalg.qr(x)[1] * x).sum() + (torch.linalg.qr(x)[0] ** 3).sum(), (TALL.T,)),
    "linalg_qr (a column already reduced)": (lambda x: (torch.linalg.qr(torch.triu(x))[1] * x).sum(), (PIVOTED,)),
    "svd (values, U, Vh)": (lambda x: (torch.linalg.svd(x)[1] ** 2).sum() + (torch.linalg.svd(x)[0][:, 0] ** 2 * x[0]).sum(), (M,)),
    "svdvals": (lambda x: torch.linalg.svdvals(x @ x.T[:, :2]).sum(), (M,)),
    "svd (thin, a wide matrix)": (lambda x: (torch.linalg.svd(x[:2], full_matrices=False)[2].abs() * x[:2]).sum(), (PIVOTED,)),
    "rrelu (evaluation)": (lambda x: (torch.nn.functional.rrelu(x, training=False) * x).sum(), (V,)),
    "_trilinear (F.bilinear)": (lambda x, w: torch.sin(torch.nn.functional.bilinear(x[:, :2], x[:, 1:], w)).sum(), (M, TABLE[:4, :2, None] * np.ones(2))),
    "_embedding_bag (sum)": (_bagged("sum"), (TABLE,)),
    "_embedding_bag (mean, a padding row)": (_bagged("mean", padding_idx=1), (TABLE,)),
    "_embedding_bag (max)": (_bagged("max"), (TABLE,)),
    "_embedding_bag (sum, weighted per sample)": (
        lambda w: torch.nn.functional.embedding_bag(BAG_ROWS, w, BAG_STARTS, per_sample_weights=torch.arange(1.0, 7.0, dtype=w.dtype),
                                                    mode="sum").sum() ** 2, (TABLE,)),
    "_embedding_bag (sum, in the weights per sample)": (
        lambda w, p: torch.sin(torch.nn.functional.embedding_bag(BAG_ROWS, w, BAG_STARTS, per_sample_weights=p, mode="sum")).sum(),
        (TABLE, np.arange(1.0, 7.0))),
    "svd (torch.svd's V)": (lambda x: (torch.svd(x @ x.T[:, :2])[2] ** 2 * torch.tensor([1.0, 2.0], dtype=x.dtype)).sum(), (M,)),
    "linalg_matrix_exp": (lambda x: (torch.linalg.matrix_exp(x) * x).sum(), (M,)),
    "matrix_exp (large, a batch)": (lambda x: (torch.matrix_exp(x * 7) ** 2).sum() * 1e-6, (BATCH,)),
    "matrix_exp (of a skew matrix)": (lambda x: torch.linalg.matrix_exp(x - x.mT)[0, 1] ** 3, (PIVOTED,)),
}


@pytest.mark.parametrize("name", [*OPS, *SURVEYED])
def test_an_op_replays_as_pytorch_computes_it_in_float64(name):
    fun, args = {**OPS, **SURVEYED}[name]
    assert_replays_as_the_framework_computes(capture, fun, args, name)


@pytest.mark.parametrize("name", ["svdvals", "_embedding_bag (max)", "_embedding_bag (sum, in the weights per sample)", "_trilinear (F.bilinear)"])
def test_a_surveyed_users_function_is_ok_and_exact_to_1e_10_in_both_dtypes(name):
    fun, args = SURVEYED[name]
    point = dict(zip(fun.__code__.co_varnames, args))
    report = gradcli.check(fun, [point], dtypes=("float32", "float64"), framework="torch")
    assert [r.status for r in report.results] == ["ok", "ok"], [r.findings for r in report.results]
    tensors = [torch.tensor(a, requires_grad=True) for a in args]
    own = torch.autograd.grad(fun(*tensors), tensors)
    for exact, theirs in zip(report.results[1].exact_gradient.values(), own):
        np.testing.assert_allclose(np.asarray(exact, dtype=float), theirs.numpy(), rtol=1e-10, atol=1e-12)


def test_the_matrix_exponentials_forward_replays_on_mpmath_numbers():
    replayed = assert_forward_replays_on_mpmath(capture, lambda x: torch.linalg.matrix_exp(x).sum(), (PIVOTED,), "matrix_exp")
    with mpmath.workdps(40):
        assert abs(replayed - mpmath.fsum(mpmath.expm(mpmath.matrix(PIVOTED.tolist())))) < mpmath.mpf(10) ** -35
    with mpmath.workdps(400):  # a series long enough for 1300 bits: each entry to the last digits
        exact = mpmath.expm(mpmath.matrix(PIVOTED.tolist()))
        series = torch_linalg.matrix_exp(np.vectorize(mpmath.mpf, otypes=[object])(PIVOTED))
        assert max(abs(series[i, j] / exact[i, j] - 1) for i in range(3) for j in range(3)) < mpmath.mpf(10) ** -395


class _Rotor(torch.nn.Module):
    """A linear map kept orthogonal by PyTorch's parametrisation: its base times the matrix exponential of a skew matrix."""

    def __init__(self):
        super().__init__()
        self.fc = torch.nn.utils.parametrizations.orthogonal(torch.nn.Linear(2, 2, bias=False), orthogonal_map="matrix_exp")

    def forward(self, x):
        return self.fc(x)


def _rotor_loss(model, x):
    return (model(x) * torch.tensor([1.0, -2.0], dtype=x.dtype)).sum()


def _rotor_args():
    torch.manual_seed(49)
    return {"model": _Rotor().double(), "x": torch.tensor([[0.5, 1.5]], dtype=torch.float64)}


def test_an_orthogonal_parametrisation_by_the_matrix_exponential_is_ok_with_pytorchs_gradient():
    """Only X[1][0] moves the rotation (tril(X) - tril(X)^T: the diagonal cancels, X[0][1] is never read)."""
    args = _rotor_args()
    wrt = "model.fc.parametrizations.weight.original"
    report = gradcli.check(_rotor_loss, [args], dtypes=("float64",), framework="torch", wrt=(wrt,))
    [result] = report.results
    assert result.status == "ok", result.findings
    original = args["model"].fc.parametrizations.weight.original
    (own,) = torch.autograd.grad(_rotor_loss(**args), original)
    exact = np.asarray(result.exact_gradient[wrt], dtype=float)
    np.testing.assert_allclose(exact, own.numpy(), rtol=1e-10, atol=1e-13)
    assert exact[0, 1] == 0 and exact[1, 0] != 0


def test_rrelu_in_training_is_refused_at_the_users_line():
    def noisy(x):
        return torch.nn.functional.rrelu(x, training=True).sum()  # the line named

    with pytest.raises(InputError) as caught:
        gradcli.check(noisy, [V], dtypes=("float64",), framework="torch")
    assert "training" in str(caught.value) and f"{__file__}:{noisy.__code__.co_firstlineno + 1}" in str(caught.value)
