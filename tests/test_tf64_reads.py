"""Eager TensorFlow code that reads a whole number out of a tensor with ``int(t)``, and the patches that follow such
reads while gradcli traces.

Eagerly ``int(t)`` of a float tensor is a Python int, which the tape holds constant and which a float tensor takes as
a number; gradcli's trace follows it as the whole number it is, an int32 index or count where the code uses it so, so
the function checked is the one the eager run computes: its slope the chosen piece's, and a jump where the read
crosses a whole number, named at the read's line. Truths: mpmath's derivatives of the same mathematics written here
with Python's own ``int``. The patches (``float()``, ``int()``, ``SymbolicTensor.numpy``) are TensorFlow's own again
after every trace, one that raised or was interrupted included, and never answer for another thread.
"""

import os
import textwrap
import threading

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")

import mpmath
import pytest
import tensorflow as tf
from tensorflow.python.autograph.operators import py_builtins
from tensorflow.python.framework.ops import SymbolicTensor

import gradcli
from gradcli.capture import tf_reads
from tf64_users import line_of, users_module

USERS = textwrap.dedent('''\
    import tensorflow as tf


    def scaled_by_whole_sum(x):
        n = int(tf.reduce_sum(x))
        return tf.reduce_sum(x ** 2) * n


    def mean_of_positive(x):
        n = int(tf.reduce_sum(tf.cast(x > 0, x.dtype)))
        return tf.reduce_sum(tf.nn.relu(x) ** 2) / n


    def picked(x):
        k = int(tf.reduce_sum(x) * 10.0) % 3
        return x[k] ** 3 + tf.reduce_sum(x)


    def read_then_raised(x):
        s = float(tf.reduce_sum(x))
        raise ValueError("the user's own error")


    def read_then_interrupted(x):
        s = float(tf.reduce_sum(x))
        raise KeyboardInterrupt
''')


@pytest.fixture(scope="module")
def users(tmp_path_factory):
    return users_module(tmp_path_factory, "reads64.py", USERS)


def _line(snippet):
    return line_of(USERS, snippet)


def _check(users, name, x):
    return gradcli.check(f"{users}:{name}", [{"x": x}], dtypes=("float64",), fixes=False).results[0]


def _gradient(f, x):
    with mpmath.workdps(40):
        point = [mpmath.mpf(v) for v in x]
        return [float(mpmath.diff(lambda t: f(point[:i] + [t] + point[i + 1:]), point[i])) for i in range(len(x))]


@pytest.mark.parametrize("name, x, f", [
    ("scaled_by_whole_sum", [0.5, 2.25, 1.0], lambda v: sum(t * t for t in v) * int(sum(v))),
    ("mean_of_positive", [0.5, -2.25, 1.0], lambda v: sum(max(t, 0) ** 2 for t in v) / int(sum(t > 0 for t in v))),
    ("picked", [0.52, 0.2, 0.31], lambda v: v[int(sum(v) * 10) % 3] ** 3 + sum(v)),
])
def test_an_int_read_is_the_whole_number_eager_code_computes_with(users, name, x, f):
    result = _check(users, name, x)
    assert result.status.value == "ok", result.findings
    assert [float(g) for g in result.exact_gradient["x"]] == pytest.approx(_gradient(f, x), rel=1e-13)
    with mpmath.workdps(40):
        assert float(result.exact_value) == pytest.approx(float(f([mpmath.mpf(v) for v in x])), rel=1e-14)


def test_an_int_read_crossing_a_whole_number_is_a_jump_at_the_reads_line(users):
    x = [0.5, 1.5, 1.0]  # the sum is 3 exactly: int() steps from 2 to 3 there
    result = _check(users, "scaled_by_whole_sum", x)
    assert result.status.value == "domain", result.findings
    jumps = [f for f in result.findings if "jumps" in f.message]
    assert jumps and all(f"reads64.py:{_line('n = int(')}" in f.message for f in jumps), result.findings
    squares = sum(v * v for v in x)  # 3.5, times 2 from the left and 3 at and right of the point
    assert f"its value is {squares * 2:g} from the left and {squares * 3:g} from the right" in jumps[0].message


def _tensorflows_own():
    """What a user's later tf.function sees: float() of a float64 tensor is AutoGraph's float32 cast, int() its int32
    cast, and a symbolic tensor has no numpy."""

    @tf.function
    def later(x):
        return float(tf.reduce_sum(x)), int(tf.reduce_sum(x)), hasattr(x, "numpy")

    as_float, as_int, has_numpy = later(tf.constant([1.25, 2.0], tf.float64))
    return as_float.dtype, as_int.dtype, bool(has_numpy)


def _patches_out():
    return "numpy" not in vars(SymbolicTensor) and not hasattr(py_builtins._tf_float, "original") \
        and not hasattr(py_builtins._tf_int, "original")


def test_the_patches_are_tensorflows_own_again_after_a_trace_that_raised(users):
    (result,) = gradcli.check(f"{users}:read_then_raised", [{"x": [1.0, 2.0]}], dtypes=("float64",), fixes=False).results
    assert result.status.value == "error" and "the user's own error" in result.error
    assert _patches_out()
    assert _tensorflows_own() == (tf.float32, tf.int32, False)


def test_the_patches_are_tensorflows_own_again_after_a_trace_that_was_interrupted(users):
    with pytest.raises(KeyboardInterrupt):
        gradcli.check(f"{users}:read_then_interrupted", [{"x": [1.0, 2.0]}], dtypes=("float64",), fixes=False)
    assert _patches_out()
    assert _tensorflows_own() == (tf.float32, tf.int32, False)


def test_a_patch_left_behind_answers_nobody_and_the_next_trace_takes_it_out(users):
    original_float, original_int = py_builtins._tf_float, py_builtins._tf_int
    # as an interruption while the patches were taken out would leave them
    py_builtins._tf_float, py_builtins._tf_int = tf_reads._patched_float(original_float), tf_reads._patched_int(original_int)
    SymbolicTensor.numpy = tf_reads._NUMPY
    try:
        assert _tensorflows_own() == (tf.float32, tf.int32, False)
        result = _check(users, "scaled_by_whole_sum", [0.5, 2.25, 1.0, 0.125])  # a new trace: the reads followed
        assert result.status.value == "ok", result.findings
        assert _patches_out()
        assert py_builtins._tf_float is original_float and py_builtins._tf_int is original_int
    finally:
        py_builtins._tf_float, py_builtins._tf_int = original_float, original_int
        vars(SymbolicTensor).get("numpy") is not None and delattr(SymbolicTensor, "numpy")


def test_a_trace_in_progress_answers_for_its_own_thread_alone():
    seen = {}

    def elsewhere():
        seen["other thread"] = _tensorflows_own()

    @tf.function
    def here(x):
        return hasattr(x, "numpy"), float(tf.reduce_sum(x))

    with tf_reads.numbers_read_held(tf, True, lambda filename: filename == __file__):
        thread = threading.Thread(target=elsewhere)
        thread.start()
        thread.join()
        has_numpy, as_float = here(tf.constant([1.25, 2.0], tf.float64))
    assert seen["other thread"] == (tf.float32, tf.int32, False)
    assert bool(has_numpy) and as_float.dtype == tf.float64  # the read, in its own dtype, in the tracing thread
    assert _patches_out()
