"""JAX code whose Python reads a held integer (``range(n)``): points holding different integers are each checked with
their own trace, from ``--at``, ``--args`` and the library alike, in the order given; a sweep's held integer reaches
the user's code as the int typed, and its reproduce commands hold it so."""

import json

import mpmath
import pytest
from click.testing import CliRunner

import gradcli
from gradcli.cli import cli
from held_integers import judged_against_truth, softplus_nested, users  # noqa: F401 - users: the fixture

pytest.importorskip("jax")


def test_at_points_holding_other_integers_are_each_judged(users):
    ran = CliRunner().invoke(cli, ["check", f"{users}:log_partial_sum", "--at", "x=1.5,n=2", "--at", "x=2,n=3",
                                   "--at", "x=0.25,n=2", "--wrt", "x", "--dtype", "float32", "--json"])
    assert ran.exit_code == 0, ran.output
    judged_against_truth(json.loads(ran.stdout)["results"], [(1.5, 2), (2.0, 3), (0.25, 2)])


def test_an_integer_written_in_at_outside_wrt_is_held(users):
    """``k=3`` typed an int and left out by ``--wrt`` reaches the code's ``range(k)`` as the int."""
    ran = CliRunner().invoke(cli, ["check", f"{users}:softplus_nested", "--at", "x=0.5,k=3", "--wrt", "x",
                                   "--dtype", "float64", "--no-fix", "--json"])
    assert ran.exit_code == 0, ran.output
    (result,) = json.loads(ran.stdout)["results"]
    value, slope = softplus_nested(0.5, 3)
    assert result["status"] == "ok" and result["held"] == {"k": 3} and set(result["gradient"]) == {"x"}
    assert result["exact_value"] == pytest.approx(value, rel=1e-12)
    assert result["gradient"]["x"] == pytest.approx(slope, rel=1e-12)


def test_args_and_the_library_hold_each_points_integer(users):
    ran = CliRunner().invoke(cli, ["check", f"{users}:log_partial_sum", "--args", f"{users}:points", "--wrt", "x",
                                   "--dtype", "float64", "--json"])
    assert ran.exit_code == 0, ran.output
    judged_against_truth(json.loads(ran.stdout)["results"], [(1.5, 2), (2.0, 3), (0.25, 2)])
    report = gradcli.check(f"{users}:log_partial_sum", [{"x": 0.5, "n": 4}, {"x": 0.5, "n": 1}], wrt=("x",),
                           dtypes=("float64",))
    judged_against_truth([r.to_dict() for r in report.results], [(0.5, 4), (0.5, 1)])


def test_a_sweep_hands_the_held_integer_as_typed(users):
    target = f"{users}:softplus_nested"
    ran = CliRunner().invoke(cli, ["sweep", target, "--range", "x=-3:3:7", "--at", "k=2", "--dtype", "float64",
                                   "--no-fix", "--json"])
    assert ran.exit_code == 0, ran.output
    document = json.loads(ran.stdout)
    assert document["fixed"] == {"k": 2} and document["variables"] == ["x"]
    assert document["dtypes"]["float64"]["counts"] == {"ok": 7}
    # Where float32's exp overflows (the first float past log of its largest), the reproduce command holds k an int.
    edge = float(mpmath.log(mpmath.mpf(2) ** 128 * (1 - mpmath.mpf(2) ** -24)))
    shown = CliRunner().invoke(cli, ["sweep", target, "--range", "x=80:95:4", "--at", "k=2", "--dtype", "float32",
                                     "--no-fix"])
    assert shown.exit_code == 0, shown.output
    commands = [line.strip() for line in shown.output.splitlines() if "gradcli grad" in line]
    assert commands and all(",k=2 --wrt x " in command for command in commands)
    x, command = min(((float(c.split("--at x=")[1].split(",")[0]), c) for c in commands), key=lambda at: abs(at[0] - edge))
    assert abs(x - edge) < 1e-5
    reproduced = CliRunner().invoke(cli, command.split()[1:] + ["--json"])
    (result,) = json.loads(reproduced.stdout)["results"]
    assert result["held"] == {"k": 2} and result["status"] == "unstable"
    assert result["exact_gradient"]["x"] == pytest.approx(softplus_nested(x, 2)[1], rel=1e-12)
