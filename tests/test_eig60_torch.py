"""PyTorch's eigvals of a Jordan block in another basis (P J P^-1, J = [[2, 1], [0, 2]]): the determinant as the
product of the eigenvalues has its exact gradient, the cofactors, and PyTorch's backward, exact at the pair its
floats split, is judged at high precision on the pair split alike (never a NaN called `wrong`)."""

import numpy as np
import pytest

import gradcli

torch = pytest.importorskip("torch")

JORDAN_ELSEWHERE = [[1.0, 1.0], [-1.0, 3.0]]


def det_by_eigvals(a):
    return torch.real(torch.prod(torch.linalg.eigvals(a)))


def test_pytorchs_product_of_a_jordan_pair_is_judged_against_the_cofactors():
    result = gradcli.check(det_by_eigvals, [{"a": np.array(JORDAN_ELSEWHERE)}], dtypes=("float64",), fixes=False,
                           framework="torch").results[0]
    np.testing.assert_array_equal(np.asarray(result.exact_gradient["a"], dtype=object).astype(float),
                                  [[3.0, 1.0], [-1.0, 1.0]])
    # float64's own backward keeps half its digits at the split pair: rounding, not a wrong rule
    assert result.status == "unstable", (result.status, [f.message for f in result.findings])
    assert not any("nan" in f.message for f in result.findings)
