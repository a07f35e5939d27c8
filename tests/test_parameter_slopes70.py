"""An order's or a parameter's slope where it is tiny beside the function's value.

kv and kve in v, hyp2f1 in a, b, c, hyp1f1 in a, b and wright_bessel in a, b are difference quotients of mpmath
values (no closed form in those arguments). At mpmath.diff's precision (twice the answer's, and 40 bits) the two
values a step apart agree in every bit where the slope is below about 2^-124 of the value at 94 bits, and the slope
came out 0; a little above that it kept only the bits left over. hyp2f1(a, b; c; z) at z = 1e-100 is
1 + a b z / c + O(z^2), so its slope in a is b z / c; hyp1f1(a; b; x) = 1 + a x / b + O(x^2) has the slope x / b in
a; Wright's Phi(a, b; x) = 1 / Gamma(b) + x / Gamma(a + b) + O(x^2) has -x psi(a + b) / Gamma(a + b) in a; K_v is
even in v, so at v = 1e-40 its slope is v d2K/dv2 at 0 (to v^3), and at v = 1e-30 (lost to all but ~25 bits
before) the same; e^x K_v(x) at x = 1e200 has the slope sqrt(pi / 2x) v / x, 2^-665 of its value. The quotient is now taken at a precision that holds the slope's own digits.
"""

import mpmath
import numpy as np
import pytest

import gradcli.numpy as gnp
import gradcli.scipy.special as sps
from gradcli.autodiff import grad
from gradcli.autodiff import ops_bessel_hypergeometric as obh
from gradcli.autodiff.tracer import primitive_of


def _slope(function, point, index):
    args = [np.array([value]) for value in point]

    def moved(t):
        return gnp.sum(function(*args[:index], t, *args[index + 1:]))

    return float(grad(moved)(args[index])[0])


def _k_second_in_v_at_0(x, scaled):
    with mpmath.workdps(40):  # well conditioned: K_v's curvature in v at 0 is of the value's size
        curvature = mpmath.diff(lambda v: mpmath.besselk(v, x), 0, 2)
        return curvature * mpmath.exp(x) if scaled else curvature


def _near(got, truth):
    # one rounding of a 94-bit answer, and the O(z^2) or O(v^3) terms the truths leave out (below 1e-40 relative)
    return abs(mpmath.mpf(got) - truth) <= abs(truth) * 2 ** -51


CASES = [
    ("hyp2f1 a", sps.hyp2f1, (0.5, 1.5, 2.0, 1e-100), 0, lambda: mpmath.mpf(1.5) * mpmath.mpf(1e-100) / 2),
    ("hyp2f1 b", sps.hyp2f1, (0.5, 1.5, 2.0, -1e-300), 1, lambda: mpmath.mpf(0.5) * mpmath.mpf(-1e-300) / 2),
    ("hyp2f1 c", sps.hyp2f1, (0.5, 1.5, 2.0, 1e-100), 2, lambda: -mpmath.mpf(0.75) * mpmath.mpf(1e-100) / 4),
    ("hyp1f1 a", obh.hyp1f1, (0.5, 1.5, 1e-60), 0, lambda: mpmath.mpf(1e-60) / mpmath.mpf(1.5)),
    ("hyp1f1 b", obh.hyp1f1, (0.5, 1.5, 1e-300), 1, lambda: -mpmath.mpf(0.5) * mpmath.mpf(1e-300) / mpmath.mpf(2.25)),
    ("wright_bessel a", sps.wright_bessel, (0.5, 1.0, 1e-300), 0,
     lambda: -mpmath.mpf(1e-300) * mpmath.digamma(1.5) * mpmath.rgamma(1.5)),
    ("kv v", sps.kv, (1e-40, 2.0), 0, lambda: mpmath.mpf(1e-40) * _k_second_in_v_at_0(2, False)),
    ("kv v, a few bits left before", sps.kv, (1e-30, 2.0), 0, lambda: mpmath.mpf(1e-30) * _k_second_in_v_at_0(2, False)),
    ("kve v", sps.kve, (1e-40, 2.0), 0, lambda: mpmath.mpf(1e-40) * _k_second_in_v_at_0(2, True)),
    # far right e^x K_v(x) = sqrt(pi / 2x) (1 + (4v^2 - 1) / 8x + O(x^-2)): its slope in v is sqrt(pi / 2x) v / x
    ("kve v far right", sps.kve, (0.5, 1e200), 0,
     lambda: mpmath.sqrt(mpmath.pi / (2 * mpmath.mpf(1e200))) * mpmath.mpf(0.5) / mpmath.mpf(1e200)),
]


@pytest.mark.parametrize("name, function, point, index, truth", CASES, ids=[case[0] for case in CASES])
def test_a_parameter_slope_tiny_beside_the_value_keeps_its_digits(name, function, point, index, truth):
    got = _slope(function, point, index)
    with mpmath.workdps(40):
        assert _near(got, truth()), (name, got, truth())


def test_the_exact_reference_keeps_them_too():
    """The same rule on mpmath numbers at the working precision (an exact run's path): hyp2f1 in a at z = 1e-300."""
    exact = primitive_of(obh.hyp2f1_slope_a).mp
    with mpmath.workprec(200):
        z = mpmath.mpf(1e-300)
        got = exact(mpmath.mpf(0.5), mpmath.mpf(1.5), mpmath.mpf(2), z)
        truth = mpmath.mpf(1.5) * z / 2  # b z / c, to O(z^2) = 1e-600
        assert abs(got - truth) <= abs(truth) * 2 ** -190


def test_an_even_orders_slope_at_0_and_a_constant_functions_are_0():
    assert float(obh.kv_slope_order(np.array(0.0), np.array(2.0))) == 0  # K_{-v} = K_v
    assert float(obh.hyp2f1_slope_a(*(np.array(v) for v in (0.5, 1.5, 2.0, 0.0)))) == 0  # 2F1 at z = 0 is 1
    assert float(obh.wright_bessel_slope_a(*(np.array(v) for v in (0.5, 1.0, 0.0)))) == 0  # Phi(a, b; 0) = 1/Gamma(b)
