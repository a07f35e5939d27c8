"""A domain edge reached through a root: the exact reference's verdict where it had none.

``arccos(z / sqrt(x^2 + y^2 + z^2))`` at the pole (0, 0, 1): z / r is exactly 1 at every precision a
proof can write (sqrt((1 + H)^2) is 1 + H once H's sign is known), so arccos is at the end of its
domain, a cone in x and y and constant in z. ``arccosh(1 - x^2)^2`` at 0 is defined at the point
alone: arccosh(1) is the exact 0 and the argument falls below 1 on both sides, an edge of arccosh's
domain named as such. An angle through exp(1j x) unwrapped past a 2 pi shift goes through a floor mod,
x - y floor(x / y), whose slope inside a period is x's: the exact 0 of an untouched entry is proven.
"""

from __future__ import annotations

import numpy as np

import gradcli

MODULE = """
import numpy as np


def polar(p):
    x, y, z = p
    return np.arccos(z / np.sqrt(x * x + y * y + z * z))


def polar_2d(p):
    return np.arccos(p[1] / np.sqrt(p[0] ** 2 + p[1] ** 2))


def inside_only_here(x):
    return np.arccosh(1 - x ** 2) ** 2


def inside_on_the_right(x):
    return np.arccosh(1 + x ** 3)


def unwrapped_phase(x):
    return np.unwrap(np.angle(np.exp(1j * x)))[1]
"""


def _checked(tmp_path, name, point):
    path = tmp_path / "edges.py"
    path.write_text(MODULE)
    (result,) = gradcli.check(f"{path}:{name}", [point], dtypes=("float64",), fixes=False).results
    return result


def _kinks(result):
    return {f.op: f.message for f in result.findings if f.kind == "kink"}


def test_the_polar_angle_at_the_pole_is_a_cone_in_x_and_y_and_flat_in_z(tmp_path):
    result = _checked(tmp_path, "polar", {"p": np.array([0.0, 0.0, 1.0])})
    # z's slope 0 beside the cone comes out NaN from the norm's rule at 0: wrong, as z checked alone says
    assert result.status == "wrong", [f.message for f in result.findings]
    assert result.exact_value == 0
    kinks = _kinks(result)
    assert set(kinks) == {"p[0]", "p[1]"}  # arccos(1 / sqrt(1 + h^2)) = arctan |h|: slopes -1 and 1
    assert all("is -1 from the left and 1 from the right" in message for message in kinks.values())


def test_two_coordinates_one_of_them_along_the_axis(tmp_path):
    result = _checked(tmp_path, "polar_2d", {"p": np.array([0.0, 1.0])})
    assert result.status == "wrong", [f.message for f in result.findings]
    assert set(_kinks(result)) == {"p[0]"}


def test_a_function_defined_at_the_point_alone_is_at_arccoshs_edge(tmp_path):
    result = _checked(tmp_path, "inside_only_here", {"x": 0.0})
    assert result.status == "domain", [f.message for f in result.findings]
    (edge,) = [f.message for f in result.findings if f.kind == "singular"]
    assert "arccosh is at 1" in edge
    # defined on one side: the kink test's one-sided words alone, the edge not said twice
    result = _checked(tmp_path, "inside_on_the_right", {"x": 0.0})
    assert result.status == "domain", [f.message for f in result.findings]
    (edge,) = [f.message for f in result.findings if f.kind == "singular"]
    assert "from the left the function is not defined" in edge


def test_a_quotient_of_one_root_over_its_square_is_constant_along_the_axis():
    """`python_zero.constant_along` through arccos's edge: along p[1] the quotient is (1 + H) / (1 + H) = 1."""
    import gradcli.numpy as gnp
    from gradcli.autodiff import arb as arb_core
    from gradcli.checker import python_zero
    from gradcli.checker.exact_python import _traced

    arb_core.enable()

    def polar_2d(p):
        return gnp.arccos(p[1] / gnp.sqrt(p[0] ** 2 + p[1] ** 2))

    run, args = (lambda *t: _traced(polar_2d, t)), [np.array([0.0, 1.0])]
    assert python_zero.constant_along(run, args, 1)
    assert not python_zero.constant_along(run, args, 0)  # the cone's direction


def test_arccosh_at_one_is_the_exact_0_and_outside_stays_unproven():
    import math

    import mpmath

    import gradcli.numpy as gnp
    from gradcli.autodiff import arb as arb_core
    from gradcli.checker import python_zero
    from gradcli.checker.exact_python import _traced

    arb_core.enable()

    def settled(function, point):
        zeros = python_zero.Zeros(lambda *t: _traced(function, t), point)
        return zeros.settle_value([mpmath.nan], [mpmath.nan], 1)[0][0]

    assert settled(lambda x: gnp.arccosh(1 - x ** 2) ** 2, [0.0]) == 0
    assert math.isnan(settled(lambda x: gnp.arccosh(0.5 - x ** 2) - gnp.arccosh(0.5 - x ** 2), [0.0]))


def test_an_unwrapped_phase_past_a_2_pi_shift_has_its_exact_0_proven(tmp_path):
    result = _checked(tmp_path, "unwrapped_phase", {"x": np.array([0.0, 4.0])})
    assert result.status == "ok", [f.message for f in result.findings]
    assert [float(g) for g in np.ravel(result.exact_gradient["x"])] == [0.0, 1.0]


def test_a_floor_mod_keeps_its_slope_inside_a_period_and_none_where_it_jumps():
    import gradcli.numpy as gnp
    from gradcli.autodiff import arb as arb_core
    from gradcli.checker import python_zero
    from gradcli.checker.exact_python import _traced

    arb_core.enable()

    def run(*t):
        return _traced(lambda x: gnp.mod(x, 2.0) - x, t)

    assert python_zero.proven(run, [np.array([3.3])], coordinate=0)[1] == [True]  # slope 1 - 1 inside (2, 4)
    assert python_zero.proven(run, [np.array([2.0])], coordinate=0)[1] == [False]  # a jump of 2 at x = 2
    twice = lambda *t: _traced(lambda x: gnp.mod(x, 2.0) * 2.0 - x, t)  # noqa: E731
    assert python_zero.proven(twice, [np.array([3.3])], coordinate=0)[1] == [False]  # slope 1, not 0
