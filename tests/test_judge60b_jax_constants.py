"""A JAX program's own rounded constants move with the data the judge moves; a rerun with them moved leaves no trace.

JAX's replay keeps its literals lifted to exact numbers per kind of number (`jax_walk._Plan.start`): the rerun with
moved constants (`exact_constants.moved`) neither keeps its numbers there nor reads the ones kept."""

import jax.numpy as jnp
import numpy as np

import gradcli
from gradcli.capture import exact_constants
from gradcli.checker import targets

EXACT = [-2.0**-56, 1.0]


def window_ends(x):
    """0.08 + 0.42 - 0.5 of the user's array: 0 in float64, -2^-56 of the floats written."""
    c = jnp.array([0.08, 0.42])
    return jnp.sum(x * (c[0] + c[1] - 0.5)) + x[1]


def checked(target):
    (result,) = gradcli.check(target, [{"x": np.array([1.0, 2.0])}], dtypes=("float64",), fixes=False).results
    return result


def test_the_programs_rounded_literals_are_its_data_and_a_rerun_leaves_the_kept_exact_literals_as_they_were():
    target = targets.resolve(window_ends, framework="jax")  # one captured program for both checks
    first = checked(target)
    assert first.gradient["x"] == [0.0, 1.0] and [float(v) for v in first.exact_gradient["x"]] == EXACT
    assert first.status == "ok" and any("rounding of the program's data" in n for n in first.notes)
    again = checked(target)
    assert [float(v) for v in again.exact_gradient["x"]] == EXACT and again.status == "ok"


def lost_beside(x):
    """A real slope lost beside a rounded literal: 0.1 exp(x)/(exp(x)-1) at 300.1 has the slope -5e-131 x 0.1,
    which no move of 0.1 or 300.1 brings near 0."""
    return jnp.sum(0.1 * jnp.exp(x) / (jnp.exp(x) - 1))


def test_a_real_slope_lost_beside_a_moved_literal_stays_lost():
    (lost,) = gradcli.check(lost_beside, [{"x": np.array([300.1, 1.1])}], framework="jax", dtypes=("float64",),
                            fixes=False).results
    assert -1e-130 < float(lost.exact_gradient["x"][0]) < 0 and abs(lost.gradient["x"][0]) > 1e-20
    assert lost.status == "unstable" and not any("rounding of the program's data" in n for n in lost.notes)


def test_a_replay_with_moved_constants_keeps_no_copy_and_reads_none():
    import mpmath  # the exact replay's own numbers

    target = targets.resolve(window_ends, framework="jax")
    x = np.array([mpmath.mpf(1), mpmath.mpf(2)], dtype=object)
    with mpmath.workprec(200):
        before = target.mp_function(x)  # keeps its literals lifted to mpf
        with exact_constants.moved(lambda number: number + 2.0**-50 if number == 0.08 else None):
            inside = target.mp_function(x)
        after = target.mp_function(x)
        assert before == 2 - 3 * mpmath.mpf(2) ** -56 and inside == before + 3 * mpmath.mpf(2) ** -50
    assert after == before
