"""Nothing an audit produced is lost: report folders are made, unwritable paths refused before any case runs."""

import json

from audit_helpers import audit, spec_of
from click.testing import CliRunner

from gradcli.cli import cli

def spec(folder, text=spec_of(["passing", "failing"])):
    path = folder / "gradcli.toml"
    path.write_text(text)
    return path


def test_report_folders_are_made_as_pytest_makes_the_folder_of_junitxml(tmp_path):
    code, out, err = audit(spec(tmp_path), "--json", "--junit", tmp_path / "out" / "audit.xml", "--html", tmp_path / "out" / "html" / "a.html")
    assert code == 1 and "error:" not in err
    assert [case["name"] for case in json.loads(out)["cases"]] == ["passing", "failing"]
    assert (tmp_path / "out" / "audit.xml").read_text().startswith("<?xml")
    assert (tmp_path / "out" / "html" / "a.html").exists()


def test_an_unwritable_report_path_is_refused_before_any_case_runs(tmp_path):
    (tmp_path / "blocker").write_text("a file where a folder would go")
    code, out, err = audit(spec(tmp_path), "--json", "--markdown", tmp_path / "blocker" / "a.md")
    assert code == 2 and json.loads(out)["error"]["kind"] == "input"  # only the error: no report of a run
    assert "--markdown" in err and "cannot write there" in err
    assert "[1/2]" not in err  # no case ran


def test_a_folder_as_a_report_path_is_refused(tmp_path):
    code, out, err = audit(spec(tmp_path), "--junit", tmp_path)
    assert code == 2 and "is a directory" in err


def merge(*args):
    result = CliRunner().invoke(cli, ["report", "merge", *map(str, args)])
    return result.exit_code, result.stdout, result.stderr


def shard_report(folder, i, n, cases=()):
    path = folder / f"s{i}.json"
    path.write_text(json.dumps({"schema": "gradcli.audit/1", "cases": list(cases), "shard": [i, n]}))
    return path


def test_a_merge_with_a_shard_missing_names_it_and_exits_2(tmp_path):
    code, out, err = merge(shard_report(tmp_path, 1, 3), shard_report(tmp_path, 3, 3))
    assert code == 2 and out == ""
    assert "error: shard 2/3 missing" in err and "--partial" in err


def test_a_partial_merge_is_said_to_be_one(tmp_path):
    code, out, err = merge(shard_report(tmp_path, 1, 2), "--partial", "--json")
    assert code == 0
    assert json.loads(out)["missing_shards"] == ["2/2"]
    assert "(partial: shard 2/2 missing)" in err


def test_shards_of_different_splits_are_refused(tmp_path):
    code, _, err = merge(shard_report(tmp_path, 1, 2), shard_report(tmp_path, 3, 3))
    assert code == 2 and "a shard of 2" in err and "a shard of 3" in err


def test_the_summary_is_printed_once_when_both_streams_go_to_one_log(tmp_path):
    import os
    import subprocess
    import sys

    env = {**os.environ, "PYTHONPATH": os.getcwd() + os.pathsep + os.environ.get("PYTHONPATH", "")}
    done = subprocess.run(
        [sys.executable, "-m", "gradcli", "audit", str(spec(tmp_path))],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, env=env, timeout=300,
    )
    assert done.stdout.count("2 cases: 1 passed, 1 failed, 0 errors") == 1, done.stdout


def test_sweep_plot_says_where_it_was_written(tmp_path):
    import pytest

    pytest.importorskip("matplotlib")
    result = CliRunner().invoke(cli, ["sweep", "exp(x)", "--range", "x=0:1:5", "--plot", str(tmp_path / "plots" / "s.svg")])
    assert result.exit_code == 0 and f"plot written to {tmp_path / 'plots' / 's.svg'}" in result.stderr
    assert (tmp_path / "plots" / "s.svg").exists()  # its folder made
