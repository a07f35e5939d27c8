"""A sweep of a TensorFlow function whose Python code branches on a tensor's value goes point by point without
tracing anything for the whole range: the check's trace found the branch (autograph traced it), so no
``tf.vectorized_map`` is traced only to fail, and neither the core's call nor the wider reference traces the range's
shape (before: a map trace and two traces of the whole column, then the points one by one)."""

import math

import numpy as np
import pytest

import gradcli

tf = pytest.importorskip("tensorflow")

CALLS = []  # (whether x is an eager tensor, its shape) at each call of `branchy` (gradcli answers tf.executing_eagerly
# as the eager run would for the user's code)


def branchy(x):
    """exp(x) above 1, x^2 below: a Python ``if`` on a tensor's value."""
    CALLS.append((type(x).__name__ == "EagerTensor", tuple(x.shape)))
    if x > 1.0:
        return tf.exp(x)
    return x * x


def test_a_function_branching_on_values_is_swept_point_by_point_with_no_trace_of_the_range():
    CALLS.clear()
    result = gradcli.sweep(branchy, {"x": (0.2, 1.6, 5)}, dtypes=("float64",), fixes=False, framework="tensorflow",
                           max_time=math.inf)
    assert result.dtypes["float64"].counts == {"ok": 5}
    (note,) = [n for n in result.notes if "ran once per point" in n]
    assert f"its Python code branches on a tensor's value at test_loops58_tf_per_point.py:" in note
    traced = [shape for eager, shape in CALLS if not eager]
    assert traced == [(), ()], CALLS  # the one point's trace as written (it fails at the if) and autograph's
    assert not any(shape == (5,) for _, shape in CALLS), CALLS
    np.testing.assert_allclose(result.dtypes["float64"].samples.value, [0.04, 0.3025, 0.81, np.exp(1.25), np.exp(1.6)],
                               rtol=1e-15)
