"""A NaN the dtype's run makes by overflowing (exp(800)/exp(800): inf/inf), where the exact value is a number, is no
removable 0/0: the exact slopes stand and the verdict is `unstable`, never `domain` with no finite derivative."""

import math

import pytest

import gradcli
import gradcli.numpy as gnp


@pytest.mark.parametrize("text, function, at, value, slopes", [
    ("exp(x)/exp(x) + y**2", lambda x, y: gnp.exp(x) / gnp.exp(x) + y**2, {"x": 800.0, "y": 3.0}, 10.0,
     {"x": 0.0, "y": 6.0}),
    ("log(1+exp(x))", lambda x: gnp.log(1 + gnp.exp(x)), {"x": 800.0}, 800.0, {"x": 1.0}),
], ids=["inf over inf", "log of inf"])
@pytest.mark.parametrize("as_python", [False, True], ids=["formula", "python"])
def test_an_overflow_keeps_its_exact_slopes_and_is_unstable(text, function, at, value, slopes, as_python):
    (result,) = gradcli.check(function if as_python else text, [at], dtypes=["float64"], fixes=False).results
    assert result.status == "unstable", [f.message for f in result.findings]
    assert float(result.exact_value) == pytest.approx(value, rel=1e-12)
    for name, slope in slopes.items():
        assert not math.isnan(float(result.exact_gradient[name]))
        assert float(result.exact_gradient[name]) == pytest.approx(slope, rel=1e-12, abs=1e-300)
