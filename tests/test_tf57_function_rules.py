"""TensorFlow rules and loops inside ``tf.function``: nested custom gradients each judged at their own rule in a
function TensorFlow compiles (its gradient a function of its own), and a gradient's ``While`` named at its loop.

A nested ``tf.function``'s gradient calls a user's rule through TensorFlow's
gradient registry, in the graphs of the function and of its gradient, which
the walker inlines under prefixes of their own: each call is read at those
keys, so the judgment that names the rule off on its own holds there as it
does for a function run eagerly.
"""

import mpmath
import numpy as np
import pytest

import gradcli

tf = pytest.importorskip("tensorflow")


def _checked(function, point, dtype="float64", **options):
    (result,) = gradcli.check(function, [point], dtypes=(dtype,), fixes=False, **options).results
    return result


def _cube(power):
    """x^3, its rule giving ``power`` x^2 (right for 3)."""
    @tf.custom_gradient
    def cube(x):
        def cube_grad(upstream):
            return upstream * power * x * x
        return x * x * x, cube_grad
    return cube


def _sine_of(inner, slope_of_sine):
    """sin(inner(x)), its rule taking the inner function's gradient by a tape (``slope_of_sine``: right for cos)."""
    @tf.custom_gradient
    def sine(x):
        value = inner(x)

        def sine_grad(upstream):
            return upstream * slope_of_sine(value) * _taped_slope(inner, x)
        return tf.math.sin(value), sine_grad
    return sine


def _taped_slope(function, x):
    """A custom function's gradient at x by a tape of its own: inside a rule, that function's rule runs there."""
    tape = tf.GradientTape()
    with tape:
        tape.watch(x)
        taped = function(x)
    return tape.gradient(taped, x)


def _compiled_whole(outer):
    @tf.function
    def compiled(x):
        return tf.reduce_sum(outer(x))
    return compiled


def _compiled_helper(outer):
    helper = tf.function(outer)

    def calls_a_compiled_helper(x):
        return tf.reduce_sum(helper(x))
    return calls_a_compiled_helper


def _def_line(name):
    with open(__file__) as handle:
        return next(n for n, text in enumerate(handle, 1) if f"def {name}(" in text)


@pytest.mark.parametrize("function, rule", [
    (_compiled_whole(_sine_of(_cube(2.0), tf.math.cos)), "cube_grad"),  # the inner rule off (2 x^2), the outer right
    (_compiled_whole(_sine_of(_cube(3.0), tf.math.sin)), "sine_grad"),  # the outer rule off (sin for cos), the inner right
    (_compiled_helper(_sine_of(_cube(2.0), tf.math.cos)), "cube_grad"),  # a tf.function the user's eager function calls
], ids=["tf.function-inner-off", "tf.function-outer-off", "called-tf.function-inner-off"])
def test_nested_custom_gradients_inside_a_tf_function_are_each_judged_at_their_own_rule(function, rule):
    result = _checked(function, {"x": np.array([0.5, -1.25])})
    assert result.status == "wrong", (result.status, result.findings)
    (finding,) = [f for f in result.findings if f.kind == "wrong-rule"]
    assert finding.location.endswith(f"test_tf57_function_rules.py:{_def_line(rule)}"), finding.location
    assert finding.op == f"gradient rule {rule}() of {rule.split('_')[0]}", finding.op
    assert "and so is" not in finding.message
    truth = [float(3 * x * x * mpmath.cos(mpmath.mpf(x) ** 3)) for x in (0.5, -1.25)]  # sin(x^3)'
    np.testing.assert_allclose(np.asarray(result.exact_gradient["x"], np.float64), truth, rtol=1e-13)
