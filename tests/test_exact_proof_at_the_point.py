"""An exact 0 is proven at the point, not beside it; a kink is a property of the point.

A proof (`autodiff.arb_proof`) writes a program's value and slopes as rational
functions over atoms. An identity of rational functions holds where their
denominators are not 0: arctan2(x^2, y^2) + arctan2(y^2, x^2) has the slopes of
a constant wherever x^4 + y^4 is not 0, and none at all at (0, 0). So a 0 is
proven only once every denominator the run divided by is proven nonzero at the
point; and a step function (sign, floor) has no slope where it jumps. Each case
below sits where the function has no derivative, or only one side's, and each is
written as a Python function the way libraries write numerics and as a formula:
no proof of 0 may come out, and the check gives no 0 as the gradient there.

The other way: true identities the proofs now see (arcsinh, arctanh and arccosh
against their log forms; a comparison used as a 0/1 mask), and kinks whose two
slopes differ by less than the reference's starting digits can see.
"""

import mpmath
import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.autodiff import arb as arb_core
from gradcli.autodiff import arb_proof
from gradcli.checker import python_zero
from gradcli.checker.exact_python import _traced

F64 = ("float64",)
PI = np.pi


@pytest.fixture(autouse=True)
def _proof_numbers():
    arb_core.enable()  # the proof numbers' dispatch, as a check turns it on


def _proven(function, point):
    return python_zero.proven(lambda *a: _traced(function, a), [np.float64(v) for v in point])


# arctan2(x, y) at x = 0, y < 0: 0 on the cut and on the side above it, -2 pi below it; constant along the cut
ALONG_THE_CUT = ("arctan2 on its cut", lambda x, y: gnp.arctan2(x, y) - gnp.arctan(x / y) - PI,
                 "arctan2(x, y) - arctan(x/y) - pi", (0.0, -2.0))

# (name, Python function, formula, point): none of these has a derivative at the point, or only one side's.
NOT_DIFFERENTIABLE = [
    ("two right angles", lambda x, y: gnp.arctan2(x * x, y * y) + gnp.arctan2(y * y, x * x) - PI / 2,
     "arctan2(x*x, y*y) + arctan2(y*y, x*x) - pi/2", (0.0, 0.0)),
    ("arctan2 both ways", lambda x, y: gnp.arctan2(y, x) + gnp.arctan2(x, y),
     "arctan2(y, x) + arctan2(x, y)", (0.0, 0.0)),
    ("arctan2 of products", lambda x, y: gnp.arctan2(x * x * y, y * y * x) - gnp.arctan2(x, y),
     "arctan2(x*x*y, y*y*x) - arctan2(x, y)", (0.0, 0.0)),
    ("sqrt squared", lambda x: gnp.sqrt(x) ** 2 - x, "sqrt(x)**2 - x", (0.0,)),
    ("sqrt times itself", lambda x: gnp.sqrt(x) * gnp.sqrt(x) - x, "sqrt(x)*sqrt(x) - x", (0.0,)),
    ("arcsin + arccos at 1", lambda x: gnp.arcsin(x) + gnp.arccos(x), "arcsin(x) + arccos(x)", (1.0,)),
    ("arcsin + arccos at -1", lambda x: gnp.arcsin(x) + gnp.arccos(x), "arcsin(x) + arccos(x)", (-1.0,)),
    ("arccosh at 1", lambda x: gnp.arccosh(x) - gnp.log(x + gnp.sqrt(x * x - 1)),
     "arccosh(x) - log(x + sqrt(x*x - 1))", (1.0,)),
    ALONG_THE_CUT,
    ("sign at 0", lambda x: gnp.sign(x), "sign(x)", (0.0,)),
    ("sign beside x", lambda x: gnp.sign(x) + x, "sign(x) + x", (0.0,)),
    ("max at its tie, tiny", lambda x: 1 + gnp.maximum(x, 0.0) * 1e-300 - 1, "1 + max(x, 0)*1e-300 - 1", (0.0,)),
    ("abs at 0, tiny", lambda x: 1 + gnp.abs(x) * 1e-300 - 1, "1 + abs(x)*1e-300 - 1", (0.0,)),
]

# A pick at its switch keeps the slope of the side it picked in a proof, as max at a tie does: the kink test,
# not the proof, judges these points, and it must find the kink however little the two slopes differ.
AT_A_SWITCH = [
    ("where at its switch, tiny", lambda x: 1 + gnp.where(x > 0, x, 0.0) * 1e-300 - 1,
     "1 + where(x > 0, x, 0)*1e-300 - 1", (0.0,)),
    ("max at its tie, tinier", lambda x: 3 + gnp.maximum(x, 0.0) * gnp.exp(-2000.0 + 0 * x) - 3,
     "3 + max(x, 0)*exp(-2000) - 3", (0.0,)),
]

