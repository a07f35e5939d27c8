"""JAX's triangular solves replayed by substitution: a singular triangle gives JAX's infinities and NaN, never a raise.

``jnp.linalg.solve`` in float32 on a nearly singular system meets a pivot its
rounding made 0: JAX divides by it and answers NaN; the replay in the dtype
divides too, so the check says `unstable` at the solve's line, naming the
division, rather than blaming the user's program for a LinAlgError it never raised.
"""

import inspect
import itertools

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import gradcli
from gradcli.capture import jax_linalg


def ridge_fit(w):
    """A ridge regression's loss whose two columns float32 cannot tell apart (1 + 1e-7 rounds to 1)."""
    X = jnp.array([[1.0, 1.0], [1.0, 1.0 + 1e-7], [1.0, 1.0 - 1e-7]]) * jnp.array([1.0, w])
    y = jnp.array([1.0, 2.0, 0.5])
    beta = jnp.linalg.solve(X.T @ X + 1e-12 * jnp.eye(2), X.T @ y)
    return jnp.sum((X @ beta - y) ** 2)


SOLVE_LINE = f"{__file__}:{inspect.getsourcelines(ridge_fit)[1] + 4}"


def test_a_float32_solve_jax_answers_with_nan_is_unstable_at_the_solve():
    report = gradcli.check(ridge_fit, [{"w": 1.0}], dtypes=["float32", "float64"], fixes=False)
    narrow, wide = report.results
    # JAX answers NaN (the check's value is its own jit(value_and_grad) program's): what the replay has to meet
    assert narrow.status == "unstable" and narrow.value is not None and np.isnan(narrow.value)
    assert [f.kind for f in narrow.findings if f.kind == "raised"] == []
    forward = [f for f in narrow.findings if f.phase == "forward" and f.kind == "nonfinite"]
    assert forward and forward[0].op == "divide in jax.numpy.linalg.solve (lu)" and forward[0].location == SOLVE_LINE, narrow.findings
    assert "[[0]]" in forward[0].message  # the zero pivot it divided by
    # float64 holds the columns apart: a finite answer, the exact gradient of d/dw sum((X beta - y)^2)
    assert np.isfinite(wide.value) and wide.exact_gradient["w"] == pytest.approx(-0.021838446487018035, rel=1e-12)


def _jax_solve(a, b, **flags):
    with jax.enable_x64(True):
        return np.asarray(jax.lax.linalg.triangular_solve(jnp.asarray(a), jnp.asarray(b), **flags))


FLAGS = [dict(zip(("left_side", "lower", "transpose_a", "unit_diagonal"), f)) for f in itertools.product((False, True), repeat=4)]


@pytest.mark.parametrize("flags", FLAGS, ids=lambda f: "-".join(k for k, v in f.items() if v) or "none")
def test_the_substitution_solves_as_jax_does_every_way_round(flags):
    rng = np.random.default_rng(3)
    a = rng.normal(size=(2, 4, 4)) + 4 * np.eye(4)  # a batch; both triangles full, so a wrong one read shows
    b = rng.normal(size=(2, 4, 3) if flags["left_side"] else (2, 3, 4))
    replayed = jax_linalg.triangular_solve(flags, a, b)
    np.testing.assert_allclose(replayed, _jax_solve(a, b, **flags), rtol=1e-12)


def test_a_zero_on_the_diagonal_divides_where_jax_divides():
    a = np.array([[2.0, 1.0, 0.5], [0.0, 0.0, 1.0], [0.0, 0.0, 4.0]])
    b = np.array([[1.0], [2.0], [3.0]])
    flags = {"left_side": True, "lower": False, "transpose_a": False, "unit_diagonal": False}
    with np.errstate(divide="ignore", invalid="ignore"):
        replayed = np.asarray(jax_linalg.triangular_solve(flags, a, b))
    theirs = _jax_solve(a, b, **flags)
    assert not np.isfinite(theirs).all()
    np.testing.assert_array_equal(np.isnan(replayed), np.isnan(theirs))
    np.testing.assert_array_equal(np.isinf(replayed), np.isinf(theirs))
    np.testing.assert_allclose(replayed[np.isfinite(theirs)], theirs[np.isfinite(theirs)], rtol=1e-12)


def test_the_lu_eliminations_in_the_dtype_are_operations_the_checker_sees():
    """On the dtype's bare numbers (the replay of JAX's backward graph), each elimination step is one of gradcli's
    operations, so a cancellation making a pivot 0 is an operation provenance can name."""
    from gradcli.checker.provenance import Recorder

    a = np.array([[2.0, 1.0, 3.0], [4.0, 2.0, 1.0], [1.0, 3.0, 1.0]], dtype=np.float32)
    with Recorder() as recorder:
        factors, pivots, permutation = jax_linalg.lu({}, a)
    names = [op.name for op in recorder.recording.ops]
    # three rows below the first pivot and one below the second: a divide each, a multiply and subtract per entry
    assert names.count("divide") == 3 and names.count("subtract") == 5 and names.count("multiply") == 5, names
    with jax.enable_x64(True):
        theirs = jax.lax.linalg.lu(jnp.asarray(a))
    np.testing.assert_array_equal(pivots, np.asarray(theirs[1]))
    np.testing.assert_allclose(np.asarray(factors), np.asarray(theirs[0]), rtol=1e-6)
    # the first row's second entry cancels under the pivot row [4, 2, 1]: 1 - 0.5 * 2 = 0
    cancelled = [op for op in recorder.recording.ops if op.name == "subtract" and np.asarray(op.output) == 0]
    assert cancelled, names
