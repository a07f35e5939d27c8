"""Round 38c's findings, each as a class.

S1: a coordinate at 0 took its difference step from another entry's underflowed term. The exact reference's central
difference at x = 0 steps by a fraction of the smallest nonzero magnitude the program computes at the point (a switch
of its values may lie that near 0), and that magnitude was any value at all: the Nelson-Siegel curvature loading
exprel(-x) - e^-x summed over maturities [0, 1e300] computes e^-5e299 for the second, so the first stepped by
10^-(2.2e299), a quotient of pure rounding noise at every precision, and the point had no exact reference ("a sum
absorbs a term ..."), though each maturity alone was judged. A program value far below every float64 number now sets
no scale below 1e-400 for a coordinate at 0. Truth: d/dt (g(t/2) - e^(-t/2)), g(x) = (1 - e^-x)/x, is 1/4 at 0 and
(-1/x^2 + e^-x)/2 = -2e-600 at 1e300.
"""

import mpmath

import gradcli
import gradcli.numpy as gnp
import gradcli.scipy.special as sps


def _curvature_loading(t):
    x = t / 2.0
    return gnp.sum(sps.exprel(-x) - gnp.exp(-x))


def test_a_coordinate_at_0_beside_an_underflowed_term_keeps_its_exact_slope():
    (result,) = gradcli.check(_curvature_loading, [{"t": [0.0, 3.0, 1e300]}], dtypes=("float64",), fixes=False).results
    assert result.status == "ok", result.status
    with mpmath.workdps(40):
        x = mpmath.mpf(3) / 2
        middle = ((mpmath.exp(-x) * (1 + x) - 1) / (x * x) + mpmath.exp(-x)) / 2
    got = result.exact_gradient["t"]
    assert abs(mpmath.mpf(float(got[0])) - mpmath.mpf(1) / 4) <= 1e-15
    assert abs(mpmath.mpf(float(got[1])) - middle) <= 1e-15 * abs(middle)
    assert result.exact_gradient_text["t"][2].startswith("-1.99999999999999")  # -2e-600 = -(1/x^2)/2, x = 5e299
