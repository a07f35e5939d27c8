"""Stateful draws inside a ``tf.cond`` branch and a ``tf.while_loop`` body are read from TensorFlow's run as the
replay reaches them: a branch's draw only where the branch ran, a loop body's once per trip (the k-th trip's the k-th
number TensorFlow drew there), and each run's apart from the previous run's. Truth: mpmath's value and derivatives of
the same mathematics at the numbers TensorFlow draws again from the same seed, in the same order; for a function that
never reseeds, the identity d/dmu sum(exp(mu + sigma z)) = sum(exp(mu + sigma z)) at whatever the run drew.
"""

import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")

import mpmath
import numpy as np
import pytest
import tensorflow as tf

import gradcli
from gradcli.capture.tf_draws import FreshDraws, HeldDraws, MismatchedDraws, call_begins, point_key


def draw_in_a_branch(mu, sigma):
    tf.random.set_seed(5)
    before = tf.random.normal([2], dtype=mu.dtype)
    branch = tf.cond(mu > 0,
                     lambda: tf.reduce_sum(tf.exp(mu + sigma * tf.random.normal([3], dtype=mu.dtype))),
                     lambda: tf.sin(mu * sigma))
    after = tf.random.normal([1], dtype=mu.dtype)
    return branch + tf.reduce_sum(before * mu) + tf.reduce_sum(after * sigma ** 2)


def dropout_in_a_loop(w, x):
    tf.random.set_seed(11)

    def body(i, h):
        return i + 1, tf.nn.dropout(tf.tanh(w * h), rate=0.5)

    return tf.reduce_sum(tf.while_loop(lambda i, h: i < 3, body, (tf.constant(0), x))[1])


def never_reseeded_loop(mu, sigma):
    """Every run draws anew: the replay must read the numbers of the one run it judges."""

    def body(i, total):
        return i + 1, total + tf.reduce_sum(tf.exp(mu + sigma * tf.random.normal([2], dtype=mu.dtype)))

    return tf.while_loop(lambda i, total: i < 4, body, (tf.constant(0), tf.zeros([], mu.dtype)))[1]


def _check(function, point):
    (result,) = gradcli.check(function, [point], dtypes=("float64",), fixes=False, framework="tensorflow").results
    assert result.status.value == "ok", (result.findings, result.error)
    return result


def _drawn(seed, draw, *sizes):
    """The numbers TensorFlow's eager run draws after ``tf.random.set_seed(seed)``, one list per draw in order."""
    tf.random.set_seed(seed)
    return [[mpmath.mpf(float(v)) for v in draw([n], dtype=tf.float64).numpy()] for n in sizes]


def _assert_exact(result, f, point):
    """``result``'s exact value and gradient are mpmath's of ``f`` at ``point`` (40 digits)."""
    names = list(point)
    with mpmath.workdps(40):
        at = [mpmath.mpf(point[name]) for name in names]
        value = f(*at)
        slopes = [mpmath.diff(lambda t, k=k: f(*at[:k], t, *at[k + 1:]), at[k]) for k in range(len(names))]
    assert float(result.exact_value) == pytest.approx(float(value), rel=1e-13)
    for name, slope in zip(names, slopes):
        assert float(result.exact_gradient[name]) == pytest.approx(float(slope), rel=1e-12, abs=1e-14)


def test_a_draw_in_a_taken_branch_is_read_between_the_draws_around_it():
    result = _check(draw_in_a_branch, {"mu": 0.3, "sigma": 1.2})
    before, inside, after = _drawn(5, tf.random.normal, 2, 3, 1)
    _assert_exact(result, lambda m, s: sum(mpmath.exp(m + s * e) for e in inside) + m * sum(before)
                  + s ** 2 * after[0], {"mu": 0.3, "sigma": 1.2})


def test_a_branch_not_taken_draws_nothing():
    result = _check(draw_in_a_branch, {"mu": -0.4, "sigma": 1.2})
    before, after = _drawn(5, tf.random.normal, 2, 1)
    _assert_exact(result, lambda m, s: mpmath.sin(m * s) + m * sum(before) + s ** 2 * after[0],
                  {"mu": -0.4, "sigma": 1.2})


def test_dropout_in_a_loops_body_draws_a_new_mask_each_trip():
    result = _check(dropout_in_a_loop, {"w": 0.7, "x": [0.5, -1.1, 0.9, 2.0]})
    masks = _drawn(11, tf.random.uniform, 4, 4, 4)

    def f(w, *x):
        h = list(x)
        for mask in masks:  # tf.nn.dropout: kept where the uniform is at least the rate, scaled by 1 / (1 - rate)
            h = [mpmath.tanh(w * v) * 2 if u >= 0.5 else mpmath.mpf(0) for v, u in zip(h, mask)]
        return sum(h)

    with mpmath.workdps(40):
        x = [mpmath.mpf(v) for v in (0.5, -1.1, 0.9, 2.0)]
        value = f(mpmath.mpf(0.7), *x)
        d_w = mpmath.diff(lambda w: f(w, *x), mpmath.mpf(0.7))
        d_x = [mpmath.diff(lambda t, k=k: f(mpmath.mpf(0.7), *x[:k], t, *x[k + 1:]), x[k]) for k in range(4)]
    assert float(result.exact_value) == pytest.approx(float(value), rel=1e-13)
    assert float(result.exact_gradient["w"]) == pytest.approx(float(d_w), rel=1e-12)
    assert [float(g) for g in result.exact_gradient["x"]] == pytest.approx([float(d) for d in d_x], rel=1e-12, abs=1e-14)


def test_a_loop_that_never_reseeds_is_read_from_the_run_it_judges():
    result = _check(never_reseeded_loop, {"mu": 0.3, "sigma": 1.2})
    # d/dmu sum(exp(mu + sigma z)) is the sum itself, whatever z the run drew
    assert float(result.exact_gradient["mu"]) == pytest.approx(float(result.exact_value), rel=1e-13)
    assert float(result.exact_value) > 0


def _two_calls(record, point):
    """Two calls of a function recorded as one run at ``point``: the first draws once, the second in a two-trip loop."""
    with record.recorded(np.float64, point_key(point)):
        call_begins()
        tf.random.normal([3], dtype=tf.float64)
        call_begins()
        return [tf.random.normal([2], dtype=tf.float64).numpy() for _ in range(2)]


def test_a_recording_of_several_calls_keeps_the_last_calls_draws():
    record, point = FreshDraws(), [np.array(0.5)]
    second = _two_calls(record, point)
    run = record.run_at(np.float64, point_key(point))
    assert len(run) == 2  # the same numbers TensorFlow handed back, copied: compared exactly
    assert all(np.array_equal(draw[2], drawn) for draw, drawn in zip(run, second))


def test_a_replay_that_draws_fewer_times_than_the_run_is_refused():
    record, point = FreshDraws(), [np.array(0.5)]
    second = _two_calls(record, point)
    held = HeldDraws(record)
    read = held.add("RandomStandardNormal", [2], "f.py:3")
    with held.reading(point, np.float64, None):  # a loop's two trips: the run's draws in turn
        assert np.array_equal(read(), second[0]) and np.array_equal(read(), second[1])
    with pytest.raises(MismatchedDraws, match="drew 2 times where the replay of the traced graph draws 1 times"):
        with held.reading(point, np.float64, None):
            read()
