"""x**y's two slopes in gradcli.numpy give their float answer wherever that answer is a float.

The rule's own products can leave the float range where the slope does not:
y x**(y-1) at x = 5e-324, y = 1e-300 is 2e23, while x**(y-1) alone overflows;
x**y log x at x just above 1 and a huge y is 1e293, while x**y alone overflows.
Each slope is judged against mpmath at 60 digits from exp((y-1) log x) and
exp(y log x) log x, written here independently of the rule.
"""

import math

import mpmath
import numpy
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli import grad

TINY = numpy.finfo(numpy.float64).tiny
BIG = numpy.finfo(numpy.float64).max
ULP_OF_ZERO = 5e-324

BASES = [5e-324, 1e-310, 1e-300, 1e-150, 0.5, 1 + 2.0**-52, 2.0, 1e150, 1e300, 1.7e308]
EXPONENTS = [1e-300, -1e-300, 1e-10, -1e-10, 0.5, -0.5, 1.5, 2.5, -2.5, 3.0, 1e3, -1e3, 3.2e18, -3.2e18]


def true_slopes(x, y):
    """(d/dx, d/dy) of x**y for x > 0, at 60 digits from the exponential form."""
    with mpmath.workdps(60):
        mx, my = mpmath.mpf(x), mpmath.mpf(y)
        return my * mpmath.exp((my - 1) * mpmath.log(mx)), mpmath.exp(my * mpmath.log(mx)) * mpmath.log(mx)


def as_float(truth):
    """The float64 a correctly rounded slope would be: inf past the range, the true value within it."""
    return math.copysign(math.inf, truth) if abs(truth) > BIG else float(truth)


def close_to(got, truth):
    """Right to 1e-12 relative where the truth is a normal number; within a few subnormal steps below."""
    expected = as_float(truth)
    if math.isinf(expected):
        return got == expected
    if abs(truth) < TINY:
        return abs(got - truth) <= 4 * ULP_OF_ZERO
    return abs(got - truth) <= 1e-12 * abs(truth)


def rounding_of(y, x):
    """Whether y - 1 (or y/2) rounds in float64 enough to move the slope more than 1e-12: such points measure
    the exponent's rounding, not the rule."""
    return abs(math.log(x)) * math.ulp(y) > 1e-13


@pytest.mark.parametrize("x", BASES)
def test_the_slope_in_the_base_is_the_float_of_the_true_one(x):
    for y in EXPONENTS:
        if rounding_of(y, x):
            continue
        got = float(grad(lambda a: a ** y)(x))
        assert close_to(got, true_slopes(x, y)[0]), (x, y, got, true_slopes(x, y)[0])


@pytest.mark.parametrize("x", BASES)
def test_the_slope_in_the_exponent_is_the_float_of_the_true_one(x):
    for y in EXPONENTS:
        got = float(grad(lambda b: x ** b)(y))
        assert close_to(got, true_slopes(x, y)[1]), (x, y, got, true_slopes(x, y)[1])


def test_traced_arrays_take_the_same_slopes_point_by_point():
    """A vector of bases with an array of exponents (one call, mixed in range and rescued points), both slopes."""
    xs = numpy.array([5e-324, 2.0, 1 + 2.0**-52, 0.5])
    ys = numpy.array([1e-300, 3.0, 3.2e18, 1e-300])
    dx, dy = grad(lambda a, b: gnp.sum(a ** b), argnums=(0, 1))(xs, ys)
    for k in range(len(xs)):
        truth_x, truth_y = true_slopes(xs[k], ys[k])
        assert close_to(float(dx[k]), truth_x) and close_to(float(dy[k]), truth_y), k


def test_float32_rescues_its_own_range():
    """In float32 x**(y-1) overflows at x = 1e-45, y = 1e-30, where the slope 7e14 is a float32."""
    x, y = numpy.float32(1e-45), numpy.float32(1e-30)
    got = grad(lambda a: a ** y)(x)
    assert got.dtype == numpy.float32
    truth = true_slopes(float(x), float(y))[0]
    assert abs(float(got) - truth) <= 1e-6 * abs(truth)


@pytest.mark.parametrize("y", [0.0, 0.5, 1.0, 2.0, 2.5, 3.0, -1.0])
def test_a_zero_base_keeps_its_limits(y):
    """At x = 0 the slope in x is y 0**(y-1): 0 past y = 1, 1 at 1, +inf between 0 and 1, -inf below (0 at y = 0)."""
    got = float(grad(lambda a: a ** y)(0.0))
    truth = 0.0 if y == 0 else float(mpmath.mpf(y) * mpmath.power(0, y - 1)) if y >= 1 else math.copysign(math.inf, y)
    assert got == truth


