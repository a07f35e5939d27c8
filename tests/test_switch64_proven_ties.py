"""A comparison at a point where its two sides are equal by an identity no ball proves (degrees(arctan2(0, -1))
against 180, radians(degrees(x)) against x, log(exp(x)) against y at x = y, hypot(a, b)^2 against a^2 + b^2 at a
Pythagorean point): the point's branches are decided on proof numbers (a tie, proven), and each side's piece is judged
there (`exact_python._decided_by_proof`, `_sided_jets_into`): a jump or a kink is `domain`, two sides of one value and
one slope keep that slope.

Truths: the mathematics written in mpmath at 50 digits, the comparison at the point taken from the identity (its two
sides are one number), and each coordinate's one-sided limits and slopes by mpmath on each side of it.
"""

import inspect
import os
import re

import mpmath
import numpy as np
import pytest

import gradcli
import gradcli.numpy as gnp
from gradcli.checker.precision import random_direction

STEP = mpmath.mpf(10) ** -30  # mpmath's one-sided steps: each side's piece is linear or quadratic, so exact to 1e-30


def _check(function, point):
    report = gradcli.check(function, [point], dtypes=("float64",), fixes=False, max_digits=120)
    (result,) = report.results
    return result


def _one_sided(truth, point, name, side):
    """(the limit of ``truth`` beside ``point`` on ``side`` of coordinate ``name``, its one-sided slope there)."""
    with mpmath.workdps(50):
        moved = lambda t: truth(**{**{k: mpmath.mpf(v) for k, v in point.items()}, name: mpmath.mpf(point[name]) + t})  # noqa: E731
        near, nearer = moved(side * STEP), moved(side * STEP / 2)
        return nearer, (near - nearer) / (side * STEP / 2)


def _pieces(result):
    """{coordinate: (left, right)} of the kink and jump findings: the slopes of a kink, the values of a jump."""
    found = {}
    for finding in result.findings:
        if finding.kind == "kink":
            left, right = re.search(r"is (\S+) from the left and (\S+) from the right", finding.message).groups()
            found[finding.op] = ("kink", float(left), float(right))
        elif finding.kind == "jump":
            found[finding.op] = ("jump", finding.output["left"], finding.output["right"])
    return found


# Smooth through a tie no ball proves: the point's branch and both sides' are one piece.

def hue_wrap(a1, a2):
    """CIEDE2000's wrap of a hue difference whose angles sit on the axes: exactly 180 while a1 > 0 > a2."""
    zero = 0.0 * a1
    dh = gnp.degrees(gnp.arctan2(zero, a2)) - gnp.degrees(gnp.arctan2(zero, a1))
    return gnp.where(dh > 180, dh - 360, dh) * a1


def _hue_wrap_truth(a1, a2):
    dh = mpmath.atan2(0, a2) - mpmath.atan2(0, a1)  # pi and 0: the difference is mpmath's pi itself
    wrapped = dh - 2 * mpmath.pi if dh > mpmath.pi else dh
    return wrapped * 180 / mpmath.pi * a1


def round_trip(x):
    return gnp.where(gnp.radians(gnp.degrees(x)) > x, 2 * x, 3 * x)


def _round_trip_truth(x):
    return 3 * x  # radians(degrees(x)) is x: never above it


def sqrt_square_agreeing(x, y):
    """A switch at x = y whose branches agree there in value and slope: smooth, no kink."""
    return gnp.where(gnp.sqrt(x) ** 2 > y, x * y, x * y + (x - y) ** 2)


def _sqrt_square_truth(x, y):
    return x * y if x > y else x * y + (x - y) ** 2


