"""TensorFlow's spelling: GradientTape and Variable.

Semantics follow ``tf.GradientTape``: trainable Variables are watched when
read, plain values must be watched (an array by identity; for a number the
value ``watch`` returns is the one to compute with), sources keep their structure, a list target is summed, an
unconnected source gives None, and a non-persistent tape answers once.
"""

import math

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli import GradientTape, Variable
from gradcli.autodiff import tracer
from gradcli.autodiff.tracer import Box
from gradcli.autodiff.values import raw


def test_watch_a_plain_value():
    with GradientTape() as t:
        x = t.watch(3.0)
        y = x * x
    assert t.gradient(y, x) == 6.0


def test_watch_an_array():
    x0 = np.array([1.0, -2.0, 0.5])
    with GradientTape() as t:
        x = t.watch(x0)
        y = gnp.sum(gnp.sin(x) * x)
    g = t.gradient(y, x)
    assert g.shape == (3,)
    np.testing.assert_allclose(g, np.cos(x0) * x0 + np.sin(x0), rtol=1e-15)


def test_watch_returns_same_structure():
    with GradientTape() as t:
        a, b = t.watch([1.0, 2.0])
        d = t.watch({"u": 3.0})
        y = a * b * d["u"]
    assert t.gradient(y, [a, b, d["u"]]) == [6.0, 3.0, 2.0]


def test_variables_are_watched_automatically():
    v = Variable(3.0)
    with GradientTape() as t:
        y = v * v
    assert t.gradient(y, v) == 6.0


def test_variable_array_gradient_has_its_shape():
    v = Variable(np.array([[1.0, 2.0], [3.0, 4.0]]))
    with GradientTape() as t:
        y = gnp.sum(v * v * v)
    g = t.gradient(y, v)
    assert g.shape == (2, 2)
    np.testing.assert_allclose(g, 3 * v.numpy() ** 2)


def test_variable_outside_tape_behaves_like_its_value():
    v = Variable(2.0)
    assert v * 3.0 == 6.0
    assert gnp.exp(v) == pytest.approx(math.exp(2.0))
    assert v.numpy() == 2.0


def test_non_trainable_variable_is_not_watched():
    w = Variable(2.0, trainable=False)
    with GradientTape() as t:
        y = w * w
    assert t.gradient(y, w) is None


def test_non_trainable_variable_watched_explicitly():
    w = Variable(2.0, trainable=False)
    with GradientTape() as t:
        t.watch(w)
        y = w * w
    assert t.gradient(y, w) == 4.0


def test_watch_accessed_variables_false():
    a, b = Variable(1.0), Variable(2.0)
    with GradientTape(watch_accessed_variables=False) as t:
        t.watch(a)
        y = a * b
    assert t.gradient(y, [a, b]) == [2.0, None]


def test_watch_accessed_variables_false_nothing_watched():
    a = Variable(1.0)
    with GradientTape(watch_accessed_variables=False) as t:
        y = a * a
    assert t.gradient(y, a) is None


def test_sources_keep_their_structure():
    a, b, c = Variable(1.0), Variable(2.0), Variable(3.0)
    with GradientTape(persistent=True) as t:
        y = a * b * c
    grads = t.gradient(y, [a, b, c])
    assert isinstance(grads, list) and grads == [6.0, 3.0, 2.0]
    grads = t.gradient(y, (a, c))
    assert isinstance(grads, tuple) and grads == (6.0, 2.0)
    grads = t.gradient(y, {"a": a, "b": b})
    assert grads == {"a": 6.0, "b": 3.0}
    grads = t.gradient(y, {"ab": [a, b], "c": c})
    assert grads == {"ab": [6.0, 3.0], "c": 2.0}


def test_list_target_is_summed():
    a, b = Variable(1.0), Variable(2.0)
    with GradientTape() as t:
        y = a * b
        z = a + b
    assert t.gradient([y, z], a) == 3.0


def test_output_gradients_scale_the_target():
    a, b = Variable(1.0), Variable(2.0)
    with GradientTape(persistent=True) as t:
        y = a * b
        z = a + b
    assert t.gradient(y, a, output_gradients=3.0) == 6.0
    assert t.gradient([y, z], a, output_gradients=[3.0, 5.0]) == 11.0


