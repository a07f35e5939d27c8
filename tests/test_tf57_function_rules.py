"""TensorFlow rules and loops inside ``tf.function``: nested custom gradients each judged at their own rule in a
function TensorFlow compiles (its gradient a function of its own) and where one is a ``variables=`` rule, and a
``While`` (a rule too) named at its line where TensorFlow kept a trace made outside gradcli's own.

A nested ``tf.function``'s gradient calls a user's rule through TensorFlow's
gradient registry, in the graphs of the function and of its gradient, which
the walker inlines under prefixes of their own: each call is read at those
keys, so the judgment that names the rule off on its own holds there as it
does for a function run eagerly.
"""

import mpmath
import numpy as np
import pytest
from loop55_helper import FAR_BELOW, FEW_TRIPS, _loop_line, assert_no_verdict_at_the_stopped_point

import gradcli
from gradcli.checker.targets import resolve

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



# A variables= rule (grad_fn(dy, variables=...)) calling another custom function's gradient: judged alone as the
# others, its variables' gradients held to their truth where the variables are under test (a model's), and not
# judged where the replay holds a variable constant (one the function closes over).

class _ScaledSine(tf.Module):
    """s sin(inner(x)) with s a variable, its rule returning s's gradient times ``factor`` (right for 1)."""

    def __init__(self, inner, factor):
        super().__init__()
        self.s = tf.Variable(1.5, dtype=tf.float64)
        self.inner, self.factor = inner, factor

    def __call__(self, x):
        inner, s, factor = self.inner, self.s, self.factor

        @tf.custom_gradient
        def scaled_sine(x):
            value = inner(x)

            def scaled_grad(upstream, variables=None):
                slope = upstream * s * tf.math.cos(value) * _taped_slope(inner, x)
                return slope, [factor * tf.reduce_sum(upstream * tf.math.sin(value))]
            return s * tf.math.sin(value), scaled_grad
        return scaled_sine(x)


def _model_loss(model, x):
    return tf.reduce_sum(model(x))


@pytest.mark.parametrize("power, factor, rule, function", [
    (2.0, 1.0, "cube_grad", "cube"),  # the inner rule off, the variables= rule right
    (3.0, 2.0, "scaled_grad", "scaled_sine"),  # the variable's gradient off alone
], ids=["inner-off", "variable-gradient-off"])
def test_a_variables_rule_calling_another_is_judged_alone_with_its_variables(power, factor, rule, function):
    model = _ScaledSine(_cube(power), factor)
    (result,) = gradcli.check(_model_loss, [{"model": model, "x": np.array([0.5, -1.25])}], dtypes=("float64",),
                              fixes=False).results
    assert result.status == "wrong", (result.status, result.findings)
    (finding,) = [f for f in result.findings if f.kind == "wrong-rule"]
    assert finding.location.endswith(f"test_tf57_function_rules.py:{_def_line(rule)}"), finding.location
    assert finding.op == f"gradient rule {rule}() of {function}" and "and so is" not in finding.message, finding


def test_a_variables_rule_whose_variable_is_held_constant_is_judged_on_its_inputs_alone():
    model = _ScaledSine(_cube(2.0), 2.0)  # the variable's gradient off too, but nothing asks for it

    def closing_over_the_model(x):
        return tf.reduce_sum(model(x))

    result = _checked(closing_over_the_model, {"x": np.array([0.5, -1.25])}, framework="tensorflow")
    (finding,) = [f for f in result.findings if f.kind == "wrong-rule"]
    assert finding.op == "gradient rule cube_grad() of cube" and "and so is" not in finding.message, finding

# A gradient's While op named at its loop's line: a tf.function a sweep's vectorised map traces first, or the user's
# own call before gradcli's, keeps that trace, whose ops' lines are read all the same.

def _halvings():
    @tf.function
    def halvings(x):
        """x^2 plus 0 times the halvings of 1 it takes to reach x or below (100 at 1e-30)."""
        count, _ = tf.while_loop(lambda i, y: y > x, lambda i, y: (i + 1, y / 2), (tf.constant(0.0, x.dtype), tf.ones_like(x)))
        return x * x + 0.0 * count
    return halvings


def test_a_loop_a_sweeps_vectorised_map_traced_first_is_named_at_its_line(monkeypatch):
    halvings = _halvings()
    resolve(halvings).bridge.vectorised([np.array([0.25, 0.5])], np.float64)  # a sweep's first call: tf.vectorized_map

    def check(points):
        return gradcli.check(halvings, points, dtypes=("float64",), fixes=False)

    assert_no_verdict_at_the_stopped_point(monkeypatch, check, halvings, "the TensorFlow loop while")


def test_a_wrong_rule_in_a_tf_function_a_sweeps_vectorised_map_traced_first_is_named_at_its_def():
    cube = _cube(2.0)

    @tf.function
    def cubed_plus_one(x):
        return cube(x) + 1.0

    resolve(cubed_plus_one, framework="tensorflow").bridge.vectorised([np.array([0.25, 0.5])], np.float64)
    result = _checked(cubed_plus_one, {"x": 0.5}, framework="tensorflow")
    assert result.status == "wrong"
    (finding,) = [f for f in result.findings if f.kind == "wrong-rule"]
    assert finding.op == "gradient rule cube_grad() of cube", finding.op
    assert finding.location.endswith(f"test_tf57_function_rules.py:{_def_line('cube_grad')}"), finding.location


def test_a_loop_the_users_own_call_traced_first_is_named_at_its_line(monkeypatch):
    halvings = _halvings()
    halvings(tf.constant(0.5, tf.float64))  # the user's call, before gradcli's: its trace is the one TensorFlow keeps

    def check(points):
        return gradcli.check(halvings, points, dtypes=("float64",), fixes=False)

    assert_no_verdict_at_the_stopped_point(monkeypatch, check, halvings, "the TensorFlow loop while")