@pytest.mark.parametrize("function, truth, point", [
    (hue_wrap, _hue_wrap_truth, {"a1": 1.0, "a2": -1.0}),
    (round_trip, _round_trip_truth, {"x": 1.0}),
    (sqrt_square_agreeing, _sqrt_square_truth, {"x": 2.0, "y": 2.0}),
], ids=["arctan2 on the axes in degrees", "degrees and back", "sqrt squared, branches agreeing"])
def test_a_tie_no_ball_proves_keeps_a_smooth_point_s_slope(function, truth, point):
    result = _check(function, point)
    assert result.status == "ok", [f.message for f in result.findings]
    with mpmath.workdps(50):
        assert float(result.exact_value) == pytest.approx(float(truth(**{k: mpmath.mpf(v) for k, v in point.items()})),
                                                          rel=1e-14)
    for name in point:
        (left_value, left), (right_value, right) = (_one_sided(truth, point, name, side) for side in (-1, 1))
        assert abs(left - right) <= 1e-20 * max(1, abs(right)), (name, left, right)  # the truth: smooth
        assert float(result.exact_gradient[name]) == pytest.approx(float(right), rel=1e-14, abs=1e-300)


# A jump or a kink at a tie no ball proves: no derivative.

def log_exp_jump(x, y):
    return gnp.where(gnp.log(gnp.exp(x)) >= y, 1 + x, x)


def _log_exp_jump_truth(x, y):
    return 1 + x if x >= y else x


def log_exp_kink(x, y):
    return gnp.where(gnp.log(gnp.exp(x)) > y, 3 * (x - y), x - y)


def _log_exp_kink_truth(x, y):
    return 3 * (x - y) if x > y else x - y


def hypot_squared_jump(a, b, c):
    return gnp.where(gnp.hypot(a, b) * gnp.hypot(a, b) >= c, 1 + a, a)


def _hypot_squared_jump_truth(a, b, c):
    return 1 + a if a * a + b * b >= c else a


@pytest.mark.parametrize("function, truth, point", [
    (log_exp_jump, _log_exp_jump_truth, {"x": 3.0, "y": 3.0}),
    (log_exp_kink, _log_exp_kink_truth, {"x": 3.0, "y": 3.0}),
    (hypot_squared_jump, _hypot_squared_jump_truth, {"a": 1.0, "b": 1.0, "c": 2.0}),
], ids=["log of exp, a jump", "log of exp, a kink", "hypot squared, a jump"])
def test_a_tie_no_ball_proves_is_a_switch_where_its_sides_part(function, truth, point):
    result = _check(function, point)
    assert result.status == "domain", [f.message for f in result.findings]
    with mpmath.workdps(50):
        at = truth(**{k: mpmath.mpf(v) for k, v in point.items()})
    assert float(result.exact_value) == pytest.approx(float(at), rel=1e-14)
    pieces = _pieces(result)
    assert set(pieces) == set(point)  # every coordinate here moves the comparison's sides apart
    for name, (kind, left, right) in pieces.items():
        assert np.isnan(float(result.exact_gradient[name]))
        (left_value, left_slope), (right_value, right_slope) = (_one_sided(truth, point, name, side) for side in (-1, 1))
        if kind == "jump":
            assert (left, right) == pytest.approx((float(left_value), float(right_value)), rel=1e-12)
            assert abs(left_value - right_value) > 0.5  # the truth jumps there
        else:
            assert (left, right) == pytest.approx((float(left_slope), float(right_slope)), rel=1e-6)  # 6 digits shown
            assert abs(left_value - at) < 1e-25 and abs(right_value - at) < 1e-25  # the truth is continuous: a kink


# The H1 point of CIEDE2000's hue difference: jumps where the hue crosses the wrap, slopes where it does not.

def hue_difference(a1, b1, a2, b2):
    h1 = gnp.degrees(gnp.arctan2(b1, a1))
    h2 = gnp.degrees(gnp.arctan2(b2, a2))
    dh = h2 - h1
    dh = gnp.where(dh > 180, dh - 360, gnp.where(dh < -180, dh + 360, dh))
    return 2 * gnp.sqrt(gnp.hypot(a1, b1) * gnp.hypot(a2, b2)) * gnp.sin(gnp.radians(dh) / 2)


def _hue_difference_truth(a1, b1, a2, b2):
    dh = mpmath.atan2(b2, a2) - mpmath.atan2(b1, a1)  # in radians: pi at the point, as mpmath's pi itself
    dh = dh - 2 * mpmath.pi if dh > mpmath.pi else (dh + 2 * mpmath.pi if dh < -mpmath.pi else dh)
    return 2 * mpmath.sqrt(mpmath.hypot(a1, b1) * mpmath.hypot(a2, b2)) * mpmath.sin(dh / 2)


