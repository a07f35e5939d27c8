"""TensorFlow's variables= rules judged in a vector output's Jacobian rows and at each call (a rule called twice told
apart by its inputs, the wrong one of two rules named); ``tf.reverse_sequence`` replayed; the Vorbis and
Kaiser-Bessel-derived windows' exact replay their mathematics."""

import inspect

import mpmath
import numpy as np
import pytest

import gradcli
from gradcli.autodiff import mp as mp_core

tf = pytest.importorskip("tensorflow")

weight = tf.Variable([0.5, -1.5], dtype=tf.float64)
bias = tf.Variable([0.25, 0.1], dtype=tf.float64)
scale = tf.Variable(2.0, dtype=tf.float64)
big = tf.Variable(np.linspace(0.1, 1.0, 100), dtype=tf.float64)


@tf.custom_gradient
def swapped_dense(x):
    y = tf.tanh(weight * x + bias)

    def grad(upstream, variables=None):
        dz = upstream * (1.0 - y * y)
        return dz * weight, [dz, dz * x]  # [d/dbias, d/dweight] where [d/dweight, d/dbias]

    return y, grad


@tf.custom_gradient
def doubled_scale(x):
    def grad(upstream, variables=None):
        return upstream * scale, [2.0 * upstream * x]

    return scale * x, grad


@tf.custom_gradient
def sine_scale(x):
    def grad(upstream, variables=None):
        return upstream * scale * tf.cos(x), [upstream * tf.sin(x)]

    return scale * tf.sin(x), grad


@tf.custom_gradient
def big_sine(x):
    def grad(upstream, variables=None):
        return upstream * tf.reduce_sum(big * tf.cos(x)), [2.0 * upstream * tf.sin(x) * tf.ones_like(big)]

    return tf.reduce_sum(big * tf.sin(x)), grad


def dense_vector(x):
    return swapped_dense(x)


def wrong_twice(x):
    return doubled_scale(x) + doubled_scale(x * x)


def wrong_then_right(x):
    return doubled_scale(x) + sine_scale(x)


def big_sum(x):
    return big_sine(x)


def _result(function, point):
    (result,) = gradcli.check(function, [point], dtypes=("float64",), fixes=False).results
    return result


def _variables_findings(result):
    return [f for f in result.findings if f.kind == "wrong-rule" and "variables it reads" in f.message]


def _line(function):
    lines, first = inspect.getsourcelines(function.__wrapped__ if hasattr(function, "__wrapped__") else function)
    return first + next(k for k, line in enumerate(lines) if "def grad(" in line)


def test_each_row_of_a_vector_outputs_jacobian_judges_the_variables():
    result = _result(dense_vector, {"x": np.array([0.3, -0.7])})
    assert result.status.value == "wrong", result.findings
    rows = _variables_findings(result)
    assert sorted(f.message[:6] for f in rows) == ["f[0]: ", "f[1]: "]
    # row f[0]: only entry 0 of each variable moves it; d/dbias[0] = 1 - tanh(0.5 * 0.3 + 0.25)^2
    f0 = next(f for f in rows if f.message.startswith("f[0]"))
    bias_exact = 1 - np.tanh(0.5 * 0.3 + 0.25) ** 2
    told = f0.message.split("for bias it returns ")[1].split("the exact derivative is [")[1].split(",")[0]
    assert abs(float(told) - bias_exact) < 1e-7


def test_a_rule_called_twice_is_judged_at_each_call():
    (finding,) = _variables_findings(_result(wrong_twice, {"x": 0.7}))
    assert "at 2 of its 2 calls" in finding.message
    assert "at its call on 0.49, for scale it returns 0.98, the exact derivative is 0.49" in finding.message


def test_of_two_rules_the_wrong_one_is_named():
    (finding,) = _variables_findings(_result(wrong_then_right, {"x": 0.7}))
    assert finding.op == "gradient rule grad() of doubled_scale", finding.op
    assert "for scale it returns 1.4, the exact derivative is 0.7" in finding.message


def test_a_long_variables_gradient_is_shown_by_its_first_entries():
    (finding,) = _variables_findings(_result(big_sum, {"x": 0.7}))
    assert "... (100 entries)]" in finding.message and len(finding.message) < 700
    # d/dbig[k] is sin(x) for every k, the rule's 2 sin(x): every gap the same, the first is named
    assert f"(most apart at entry [0]: {2 * np.sin(0.7):.8g} where {np.sin(0.7):.8g})" in finding.message, finding.message


