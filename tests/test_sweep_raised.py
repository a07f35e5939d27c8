"""A swept target that raises: every view says what it raised and at which of the user's lines, not only "raised"."""

import json
import textwrap

import pytest
from audit_helpers import audit_json
from click.testing import CliRunner

from gradcli.cli import cli

WELFORD = '''
import numpy as np


def welford(x):
    n = x.shape[0]
    return np.sum(x) / n
'''
RAISED = "IndexError: tuple index out of range (at welford.py:6)"


@pytest.fixture()
def folder(tmp_path, monkeypatch):
    (tmp_path / "welford.py").write_text(WELFORD)
    monkeypatch.chdir(tmp_path)  # the user's line is shown as they would type its file: relative to here
    return tmp_path


def sweep(*extra):
    result = CliRunner().invoke(cli, ["sweep", "welford.py:welford", "--range", "x=1:1e8:5", "--dtype", "float64", *extra])
    assert result.exit_code == 0, result.output  # a sweep maps verdicts; it fails on none unless asked
    return result.stdout


def test_the_sweep_table_says_what_the_target_raised_and_where(folder):
    assert f"1 .. 1e+08: the target raised {RAISED}" in sweep()


def test_the_sweep_json_keeps_what_the_target_raised(folder):
    (interval,) = json.loads(sweep("--json"))["dtypes"]["float64"]["intervals"]
    assert (interval["status"], interval["kind"], interval["error"]) == ("error", "raised", RAISED)


def test_the_sweep_html_says_what_the_target_raised(folder):
    from gradcli.views.html import render_sweep

    html = render_sweep(json.loads(sweep("--json")))
    assert "raised IndexError: tuple index out of range (at welford.py:6)" in html


def test_an_audit_of_the_sweep_says_what_the_target_raised(folder):
    (folder / "gradcli.toml").write_text(textwrap.dedent('''
        [[case]]
        name = "welford"
        target = "welford.py:welford"
        range = "x=1:1e8:5"
        dtypes = ["float64"]
    '''))
    _, report, _ = audit_json("gradcli.toml", "--jobs", "1")
    (case,) = report["cases"]
    assert case["status"] == "error"
    assert case["error"] == f"float64 on 1..1e+08: the target raised {RAISED}"


def test_a_check_says_the_users_line_too(folder):
    result = CliRunner().invoke(cli, ["check", "welford.py:welford", "--at", "x=1", "--dtype", "float64"])
    assert f"the target raised {RAISED}" in result.stdout