def test_output_gradients_for_a_vector_target():
    x0 = np.array([0.5, 1.0, 2.0])
    v = Variable(x0)
    w = np.array([1.0, -1.0, 10.0])
    with GradientTape() as t:
        y = gnp.exp(v)
    np.testing.assert_allclose(t.gradient(y, v, output_gradients=w), w * np.exp(x0), rtol=1e-15)


def test_vector_target_without_output_gradients_is_summed():
    x0 = np.array([0.5, 1.0])
    v = Variable(x0)
    with GradientTape() as t:
        y = v * v
    np.testing.assert_allclose(t.gradient(y, v), 2 * x0)


def test_unconnected_source_gives_none():
    a, c = Variable(1.0), Variable(7.0)
    b = Variable(2.0)
    with GradientTape(persistent=True) as t:
        y = a * b
    assert t.gradient(y, c) is None
    assert t.gradient(y, [a, c]) == [2.0, None]


def test_constant_target_gives_none():
    a = Variable(1.0)
    with GradientTape() as t:
        y = gradcli.stop_gradient(a) * 2.0
    assert t.gradient(y, a) is None


def test_non_persistent_tape_answers_once():
    a = Variable(1.0)
    with GradientTape() as t:
        y = a * a
    assert t.gradient(y, a) == 2.0
    with pytest.raises(RuntimeError, match="persistent"):
        t.gradient(y, a)


def test_non_persistent_tape_jacobian_after_gradient_raises():
    a = Variable(np.array([1.0, 2.0]))
    with GradientTape() as t:
        y = a * a
    t.gradient(y, a)
    with pytest.raises(RuntimeError, match=r"already used .* create it with GradientTape\(persistent=True\)"):
        t.jacobian(y, a)


def test_persistent_tape_answers_many_times():
    a, b = Variable(1.0), Variable(2.0)
    with GradientTape(persistent=True) as t:
        y = a * b
        z = a * a
    assert t.gradient(y, a) == 2.0
    assert t.gradient(y, b) == 1.0
    assert t.gradient(z, a) == 2.0
    assert t.gradient(y, a) == 2.0


def test_nested_tapes_second_derivative_of_variable():
    x = Variable(3.0)
    with GradientTape() as outer:
        with GradientTape() as inner:
            y = x * x * x
        dy = inner.gradient(y, x)
    d2y = outer.gradient(dy, x)
    # dy is still recorded by the outer tape; compare through a plain value.
    assert gradcli.stop_gradient(dy) == 27.0
    assert d2y == 18.0


def test_nested_tapes_second_derivative_of_watched_value():
    with GradientTape() as outer:
        x = outer.watch(2.0)
        with GradientTape() as inner:
            x_inner = inner.watch(x)
            y = gnp.sin(x_inner) * x_inner
        dy = inner.gradient(y, x_inner)
    d2y = outer.gradient(dy, x)
    # y = x sin x; y' = sin x + x cos x; y'' = 2 cos x - x sin x
    assert gradcli.stop_gradient(dy) == pytest.approx(math.sin(2.0) + 2.0 * math.cos(2.0), rel=1e-15)
    assert d2y == pytest.approx(2 * math.cos(2.0) - 2.0 * math.sin(2.0), rel=1e-14)


def test_tape_jacobian():
    x0 = np.array([1.0, 2.0, 3.0])
    xv = Variable(x0)
    with GradientTape() as t:
        y = gnp.sin(xv) * xv
    j = t.jacobian(y, xv)
    assert j.shape == (3, 3)
    np.testing.assert_allclose(j, np.diag(np.cos(x0) * x0 + np.sin(x0)), rtol=1e-15)


def test_tape_jacobian_of_watched_value_non_square():
    x0 = np.array([0.5, -1.0])
    with GradientTape() as t:
        x = t.watch(x0)
        y = gnp.stack([x[0] * x[1], x[0] + x[1], gnp.exp(x[1])])
    j = t.jacobian(y, x)
    assert j.shape == (3, 2)
    np.testing.assert_allclose(j, [[x0[1], x0[0]], [1.0, 1.0], [0.0, np.exp(x0[1])]], rtol=1e-15)


def test_variable_assign_between_reads():
    v = Variable(2.0)
    with GradientTape() as t:
        y1 = v * v  # reads 2.0
        v.assign(5.0)
        y2 = v * v  # reads 5.0
    # The gradient with respect to the variable sums over all of its reads.
    assert gradcli.stop_gradient(y1) == 4.0 and gradcli.stop_gradient(y2) == 25.0
    assert t.gradient(y1 + y2, v) == 2 * 2.0 + 2 * 5.0
    assert v.numpy() == 5.0


