"""Where the exact value is infinite (or NaN), the inputs that never reach the op that made it keep their slopes,
whichever inputs are differentiated (round 73c's F1), and an elementwise op is read at its entries that are no
number alone.

The Weibull log-density at a failure at time 0 is -inf: log(t) meets its pole in t[0], never in t[1]. With t alone
differentiated, t[1] kept its slope; with k beside it, the jets' 0^k log 0 made every entry NaN and t[1] was said to
have no derivative "because the value is -inf". A NaN made by log outside its domain in x[0] likewise left x[1]
without its slope. A coordinate that does move the pole's argument (s in log(t + s)) has none.
"""

import math

import pytest

import gradcli
import gradcli.numpy as gnp


def weibull_log_pdf(t, k):
    return gnp.sum(gnp.log(k / 2.0) + (k - 1) * gnp.log(t / 2.0) - (t / 2.0) ** k)


def log_minus_power(t, k):
    return gnp.sum(gnp.log(t) - t ** k)


def log_beside_a_square(x, y):
    return gnp.sum(gnp.log(x)) + y ** 2


def entropy_term_beside_a_power(t, k):
    return t[0] * gnp.log(t[0]) - gnp.sum(t ** k)


def log_shifted(t, s):
    return gnp.sum(gnp.log(t + s)) + 2.0 * s


def _exact(fun, point, wrt=None):
    [result] = gradcli.check(fun, [point], dtypes=["float64"], wrt=wrt, fixes=False).results
    assert result.status == "domain", [f.message for f in result.findings]
    return result


def _weibull_slope_t1(k):
    return (k - 1) / 1.0 - k * 1.0 ** (k - 1) / 2.0 ** k


@pytest.mark.parametrize("wrt", [["t"], ["t", "k"], None])
def test_the_slope_beside_a_pole_does_not_depend_on_what_else_is_differentiated(wrt):
    result = _exact(weibull_log_pdf, {"t": [0.0, 1.0], "k": 1.5}, wrt)
    t0, t1 = result.exact_gradient["t"]
    assert math.isnan(float(t0)) and float(t1) == pytest.approx(_weibull_slope_t1(1.5), rel=1e-12)
    assert "no derivative" in result.exact_gradient_why["t"][0] and result.exact_gradient_why["t"][1] is None


def test_a_pole_s_entry_alone_is_read_and_the_domain_finding_says_so():
    result = _exact(log_minus_power, {"t": [0.0, 1.0], "k": 1.5})
    assert float(result.exact_gradient["t"][1]) == pytest.approx(-0.5, rel=1e-12)
    assert float(result.exact_gradient["k"]) == 0.0
    domain = next(f for f in result.findings if f.kind == "domain")
    assert "the infinity comes from log at its pole, which t[1], k never reach" in domain.message


def test_a_nan_s_entry_alone_is_read():
    result = _exact(log_beside_a_square, {"x": [-1.0, 2.0], "y": 3.0})
    x0, x1 = result.exact_gradient["x"]
    assert math.isnan(float(x0)) and float(x1) == pytest.approx(0.5, rel=1e-12)
    assert float(result.exact_gradient["y"]) == pytest.approx(6.0, rel=1e-12)


def test_an_input_that_moves_the_pole_has_no_slope():
    result = _exact(log_shifted, {"t": [0.0, 1.0], "s": 0.0})
    assert float(result.exact_gradient["t"][1]) == pytest.approx(1.0, rel=1e-12)
    assert math.isnan(float(result.exact_gradient["s"]))


def test_a_nan_made_of_an_infinity_keeps_the_slopes_beside_it():
    # t[0] log t[0] at 0 is 0 * -inf: the NaN's origin is the product (its argument -inf is no NaN), which t[1] and k
    # never reach: -k t[1]^(k-1) = -1.5 and -t^k log t summed, 0
    result = _exact(entropy_term_beside_a_power, {"t": [0.0, 1.0], "k": 1.5})
    t0, t1 = result.exact_gradient["t"]
    assert math.isnan(float(t0)) and float(t1) == pytest.approx(-1.5, rel=1e-12)
    assert float(result.exact_gradient["k"]) == 0.0
