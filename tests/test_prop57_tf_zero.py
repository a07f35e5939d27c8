"""TensorFlow's scalar 0 constants are exact in an exact replay, as every other float constant is.

A 0 kept a float is exact as a number, but a pick of it (a where between two such 0s) carries the float into the
replay, and an op on it alone computes in float64: softplus(0) is float64's log 2, whose rounding (1e-17) the
exponent of exp(-x log1p(c^2)) at x = 1e200 multiplies into every digit. The CTC loss's rows of log(0)s shifted
by that 0 stay -inf on balls (the log of an exact 0 ball is -inf: `test_prop57_exact_edges`, `test_tf_ctc`).
"""

from __future__ import annotations

import mpmath
import numpy as np
import pytest

pytest.importorskip("tensorflow")

SOURCE = """import tensorflow as tf


def softplus_of_a_picked_zero(x):
    zero = tf.constant(0.0, x.dtype)
    c = tf.nn.softplus(tf.where(x > 1, zero, zero))
    return tf.exp(-x * tf.math.log1p(c * c))
"""


def test_an_op_on_a_picked_zero_alone_computes_exactly(tmp_path):
    from gradcli.checker import balls, reference
    from gradcli.checker.targets import resolve

    path = tmp_path / "picked_zero.py"
    path.write_text(SOURCE)
    exact = reference.compute(resolve(f"{path}:softplus_of_a_picked_zero"), [np.float64(1e200)], budget=balls.Budget(30.0))
    assert exact.determined, exact.why
    with mpmath.workdps(300):  # the exponent's 200 digits before the point, and more
        truth = mpmath.exp(-mpmath.mpf(1e200) * mpmath.log1p(mpmath.log(2) ** 2))
        assert abs(mpmath.mpf(exact.value) / truth - 1) < 1e-12, (exact.value, truth)
