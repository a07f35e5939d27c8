"""SciPy's special functions in formulas (erfcx, log_ndtr, ndtri, erfinv, sinc): the exact value and derivative at
their extremes, against mpmath from an independent expression of the mathematics (asymptotic series, a root of the
normal tail, the closed form at 2,000 digits where it cancels), each right to its 20 digits however far beyond
float64 it lies."""

import mpmath
import pytest

import gradcli

HIGH = 2000  # digits for the closed forms that cancel (sinc's slope at 1e-300 loses 600 of them)


def _far_erfcx(x, terms=8):
    """erfcx(x) and its slope far right from the asymptotic series sum_k (-1)^k (2k-1)!! / (2x^2)^k / (x sqrt(pi)),
    differentiated term by term (at x = 1e300 each term is 1e-600 of the one before)."""
    value = slope = mpmath.mpf(0)
    double_factorial = mpmath.mpf(1)
    for k in range(terms):
        if k:
            double_factorial *= 2 * k - 1
        term = (-1) ** k * double_factorial / 2**k
        value += term * x ** (-2 * k - 1)
        slope += term * (-2 * k - 1) * x ** (-2 * k - 2)
    return value / mpmath.sqrt(mpmath.pi), slope / mpmath.sqrt(mpmath.pi)


def _near_erfcx(x):
    """erfcx(x) = exp(x^2) erfc(x) and its slope 2 x erfcx(x) - 2/sqrt(pi), where erfc has its digits (x <= 0)."""
    value = mpmath.exp(x * x) * mpmath.erfc(x)
    return value, 2 * x * value - 2 / mpmath.sqrt(mpmath.pi)


def _left_log_ndtr(x, terms=12):
    """log Phi(x) and phi(x)/Phi(x) far left from Mills' ratio: Phi(x) = phi(x)/|x| sum_k (-1)^k (2k-1)!! / x^(2k)."""
    total, double_factorial = mpmath.mpf(0), mpmath.mpf(1)
    for k in range(terms):
        if k:
            double_factorial *= 2 * k - 1
        total += (-1) ** k * double_factorial / x ** (2 * k)
    log_density = -x * x / 2 - mpmath.log(2 * mpmath.pi) / 2
    log_cdf = log_density - mpmath.log(-x) + mpmath.log(total)
    return log_cdf, mpmath.exp(log_density - log_cdf)


def _right_log_ndtr(x):
    """log Phi(x) = log1p(-Phi(-x)) and phi(x)/Phi(x) far right, the tail Phi(-x) = erfc(x/sqrt 2)/2."""
    tail = mpmath.erfc(x / mpmath.sqrt(2)) / 2
    density = mpmath.exp(-x * x / 2) / mpmath.sqrt(2 * mpmath.pi)
    return mpmath.log1p(-tail), density / (1 - tail)


def _normal_quantile(p):
    """ndtri(p) as the root y of the normal tail erfc(-y/sqrt 2)/2 = p (the upper tail 1 - p for p past 1/2), and
    its slope, the reciprocal of the density at y."""
    upper = p > 0.5
    tail = 1 - mpmath.mpf(p) if upper else mpmath.mpf(p)
    y = mpmath.findroot(lambda t: mpmath.log(mpmath.erfc(t / mpmath.sqrt(2)) / 2) - mpmath.log(tail), 5)
    y = y if upper else -y
    return y, mpmath.sqrt(2 * mpmath.pi) * mpmath.exp(y * y / 2)


def _inverse_erf(x):
    """erfinv(x) as the root y of erfc(|y|) = 1 - |x|, with x's sign, and its slope sqrt(pi)/2 exp(y^2)."""
    tail = 1 - abs(mpmath.mpf(x))
    y = mpmath.findroot(lambda t: mpmath.log(mpmath.erfc(t)) - mpmath.log(tail), 5)
    y = y if x > 0 else -y
    return y, mpmath.sqrt(mpmath.pi) / 2 * mpmath.exp(y * y)


def _sinc(x):
    """sin(pi x)/(pi x) and its slope (cos(pi x) - sinc(x))/x at 2,000 digits; 1 and 0 at 0."""
    if x == 0:
        return mpmath.mpf(1), mpmath.mpf(0)
    with mpmath.workdps(HIGH):
        x = mpmath.mpf(x)
        value = mpmath.sin(mpmath.pi * x) / (mpmath.pi * x)
        return +value, (mpmath.cos(mpmath.pi * x) - value) / x


CASES = [
    ("erfcx(x)", 1e300, _far_erfcx),
    ("erfcx(x)", -26.0, _near_erfcx),
    ("log_ndtr(x)", -1e5, _left_log_ndtr),
    ("log_ndtr(x)", 40.0, _right_log_ndtr),
    ("ndtri(x)", 1e-300, _normal_quantile),
    ("ndtri(x)", 1 - 2.0**-53, _normal_quantile),
    ("erfinv(x)", 1 - 2.0**-53, _inverse_erf),
    ("erfinv(x)", -(1 - 2.0**-53), _inverse_erf),
    ("sinc(x)", 0.0, _sinc),
    ("sinc(x)", 1e-300, _sinc),
]


def _exact(text, number):
    """A result's exact number from its 20-digit text (which holds what float64 cannot), else its float."""
    return mpmath.mpf(text) if text is not None else mpmath.mpf(number)


def _close(got, truth, rtol=1e-18):
    return got == truth if truth == 0 else abs(got - truth) <= rtol * abs(truth)


@pytest.mark.parametrize("formula, x, truth", CASES, ids=[f"{c[0]} at {c[1]!r}" for c in CASES])
def test_the_exact_value_and_derivative_are_the_functions_own_to_their_20_digits(formula, x, truth):
    result = gradcli.check(formula, [{"x": x}], dtypes=["float64"], fixes=False).results[0]
    with mpmath.workdps(60):
        value, slope = truth(mpmath.mpf(x))
        got_value = _exact(result.exact_value_text, result.exact_value)
        got_slope = _exact(result.exact_gradient_text.get("x"), result.exact_gradient["x"])
        assert _close(got_value, value), (mpmath.nstr(got_value, 25), mpmath.nstr(value, 25))
        assert _close(got_slope, slope), (mpmath.nstr(got_slope, 25), mpmath.nstr(slope, 25))


def test_out_of_its_domain_an_inverse_is_the_domain_verdict():
    report = gradcli.check("erfinv(x) + ndtri(x)", [{"x": 2.0}, {"x": -0.5}], dtypes=["float64"], fixes=False)
    assert [r.status for r in report.results] == ["domain", "domain"], [r.findings for r in report.results]
