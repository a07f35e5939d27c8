"""The Hurwitz zeta function and the exponential integrals (E1, Ei, E_n): gradcli's ops against SciPy and mpmath."""

import numpy as np
import pytest
import scipy.special as sp

import gradcli
from gradcli.autodiff import NoGradientError
from gradcli.scipy import special


def test_the_ops_are_scipys_numbers_nan_where_scipys_are():
    s, q = np.array([2.5, 1.0, 0.5, 2.5, 2.5]), np.array([0.5, 0.5, 0.5, -0.5, 0.0])
    np.testing.assert_array_equal(special.zeta(s, q), sp.zeta(s, q))
    at = np.array([-1.0, 0.0, 0.3, 2.5])
    np.testing.assert_array_equal(special.exp1(at), sp.exp1(at))
    np.testing.assert_array_equal(special.expi(at), sp.expi(at))
    np.testing.assert_array_equal(special.expn(2, at), sp.expn(2, at))


def test_the_slopes_are_the_closed_forms_and_zetas_in_s_is_refused():
    assert gradcli.grad(lambda q: special.zeta(2.5, q))(0.5) == pytest.approx(-2.5 * sp.zeta(3.5, 0.5), rel=1e-15)
    assert gradcli.grad(special.exp1)(0.5) == pytest.approx(-np.exp(-0.5) / 0.5, rel=1e-15)
    assert gradcli.grad(special.expi)(-0.5) == pytest.approx(np.exp(-0.5) / -0.5, rel=1e-15)
    assert gradcli.grad(lambda x: special.expn(3, x))(0.5) == pytest.approx(-sp.expn(2, 0.5), rel=1e-15)
    with pytest.raises(NoGradientError, match="zeta"):
        gradcli.grad(lambda s: special.zeta(s, 0.5))(2.5)

