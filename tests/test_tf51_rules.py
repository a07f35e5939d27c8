"""A ``tf.custom_gradient`` rule that returns gradients in the wrong order or shape is `wrong` at its own line.

Eager ``tf.custom_gradient`` hands a rule its ``variables=`` in another
order than a graph does (a set of the watched variables, where a graph sorts
them by name): the exact reference replays the rule as the user's eager run
calls it, so a rule returning its variables' gradients in a fixed order is
judged by what the user's run computes, not by what a graph would.
"""

import numpy as np
import pytest

import gradcli
from gradcli.errors import InputError

tf = pytest.importorskip("tensorflow")

X = [0.5, 2.0]
READOUT = [1.0, -3.0]


class _Affine(tf.Module):
    """x * w + b, its rule by hand: the variables' gradients returned as listed (``ordered``: by ``variables``)."""

    def __init__(self, ordered):
        super().__init__()
        # made in this order, named against it: eager hands the rule (w, b), a graph (b, w)
        self.w = tf.Variable([1.5, -0.25], dtype=tf.float64, name="w")
        self.b = tf.Variable([-0.5, 2.0], dtype=tf.float64, name="b")
        self.ordered = ordered

    def __call__(self, x):
        w, b = self.w, self.b

        @tf.custom_gradient
        def op(x):
            def grad_fn(upstream, variables=None):
                if self.ordered:
                    by_name = {"w": upstream * x, "b": upstream}
                    return upstream * w, [by_name[v.name.split(":")[0]] for v in variables]
                return upstream * w, [upstream, upstream * x]  # (d/db, d/dw): right only where b comes first

            return x * w + b, grad_fn

        return op(x)


def affine_loss(model, x):
    return tf.reduce_sum(model(x) * tf.constant(READOUT, dtype=x.dtype))


def _check(model):
    (result,) = gradcli.check(affine_loss, [{"model": model, "x": np.array(X)}], dtypes=("float64",),
                              fixes=False).results
    return result


def _tensorflows(model):
    """TensorFlow's own eager gradient in (w, b)."""
    with tf.GradientTape() as tape:
        y = affine_loss(model, tf.constant(X, tf.float64))
    return [g.numpy() for g in tape.gradient(y, [model.w, model.b])]


def test_variables_gradients_in_a_fixed_wrong_order_are_wrong_at_the_rule():
    model = _Affine(ordered=False)
    result = _check(model)
    assert result.status.value == "wrong", (result.error, result.findings)
    (finding,) = [f for f in result.findings if f.kind == "wrong-rule"]
    assert "grad_fn" in finding.op and finding.location.endswith(f":{_line_of('def grad_fn')}")
    exact_w, exact_b = np.multiply(X, READOUT), np.array(READOUT)
    assert np.allclose(np.asarray(result.exact_gradient["model.w"], float), exact_w, rtol=1e-14, atol=0)
    assert np.allclose(np.asarray(result.exact_gradient["model.b"], float), exact_b, rtol=1e-14, atol=0)
    own_w, own_b = _tensorflows(model)  # the user's run: w given b's gradient
    assert np.allclose(np.asarray(result.gradient["model.w"], float), own_w, rtol=1e-14, atol=0)
    assert np.allclose(own_w, exact_b, rtol=1e-14, atol=0)


def test_a_rule_that_follows_its_variables_order_is_ok():
    result = _check(_Affine(ordered=True))
    assert result.status.value == "ok", (result.error, result.findings)


def too_few(x, y):
    @tf.custom_gradient
    def op(x, y):
        def grad_fn(up):
            return up * y  # one gradient for two inputs

        return x * y, grad_fn

    return tf.reduce_sum(op(x, y))


def misshapen(x, s):
    @tf.custom_gradient
    def op(x, s):
        def grad_fn(up):
            return tf.reduce_sum(up * x), up * s  # (d/ds, d/dx): the right count, each in the other's shape

        return x * s, grad_fn

    return tf.reduce_sum(op(x, s))


def test_a_rule_returning_another_count_is_told_at_its_line():
    with pytest.raises(InputError, match="returns 1 gradient for its 2 inputs") as caught:
        gradcli.check(too_few, [{"x": np.array(X), "y": np.array([3.0, -1.0])}], dtypes=("float64",), fixes=False)
    assert caught.value.line == _line_of("# one gradient for two inputs") - 1
    assert caught.value.file == __file__


def test_a_rule_returning_gradients_in_each_others_shapes_is_wrong_at_its_line():
    (result,) = gradcli.check(misshapen, [{"x": np.array(X), "s": np.float64(3.0)}], dtypes=("float64",),
                              fixes=False).results
    assert result.status.value == "wrong", (result.error, result.findings)
    (finding,) = [f for f in result.findings if f.kind == "wrong-rule"]
    assert "shape () for its input 1 of 2, whose shape is (2,)" in finding.message
    assert finding.location == f"{__file__}:{_line_of('# (d/ds, d/dx)') - 1}"


def _line_of(text):
    with open(__file__, encoding="utf-8") as handle:
        return next(i for i, line in enumerate(handle, 1) if text in line)