# Functions that are 0 everywhere, each term without a derivative at the point: a 0 that is true, but that
# the proof may not reach through a denominator that is 0 there. Not proven is honest; a nonzero is not.
ZERO_THROUGH_A_CONE = [
    ("hypot against its root", lambda x, y: gnp.hypot(x, y) - gnp.sqrt(x * x + y * y), (0.0, 0.0)),
    ("two norms", lambda x, y: gnp.sqrt(x * x + y * y) - gnp.hypot(y, x), (0.0, 0.0)),
    ("a cube of a cube root", lambda x: gnp.cbrt(x) ** 3 - x, (0.0,)),
]

# True identities around the point, each slope proven 0 (and the value where it is 0).
IDENTITIES = [
    ("arctanh against its logs", lambda x: gnp.arctanh(x) - gnp.log((1 + x) / (1 - x)) / 2,
     "arctanh(x) - log((1 + x)/(1 - x))/2", (0.5,), True),
    ("arctanh, log1p form", lambda x: gnp.arctanh(x) - 0.5 * gnp.log1p(2 * x / (1 - x)),
     "arctanh(x) - 0.5*log1p(2*x/(1 - x))", (-0.25,), True),
    ("arcsinh against its log", lambda x: gnp.arcsinh(x) - gnp.log(x + gnp.sqrt(x * x + 1)),
     "arcsinh(x) - log(x + sqrt(x*x + 1))", (0.5,), True),
    ("arcsinh at a tiny point", lambda x: gnp.arcsinh(x) - gnp.log(x + gnp.sqrt(x * x + 1)),
     "arcsinh(x) - log(x + sqrt(x*x + 1))", (1e-300,), True),
    ("arcsinh, negative side", lambda x: gnp.arcsinh(x) + gnp.log(gnp.sqrt(x * x + 1) - x),
     "arcsinh(x) + log(sqrt(x*x + 1) - x)", (-3.0,), True),
    ("arccosh against its log", lambda x: gnp.arccosh(x) - gnp.log(x + gnp.sqrt(x * x - 1)),
     "arccosh(x) - log(x + sqrt(x*x - 1))", (2.0,), True),
    ("arccosh, product of roots", lambda x: gnp.arccosh(x) - gnp.log(x + gnp.sqrt(x - 1) * gnp.sqrt(x + 1)),
     "arccosh(x) - log(x + sqrt(x - 1)*sqrt(x + 1))", (7.5,), True),
    ("a mask as a number", lambda x: (x > 0) * x - gnp.maximum(x, 0.0), "where(x > 0, 1, 0)*x - max(x, 0)", (0.5,), True),
    ("a mask times 2 a", lambda x: 2 * x * (x > 0) - 2 * gnp.maximum(x, 0.0), "2*x*where(x > 0, 1, 0) - 2*max(x, 0)",
     (-0.5,), True),
    ("a where mask multiplied in", lambda x: gnp.where(x > 1, 1.0, 0.0) * x * x - (x > 1) * x * x, None, (3.0,), True),
    # sqrt(x^4) is x^2 for every x, smooth through 0 (its slope 2 x is 0 there): a true identity at the point
    ("a root of a fourth power", lambda x: gnp.sqrt(x**4) - x * x, None, (0.0,), True),
    ("arctan2 on the positive axis", lambda x, y: gnp.arctan2(x, y) - gnp.arctan(x / y),
     "arctan2(x, y) - arctan(x/y)", (0.0, 2.0), True),
    ("arctan2 on the y axis", lambda x, y: gnp.arctan2(x, y) + gnp.arctan(y / x) - PI / 2,
     "arctan2(x, y) + arctan(y/x) - pi/2", (2.0, 0.0), False),
    ("one right angle off the axes", lambda x, y: gnp.arctan2(x * x, y * y) + gnp.arctan2(y * y, x * x) - PI / 2,
     "arctan2(x*x, y*y) + arctan2(y*y, x*x) - pi/2", (0.0, 1.0), False),
]


ACROSS = [c for c in NOT_DIFFERENTIABLE if c is not ALONG_THE_CUT]


@pytest.mark.parametrize("name, function, text, point", ACROSS, ids=[c[0] for c in ACROSS])
def test_no_slope_is_proven_0_where_the_function_has_none(name, function, text, point):
    _, entries = _proven(function, point)
    assert not any(entries), entries