def test_the_hue_difference_at_180_degrees_jumps_in_b_and_has_slopes_in_a():
    point = {"a1": 1.0, "b1": 0.0, "a2": -1.0, "b2": 0.0}
    result = _check(hue_difference, point)
    assert result.status == "domain"
    assert float(result.exact_value) == pytest.approx(2.0, rel=1e-14)
    pieces = _pieces(result)
    assert set(pieces) == {"b1", "b2"} and all(kind == "jump" for kind, _, _ in pieces.values())
    lines, first = inspect.getsourcelines(hue_difference)
    wrap = first + next(k for k, line in enumerate(lines) if "dh > 180" in line)
    switches = {f.output["switch"] for f in result.findings if f.kind == "jump"}
    assert switches == {f"greater ({os.path.basename(__file__)}:{wrap})"}  # the wrap's comparison, on its tie
    for name in point:
        (left_value, left_slope), (right_value, right_slope) = (_one_sided(_hue_difference_truth, point, name, side)
                                                                for side in (-1, 1))
        if name in pieces:
            assert pieces[name][1:] == pytest.approx((float(left_value), float(right_value)), rel=1e-12)
            assert np.isnan(float(result.exact_gradient[name]))
        else:
            assert abs(left_slope - right_slope) < 1e-20
            assert float(result.exact_gradient[name]) == pytest.approx(float(right_slope), rel=1e-14)


# Above 16 inputs the exact derivative is taken along one random direction v: each side of the tie is t -> f(x + t v).

def doubled_on_the_axis(v):
    zero = 0.0 * v[0]
    return gnp.sum(gnp.where(gnp.degrees(gnp.arctan2(zero, zero - 1.0)) >= 180, 2 * v, v))


def _along(truth, args, direction, t):
    return truth(*[np.array([mpmath.mpf(float(a)) + t * mpmath.mpf(float(d)) for a, d in zip(arg, way)])
                   for arg, way in zip(args, direction)])


def test_many_inputs_at_a_tie_no_ball_proves_keep_the_slope_along_the_direction():
    v = np.linspace(1.0, 2.0, 40)
    result = _check(doubled_on_the_axis, {"v": v})
    assert result.status == "ok", [f.message for f in result.findings]
    (d,) = random_direction([v], 0)  # the check's direction (its seed 0)
    truth = lambda w: mpmath.fsum(2 * e for e in w)  # noqa: E731 - degrees(pi) is 180: the doubled branch
    with mpmath.workdps(50):
        left, right = ((_along(truth, [v], [d], side * STEP / 2) - _along(truth, [v], [d], side * STEP)) / (-side * STEP / 2)
                       for side in (-1, 1))
        assert abs(left - right) < 1e-20
        assert float(result.exact_value) == pytest.approx(float(truth([mpmath.mpf(e) for e in v])), rel=1e-14)
    assert float(result.exact_directional) == pytest.approx(float(right), rel=1e-14)


def test_a_batch_of_hue_differences_with_one_pair_at_180_degrees_jumps_along_the_direction():
    args = [np.array([1.0, 0.3, 0.5, 0.2, 0.9]), np.array([0.0, 0.5, 0.1, -0.4, 0.3]),
            np.array([-1.0, -0.3, 0.8, 0.1, 0.2]), np.array([0.0, 0.8, 0.2, 0.6, -0.5])]
    result = _check(lambda a1, b1, a2, b2: gnp.sum(hue_difference(a1, b1, a2, b2)), dict(zip(["a1", "b1", "a2", "b2"], args)))
    assert result.status == "domain"
    assert np.isnan(float(result.exact_directional))
    direction = random_direction(args, 0)
    truth = lambda *w: mpmath.fsum(_hue_difference_truth(*entries) for entries in zip(*w))  # noqa: E731
    with mpmath.workdps(50):
        left, at, right = (_along(truth, args, direction, t) for t in (-STEP, 0, STEP))
    (jump,) = [f for f in result.findings if f.kind == "jump"]
    assert (jump.output["left"], jump.output["at"], jump.output["right"]) == pytest.approx(
        (float(left), float(at), float(right)), rel=1e-12)
    assert abs(left - right) > 1  # the truth jumps there: one pair's Delta H' goes from 2 to -2


