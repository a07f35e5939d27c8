"""TensorFlow programs the exact reference judges: a float made an integer on exact numbers, xlogy at its
domain's edge, and nested custom gradients each judged at its own rule.

Keras' loss classes count the entries they average with a cast of a float
to an integer: on balls and mpmath numbers that cast cuts the exact number
toward 0 as TensorFlow cuts a float, where it raised and left the point
without a reference. TensorFlow's Xlogy and Xlog1py replay as gradcli's
xlogy and xlog1py, which know the definition at x = 0 (a select of
``x * log(y)`` left a product that is no number beside the tie x = 0, and no
proof), keeping TensorFlow's 0 at x = 0 where a float y is NaN.
"""

import math

import mpmath
import numpy as np
import pytest

import gradcli

tf = pytest.importorskip("tensorflow")
keras = pytest.importorskip("keras")


def _checked(function, point, dtype="float64", **options):
    (result,) = gradcli.check(function, [point], dtypes=(dtype,), fixes=False, **options).results
    return result


def sparse_ce_class(probs):
    return keras.losses.SparseCategoricalCrossentropy()(tf.constant([0]), probs)


def test_a_keras_loss_class_counting_its_entries_by_a_cast_has_an_exact_reference():
    probs = np.array([[0.0, 0.3, 0.7]], np.float32)
    result = _checked(sparse_ce_class, {"probs": probs}, "float32")
    assert result.status == "ok", (result.status, result.findings)
    # -log(c0) + log(c0 + p1 + p2), c0 the clipped 0: flat in p0, 1 / (c0 + p1 + p2) in p1 and p2
    total = float(np.float32(1e-7)) + float(probs[0, 1]) + float(probs[0, 2])
    exact = np.asarray(result.exact_gradient["probs"], np.float64)
    assert exact[0, 0] == 0.0
    np.testing.assert_allclose(exact[0, 1:], [1 / total, 1 / total], rtol=1e-12)


def test_a_cast_of_exact_numbers_to_an_integer_cuts_toward_zero_and_a_straddling_ball_is_undecided():
    import flint

    from gradcli.autodiff import arb
    from gradcli.capture.tf_ops import OPS

    cast = OPS["Cast"][0]
    numbers = np.array([mpmath.mpf("2.75"), mpmath.mpf("-2.75"), flint.arb(3), flint.arb("-0.5", "0.25")], dtype=object)
    cut = cast([numbers], {"DstT": np.int32})
    assert cut.dtype == np.int32 and cut.tolist() == [2, -2, 3, 0]
    assert cast([mpmath.mpf("7.5")], {"DstT": np.int64}) == 7
    with pytest.raises(arb.Undecided):
        cast([np.array([flint.arb(1, 0.5)], dtype=object)], {"DstT": np.int32})


def xlogy_sum(x, y):
    return tf.reduce_sum(tf.math.xlogy(x, y))


def xlog1py_sum(x, y):
    return tf.reduce_sum(tf.math.xlog1py(x, y))


@pytest.mark.parametrize("function, y, slope_x, slope_y", [
    (xlogy_sum, [0.0, 3.0], math.log(3.0), 2 / 3),
    (xlog1py_sum, [-1.0, 3.0], math.log(4.0), 2 / 4),
])
def test_xlogy_at_zero_zero_with_both_varying_is_the_domains_edge(function, y, slope_x, slope_y):
    # the edge is proven, not climbed to: a low ceiling says the same, at a tenth of the cost
    result = _checked(function, {"x": np.array([0.0, 2.0]), "y": np.array(y)}, max_digits=120)
    assert result.status == "domain", (result.status, result.findings)
    x_slopes = np.asarray(result.exact_gradient["x"], np.float64)
    assert math.isnan(x_slopes[0]) and math.isclose(x_slopes[1], slope_x, rel_tol=1e-14)
    assert math.isclose(float(np.asarray(result.exact_gradient["y"], np.float64)[1]), slope_y, rel_tol=1e-14)


def test_xlogy_replayed_keeps_tensorflows_zero_at_x_zero_where_y_is_nan():
    from gradcli.capture.tf_ops import OPS

    x, y = np.array([0.0, 2.0, 0.0]), np.array([np.nan, 3.0, 0.0])
    with np.errstate(all="ignore"):
        replayed = OPS["Xlogy"][0]([x, y], {})
    np.testing.assert_array_equal(replayed, tf.math.xlogy(x, y).numpy())


