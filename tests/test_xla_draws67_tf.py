"""Draws inside a function XLA compiles: a draw from a seed (tf.random.stateless_*, a tf.random.Generator) is XLA's
own, which differs from the eager kernel's for the same seed (XLA's default algorithm is another), so the exact
reference draws it by XLA; a stateful draw (tf.random.normal(seed=7)) is other numbers at every compiled call, and is
refused saying why and what to write instead."""

import mpmath
import numpy as np
import pytest
import tensorflow as tf

import gradcli
from gradcli.errors import InputError

X = [0.3, 0.2]


@tf.function(jit_compile=True)
def stateless_noise(shape, dtype):
    return tf.random.stateless_normal(shape, seed=[1, 2], dtype=dtype)


@tf.function(jit_compile=True)
def noisy(x):
    return tf.reduce_sum(tf.sin(x + 0.1 * tf.random.stateless_normal(tf.shape(x), seed=[1, 2], dtype=x.dtype)))


@tf.function(jit_compile=True)
def seeded(x):
    return tf.reduce_sum(tf.sin(x + 0.1 * tf.random.normal(tf.shape(x), seed=7, dtype=x.dtype)))


GENERATOR = tf.random.Generator.from_seed(3)


@tf.function(jit_compile=True)
def generated(x):
    return tf.reduce_sum(tf.sin(x + 0.1 * GENERATOR.normal(tf.shape(x), dtype=x.dtype)))


def test_a_seeded_draw_inside_xla_is_xlas_draw():
    (result,) = gradcli.check(noisy, [{"x": X}], dtypes=("float64",), fixes=False, framework="tensorflow").results
    assert result.status == "ok", result.findings
    drawn = stateless_noise([2], tf.float64).numpy()  # XLA's own draw: not the eager kernel's for this seed
    assert not np.allclose(drawn, tf.random.stateless_normal([2], seed=[1, 2], dtype=tf.float64).numpy())
    with mpmath.workdps(30):
        for got, x, n in zip(result.exact_gradient["x"], X, drawn):
            want = mpmath.cos(mpmath.mpf(x) + mpmath.mpf(0.1) * mpmath.mpf(float(n)))
            assert abs(mpmath.mpf(got) - want) <= 1e-12 * abs(want)


def test_a_stateful_draw_inside_xla_is_refused_saying_why_and_what_to_write():
    with pytest.raises(InputError) as raised:
        gradcli.check(seeded, [{"x": X}], dtypes=("float64",), fixes=False, framework="tensorflow")
    said = str(raised.value)
    for words in ("RandomStandardNormal", "jit_compile=True", "other numbers at every call though the op is seeded",
                  "tf.random.stateless_normal(shape, seed=[1, 2])"):
        assert words in said, said


def test_a_generators_draw_inside_xla_is_xlas_draw_from_the_state_the_users_next_call_starts_at():
    """TensorFlow's compiled runs in the check start from the generator's state each (its plain call and its taped
    one alike) and leave it there: value and gradient are those of the user's next call, whose noise XLA draws."""
    (result,) = gradcli.check(generated, [{"x": X}], dtypes=("float64",), fixes=False, framework="tensorflow").results
    assert result.status == "ok", result.findings
    assert GENERATOR.state.numpy().tolist() == [3, 0, 0]
    twin = tf.random.Generator.from_seed(3)
    drawn = tf.function(jit_compile=True)(lambda: twin.normal([2], dtype=tf.float64))().numpy()
    with mpmath.workdps(30):
        for got, exact, x, n in zip(result.gradient["x"], result.exact_gradient["x"], X, drawn):
            want = mpmath.cos(mpmath.mpf(x) + mpmath.mpf(0.1) * mpmath.mpf(float(n)))
            assert abs(mpmath.mpf(exact) - want) <= 1e-12 * abs(want)
            assert abs(mpmath.mpf(got) - want) <= 1e-12 * abs(want)
    assert abs(result.value - generated(tf.constant(X, tf.float64)).numpy()) <= 1e-12
