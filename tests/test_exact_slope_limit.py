"""A slope of 0 at a norm's tip proven by the mean value theorem: |d| d0 at d = 0 is smooth enough, its gradient 0.

|d| d0 is at most |d|^2 in size, so its gradient at 0 is 0, yet its derivative
2 d0^2 / |d| + |d| divides by the norm: no proof at the point, and no
symmetry (the function is odd along d0). Along d0 = +-H (H > 0 an unknown)
the derivative is 2H + H once sqrt(H^2) is H: a quotient whose limit at H = 0
is the exact 0 on both sides, so the difference quotient, a derivative at a
point between (the mean value theorem), tends to 0. The norm alone (slopes
+-1), |d| - d0 (flat on the right only), and a slope whose limit is not 0 are not proven.
"""

from __future__ import annotations

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp

ZERO = np.array([0.0, 0.0])


def _tends_to_0(function, coordinate):
    from gradcli.autodiff import arb as arb_core
    from gradcli.checker import python_zero
    from gradcli.checker.exact_python import _traced

    arb_core.enable()
    step = arb_core.ARB(2.0**-30)
    return python_zero.slope_tends_to_0(lambda *t: _traced(function, t), [ZERO], step, coordinate)


@pytest.mark.parametrize("function, coordinate, expected", [
    pytest.param(lambda d: gnp.linalg.norm(d) * d[0], 0, True, id="|d| d0"),
    pytest.param(lambda d: gnp.linalg.norm(d) * gnp.sin(d[0]) + gnp.cos(d[1]), 1, True, id="|d| sin d0 + cos d1, in d1"),
    pytest.param(lambda d: gnp.linalg.norm(d) * gnp.tanh(d[0] - d[1]) * gnp.exp(d[1]), 1, True, id="|d| tanh(d0 - d1) e^d1"),
    pytest.param(lambda d: gnp.linalg.norm(d), 0, False, id="|d|: slopes -1 and 1"),
    pytest.param(lambda d: gnp.linalg.norm(d) - d[0], 0, False, id="|d| - d0: slope 0 on the right only"),
    pytest.param(lambda d: gnp.linalg.norm(d) * d[0] / gnp.linalg.norm(d + 1.0) + d[1], 1, False, id="a slope 1"),
])
def test_a_slope_that_tends_to_0_on_both_sides_is_0(function, coordinate, expected):
    assert _tends_to_0(function, coordinate) is expected


MODULE = """
import numpy as np


def norm_times_first(d):
    return np.linalg.norm(d) * d[0]
"""


def test_a_norm_times_an_entry_has_its_exact_gradient_0(tmp_path):
    path = tmp_path / "norms.py"
    path.write_text(MODULE)
    (result,) = gradcli.check(f"{path}:norm_times_first", [{"d": ZERO}], dtypes=("float64",), fixes=False).results
    assert list(result.exact_gradient["d"]) == [0.0, 0.0], [f.message for f in result.findings]
    assert result.exact_value == 0
    # gradcli's rule for the norm at 0 is 0.5 / sqrt(0) * 0 = NaN: the rule, not the reference, is at fault
    assert result.status == "wrong"
    assert any(f.kind == "nonfinite-rule" for f in result.findings)
