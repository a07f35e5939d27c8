"""Numbers that are 0 or not known to be nonzero at the point are never taken as positive by a proof.

`autodiff.arb_identities` rewrites arctan2 by the signs of its arguments and
arctan(q) by the sign of q. A sign counts only where it is proven nonzero: x^2
at x = 0 and sqrt(0) are 0, not above it, so arctan2 of two such numbers keeps
its own value (atan2(0, 0) = 0) instead of becoming arctan(0/0) or +-pi/2. And a
numerator that vanishes only because sqrt(0)^2 is 0 proves nothing over a
denominator made of the same sqrt(0) (0/0). Each case here is not 0 at the
point, so neither its value nor a nonzero slope may be proven 0.
"""

import mpmath
import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.autodiff import arb as arb_core
from gradcli.autodiff import arb_identities, arb_proof
from gradcli.checker import balls, python_zero
from gradcli.checker.exact_python import _traced
from gradcli.expr.parse import parse

F64 = ("float64",)


@pytest.fixture(autouse=True)
def _proof_numbers():
    arb_core.enable()  # the proof numbers' dispatch, as a check turns it on

# (formula, point): at each, the value is not 0 (atan2(0, 0) = 0, so each is -pi/2 or pi/2 away from 0).
FORMULAS = [
    ("arctan2(sqrt(x-x), x-x) - pi/2", {"x": 0.5}),
    ("arctan2(sqrt(0), 0) - pi/2", {"x": 0.5}),
    ("arctan2(x*x, y*y) + arctan2(y*y, x*x) - pi/2", {"x": 0.0, "y": 0.0}),
    ("arctan2(y, sqrt(x)) + arctan2(sqrt(x), y) - pi/2", {"x": 0.0, "y": 0.0}),
]


@pytest.mark.parametrize("text, point", FORMULAS, ids=[case[0] for case in FORMULAS])
def test_arctan2_of_two_zeros_is_not_proven_a_right_angle(text, point):
    assert balls._proven_by_proof_numbers(parse(text).root, point) is False


def test_arctan2_with_one_argument_proven_nonzero_still_gets_its_quadrant():
    # the sign rules stay as strong where an argument is nonzero: arctan2(y, 0) = pi/2 at y > 0, and the quadrant
    # of arctan2(y, x) at x < 0
    for text, point in [("arctan2(y, x - x) - pi/2", {"x": 0.5, "y": 2.0}),
                        ("arctan2(x*x, y*y) + arctan2(y*y, x*x) - pi/2", {"x": 0.0, "y": 1.0}),
                        ("arctan2(y, x) - arctan(y/x) - pi", {"x": -1.0, "y": 2.0})]:
        assert balls._proven_by_proof_numbers(parse(text).root, point) is True, text


def _right_angle_gap(x, t=-20000.0):
    # x (1 + T (atan2(sqrt(z), z) - pi/2)) - x with z a 0 the program holds: its value is -x T pi/2, its slope
    # -T pi/2, T = e^t below every ball the check uses, so only a proof could call it 0
    T = gnp.exp(t + 0 * x)
    z = gradcli.stop_gradient(0 * x)
    return x * (1 + T * (gnp.arctan2(gnp.sqrt(z), z) - 2 * gnp.arctan(1.0 + z))) - x


def _two_squares(x, y):
    T = gnp.exp(-200.0 + 0 * x)
    return (1 + T * (gnp.arctan2(x * x, y * y) + gnp.arctan2(y * y, x * x) - 2 * gnp.arctan(1.0 + 0 * x))) - 1


@pytest.mark.parametrize("function, point", [(_right_angle_gap, [0.5]), (_two_squares, [0.0, 0.0])])
def test_a_python_function_through_arctan2_of_zeros_is_not_proven_0(function, point):
    value, entries = python_zero.proven(lambda *a: _traced(function, a), [np.float64(v) for v in point])
    assert value is False
    if function is _right_angle_gap:
        assert entries == [False]  # the slope -T pi/2: its quotient is 0 only by sqrt(0)^2 = 0 over sqrt(0)^k


def test_an_even_power_is_positive_only_where_its_base_is_nonzero():
    with arb_proof.session():
        x, y = arb_proof.seeded([0.0, 3.0], [[], []], True)
        assert arb_identities.sign_of((x * x).q) is None  # 0 at x = 0
        assert arb_identities.sign_of((x * x / y).q) is None  # arctan(x^2 / y) is not pi/2 - arctan(y / x^2)
        assert arb_identities.sign_of((y * y).q) == 1
        assert arb_identities.sign_of((-(y * y * y)).q) == -1


def test_the_python_check_of_a_right_angle_gap_claims_no_0():
    (r,) = gradcli.check(_right_angle_gap, [0.5], dtypes=F64, fixes=False).results
    with mpmath.workdps(30):
        slope = -mpmath.exp(-20000) * mpmath.pi / 2
    exact = r.exact_gradient_text and r.exact_gradient_text.get("x")
    if exact is None:  # no reference is honest; a 0 is not
        assert r.status == "error" and r.exact_value is None, (r.status, r.exact_gradient)
    else:
        assert abs(mpmath.mpf(exact) - slope) <= abs(slope) * mpmath.mpf(10) ** -12, exact


def test_the_formula_check_of_a_right_angle_gap_claims_no_0():
    # e^-60000 is below every float: the exact value and slope are given as text, or not at all; never as a 0
    (r,) = gradcli.check("x*(1 + exp(-60000)*(arctan2(sqrt(0), 0) - pi/2)) - x", [0.5], dtypes=F64,
                         fixes=False).results
    with mpmath.workdps(30):
        slope = -mpmath.exp(-60000) * mpmath.pi / 2
    texts = [(r.exact_value_text, slope / 2), ((r.exact_gradient_text or {}).get("x"), slope)]
    assert r.exact_value is None or texts[0][0] is not None, r.exact_value
    for text, truth in texts:
        if text is not None:
            assert abs(mpmath.mpf(text) - truth) <= abs(truth) * mpmath.mpf(10) ** -12, text
