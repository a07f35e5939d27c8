"""SciPy's functions a proof takes as atoms keep their symmetries (`arb_proof.PARITIES`): owens_t is even in h and
odd in a, dawsn and j1 odd, j0 and i0 even, K_v even in its order, so the sum of a call and its mirror image cancels,
slopes and all, an odd function at 0 is 0, and an even one is flat there. A function whose symmetry is not known
proves nothing of the kind.
"""

import mpmath
import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
import gradcli.scipy.special as gss
from gradcli.autodiff import arb as arb_core
from gradcli.checker import python_zero
from gradcli.checker.targets import resolve


def _proven(function, point):
    arb_core.enable()
    return python_zero.proven(resolve(function).mp_function, [np.asarray(point, dtype=np.float64)])


@pytest.mark.parametrize("function, point", [
    (lambda x: gss.owens_t(x[0], x[1]) + gss.owens_t(x[0], -x[1]), [0.5, 0.7]),  # odd in a
    (lambda x: gss.owens_t(x[0], x[1]) - gss.owens_t(-x[0], x[1]), [0.5, 0.7]),  # even in h
    (lambda x: gss.owens_t(-x[0], -x[1]) + gss.owens_t(x[0], x[1]), [-1.5, 2.0]),  # both: arguments written negative
    (lambda x: gss.j0(x[0]) - gss.j0(-x[0]) + gss.j1(x[1]) + gss.j1(-x[1]), [0.5, 3.0]),
    (lambda x: gss.dawsn(x[0] - x[1]) + gss.dawsn(x[1] - x[0]), [0.25, 2.0]),
    (lambda x: gss.i0(2 * x[0]) * gss.i1(x[1]) + gss.i0(-2 * x[0]) * gss.i1(-x[1]), [0.5, 1.0]),
], ids=["owens-t-odd-in-a", "owens-t-even-in-h", "owens-t-both", "j0-j1", "dawsn-of-a-difference", "i0-i1-product"])
def test_a_call_and_its_mirror_image_cancel_slopes_and_all(function, point):
    assert _proven(function, point) == (True, [True, True])


def test_an_odd_function_at_0_is_0_and_flat_in_its_other_arguments():
    # owens_t(h, 0) = 0 for every h: its slope in h is 0; its slope in a (1 / (2 pi) e^(-h^2/2) / (1 + 0)) is not
    assert _proven(lambda x: gss.owens_t(x[0], x[1]), [0.5, 0.0]) == (True, [True, False])
    assert _proven(lambda x: gss.owens_t(x[0], x[1]) * x[0], [0.5, 0.0]) == (True, [True, False])


@pytest.mark.parametrize("function, point", [
    (lambda x: gss.owens_t(x[0], x[1]) - gss.owens_t(x[0], -x[1]), [0.5, 0.7]),  # twice the value, not 0
    (lambda x: gss.j0(x[0]) + gss.j0(-x[0]) + x[1], [0.5, 3.0]),
    (lambda x: gss.expi(x[0]) + gss.expi(-x[0]) + x[1], [0.5, 3.0]),  # no symmetry known
], ids=["owens-t-difference", "j0-sum", "expi"])
def test_a_mirror_image_that_does_not_cancel_proves_nothing(function, point):
    value, slopes = _proven(function, point)
    assert not value and not slopes[0]


def _dawsn_mirrored(x):
    return gss.dawsn(x[0]) + gss.dawsn(-x[0]) + x[1]


def test_a_mirrored_dawson_sum_is_judged_with_its_exact_0():
    # before: 'within 2^-32765 of 0 but not proven 0' on balls, no verdict
    result = gradcli.check(_dawsn_mirrored, [{"x": np.array([0.5, 0.0])}], dtypes=("float64",),
                           fixes=False).results[0]
    assert result.status == "ok", [f.message for f in result.findings]
    assert [float(g) for g in result.exact_gradient["x"]] == [0.0, 1.0]


def test_an_even_function_is_flat_at_0_in_that_argument():
    # K_{-v}(x) = K_v(x): dK/dv is 0 at v = 0, whatever x; dK/dx is not (-K_1(x))
    assert _proven(lambda x: gss.kv(x[0], x[1]), [0.0, 1.0]) == (False, [True, False])
    assert _proven(lambda x: gss.kve(x[0], x[1]) * x[1], [0.0, 30.0]) == (False, [True, False])
    assert _proven(lambda x: gss.kv(x[0], x[1]), [0.5, 1.0]) == (False, [False, False])  # away from 0, no such 0


def _order_sum(nu):
    return gnp.sum(gss.kv(nu, 1.0)) + gnp.log(gss.kve(nu, 30.0))


@pytest.mark.parametrize("nu", [0.0, 1e-300, 0.25])
def test_k_in_its_order_is_judged_with_its_exact_slope_at_and_beside_0(nu):
    # at 0 a proven 0 (before: 'within 7.69e-2561 of 0 but not proven 0', no verdict); beside it nu K''_0
    (result,) = gradcli.check(_order_sum, [{"nu": nu}], dtypes=("float64",), fixes=False).results
    assert result.status == "ok", [f.message for f in result.findings]
    with mpmath.workdps(60):
        v = mpmath.mpf(nu)
        truth = mpmath.diff(lambda t: mpmath.besselk(t, 1) + mpmath.log(mpmath.besselk(t, 30)), v) if nu else 0
        if nu and nu < 1e-100:  # the slope is v times the even function's second derivative at 0, to many digits
            truth = v * mpmath.diff(lambda t: mpmath.besselk(t, 1) + mpmath.log(mpmath.besselk(t, 30)), 0, 2)
    exact = float(result.exact_gradient["nu"])
    assert (exact == 0.0) if nu == 0 else exact == pytest.approx(float(truth), rel=1e-12)
