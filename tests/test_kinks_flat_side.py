"""Corners with a flat side: one-sided slopes c and 0 where the flat side is no constant, and sweeps over a switch.

``where(t < 10, t/10, 1 - (t - 10)**2)`` at 10 has slope 1/10 from the left and 0 from the right: no derivative,
verdict ``domain`` and an exact gradient of NaN, never the mean 0.05 of the two slopes nor one side's slope. A side
of slope 0 has difference quotients c h that shrink with the step, never settling relative to themselves. Where both
sides have slope 0 (``clip(x, 0, 1)**2`` at 0) there is no corner and the gradient is 0. Every slope below is the
closed form of its piece: d/dt of 0.5 (1 + cos(pi (t - 10) / 90)) is -pi/180 sin(0) = 0 at 10, and so on. A switch
sitting exactly on a sweep's grid point is checked there (`gradcli.sweep.vectorised.switch_points`).
"""

import json
import math

import numpy
import pytest
from click.testing import CliRunner

import gradcli
import gradcli.numpy as np
from gradcli.cli import cli
from gradcli.checker.targets import resolve
from gradcli.sweep.vectorised import switch_points

from test_python_kinks import kinks, one


def warmup_cosine(t):
    return np.where(t < 10, t / 10, 0.5 * (1 + np.cos(np.pi * (t - 10) / 90)))


def warmup_parabola(t):
    return np.where(t < 10.0, t / 10, 1 - (t - 10) ** 2)


def hinge_mix(x):
    return np.maximum(x - 1, 0) ** 2 + np.minimum(x - 1, 0)


def squared_or_linear(x):
    return np.sum(np.where(x > 0, x ** 2, -x))


def tiny_beside_flat(x):
    return np.where(x < 1, 1e-20 * (x - 1), (x - 1) ** 2)


def clip_squared(x):
    return np.sum(np.clip(x, 0.0, 1.0) ** 2)


def both_flat(x):
    return np.where(x < 0, -x ** 2, 3 * x ** 2)


def cubic_beside_line(x):
    return np.where(x < 0, x, x ** 3)


def restart_schedule(t):
    return 0.5 * (1 + np.cos(np.pi * np.mod(t, 50.0) / 50))


def entries(gradient):
    return [float(v) for v in numpy.ravel(numpy.asarray(gradient, dtype=float))]


@pytest.mark.parametrize("function, point, expected", [
    (warmup_cosine, {"t": 10.0}, {"t": (0.1, 0.0)}),
    (warmup_parabola, {"t": 10.0}, {"t": (0.1, 0.0)}),
    (hinge_mix, {"x": 1.0}, {"x": (1.0, 0.0)}),
    (cubic_beside_line, {"x": 0.0}, {"x": (1.0, 0.0)}),
    (tiny_beside_flat, {"x": 1.0}, {"x": (1e-20, 0.0)}),
], ids=["cosine decay", "parabola", "max squared plus min", "cube beside a line", "1e-20 beside a parabola"])
def test_a_corner_with_one_flat_side_has_no_derivative(function, point, expected):
    result = one(function, point)
    assert result.status == "domain", result.findings
    found = kinks(result)
    assert found.keys() == expected.keys()
    for name, (left, right) in expected.items():
        assert found[name][0] == pytest.approx(left, rel=1e-6) and found[name][1] == pytest.approx(right, abs=1e-12)
    assert all(math.isnan(v) for name in point for v in entries(result.exact_gradient[name]))


def test_only_the_cornered_entry_of_an_array_loses_its_derivative():
    result = one(squared_or_linear, {"x": numpy.array([0.0, 1.0])})
    assert result.status == "domain"
    assert set(kinks(result)) == {"x[0]"}
    first, second = entries(result.exact_gradient["x"])
    assert math.isnan(first) and second == pytest.approx(2.0, rel=1e-12)


@pytest.mark.parametrize("function, point, slope", [
    (clip_squared, {"x": numpy.array([0.0, 0.5])}, [0.0, 1.0]),
    (both_flat, {"x": 0.0}, [0.0]),
    ("clip(x, 0, 1)^2", {"x": 0.0}, [0.0]),
    ("where(x < 0, -x^2, 3*x^2)", {"x": 0.0}, [0.0]),
], ids=["clip squared", "two parabolas", "formula clip squared", "formula two parabolas"])
def test_a_switch_whose_sides_both_have_slope_0_is_no_corner(function, point, slope):
    result = one(function, point)
    assert result.status == "ok", result.findings
    assert not kinks(result)
    assert entries(result.exact_gradient["x"]) == pytest.approx(slope, abs=1e-12)


@pytest.mark.parametrize("formula, at", [
    ("where(x < 1, 2*x, 2 + (x-1)^3)", "x=1"),
    ("where(x < 1, 1e-20*(x-1), (x-1)^2)", "x=1"),
    ("where(x < 10, x/10, 0.5*(1 + cos(pi*(x-10)/90)))", "x=10"),
])
def test_a_formula_corner_with_one_flat_side_is_domain_on_the_command_line(formula, at):
    result = CliRunner().invoke(cli, ["check", formula, "--at", at, "--dtype", "float64", "--json"], catch_exceptions=False)
    answer = json.loads(result.stdout)["results"][0]
    assert (answer["status"], answer["exact_gradient"]) == ("domain", {"x": "nan"})


