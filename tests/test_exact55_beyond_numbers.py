"""No op's high-precision path raises Python's OverflowError: it answers at the precision it claims, or the point
has no exact reference and says why.

mpmath raises OverflowError ("too many digits in integer") where an exponential's exponent leaves what its
integers hold: exp at e^1e58, and tanh, sigmoid, expm1, erfc, which go through it. The property campaign met it
as `where_above(entropy(hypot_one(v)), lse_b(exp(v)))` at v[1] = 1.98e58, where the huge entry's weight in
SciPy's logsumexp is 0 (it adds nothing, as SciPy answers). And mpmath 1.3's log of a number carrying more bits
than the working precision within them of 1/4 is the log of the deviation alone.
"""

from __future__ import annotations

import mpmath
import numpy as np
import pytest
import scipy.special

import gradcli
import gradcli.numpy as gnp
import gradcli.scipy.special as gsp
from gradcli.autodiff import mp, ops, ops_special, tracer
from gradcli.autodiff.ops_special import BeyondNumbers
from gradcli.checker import balls, reference
from gradcli.checker.targets import resolve

mp.enable()


def _huge():
    """e^1.98e58: a number whose own exponent mpmath holds, but whose exponential's does not."""
    return mpmath.exp(mpmath.mpf("1.98e58"))


def _elementwise_primitives():
    found = {}
    for module in (ops, ops_special):
        for value in vars(module).values():
            prim = tracer.primitive_of(value)
            if isinstance(prim, tracer.Primitive) and prim.mp not in (None, True) and prim.kind == "elementwise":
                found[prim.name] = prim
    return sorted(found.items())


def test_no_elementwise_op_raises_overflow_past_every_number():
    """Every elementwise op of the core, at +-e^1.98e58 in each argument: a number (or IEEE's NaN) or
    `BeyondNumbers`, under every rounding the reference asks for."""
    prims = _elementwise_primitives()
    assert len(prims) > 60
    raised, beyond = [], set()
    with mpmath.workdps(30):
        for mode in "ncf":
            mpmath.mp._prec_rounding[1] = mode
            try:
                for name, prim in prims:
                    for x in (_huge(), -_huge()):
                        for args in ([x], [x, mpmath.mpf(1.5)], [mpmath.mpf(1.5), x]):
                            try:
                                prim.mp(*args)
                            except BeyondNumbers:
                                beyond.add(name)
                            except (OverflowError, MemoryError) as error:
                                raised.append(f"{name}{tuple(mpmath.nstr(a, 3) for a in args)}: {error!r}")
                            except (TypeError, ValueError, ZeroDivisionError):
                                pass  # an arity the op does not take, or a domain mpmath refuses as the op does
            finally:
                mpmath.mp._prec_rounding[1] = "n"
    assert not raised, raised
    assert {"exp", "sinh", "cosh", "exp2", "sin"} <= beyond


# (op, argument's sign, the value it tends to, the side of it the truth lies on)
TENDS_TO = [
    (ops.tanh, 1, 1, -1),
    (ops.tanh, -1, -1, 1),
    (ops.sigmoid, 1, 1, -1),
    (ops.expm1, -1, -1, 1),
    (ops_special.erfc, -1, 2, -1),
]


@pytest.mark.parametrize("op, sign, limit, side", TENDS_TO, ids=lambda v: getattr(v, "__name__", str(v)))
def test_an_op_tending_to_a_limit_answers_it_rounded_from_the_truths_side(op, sign, limit, side):
    """tanh at e^1.98e58 is 1 - 2e^-(2e^1.98e58): rounded down it is below 1, up it is 1 or above, so the noise the
    reference reads from the two runs holds the truth, as at tanh(1e10)."""
    x = sign * _huge()
    answers = {}
    with mpmath.workdps(30):
        for mode in "nfc":
            mpmath.mp._prec_rounding[1] = mode
            try:
                answers[mode] = op(x)
            finally:
                mpmath.mp._prec_rounding[1] = "n"
    assert answers["n"] == limit
    if side < 0:
        assert answers["f"] < limit <= answers["c"]
    else:
        assert answers["f"] <= limit < answers["c"]


