"""A TensorFlow function is captured once while it lives, and afresh once a variable its graphs hold has changed.

A sweep checks its points, then resolves the same function again for its
range, and each fix's sweep resolves its fixed function after that fix's
check: the bridge keeps each function's traced graphs, so each is traced once
per argument signature. The graphs hold a variable's value as it was at the
trace; after a training step assigns it another, the function is captured
again, so the exact reference is the new function's.
"""

import collections
import math
import sys

import pytest

import gradcli
from gradcli.capture import tf_bridge

SOURCE = '''
import tensorflow as tf

w = tf.Variable(2.0, dtype=tf.float64)


def naive(x):
    return tf.math.log(1 + tf.math.exp(x))


def scaled(x):
    return tf.math.exp(w * x)
'''


@pytest.fixture
def user_file(tmp_path):
    path = tmp_path / "user_kept.py"
    path.write_text(SOURCE)
    return str(path)


@pytest.fixture
def traces(monkeypatch):
    """``{(function, argument signature): traces}`` made from here on."""
    counted = collections.Counter()
    trace = tf_bridge.TensorFlowFunction._trace

    def counting(self, leaves, rebuild, exact):
        signature = tuple(tf_bridge._signature(leaf, exact) for leaf in leaves)
        counted[(id(self.fun), signature)] += 1
        return trace(self, leaves, rebuild, exact)

    monkeypatch.setattr(tf_bridge.TensorFlowFunction, "_trace", counting)
    tf_bridge._CAPTURED.clear()
    return counted


def test_a_sweep_and_its_fixes_sweeps_trace_each_function_once_per_signature(user_file, traces):
    result = gradcli.sweep(f"{user_file}:naive", {"x": (-5.0, 95.0, 5)})
    assert result.fixes, "the sweep re-sweeps its fixes"
    functions = {fun for fun, _ in traces}
    assert len(functions) >= 3  # the function and at least two fixes
    assert max(traces.values()) == 1, traces


def test_a_variable_assigned_another_value_is_read_again(user_file, traces):
    first = gradcli.check(f"{user_file}:scaled", [{"x": 1.0}], dtypes=["float64"], fixes=False)
    assert first.results[0].exact_gradient["x"] == pytest.approx(2 * math.exp(2.0), rel=1e-12)
    # The user's module, as gradcli imported it: checked again, its function object is the one kept.
    user = next(m for m in list(sys.modules.values()) if getattr(m, "__file__", None) == user_file)
    user.w.assign(3.0)
    second = gradcli.check(f"{user_file}:scaled", [{"x": 1.0}], dtypes=["float64"], fixes=False)
    assert second.results[0].exact_gradient["x"] == pytest.approx(3 * math.exp(3.0), rel=1e-12)
    assert second.results[0].status == "ok"
