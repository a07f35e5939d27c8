"""gradcli used as a library stops at exit only the forkserver it launched, never one the caller's own code runs."""

import json
import os
import subprocess
import sys

PROBE = """
import atexit, json, os, sys
from multiprocessing import forkserver
import multiprocessing

def report():  # registered before gradcli's own exit handler, so it runs after it
    pid = state["pid"]
    try:
        alive = os.waitpid(pid, os.WNOHANG) == (0, 0)
    except ChildProcessError:
        alive = False  # killed and reaped already
    print(json.dumps({"alive": alive}), flush=True)

state = {}
atexit.register(report)
multiprocessing.set_forkserver_preload([])
if sys.argv[1] == "users":
    forkserver.ensure_running()  # the caller's own forkserver, before gradcli asks for one
from gradcli.isolation import LocalWorkers, start_forkserver
start_forkserver()  # what `gradcli audit` and `--timeout` do first
with LocalWorkers() as workers:
    worker = workers.start(5, abs)
    while True:
        answer, died = workers.poll(worker)
        if answer is not None or died is not None:
            break
        workers.wait([worker], 60)
assert answer == 5, died
state["pid"] = forkserver._forkserver._forkserver_pid
"""


def _run(tmp_path, whose):
    env = {**os.environ, "PYTHONPATH": os.getcwd() + os.pathsep + os.environ.get("PYTHONPATH", "")}
    done = subprocess.run([sys.executable, "-c", PROBE, whose], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout.strip().splitlines()[-1])


def test_a_forkserver_the_callers_code_started_first_is_left_running_at_exit(tmp_path):
    assert _run(tmp_path, "users")["alive"] is True


def test_the_forkserver_gradcli_launched_is_stopped_at_exit(tmp_path):
    assert _run(tmp_path, "gradclis")["alive"] is False
