"""PyTorch's eigh rule at a repeated eigenvalue, on a loss of the group's projector (tr(P B) at diag(2, 2, 5)): the
exact derivative exists, PyTorch's rule divides by the pair's gap of 0 even at high precision, so its NaN is
`wrong`, named at the user's eigh line, as JAX's is (tests/test_eig60b_jax_eigh_group.py)."""

import numpy as np
import pytest

import gradcli
from eig60b_group import B, PAIR_BESIDE_FIVE, assert_the_rule_is_wrong_at_the_eigh_line

torch = pytest.importorskip("torch")


def projected_b(a):
    v = torch.linalg.eigh(a)[1][:, :2]
    return torch.sum((v @ v.T) * torch.tensor(B, dtype=a.dtype))


def test_pytorchs_eigh_rule_at_a_repeated_pair_is_wrong_at_the_users_line():
    result = gradcli.check(projected_b, [{"a": PAIR_BESIDE_FIVE}], dtypes=("float64",), fixes=False).results[0]
    # PyTorch's eigh reads the lower triangle: -(B[i, 2] + B[2, i]) / 3 in the row of the simple eigenvalue's axis
    want = np.zeros((3, 3))
    want[2, :2] = [-1 / 3, -0.2]
    assert_the_rule_is_wrong_at_the_eigh_line(result, projected_b, want)
