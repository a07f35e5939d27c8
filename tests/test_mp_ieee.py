"""At high precision, 0/0, x/0 and log(0) follow IEEE (nan, +-inf) as the working dtype does.

So do NaN and infinite arguments (hypot(nan, inf) is inf, (-1)**inf is 1, 1 % inf is 1): the
points below include them.

The expectation is NumPy's own float64 answer at the same point: for every elementwise op of
the catalogue at its singular points, the class of the mpmath answer (nan, +inf, -inf, finite)
must be the class of float64's. Python's operators on mpmath numbers (``sin(x) / x`` in a user's
function, ``g / (2 * ans)`` in a gradient rule) answer the same way inside `mp.ieee()`, and
mpmath is untouched outside it.
"""

import functools
import itertools
import math

import mpmath
import numpy as np
import pytest

import gradcli.numpy as gnp
from gradcli.autodiff import mp
from gradcli.autodiff.catalog import catalogue
from gradcli.autodiff.values import raw

mp.enable()


def kind(value):
    """nan, +inf, -inf or finite: of a float64 answer or of an mpmath one."""
    value = raw(value)  # a step's answer (floor, sign) on a bare exact number is boxed once balls are on
    value = np.asarray(value, dtype=object)[()] if np.ndim(value) == 0 else value
    if isinstance(value, (bool, np.bool_)):
        return "finite"
    if isinstance(value, (mpmath.mpc, complex)) and value.imag != 0:
        return "complex"
    value = complex(value).real if isinstance(value, (mpmath.mpc, complex)) else float(value)
    if math.isnan(value):
        return "nan"
    if math.isinf(value):
        return "+inf" if value > 0 else "-inf"
    return "finite"


# -- Python's operators on mpf -------------------------------------------------------------

OPERATORS = [
    ("0/0", lambda a, b: a / b, 0.0, 0.0),
    ("1/0", lambda a, b: a / b, 1.0, 0.0),
    ("-3/0", lambda a, b: a / b, -3.0, 0.0),
    ("0**-1", lambda a, b: a**b, 0.0, -1.0),
    ("0**-0.5", lambda a, b: a**b, 0.0, -0.5),
    ("(-8)**0.5", lambda a, b: a**b, -8.0, 0.5),
    ("5%0", lambda a, b: a % b, 5.0, 0.0),
    ("(-8)**2", lambda a, b: a**b, -8.0, 2.0),
    ("2**0.5", lambda a, b: a**b, 2.0, 0.5),
]


@pytest.mark.parametrize("text, operate, a, b", OPERATORS, ids=[o[0] for o in OPERATORS])
@pytest.mark.parametrize("sides", ["mpf-mpf", "mpf-float", "float-mpf"])
def test_python_operators_on_mpf_follow_numpy_float64(text, operate, a, b, sides):
    with np.errstate(all="ignore"):
        expected = kind(operate(np.float64(a), np.float64(b)))
    left = mpmath.mpf(a) if sides != "float-mpf" else a
    right = mpmath.mpf(b) if sides != "mpf-float" else b
    with mpmath.workdps(50), mp.ieee():
        got = operate(left, right)
    assert kind(got) == expected, (text, got)


def test_outside_ieee_mpmath_is_untouched():
    # A library user's own mpmath code keeps its exceptions and its complex powers.
    with pytest.raises(ZeroDivisionError):
        mpmath.mpf(1) / 0
    with pytest.raises(ZeroDivisionError):
        1 / mpmath.mpf(0)
    assert isinstance(mpmath.mpf(-8) ** 0.5, mpmath.mpc)
    with mp.ieee():
        with mp.ieee():  # nested scopes: the outer one still holds after the inner ends
            pass
        assert mpmath.isnan(mpmath.mpf(0) / 0)
    with pytest.raises(ZeroDivisionError):
        mpmath.mpf(0) / 0


def test_object_arrays_of_mpf_divide_as_numpy_does():
    # A gradient rule's g / (2 * ans) on object arrays: elementwise mpf division.
    with mpmath.workdps(40), mp.ieee():
        out = np.array([mpmath.mpf(1), mpmath.mpf(0), mpmath.mpf(-2)], dtype=object) / np.array(
            [mpmath.mpf(0)] * 3, dtype=object
        )
    assert [kind(v) for v in out] == ["+inf", "nan", "-inf"]


# -- every elementwise op of the catalogue at its singular points ---------------------------

UNARY_POINTS = [0.0, 1.0, -1.0, 2.0, -2.0, 0.5, -0.5, -3.0, math.nan, math.inf, -math.inf]
BINARY_POINTS = [0.0, 1.0, -1.0, 2.0, -0.5, math.nan, math.inf, -math.inf]
SKIP = {
    "where",  # (condition, x, y): a selection, not arithmetic
    "clip",  # (x, lo, hi): minimum and maximum, tested as such
}


@functools.cache  # the catalogue is read once per arity: every op's test asks for both lists
def _ops(arity):
    rows = [r for r in catalogue() if r.kind in ("elementwise", "comparison") and r.mpmath and r.arity == arity]
    return tuple(sorted({r.name for r in rows} - SKIP))


def _points(name):
    """The singular points ``name`` is tried at: every unary point, every pair of binary points, as it takes them."""
    points = [(x,) for x in UNARY_POINTS] if name in _ops("1") else []
    if name in _ops("2"):
        firsts = [0.0, 1.0, 2.0] if name == "polygamma" else BINARY_POINTS  # its order is an integer
        points += itertools.product(firsts, BINARY_POINTS)
    return points


def test_the_catalogue_has_the_ops_this_test_is_about():
    names = set(_ops("1")) | set(_ops("2"))
    assert {"divide", "log", "power", "reciprocal", "mod", "arctanh", "gammaln", "digamma", "xlogy"} <= names