def test_the_checker_calls_the_tiny_base_power_ok(tmp_path):
    (tmp_path / "power68.py").write_text("import gradcli.numpy as np\n\n\ndef f(x, y):\n    return x ** y\n")
    result = gradcli.check(
        f"{tmp_path / 'power68.py'}:f", [{"x": 5e-324, "y": 1e-300}], dtypes=("float64",), fixes=False
    ).results[0]
    assert result.status.value == "ok"
    assert abs(result.gradient["x"] - 2.0240225330731062e23) <= 1e-11 * 2.02e23


def true_second_slopes(x, y):
    """(d2/dx2, d2/dy2, d2/dxdy) of x**y for x > 0, at 60 digits from the exponential form."""
    with mpmath.workdps(60):
        mx, my = mpmath.mpf(x), mpmath.mpf(y)
        log_x = mpmath.log(mx)
        return (my * (my - 1) * mpmath.exp((my - 2) * log_x), mpmath.exp(my * log_x) * log_x**2,
                mpmath.exp((my - 1) * log_x) * (1 + my * log_x))


def exponent_rounding_moves(y, x):
    """Whether float64's y - 1 or y - 2 (the exponents the rule and its derivative take) is rounded enough to move
    a second slope more than 1e-13: such points measure the exponent's rounding, not the rule."""
    with mpmath.workdps(60):
        return any(abs(math.log(x)) * abs(mpmath.mpf(y - k) - (mpmath.mpf(y) - k)) > 1e-13 for k in (1, 2))


@pytest.mark.parametrize("x", BASES)
def test_the_second_slopes_are_numbers_where_the_truth_is_one(x):
    """Differentiated again, the in-range rule's kept branch is taken at x = 1, y = 2 where the fallback is used, so
    no 0 times an overflowed slope makes NaN (d2/dx2 of x**1e-300 at 5e-324 is -4e346: -inf, not NaN). Where the
    truth is beyond float64's range the answer is its infinity (d2/dxdy no finite number: its terms overflow apart).
    The values themselves are not asked for: a second slope whose float factor leaves the range before the upstream
    gradient brings it back (y times x**(y-2) at x = y = 1e-300) is not rescued by the first slope's fallback."""
    for y in EXPONENTS:
        if exponent_rounding_moves(y, x):
            continue
        got = (float(grad(grad(lambda a: a ** y))(x)), float(grad(grad(lambda b: x ** b))(y)),
               float(grad(lambda b: grad(lambda a: a ** b)(x))(y)))
        for name, g, truth in zip(("xx", "yy", "xy"), got, true_second_slopes(x, y)):
            if abs(truth) > BIG and name == "xy":
                assert not math.isfinite(g), (name, x, y, g, truth)  # x**(y-1) + y x**(y-1) log x: inf - inf
            elif abs(truth) > BIG:
                assert g == math.copysign(math.inf, truth), (name, x, y, g, truth)
            else:
                assert not math.isnan(g), (name, x, y, g, truth)


def test_a_tiny_base_s_second_slope_is_its_honest_infinity():
    with numpy.errstate(all="ignore"):
        assert float(grad(grad(lambda a: a ** 1e-300))(5e-324)) == -math.inf
        assert float(grad(grad(lambda a: a ** 1e-10))(1e-310)) == -math.inf


def _decibel_sum(L):
    return 10.0 * gnp.log10(gnp.sum(gnp.power(10.0, L / 10.0)))


def test_a_python_base_keeps_a_float32_rule_float32_where_its_slope_leaves_the_range():
    """power(10.0, y) of float32 y holds 10.0 weakly, in float32; where the slope 10^y log 10 leaves float32's range
    (y = 80), the rule's fallback picks 10.0 beside 1.0, and that pick must stay float32 as the power did (it was
    float64: the check noted that a float32 program's rule ran a step in float64)."""
    result, = gradcli.check(_decibel_sum, [{"L": [800.0, 790.0]}], dtypes=["float32"], fixes=False).results
    assert not [n for n in result.notes if "not every step computed in float32" in n], result.notes
    assert any("power(10.0, [80, 79]) overflowed" in f.message for f in result.findings), result.findings
