"""gradcli leaves no forkserver behind when it exits: ``--timeout`` checks and sweeps, audits, and command lines refused early."""

import os
import subprocess
import sys

import psutil
import pytest


def _forkservers_left(folder, *args):
    """Run ``python -m gradcli ARGS`` in a session of its own; its exit code and the forkservers of that session alive right after."""
    env = {**os.environ, "PYTHONPATH": os.getcwd() + os.pathsep + os.environ.get("PYTHONPATH", "")}
    with open(folder / "out.txt", "wb") as out:
        process = subprocess.Popen([sys.executable, "-m", "gradcli", *args], cwd=folder, env=env, stdout=out,
                                   stderr=subprocess.STDOUT, start_new_session=True)
        code = process.wait(timeout=300)
    left = []
    for other in psutil.process_iter(["cmdline"]):
        try:
            if os.getsid(other.pid) == process.pid and "forkserver" in " ".join(other.info["cmdline"] or ()):
                left.append(other)
        except (OSError, psutil.Error):
            continue  # ended meanwhile
    for other in left:  # the test's own clean-up, whatever it asserts
        other.kill()
    return code, [p for p in left if _still_running(p)]


def _still_running(process):
    try:
        return process.status() != psutil.STATUS_ZOMBIE
    except psutil.Error:
        return False


@pytest.mark.parametrize("command", [
    ["check", "log(1 + exp(x))", "--at", "x=1", "--timeout", "60"],
    ["grad", "x*x", "--at", "x=2", "--timeout", "60"],
    ["sweep", "log(1 + exp(x))", "--range", "x=-1:1:5", "--timeout", "60"],
])
def test_a_command_under_timeout_leaves_no_forkserver(tmp_path, command):
    code, left = _forkservers_left(tmp_path, *command)
    assert code in (0, 1), (tmp_path / "out.txt").read_text()
    assert left == []


def test_an_audit_leaves_no_forkserver(tmp_path):
    (tmp_path / "gradcli.toml").write_text('[[case]]\nname = "good"\ntarget = "log(1+exp(x))"\nat = ["x=1"]\n')
    code, left = _forkservers_left(tmp_path, "audit", "gradcli.toml", "--jobs", "2")
    assert code == 0, (tmp_path / "out.txt").read_text()
    assert left == []


def test_an_audit_refused_for_its_options_leaves_no_forkserver(tmp_path):
    # `python -m gradcli audit` starts the forkserver before reading its options; --jobs 0 is refused by them.
    (tmp_path / "gradcli.toml").write_text('[[case]]\nname = "good"\ntarget = "log(1+exp(x))"\nat = ["x=1"]\n')
    code, left = _forkservers_left(tmp_path, "audit", "gradcli.toml", "--jobs", "0")
    assert code == 2 and "--jobs" in (tmp_path / "out.txt").read_text()
    assert left == []
