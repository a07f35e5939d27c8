"""A ``tf.custom_gradient`` rule's gradients for the variables it reads (``variables=``) are judged (trials23c V1).

The function's gradient with respect to its arguments never reads them, and the replay holds each variable as its
value, so a rule returning its variables' gradients in the wrong order checked ``ok``. Each is now compared with the
exact derivative, in that variable, of the function the rule is the rule of: ``wrong`` at the rule's line.
"""

import inspect
import os
import sys

import numpy as np
import pytest

import gradcli

tf = pytest.importorskip("tensorflow")

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "trials"))

X = [0.3, -0.7]
weight = tf.Variable([0.5, -1.5], dtype=tf.float64)
bias = tf.Variable([0.25, 0.1], dtype=tf.float64)


def _diagonal_dense(order):
    """tanh(weight * x + bias) entry by entry, a Dense layer with a diagonal kernel, its rule by hand; ``order``
    picks the variables' gradients it returns from {"weight": ..., "bias": ...}."""

    @tf.custom_gradient
    def diagonal_dense(x):
        y = tf.tanh(weight * x + bias)

        def grad(upstream, variables=None):
            dz = upstream * (1.0 - y * y)
            by_name = {"weight": dz * x, "bias": dz, "double bias": 2.0 * dz}
            return dz * weight, [by_name[name] for name in order]

        return y, grad

    return diagonal_dense


_RIGHT = _diagonal_dense(["weight", "bias"])
_SWAPPED = _diagonal_dense(["bias", "weight"])
_DOUBLED = _diagonal_dense(["weight", "double bias"])
_LINES, _FIRST = inspect.getsourcelines(_diagonal_dense)
RULE_LINE = _FIRST + next(k for k, line in enumerate(_LINES) if "def grad(" in line)


def _summed(layer):
    def summed(x):
        return tf.reduce_sum(layer(x))

    return summed


right, swapped, doubled = _summed(_RIGHT), _summed(_SWAPPED), _summed(_DOUBLED)


def _checked(fun, x=X):
    (result,) = gradcli.check(fun, [{"x": np.array(x)}], dtypes=("float64",), fixes=False).results
    return result


def _variables_finding(result):
    return [f for f in result.findings if f.kind == "wrong-rule" and "variables it reads" in f.message]


def test_a_rule_returning_its_variables_gradients_in_order_is_ok():
    result = _checked(right)
    assert result.status.value == "ok", (result.error, result.findings)
    assert not _variables_finding(result)


def test_a_rule_returning_its_variables_gradients_swapped_is_wrong_at_its_line():
    result = _checked(swapped)
    assert result.status.value == "wrong", (result.error, result.findings)
    (finding,) = _variables_finding(result)
    assert finding.location.endswith(f"test_v1fix_tf.py:{RULE_LINE}"), finding.location
    assert "for weight it returns" in finding.message and "for bias it returns" in finding.message
    # the exact derivative in bias is sum's upstream 1 times tanh' at each entry: 1 - tanh(w x + b)^2
    exact_bias = 1 - np.tanh(np.array([0.5, -1.5]) * X + [0.25, 0.1]) ** 2
    told = finding.message.split("for bias it returns ")[1].split("the exact derivative is ")[1]
    assert np.allclose([float(t) for t in told.split("]")[0].strip("[").split(",")], exact_bias, rtol=1e-7, atol=0)
    # the arguments' own gradient is right: only the variables' is judged wrong
    assert np.allclose(np.asarray(result.gradient["x"], float), np.asarray(result.exact_gradient["x"], float), rtol=1e-14)


def test_one_wrong_variable_gradient_is_named_alone():
    result = _checked(doubled)
    assert result.status.value == "wrong", (result.error, result.findings)
    (finding,) = _variables_finding(result)
    assert "for bias it returns" in finding.message and "for weight" not in finding.message


def test_the_trials_scalar_variables_swapped_are_wrong():
    import tf_lib23c

    result = _checked(tf_lib23c.affine_sine_sum, [0.3, 0.7])
    assert result.status.value == "wrong", (result.error, result.findings)
    (finding,) = _variables_finding(result)
    assert "for scale it returns" in finding.message and "for shift it returns" in finding.message


def test_the_documentations_variables_example_returns_its_weights_gradients_reversed():
    seeds = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "examples", "tensorflow", "seeds.py")
    at_one, at_hundred = gradcli.check(f"{seeds}:poly", [{"x": 1.0}, {"x": 100.0}], dtypes=("float64",), fixes=False).results
    assert at_one.status.value == "ok", at_one.findings  # [x, 1] is [1, x] there
    assert at_hundred.status.value == "wrong", (at_hundred.error, at_hundred.findings)
    (finding,) = _variables_finding(at_hundred)
    assert "for weights it returns [100.0, 1.0], the exact derivative is [1.0, 100.0]" in finding.message
