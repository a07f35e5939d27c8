"""The slopes beside a pole when a derivative entry along the way is too long for a proof to reduce (round 110c's F1).

A distance modulus 5 log10(c / h0 * trapezoid(1 / E(z'), z')) at z = 0 is -inf for every h0 and Om: the integral over
[0, z] is 0 there. h0 does not move the pole and keeps -5 / (h0 ln 10), Om keeps 0 (E(0) = 1 whatever Om). With nine
nodes the proof met a derivative entry too long to reduce while asking whether a number stands still, and gave up:
every slope NaN. An entry it cannot reduce is only not known to be 0 (`arb_proof._unmoved`).
"""

import math

import numpy as np
import pytest

import gradcli.numpy as gnp
from gradcli.autodiff import arb as arb_core
from gradcli.checker import exact_python, python_zero, targets
from gradcli.checker.balls import settled


def distance_modulus(z, om, h0):
    zs = gnp.linspace(0.0, 1.0, 9) * z
    return 5.0 * gnp.log10(299792.458 / h0 * gnp.trapezoid(1.0 / gnp.sqrt(om * (1.0 + zs) ** 3 + 1.0 - om), zs))


def test_the_inputs_that_do_not_move_the_pole_keep_their_slopes():
    target = targets.resolve(distance_modulus)
    arb_core.enable()
    args = [np.float64(v) for v in (0.0, 0.3, 70.0)]
    z, om, h0 = python_zero.slopes_beside_pole(lambda *a: exact_python._traced(target.mp_function, a), args, 200)
    assert z is None  # z moves the pole
    assert settled(om) == 0
    assert float(settled(h0)) == pytest.approx(-5 / (70.0 * math.log(10)), rel=1e-14)