def test_on_arctan2s_cut_only_the_slope_along_it_is_proven():
    """Across the cut the function jumps by 2 pi (no slope proven); along it, x = 0 held, it is 0 (its slope 0)."""
    def truth(x, y):
        return mpmath.atan2(x, y) - mpmath.atan(x / y) - mpmath.pi

    with mpmath.workdps(40):
        t = mpmath.mpf(10) ** -20
        assert truth(0, -2 + t) == truth(0, -2 - t) == 0 and abs(truth(-t, -2) + 2 * mpmath.pi) < 1e-30
    _, entries = _proven(ALONG_THE_CUT[1], ALONG_THE_CUT[3])
    assert entries == [False, True], entries


@pytest.mark.parametrize("name, function, text, point", NOT_DIFFERENTIABLE + AT_A_SWITCH,
                         ids=[c[0] for c in NOT_DIFFERENTIABLE + AT_A_SWITCH])
@pytest.mark.parametrize("kind", ["function", "formula"])
def test_the_check_gives_no_gradient_where_the_function_has_none(name, function, text, point, kind):
    target = function if kind == "function" else text
    names = ["x", "y"][: len(point)]
    (r,) = gradcli.check(target, [dict(zip(names, point))], dtypes=F64, fixes=False).results
    assert r.status != "wrong", (r.status, r.exact_gradient)  # a kink is never a wrong rule
    grads = r.exact_gradient or {}
    # no reference (None) or a kink's NaN where no derivative exists (on arctan2's cut, the slope along it is 0)
    assert r.status in ("domain", "error") and any(g is None or g != g for g in grads.values()), (r.status, grads)


@pytest.mark.parametrize("name, function, point", ZERO_THROUGH_A_CONE, ids=[c[0] for c in ZERO_THROUGH_A_CONE])
def test_a_zero_through_a_cone_is_not_proven_by_an_identity_beside_the_point(name, function, point):
    _, entries = _proven(function, point)
    assert not any(entries), entries


@pytest.mark.parametrize("name, function, text, point, value", IDENTITIES, ids=[c[0] for c in IDENTITIES])
def test_an_identity_around_the_point_is_proven(name, function, text, point, value):
    zero, entries = _proven(function, point)
    assert all(entries), entries
    assert zero is value


@pytest.mark.parametrize("name, function, text, point, value", [c for c in IDENTITIES if c[2] and c[4]],
                         ids=[c[0] for c in IDENTITIES if c[2] and c[4]])
@pytest.mark.parametrize("kind", ["function", "formula"])
def test_the_check_of_an_identity_is_ok(name, function, text, point, value, kind):
    target = function if kind == "function" else text
    names = ["x", "y"][: len(point)]
    (r,) = gradcli.check(target, [dict(zip(names, point))], dtypes=F64, fixes=False).results
    assert r.status == "ok" and r.exact_value == 0 and r.exact_gradient == dict.fromkeys(names, 0.0), (r.status, r.exact_gradient)


def test_each_denominator_is_asked_at_the_point():
    # the proof's own ledger: x^4 + y^4 is divided by, and it is 0 at (0, 0) and 2 at (1, 1)
    for point, defined in (((0.0, 0.0), False), ((1.0, 1.0), True)):
        with arb_proof.session():
            x, y = arb_proof.seeded(list(point), [[1.0], [0.0]], True)
            out = gnp.arctan2(x * x, y * y) + gnp.arctan2(y * y, x * x)
            assert arb_proof.zeros_of(out)[1] == [defined]


def test_a_mask_decided_at_a_tie_is_no_constant():
    # (x >= 0) at x = 0 is 1 there and 0 on the left: a mask made at a tie proves nothing
    _, entries = _proven(lambda x: (x >= 0) * x - x, (0.0,))
    assert entries == [False]
    _, entries = _proven(lambda x: (x >= 0) * x - x, (2.0,))
    assert entries == [True]


def test_a_step_has_no_slope_where_it_jumps():
    assert _proven(gnp.sign, (0.0,))[1] == [False]
    assert _proven(lambda x: gnp.sign(x) * 2 + 1, (0.0,))[1] == [False]
    assert _proven(gnp.sign, (-3.0,))[1] == [True]  # flat inside a step


def test_arctanh_as_logs_keeps_its_digits_near_0():
    # arctanh is log1p(x)/2 - log1p(-x)/2 in a proof; its quotient's ball at x = 1e-300 is 1e-300 to the last digit
    from flint import arb, ctx

    with arb_proof.session() as proof:
        (x,) = arb_proof.seeded([1e-300], [[1.0]])
        t = gnp.arctanh(x)
        saved, ctx.prec = ctx.prec, 64
        try:
            ball = arb_proof.ball_of(proof, t.q)
        finally:
            ctx.prec = saved
    assert ball.rel_accuracy_bits() > 50 and ball.overlaps(arb(1e-300).atanh())
