"""atan2 with a NaN argument is NaN on balls, as IEEE's is: a torsion about a bond of length 0 has no value.

flint's atan2 of a NaN and 0 is a ball about 0 ([+/- 1.58]), so atan2(x / x, 0) at x = 0 read as a number the balls
could not place ("within 2^1 of 0 but not proven 0": no verdict), where atan2(x / x, 1) was domain. A dihedral
angle about a middle bond of length 0 meets exactly this (its normals' cross products are 0 / 0).
"""

import math

import gradcli
import gradcli.numpy as gnp
from gradcli.autodiff import arb


def nan_over_zero(x):
    return gnp.arctan2(x / x, 0.0)


def nan_over_one(x):
    return gnp.arctan2(x / x, 1.0)


def test_atan2_of_a_nan_has_no_value_whatever_the_other_argument():
    for fun in (nan_over_zero, nan_over_one):
        (result,) = gradcli.check(fun, [dict(x=0.0)], dtypes=["float64"]).results
        assert result.status == "domain", (fun.__name__, result.status, result.notes)


def test_the_ball_of_atan2_of_a_nan_is_nan():
    arb.enable()
    atan2 = arb.ELEMENTWISE["arctan2"]
    for y, x in ((math.nan, 0.0), (0.0, math.nan), (math.nan, -1.0)):
        assert atan2(arb.ARB(y), arb.ARB(x)).is_nan()
    unbounded = arb.ARB(0) / arb.ARB(0)  # a NaN no precision bounds stays one more bits may resolve
    assert atan2(unbounded, arb.ARB(0)).is_nan() and atan2(unbounded, arb.ARB(0)).rad() != 0
