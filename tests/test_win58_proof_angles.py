"""A proof's sine and cosine of a rational multiple of pi are exact numbers of the field of cos(2 pi / n): cos(pi) is
-1, cos(2 pi / 3) + 1/2 is 0, sin(pi / 6) is 1/2, so a window's entries at its exact angles are proven (a symmetric
Blackman window's ends, a Hann window's middle)."""

import numpy as np
import pytest

import gradcli.numpy as gnp
from gradcli.autodiff import arb as arb_core, arb_proof, ops
from gradcli.checker import python_zero


def _proven_zero(make):
    arb_core.enable()
    with python_zero._proving():
        pi = ops.constant("pi", arb_proof.constant(0.0))
        return arb_proof.zeros_of(make(pi, lambda f, a: getattr(gnp, f)(np.array([a], dtype=object))[0]))[0]


@pytest.mark.parametrize("make", [
    lambda pi, f: f("cos", pi) + 1,
    lambda pi, f: f("cos", pi * 2) - 1,
    lambda pi, f: f("cos", pi * 4 / 4 * 2) - 1,
    lambda pi, f: f("cos", pi * 2 / 3) + 0.5,
    lambda pi, f: f("sin", pi / 6) - 0.5,
    lambda pi, f: f("cos", -pi / 3) - 0.5,
    lambda pi, f: f("cos", pi * 3 / 7) + f("cos", pi * 4 / 7),  # cos(3 pi / 7) = -cos(4 pi / 7)
])
def test_a_rational_multiple_of_pi_has_its_exact_cosine(make):
    assert _proven_zero(make)


@pytest.mark.parametrize("make", [
    lambda pi, f: f("cos", pi / 3) - 0.5000000000000001,
    lambda pi, f: f("cos", pi * 2 / 5) - 0.25,
])
def test_other_numbers_are_not_proven_0(make):
    assert not _proven_zero(make)
