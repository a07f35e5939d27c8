"""Custom rules over solvers of every loop form (issue 28's B1 past the while loop): a Newton iteration of a fixed
number of trips (``lax.fori_loop``, which JAX lowers to a ``scan``), one inside a ``lax.cond`` of the primal, and a
custom rule called inside a ``lax.map`` are run to their limit by the exact reference, as a ``lax.while_loop`` is, so
a correct implicit-function rule is judged against the slope of what the iteration converges to, not against the
N-th iterate's own slope (which is off the limit's by far more than the iterate's value is). The exact reference of
such a check runs on balls (a bisection's comparisons its own, not branches of the limit), not on mpmath's path."""

import os
import sys

import pytest

import gradcli

jax = pytest.importorskip("jax")

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from test_jax59_solver_rules import SOURCE as SOURCE59  # noqa: E402

SOURCE = '''
import jax
import jax.numpy as jnp
from jax import lax


def _newton_cbrt(a):
    return lax.fori_loop(0, 8, lambda i, x: x - (x ** 3 - a) / (3.0 * x ** 2), jnp.maximum(1.0, a))


def _guarded_cbrt(a):
    return lax.cond(a > 0, _newton_cbrt, lambda a: a, a)


def _implicit(primal):
    """``primal`` (a cube root) under a custom_jvp whose rule is the implicit slope at its value: x^3 = a."""
    def jvp(primals, tangents):
        x = primal(primals[0])
        return x, tangents[0] / (3.0 * x ** 2)

    solved = jax.custom_jvp(primal)
    solved.defjvp(jvp)
    return solved


fixed_cbrt, cond_cbrt = _implicit(_newton_cbrt), _implicit(_guarded_cbrt)


def mapped_cbrt(a):
    return jnp.sum(lax.map(fixed_cbrt, a))
'''


def _cbrt_slope(a):
    return 1 / (3 * a ** (2 / 3))


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    """The user's file, written once for this file's checks."""
    (path := tmp_path_factory.mktemp("jax60") / "solver60.py").write_text(SOURCE)
    return str(path)


@pytest.fixture(scope="module")
def module59(tmp_path_factory):
    """test_jax59_solver_rules' file: a bisection behind an implicit rule."""
    (path := tmp_path_factory.mktemp("jax60") / "solver59.py").write_text(SOURCE59)
    return str(path)


def _check(module, name, a):
    (result,) = gradcli.check(f"{module}:{name}", [{"a": a}], dtypes=("float64",), fixes=False).results
    return result


def _solver_note(result):
    (note,) = [note for note in result.notes if "is a solver" in note]
    return note


def test_a_fixed_newton_iteration_is_judged_at_its_limit(module):
    # 8 trips from 12 leave x 2.3e-12 off the root, and d(x_8)/da 2.2e-10 off the root's slope: against x_8 the rule is wrong
    result = _check(module, "fixed_cbrt", 12.0)
    assert result.status.value == "ok", result.findings
    assert float(result.exact_gradient["a"]) == pytest.approx(_cbrt_slope(12.0), rel=1e-14)
    note = _solver_note(result)
    assert note.startswith(f"{module}:8: this lax.fori_loop, in the primal of the custom_jvp function `_newton_cbrt` at ")
    assert "is a solver that runs a fixed number of trips (here it ends 2.3e-12 of itself from its limit" in note


def test_a_solver_in_a_branch_of_the_primal_and_a_custom_solver_in_a_map_are_run_to_their_limit(module):
    branch = _check(module, "cond_cbrt", 12.0)
    assert branch.status.value == "ok", branch.findings
    assert "this lax.fori_loop, in the primal of the custom_jvp function `_guarded_cbrt`" in _solver_note(branch)
    mapped = _check(module, "mapped_cbrt", [12.0, 3.0])
    assert mapped.status.value == "ok", mapped.findings
    assert [float(g) for g in mapped.exact_gradient["a"]] == pytest.approx([_cbrt_slope(12.0), _cbrt_slope(3.0)],
                                                                          rel=1e-14)
    assert "this lax.fori_loop, in the primal of the custom_jvp function `_newton_cbrt`" in _solver_note(mapped)


def test_the_reference_of_a_rule_over_a_solver_is_made_on_balls(module, module59):
    from gradcli.checker import reference
    from gradcli.checker.targets import resolve

    for target, a, slope in [(f"{module59}:solved_log", 3.0, 1 / 3), (f"{module}:fixed_cbrt", 12.0, _cbrt_slope(12.0))]:
        exact = reference.compute(resolve(target), [a])
        assert exact.method == "balls" and exact.determined, target
        assert float(exact.gradient[0]) == pytest.approx(slope, rel=1e-14)


def test_only_a_scan_iterating_its_carry_alone_is_a_fixed_iteration():
    import jax.numpy as jnp
    from jax import lax

    from gradcli.capture.jax_loops import fixed_iteration

    def scans(f):
        return [e.params for e in jax.make_jaxpr(f)(jnp.ones(3)).jaxpr.eqns if e.primitive.name == "scan"]

    (fori,) = scans(lambda a: lax.fori_loop(0, 4, lambda i, x: 0.5 * (x + a / x), a))
    (over,) = scans(lambda a: lax.scan(lambda c, x: (c + x, None), 0.0, a)[0])  # reads an input per trip
    (stacked,) = scans(lambda a: lax.scan(lambda c, _: (0.5 * c, c), a, None, length=4)[1])  # outputs per trip
    assert fixed_iteration(fori) and not fixed_iteration(over) and not fixed_iteration(stacked)