def test_variable_assign_add_between_reads():
    v = Variable(1.0)
    with GradientTape(persistent=True) as t:
        y1 = v * 3.0
        v.assign_add(1.0)
        y2 = v * v
    assert t.gradient(y1, v) == 3.0
    assert t.gradient(y2, v) == 4.0
    assert t.gradient([y1, y2], v) == 7.0


def test_gradient_with_respect_to_an_intermediate_value():
    with GradientTape(persistent=True) as t:
        x = t.watch(2.0)
        h = x * x
        y = gnp.sin(h)
    assert t.gradient(y, h) == pytest.approx(math.cos(4.0), rel=1e-15)
    assert t.gradient(y, x) == pytest.approx(4.0 * math.cos(4.0), rel=1e-15)


def test_gradient_with_respect_to_an_intermediate_with_other_paths():
    # The gradient wrt h counts only paths through h, not the direct use of x.
    with GradientTape(persistent=True) as t:
        x = t.watch(1.5)
        h = x * 2.0
        y = h * h + x
    assert t.gradient(y, h) == 2 * 3.0
    assert t.gradient(y, x) == 2 * 3.0 * 2.0 + 1.0


def test_variable_float32_gradient_dtype():
    v = Variable(np.array([1.0, 2.0], dtype=np.float32))
    with GradientTape() as t:
        y = gnp.sum(v * np.float64(3.0))
    g = t.gradient(y, v)
    assert g.dtype == np.float32
    np.testing.assert_array_equal(g, [3.0, 3.0])


def test_tape_and_grad_both_give_the_analytic_derivative():
    x0 = np.array([0.2, -0.4, 0.9])

    def f(x):
        return gnp.sum(gnp.tanh(x) * gnp.exp(x))

    # The product rule by hand, in the math module: d/dx tanh(x) e^x = e^x / cosh(x)^2 + tanh(x) e^x.
    expected = [math.exp(x) / math.cosh(x) ** 2 + math.tanh(x) * math.exp(x) for x in x0]
    v = Variable(x0)
    with GradientTape() as t:
        y = f(v)
    np.testing.assert_allclose(t.gradient(y, v), expected, rtol=1e-15)
    np.testing.assert_allclose(gradcli.grad(f)(x0), expected, rtol=1e-15)


def test_tape_inside_grad():
    # A tape used inside a grad: the tape's gradient is differentiable by grad.
    def f(x):
        with GradientTape() as t:
            xw = t.watch(x)
            y = xw * xw * xw
        return t.gradient(y, xw)

    assert gradcli.grad(f)(2.0) == 12.0


def test_grad_inside_tape_sees_the_variable_through_both():
    v = Variable(3.0)
    with GradientTape() as t:
        # d/dx (x v^2) = v^2, still recorded on the tape.
        y = gradcli.grad(lambda x: x * v * v)(1.0)
    assert gradcli.stop_gradient(y) == 9.0
    assert t.gradient(y, v) == 6.0


def test_tape_is_released_when_the_block_raises():
    v = Variable(2.0)
    with pytest.raises(ValueError, match="boom"):
        with GradientTape():
            raise ValueError("boom")
    # A later tape works normally and an unrelated computation is not recorded.
    with GradientTape() as t:
        y = v * v
    assert t.gradient(y, v) == 4.0


def test_outer_tape_gradient_of_target_recorded_by_both_tapes():
    v = Variable(3.0)
    with GradientTape() as outer:
        with GradientTape() as inner:
            y = v * v
    assert outer.gradient(y, v) == 6.0


def test_outer_persistent_tape_first_and_second_derivative():
    with GradientTape(persistent=True) as outer:
        x = outer.watch(2.0)
        with GradientTape() as inner:
            xi = inner.watch(x)
            y = xi * xi * xi
        dy = inner.gradient(y, xi)
    assert outer.gradient(dy, x) == 12.0
    assert outer.gradient(y, x) == 12.0


def test_variable_diamond_accumulates():
    # v is read three times; every read contributes.
    v = Variable(3.0)
    with GradientTape() as t:
        y = v * v + v
    assert t.gradient(y, v) == 7.0


# -- values computed under a tape, used after its block, inside another transform -------------


