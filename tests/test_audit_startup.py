"""`gradcli audit` starts its workers' forkserver before reading the spec; a spec that fails leaves no process behind."""

import json
import os
import subprocess
import sys

# gradcli's main in this process, and the forkservers among its children as the spec is read and at the end.
RUN_AND_LIST = """
import json, sys
import psutil
import gradcli.audit.run
import gradcli.audit.spec
from gradcli.cli import main


def forkservers():
    alive = [p for p in psutil.Process().children() if p.status() != psutil.STATUS_ZOMBIE]
    return [p.pid for p in alive if "forkserver" in " ".join(p.cmdline())]


reading, load_spec = [], gradcli.audit.spec.load_spec
gradcli.audit.spec.load_spec = lambda *args: reading.extend(forkservers()) or load_spec(*args)
running, run_audit = [], gradcli.audit.run.run_audit
gradcli.audit.run.run_audit = lambda *args: (lambda report: running.extend(forkservers()) or report)(run_audit(*args))
try:
    main(sys.argv[1:])
except SystemExit as stop:
    code = stop.code
print(json.dumps({"code": code, "while reading": reading, "cases run on": running, "after": len(forkservers())}))
"""


def run_and_list(folder, *args):
    env = {**os.environ, "PYTHONPATH": os.getcwd() + os.pathsep + os.environ.get("PYTHONPATH", "")}
    done = subprocess.run([sys.executable, "-c", RUN_AND_LIST, *args], cwd=folder, env=env, capture_output=True, text=True, timeout=300)
    return json.loads(done.stdout.splitlines()[-1]), done.stderr


def test_a_spec_that_fails_to_load_exits_2_and_leaves_no_forkserver(tmp_path):
    (tmp_path / "gradcli.toml").write_text('[[case]]\nname = "bad"\ntarget = "log(1+exp(x))"\nat = ["y=1"]\n')
    seen, err = run_and_list(tmp_path, "audit", "gradcli.toml", "--jobs", "2")
    assert (seen["code"], len(seen["while reading"]), seen["cases run on"], seen["after"]) == (2, 1, [], 0)
    assert "gradcli.toml" in err and "Traceback" not in err


def test_a_spec_that_loads_runs_on_the_forkserver_started_before_it_and_stops_it(tmp_path):
    (tmp_path / "gradcli.toml").write_text('[[case]]\nname = "good"\ntarget = "log(1+exp(x))"\nat = ["x=1"]\n')
    seen, err = run_and_list(tmp_path, "audit", "gradcli.toml", "--jobs", "2")
    assert seen["code"] == 0 and len(seen["while reading"]) == 1, err
    assert seen["cases run on"] == seen["while reading"]  # the one started early ran the case
    assert seen["after"] == 0  # and was stopped once no case was left: its exit would outlast gradcli's


# Ctrl-C (SIGINT to the whole process group) while the forkserver imports the checker (NumPy loaded, the
# checker, mpmath and SciPy not yet); this process answers it as gradcli does, then runs a case on that forkserver.
CTRL_C_DURING_IMPORTS = """
import os, signal, time
import psutil
from gradcli.audit.cases import make_case
from gradcli.audit.preload import start_workers_early
from gradcli.audit.run import run_audit

signal.signal(signal.SIGINT, lambda *_: print("interrupted"))
start_workers_early()
def servers():
    found = []
    for child in psutil.Process().children():
        try:
            if "forkserver" in " ".join(child.cmdline()):
                found.append(child)
        except psutil.Error:
            pass  # gone while listed (the resource tracker's own start)
    return found
deadline = time.monotonic() + 30  # a loaded machine may list the launch before its command line reads
while not servers() and time.monotonic() < deadline:
    time.sleep(0.01)
(server,) = servers()
while not any("_multiarray_umath" in m.path for m in server.memory_maps()):
    time.sleep(0.01)
os.killpg(0, signal.SIGINT)
report = run_audit([make_case("c", "log(1+exp(x))", [{"at": ["x=1"], "dtypes": ["float64"]}])], jobs=1)
print(report.cases[0].status, "the same forkserver" if server.is_running() else "another forkserver")
"""


def test_ctrl_c_while_the_forkserver_imports_prints_no_traceback(tmp_path):
    env = {**os.environ, "PYTHONPATH": os.getcwd() + os.pathsep + os.environ.get("PYTHONPATH", "")}
    done = subprocess.run([sys.executable, "-c", CTRL_C_DURING_IMPORTS], cwd=tmp_path, env=env, capture_output=True,
                          text=True, timeout=300, start_new_session=True)
    assert done.stdout.splitlines() == ["interrupted", "pass the same forkserver"], done.stderr
    assert "Traceback" not in done.stderr and "KeyboardInterrupt" not in done.stderr


def _in_a_worker(function):
    """``function()`` run in an audit worker."""
    import operator

    from gradcli.audit.run import CaseWorkers

    with CaseWorkers() as pool:
        worker = pool.start(function, operator.call)
        while True:
            pool.wait([worker], 60)
            answer, death = pool.poll(worker)
            assert death is None
            if answer is not None:
                return answer


def test_workers_collect_garbage_and_leave_what_the_forkserver_imported_out_of_it():
    import gc

    from gradcli.isolation import stop_forkserver

    # One forkserver serves a process: a check run earlier in this worker started it with the checker's preload alone
    stop_forkserver()

    assert _in_a_worker(gc.isenabled) is True  # off only while the forkserver imports
    assert _in_a_worker(gc.get_freeze_count) > 10_000  # NumPy, SciPy, mpmath and the checker, set aside


def test_the_audit_process_reads_a_spec_of_numbers_without_numpy(tmp_path):
    # NumPy is the workers' (their forkserver imports it meanwhile); points with arrays still load it.
    (tmp_path / "gradcli.toml").write_text(
        '[defaults]\ndtypes = ["float64", "float32"]\n'
        '[[case]]\nname = "a"\ntarget = "log(1+exp(x))"\nat = ["x=1", "x=-2.5e-3", "x=inf"]\n'
    )
    probe = (
        "import sys\nfrom gradcli.audit.spec import load_spec\nfrom gradcli.errors import InputError\n"
        "try:\n    load_spec('gradcli.toml', {})\nexcept InputError as error:\n    print(error.message)\n"
        "print('numpy' in sys.modules)\n"
    )
    env = {**os.environ, "PYTHONPATH": os.getcwd() + os.pathsep + os.environ.get("PYTHONPATH", "")}
    done = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert done.stdout.splitlines()[-1] == "False", done.stderr
    assert "not finite" in done.stdout  # x=inf refused without NumPy, as with it
    (tmp_path / "gradcli.toml").write_text('[[case]]\nname = "a"\ntarget = "log(1+exp(x))"\nat = ["x=[1, 2]"]\n')
    done = subprocess.run([sys.executable, "-c", probe], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=120)
    assert done.stdout.splitlines()[-1] == "True", done.stderr
