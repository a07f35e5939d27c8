"""A lax.while_loop summing a series to its own tolerance, in the primal of a custom rule, is judged at its limit: the
exact reference runs the loop past its stopping test until the sum it returns settles (its terms and its counter,
float or integer, left out of that test), so the exact value is the function the series stands for (e^x, log1p(x)),
never the float run's truncation; a series whose sum never settles (log1p's past its radius, stopped by a cap of
trips) has no exact reference, and says so. Truths are mpmath's."""

import mpmath as mp
import pytest

import gradcli

jax = pytest.importorskip("jax")

SOURCE = '''
import jax
import jax.numpy as jnp
from jax import lax


def _exp_tol(x):
    def going(state):
        total, term, k = state
        return jnp.abs(term) > 1e-9 * jnp.abs(total)

    def step(state):
        total, term, k = state
        return total + term, term * x / (k + 1), k + 1

    return lax.while_loop(going, step, (jnp.ones_like(x), x, 1.0))[0]


@jax.custom_jvp
def exp_tol(x):
    return _exp_tol(x)


@exp_tol.defjvp
def _exp_tol_jvp(primals, tangents):
    (x,), (dx,) = primals, tangents
    return _exp_tol(x), jnp.exp(x) * dx


def _log1p_capped(x):
    def going(state):
        total, power, k = state
        return (jnp.abs(power / k) > 1e-12) & (k < 200)

    def step(state):
        total, power, k = state
        return total + jnp.where(k % 2 == 1, 1.0, -1.0) * power / k, power * x, k + 1

    return lax.while_loop(going, step, (jnp.zeros_like(x), x, 1.0))[0]


@jax.custom_jvp
def log1p_capped(x):
    return _log1p_capped(x)


@log1p_capped.defjvp
def _log1p_capped_jvp(primals, tangents):
    (x,), (dx,) = primals, tangents
    return _log1p_capped(x), dx / (1 + x)
'''


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    (path := tmp_path_factory.mktemp("jax62") / "series62.py").write_text(SOURCE)
    return str(path)


def _check(module, name, x):
    (result,) = gradcli.check(f"{module}:{name}", [{"x": x}], dtypes=("float64",), fixes=False, max_time=20).results
    return result


def test_a_series_to_a_tolerance_is_judged_at_its_limit(module):
    result = _check(module, "exp_tol", 1.5)
    # the float run stops 7.5e-10 short of e^1.5; the exact value is e^1.5 itself, and the rule e^x dx is right there
    assert float(result.value) != pytest.approx(float(mp.exp(1.5)), rel=1e-10)
    assert float(result.exact_value) == pytest.approx(float(mp.exp(1.5)), rel=1e-14)
    assert float(result.exact_gradient["x"]) == pytest.approx(float(mp.exp(1.5)), rel=1e-14)
    # the rule is right at the limit; the float value is the series' truncation, off the limit's by 7.5e-10
    assert result.gradient_status.value == "ok" and result.value_status.value == "unstable", result.findings
    (note,) = [note for note in result.notes if "lax.while_loop" in note]
    assert "sums a series to its own tolerance" in note and "the exact reference is the series' limit" in note


def test_a_float_counter_does_not_keep_a_converged_series_from_its_limit(module):
    result = _check(module, "log1p_capped", 0.5)
    assert float(result.exact_value) == pytest.approx(float(mp.log1p(0.5)), rel=1e-14)
    assert float(result.exact_gradient["x"]) == pytest.approx(float(1 / mp.mpf(1.5)), rel=1e-14)
    (note,) = [note for note in result.notes if "lax.while_loop" in note]
    assert "sums a series to its own tolerance" in note and "by comparisons" not in note, note  # a sign by k's parity


def test_a_series_whose_sum_never_settles_has_no_exact_reference(module):
    result = _check(module, "log1p_capped", 1.5)  # past the radius 1 the terms grow: the cap of 200 trips stops it
    assert result.exact_value is None and result.status.value == "error", result.exact_value
    assert any("a limit gradcli cannot find" in f.message and "no exact reference" in f.message for f in result.findings)
    (note,) = [note for note in result.notes if "lax.while_loop" in note]
    assert "so there is no exact reference" in note
