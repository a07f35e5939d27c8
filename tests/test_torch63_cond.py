"""torch.cond in user PyTorch code: the branch its predicate takes at the point, replayed with its gradient.

The predicate is data at the point, as a ``where``'s switch is: the trace records the taken branch alone (the other
never runs, so nothing of it reaches the gradient) with the predicate's decision as a guard, an exact replay whose
numbers decide otherwise is traced again down the other branch, and a point on the switch is a jump. Truths are
mpmath derivatives, at 50 digits, of each branch written anew from its mathematics.
"""

import json
import textwrap

import mpmath
import pytest
from click.testing import CliRunner

from gradcli.cli import cli

USER_CODE = """
import torch


def energy_or_mass(x):
    return torch.cond(x.sum() > 0, lambda v: (v * v).sum(), lambda v: -v.sum(), (x,))


def root_where_positive(x):
    return torch.cond(x.min() > 0, lambda v: torch.sqrt(v).sum(), lambda v: (v * torch.exp(v)).sum(), (x,))


def soft_or_hard(x, y):
    norm = (x * x).sum() + y * y
    return torch.cond(norm > 1.0, lambda a, b: torch.log(a * a + b * b).sum(), lambda a, b: (a * b).sum(), (x, y))
"""


def _check(tmp_path, target, at):
    path = tmp_path / "conds.py"
    path.write_text(textwrap.dedent(USER_CODE))
    result = CliRunner().invoke(cli, ["check", f"{path}:{target}", "--at", at, "--dtype", "float64", "--json"])
    assert result.exit_code in (0, 1), result.output[-800:]
    return json.loads(result.output[result.output.index("{"):])["results"][0]


def _slopes(function, point):
    """mpmath's partial derivatives of ``function`` (of a list of mpf) at ``point``, at 50 digits."""
    with mpmath.workdps(50):
        point = [mpmath.mpf(p) for p in point]
        return [float(mpmath.diff(lambda t, k=k: function(point[:k] + [t] + point[k + 1:]), point[k]))
                for k in range(len(point))]


@pytest.mark.parametrize("point", [[1.0, 2.0, -0.5], [-1.0, 2.0, -3.0]])
def test_a_cond_on_the_data_takes_the_branch_its_predicate_decides(tmp_path, point):
    checked = _check(tmp_path, "energy_or_mass", f"x={point}")
    assert checked["status"] == "ok", checked.get("error")
    taken = (lambda v: sum(e * e for e in v)) if sum(point) > 0 else (lambda v: -sum(v))
    assert checked["exact_gradient"]["x"] == pytest.approx(_slopes(taken, point), rel=1e-14)
    assert checked["gradient"]["x"] == pytest.approx(_slopes(taken, point), rel=1e-14)


def test_the_branch_not_taken_never_reaches_the_gradient(tmp_path):
    # The square root's branch is NaN at a negative entry: run into the gradient even times 0, it would poison it.
    point = [-2.0, 0.5]
    checked = _check(tmp_path, "root_where_positive", f"x={point}")
    assert checked["status"] == "ok", checked.get("error")
    truth = _slopes(lambda v: sum(e * mpmath.exp(e) for e in v), point)
    assert checked["exact_gradient"]["x"] == pytest.approx(truth, rel=1e-14)


def test_a_cond_on_a_computed_value_takes_its_branch_in_every_input(tmp_path):
    x, y = [0.9, 0.8], -0.7
    checked = _check(tmp_path, "soft_or_hard", f"x={x},y={y}".replace(" ", ""))
    assert checked["status"] == "ok", checked.get("error")
    slopes = _slopes(lambda v: sum(mpmath.log(e * e + v[2] * v[2]) for e in v[:2]), [*x, y])
    assert checked["exact_gradient"]["x"] == pytest.approx(slopes[:2], rel=1e-14)
    assert checked["exact_gradient"]["y"] == pytest.approx(slopes[2], rel=1e-14)


def test_exact_numbers_deciding_otherwise_take_the_other_branch(tmp_path):
    # In float64 1e16 + 1 - 1e16 rounds to 0 (the false branch, slope -1); exactly it is 1 (the true one, slope 2x).
    point = [1e16, 1.0, -1e16]
    checked = _check(tmp_path, "energy_or_mass", f"x={point}")
    assert checked["gradient"]["x"] == pytest.approx([-1.0, -1.0, -1.0], rel=1e-14)
    assert checked["exact_gradient"]["x"] == pytest.approx(_slopes(lambda v: sum(e * e for e in v), point), rel=1e-14)
    assert checked["status"] != "ok"


def test_a_point_on_the_switch_is_a_jump(tmp_path):
    checked = _check(tmp_path, "energy_or_mass", "x=[1,-1]")
    assert checked["status"] == "domain", checked.get("error")
    assert any("jumps here" in finding["message"] for finding in checked["findings"])
