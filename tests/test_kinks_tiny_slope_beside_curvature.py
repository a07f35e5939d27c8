"""A kink whose slopes are tiny beside the function's curvature is still a kink.

(arccos(-1 / sqrt(1 + y^2)) - fl(pi))^2 is (pi - fl(pi) - |y|)^2 near y = 0: slopes +-2 (pi - fl(pi)) = +-2.45e-16
from the two sides, and a curvature of 1. The one-sided quotients at the steps 1e-20 and 1e-30 are -+2.45e-16 + h,
apart by 1e-20, 4e-5 of themselves: neither settled to a millionth nor growing, and the test said nothing, so the
central difference's 0 stood as the exact derivative (a straight angle's energy with theta0 = jnp.pi). One step down
they agree to 4e-15: the side has settled. The expected slopes are the closed form, never gradcli's output.
"""

from __future__ import annotations

import math
import textwrap
from fractions import Fraction

import pytest

import gradcli

mpmath = pytest.importorskip("mpmath")

SOURCE = textwrap.dedent(
    """
    import gradcli.numpy as np


    def straight_angle_by_arccos(y):
        return (np.arccos(-1.0 / np.sqrt(1.0 + y * y)) - np.pi) ** 2


    def straight_angle_by_atan2(y):
        return (np.arctan2(np.abs(y), -1.0) - np.pi) ** 2


    def tiny_kink_beside_a_parabola(y):
        return y * y + 1e-15 * np.abs(y)


    def tinier_kink_beside_a_parabola(y):
        return y * y + 1e-25 * np.abs(y)


    def smooth_beside_a_tiny_slope(y):
        return y * y + 1e-15 * y
    """
)


@pytest.fixture(scope="module")
def module(tmp_path_factory):
    path = tmp_path_factory.mktemp("tiny_kinks") / "angles.py"
    path.write_text(SOURCE)
    return path


def _gap_of_pi():
    with mpmath.workdps(60):
        return float(2 * (mpmath.pi - mpmath.mpf(Fraction(math.pi).numerator) / Fraction(math.pi).denominator))


def _check(module, name):
    [result] = gradcli.check(f"{module}:{name}", [{"y": 0.0}], dtypes=("float64",)).results
    return result


@pytest.mark.parametrize("name", ["straight_angle_by_arccos", "straight_angle_by_atan2"])
def test_a_straight_angle_with_a_rounded_pi_has_its_kink(module, name):
    result = _check(module, name)
    kinks = [f for f in result.findings if "has a kink here" in f.message]
    assert kinks, [f.message for f in result.findings]
    assert result.exact_gradient["y"] is None or math.isnan(float(result.exact_gradient["y"]))
    slope = _gap_of_pi()
    assert slope == pytest.approx(2.4492935982947064e-16, rel=1e-12)
    assert f"{slope:.6g} from the left and {-slope:.6g} from the right" in kinks[0].message


@pytest.mark.parametrize("name, c", [("tiny_kink_beside_a_parabola", "1e-15"),
                                     ("tinier_kink_beside_a_parabola", "1e-25")])
def test_a_tiny_kink_beside_a_parabola_is_named(module, name, c):
    # 1e-25: at 60 digits the quotients h + c fall from 1e-20 to 1e-30, then level off at c one step down: no slope 0
    # but a slope below those steps, which the shorter steps at 120 digits see
    result = _check(module, name)
    assert any(f"-{c} from the left and {c} from the right" in f.message for f in result.findings), \
        [f.message for f in result.findings]


def test_a_tiny_slope_beside_a_parabola_is_no_kink(module):
    result = _check(module, "smooth_beside_a_tiny_slope")
    assert result.status == "ok", [f.message for f in result.findings]
    assert float(result.exact_gradient["y"]) == pytest.approx(1e-15, rel=1e-12)
