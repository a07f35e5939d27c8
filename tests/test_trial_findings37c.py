"""Round 37c's findings, each as a class.

W1: the Faddeeva function far from 0 came out of mpmath as the product exp(-z^2) erfc(-iz) of two numbers of size
e^(+-|z|^2), whose errors swamp the product: every float dtype's value and slopes of voigt_profile computed entry by
entry in mpmath (V_sigma, V_gamma, V_x / x) were garbage once |z| = |x + i gamma| / (sigma sqrt 2) passed ~1e8. A
Voigt line's slope in its Gaussian width at sigma = 1e-300 beside x = 0.5, gamma = 0.1 came out -1.2e262 (at 1e-30,
7.3e-9) for 2.68e-300, and a sound line shape was called `unstable`, blaming gradcli's own slope. Far from 0 in the
upper half-plane w(z) is now summed by its expansion (i / (pi z)) sum Gamma(k + 1/2) / z^(2k), to a remainder
bounded below the working precision. Truth: the heat equation V_s = s V_xx, V_xx within s^2 of the Cauchy density's
curvature gamma (6 x^2 - 2 gamma^2) / (pi (x^2 + gamma^2)^3).
"""

import mpmath
import pytest

from gradcli.autodiff import grad, ops_normal_integrals as voigt
import gradcli.numpy as gnp
import gradcli.scipy.special as sps


def _width_slope(sigma, x=0.5, gamma=0.1):
    x, gamma, sigma = mpmath.mpf(x), mpmath.mpf(gamma), mpmath.mpf(sigma)
    return sigma * gamma * (6 * x * x - 2 * gamma * gamma) / (mpmath.pi * (x * x + gamma * gamma) ** 3)


@pytest.mark.parametrize("sigma", [1e-300, 1e-30, 1e-12])
def test_a_narrow_voigt_lines_width_slope_in_float64(sigma):
    slope = grad(lambda s: gnp.sum(sps.voigt_profile(0.5, s, 0.1)))(gnp.array([sigma]))
    want = _width_slope(sigma)
    assert abs(mpmath.mpf(float(slope[0])) - want) <= 4e-16 * abs(want)  # one rounding of the answer, and V_xx's s^2


def test_the_far_expansion_agrees_with_erfc_where_both_hold():
    with mpmath.workdps(120):
        for z in (mpmath.mpc(353, 70.7), mpmath.mpc(0.3, 40), mpmath.mpc(-900, 3)):
            far = voigt._faddeeva_far(mpmath, z)
            product = mpmath.exp(-z * z) * mpmath.erfc(-1j * z)
            assert abs(far - product) <= mpmath.mpf(10) ** -110 * abs(product.real)
        assert voigt._faddeeva_far(mpmath, mpmath.mpc(3.5, 0.7)) is None  # too near 0 for the expansion
        assert voigt._faddeeva_far(mpmath, mpmath.mpc(400, 0)) is None  # on the real axis: e^(-x^2) is its real part
