"""The exact reference of TensorFlow code, through the bridge's replay of its graph, against the property
campaign's oracle.

A bounded sample of `reference_framework_ops`' compositions written with tf.math and tf.nn (the campaign:
``python tests/test_reference_property.py --framework tf``, in `make fuzz-reference`), and the tester tested: the
replay's ``Tanh`` rounded to float64 must fail it.
"""

from __future__ import annotations

import numpy as np

import reference_framework_ops as frameworks
from gradcli.autodiff import ops
from gradcli.capture import tf_ops
from test_reference_property import VECTOR

FRAMEWORK = "tf"


def test_random_compositions_replayed_from_tensorflow_graphs_match_the_oracle():
    failures, counts = frameworks.sample_failures(FRAMEWORK, seed=8, compositions=3)
    assert not failures and counts[1] >= 6 and counts[2] >= counts[1] - 1, (failures, counts)


# TensorFlow's LeakyRelu holds alpha as a float32: 0.009999999776482582 y, which 0.01 y misses by 2e-8.
PLANTED = frameworks.TANH_PLANTED + [
    (("unary", "leaky_float32", ("leaf", "x")), [-3.0, 1.0, np.ones(VECTOR), np.ones(VECTOR)]),
]


def test_a_float64_rounding_planted_in_the_tanh_mapping_fails_the_property(monkeypatch):
    assert frameworks.found_at(FRAMEWORK, PLANTED) == [[]] * len(PLANTED)
    rounded = frameworks.float64_rounded(ops.tanh, monkeypatch)
    monkeypatch.setitem(tf_ops.OPS, "Tanh", (lambda ins, attrs: rounded(ins[0]), ()))
    found = frameworks.found_at(FRAMEWORK, PLANTED, tag="_planted")
    assert found[0] and found[1] and found[2] == [], found


def test_a_bumped_run_leaving_an_op_s_domain_bounds_nothing_and_raises_nothing():
    # TensorFlow's sparse softmax cross-entropy of spence(softplus(v)^2) at v = [-4e156, -30, -4e156]: a sum's result
    # moved by 2^8 units took spence's argument below 0, where mpmath's answer is complex and the max of the
    # kernel's shift raised TypeError out of the reference (campaign seed 11). No bound: the run climbs on.
    import mpmath

    from gradcli.checker.precision import absorbed_effect

    calls = []

    def run():
        calls.append(1)
        total = mpmath.mpf(1) + mpmath.mpf("1e-100")  # an addition that loses its smaller term at 30 digits
        if len(calls) > 1:
            raise TypeError("no ordering relation is defined for complex numbers")
        return total

    with mpmath.workdps(30):
        assert absorbed_effect(run, mpmath.mpf(0)) is None
    assert len(calls) == 2


# A softmax within e^-1e200 of one-hot (campaign seed 21: 44 of TensorFlow's 109 points without a reference, each "not
# proven 0"): the replay's log of a sum of balls held log1p(2e^-1e200) inside a ball around 0 at every precision,
# where logsumexp keeps the tail.
ONE_HOT = [
    (("reduce", "log_softmax2", ("leaf", "w")), [3.0, 1.0, np.ones(VECTOR), np.array([-1e200, -1e200, 9.9e-51])]),
    (("reduce", "entropy", ("leaf", "v")), [3.0, 1.0, np.array([-1.0, -3.3e-85, 2.2e46]), np.ones(VECTOR)]),
    (("reduce", "label0_cross_entropy", ("leaf", "v")), [0.5, 1.0, np.array([1e200, -1e200, 3.3e-36]), np.ones(VECTOR)]),
]


def test_a_softmax_within_e_to_the_minus_1e200_of_one_hot_has_its_exact_reference():
    assert frameworks.found_at(FRAMEWORK, ONE_HOT) == [[]] * len(ONE_HOT)  # answered (not None), and right


# Found by the TensorFlow campaign, seed 21: sort(concat([softmax(v)[1] v, [0.3]]))[1] at v = [2.37e41, 800, -30] picks
# softmax(v)[1] v[0] = v[0] e^(800 - 2.37e41), smooth, d/dv[0] = -3.75e-102949008773077699844843502724863252197797; its
# kink test's steps relative to |v[0]| (23.7 and 2.4e-19) were longer than the unit over which that weight falls by e,
# and the shorter step's quotient, grown past the longer's, read as a singularity (NaN).
def test_a_sorted_softmax_weight_far_below_one_has_its_slope():
    tree = ("reduce", "sort_const", ("binary", "multiply", ("reduce", "softmax1", ("leaf", "v")), ("leaf", "v")))
    point = [-40.0, 1.0, np.array([2.3704885293940194e41, 800.0, -30.0]), np.ones(VECTOR)]
    assert frameworks.found_at(FRAMEWORK, [(tree, point)]) == [[]]


def test_a_constant_each_pick_carries_into_the_replay_stays_exact():
    # a sort's, an index's, a fill's pick of 0.3 squared alone: float64's square before the replay held it exact
    assert frameworks.picked_constants_wrong(FRAMEWORK) == []


# The TensorFlow campaign's seed 43: d/dw[0] of logsumexp(-xlogy(w, exp(v))) at w[0] = 0 is -v[0] times entry 0's
# softmax weight, -2.2e-1792300289256715196..., where a replay of Xlogy as a where at its tie said 0.0 as exact.
def test_a_slope_of_xlogy_at_x_0_is_log_y_through_tensorflow_s_where():
    tree = ("reduce", "logsumexp", ("unary", "negative", ("binary", "xlogy", ("leaf", "w"), ("leaf", "v"))))
    point = [-1.088090272380755e131, 1e200, np.array([5e-324, 4.1269239282114285e81, 4.1441567409915985e226]),
             np.array([0.0, -1.0, 0.5])]
    assert frameworks.found_at(FRAMEWORK, [(tree, point)]) == [[]]


def test_inputs_a_pick_by_a_floor_of_constants_never_reads_have_slope_0(tmp_path):
    """The sorted pick of w joined to [0.3, -1] at the index floor(0.5 * 4) = 2, the floor of a constant on its step,
    picks the constant -1 at w = [0.5, -30, -30]: x and v are never read, w only through the sort's order (not
    "an exact entry is within 2.98e-2482 of 0 at 3840 digits but not proven 0")."""
    from gradcli.checker import balls, reference
    from gradcli.checker.targets import resolve

    path = tmp_path / "floor_of_constants.py"
    path.write_text("import tensorflow as tf\n\n\ndef composed(x, y, v, w):\n"
                    "    s = tf.sort(tf.concat([w, tf.constant([0.3, -1.0], dtype=w.dtype)], 0))\n"
                    "    k = tf.cast(tf.floor(tf.constant(0.5, dtype=w.dtype) * 4.0), tf.int32)\n"
                    "    return tf.gather(s, k) / (1.0 + y ** 2)\n")
    point = [np.float64(800.0), np.float64(1e-310), np.array([-1.0, 1.57574862e293, 2.412093e-80]), np.array([0.5, -30.0, -30.0])]
    exact = reference.compute(resolve(f"{path}:composed"), point, budget=balls.Budget(60.0))
    assert exact.determined, exact.why
    assert exact.gradient[0] == 0 and all(g == 0 for g in [*exact.gradient[2], *exact.gradient[3]])
    assert abs(float(exact.gradient[1]) - 2e-310) <= 1e-323  # d/dy of -1 / (1 + y^2) at 1e-310: 2 y