def test_a_jump_has_no_derivative_not_an_infinite_one():
    """mod's wrap at 50 jumps from 0 to 1: the left quotient grows as 1/h, the right one shrinks (slope 0)."""
    result = one(restart_schedule, {"t": 50.0})
    assert result.status == "domain"
    assert math.isnan(float(result.exact_gradient["t"]))


JAX_MODULE = """
import jax.numpy as jnp


def hinge_mix(x):
    return jnp.maximum(x - 1, 0) ** 2 + jnp.minimum(x - 1, 0)


def restart_schedule(t):
    return 0.5 * (1 + jnp.cos(jnp.pi * jnp.mod(t, 50.0) / 50))


def warmup_cosine(t):
    return jnp.where(t < 10, t / 10, 0.5 * (1 + jnp.cos(jnp.pi * (t - 10) / 90)))
"""


@pytest.fixture(scope="module")
def jax_module(tmp_path_factory):
    pytest.importorskip("jax")
    path = tmp_path_factory.mktemp("flat_side") / "schedules.py"
    path.write_text(JAX_MODULE)
    return path


@pytest.mark.parametrize("name, at", [("hinge_mix", "x=1"), ("restart_schedule", "t=50")])
def test_jax_corners_and_jumps_with_a_flat_side_are_domain_with_nan(jax_module, name, at):
    """JAX's tie rule at max(x - 1, 0) gives 0.5, the mean of the slopes 1 and 0: a corner must not pass as ok."""
    result = CliRunner().invoke(cli, ["check", f"{jax_module}:{name}", "--at", at, "--dtype", "float64", "--json"],
                                catch_exceptions=False)
    answer = json.loads(result.stdout)["results"][0]
    variable = at.split("=")[0]
    assert (answer["status"], answer["exact_gradient"]) == ("domain", {variable: "nan"}), answer


def _statuses_at(result, value):
    """The statuses of the intervals of a one-variable float64 sweep holding ``value``."""
    return {str(i.status) for i in result.dtypes["float64"].intervals if i.lo <= value <= i.hi}


@pytest.mark.parametrize("target", [warmup_cosine, "where(t < 10, t/10, 0.5*(1 + cos(pi*(t-10)/90)))"],
                         ids=["gradcli.numpy", "formula"])
def test_a_sweep_whose_grid_holds_the_switch_checks_it(target):
    result = gradcli.sweep(target, {"t": (0.0, 20.0, 21)}, dtypes=("float64",), max_time=math.inf)
    assert _statuses_at(result, 10.0) == {"domain"}
    assert _statuses_at(result, 9.0) == _statuses_at(result, 11.0) == {"ok"}


def test_a_jax_sweep_whose_grid_holds_the_switch_checks_it(jax_module):
    result = CliRunner().invoke(cli, ["sweep", f"{jax_module}:warmup_cosine", "--range", "t=0:20:21", "--dtype",
                                      "float64", "--json", "--max-time", "inf"], catch_exceptions=False)
    intervals = json.loads(result.stdout)["dtypes"]["float64"]["intervals"]
    assert [i["status"] for i in intervals if i["lo"] <= 10.0 <= i["hi"]] == ["domain"], intervals


@pytest.mark.parametrize("target, points, expected", [
    ("where(t < 10, t/10, 1 - (t-10)^2)", [8.0, 9.0, 10.0, 11.0], [2]),
    (hinge_mix, [0.0, 1.0, 2.0], [1]),
    (clip_squared, [-1.0, 0.0, 0.5, 1.0, 2.0], [1, 3]),
    (restart_schedule, [25.0, 50.0, 75.0, 100.0], [1, 3]),
    ("abs(x) + floor(x)", [-1.5, 0.0, 0.5, 2.0], [1, 3]),
    ("exp(x)", [0.0, 1.0], []),
], ids=["where", "maximum and minimum", "clip", "mod", "abs and floor", "smooth"])
def test_switch_points_are_the_points_at_a_branchs_tie(target, points, expected):
    resolved = resolve(target, ())
    assert switch_points(resolved, [numpy.array(points)]) == expected


def scaled_parabola(x, y):
    return warmup_parabola(x) * y


def test_a_grid_whose_rows_hold_the_switch_checks_them():
    """The switch x = 10 is a grid line no regular subgrid of 21 rows meets (its rows are 0, 4, 8, 12, 16, 20):
    each of its 7 points is checked, not only the one a band happens to offer."""
    result = gradcli.sweep(scaled_parabola, {"x": (0.0, 20.0, 21), "y": (1.0, 2.0, 7)}, dtypes=("float64",), max_time=math.inf)
    sweep = result.dtypes["float64"]
    domain = [i.box for i in sweep.intervals if str(i.status) == "domain"]
    assert domain == [{"x": [10.0, 10.0], "y": [1.0, 2.0]}]  # every point of the line checked, none beside it
    assert sweep.counts["domain"] == 7
