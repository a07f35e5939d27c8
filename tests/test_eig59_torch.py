"""PyTorch's eigvals at a defective matrix whose floats split its eigenvalue: the sum of the eigenvalues is the trace,
and PyTorch's own kernel (not NumPy's, which in float32 gives [[3, 1], [-1, 1]] one eigenvector twice) is what the
replay in each dtype runs, while the exact replay of PyTorch's backward solves with eigenvectors that are parallel
but for the working precision's last bits, exactly."""

import numpy as np
import pytest

import gradcli

torch = pytest.importorskip("torch")

JORDAN = [[3.0, 1.0], [-1.0, 1.0]]  # (x - 2)^2, one eigenvector: a Jordan block in another basis


def trace_by_eigvals(a):
    return torch.real(torch.sum(torch.linalg.eigvals(a)))


def test_pytorchs_eigvals_of_a_jordan_block_sum_to_the_trace():
    report = gradcli.check(trace_by_eigvals, [{"a": np.array(JORDAN)}], dtypes=("float32", "float64"), fixes=False,
                           framework="torch")
    for result, dtype in zip(report.results, (torch.float32, torch.float64)):
        assert result.status == "ok", (result.dtype, result.status, result.findings)
        assert float(result.exact_value) == 4.0
        np.testing.assert_array_equal(np.asarray(result.exact_gradient["a"], dtype=object).astype(float), np.eye(2))
        a = torch.tensor(JORDAN, dtype=dtype, requires_grad=True)
        trace_by_eigvals(a).backward()
        np.testing.assert_array_equal(np.asarray(result.gradient["a"], dtype=np.float64), a.grad.numpy())
