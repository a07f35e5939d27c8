"""eigh's repeated group through its projector: P = V_G V_G^T, the sum over the group's vectors, is a function of the
matrix though no single vector of the group is. A loss tr(P B) has the exact slope dP = R dA P + P dA R (R the
group's reduced resolvent): its 0s are proven, its other entries what NumPy's differences of the same loss say, and
gradcli's eigh rule, which reads the group's vectors, gives that derivative instead of a NaN where the loss does not
turn with them (V^T dL/dV symmetric within the group); a single vector of the group stays no function (`domain`)."""

import numpy as np

import gradcli
import gradcli.numpy as gnp

B = np.array([[1.0, 2.0, 0.5], [2.0, -1.0, 0.3], [0.5, 0.3, 4.0]])
BESIDE_A_SIMPLE_ONE = np.diag([2.0, 2.0, 5.0])  # the pair's space the first two axes, 5 beside it
TURNED = np.array([[3.5, 1.5, 0.0], [1.5, 3.5, 0.0], [0.0, 0.0, 2.0]])  # 2 twice: (1, -1, 0) / sqrt 2 and e_2; and 5


def projected_b(a):
    v = gnp.linalg.eigh(a)[1][:, :2]
    return gnp.sum(gnp.matmul(v, gnp.transpose(v)) * B)


def numpys_differences(a, h=1e-6):
    """Central differences of the same loss by NumPy's eigh, in the lower triangle eigh reads."""
    loss = lambda m: np.sum((np.linalg.eigh(m)[1][:, :2] @ np.linalg.eigh(m)[1][:, :2].T) * B)  # noqa: E731
    out = np.zeros_like(a)
    for i, j in zip(*np.tril_indices(len(a))):
        step = np.zeros_like(a)
        step[i, j] = h
        out[i, j] = (loss(a + step) - loss(a - step)) / (2 * h)
    return out


def test_the_projector_of_a_pair_beside_a_simple_eigenvalue_has_its_exact_slopes():
    result = gradcli.check(projected_b, [{"a": BESIDE_A_SIMPLE_ONE}], dtypes=("float64",), fixes=False).results[0]
    assert result.status == "ok", (result.status, [f.message for f in result.findings])
    exact = np.asarray(result.exact_gradient["a"], dtype=object)
    # -(B[i, 2] + B[2, i]) / 3 in the row the simple eigenvalue's axis reads, 0 proven everywhere else
    np.testing.assert_allclose(exact[2, :2].astype(float), [-1 / 3, -0.2], rtol=1e-14)
    assert np.all(np.delete(exact.ravel(), [6, 7]) == 0)
    np.testing.assert_allclose(exact.astype(float), numpys_differences(BESIDE_A_SIMPLE_ONE), atol=1e-8)
    np.testing.assert_allclose(np.asarray(result.gradient["a"], dtype=float), exact.astype(float), atol=1e-14)


def test_a_turned_pairs_projector_is_exact_and_gradclis_rule_gives_it():
    """The pair's space is no pair of axes; NumPy's float eigh splits the pair by a rounding (1 / gap would blow it
    up to an error of 0.02), which the rule leaves out where the loss does not turn with the pair's vectors."""
    result = gradcli.check(projected_b, [{"a": TURNED}], dtypes=("float64",), fixes=False).results[0]
    assert result.status == "ok", (result.status, [f.message for f in result.findings])
    exact = np.asarray(result.exact_gradient["a"], dtype=object).astype(float)
    np.testing.assert_allclose(exact, numpys_differences(TURNED), atol=1e-8)
    assert exact[2, 2] == 0 and exact[1, 0] == 0
    np.testing.assert_allclose(np.asarray(result.gradient["a"], dtype=float), exact, rtol=1e-12, atol=1e-14)