def reversed_rows(x):
    return tf.reduce_sum(tf.exp(tf.reverse_sequence(x, seq_lengths=[3, 1], seq_axis=0, batch_axis=1))
                         * tf.constant([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]], dtype=x.dtype))


def reversed_columns(x):
    return tf.reduce_sum(tf.reverse_sequence(tf.sin(x), seq_lengths=[2, 3], seq_axis=1, batch_axis=0) * x)


@pytest.mark.parametrize("function, point", [(reversed_rows, [[0.1, 0.2], [0.3, 0.4], [0.5, 0.6]]),
                                             (reversed_columns, [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0]])])
def test_reverse_sequence_is_replayed(function, point):
    x = np.array(point)
    result = _result(function, {"x": x})
    assert result.status.value == "ok", (result.error, result.findings)
    with tf.GradientTape() as tape:
        held = tf.constant(x)
        tape.watch(held)
        value = function(held)
    expected = tape.gradient(value, held).numpy()
    assert np.allclose(np.asarray(result.exact_gradient["x"], dtype=float), expected, rtol=1e-13, atol=0)
    assert abs(float(result.exact_value) - float(value)) <= 1e-13 * abs(float(value))


def _vorbis(k, n):
    return mpmath.sin(mpmath.pi / 2 * mpmath.sin(mpmath.pi * (k + mpmath.mpf(1) / 2) / n) ** 2)


def _kaiser_bessel_derived(k, n, beta=12):
    half = n // 2
    kaiser = [mpmath.besseli(0, beta * mpmath.sqrt(1 - (mpmath.mpf(2 * j) / half - 1) ** 2)) for j in range(half + 1)]
    sums = [sum(kaiser[: j + 1]) for j in range(half + 1)]
    rising = [mpmath.sqrt(sums[j] / sums[half]) for j in range(half)]
    return (rising + rising[::-1])[k]


@pytest.mark.parametrize("window, entry, length", [(tf.signal.vorbis_window, _vorbis, 5),
                                                   (tf.signal.kaiser_bessel_derived_window, _kaiser_bessel_derived, 6)])
def test_the_windows_exact_replay_is_their_mathematics(window, entry, length):
    from gradcli.capture.tf_bridge import capture

    def windowed(x):
        return tf.reduce_sum(window(length, dtype=x.dtype) * x)

    mp_core.enable()
    bridge = capture(windowed, "windowed")
    with mpmath.workprec(150):
        point = np.array([mpmath.mpf(v) for v in np.linspace(-1.0, 2.0, length)], dtype=object)
        gradient = bridge.backward((point,), mpmath.mpf(1))[0]
        for k in range(length):
            assert abs(gradient[k] - entry(k, length)) < mpmath.mpf(2) ** -120, k


@tf.function
def _inner(x):
    return doubled_scale(x)


def function_called_twice(x):
    return _inner(x) + _inner(x * x)


def test_a_rule_in_a_function_called_twice_is_judged_at_each_call():
    (finding,) = _variables_findings(_result(function_called_twice, {"x": 0.7}))
    assert "at 2 of its 2 calls" in finding.message  # each call told apart: tests/test_fw60_tf.py


def rule_in_a_branch(x):
    return tf.cond(x > 0, lambda: doubled_scale(x), lambda: -x)


def rule_in_a_loop(x):
    return tf.while_loop(lambda i, y: i < 2, lambda i, y: (i + 1, doubled_scale(y)), (tf.constant(0), x))[1]


@pytest.mark.parametrize("function", [rule_in_a_branch, rule_in_a_loop])
def test_a_variables_rule_tensorflow_cannot_differentiate_in_a_graph_is_checked_as_the_eager_run_takes_it(function):
    """TensorFlow's graph gradient of a tf.cond or tf.while_loop fails on a variables= rule inside; an eager function's
    is built as its eager run takes it (`tf_control_flow`): checked, the rule's variables' gradient judged whole there
    (tests/test_tf62_tf.py; tests/test_tf61_tf.py: its rule judged in x, a tf.function's own failure said)."""
    result = _result(function, {"x": 0.7})
    assert result.status.value == "wrong", result.findings
    (finding,) = _variables_findings(result)
    assert "for scale it returns" in finding.message, finding.message
