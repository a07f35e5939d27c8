"""gradcli.scipy.special.ive(v, x) far left, a whole order v: its slope keeps every digit, as far right.

d/dx e^-|x| I_v(x) = e^-|x| ((I_(v-1) + I_(v+1)) / 2 - sign(x) I_v), whose terms cancel to about -sign(x) / (2x) of the
value: written so, x = -1e8 keeps 26 of 53 bits. Truths: mpmath's besseli at enough digits to carry the cancellation
(260 at |x| = 1e200).
"""

import math

import mpmath
import pytest
import scipy.special

import gradcli
import gradcli.scipy.special as gsp
from gradcli import grad


def truth(v, x):
    """(ive(v, x), its slope in x) from mpmath's I_v, 260 digits."""
    with mpmath.workdps(260):
        x = mpmath.mpf(x)
        scale = mpmath.exp(-abs(x))
        value = mpmath.besseli(v, x) * scale
        slope = ((mpmath.besseli(v - 1, x) + mpmath.besseli(v + 1, x)) / 2 - mpmath.sign(x) * mpmath.besseli(v, x)) * scale
        return mpmath.re(value), mpmath.re(slope)


@pytest.mark.parametrize("v", [0, 1, 2, 3, 6])
@pytest.mark.parametrize("x", [-1e3, -1e5, -1e8, -1e200])
def test_the_slope_far_left_is_right_to_the_last_digits(v, x):
    value, slope = truth(v, x)
    got = grad(lambda t: gsp.ive(float(v), t))(x)
    assert abs(got - slope) <= 1e-14 * abs(slope), (got, slope)
    computed = float(gsp.ive(float(v), x))
    if math.isnan(scipy.special.ive(v, x)):
        assert math.isnan(computed)  # SciPy's own number: the checker judges the user's value as SciPy gives it
    else:
        assert abs(computed - value) <= 1e-14 * abs(value)


def test_a_half_order_left_of_zero_stays_nan_as_scipy_gives_it():
    assert math.isnan(float(gsp.ive(0.5, -1e3))) and math.isnan(grad(lambda t: gsp.ive(0.5, t))(-1e3))


def test_the_checker_calls_ive_far_left_ok(tmp_path):
    (tmp_path / "ive68.py").write_text("import gradcli.scipy.special as sp\n\n\ndef f(x):\n    return sp.ive(3, x)\n")
    result = gradcli.check(f"{tmp_path / 'ive68.py'}:f", [{"x": -1e8}], dtypes=("float64",), fixes=False).results[0]
    assert result.status.value == "ok", [f.message for f in result.findings]
    slope = truth(3, -1e8)[1]
    assert abs(result.exact_gradient["x"] - slope) <= 1e-14 * abs(slope)
