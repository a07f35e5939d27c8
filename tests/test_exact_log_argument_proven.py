"""A proof of 0 whose log or power argument is proven positive by its exact quotient where its ball cannot.

arcsin(tanh(x)) + arccos(tanh(x)) is pi/2 for every x, so xlogy(u, it) has slope 0 in x. At x = 1e200,
tanh(x) is 1 - 2e^-2e200: a ball at any affordable precision holds numbers above 1, where arcsin is NaN.
The proof's quotient is pi/2 exactly; the log's argument is then decided positive by that quotient's sign,
as an overlapping comparison is. The proof also runs unseen by a watch of the caller's (the mpmath path's
absorption watch compares the numbers it sees, and on proof numbers such a comparison is a branch). The
identity campaign's seed 27 met this point; every expected number here is the mathematics' (pi/2, 0).
"""

from __future__ import annotations

import math
import os
import sys

import numpy as np
import pytest

import gradcli.numpy as gnp
from gradcli.autodiff import arb as arb_core, arb_proof
from gradcli.checker import exact_python, python_zero
from gradcli.checker.precision import Absorption

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import reference_identity_ops  # noqa: E402,F401 - registers the identity ops the tree names
from test_reference_property import disagreements  # noqa: E402


def _right_angle(a):
    t = gnp.tanh(a)
    return gnp.arcsin(t) + gnp.arccos(t)


def _xlogy_of_it(x, w):
    return gnp.xlogy(gnp.sum(w) * 1e200, _right_angle(x))


def _xlog1py_of_it(x, w):
    return gnp.xlog1py(gnp.sum(w), _right_angle(x) - 1.0)


def _power_of_it(x, w):
    return gnp.power(_right_angle(x), gnp.sum(w))


@pytest.mark.parametrize("function", [_xlogy_of_it, _xlog1py_of_it, _power_of_it])
@pytest.mark.parametrize("x", [1e200, -1e200, 40.0])
def test_a_log_of_an_exact_right_angle_has_a_proven_zero_slope(function, x):
    arb_core.enable()
    point = [x, np.array([2.0, -0.5])]
    value, entries = python_zero.proven(function, point)
    assert entries[0] and not any(entries[1:])  # d/dx is 0; d/dw is log(pi/2) or the like, never 0
    assert not value


def test_an_argument_whose_quotient_is_below_0_has_no_proof():
    # pi/2 - 2 is below 0, whatever its NaN ball says: the log is undefined, no proof
    arb_core.enable()
    with arb_proof.session():
        (x,) = arb_proof.seeded([1e200], [[1.0]])
        with pytest.raises(arb_proof.NoProof):
            gnp.xlogy(x, _right_angle(x) - 2.0)


def test_an_argument_whose_quotient_is_exactly_0_is_the_logs_pole():
    # pi/2 - pi/2 is 0: x log 0 with x nonzero is log's pole, an unknown that proves no number (as log(0) itself)
    arb_core.enable()
    with arb_proof.session():
        (x,) = arb_proof.seeded([1e200], [[1.0]])
        out = gnp.xlogy(x, _right_angle(x) - _right_angle(-x))
        assert type(out) is arb_proof.Sym and out.q is None


def test_a_proof_under_an_absorption_watch_is_the_proof_without_it():
    arb_core.enable()
    point = [1e200, np.array([2.0, -0.5])]
    traced = lambda *a: exact_python._traced(_xlogy_of_it, a)  # noqa: E731 - traced, as the mpmath path runs it
    alone = python_zero.proven(traced, point)
    with Absorption():
        watched = python_zero.proven(traced, point)
    assert watched == alone and alone[1][0]


def test_the_identity_campaigns_seed_27_point_is_answered():
    tree = ("binary", "xlogy", ("unary", "huge_scale", ("reduce", "prod", ("leaf", "w"))),
            ("unary", "right_angle", ("unary", "leaky", ("leaf", "x"))))
    point = [1e200, -2.745474310145643e-188, np.array([4.94065646e-324, -800.0, 1.34117535e61]),
             np.array([1e200, 1e200, -40.0])]
    unproven, why = [], []
    assert disagreements(tree, point, math.inf, unproven, why) == [], why  # answered, and agreeing
