"""SciPy's special functions at extreme arguments, where a slope is a number no float holds: its digits, never a 0.

boxcox(5e-324, 1e300) has the slope x^(lmbda - 1) = 10^-3.2e302 in x. In its mpmath implementation expm1 of a huge
negative number is -1, alike rounded down and up: unless the op's answer is moved outward under directed rounding,
as every other op's is, the function's rounding noise is 0 and the difference quotient's 0 settles as exact. Moved,
the slope is 0 within a noise far below every dtype's smallest number, and its digits are the gradient rule's, run
until they are held. Each row: a function, its point, and the closed form of the slope in x.
"""

import math

import mpmath

import gradcli
import gradcli.scipy.special as gsp
from each_case import failing_cases


def box(x, lmb):
    return gsp.boxcox(x, lmb)


def box1p(x, lmb):
    return gsp.boxcox1p(x, lmb)


def _power(base, exponent):
    """base^exponent as e^(exponent log base), at the digits an exponent of 1e300 needs."""
    return mpmath.exp(exponent * mpmath.log(base))


ROWS = {
    "boxcox": (box, {"x": 5e-324, "lmb": 1e300}, lambda x, other: _power(x, other - 1)),  # x^(lmbda - 1)
    # (1 + x)^(lmbda - 1), 1 + x = 2^-52
    "boxcox1p": (box1p, {"x": -0.9999999999999998, "lmb": 1e300}, lambda x, other: _power(1 + x, other - 1)),
}


def _slope_is_its_digits(name):
    function, point, slope = ROWS[name]
    # the wall-clock limit is far: a loaded machine must not turn a verdict into "ran past --max-time"
    (result,) = gradcli.check(function, [point], dtypes=("float64",), fixes=False, max_time=math.inf).results
    assert result.status == "ok", (result.status, [f.message for f in result.findings])
    other = [v for k, v in point.items() if k != "x"][0]
    with mpmath.workdps(330):  # the exponent 3.2e302 to 20 digits
        truth = slope(mpmath.mpf(point["x"]), mpmath.mpf(other))
        shown = mpmath.mpf(result.to_dict()["exact_gradient_text"]["x"])
        assert shown != 0 and abs(shown - truth) <= mpmath.mpf(10) ** -15 * abs(truth), (shown, truth)
    assert float(result.gradient["x"]) == 0.0  # float64's nearest number to the slope


def test_a_slope_below_every_float_is_its_digits_never_an_unproven_zero():
    assert failing_cases(_slope_is_its_digits, [(name,) for name in ROWS]) == {}
