"""The exponentially scaled functions in a proof are their plain functions times their scales (i0e(k) = e^-|k| I0(k),
i1e alike, k0e(x) = e^x K0(x), k1e and kve alike), so a scale the program takes off again cancels: the corners of
i0e(k) and e^|k| at k = 0 meet in I0(k), smooth with slope I1(0) = 0, proven (issue 27, finding K1 of trials25c: the
von Mises log-normaliser log(i0e(k)) + |k| and I0 as i0e(k) e^|k| at 0). i0e alone keeps its corner."""

import math

import mpmath
import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
import gradcli.scipy.special as sps


def _checked(function, at):
    (result,) = gradcli.check(function, [{"k": at}], dtypes=["float64"], fixes=False).results
    return result


def _slopes(result):
    return np.atleast_1d(np.asarray(result.exact_gradient["k"], dtype=float))


@pytest.mark.parametrize(("function", "slope_beside"), [
    (lambda k: gnp.sum(sps.i0e(k) * gnp.exp(gnp.abs(k))), lambda k: mpmath.besseli(1, k)),  # I0
    (lambda k: gnp.sum(gnp.log(sps.i0e(k)) + gnp.abs(k)), lambda k: mpmath.besseli(1, k) / mpmath.besseli(0, k)),
    (lambda k: gnp.sum(sps.i1e(k) * gnp.exp(gnp.abs(k))), lambda k: (mpmath.besseli(0, k) + mpmath.besseli(2, k)) / 2),
])
def test_a_scale_taken_off_again_cancels_its_corner_at_0(function, slope_beside):
    result = _checked(function, np.array([0.0, 2.0]))
    assert result.status == "ok", [f.message for f in result.findings]
    at_zero, at_two = _slopes(result)
    assert at_zero == float(slope_beside(mpmath.mpf(0)))  # 0 for I0 and log I0 (proven), 1/2 for I1
    assert at_two == pytest.approx(float(slope_beside(mpmath.mpf(2))), rel=1e-12)


@pytest.mark.parametrize("function", [
    lambda k: sps.kve(2.5, k) * gnp.exp(-k) - sps.kv(2.5, k),
    lambda k: sps.i0e(k) * gnp.exp(gnp.abs(k)) - sps.i0(k),
])
def test_a_scaled_function_unscaled_is_its_plain_function(function):
    """Each difference is 0 with slope 0 at any point: the identity proves what no ball does at any precision."""
    result = _checked(function, 0.7)
    assert result.status == "ok", [f.message for f in result.findings]
    assert result.exact_value == 0 and result.exact_gradient["k"] == 0


@pytest.mark.parametrize("order", [0, 1])
def test_k0e_and_k1e_meet_kv_of_their_order(order):
    """On proof numbers alone (flint's K on balls takes seconds a check): k_ne(k) e^-k - kv(n, k) is 0, slope 0."""
    from gradcli.autodiff import arb
    from gradcli.checker import python_zero

    arb.enable()
    scaled = sps.k0e if order == 0 else sps.k1e
    assert python_zero.proven(lambda k: scaled(k) * gnp.exp(-k) - sps.kv(order, k), [np.array(0.7)]) == (True, [True])
    assert python_zero.proven(lambda k: scaled(k) - sps.kv(order, k), [np.array(0.7)]) == (False, [False])


def test_i0e_alone_keeps_its_corner():
    result = _checked(lambda k: sps.i0e(k), 0.0)
    assert result.status == "domain" and math.isnan(result.exact_gradient["k"])
    (kink,) = [f for f in result.findings if f.kind == "kink"]
    assert "1 from the left and -1 from the right" in kink.message


def test_i1e_has_a_slope_at_0_and_gradclis_rule_gives_it():
    """i1e(k) = e^-|k| I1(k) is k/2 - k|k|/2 + ...: no corner, slope 1/2, which the rule's I1(k)/k must not make 0/0."""
    for function in (lambda k: sps.i1e(k), lambda k: sps.i1e(k) * gnp.exp(gnp.abs(k))):
        result = _checked(function, 0.0)
        assert result.status == "ok", [f.message for f in result.findings]
        assert result.gradient["k"] == result.exact_gradient["k"] == 0.5


@pytest.mark.parametrize("at", [-3.0, 0.0, 2.0])
def test_i0e_meets_its_definition_written_out_with_its_slope(at):
    """i0e(k) - e^-|k| i0(k): 0 with slope 0 on the side |k| takes, I0's slope the I1 the scaled form's slope holds."""
    from gradcli.autodiff import arb
    from gradcli.checker import exact_python, python_zero

    arb.enable()
    function = lambda k: sps.i0e(k) - gnp.exp(-gnp.abs(k)) * sps.i0(k)  # noqa: E731
    assert python_zero.proven(lambda *a: exact_python._traced(function, a), [np.array(at)]) == (True, [True])
