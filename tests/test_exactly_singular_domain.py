"""A matrix the program inverts or solves with that is singular at the point, exactly, is the function's pole: domain.

(A^-1)[0, 0] of [[1, t], [t, 1]] is 1/(1 - t^2), a pole at t = 1; a two-state chain's stationary share b / (a + b) by
solving [[-a, b], [1, 1]] pi = [0, 1] is 0/0 at a = b = 0. NumPy raises LinAlgError there, and the exact reference's
elimination, without rounding, finds the determinant exactly 0 (`mp.Singular`): the function has no value at the
point, so the verdict is `domain`, as slogdet of a singular matrix (exact value -inf) has been. A determinant that
is 0 only below mpmath's floor is no such proof, and a point beside the pole is judged as any other.
Truth: det [[1, t], [t, 1]] = 1 - t^2 and det [[-a, b], [1, 1]] = -(a + b).
"""

import pytest

import gradcli

PROGRAM = """import numpy as np


def inverse_corner(t):
    a = np.array([[1.0, t[0]], [t[0], 1.0]])
    return np.linalg.inv(a)[0, 0]


def stationary_first(rates):
    a, b = rates[0], rates[1]
    return np.linalg.solve(np.array([[-a, b], [1.0, 1.0]]), np.array([0.0, 1.0]))[0]
"""


@pytest.fixture(scope="module")
def program(tmp_path_factory):
    path = tmp_path_factory.mktemp("singular") / "chains.py"
    path.write_text(PROGRAM)
    return path


@pytest.mark.parametrize("function, point", [("inverse_corner", {"t": [1.0]}),
                                             ("stationary_first", {"rates": [0.0, 0.0]})])
def test_an_exactly_singular_matrix_is_the_functions_pole(program, function, point):
    [result] = gradcli.check(f"{program}:{function}", [point], dtypes=("float64",), fixes=False).results
    assert result.status == "domain", (result.findings, result.notes)
    [raised] = [f for f in result.findings if f.kind == "raised"]
    assert "LinAlgError" in raised.message and "has no derivative here" in raised.message
    assert raised.location.endswith(f"chains.py:{6 if function == 'inverse_corner' else 11}")


def test_beside_the_pole_the_inverse_is_judged(program):
    [result] = gradcli.check(f"{program}:inverse_corner", [{"t": [0.5]}], dtypes=("float64",), fixes=False).results
    # d/dt 1/(1 - t^2) = 2t / (1 - t^2)^2 = 1 / 0.5625
    assert result.status == "ok" and result.exact_gradient["t"][0] == pytest.approx(1 / 0.5625, rel=1e-14)
