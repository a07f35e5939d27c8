"""The same function of the same numbers, computed twice, is one number to the exact reference.

sin(a) - sin(b) at a = b is 0 as a real number, whatever the precision: the two sines are one value. The
bearing from a point to itself, atan2(sin(0) cos b, cos a sin b - sin a cos b cos 0) with a = b, is atan2(0, 0):
no value limit, no derivative in any direction (domain), not a cancellation. Balls make it so by sharing the
answer of a pure op on exact balls of one value (two inputs a = b are two balls, one number) and of a commuting op
whatever its arguments' order; the mpmath path's directed runs by naming a commuting op's call the same way.
A neighbouring point (b one ulp above a) keeps its tiny exact difference.
"""

import math

import numpy
import pytest

import gradcli
import gradcli.numpy as np
from gradcli.autodiff import arb
from gradcli.checker import precision


def bearing(phi1, lam1, phi2, lam2):
    dlam = lam2 - lam1
    y = np.sin(dlam) * np.cos(phi2)
    x = np.cos(phi1) * np.sin(phi2) - np.sin(phi1) * np.cos(phi2) * np.cos(dlam)
    return np.arctan2(y, x)


def angle_of_differences(a, b):
    return np.arctan2(b - a, np.sin(a) - np.sin(b))


def sine_difference(a, b):
    return np.sin(a) - np.sin(b)


def cross(a, b):
    return np.cos(a) * np.sin(b) - np.sin(a) * np.cos(b)


def _results(fun, point, dtypes=("float64", "float32")):
    return gradcli.check(fun, [point], dtypes=list(dtypes)).results


@pytest.mark.parametrize("fun, point", [
    (bearing, dict(phi1=0.9, lam1=-0.05, phi2=0.9, lam2=-0.05)),
    (angle_of_differences, dict(a=0.9, b=0.9)),
])
def test_atan2_of_two_exact_zeros_is_domain_not_a_cancellation(fun, point):
    for result in _results(fun, point):
        assert result.status == "domain", (result.dtype, result.status, result.notes)
        assert not any(f.kind == "cancellation" for f in result.findings), result.findings


def summed_bearings(phi1, lam1, phi2, lam2):
    return np.sum(bearing(phi1, lam1, phi2, lam2))


def test_every_entry_of_an_array_shares_its_computations_whatever_the_hashes():
    # every answer of a run is held, so which equal computations are one ball does not hang on keys' hashes
    phi, lam = numpy.linspace(0.1, 1.2, 8), numpy.linspace(-0.5, 0.5, 8)
    point = dict(phi1=phi, lam1=lam, phi2=phi.copy(), lam2=lam.copy())
    (result,) = _results(summed_bearings, point, dtypes=("float64",))
    assert result.status == "domain", (result.status, result.notes)
    assert not any(f.kind == "cancellation" for f in result.findings)


def test_a_difference_of_one_number_computed_twice_is_proven_0_with_its_slopes():
    for fun in (sine_difference, cross):
        for result in _results(fun, dict(a=0.9, b=0.9)):
            assert result.status == "ok", (fun.__name__, result.dtype, result.notes)
            assert result.exact_value == 0.0
            held = float(numpy.float32(0.9)) if result.dtype == "float32" else 0.9  # the point as the dtype holds it
            slope = math.cos(held) if fun is sine_difference else -1.0
            assert result.exact_gradient["a"] == pytest.approx(slope, rel=1e-12)
            assert result.exact_gradient["b"] == pytest.approx(-slope, rel=1e-12)


def test_one_ulp_apart_the_difference_is_its_own_tiny_number():
    b = math.nextafter(0.9, 1.0)
    (result,) = _results(sine_difference, dict(a=0.9, b=b), dtypes=("float64",))
    true = -2 * math.cos((0.9 + b) / 2) * math.sin((b - 0.9) / 2)
    assert result.exact_value == pytest.approx(true, rel=1e-12)


def test_balls_share_a_pure_op_on_equal_exact_balls_and_a_commuting_op_in_either_order():
    arb.enable()
    one, other = arb.ARB(0.9), arb.ARB(0.9)
    assert one is not other
    sine = arb.ELEMENTWISE["sin"]
    first, second = arb._share("sin", sine, (one,)), arb._share("sin", sine, (other,))
    assert first is second
    cosine = arb._share("cos", arb.ELEMENTWISE["cos"], (one,))
    product = arb._share("multiply", arb.ELEMENTWISE["multiply"], (first, cosine))
    assert arb._share("multiply", arb.ELEMENTWISE["multiply"], (cosine, second)) is product
    assert arb.ELEMENTWISE["subtract"](product, product).is_zero()
    for special in (math.nan, math.inf, -math.inf):  # exact balls without a mantissa: each one number only as itself
        ball = arb.ARB(special)
        assert arb._share("exp", arb.ELEMENTWISE["exp"], (ball,)) is arb._share("exp", arb.ELEMENTWISE["exp"], (ball,))
        assert arb._share("exp", arb.ELEMENTWISE["exp"], (arb.ARB(special),)) is not None
    wide = first + arb.ARB(0, 1e-30)  # a ball with a radius is one number only as itself
    assert arb._share("cos", arb.ELEMENTWISE["cos"], (wide,)) is not arb._share("cos", arb.ELEMENTWISE["cos"], (wide + 0,))


def test_directed_runs_name_a_commuting_call_alike_and_a_subtraction_not():
    import mpmath

    same = precision.SameNumbers()
    x, y = mpmath.mpf(2) / 3, mpmath.mpf(5) / 7

    class Op:
        def __init__(self, name):
            self.name = name

    multiply, subtract = Op("multiply"), Op("subtract")
    assert same.seen(multiply, (x, y), {}, x * y) is None
    assert same.seen(multiply, (y, x), {}, y * x + 1) == x * y  # the first answer, whatever the second rounded to
    assert same.seen(subtract, (x, y), {}, x - y) is None
    assert same.seen(subtract, (y, x), {}, y - x) is None
