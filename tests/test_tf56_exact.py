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


def _checked(function, point, dtype="float64"):
    (result,) = gradcli.check(function, [point], dtypes=(dtype,), fixes=False).results
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
    result = _checked(function, {"x": np.array([0.0, 2.0]), "y": np.array(y)})
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
