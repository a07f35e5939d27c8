"""The exact reference of JAX code, through the bridge's replay of its jaxpr, against the property campaign's oracle.

A bounded sample of `reference_framework_ops`' compositions written with jax.numpy, jax.nn and jax.scipy.special
(the campaign: ``python tests/test_reference_property.py --framework jax``, in `make fuzz-reference`), and the
tester tested: the replay's ``logistic`` rounded to float64 must fail it.
"""

from __future__ import annotations

import numpy as np
import pytest

import reference_framework_ops as frameworks
from gradcli.autodiff import ops
from gradcli.capture import jax_ops
from test_reference_property import VECTOR

FRAMEWORK = "jax"


def test_random_compositions_replayed_from_jaxprs_match_the_oracle():
    failures, counts = frameworks.sample_failures(FRAMEWORK, seed=8, compositions=4)
    assert not failures and counts[1] >= 6 and counts[2] >= counts[1] - 1, (failures, counts)


# 1 - sigmoid(40) is 4.2e-18: a logistic rounded to float64 makes it 0 (gelu's tanh is no logistic).
PLANTED = [
    (("binary", "subtract", ("leaf", "y"), ("unary", "sigmoid", ("leaf", "x"))), [40.0, 1.0, np.ones(VECTOR), np.ones(VECTOR)]),
    (("binary", "subtract", ("reduce", "sum", ("unary", "sigmoid", ("leaf", "v"))), ("leaf", "x")),
     [3.0, 1.0, np.array([40.0, 45.0, 50.0]), np.ones(VECTOR)]),
    (("unary", "gelu_meant", ("leaf", "x")), [-30.0, 1.0, np.ones(VECTOR), np.ones(VECTOR)]),
]


def test_a_float64_rounding_planted_in_the_logistic_mapping_fails_the_property(monkeypatch):
    assert frameworks.found_at(FRAMEWORK, PLANTED) == [[]] * len(PLANTED)
    rounded = frameworks.float64_rounded(ops.sigmoid, monkeypatch)
    planted = lambda params, x: rounded(x)  # noqa: E731 - a rule of the table's shape
    planted.bare = rounded
    monkeypatch.setitem(jax_ops.PRIMITIVES, "logistic", planted)
    found = frameworks.found_at(FRAMEWORK, PLANTED, tag="_planted")
    assert found[0] and found[1] and found[2] == [], found  # gelu's tanh is no logistic: still right


def test_a_spread_past_the_float_range_asks_for_digits_without_an_overflow():
    # ndtr(1e200) in JAX's spelling is 1 - e^-5e399 met as a sum on mpmath: a spread of ~7e399 bits, which as a
    # float times log10(2) raised OverflowError out of the reference (campaign seed 11: lse_b(relu(ndtr(v)))).
    from gradcli.checker.precision import AGREE_DIGITS, Absorption

    watch = Absorption()
    watch.spread = 7 * 10**399
    digits = watch.needs()
    assert digits > watch.spread * 3 // 10 + AGREE_DIGITS


# Found by the PyTorch campaign, seed 31 (softmax1(huber(xlog1py_sq(w, sort_const(w)), divide(x, w)))): a sort's pick of
# the program's constant 0.3 squared in float64 by the exact replay, the exponent of exp(-x xlog1py(x, 0.3^2)) at
# x = 1e200 that of log1p(0.09 rounded), 10^-3.742649794062363274e198 for 10^-3.742649794062363141e198.
def test_a_sorted_constant_keeps_its_exact_square():
    tree = ("unary", "exp", ("unary", "negative", ("binary", "xlog1py_sq", ("leaf", "x"), ("reduce", "sort_const", ("leaf", "w")))))
    point = [1e200, 1.0, np.ones(VECTOR), np.array([1e200, 2.2250738585072014e-308, 1e200])]
    assert frameworks.found_at(FRAMEWORK, [(tree, point)]) == [[]]


def test_a_constant_each_pick_carries_into_the_replay_stays_exact():
    assert frameworks.picked_constants_wrong(FRAMEWORK) == []


def test_the_oracle_takes_jax_s_library_constants_as_the_replay_does():
    # JAX's gelu writes np.sqrt(2 / np.pi) and its ndtr 0.5 * np.sqrt(2.), each the constant it stands for in the exact
    # replay; an oracle holding the floats missed it at the 17th digit of an exponent (campaign seed 41:
    # label0_cross_entropy(gelu(v)) at v[2] = -2.98e94) and at the 7th digit of ndtr(-1e5)
    cases = [
        (("reduce", "label0_cross_entropy", ("unary", "gelu_meant", ("leaf", "v"))),
         [1e-310, 4.079090932628056e-174, np.array([8.11655600146449e-125, 1e-200, -2.983790862567053e94]), np.ones(VECTOR)]),
        (("unary", "ndtr", ("leaf", "x")), [-1e5, 1.0, np.ones(VECTOR), np.ones(VECTOR)]),
    ]
    assert frameworks.found_at(FRAMEWORK, cases) == [[]] * len(cases)


def test_a_median_at_0_beside_an_input_of_1e_310_has_slope_1():
    """JAX campaign seed 43: jnp.median(concatenate([w, [0.3, -1]])) at w = [0, 1e-310, -8.35e160] has slope 1 in w[0]
    (the middle entry, 1e-310 from w[1]): the mpmath difference at a coordinate at 0 steps below the smallest value
    among the inputs and the program's, never across the median's switch at w[0] = 1e-310 (the average, 0.5)."""
    tree = ("binary", "divide", ("reduce", "median_consts", ("leaf", "w")), ("leaf", "y"))
    point = [-1e200, 0.0, np.array([3.0, -30.0, 0.0]), np.array([0.0, 1e-310, -8.351099647075034e160])]
    assert frameworks.found_at(FRAMEWORK, [(tree, point)]) == [[]]


def test_inputs_a_median_of_constants_never_reads_have_slope_0():
    """JAX campaign seed 43: jnp.median(concatenate([w, [0.3, -1]])) / (1 + y^2) where the median picks the constant
    -1: x and v are never read, w only through the sort's order, and the quantile's floor of the constant 2.0 sits
    on its step (not "an exact entry is within 2.98e-2482 of 0 at 3840 digits but not proven 0")."""
    tree = ("binary", "divide", ("reduce", "median_consts", ("leaf", "w")), ("leaf", "y"))
    point = [800.0, 1e-310, np.array([-1.0, 1.57574862e293, 2.412093e-80]), np.array([0.5, -30.0, -30.0])]
    assert frameworks.found_at(FRAMEWORK, [(tree, point)]) == [[]]
