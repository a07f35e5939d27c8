"""A custom rule over a solver (issue 28's B1): a bisection behind ``jax.custom_jvp`` with the implicit-function rule.
The primal as run is a step function of its input (its state chosen by comparisons), so its own slope is 0 at every
precision and the exact reference had none; gradcli judges the rule against the slope of what the solver converges
to (the loop run past its stopping test until its state stops changing, differenced at growing precision): the
correct rule is ``ok`` and says so in a note, a rule with its sign turned is ``wrong``. A Newton iteration stopped at
its tolerance is judged at its limit too (its own slope there is off the root's by the tolerance's effect)."""

import math

import pytest

import gradcli

jax = pytest.importorskip("jax")

SOURCE = '''
import jax
import jax.numpy as jnp
from jax import lax


def _bisected_log(a):
    def going(state):
        lo, hi = state
        return hi - lo > 1e-12

    def halve(state):
        lo, hi = state
        mid = 0.5 * (lo + hi)
        below = jnp.exp(mid) < a
        return jnp.where(below, mid, lo), jnp.where(below, hi, mid)

    lo, hi = lax.while_loop(going, halve, (-5.0, 5.0))  # a is read only by the comparison
    return 0.5 * (lo + hi)


@jax.custom_jvp
def solved_log(a):
    return _bisected_log(a)


@solved_log.defjvp
def _solved_log_jvp(primals, tangents):
    (a,), (da,) = primals, tangents
    return _bisected_log(a), da / a  # exp(x) = a: exp(x) dx = da


def _newton_cbrt(a):
    def going(state):
        x, _ = state
        return jnp.abs(x ** 3 - a) > 1e-10 * a

    def step(state):
        x, n = state
        return x - (x ** 3 - a) / (3.0 * x ** 2), n + 1

    return lax.while_loop(going, step, (jnp.maximum(1.0, a), 0))[0]


@jax.custom_jvp
def newton_cbrt(a):
    return _newton_cbrt(a)


@newton_cbrt.defjvp
def _newton_cbrt_jvp(primals, tangents):
    (a,), (da,) = primals, tangents
    x = _newton_cbrt(a)
    return x, da / (3.0 * x ** 2)


def _grown(a):
    def step(state):
        x, n = state
        return jnp.where(x > 0.0, x * 1.1, x), n + 1

    return lax.while_loop(lambda s: s[1] < 10, step, (a, 0))[0]


@jax.custom_jvp
def grown(a):
    return _grown(a)


@grown.defjvp
def _grown_jvp(primals, tangents):
    (a,), (da,) = primals, tangents
    return _grown(a), da * 1.1 ** 10


@jax.custom_jvp
def solved_log_turned(a):
    return _bisected_log(a)


@solved_log_turned.defjvp
def _solved_log_turned_jvp(primals, tangents):
    (a,), (da,) = primals, tangents
    return _bisected_log(a), -da / a
'''


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    """The user's file, written once for this file's checks."""
    (path := tmp_path_factory.mktemp("jax59") / "solver59.py").write_text(SOURCE)
    return str(path)


def _check(module, name, a=3.0):
    (result,) = gradcli.check(f"{module}:{name}", [{"a": a}], dtypes=("float64",), fixes=False).results
    return result


def test_an_implicit_rule_over_a_bisection_is_judged_against_the_converged_slope(module):
    result = _check(module, "solved_log")
    assert result.status.value == "ok", result.findings
    assert float(result.exact_gradient["a"]) == pytest.approx(1 / 3, rel=1e-14)
    assert float(result.exact_value) == pytest.approx(math.log(3), rel=1e-14)  # the limit, not the loop's own end
    (note,) = [note for note in result.notes if "is a solver" in note]
    assert note.startswith(f"{module}:18: this lax.while_loop, in the primal of the custom_jvp function `solved_log` at ")
    assert "and chooses its state by comparisons: the primal as run is a step function of its input" in note
    assert "gradcli judges the rule against the slope of what it converges to" in note


