"""A jump far smaller than a step's share of an ordinary slope beside it is still a jump (round 71c's hue_circular).

A hue read on the circle wraps at red by 2 pi as a double, a jump of 1.2e-16 in g and b, beside slopes of about 1.
The one-sided values at the kink test's steps differ by the slope's share of the step (1e-21), more than a millionth
of the jump, so the two values alone never settled on the side's limit: the side stayed "singular" (a pole or a
jump), and with another entry's 0 left unproven, the point had no verdict at all. The values at three steps fit
``jump + slope h``, and a pole's (log h) do not.
"""

import pytest

import gradcli
import gradcli.numpy as gnp


def hue_of_two_pixels(img):
    r, g, b = img[:, 0], img[:, 1], img[:, 2]
    v = gnp.max(img, axis=1)
    c = v - gnp.min(img, axis=1)
    safe = gnp.where(c > 0, c, 1.0)
    h = gnp.where(r == v, (g - b) / safe, gnp.where(g == v, 2.0 + (b - r) / safe, 4.0 + (r - g) / safe))
    h = gnp.mod(h / 6.0, 1.0)
    return gnp.sum(gnp.cos(2 * gnp.pi * h) + 0.5 * gnp.sin(2 * gnp.pi * h))


def angle_wrap(v):
    h = gnp.mod(gnp.arctan2(v[1], v[0]), 2 * gnp.pi)
    return gnp.cos(h) + 0.5 * gnp.sin(h) + v[0] * v[2]


def tiny_log_pole(x):
    return x + gnp.where(x == 0.5, 0.0, 1e-16 * gnp.log(gnp.abs(x - 0.5)))


def _check(fun, point):
    [result] = gradcli.check(fun, [point], dtypes=["float64"], fixes=False).results
    return result, [f for f in result.findings if f.kind == "jump"]


def test_a_hue_wrapping_at_a_red_pixel_beside_another_pixel_jumps():
    result, jumps = _check(hue_of_two_pixels, {"img": [[0.8, 0.2, 0.2], [0.1, 0.4, 0.7]]})
    assert result.status == "domain", [f.message for f in result.findings]
    assert sorted(f.op for f in jumps) == ["img[0, 1]", "img[0, 2]"]
    assert all("they differ by" in f.message and "1.22465e-16" in f.message for f in jumps)


def test_an_angle_wrapping_beside_slopes_is_a_jump_not_a_pole():
    result, jumps = _check(angle_wrap, {"v": [-1.0, 0.0, 0.25]})
    assert result.status == "domain"
    assert [f.op for f in jumps] == ["v[1]"], [f.message for f in result.findings]
    assert "switch arctan2" in jumps[0].message


def test_a_tiny_log_pole_beside_a_slope_stays_singular():
    result, jumps = _check(tiny_log_pole, {"x": 0.5})
    assert result.status == "domain" and not jumps
    assert any(f.kind == "singular" and "grows without bound" in f.message for f in result.findings)


@pytest.mark.parametrize("h3_value_off, is_jump", [(0, True), (1e-20, False)])
def test_three_steps_must_fit_a_jump_and_a_slope(h3_value_off, is_jump):
    import mpmath

    from gradcli.checker.kinks import _limit_beside_a_slope

    with mpmath.workdps(60):
        at, jump, slope = mpmath.mpf(1), mpmath.mpf("1.2e-16"), mpmath.mpf("0.87")
        steps = (mpmath.mpf("2e-21"), mpmath.mpf("2e-31"))
        far, near = (at + jump + slope * h for h in steps)
        third_step = mpmath.mpf("2e-41")
        third = at + jump + slope * third_step + h3_value_off
        limit = _limit_beside_a_slope(far, near, at, steps, third, third_step)
        assert (limit is not None) == is_jump
        if is_jump:
            assert abs(limit - (at + jump)) < mpmath.mpf(10) ** -40
