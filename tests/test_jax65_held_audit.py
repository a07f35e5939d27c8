"""An audit spec of a JAX function whose Python reads a held integer: a case of several points holding different
integers is judged point by point with each one's own, and a swept case's ``at = ["k=3"]`` holds the int typed."""

import json

import pytest
from click.testing import CliRunner

from gradcli.cli import cli
from held_integers import judged_against_truth, users  # noqa: F401 - users: the fixture

pytest.importorskip("jax")


def test_an_audit_of_several_points_and_of_a_sweep_holding_an_integer(users, tmp_path):
    spec = tmp_path / "gradcli.toml"
    spec.write_text(f'[defaults]\ndtypes = ["float64"]\nfixes = false\n\n'
                    f'[[case]]\nname = "sums"\ntarget = "{users}:log_partial_sum"\nat = ["x=1.5,n=2", "x=2,n=3"]\n'
                    'wrt = ["x"]\n\n'
                    f'[[case]]\nname = "nested"\ntarget = "{users}:softplus_nested"\nrange = "x=-2:2:5"\nat = ["k=3"]\n')
    ran = CliRunner().invoke(cli, ["audit", str(spec), "--jobs", "1", "--json"])
    assert ran.exit_code == 0, ran.output
    cases = {case["name"]: case for case in json.loads(ran.stdout)["cases"]}
    assert cases["sums"]["status"] == "pass" and cases["nested"]["status"] == "pass"
    judged_against_truth(cases["sums"]["check"]["results"], [(1.5, 2), (2.0, 3)])
    swept = cases["nested"]["sweep"]
    assert swept["fixed"] == {"k": 3} and swept["dtypes"]["float64"]["counts"] == {"ok": 5}
