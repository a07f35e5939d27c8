"""JAX's eigh rule at a repeated eigenvalue, on a loss of the group's projector: tr(P B), P = V_G V_G^T the projector
of the pair of 2 in diag(2, 2, 5).

The exact derivative exists (dP = R dA P + P dA R, R the pair's reduced resolvent), while JAX's rule divides by the
eigenvalues' gaps, 0 within the pair, even at high precision: the rule is not defined there and gives NaN where the
derivative is finite, which is `wrong` (README: a rule giving NaN or inf at high precision where the derivative is
finite), named at the user's eigh line; the NaN is the rule's 1 / gap in JAX's backward pass, no forward op's.
PyTorch's rule does the same (tests/test_eig60b_torch_eigh_group.py); TensorFlow's leaves the pair's own gaps out and
gives the exact derivative (tests/test_eig60b_tf_eigh_group.py).
"""

import numpy as np
import pytest

import gradcli
from eig60b_group import B, PAIR_BESIDE_FIVE, assert_the_rule_is_wrong_at_the_eigh_line

jnp = pytest.importorskip("jax.numpy")


def projected_b(a):
    v = jnp.linalg.eigh(a)[1][:, :2]
    return jnp.sum((v @ v.T) * jnp.array(B))


def test_jaxs_eigh_rule_at_a_repeated_pair_is_wrong_at_the_users_line():
    result = gradcli.check(projected_b, [{"a": PAIR_BESIDE_FIVE}], dtypes=("float64",), fixes=False).results[0]
    # JAX's eigh reads the symmetric part: -(B[i, 2] + B[2, i]) / 3, halved on each side of the diagonal
    want = np.zeros((3, 3))
    want[2, :2] = want[:2, 2] = [-1 / 6, -0.1]
    assert_the_rule_is_wrong_at_the_eigh_line(result, projected_b, want)
