"""A Python int written in ``--at`` (check, sweep, audit spec) that ``--wrt`` leaves out reaches a plain NumPy function
as the int, held as data; without ``--wrt`` the int is a number the check differentiates, as it differentiates every
number of a plain NumPy function (``log_s=-460`` typed as an int is a point, not data); each value and slope held to
mpmath."""

import json

import mpmath
import pytest
from click.testing import CliRunner

from gradcli.cli import cli
from held_integers import module_fixture

USERS = '''\
import numpy as np


def partial_sines(x, k):
    if type(k) is not int:
        raise TypeError(f"k is read by range() and must be an int, not {type(k).__name__}")
    total = 0.0
    for i in range(1, k + 1):
        total = total + np.sin(i * x)
    return total


def scaled_sine(x, k):
    return np.sin(x * k)
'''


users = module_fixture(USERS, "held_ints")


def partial_sines_truth(x, k):
    """sum_{i=1..k} sin(i x) and its slope in x, by mpmath at 40 digits."""
    with mpmath.workdps(40):
        x = mpmath.mpf(x)
        return (float(mpmath.fsum(mpmath.sin(i * x) for i in range(1, k + 1))),
                float(mpmath.fsum(i * mpmath.cos(i * x) for i in range(1, k + 1))))


def _json(args):
    ran = CliRunner().invoke(cli, args + ["--json"])
    assert ran.exit_code == 0, ran.output
    return json.loads(ran.stdout)


def test_check_holds_an_int_written_in_at_as_the_int_the_code_reads(users):
    results = _json(["check", f"{users}:partial_sines", "--at", "x=1.5,k=3", "--wrt", "x", "--no-fix"])["results"]
    value, slope = partial_sines_truth(1.5, 3)
    assert {r["dtype"] for r in results} == {"float32", "float64"}
    for r in results:
        assert r["status"] == "ok", r
        assert r["held"] == {"k": 3} and set(r["gradient"]) == {"x"}
        assert r["exact_value"] == pytest.approx(value, rel=1e-12)
        assert r["exact_gradient"]["x"] == pytest.approx(slope, rel=1e-12)
        assert r["gradient"]["x"] == pytest.approx(slope, rel=1e-5 if r["dtype"] == "float32" else 1e-12)


@pytest.mark.parametrize("at, differentiated", [("x=0.5,k=3", {"x", "k"}), ("x=0.5,k=3.0", {"x", "k"}),
                                                ("x=1,k=2", {"x", "k"})])
def test_an_int_that_wrt_does_not_leave_out_is_differentiated(users, at, differentiated):
    """Without ``--wrt`` every number of a plain NumPy function is a variable, typed as an int or as a float."""
    results = _json(["check", f"{users}:scaled_sine", "--at", at, "--dtype", "float64", "--no-fix"])["results"]
    (result,) = results
    x, k = (float(part.split("=")[1]) for part in at.split(","))
    truth = {"x": k * mpmath.cos(mpmath.mpf(x) * k), "k": x * mpmath.cos(mpmath.mpf(x) * k)}
    assert result["status"] == "ok"
    assert set(result["exact_gradient"]) == differentiated
    for name in differentiated:
        assert result["exact_gradient"][name] == pytest.approx(float(truth[name]), rel=1e-12)


def test_sweep_and_audit_spec_hold_the_int_as_check_does(users, tmp_path):
    swept = _json(["sweep", f"{users}:partial_sines", "--range", "x=-1:1:3", "--at", "k=3", "--wrt", "x",
                   "--dtype", "float64"])
    assert swept["fixed"] == {"k": 3} and swept["dtypes"]["float64"]["counts"] == {"ok": 3}
    spec = tmp_path / "gradcli.toml"
    spec.write_text(f'[defaults]\ndtypes = ["float64"]\nfixes = false\n\n'
                    f'[[case]]\nname = "sines"\ntarget = "{users}:partial_sines"\nwrt = ["x"]\nat = ["x=1.5,k=3", "x=0.25,k=2"]\n')
    ran = CliRunner().invoke(cli, ["audit", str(spec), "--jobs", "1", "--json"])
    assert ran.exit_code == 0, ran.output
    (case,) = json.loads(ran.stdout)["cases"]
    assert case["status"] == "pass"
    for r, (x, k) in zip(case["check"]["results"], [(1.5, 3), (0.25, 2)], strict=True):
        assert (r["point"], r["held"]) == ({"x": x}, {"k": k})
        assert r["exact_gradient"]["x"] == pytest.approx(partial_sines_truth(x, k)[1], rel=1e-12)
