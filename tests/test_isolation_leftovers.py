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


# `python -m gradcli audit`, with the children of its process still running at the moment it exits written down.
AUDIT_THEN_LIST = """
import os, sys
import psutil
from gradcli.__main__ import run

exit = os._exit

def listed(code):
    alive = [p for p in psutil.Process().children() if p.status() != psutil.STATUS_ZOMBIE]
    with open("children.txt", "w") as out:
        out.write(" ".join(" ".join(p.cmdline()) for p in alive))
    exit(code)

os._exit = listed
sys.argv = ["gradcli", "audit", "gradcli.toml", "--jobs", "2"]
run()
"""


def test_an_audit_exits_with_no_resource_tracker_left_to_hold_its_output_open(tmp_path):
    # multiprocessing's resource tracker, launched with the forkserver, would see gradcli gone only after its exit,
    # and end after it, its interpreter's exit holding gradcli's stdout and stderr open meanwhile.
    (tmp_path / "gradcli.toml").write_text('[[case]]\nname = "good"\ntarget = "log(1+exp(x))"\nat = ["x=1"]\n')
    env = {**os.environ, "PYTHONPATH": os.getcwd() + os.pathsep + os.environ.get("PYTHONPATH", "")}
    done = subprocess.run([sys.executable, "-c", AUDIT_THEN_LIST], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "children.txt").read_text() == ""  # no forkserver, no resource tracker
