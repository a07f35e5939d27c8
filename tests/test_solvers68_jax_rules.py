"""A JAX solver whose derivative is the user's own solve: a wrong one is found wrong and named at its ``def``.

``lax.custom_linear_solve`` differentiates x = A^-1 b by solving with the
user's ``transpose_solve`` in the backward pass (``solve`` itself where
``symmetric=True``); JAX's transposition runs it as a jaxpr of the same
primitive, so the finding names that function, not a line of the forward
solve. The truths are mpmath's: sum(A^-1 b) for A = a M, whose slope in a is
-sum(M^-1 b) / a^2.
"""

import mpmath
import pytest

import gradcli

SOLVES = """import jax
import jax.numpy as jnp

M = [[2.0, 0.5], [0.25, 3.0]]


def solved(a):
    m = jnp.array(M) * a

    def matvec(v):
        return m @ v

    def solve(mv, b):
        return jnp.linalg.solve(m, b)

    def transpose_solve(vm, b):
        return jnp.linalg.solve(m.T, b) * 1.5

    return jnp.sum(jax.lax.custom_linear_solve(matvec, jnp.array([1.0, 2.0]), solve, transpose_solve))


def symmetric_solved(a):
    m = jnp.array([[2.0, 0.5], [0.5, 3.0]]) * a

    def solve(mv, b):
        return jnp.linalg.solve(m, b)

    return jnp.sum(jax.lax.custom_linear_solve(lambda v: m @ v, jnp.array([1.0, 2.0]), solve, symmetric=True))
"""


def _slope(rows, a):
    """d/da sum((a M)^-1 b), b = (1, 2), at 40 digits."""
    with mpmath.workdps(40):
        x = mpmath.lu_solve(mpmath.matrix(rows), mpmath.matrix([1, 2]))
        return -(x[0] + x[1]) / mpmath.mpf(a) ** 2


@pytest.fixture(scope="module")
def solves(tmp_path_factory):
    path = tmp_path_factory.mktemp("solves") / "solves68.py"
    path.write_text(SOLVES)
    return path


def test_a_wrong_transpose_solve_is_named_at_its_def(solves):
    (result,) = gradcli.check(f"{solves}:solved", [{"a": 1.5}], dtypes=("float64",), fixes=False).results
    slope = _slope([[2.0, 0.5], [0.25, 3.0]], 1.5)
    assert result.status == "wrong"
    assert abs(mpmath.mpf(result.exact_gradient["a"]) - slope) <= 1e-12 * abs(slope)
    line = SOLVES.splitlines().index("    def transpose_solve(vm, b):") + 1
    (finding,) = [f for f in result.findings if f.kind == "wrong-rule"]
    assert finding.location == f"{solves}:{line}" and "transpose_solve" in finding.op, finding


def test_a_right_symmetric_solve_is_ok(solves):
    (result,) = gradcli.check(f"{solves}:symmetric_solved", [{"a": 0.75}], dtypes=("float64",), fixes=False).results
    slope = _slope([[2.0, 0.5], [0.5, 3.0]], 0.75)
    assert result.status == "ok", result.findings
    assert abs(mpmath.mpf(result.exact_gradient["a"]) - slope) <= 1e-12 * abs(slope)
