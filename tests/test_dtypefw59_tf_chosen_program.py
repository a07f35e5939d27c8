"""A TensorFlow function whose code chooses by its dtype, with no constant the dtype rounds: float32's exact
reference replays float32's own trace, whether the choice is another operation or the same ones wired otherwise."""

from __future__ import annotations

import numpy as np
import pytest

import gradcli

tf = pytest.importorskip("tensorflow")


def doubled_or_squared(x):
    return x * 2.0 if x.dtype == tf.float32 else x * x


def swapped(x, y):
    return x * tf.exp(y) if x.dtype == tf.float32 else y * tf.exp(x)


def _points(function, point):
    report = gradcli.check(function, [point], dtypes=("float32", "float64"), fixes=False)
    return {result.dtype: result for result in report.results}


def test_another_operation_chosen_by_the_dtype_is_float32s_own():
    points = _points(doubled_or_squared, {"x": 3.0})
    assert points["float64"].exact_gradient["x"] == pytest.approx(6, rel=1e-12)
    assert points["float32"].exact_gradient["x"] == pytest.approx(2, rel=1e-12)
    assert points["float32"].status == "ok"


def test_the_same_operations_wired_otherwise_are_float32s_own():
    points = _points(swapped, {"x": 1.0, "y": 2.0})
    assert points["float64"].exact_gradient["x"] == pytest.approx(2 * np.e, rel=1e-12)
    assert points["float32"].exact_gradient["x"] == pytest.approx(np.exp(2), rel=1e-12)
    assert points["float32"].exact_gradient["y"] == pytest.approx(np.exp(2), rel=1e-12)
    assert points["float32"].status == "ok"


def multiplied(x, y):
    return tf.exp(x) * tf.sin(y) - x * 0.5


def subtracted(x, y):
    return tf.exp(x) - y if x.dtype == tf.float32 else tf.exp(y) - x


@pytest.mark.parametrize(("function", "chose"), [(multiplied, False), (subtracted, True)])
def test_only_a_program_that_chose_by_its_dtype_says_so(function, chose):
    # float64's trace of a product holds gradient shapes that float32's does not: no choice of the code's
    from gradcli.capture.tf_bridge import capture

    bridge = capture(function, function.__name__)
    bridge.backward((1.0, 2.0), 1.0)
    assert bool(bridge.held_constants(np.float32)) is chose
