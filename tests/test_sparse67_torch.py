"""Sparse tensors whose values are the checked input: COO (a repeated index summed), CSR and CSC, through the products
PyTorch differentiates, ``to_dense()`` and ``torch.sparse.sum``, each checked ok with the exact gradient of the dense matrix its entries make,
written here in mpmath and differentiated by mpmath."""

import mpmath
import pytest
import torch

import gradcli

W = [0.5, 1.5, -0.25]
X = [[1.0], [-2.0]]


def csr_product(w):
    adj = torch.sparse_csr_tensor([0, 1, 3], [1, 0, 1], w, (2, 2))  # [[0, w0], [w1, w2]]
    return torch.sin(adj @ torch.tensor(X, dtype=w.dtype)).sum()


def csc_dense(w):
    adj = torch.sparse_csc_tensor([0, 1, 3], [1, 0, 1], w, (2, 2))  # [[0, w1], [w0, w2]]
    return torch.sin(adj.to_dense() @ torch.tensor(X, dtype=w.dtype)).sum()


def coo_repeated(w):
    adj = torch.sparse_coo_tensor([[0, 1, 1, 0], [1, 0, 1, 1]], torch.cat([w, w[:1] * w[1:2]]), (2, 2))
    return (adj.to_dense() ** 3).sum() + torch.sparse.sum(adj)  # [[0, w0 + w0 w1], [w1, w2]]


def _csr_truth(w0, w1, w2):
    return mpmath.sin(-2 * w0) + mpmath.sin(w1 - 2 * w2)


def _csc_truth(w0, w1, w2):
    return mpmath.sin(-2 * w1) + mpmath.sin(w0 - 2 * w2)


def _coo_truth(w0, w1, w2):
    entries = [w0 + w0 * w1, w1, w2]
    return sum(e ** 3 for e in entries) + sum(entries)


@pytest.mark.parametrize("function, truth, dtype", [
    (csr_product, _csr_truth, "float64"), (csc_dense, _csc_truth, "float64"), (coo_repeated, _coo_truth, "float64"),
    (csr_product, _csr_truth, "float32")])
def test_sparse_values_checked_as_the_dense_matrix_of_their_entries(function, truth, dtype):
    (result,) = gradcli.check(function, [{"w": W}], dtypes=(dtype,), fixes=False, framework="torch").results
    assert result.status == "ok", result.findings
    with mpmath.workdps(40):
        at = [mpmath.mpf(v) for v in W]  # each exactly a float32 and a float64
        for i, got in enumerate(result.exact_gradient["w"]):
            want = mpmath.diff(truth, at, tuple(int(j == i) for j in range(3)))
            assert abs(mpmath.mpf(got) - want) <= 1e-12 * abs(want)
