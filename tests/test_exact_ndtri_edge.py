"""ndtri one step below 1 has its exact slope on jets (`ops_scipy._JET_SLOPES`): a difference step of 2^-30 |p| would
leave [0, 1]. Where differences cannot resolve a derivative, the reason given is the point's own (a step leaving the
domain, a cancellation, an undecided branch), not a canned illustration that reads like the user's numbers."""

import mpmath
import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.autodiff import arb as arb_core
from gradcli.checker import exact_python
from gradcli.checker.exact_jets import _NotFinite, _Unresolvable
from gradcli.scipy import special


def _ndtri_sum(p):
    return gnp.sum(special.ndtri(p))


@pytest.mark.parametrize("p", [1 - 2.0**-53, 2.0**-60])
def test_ndtri_beside_its_domains_edge_has_its_exact_slope(p):
    result = gradcli.check(_ndtri_sum, {"p": np.array([p, 0.5])}, dtypes=["float64"], fixes=False).results[0]
    assert result.status == "ok", [f.message for f in result.findings]
    with mpmath.workdps(40):
        y = mpmath.sqrt(2) * mpmath.erfinv(2 * mpmath.mpf(p) - 1)
        slope = mpmath.sqrt(2 * mpmath.pi) * mpmath.exp(y * y / 2)
        got = mpmath.mpf(float(result.exact_gradient["p"][0]))
        assert abs(got - slope) <= 1e-12 * slope


@pytest.mark.parametrize("raised, said", [(_NotFinite, "not finite a difference step beside the point"),
                                          (arb_core.Undecided, "undecided"), (None, "cancels more than")])
def test_an_unresolved_difference_says_why_at_this_point(raised, said):
    def quotient(factor, bits):
        if raised is not None:
            raise raised("beside the point")
        return arb_core.ARB(1).mid() + arb_core.ARB(0, 1)  # a ball no precision narrows

    arb_core.enable()  # the ball type itself, so the test passes alone or first on a worker
    with pytest.raises(_Unresolvable) as caught:
        exact_python._resolved(quotient, arb_core.ARB(1), 64, arb_core.ARB(2) ** -10)
    assert said in str(caught.value) and "1e300" not in str(caught.value)
