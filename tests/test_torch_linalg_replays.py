"""PyTorch's factorising linear algebra, replayed: determinants through a pivoted LU, and the ops that read its factors.

Each op's replayed forward and backward graphs give PyTorch's own float64
value and gradient. ``torch.linalg.det``'s backward solves with the LU factors
its forward made, nudged by machine epsilon where U's diagonal is exactly 0:
at an exactly singular matrix that gives a zero gradient, where the exact
derivative is the matrix of cofactors. gradcli says `wrong` there, at the
user's line; near a singular matrix the rule is accurate and the verdict `ok`.
"""

import numpy as np
import pytest
import torch

import gradcli
from gradcli.capture.torch_bridge import capture
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


@pytest.mark.parametrize("name", OPS)
def test_a_factorising_op_replays_as_pytorch_computes_it_in_float64(name):
    fun, args = OPS[name]
    assert_replays_as_the_framework_computes(capture, fun, args, name)


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
