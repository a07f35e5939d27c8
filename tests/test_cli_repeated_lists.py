"""A list option given twice keeps both: ``--dtype float32 --dtype float64`` checks both dtypes, as
``--dtype float32,float64`` does (click alone keeps the last and drops the other unsaid)."""

import json

from click.testing import CliRunner

from gradcli.cli import cli


def _json(*args):
    result = CliRunner().invoke(cli, ["check", *args, "--json", "--no-fix"])
    assert result.exit_code in (0, 1), result.output
    return json.loads(result.stdout)


def test_a_repeated_dtype_checks_every_dtype_named():
    repeated = _json("x*x", "--at", "2", "--dtype", "float32", "--dtype", "float64")
    joined = _json("x*x", "--at", "2", "--dtype", "float32,float64")
    assert [r["dtype"] for r in repeated["results"]] == [r["dtype"] for r in joined["results"]] == ["float32", "float64"]


def test_repeated_wrt_and_fail_on_keep_every_name():
    both = _json("x*y", "--at", "x=2,y=3", "--wrt", "x", "--wrt", "y", "--dtype", "float64")
    assert set(both["results"][0]["gradient"]) == {"x", "y"}
    result = CliRunner().invoke(cli, ["check", "log(1 + exp(x))", "--at", "100", "--dtype", "float32", "--no-fix",
                                      "--fail-on", "wrong", "--fail-on", "unstable"])
    assert result.exit_code == 1  # unstable in float32 fails: the first --fail-on is kept beside the second
