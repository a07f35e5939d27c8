"""Loops in a custom rule's primal that are no solvers, and JAX's frames read where a JAX keeps none.

A ``lax.fori_loop`` whose steps read their trip count (a series' terms, a
polynomial's coefficient by trip) is a finite sum, not a map iterated to a
fixed point: run past its end it settles on a number the program never
computes (Horner's recurrence on a clamped table), so it is replayed as written
and carries no solver note. A ``lax.while_loop`` summing a series to its own
tolerance is named as the series it is, and run past its end to its limit. A traceback without ``raw_frames`` (a
private API of JAX's) leaves an equation without frames, never a crash.
"""

import types

import pytest

import gradcli

jax = pytest.importorskip("jax")

SOURCE = '''
import jax
import jax.numpy as jnp
from jax import lax


def _exp_terms(x):
    def body(k, state):
        term, total = state
        term = term * x / k
        return term, total + term
    return lax.fori_loop(1, 12, body, (jnp.ones_like(x), jnp.ones_like(x)))[1]


def _sin_by_horner(x):
    coefficients = jnp.array([1.0, -1.0 / 6, 1.0 / 120, -1.0 / 5040])
    return x * lax.fori_loop(0, 4, lambda k, acc: acc * x * x + coefficients[3 - k], jnp.zeros_like(x))


def _exp_to_tolerance(x):
    def going(state):
        return jnp.abs(state[1]) > 1e-16 * jnp.abs(state[2])

    def body(state):
        k, term, total = state
        term = term * x / k
        return k + 1, term, total + term
    return lax.while_loop(going, body, (1, jnp.ones_like(x), jnp.ones_like(x)))[2]


def _ruled(primal, slope):
    ruled = jax.custom_jvp(primal)
    ruled.defjvp(lambda p, t: (primal(p[0]), t[0] * slope(p[0])))
    return ruled


exp_terms, exp_to_tolerance = _ruled(_exp_terms, jnp.exp), _ruled(_exp_to_tolerance, jnp.exp)
sin_by_horner = _ruled(_sin_by_horner, jnp.cos)
'''


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    (path := tmp_path_factory.mktemp("held61") / "series61.py").write_text(SOURCE)
    return str(path)


def _check(module, name, x):
    (result,) = gradcli.check(f"{module}:{name}", [{"x": x}], dtypes=("float64",), fixes=False).results
    return result


def test_a_fixed_count_series_is_replayed_as_written_with_no_solver_note(module):
    result = _check(module, "exp_terms", 0.5)
    assert result.status.value == "ok", result.findings
    assert not [note for note in result.notes if "solver" in note or "settle" in note], result.notes
    # x (1 - x^2/6 + x^4/120 - x^6/5040), differentiated: the polynomial the loop computes, not a limit past its end
    x = 0.3
    polynomial_slope = 1 - x ** 2 / 2 + x ** 4 / 24 - x ** 6 / 720
    horner = _check(module, "sin_by_horner", x)
    assert float(horner.exact_gradient["x"]) == pytest.approx(polynomial_slope, rel=1e-14)
    assert not [note for note in horner.notes if "solver" in note], horner.notes


def test_a_series_summed_to_its_tolerance_is_named_a_series(module):
    result = _check(module, "exp_to_tolerance", 0.5)
    assert result.status.value == "ok", result.findings
    (note,) = [note for note in result.notes if "lax.while_loop" in note]
    assert "sums a series to its own tolerance" in note and "no solver" not in note, note
    assert "the exact reference is the series' limit" in note, note  # its sum settles past its end: run to e^x


def test_an_equation_whose_traceback_has_no_raw_frames_has_no_frames():
    import jax.numpy as jnp
    from jax import lax

    from gradcli.capture import jax_walk

    (eqn,) = [e for e in jax.make_jaxpr(lambda a: lax.fori_loop(0, 3, lambda i, x: 0.5 * (x + a / x), a))(
        jnp.float32(2.0)).jaxpr.eqns if e.primitive.name == "scan"]
    assert jax_walk.frames_of(eqn)[0], "JAX keeps this equation's frames"
    for traceback in (object(), types.SimpleNamespace(raw_frames=lambda: 1 / 0)):
        bare = eqn.replace(source_info=eqn.source_info.replace(traceback=traceback))
        assert jax_walk.frames_of(bare) == ([], [])
        assert jax_walk.user_line(bare) is None and jax_walk.library_site(bare) is None
        solver = jax_walk._Compiler.solver(types.SimpleNamespace(custom_primals_of=True), bare)
        assert solver.named == "lax.scan"  # no frames to tell a fori_loop by


def test_only_the_steps_of_a_jitted_jax_numpy_functions_body_are_named_as_its():
    """jnp.hypot's body (a jit of JAX's: its frames none of the user's) is jax.numpy.hypot's; jnp.exp and ``*`` on the
    user's line are the line's own operations (`jax_walk.numpy_function_site`)."""
    import jax.numpy as jnp

    from gradcli.capture import jax_walk

    def f(x, y):
        return jnp.hypot(x, y) + jnp.exp(x) * y

    outer = jax.make_jaxpr(f)(1.0, 2.0).jaxpr.eqns
    (hypot,) = [e for e in outer if e.primitive.name in ("jit", "pjit")]
    assert jax_walk.numpy_function_site(hypot) is None  # the call itself, on the user's line
    inner = [jax_walk.numpy_function_site(e) for e in hypot.params["jaxpr"].jaxpr.eqns]
    assert inner and all(site.startswith("jax.numpy.hypot, jax/_src/numpy/ufuncs.py:") for site in inner), inner
    assert [jax_walk.numpy_function_site(e) for e in outer if e.primitive.name in ("exp", "mul")] == [None, None]
