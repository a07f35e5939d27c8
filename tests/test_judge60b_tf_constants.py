"""A TensorFlow graph's own rounded constants move with the data the judge moves; a rerun with them moved leaves no
trace in the constants the graph keeps exact (`tf_graph.Plan._static_exact`) or in its folds (`exact_constants.Folds`)."""

import mpmath
import numpy as np
import tensorflow as tf

import gradcli
from gradcli.autodiff.values import raw
from gradcli.capture import exact_constants
from gradcli.checker import targets

EXACT = [-2.0**-56, 1.0]


def window_ends(x):
    """0.08 + 0.42 - 0.5 of the user's constant: 0 in float64, -2^-56 of the floats written."""
    c = tf.constant([0.08, 0.42], dtype=x.dtype)
    return tf.reduce_sum(x * (c[0] + c[1] - 0.5)) + x[1]


def test_the_graphs_rounded_constants_are_its_data_and_a_replay_with_them_moved_leaves_no_trace():
    target = targets.resolve(window_ends, framework="tensorflow")
    (result,) = gradcli.check(target, [{"x": np.array([1.0, 2.0])}], dtypes=("float64",), fixes=False).results
    assert result.gradient["x"] == [0.0, 1.0] and [float(v) for v in result.exact_gradient["x"]] == EXACT
    assert result.status == "ok" and any("rounding of the program's data" in n for n in result.notes)
    with mpmath.workprec(200):
        ends, weights = 2 - 3 * mpmath.mpf(2) ** -56, mpmath.mpf(0.08) + 2 * mpmath.mpf(0.42)
        assert replayed_around_a_move(target) == (ends, ends + 3 * mpmath.mpf(2) ** -50)  # the folds' kept numbers
        assert replayed_around_a_move(targets.resolve(weighted, framework="tensorflow")) == (
            weights, weights + mpmath.mpf(2) ** -50)


def weighted(x):
    """The user's constants meet the inputs with no fold: the graph's static values, kept exact per kind."""
    return tf.reduce_sum(x * tf.constant([0.08, 0.42], dtype=x.dtype))


def replayed_around_a_move(target):
    """``(value, moved)``: the exact replay's value at (1, 2) before and after a replay with 0.08 moved by 2^-50
    (they must be one number), and that moved replay's."""
    x = np.array([mpmath.mpf(1), mpmath.mpf(2)], dtype=object)
    before = target.mp_function(x)
    with exact_constants.moved(lambda number: number + 2.0**-50 if number == 0.08 else None):
        inside = target.mp_function(x)
    assert target.mp_function(x) == before
    return raw(before), raw(inside)
