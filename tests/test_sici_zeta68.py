"""gradcli.scipy.special's sici (two outputs) and zeta(s, q)'s slope in s, against mpmath at 30 digits.

Si(x) = int_0^x sin(t)/t dt and Ci(x) = gamma + log|x| + int_0^|x| (cos t - 1)/t dt (SciPy's real part left of 0),
their slopes sin(x)/x and cos(x)/x; d/ds zeta(s, q) = -sum_n log(n + q) / (n + q)^s, summed here by mpmath's nsum (Euler and Maclaurin),
not by its zeta's own derivative.
"""

import mpmath
import numpy as np
import pytest
import scipy.special

import gradcli
import gradcli.scipy.special as gsp
from gradcli import grad

POINTS = [-30.0, -2.5, -1e-8, 1e-8, 0.5, 2.5, 40.0]


def true_si_ci(x):
    with mpmath.workdps(30):
        t = abs(mpmath.mpf(x))
        ci = mpmath.euler + mpmath.log(t) + mpmath.quad(lambda u: (mpmath.cos(u) - 1) / u, [0, t])
        si = mpmath.quad(lambda u: mpmath.sin(u) / u, [0, mpmath.mpf(x)])
        return si, ci


@pytest.mark.parametrize("x", POINTS)
def test_sici_is_scipys_pair_with_its_slopes(x):
    si, ci = gsp.sici(x)
    assert (float(si), float(ci)) == tuple(float(v) for v in scipy.special.sici(x))
    true_si, true_ci = true_si_ci(x)
    assert abs(float(si) - true_si) <= 1e-14 * abs(true_si) and abs(float(ci) - true_ci) <= 1e-14 * abs(true_ci)
    slope_si = grad(lambda t: gsp.sici(t)[0])(x)
    slope_ci = grad(lambda t: gsp.sici(t)[1])(x)
    with mpmath.workdps(30):
        assert abs(slope_si - mpmath.sin(x) / x) <= 1e-14 * abs(mpmath.sin(x) / x)
        assert abs(slope_ci - mpmath.cos(x) / x) <= 1e-14 * abs(mpmath.cos(x) / x)


def test_sici_on_an_array_and_si_at_zero():
    x = np.array([0.0, 1.0, -3.0])
    si, ci = gsp.sici(x)
    np.testing.assert_array_equal(np.asarray(si), scipy.special.sici(x)[0])
    assert grad(lambda t: gsp.sici(t)[0])(0.0) == 1.0  # sin(x)/x's limit, no 0/0


def test_the_checker_judges_sici_against_its_exact_reference(tmp_path):
    (tmp_path / "sici68.py").write_text("import gradcli.scipy.special as sp\n\n\ndef f(x):\n"
                                        "    s, c = sp.sici(x)\n    return s + 3 * c\n")
    result = gradcli.check(f"{tmp_path / 'sici68.py'}:f", [{"x": 2.5}], dtypes=("float64",), fixes=False).results[0]
    assert result.status.value == "ok"
    with mpmath.workdps(30):
        truth = mpmath.sin(2.5) / 2.5 + 3 * mpmath.cos(2.5) / 2.5
    assert abs(result.exact_gradient["x"] - truth) <= 1e-14 * abs(truth)


def true_zeta_slope_in_s(s, q):
    with mpmath.workdps(30):
        return -mpmath.nsum(lambda n: mpmath.log(n + q) / (n + q) ** s, [0, mpmath.inf], method="euler-maclaurin")


@pytest.mark.parametrize("s, q", [(2.5, 1.5), (1.5, 0.25), (6.0, 3.0)])
def test_hurwitz_zeta_has_its_slope_in_s(s, q):
    slope = grad(lambda v: gsp.zeta(v, q))(s)
    truth = true_zeta_slope_in_s(s, q)
    assert abs(slope - truth) <= 1e-13 * abs(truth)


def test_the_checker_judges_zeta_in_s_against_its_exact_reference(tmp_path):
    (tmp_path / "zeta68.py").write_text("import gradcli.scipy.special as sp\n\n\ndef z(s, q):\n"
                                        "    return sp.zeta(s, q)\n")
    result = gradcli.check(f"{tmp_path / 'zeta68.py'}:z", [{"s": 2.5, "q": 1.5}], dtypes=("float64",),
                           fixes=False).results[0]
    assert result.status.value == "ok"
    truth = true_zeta_slope_in_s(2.5, 1.5)
    assert abs(result.exact_gradient["s"] - truth) <= 1e-14 * abs(truth)
    with mpmath.workdps(30):
        in_q = -2.5 * mpmath.nsum(lambda n: 1 / (n + 1.5) ** 3.5, [0, mpmath.inf], method="euler-maclaurin")
    assert abs(result.exact_gradient["q"] - in_q) <= 1e-14 * abs(in_q)
