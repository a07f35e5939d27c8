"""Two edges of TensorFlow code: polygamma's order, in which TensorFlow's gradient gives none, and Python floats that
``math`` computes while the code builds its tensors.

``tf.math.polygamma(n, x)`` is a function of a whole-number order (NaN between them, as TensorFlow computes it), so
it has no derivative in n, and TensorFlow's rule returns None there: the check says so, as it does for JAX's
``lax.polygamma``, rather than show the 0 an unconnected gradient is filled with. ``math.log(4.0)`` is a number, not a
read of a traced value: a constant of the graph. Truths: mpmath's polygamma and log, and TensorFlow's own eager runs.
"""

import math
import os
import textwrap

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")

import mpmath
import pytest
import tensorflow as tf

import gradcli
from gradcli.errors import InputError
from tf64_users import line_of, users_module

USERS = textwrap.dedent('''\
    import math

    import tensorflow as tf


    def trigamma_sum(n, x):
        return tf.reduce_sum(tf.math.polygamma(n, x))


    def scaled_by_log_4(x):
        return tf.reduce_sum(x * tf.constant(math.log(4.0)))


    @tf.function
    def compiled_scaled_by_log_4(x):
        c = tf.constant(math.log(4.0))
        return tf.reduce_sum(x * c)


    def scaled_by_log_4_in_its_dtype(x):
        return tf.reduce_sum(tf.exp(x) * tf.constant(math.log(4.0), dtype=x.dtype))


    def log_of_a_tensor(x):
        return x * math.log(tf.reduce_sum(x))
''')


@pytest.fixture(scope="module")
def users(tmp_path_factory):
    return users_module(tmp_path_factory, "orders64.py", USERS)


def _line(snippet):
    return line_of(USERS, snippet)


def test_polygammas_order_has_no_derivative_where_tensorflow_gives_none(users):
    (result,) = gradcli.check(f"{users}:trigamma_sum", [{"n": 1.0, "x": 2.5}], dtypes=("float64",), fixes=False).results
    assert result.status.value == "error"
    assert result.gradient["n"] is None  # not the 0 of an unconnected gradient
    (finding,) = [f for f in result.findings if f.kind == "no-derivative"]
    assert finding.op == "tf.math.polygamma" and finding.location.endswith(f"orders64.py:{_line('polygamma(n, x)')}")
    assert "in x alone" in finding.message and "--wrt" in finding.message
    with mpmath.workdps(30):
        assert float(result.exact_gradient["x"]) == pytest.approx(float(mpmath.polygamma(2, 2.5)), rel=1e-13)
        assert float(result.value) == pytest.approx(float(mpmath.polygamma(1, 2.5)), rel=1e-14)


def test_polygamma_checked_in_x_alone_is_judged(users):
    (result,) = gradcli.check(f"{users}:trigamma_sum", [{"n": 1.0, "x": 2.5}], dtypes=("float64",), fixes=False,
                              wrt=["x"]).results
    assert result.status.value == "ok", result.findings
    with mpmath.workdps(30):
        assert float(result.exact_gradient["x"]) == pytest.approx(float(mpmath.polygamma(2, 2.5)), rel=1e-13)


def test_a_math_float_made_a_float32_constant_is_a_constant_of_the_float32_program(users):
    report = gradcli.check(f"{users}:scaled_by_log_4", [{"x": 1.5}], dtypes=("float32", "float64"), fixes=False)
    (result,) = report.results  # float64 is not run: TensorFlow itself refuses it (below)
    assert result.dtype == "float32" and result.status.value == "ok", result.findings
    assert float(result.exact_gradient["x"]) == pytest.approx(float(mpmath.log(4)), rel=1e-7)  # float32's log 4
    assert any("not run in float64" in note for note in report.notes), report.notes
    x = tf.constant(1.5, tf.float64)
    with pytest.raises((TypeError, tf.errors.InvalidArgumentError)):  # TensorFlow's own eager run in float64
        tf.reduce_sum(x * tf.constant(math.log(4.0)))


def test_a_tf_functions_float32_constant_is_named_at_the_users_line(users):
    report = gradcli.check(f"{users}:compiled_scaled_by_log_4", [{"x": 1.5}], dtypes=("float32", "float64"), fixes=False)
    assert [r.status.value for r in report.results] == ["ok"]
    (note,) = [note for note in report.notes if "not run in float64" in note]
    assert f"orders64.py:{_line('x * c')})" in note, note


def test_a_math_float_in_the_tensors_dtype_is_exact_in_float64(users):
    (result,) = gradcli.check(f"{users}:scaled_by_log_4_in_its_dtype", [{"x": 1.5}], dtypes=("float64",),
                              fixes=False).results
    assert result.status.value == "ok", result.findings
    with mpmath.workdps(30):
        assert float(result.exact_gradient["x"]) == pytest.approx(float(mpmath.exp(1.5) * mpmath.log(4)), rel=1e-15)


def test_math_of_a_traced_value_is_still_refused_at_its_line(users):
    with pytest.raises(InputError, match=rf"orders64\.py:{_line('math.log(tf.reduce_sum')}: math\.log turns a traced"):
        gradcli.check(f"{users}:log_of_a_tensor", [{"x": 1.5}], dtypes=("float64",), fixes=False)


def test_a_gradient_asked_before_any_value_says_so_too():
    import numpy as np

    from gradcli.capture.tf_bridge import TensorFlowFunction

    function = TensorFlowFunction(lambda n, x: tf.reduce_sum(tf.math.polygamma(n, x)), "trigamma")
    with pytest.raises(ValueError, match="gradient in n is None") as raised:
        function.own((np.float64(1.0), np.float64(2.5)), np.ones((), np.float64))
    assert raised.value.no_derivative == "tf.math.polygamma"