def test_a_newton_iteration_stopped_at_its_tolerance_is_judged_at_its_limit(module):
    # its own slope at its end is 1.8e-9 off the root's (|x^3 - a| <= 1e-10 a stops it): the rule was called wrong
    result = _check(module, "newton_cbrt", 0.5)
    assert result.status.value == "ok", result.findings
    assert float(result.exact_gradient["a"]) == pytest.approx(1 / (3 * 0.5 ** (2 / 3)), rel=1e-14)
    (note,) = [note for note in result.notes if "is a solver" in note]
    assert "newton_cbrt" in note and "by comparisons" not in note


def test_a_rule_with_its_sign_turned_is_still_wrong(module):
    result = _check(module, "solved_log_turned")
    assert result.status.value == "wrong"
    (finding,) = [f for f in result.findings if "the gradient rule is wrong" in f.message]
    assert "_solved_log_turned_jvp" in finding.op and "{a: -0.333333" in finding.message


def test_only_a_loop_choosing_its_state_by_comparisons_is_a_solver():
    import jax.numpy as jnp
    from jax import lax

    from gradcli.capture.jax_loops import solver_loop

    def loops(params):
        return [e.params for e in jax.make_jaxpr(params)(2.0).jaxpr.eqns if e.primitive.name == "while"]

    def bisection(a):
        return lax.while_loop(lambda s: s[1] - s[0] > 1e-3, lambda s: (jnp.where(s[0] ** 2 < a, s[0] + 0.1, s[0]), s[1]),
                              (0.0 * a, 1.0 + a))[0]

    def newton(a):
        return lax.while_loop(lambda s: s[1] < 20, lambda s: (0.5 * (s[0] + a / s[0]), s[1] + 1), (a, 0))[0]

    def counted(a):  # a choice by the trip's number, an integer: the state stays smooth in a
        return lax.while_loop(lambda s: s[1] < 20, lambda s: (jnp.where(s[1] < 10, 0.5 * (s[0] + a / s[0]), s[0]),
                                                              s[1] + 1), (a, 0))[0]

    (solved,), (iterated,), (chosen,) = loops(bisection), loops(newton), loops(counted)
    assert solver_loop(solved) and not solver_loop(iterated) and not solver_loop(chosen)


def test_a_loop_that_grows_past_its_end_is_judged_as_written(module):
    result = _check(module, "grown", 0.5)
    assert result.status.value == "ok", result.findings
    assert float(result.exact_value) == pytest.approx(0.5 * 1.1 ** 10, rel=1e-14)
    (note,) = [note for note in result.notes if "grown" in note]
    assert "is no solver gradcli can run to a limit" in note and "the exact reference is the loop as written" in note


def test_a_loop_past_its_end_stops_where_its_moves_stop_shrinking():
    from gradcli.capture.jax_loops import _not_converging

    assert not _not_converging([1.0, 0.5, 0.25, 0.125]) and not _not_converging([0.1, 0.1, 0.1])
    assert _not_converging([0.1, 0.1, 0.1, 0.1]) and _not_converging([1.0, 0.5, 0.5, 0.6, 0.7])


@pytest.mark.parametrize("order", [(0.5, -0.5), (-0.5, 0.5)])
def test_each_point_notes_what_its_own_solver_run_did(module, order):
    # every point's exact reference runs before the first point is judged: a note read from the last run to end
    # gave each point the last point's (review59)
    report = gradcli.check(f"{module}:grown", [{"a": a} for a in order], dtypes=("float64",), fixes=False)
    said = {}
    for result in report.results:
        (note,) = [note for note in result.notes if "grown" in note]
        said[float(result.point["a"])] = note
    assert "is no solver gradcli can run to a limit" in said[0.5]  # grows past its end
    assert "is a solver that stops at its own tolerance" in said[-0.5]  # below 0 the state never moves