def _tape_inside(x, w):
    # y is computed under the tape and used after the tape's block has closed.
    with gradcli.GradientTape():
        y = gnp.sin(x) * w
    return y * x


def test_value_from_a_closed_inner_tape_carries_the_outer_gradient():
    # grad used to see the inner tape's box on its output and return 0.
    w = gradcli.Variable(2.0)
    x = 3.0
    want = 2.0 * (np.cos(x) * x + np.sin(x))
    assert gradcli.grad(lambda x: _tape_inside(x, w))(x) == pytest.approx(want, rel=1e-15)
    assert gradcli.jvp(lambda x: _tape_inside(x, w), (x,), (1.0,))[1] == pytest.approx(want, rel=1e-15)
    assert gradcli.hessian(lambda x: _tape_inside(x, w))(x) == pytest.approx(
        2.0 * (2 * np.cos(x) - x * np.sin(x)), rel=1e-14
    )
    value, grads = gradcli.value_and_gradients_function(lambda x: _tape_inside(x, w))(x)
    assert value == pytest.approx(2.0 * np.sin(x) * x) and grads[0] == pytest.approx(want, rel=1e-15)


def test_value_from_a_closed_inner_tape_under_an_outer_tape():
    w = gradcli.Variable(2.0)
    with gradcli.GradientTape() as outer:
        x = outer.watch(np.array([0.5, 1.5]))
        y = gnp.sum(_tape_inside(x, w))
    np.testing.assert_allclose(outer.gradient(y, x), 2.0 * (np.cos([0.5, 1.5]) * [0.5, 1.5] + np.sin([0.5, 1.5])), rtol=1e-15)


# -- an array watched by identity, as TensorFlow watches a tensor ----------------------------


def test_an_array_watched_by_identity_gets_its_gradient_while_the_code_uses_the_array_itself():
    x = np.array(2.0)
    v = Variable(3.0)
    with GradientTape() as t:
        t.watch(x)  # the return value ignored, as in TensorFlow
        y = gnp.exp(x) * x + v * v
    gx, gv = t.gradient(y, [x, v])
    assert gx == pytest.approx(3 * np.exp(2.0), rel=1e-15)
    assert gv == pytest.approx(6.0)


def test_an_array_watched_by_identity_is_seen_inside_a_list_and_next_to_a_traced_value():
    x = np.array([1.0, 2.0])
    with GradientTape() as t:
        t.watch(x)
        y = gnp.sum(gnp.stack([x, gnp.sin(x)]) * x)
    np.testing.assert_allclose(t.gradient(y, x), 2 * x + np.sin(x) + x * np.cos(x), rtol=1e-15)


def test_nested_tapes_watching_one_array_by_identity_give_the_second_derivative():
    x = np.array([0.5, 1.5])
    with GradientTape() as outer:
        outer.watch(x)
        with GradientTape() as inner:
            inner.watch(x)
            y = gnp.sum(gnp.sin(x) * x)
        first = inner.gradient(y, x)
        total = gnp.sum(first)
    np.testing.assert_allclose(raw(first), np.cos(x) * x + np.sin(x), rtol=1e-15)
    np.testing.assert_allclose(outer.gradient(total, x), 2 * np.cos(x) - x * np.sin(x), rtol=1e-15)


def test_an_array_is_plain_again_once_its_tape_closes_even_after_an_error():
    x = np.array(2.0)
    with pytest.raises(ZeroDivisionError):
        with GradientTape() as t:
            t.watch(x)
            1 / 0
    assert not isinstance(gnp.exp(x), Box)
    assert not tracer.watched_arrays


def test_a_watched_array_no_gradcli_op_saw_is_never_a_silent_none():
    x = np.array(2.0)
    v = Variable(3.0)
    with GradientTape() as t:
        t.watch(x)
        y = gnp.sum(x * x) + v * v  # NumPy's own multiply: invisible to gradcli
    with pytest.warns(UserWarning, match="no gradcli operation was handed it"):
        gx, gv = t.gradient(y, [x, v])
    assert gx is None and gv == pytest.approx(6.0)


def test_a_watched_array_the_target_reads_through_gradcli_ops_gives_no_warning(recwarn):
    x = np.array(2.0)
    with GradientTape() as t:
        t.watch(x)
        y = gnp.square(x)
    assert t.gradient(y, x) == pytest.approx(4.0)
    assert not [w for w in recwarn if issubclass(w.category, UserWarning)]
