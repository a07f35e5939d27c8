"""gradcli.numpy's eig rule in float32 at a Jordan block in another basis (A = P J P^-1, J = [[2, 1], [0, 2]]).

float32's kernel leaves the defective pair equal, its two eigenvectors parallel to the last bit, so the rule's
inverse of the eigenvectors has no number to give: the gradient is NaN there (as an LU solve's zero pivot gives in
JAX's rules), `unstable` with the rule named at the user's line, where a LinAlgError raised inside gradcli's own rule
was called the user's program failing. The exact gradients (the identity, the cofactors) stand; float64's kernel
splits the pair and its rule keeps half its digits (tests/test_eig60_jordan.py).
"""

import numpy as np

import gradcli
import gradcli.numpy as gnp
from gradcli.autodiff.ops_linalg import inverse_or_nan

JORDAN_ELSEWHERE = np.array([[1.0, 1.0], [-1.0, 3.0]])  # P J P^-1 with P = [[1, 2], [1, 3]]


def det_by_eigvals(a):
    return gnp.real(gnp.prod(gnp.linalg.eigvals(a)))


def test_float32s_parallel_eigenvectors_make_the_rule_nan_named_at_the_users_line():
    result = gradcli.check(det_by_eigvals, [{"a": JORDAN_ELSEWHERE}], dtypes=("float32",), fixes=False).results[0]
    messages = [f.message for f in result.findings]
    assert result.status == "unstable", (result.status, messages)
    np.testing.assert_array_equal(np.asarray(result.exact_gradient["a"], dtype=object).astype(float),
                                  [[3.0, 1.0], [-1.0, 1.0]])
    assert np.all(np.isnan(np.asarray(result.gradient["a"], dtype=float)))
    assert not any(f.kind == "raised" or "LinAlgError" in f.message for f in result.findings), messages
    rule = next(f for f in result.findings if f.phase == "backward" and f.op == "linalg.eig")
    assert rule.location.endswith(f"{__file__.rsplit('/', 1)[-1]}:{det_by_eigvals.__code__.co_firstlineno + 1}")
    assert "nan" in rule.message


def test_a_singular_matrix_of_a_stack_gets_nan_and_the_others_their_inverse():
    stack = np.array([[[1.0, 2.0], [2.0, 4.0]], [[2.0, 0.0], [0.0, 4.0]]], dtype=np.float32)
    out = inverse_or_nan(stack)
    assert out.dtype == np.float32 and np.all(np.isnan(out[0]))
    np.testing.assert_allclose(out[1], [[0.5, 0.0], [0.0, 0.25]])