# Nested custom gradients: an outer rule taking an inner custom function's gradient by a tape. Each rule is judged
# alone, the rules it calls handing it their exact gradients, and the finding names the one off on its own.

def _softplus(x):
    return tf.math.maximum(x, 0.0) + tf.math.log1p(tf.math.exp(-tf.math.abs(x)))


def _inner(sign):
    @tf.custom_gradient
    def inner(x):
        def inner_grad(upstream):
            return upstream * tf.math.sigmoid(sign * x)
        return _softplus(x), inner_grad
    return inner


def _slope(function, x):
    """A custom function's gradient at x, taken by a tape: inside an outer rule, its own rule runs there."""
    with tf.GradientTape() as tape:
        tape.watch(x)
        value = function(x)
    return tape.gradient(value, x)


def _outer(inner, factor):
    @tf.custom_gradient
    def outer(x):
        s = inner(x)

        def outer_grad(upstream):
            return upstream * factor * s * _slope(inner, x)
        return s * s, outer_grad
    return outer


def _keras_outer(inner):
    @keras.ops.custom_gradient
    def keras_outer(x):
        s = inner(x)

        def keras_grad(*args, upstream=None):
            upstream = args[0] if upstream is None else upstream
            return upstream * 2.0 * s * _slope(inner, x)
        return s * s, keras_grad
    return keras_outer


def _keras_inner_off():
    @keras.ops.custom_gradient
    def keras_inner(x):
        def keras_inner_grad(*args, upstream=None):
            upstream = args[0] if upstream is None else upstream
            return upstream * tf.math.sigmoid(-x)
        return _softplus(x), keras_inner_grad
    return keras_inner


def _def_line(name):
    with open(__file__) as handle:
        return next(n for n, text in enumerate(handle, 1) if f"def {name}(" in text)


@pytest.mark.parametrize("outer, rule, also", [
    (_outer(_inner(-1.0), 2.0), "inner_grad", None),  # the inner rule off (sigmoid(-x)), the outer right
    (_outer(_inner(1.0), 3.0), "outer_grad", None),  # the outer rule off (3 s s'), the inner right
    (_outer(_inner(-1.0), 3.0), "inner_grad", "outer_grad"),  # both off: the inner named first, the outer beside it
    (_keras_outer(_keras_inner_off()), "keras_inner_grad", None),  # Keras' spelling, the inner rule off
], ids=["inner-off", "outer-off", "both-off", "keras-inner-off"])
def test_nested_custom_gradients_are_each_judged_at_their_own_rule(outer, rule, also):
    def squared_softplus(x):
        return tf.reduce_sum(outer(x))

    result = _checked(squared_softplus, {"x": np.array([0.5, -3.0])})
    assert result.status == "wrong", (result.status, result.findings)
    (finding,) = [f for f in result.findings if f.kind == "wrong-rule"]
    assert finding.location.endswith(f"test_tf56_exact.py:{_def_line(rule)}"), finding.location
    assert rule in finding.op and f"{rule}() of" in finding.message
    assert (f"and so is {also}() of" in finding.message) if also else ("and so is" not in finding.message)
    # softplus(x)^2's derivative, 2 softplus(x) sigmoid(x)
    truth = [float(2 * mpmath.log1p(mpmath.exp(x)) / (1 + mpmath.exp(-x))) for x in (0.5, -3.0)]
    np.testing.assert_allclose(np.asarray(result.exact_gradient["x"], np.float64), truth, rtol=1e-13)


def test_each_op_of_a_nested_rule_is_replayed_under_the_rule_it_was_made_in():
    from gradcli.capture.tf_bridge import TensorFlowFunction

    outer = _outer(_inner(-1.0), 2.0)

    def squared_softplus(x):
        return tf.reduce_sum(outer(x))

    captured = TensorFlowFunction(squared_softplus, "squared_softplus")._capture([np.array([0.5, -3.0])], list)
    rules = {step.location: step.rule[0] for step in captured.backward.steps if step.rule}
    inner_line, outer_line = (_line_after(name, "return upstream") for name in ("inner_grad", "outer_grad"))
    assert rules[f"{__file__}:{inner_line}"] == "inner_grad() of inner"
    assert rules[f"{__file__}:{outer_line}"] == "outer_grad() of outer"


def _line_after(name, code):
    with open(__file__) as handle:
        lines = list(enumerate(handle, 1))
    start = _def_line(name)
    return next(n for n, text in lines if n > start and code in text)
