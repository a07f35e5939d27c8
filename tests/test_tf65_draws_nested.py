"""Stateful draws in nested Python functions, in a Python loop, in a ``tf.function`` the loop calls at every
step and in a ``tf.while_loop``'s body (once per trip) are each followed to their site and count: the replay reads
the numbers TensorFlow drew, in the order it drew them. Truth: mpmath's value and derivatives of the same
mathematics at the draws TensorFlow makes again from the same seed, in the same order.
"""

import os

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")

import textwrap

import mpmath
import pytest
import tensorflow as tf

import gradcli
from gradcli.errors import InputError

SOURCE = textwrap.dedent('''\
    import tensorflow as tf


    def _noise(mu, sigma, n):
        return mu + sigma * tf.random.normal([n], dtype=mu.dtype)


    @tf.function
    def _step(mu, sigma):
        return tf.reduce_sum(tf.sin(_noise(mu, sigma, 2)))


    def mixed(mu, sigma):
        tf.random.set_seed(9)
        total = tf.reduce_sum(tf.exp(_noise(mu, sigma, 3)))
        for k in range(3):
            total += _step(mu * (k + 1), sigma) + tf.reduce_sum(_noise(mu, sigma, 1) ** 2)
        return total


    def in_a_while_loop(mu, sigma):
        tf.random.set_seed(9)

        def body(i, total):
            return i + 1, total + tf.reduce_sum(tf.exp(mu + sigma * tf.random.normal([2], dtype=mu.dtype)))

        return tf.while_loop(lambda i, total: i < 3, body, (tf.constant(0), tf.zeros([], mu.dtype)))[1]


    @tf.function(jit_compile=True)
    def _compiled_noise(mu, sigma):
        return mu + sigma * tf.random.normal([2], dtype=mu.dtype)


    def calls_xla(mu, sigma):
        return tf.reduce_sum(tf.exp(_compiled_noise(mu, sigma)))
''')


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    (path := tmp_path_factory.mktemp("nested_draws") / "tf_nested.py").write_text(SOURCE)
    return str(path)


def _drawn(seed, *sizes):
    """The numbers TensorFlow's eager run draws after ``tf.random.set_seed(seed)``, one list per draw in order."""
    tf.random.set_seed(seed)
    return [[mpmath.mpf(float(v)) for v in tf.random.normal([n], dtype=tf.float64).numpy()] for n in sizes]


def _exact(f, mu, sigma):
    """``f``'s value and its derivatives in mu and sigma by mpmath at 40 digits."""
    with mpmath.workdps(40):
        mu, sigma = mpmath.mpf(mu), mpmath.mpf(sigma)
        return f(mu, sigma), mpmath.diff(lambda m: f(m, sigma), mu), mpmath.diff(lambda s: f(mu, s), sigma)


def _check(module, name, point):
    (result,) = gradcli.check(f"{module}:{name}", [point], dtypes=("float64",), fixes=False).results
    assert result.status.value == "ok", (result.findings, result.error)
    return result


def test_draws_in_nested_functions_a_loop_and_a_tf_function_called_per_step_are_read_in_turn(module):
    result = _check(module, "mixed", {"mu": 0.3, "sigma": 1.2})
    first, *steps = _drawn(9, 3, 2, 1, 2, 1, 2, 1)

    def f(m, s):
        total = sum(mpmath.exp(m + s * e) for e in first)
        for k in range(3):
            on_step, squared = steps[2 * k], steps[2 * k + 1]
            total += sum(mpmath.sin(m * (k + 1) + s * e) for e in on_step) + sum((m + s * e) ** 2 for e in squared)
        return total

    value, d_mu, d_sigma = _exact(f, 0.3, 1.2)
    assert float(result.exact_value) == pytest.approx(float(value), rel=1e-13)
    assert float(result.exact_gradient["mu"]) == pytest.approx(float(d_mu), rel=1e-13)
    assert float(result.exact_gradient["sigma"]) == pytest.approx(float(d_sigma), rel=1e-13)


def test_a_draw_in_a_while_loops_body_is_read_trip_by_trip(module):
    result = _check(module, "in_a_while_loop", {"mu": 0.3, "sigma": 1.2})
    trips = _drawn(9, 2, 2, 2)
    value, d_mu, _ = _exact(lambda m, s: sum(mpmath.exp(m + s * e) for trip in trips for e in trip), 0.3, 1.2)
    assert float(result.exact_value) == pytest.approx(float(value), rel=1e-13)
    assert float(result.exact_gradient["mu"]) == pytest.approx(float(d_mu), rel=1e-13)


def test_a_draw_in_a_function_xla_compiles_is_refused_saying_so(module):
    # a run reads draws by calling the functions' Python eagerly, which is not the program XLA compiles
    with pytest.raises(InputError, match=r"RandomStandardNormal .*tf_nested.py:\d+.* a function XLA compiles"):
        gradcli.check(f"{module}:calls_xla", [{"mu": 0.3, "sigma": 1.2}], dtypes=("float64",), fixes=False)