# A tie proof numbers decide whose sides' pieces jets cannot judge (cbrt's infinite slope at 0 inside them): each
# side's one-sided quotients, growing without bound as the step shrinks, are an infinite slope where both have one sign
# and a cusp where they part; pieces whose quotients settle leave the point without a reference, said so.

def _on_the_axis(piece):
    def on_the_axis(x, y):
        zero = 0.0 * x
        return gnp.where(gnp.degrees(gnp.arctan2(zero, zero - 1.0)) >= 180, piece(x, y), x)

    return on_the_axis


cube_root_on_the_axis = _on_the_axis(lambda x, y: gnp.cbrt(x - y))
cusp_on_the_axis = _on_the_axis(lambda x, y: gnp.cbrt(x - y) ** 2)
cubed_cube_root_on_the_axis = _on_the_axis(lambda x, y: gnp.cbrt(x - y) ** 3)


def _quotients(truth, name, side):
    """The one-sided difference quotients of ``truth`` at (3, 3) along ``name``, at steps 1e-10, 1e-30 and 1e-50."""
    with mpmath.workdps(80):
        return [_one_sided_quotient(truth, name, side, mpmath.mpf(10) ** -e) for e in (10, 30, 50)]


def _real_cube_root(t):
    return mpmath.sign(t) * mpmath.cbrt(abs(t))  # (mpmath's cbrt of a negative number is its complex principal root)


def _one_sided_quotient(truth, name, side, step):
    moved = {"x": mpmath.mpf(3), "y": mpmath.mpf(3)}
    moved[name] += side * step
    return (truth(**moved) - truth(x=mpmath.mpf(3), y=mpmath.mpf(3))) / (side * step)


def test_a_proven_tie_whose_pieces_jets_cannot_judge_is_named_as_one():
    """cbrt(h)^3 is h: its quotients settle, but jets meet cbrt's infinite slope times 0 inside the piece."""
    result = _check(cubed_cube_root_on_the_axis, {"x": 3.0, "y": 3.0})
    assert result.status == "error"
    (why,) = [f.message for f in result.findings if f.kind == "undetermined"]
    assert "proof numbers show they are one number" in why and "no precision tells which side" not in why, why


def test_a_proven_tie_beside_an_infinite_slope_is_domain():
    """The point's piece is cbrt(x - y) along the whole line: its quotients grow without bound, positive on both sides
    in x and negative on both in y, an infinite derivative."""
    truth = lambda x, y: _real_cube_root(x - y)  # noqa: E731
    result = _check(cube_root_on_the_axis, {"x": 3.0, "y": 3.0})
    assert result.status == "domain", [f.message for f in result.findings]
    for name, sign in (("x", 1), ("y", -1)):
        for side in (1, -1):
            quotients = _quotients(truth, name, side)
            assert all(sign * q > 0 for q in quotients) and all(abs(b) > 10 * abs(a) for a, b in zip(quotients, quotients[1:]))
        assert float(result.exact_gradient[name]) == sign * float("inf")


def test_a_proven_tie_at_a_cusp_is_singular_on_both_sides():
    """cbrt(x - y)^2: the quotients grow without bound with opposite signs on the two sides, no derivative at all."""
    truth = lambda x, y: _real_cube_root(x - y) ** 2  # noqa: E731
    result = _check(cusp_on_the_axis, {"x": 3.0, "y": 3.0})
    assert result.status == "domain", [f.message for f in result.findings]
    assert {f.op for f in result.findings if f.kind == "singular"} == {"x", "y"}
    for name in ("x", "y"):
        assert np.isnan(float(result.exact_gradient[name]))
        left, right = _quotients(truth, name, -1), _quotients(truth, name, 1)
        assert all(a * b < 0 for a, b in zip(left, right)) and all(abs(b) > 10 * abs(a) for a, b in zip(right, right[1:]))
