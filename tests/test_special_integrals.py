"""The Hurwitz zeta function and the exponential integrals (E1, Ei, E_n): gradcli's ops against SciPy and mpmath, and
JAX's ``jss.zeta``, ``exp1``, ``expi`` and ``expn`` replayed as those ops (their primals' loops never run on exact
numbers)."""

import jax.numpy as jnp
import jax.scipy.special as jss
import mpmath
import numpy as np
import pytest
import scipy.special as sp

import gradcli
from gradcli.autodiff import NoGradientError
from gradcli.capture.jax_bridge import capture
from gradcli.scipy import special

X = np.array([0.3, 2.5])


def test_the_ops_are_scipys_numbers_nan_where_scipys_are():
    s, q = np.array([2.5, 1.0, 0.5, 2.5, 2.5]), np.array([0.5, 0.5, 0.5, -0.5, 0.0])
    np.testing.assert_array_equal(special.zeta(s, q), sp.zeta(s, q))
    at = np.array([-1.0, 0.0, 0.3, 2.5])
    np.testing.assert_array_equal(special.exp1(at), sp.exp1(at))
    np.testing.assert_array_equal(special.expi(at), sp.expi(at))
    np.testing.assert_array_equal(special.expn(2, at), sp.expn(2, at))


def test_the_slopes_are_the_closed_forms_and_zetas_slope_in_s_is_mpmaths():
    assert gradcli.grad(lambda q: special.zeta(2.5, q))(0.5) == pytest.approx(-2.5 * sp.zeta(3.5, 0.5), rel=1e-15)
    assert gradcli.grad(special.exp1)(0.5) == pytest.approx(-np.exp(-0.5) / 0.5, rel=1e-15)
    assert gradcli.grad(special.expi)(-0.5) == pytest.approx(np.exp(-0.5) / -0.5, rel=1e-15)
    assert gradcli.grad(lambda x: special.expn(3, x))(0.5) == pytest.approx(-sp.expn(2, 0.5), rel=1e-15)
    assert gradcli.grad(lambda s: special.zeta(s, 0.5))(2.5) == pytest.approx(float(mpmath.zeta(2.5, 0.5, 1)), rel=1e-15)
    with pytest.raises(NoGradientError):  # the slope in s is mpmath's number, not a function gradcli differentiates
        gradcli.grad(gradcli.grad(lambda s: special.zeta(s, 0.5)))(2.5)


def test_riemanns_zeta_is_scipys_one_argument_zeta_continued_and_differentiable_in_s():
    """zeta(s) with q omitted (trials21a Z1): SciPy's numbers left of 1 too, inf at the pole; the slope mpmath's."""
    s = np.array([-1.5, -2.0, 0.0, 0.5, 1.0, 2.0, 3.5])
    np.testing.assert_array_equal(special.zeta(s), sp.zeta(s))
    for v in (-1.5, 0.0, 0.5, 2.0, 3.5):
        assert gradcli.grad(special.zeta)(v) == pytest.approx(float(mpmath.zeta(v, 1, 1)), rel=1e-15)


def _integrals(x):
    return jnp.sum(jss.exp1(x) + jss.expi(x) + jss.expn(2, x) + jss.zeta(2.5, x))


def _exact_slope(x):
    """d/dx of E1 + Ei + E2 + zeta(2.5, x), by mpmath at 30 digits."""
    with mpmath.workdps(30):
        return [float(-mpmath.exp(-v) / v + mpmath.exp(v) / v - mpmath.expint(1, v) - 2.5 * mpmath.zeta(3.5, v))
                for v in map(mpmath.mpf, x)]


def test_jaxs_integrals_replay_as_gradclis_ops_and_check_ok():
    """JAX's E1, Ei, E_n and zeta are one gradcli op each in the forward graph and in JAX's backward program (no
    series looped on exact numbers), and a float64 check of them is ok with the exact slope."""
    bridge = capture(_integrals, "integrals")
    captured = bridge.forward.__self__
    key, _ = captured.key((X,))
    forward = [step.name for step in captured.graph(key)[0].steps]
    backward = [step.name for step in captured.seeded(key)[0].steps]
    assert {"expn", "expi", "zeta"} <= set(forward) and "while" not in forward + backward
    assert backward.count("expn") >= 3  # E1 and E2, and the slope of each: E0 and E1
    [result] = gradcli.check(_integrals, [X[:1]], dtypes=["float64"], fixes=False).results
    assert result.status == "ok", (result.error, result.findings)
    np.testing.assert_allclose(np.asarray(result.exact_gradient["x"], dtype=float), _exact_slope(X[:1]), rtol=1e-14)