def _class_mismatch(op, point):
    """Why ``op`` at ``point`` answers in another class at high precision than in float64, or None if it does not."""
    with np.errstate(all="ignore"):  # scipy (the special functions' float64) is a test dependency
        expected = kind(op(*[np.float64(v) for v in point]))
    try:
        with mpmath.workdps(50), mp.ieee(), np.errstate(all="ignore"):
            got = op(*[mpmath.mpf(v) for v in point])
    except Exception as error:  # NumPy does not raise: raising is a mismatch
        return f"mpmath raises {type(error).__name__}: {error}, float64 gives {expected}"
    return None if kind(got) == expected else f"mpmath gives {got}, float64 gives {expected}"


# One test per op, its points in a loop: a failure lists every point of the op that disagrees.
@pytest.mark.parametrize("name", sorted(set(_ops("1")) | set(_ops("2"))))
def test_mpmath_answer_has_the_class_of_float64s(name):
    op = getattr(gnp, name)
    mismatches = {point: _class_mismatch(op, point) for point in _points(name)}
    assert {point: why for point, why in mismatches.items() if why} == {}, name


@pytest.mark.parametrize("x, y", [(math.nan, 0.0), (math.inf, 0.0), (-math.inf, 0.0), (1.0, math.nan), (1.0, math.inf), (1.0, -math.inf)])
def test_power_keeps_ieees_ones_at_high_precision(x, y):
    # IEEE's pow: x**0 and 1**y are 1, NaN and infinity included (mpmath said NaN: the
    # gradient rule of x*sqrt(-1)**0 was judged wrong where its float64 answer, 1, is right).
    assert np.power(x, y) == 1.0
    with mpmath.workdps(50), mp.ieee():
        assert gnp.power(mpmath.mpf(x), mpmath.mpf(y)) == 1


def test_a_constant_to_the_power_0_is_ok_not_a_wrong_rule():
    import gradcli

    report = gradcli.check("x*sqrt(-1)**0", {"x": 2.0}, dtypes=("float64",))
    assert [r.status for r in report.results] == ["ok"]


# -- the high-precision paths compute at the precision they claim, on mpmath and on balls ----------


def test_a_negative_base_to_a_power_just_off_an_integer_is_nan_at_high_precision():
    # float(y) would round 3 + 2^-60 to 3 and answer -8: a float64 deciding a high-precision branch.
    with mpmath.workdps(40):
        assert mpmath.isnan(mp.ELEMENTWISE["power"](mpmath.mpf(-2), mpmath.mpf(3) + mpmath.mpf(2) ** -60))
        assert mp.ELEMENTWISE["power"](mpmath.mpf(-2), mpmath.mpf(3)) == -8


@pytest.mark.parametrize("name, args", [
    ("logsumexp", ([-800.0, -800.0, -799.0],)),
    ("xlogy", (1e-300, 1e-300)),
    ("xlogy", (5e-324, 5e-324)),
    ("xlog1py", (0.5, -0.9999999999999999)),
])
def test_ops_on_balls_are_as_tight_as_the_balls_bits(name, args):
    # A ball implementation that went through mpmath (at its 53 bits) would come back a float64:
    # a ball 10^-16 wide, or a point taken as exact. At 2000 bits every answer is within 10^-550.
    import flint

    from gradcli.autodiff import arb

    arb.enable()
    op = getattr(gnp, name)
    saved = flint.ctx.prec
    try:
        flint.ctx.prec = 2000
        balls = [np.array([arb.ARB(v) for v in a], dtype=object) if isinstance(a, list) else arb.ARB(a) for a in args]
        got = op(*balls)
    finally:
        flint.ctx.prec = saved
    got = np.asarray(got, dtype=object)[()]
    with mpmath.workdps(700):
        plain = [[mpmath.mpf(v) for v in a] if isinstance(a, list) else mpmath.mpf(a) for a in args]
        if name == "logsumexp":
            want = mpmath.log(mpmath.fsum(mpmath.exp(v) for v in plain[0]))
        elif name == "xlogy":
            want = plain[0] * mpmath.log(plain[1])
        else:
            want = plain[0] * mpmath.log1p(plain[1])
        mid = mpmath.mpf(got.mid().str(650, radius=False))
        assert got.rad() < abs(got.mid()) * arb.ARB(10) ** -550, got
        assert abs(mid - want) <= abs(want) * mpmath.mpf(10) ** -540


def test_logaddexp_at_high_precision_shifts_by_the_larger():
    # exp(1e300) is a number whose exponent alone has 300 digits: the plain formula never ends.
    with mpmath.workdps(50):
        got = mp.ELEMENTWISE["logaddexp"](mpmath.mpf(1e300), mpmath.mpf(-1e300))
        assert got == mpmath.mpf(1e300)
        assert mp.ELEMENTWISE["logaddexp"](mpmath.mpf(0), mpmath.mpf(0)) == mpmath.log(2)


@pytest.mark.parametrize("name, x, y, expected", [
    # a JAX program's complex literal (1+0j) meets the exact reference's numbers: 1 / (1 + i w tau)
    ("divide", 1 + 0j, mpmath.mpc(1, 2), lambda: mpmath.mpc(1, -2) / 5),
    ("divide", np.complex128(2j), mpmath.mpf(4), lambda: mpmath.mpc(0, 0.5)),
    ("power", 1j, mpmath.mpf(2), lambda: mpmath.mpc(-1, 0)),
])
def test_a_complex_constant_with_mpmath_numbers_is_mpmaths_complex(name, x, y, expected):
    with mpmath.workdps(50), mp.ieee():
        got, want = getattr(gnp, name)(x, y), expected()
    assert abs(got - want) < mpmath.mpf(10) ** -45
