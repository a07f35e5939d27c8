"""A TensorFlow function with a Python ``if`` on a tensor: autograph converts the user's code alone, and a sweep
traces each argument shape once.

Autograph run over gradcli's trace converts every function it reaches (gradcli's wrappers, the tape's calls) before
the user's; a trace that failed at a shape is not made again there, and a function the check's trace found branching
on a value is swept point by point with no trace of the whole column (tests/test_loops58_tf_per_point.py).
"""

from unittest import mock

import numpy as np
import tensorflow as tf  # noqa: F401 - the extra `tensorflow`, installed by `make test`
from tensorflow.python.autograph.impl import api

from gradcli.capture import tf_bridge
from gradcli.checker.targets import resolve
from gradcli.sweep.vectorised import evaluate_columns


def branches_on_a_value(x):
    if x > 0:  # a Python branch on a tensor
        return tf.math.log(x + 1.0)
    return x * 2.0


def _swept():
    """The sweep over three points with the functions autograph was asked to convert and the argument shapes traced."""
    converted, traced = [], []
    converted_call, trace = api.converted_call, tf_bridge.TensorFlowFunction._trace

    def counting_conversions(f, *args, **kwargs):
        converted.append(getattr(f, "__module__", None) or "")
        return converted_call(f, *args, **kwargs)

    def counting_traces(self, leaves, rebuild, exact):
        traced.append((tuple(np.shape(leaf) for leaf in leaves), exact))
        return trace(self, leaves, rebuild, exact)

    with mock.patch.object(api, "converted_call", counting_conversions), \
            mock.patch.object(tf_bridge.TensorFlowFunction, "_trace", counting_traces):
        got = evaluate_columns(resolve(branches_on_a_value), [np.array([-1.0, 0.5, 2.0])], ("x",))
    return got, converted, traced


def test_a_sweep_converts_the_users_code_alone_and_traces_each_shape_once():
    (values, grads, why), converted, traced = _swept()
    np.testing.assert_allclose(values, [-2.0, np.log(1.5), np.log(3.0)], rtol=1e-15)
    np.testing.assert_allclose(grads["x"], [2.0, 1 / 1.5, 1 / 3.0], rtol=1e-15)
    assert why.startswith("its Python code branches on a tensor's value"), why
    assert __name__ in converted  # the user's function, converted
    assert not [module for module in converted if module.startswith("gradcli")], converted
    assert traced == [(((),), True)], traced  # the point's shape once; the column's never
