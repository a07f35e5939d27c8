"""The suite's in-process audits and ``--timeout`` runs fork their workers from one forkserver per test process
(tests/conftest.py), started with the audit's preload, and leave it running, as gradcli leaves a library caller's."""

import json
import os
from multiprocessing import forkserver

import psutil
from click.testing import CliRunner

from gradcli.cli import cli

PROGRAM = '''
import os


def loss(x):
    with open(os.path.join(os.path.dirname(__file__), "workers.txt"), "a") as out:
        out.write(f"{os.getpid()} {os.getppid()}\\n")
    return x * x
'''

SPEC = '''
[defaults]
dtypes = ["float64"]
fixes = false

[[case]]
name = "square"
target = "program.py:loss"
at = ["x=1.5"]
'''


def _server_pid():
    return forkserver._forkserver._forkserver_pid


def test_the_suites_forkserver_runs_with_the_audits_preload():
    from gradcli.audit.preload import PRELOAD

    pid = _server_pid()
    assert pid is not None and psutil.pid_exists(pid)
    assert forkserver._forkserver._preload_modules == list(PRELOAD)


def test_audits_and_timeouts_fork_from_it_and_leave_it_running(tmp_path, monkeypatch):
    (tmp_path / "program.py").write_text(PROGRAM)
    (tmp_path / "gradcli.toml").write_text(SPEC)
    monkeypatch.chdir(tmp_path)
    server = _server_pid()
    runner = CliRunner()
    audited = runner.invoke(cli, ["audit", "gradcli.toml", "--json"])
    assert audited.exit_code == 0, audited.output
    assert json.loads(audited.stdout)["cases"][0]["status"] == "pass"
    checked = runner.invoke(cli, ["check", "program.py:loss", "--at", "x=2", "--timeout", "60", "--json"])
    assert checked.exit_code == 0, checked.output
    assert json.loads(checked.stdout)["results"][0]["gradient"] == {"x": 4.0}
    assert _server_pid() == server and psutil.pid_exists(server)
    workers = [line.split() for line in (tmp_path / "workers.txt").read_text().splitlines()]
    assert workers and {int(parent) for _, parent in workers} == {server}
    assert {int(pid) for pid, _ in workers}.isdisjoint({os.getpid(), server})
