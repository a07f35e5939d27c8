"""Linear solves and inverses on balls and jets: an exact reference through gradcli's own ops.

numpy.linalg.solve and inv (which tf.linalg.solve, torch.linalg.solve and their inverses replay through) are proven
on balls by flint's solve; on jets, each seed's slope solves a dx = db - da x with the same matrix. So the one-step
implicit trick (a fixed point held by stop_gradient, then one Newton step with the gradient), whose derivative only
jets take with the held value held, has an exact reference.
"""

import numpy as np
import pytest

import gradcli
from gradcli.autodiff import arb as arb_core
from gradcli.autodiff import ops_linalg

W = np.array([[0.3, -0.2], [0.1, 0.4]])
R = np.array([1.0, -0.5])

USER_CODE = f'''import gradcli
import gradcli.numpy as np

W = {W.tolist()}


def _residual(z, x):
    return z - np.tanh(np.array(W) @ z + x)


def _jacobian(z, x):
    s = 1.0 - np.tanh(np.array(W) @ z + x) ** 2
    return np.eye(2) - s[:, None] * np.array(W)


def _fixed_point(x):
    z = np.zeros(2)
    for _ in range(30):
        z = z - np.linalg.solve(_jacobian(z, x), _residual(z, x))
    return gradcli.stop_gradient(z)


def by_solve(x):
    z = _fixed_point(x)
    z = z - np.linalg.solve(gradcli.stop_gradient(_jacobian(z, x)), _residual(z, x))
    return np.sum(z * np.array({R.tolist()}))


def by_inverse(x):
    z = _fixed_point(x)
    z = z - np.linalg.inv(gradcli.stop_gradient(_jacobian(z, x))) @ _residual(z, x)
    return np.sum(z * np.array({R.tolist()}))
'''


def implicit_slope(x):
    """d(r . z)/dx at z = tanh(W z + x): r^T (I - S W)^-1 S, S = diag(1 - z^2), by the implicit function theorem."""
    z = np.zeros(2)
    for _ in range(200):
        z = np.tanh(W @ z + x)
    s = np.diag(1 - np.tanh(W @ z + x) ** 2)
    return np.linalg.solve((np.eye(2) - s @ W).T, R) @ s


def assert_the_implicit_trick_is_judged(path, code, function="implicit"):
    """``code``'s ``function`` (the one-step implicit trick over some framework's solve), written to ``path`` and
    checked at x = [0.5, -1]: ok, its exact gradient the implicit function theorem's to 1e-12."""
    path.write_text(code)
    x = np.array([0.5, -1.0])
    (result,) = gradcli.check(f"{path}:{function}", [{"x": x}], dtypes=("float64",), fixes=False).results
    assert result.status == "ok", [f.message for f in result.findings]
    got = [float(v) for v in result.exact_gradient["x"]]
    assert np.allclose(got, implicit_slope(x), rtol=1e-12, atol=0)


@pytest.mark.parametrize("function", ["by_solve", "by_inverse"])
def test_the_one_step_implicit_trick_through_a_solve_or_an_inverse_is_judged(tmp_path, function):
    assert_the_implicit_trick_is_judged(tmp_path / "implicit.py", USER_CODE, function)


def test_a_solve_on_balls_encloses_the_exact_solution_and_on_jets_its_derivative():
    arb_core.enable()
    ball = arb_core.ARB
    a = np.array([[ball(2), ball(1)], [ball(1), ball(3)]], dtype=object)
    b = np.array([ball(1), ball(2)], dtype=object)
    x = ops_linalg.solve(a, b)  # [1/5, 3/5]
    assert all(e.contains(ball(n) / 5) and e.rad() < ball(2) ** -40 for e, n in zip(x, (1, 3)))
    # a moving a[0][0] along one seed: dx = -a^-1 (da x), da = e00, so dx = -x0 a^-1 e0 = -(1/5) [3/5, -1/5]
    jets = np.array([[arb_core.Jet(ball(2), np.array([ball(1)], dtype=object)), ball(1)], [ball(1), ball(3)]],
                    dtype=object)
    moved = ops_linalg.solve(jets, b)
    assert [e.d[0].contains(ball(n) / 25) for e, n in zip(moved, (-3, 1))] == [True, True]
    inverse = ops_linalg.inv(a)  # [[3, -1], [-1, 2]] / 5
    assert all(inverse[i, j].contains(ball(n) / 5) for (i, j), n in zip(np.ndindex(2, 2), (3, -1, -1, 2)))


def test_a_singular_system_on_balls_leaves_the_answer_to_mpmath():
    arb_core.enable()
    ball = arb_core.ARB
    singular = np.array([[ball(1), ball(2)], [ball(2), ball(4)]], dtype=object)
    with pytest.raises(arb_core.NoArb):
        ops_linalg.solve(singular, np.array([ball(1), ball(1)], dtype=object))