def test_softplus_far_right_is_its_argument_from_above_and_far_left_no_number():
    x = _huge()
    with mpmath.workdps(30):
        assert ops.softplus(x) == x
        mpmath.mp._prec_rounding[1] = "c"
        try:
            assert ops.softplus(x) > x
        finally:
            mpmath.mp._prec_rounding[1] = "n"
        with pytest.raises(BeyondNumbers, match="softplus"):
            ops.softplus(-x)
        assert ops.logaddexp(mpmath.mpf(1), -x) == 1  # 1 + log1p(e^-huge): 1 to every digit
        with pytest.raises(BeyondNumbers, match="logaddexp"):
            ops.logaddexp(mpmath.mpf(0), -x)  # log1p(e^-huge) itself: no number


def test_a_scipy_function_on_mpmath_says_beyond_rather_than_overflow():
    """SciPy's functions on mpmath (`ops_special.mpmath_only`) turn mpmath's OverflowError into `BeyondNumbers`."""
    with mpmath.workdps(30):
        with pytest.raises(BeyondNumbers, match="exp_raising"):
            ops_special.mpmath_only("exp_raising", mpmath.exp)(_huge())


def _campaign_point(v):
    a = gnp.sqrt(v * v + 1.0)
    p = gnp.exp(a - gnp.logsumexp(a))
    entropy = -gnp.sum(gsp.xlogy(p, p))
    weighted = gsp.logsumexp(gnp.exp(v), b=np.array((0.5, 0.0, 3.0)))
    return gnp.where(entropy > weighted, entropy - weighted, 0.0)


def test_the_campaigns_overflow_point_has_its_exact_answer():
    """The weight 0 drops e^(e^1.98e58) from the sum without computing it: the where picks 0, exactly."""
    exact = reference.compute(resolve(_campaign_point), [np.array([0.5, 1.98e58, -1.0])], budget=balls.Budget(30))
    assert not exact.error and exact.determined and not exact.unsettled, (exact.error, exact.why)
    assert exact.value == 0
    assert [e == 0 for e in np.ravel(exact.gradient[0])] == [True] * 3


def _no_number(v):
    return gnp.log(gnp.exp(-gnp.exp(v)))


def test_a_point_whose_program_leaves_every_number_says_so():
    exact = reference.compute(resolve(_no_number), [1.98e58], budget=balls.Budget(30))
    assert not exact.error and exact.unsettled and "exp(" in exact.why, (exact.error, exact.why)
    assert "Error" not in exact.why and "BeyondNumbers" not in exact.why


def test_logsumexp_drops_a_zero_weight_as_scipy_does():
    """An entry weighted 0 adds nothing, even where its exponential is inf in the dtype (SciPy's answer)."""
    a, b = np.array([1.0, np.inf, 2.0]), np.array([0.5, 0.0, 3.0])
    assert gsp.logsumexp(a, b=b) == pytest.approx(scipy.special.logsumexp(a, b=b), rel=1e-15)
    slope = gradcli.grad(lambda t: gsp.logsumexp(t, b=b))(np.array([1.0, 800.0, 2.0]))
    assert slope[1] == 0 and slope[0] + slope[2] == pytest.approx(1.0, rel=1e-15)


def _long(value, deviation, bits=1200):
    with mpmath.workprec(bits):
        return mpmath.mpf(value) + mpmath.mpf(deviation)


@pytest.mark.parametrize("op, x, want", [
    (ops.log, _long(0.25, "2.5e-311"), lambda: mpmath.log(mpmath.mpf(0.25))),
    (ops.log2, _long(0.25, "2.5e-311"), lambda: mpmath.mpf(-2)),
    (ops.log10, _long(0.25, "2.5e-311"), lambda: mpmath.log10(mpmath.mpf(0.25))),
    (lambda y: ops_special.xlogy(mpmath.mpf(3), y), _long(0.25, "2.5e-311"), lambda: 3 * mpmath.log(mpmath.mpf(0.25))),
    (ops.log1p, _long(-0.75, "1e-75", 400), lambda: mpmath.log(mpmath.mpf(0.25))),
])
def test_log_of_a_number_longer_than_the_precision_near_a_quarter(op, x, want):
    """mpmath 1.3 answers log(0.25 + 2.5e-311) at 60 digits with 1e-310; the core's log rounds such a number first."""
    with mpmath.workdps(60):
        got = op(x)
        assert abs(got - want()) < mpmath.mpf("1e-55"), got
