"""A TensorFlow rule that compares a cotangent balls cannot bound: the check still has an exact reference.

TensorFlow's Sqrt, Rsqrt and Reciprocal gradient kernels ask whether their cotangent is 0. At a straight angle,
arccos(a . b / (|a| |b|)) at a cosine of exactly -1, Acos's gradient is 1 / sqrt(1 - c^2) = 1 / 0 of an exact 0, and
the norms' Sqrt gradients then compare that cotangent with 0. Balls keep no sign of an exact 0, so 1 / 0 is a ball
with no bound and the comparison stayed undecided at every precision: the point got no verdict, where JAX's and
PyTorch's spellings of the same angle are `wrong` (the exact slopes along the axis are 0; the rule's are NaN).
"""

import textwrap

import numpy as np
import pytest

import gradcli
from gradcli.autodiff import arb

pytest.importorskip("tensorflow")

SOURCE = textwrap.dedent(
    """
    import math
    import tensorflow as tf


    def bend_energy(x):
        a, b = x[0] - x[1], x[2] - x[1]
        theta = tf.acos(tf.reduce_sum(a * b) / (tf.norm(a) * tf.norm(b)))
        return 3.0 * (theta - math.pi) ** 2
    """
)

STRAIGHT = [[1.0, 0.0, 0.0], [0.0, 0.0, 0.0], [-2.0, 0.0, 0.0]]


def test_a_straight_angle_in_tensorflow_is_judged_as_in_the_other_frameworks(tmp_path):
    path = tmp_path / "angles.py"
    path.write_text(SOURCE)
    [result] = gradcli.check(f"{path}:bend_energy", [{"x": STRAIGHT}], dtypes=("float64",), fixes=False).results
    assert result.status == "wrong", [f.message for f in result.findings]
    exact = np.asarray(result.exact_gradient["x"], dtype=float)
    # along the axis the angle stays pi: 3 (pi - fl(pi))^2 whatever x[i, 0] is, slope 0
    assert np.all(exact[:, 0] == 0.0), exact
    assert not any("no exact reference" in f.message for f in result.findings)


def test_a_comparison_of_a_ball_with_no_bound_says_so():
    import flint

    arb.enable()  # the balls' types, bound when a proof first runs
    unbounded = flint.arb(1) / flint.arb(0)  # an exact 0: no sign, no bound
    assert not unbounded.is_finite()
    equal = arb.ELEMENTWISE["equal"]
    with pytest.raises(arb.UndecidedBeyondBounds):
        equal(unbounded, flint.arb(0))
    with pytest.raises(arb.Undecided) as raised:  # a finite ball about 0 is undecided as before, not beyond bounds
        equal(flint.arb(0, 1e-30), flint.arb(0))
    assert not isinstance(raised.value, arb.UndecidedBeyondBounds)
