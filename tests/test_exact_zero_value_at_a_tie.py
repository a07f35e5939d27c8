"""A value that is 0 by an identity (log(0.5) + log(2)) at a point deciding a switch at a tie: the mpmath path,
which a tie hands the point to, settles it only as the program's proof at the point (`python_zero.Zeros.settle_value`),
and the kink test then judges the slopes.

The value at the point is the branch the point takes there, so the proof holds at a tie as anywhere; a value that
is tiny but not 0 (e^-4000 beside it) is not proven and is found at the digits it needs.
"""

import mpmath
import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp


def _log_floor(x):
    return gnp.sum(gnp.log(gnp.maximum(x, 0.5)))


def _log_floor_quarter(x):
    return gnp.sum(gnp.log(gnp.maximum(x, 0.25)))


def _log_floor_and_a_speck(x):
    return gnp.sum(gnp.log(gnp.maximum(x, 0.5))) + gnp.exp(-2000.0 * x[1])


def _result(fun, point):
    return gradcli.check(fun, {"x": np.array(point)}, dtypes=["float64"], fixes=False).results[0]


@pytest.mark.parametrize("fun, point, right", [(_log_floor, [0.5, 2.0], 2.0), (_log_floor_quarter, [0.25, 4.0], 4.0)],
                         ids=["log 0.5 + log 2", "log 0.25 + log 4"])
def test_a_value_0_by_an_identity_at_a_tie_is_proven_and_the_corner_found(fun, point, right):
    result = _result(fun, point)
    assert result.status == "domain", [f.message for f in result.findings]
    assert float(result.exact_value) == 0.0
    kinks = [f for f in result.findings if f.kind == "kink"]
    assert len(kinks) == 1 and "x[0]" in kinks[0].message and f"{right:g} from the right" in kinks[0].message
    assert np.isnan(float(result.exact_gradient["x"][0]))
    assert float(result.exact_gradient["x"][1]) == pytest.approx(1 / point[1], rel=1e-12)


def test_a_tiny_value_beside_the_identity_is_not_called_0():
    result = _result(_log_floor_and_a_speck, [0.5, 2.0])
    assert result.status == "domain", [f.message for f in result.findings]
    text = result.to_dict()["exact_value_text"]
    got = mpmath.mpf(text)
    assert abs(got - mpmath.exp(-4000)) <= mpmath.mpf(10) ** -12 * mpmath.exp(-4000), text
