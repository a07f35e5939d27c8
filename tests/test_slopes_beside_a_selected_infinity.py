"""An infinite value that a where selects as a constant of the program (JAX's ndtri is where(p == 1, inf, ...))
leaves the slopes of the inputs that never reach that where (round 37a's JAX d').

No op made that infinity from finite numbers, so no origin was found and every slope was dropped; and a where's
condition, a boolean, read as mpmath's NaN, which is unequal to itself, so a where never stood still when an input
moved. d' = ndtri(hits) - ndtri(false_alarms) at hits = 1 keeps false_alarms' slope in JAX as NumPy's spelling does.
"""

import math

import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp


def capped_log_ratio(h, f):
    return gnp.where(h == 1.0, np.inf, -gnp.log1p(-h)) - gnp.log(f)


def test_a_selected_infinity_keeps_the_slopes_beside_it():
    [result] = gradcli.check(capped_log_ratio, [{"h": 1.0, "f": 0.25}], dtypes=["float64"], fixes=False).results
    assert result.status == "domain", [f.message for f in result.findings]
    assert math.isnan(float(result.exact_gradient["h"]))
    assert float(result.exact_gradient["f"]) == -4.0


def test_jaxs_d_prime_at_a_hit_rate_of_one_keeps_the_false_alarm_rate_slope():
    jax = pytest.importorskip("jax")
    from jax.scipy.special import ndtri

    def d_prime(hits, false_alarms):
        return ndtri(hits) - ndtri(false_alarms)

    [result] = gradcli.check(d_prime, [{"hits": 1.0, "false_alarms": 0.2}], dtypes=["float64"], fixes=False,
                             framework="jax").results
    assert result.status == "domain", [f.message for f in result.findings]
    assert math.isnan(float(result.exact_gradient["hits"]))
    # -1 / phi(ndtri(0.2)): ndtri(0.2) = -0.8416212335729143
    z = -0.8416212335729143
    assert float(result.exact_gradient["false_alarms"]) == pytest.approx(-math.sqrt(2 * math.pi) * math.exp(z * z / 2),
                                                                        rel=1e-12)
