"""JAX's ``jnp.linalg.solve`` and ``inv`` (``lu``, its pivots, triangular solves) replayed on proof numbers.

sum(solve([[1, 1], [1, 1 + t]], [2, 3])) is 2 for every t: its slope is exactly
0, which balls alone leave a tiny ball around 0 at every precision. The replay's
factorisation runs on `arb_proof.Sym` numbers too (a pivot chosen on a proof
number's ball), so the proof sees the rational function and settles the 0.
"""

import math

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import gradcli


def solve_ill(t):
    a = jnp.array([[1.0, 1.0], [1.0, 1.0 + t]])
    return jnp.sum(jnp.linalg.solve(a, jnp.array([2.0, 3.0])))


def solve_columns(t):
    """Two right-hand sides at once (JAX batches the solve over them): the sum is 6 for every t."""
    a = jnp.array([[1.0, 1.0], [1.0, 1.0 + t]])
    return jnp.sum(jnp.linalg.solve(a, jnp.array([[2.0, 4.0], [3.0, 6.0]])))


def inv_column(t):
    """inv(a)[:, 0] = ((1 + t)/t, -1/t): the sum is 1 for every t."""
    a = jnp.array([[1.0, 1.0], [1.0, 1.0 + t]])
    return jnp.sum(jnp.linalg.inv(a)[:, 0])


@pytest.mark.parametrize("fun, value, t", [(solve_ill, 2.0, 0.5), (solve_ill, 2.0, 1e-10), (solve_columns, 6.0, 0.5),
                                          (inv_column, 1.0, 1e-10)], ids=lambda v: getattr(v, "__name__", str(v)))
def test_a_slope_that_is_exactly_0_through_jaxs_solve_is_proven_0(fun, value, t):
    (result,) = gradcli.check(fun, [{"t": t}], dtypes=["float64"], fixes=False, max_time=math.inf).results
    assert result.status == "ok", result.findings
    assert result.exact_value == pytest.approx(value, rel=1e-12)
    assert result.exact_gradient["t"] == 0


def test_float32_where_1_plus_t_rounds_to_1_is_unstable_against_the_finite_exact_answer():
    narrow, wide = gradcli.check(solve_ill, [{"t": 1e-10}], dtypes=["float32", "float64"], fixes=False, max_time=math.inf).results
    assert narrow.status == "unstable" and np.isnan(narrow.value)
    assert narrow.exact_value == pytest.approx(2.0, rel=1e-12) and narrow.exact_gradient["t"] == 0
    assert any(f.gradcli_op == "divide" and "[[0]]" in f.message for f in narrow.findings if f.phase == "forward")
    assert wide.status == "ok"


def skewed(w):
    """A solve whose matrix is not symmetric, with a matrix right-hand side: a solve along the wrong axis of b,
    or with a's transpose, gives other numbers."""
    a = jnp.array([[3.0, 1.0, 0.5], [-2.0, 4.0, 1.0], [0.25, -1.0, 2.0]]) * jnp.array([1.0, w, w * w])
    b = jnp.array([[1.0, 2.0], [0.5, -1.0], [2.0, 0.25]]) * w
    return jnp.sum(jnp.linalg.solve(a, b) * jnp.array([[1.0, -2.0], [0.5, 3.0], [-1.0, 1.5]]))


def test_a_dense_solve_replayed_exactly_answers_as_jax_does():
    (result,) = gradcli.check(skewed, [{"w": 1.3}], dtypes=["float64"], fixes=False, max_time=math.inf).results
    # JAX's float64 value and slope: the check's own jax.jit(jax.value_and_grad(skewed)) program's (test_jax_program.py)
    value, slope = result.value, result.gradient["w"]
    assert result.status == "ok", result.findings
    assert float(result.exact_value) == pytest.approx(float(value), rel=1e-12)
    assert float(result.exact_gradient["w"]) == pytest.approx(float(slope), rel=1e-10)


def expm_scaled(v):
    """jax.scipy.linalg.expm solves its Padé approximant's system by lu; v[1] plays no part: its slope is exactly 0."""
    m = jnp.array([[2.0, 0.3], [0.3, 1.5]])
    return jnp.sum(jax.scipy.linalg.expm(m * v[0]))


def test_expm_whose_slope_in_an_unread_argument_is_exactly_0_is_ok():
    (result,) = gradcli.check(expm_scaled, [{"v": np.array([0.3, 0.7])}], dtypes=["float64"], fixes=False, max_time=math.inf).results
    slope = result.gradient["v"]  # JAX's float64 slope: the check's own jit(value_and_grad) program's
    assert result.status == "ok", result.findings
    exact = [float(g) for g in result.exact_gradient["v"]]
    assert exact[0] == pytest.approx(float(slope[0]), rel=1e-12) and exact[1] == 0
