"""x**0 on proof numbers is the constant 1, its slope the exact 0, at x = 0 too (round 80c's F1).

The 2-out-of-3 reliability sum C(3, j) r^j (1 - r)^(3 - j) at r = 1 is 3 r^2 - 2 r^3 with the slope 0, which float64
computes exactly. Its term r^3 (1 - r)^0 met the proof of that 0 with an unknown slope for (1 - r)^0 at 0, and the
check had no verdict ("within 2^-16384 of 0 but not proven 0").
"""

import gradcli
import gradcli.numpy as gnp


def cubed_beside_a_zeroth_power(r):
    return (r * r * r) * (1.0 - r) ** 0.0 - 3.0 * r


def two_of_three(r):
    return 3.0 * r**2 * (1.0 - r) ** 1.0 + r**3 * (1.0 - r) ** 0.0


def test_a_zeroth_power_at_zero_keeps_a_proven_zero_slope():
    for fun in (cubed_beside_a_zeroth_power, two_of_three):
        [result] = gradcli.check(fun, [{"r": 1.0}], dtypes=["float64"], fixes=False).results
        assert result.status == "ok", (fun.__name__, [f.message for f in result.findings])
        assert float(result.exact_gradient["r"]) == 0.0
